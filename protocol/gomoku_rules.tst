# Gomoku's rules (rules): freestyle (five or more wins), standard (exactly
# five, for both), renju (black exactly five, and black's double threes,
# double fours and overlines are forbidden unless the stone makes five;
# white five or more); forbidden; a switch judging the last move again.
1 game gomoku
2 rules
#? [freestyle \*\nstandard\nrenju]
3 rules Renju
#? []
4 rules renju
#? []
5 rules
#? [freestyle\nstandard\nrenju \*]
# The rules stay across boardsize and clear_board.
6 boardsize 9
7 clear_board
8 rules
#? [freestyle\nstandard\nrenju \*]
9 forbidden
#? []
#
# An overline: black B5 C5 D5 F5 G5 waits for E5; white far away.
10 boardsize 15
11 rules freestyle
12 play b B5
13 play w A15
14 play b C5
15 play w C15
16 play b D5
17 play w E15
18 play b F5
19 play w G15
20 play b G5
21 play w J15
22 forbidden
#? []
# renju: E5 would be six in a row for black: forbidden, hence illegal.
23 rules renju
24 forbidden
#? [E5]
25 is_legal b E5
#? [0]
26 is_legal w E5
#? [1]
27 play b E5
#? [?illegal move]
# standard: six is no five, the game goes on.
28 rules standard
29 forbidden
#? []
30 play b E5
#? []
31 final_score
#? [?game not over]
# freestyle: the same stones are a win. The switch judges the last move.
32 rules freestyle
33 final_score
#? [B\+]
34 play w A1
#? [?game over]
35 rules standard
36 final_score
#? [?game not over]
37 undo
38 rules renju
#
# A double three (F8 G8 and H6 H7 meet at H8) and a double four on one
# line (D13 . F13 G13 H13 . K13: E13 and J13 each make five with H13).
40 clear_board
41 play b F8
42 play w A1
43 play b G8
44 play w A3
45 play b H6
46 play w A5
47 play b H7
48 play w A7
49 play b D13
50 play w A9
51 play b F13
52 play w A11
53 play b G13
54 play w A13
55 play b K13
56 play w A15
57 forbidden
#? [H13 H8]
58 play b H8
#? [?illegal move]
59 play b H13
#? [?illegal move]
60 is_legal b H9
#? [1]
# White may play there; under freestyle so may black.
61 is_legal w H8
#? [1]
62 rules freestyle
63 forbidden
#? []
64 is_legal b H8
#? [1]
65 rules renju
#
# A false three: white on D8 and K8 leave F8 G8 H8 no straight four (E8
# and J8 each give a four with one end shut), so H8 makes one three only
# (the column H8 H9 H10): allowed.
70 clear_board
71 play b F8
72 play w D8
73 play b G8
74 play w K8
75 play b H9
76 play w A1
77 play b H10
78 play w A3
79 forbidden
#? []
# With K8 empty J8 makes a straight four (E8 and K8 both make five): two
# threes, H8 is forbidden.
80 clear_board
81 play b F8
82 play w D8
83 play b G8
84 play w A1
85 play b H9
86 play w A3
87 play b H10
88 play w A5
89 forbidden
#? [H8]
#
# A five wins even when the same stone makes forbidden shapes: H8 makes
# D8..H8 and a double three (H8 H9 H10 and F6 G7 H8).
90 clear_board
91 play b D8
92 play w A1
93 play b E8
94 play w A3
95 play b F8
96 play w A5
97 play b G8
98 play w A7
99 play b H9
100 play w A9
101 play b H10
102 play w A11
103 play b G7
104 play w A13
105 play b F6
106 play w B1
107 is_legal b H8
#? [1]
108 play b H8
#? []
109 final_score
#? [B\+]
#
# White's overline wins under renju.
110 clear_board
111 play b A1
112 play w B5
113 play b A3
114 play w C5
115 play b A5
116 play w D5
117 play b A7
118 play w F5
119 play b A9
120 play w G5
121 play b A11
122 play w E5
#? []
123 final_score
#? [W\+]
