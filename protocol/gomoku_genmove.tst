# Gomoku's genmove: the levels (easy: seed 002's computer, one ply;
# medium and hard: the engine at a node budget), the first stone in the
# centre, wins and blocks, renju's forbidden points never chosen, the
# errors, and games played to the end. Both players are deterministic
# (weights; a node budget), but only moves the rules or the level's
# definition decide are pinned; the engine's own choices are checked for
# what they must be (an empty point near the stones).
1 game gomoku
2 level
#? [easy \*\nmedium\nhard\nmax]
3 genmove w
#? [?out of turn]
4 genmove x
#? [?invalid color]
5 genmove
#? [?wrong number of arguments]
6 genmove b
#? [H8]
# easy, seed 002's computer: the heaviest point, the first in its scan
# from the top left among equals: the eight neighbours of H8 weigh the
# same, G9 comes first.
7 genmove w
#? [G9]
# medium: the engine plays an empty point near the stones (E6..K11, two
# points around them).
10 level medium
11 genmove b
#? [(?!H8$|G9$)[E-K]([6-9]|1[01])]
12 undo
13 genmove b
#? [(?!H8$|G9$)[E-K]([6-9]|1[01])]
#
# Its own five first (G8 and M8 both win: the first in the scan, columns
# from the left); else the opponent's five is blocked; a five before a
# block.
20 clear_board
21 play b H8
22 play w A1
23 play b J8
24 play w A2
25 play b K8
26 play w A3
27 play b L8
28 play w A4
29 genmove b
#? [G8]
30 undo
31 undo
32 genmove w
#? [G8]
33 genmove b
#? [M8]
34 final_score
#? [B\+]
35 undo
36 undo
37 play w A4
38 play b C3
39 genmove w
#? [A5]
40 final_score
#? [W\+]
41 genmove b
#? [?game over]
#
# Under renju black's genmove never plays a forbidden point: H8 (F8 G8
# and H6 H7) would be the heaviest.
50 clear_board
51 rules renju
52 play b F8
53 play w A1
54 play b G8
55 play w A15
56 play b H6
57 play w P1
58 play b H7
59 play w P15
60 forbidden
#? [H8]
61 genmove b
#? [(?!H8$).+]
62 rules freestyle
63 undo
64 genmove b
#? [H8]
#
# Games to the end, pinned: medium (black) against easy on 9x9 (medium
# wins), medium against itself under renju on 7x7 and under standard
# rules on 5x5 (both drawn: the board fills up).
70 boardsize 9
71 rules freestyle
72 level medium
80 level medium
81 genmove b
82 level easy
83 genmove w
84 level medium
85 genmove b
86 level easy
87 genmove w
88 level medium
89 genmove b
90 level easy
91 genmove w
92 level medium
93 genmove b
94 level easy
95 genmove w
96 level medium
97 genmove b
98 level easy
99 genmove w
100 level medium
101 genmove b
102 level easy
103 genmove w
104 level medium
105 genmove b
106 level easy
107 genmove w
108 level medium
109 genmove b
110 level easy
111 genmove w
112 level medium
113 genmove b
114 level easy
115 genmove w
116 level medium
117 genmove b
118 level easy
119 genmove w
120 level medium
121 genmove b
122 level easy
123 genmove w
124 level medium
125 genmove b
126 level easy
127 genmove w
128 level medium
129 genmove b
130 level easy
131 genmove w
132 level medium
133 genmove b
134 level easy
135 genmove w
136 level medium
137 genmove b
138 level easy
139 genmove w
140 level medium
141 genmove b
142 level easy
143 genmove w
144 level medium
145 genmove b
146 level easy
147 genmove w
148 level medium
149 genmove b
150 level easy
151 genmove w
152 level medium
153 genmove b
154 level easy
155 genmove w
156 level medium
157 genmove b
158 level easy
159 genmove w
160 level medium
161 genmove b
162 level easy
163 genmove w
164 level medium
165 genmove b
166 level easy
167 genmove w
168 level medium
169 genmove b
170 level easy
171 genmove w
172 level medium
173 genmove b
174 level easy
175 genmove w
176 level medium
177 genmove b
178 level easy
179 genmove w
180 level medium
181 genmove b
182 level easy
183 genmove w
184 level medium
185 genmove b
186 level easy
187 genmove w
188 level medium
189 genmove b
190 level easy
191 genmove w
192 level medium
193 genmove b
194 level easy
195 genmove w
196 level medium
197 genmove b
198 level easy
199 genmove w
200 level medium
201 genmove b
202 level easy
203 genmove w
204 level medium
205 genmove b
206 level easy
207 genmove w
208 level medium
209 genmove b
210 level easy
211 genmove w
212 level medium
213 genmove b
214 level easy
215 genmove w
216 level medium
217 genmove b
218 level easy
219 genmove w
220 level medium
221 genmove b
222 level easy
223 genmove w
224 level medium
225 genmove b
226 level easy
227 genmove w
228 level medium
229 genmove b
230 level easy
231 genmove w
232 level medium
233 genmove b
234 level easy
235 genmove w
236 level medium
237 genmove b
238 level easy
239 genmove w
240 level medium
241 genmove b
300 final_score
#? [B\+]
301 boardsize 7
302 rules renju
310 genmove b
311 genmove w
312 genmove b
313 genmove w
314 genmove b
315 genmove w
316 genmove b
317 genmove w
318 genmove b
319 genmove w
320 genmove b
321 genmove w
322 genmove b
323 genmove w
324 genmove b
325 genmove w
326 genmove b
327 genmove w
328 genmove b
329 genmove w
330 genmove b
331 genmove w
332 genmove b
333 genmove w
334 genmove b
335 genmove w
336 genmove b
337 genmove w
338 genmove b
339 genmove w
340 genmove b
341 genmove w
342 genmove b
343 genmove w
344 genmove b
345 genmove w
346 genmove b
347 genmove w
348 genmove b
349 genmove w
350 genmove b
351 genmove w
352 genmove b
353 genmove w
354 genmove b
355 genmove w
356 genmove b
357 genmove w
358 genmove b
359 genmove w
400 final_score
#? [0]
401 boardsize 5
402 rules standard
410 genmove b
411 genmove w
412 genmove b
413 genmove w
414 genmove b
415 genmove w
416 genmove b
417 genmove w
418 genmove b
419 genmove w
420 genmove b
421 genmove w
422 genmove b
423 genmove w
424 genmove b
425 genmove w
426 genmove b
427 genmove w
428 genmove b
429 genmove w
430 genmove b
431 genmove w
432 genmove b
433 genmove w
434 genmove b
435 genmove w
500 final_score
#? [0]
501 showboard
#? [.*game over.*]
