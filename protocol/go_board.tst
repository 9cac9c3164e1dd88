# Go board: default size and komi, boardsize, clear_board, komi, get_komi,
# coordinates, showboard.
#
# Defaults: 19x19, komi 7.5.
1 get_komi
#? [7.5]
2 is_legal b t19
#? [1]
3 is_legal b a20
#? [?invalid coordinate]
4 is_legal b u1
#? [?invalid coordinate]
#
# boardsize N: 2 .. 25. It clears the board, the history and the capture
# counts, and keeps komi and rules.
5 boardsize 2
#? []
6 play b b2
#? []
7 play b b3
#? [?invalid coordinate]
8 play b c1
#? [?invalid coordinate]
9 boardsize 25
#? []
10 list_stones black
#? []
11 play b z25
#? []
12 play b Z1
#? []
13 play b a25
#? []
14 list_stones b
#? [A25 Z25 Z1]
15 play b z26
#? [?invalid coordinate]
16 boardsize 19
#? []
17 boardsize 09
#? []
18 boardsize +9
#? []
19 list_stones b
#? []
20 play b j9
#? []
21 play b j10
#? [?invalid coordinate]
# Sizes out of range.
22 boardsize 1
#? [?unacceptable size]
23 boardsize 26
#? [?unacceptable size]
24 boardsize 0
#? [?unacceptable size]
25 boardsize -9
#? [?unacceptable size]
26 boardsize 361
#? [?unacceptable size]
# A whole number too large for the engine is still a number: unacceptable.
27 boardsize 99999999999999999999
#? [?unacceptable size]
# Not whole numbers.
28 boardsize nine
#? [?boardsize not an integer]
29 boardsize 9.0
#? [?boardsize not an integer]
30 boardsize 9x9
#? [?boardsize not an integer]
31 boardsize 0x9
#? [?boardsize not an integer]
32 boardsize
#? [?wrong number of arguments]
33 boardsize 9 9
#? [?wrong number of arguments]
# A refused boardsize changes nothing: still 9x9 with J9 on it.
34 list_stones b
#? [J9]
# boardsize with the same size clears the board too.
35 boardsize 9
#? []
36 list_stones b
#? []
37 undo
#? [?cannot undo]
#
# clear_board: empty board of the same size; history and capture counts gone.
38 play b a2
39 play w a1
40 play b b1
#? []
41 captures b
#? [1]
42 clear_board
#? []
43 list_stones b
#? []
44 captures b
#? [0]
45 undo
#? [?cannot undo]
46 play b j9
#? []
47 clear_board x
#? [?wrong number of arguments]
#
# Coordinates: a column letter A..Z without I, then a row number from 1 at
# the bottom; any case; "pass" in any case.
48 clear_board
49 play b h1
#? []
50 play b J1
#? []
51 play b i1
#? [?invalid coordinate]
52 play b I2
#? [?invalid coordinate]
53 play B pass
#? []
54 play w PASS
#? []
55 play w Pass
#? []
# Not vertices: row 0, leading zero, missing or extra characters, signs.
56 play b a0
#? [?invalid coordinate]
57 play b a01
#? [?invalid coordinate]
58 play b a
#? [?invalid coordinate]
59 play b 1
#? [?invalid coordinate]
60 play b aa1
#? [?invalid coordinate]
61 play b a1x
#? [?invalid coordinate]
62 play b a+1
#? [?invalid coordinate]
63 play b a-1
#? [?invalid coordinate]
64 play b 1a
#? [?invalid coordinate]
65 play b passe
#? [?invalid coordinate]
66 play b a99999999999999999999
#? [?invalid coordinate]
67 list_stones b
#? [H1 J1]
#
# komi: a real number from -1000 to 1000; get_komi answers it.
68 komi 6.5
#? []
69 get_komi
#? [6.5]
70 komi 0
#? []
71 get_komi
#? [0]
72 komi -3
#? []
73 get_komi
#? [-3]
74 komi 5.
#? []
75 get_komi
#? [5]
76 komi .5
#? []
77 get_komi
#? [0.5]
78 komi 1e2
#? []
79 get_komi
#? [100]
80 komi 1000
#? []
81 komi -1000
#? []
82 get_komi
#? [-1000]
# get_komi answers exactly the komi that was set.
83 komi 123.456789
#? []
84 get_komi
#? [123.456789]
85 komi 0.25
#? []
86 get_komi
#? [0.25]
# Refused: not a number, not finite, out of range. Komi is then unchanged.
87 komi x
#? [?komi not a float]
88 komi 6,5
#? [?komi not a float]
89 komi 1001
#? [?komi not a float]
90 komi -1000.5
#? [?komi not a float]
91 komi nan
#? [?komi not a float]
92 komi inf
#? [?komi not a float]
93 komi 1e999
#? [?komi not a float]
94 komi
#? [?wrong number of arguments]
95 komi 1 2
#? [?wrong number of arguments]
96 get_komi
#? [0.25]
97 get_komi x
#? [?wrong number of arguments]
# Komi survives boardsize and clear_board.
98 komi 3.5
#? []
99 boardsize 13
#? []
100 get_komi
#? [3.5]
101 clear_board
#? []
102 get_komi
#? [3.5]
#
# showboard: GNU Go's layout. X black, O white, . empty; the last move
# framed (X); capture counts beside the middle rows ("1 stone"); below the
# board komi, the move count, the last move and the side to move. The reply
# starts with an empty line.
103 boardsize 5
104 play b c3
105 play w d3
106 play b b2
107 showboard
#? [\n   A B C D E\n 5 \. \. \. \. \. 5\n 4 \. \. \. \. \. 4     WHITE \(O\) has captured 0 stones\n 3 \. \. X O \. 3     BLACK \(X\) has captured 0 stones\n 2 \.\(X\)\. \. \. 2\n 1 \. \. \. \. \. 1\n   A B C D E\nkomi 3\.5, moves 3, last black B2, white to move]
108 boardsize 2
109 play w a1
110 play b a2
111 play b b1
112 showboard
#? [\n   A B\n 2 X \. 2     WHITE \(O\) has captured 0 stones\n 1 \.\(X\)1     BLACK \(X\) has captured 1 stone\n   A B\nkomi 3\.5, moves 3, last black B1, white to move]
113 boardsize 10
114 play b a10
115 showboard
#? [\n   A B C D E F G H J K\n10\(X\)\. \. \. \. \. \. \. \. \. 10\n 9 \. \. \. \. \. \. \. \. \. \. 9\n 8 \. \. \. \. \. \. \. \. \. \. 8\n 7 \. \. \. \. \. \. \. \. \. \. 7     WHITE \(O\) has captured 0 stones\n 6 \. \. \. \. \. \. \. \. \. \. 6     BLACK \(X\) has captured 0 stones\n 5 \. \. \. \. \. \. \. \. \. \. 5\n 4 \. \. \. \. \. \. \. \. \. \. 4\n 3 \. \. \. \. \. \. \. \. \. \. 3\n 2 \. \. \. \. \. \. \. \. \. \. 2\n 1 \. \. \. \. \. \. \. \. \. \. 1\n   A B C D E F G H J K\nkomi 3\.5, moves 1, last black A10, white to move]
116 showboard x
#? [?wrong number of arguments]
#
# After two passes the game has ended: showboard says so, genmove keeps
# answering pass (at any level), and play may go on (GTP lets a controller
# continue); two more passes end it again.
117 boardsize 3
118 komi 0.5
119 play b b2
120 play w pass
121 showboard
#? [.*\nkomi 0\.5, moves 2, last white pass, black to move]
122 play b pass
123 showboard
#? [\n   A B C\n 3 \. \. \. 3     WHITE \(O\) has captured 0 stones\n 2 \. X \. 2     BLACK \(X\) has captured 0 stones\n 1 \. \. \. 1\n   A B C\nkomi 0\.5, moves 3, last black pass, game over: two passes \(final_score scores it; play may go on\)]
124 final_score
#? [B\+8\.5]
125 genmove w
#? [pass]
126 level medium
127 genmove b
#? [pass]
128 play w a1
#? []
129 showboard
#? [.*\n 1\(O\)\. \. 1.*\nkomi 0\.5, moves 6, last white A1, black to move]
