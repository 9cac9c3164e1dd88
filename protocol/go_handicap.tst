# Handicap: fixed_handicap N (GNU Go's points), place_free_handicap N (the
# engine chooses), set_free_handicap V... (the controller chooses). Black
# stones placed as setup, on an empty board only; white moves next. The
# answers list the stones top row first (GNU Go's order).
#
# fixed_handicap on 19x19: 2..9 stones, corners on the 4-4 points.
1 fixed_handicap 2
#? [Q16 D4]
2 list_stones black
#? [Q16 D4]
3 clear_board
4 fixed_handicap 3
#? [D16 Q16 D4]
5 list_stones black
#? [D16 Q16 D4]
6 clear_board
7 fixed_handicap 4
#? [D16 Q16 D4 Q4]
8 clear_board
9 fixed_handicap 5
#? [D16 Q16 K10 D4 Q4]
10 clear_board
11 fixed_handicap 6
#? [D16 Q16 D10 Q10 D4 Q4]
12 clear_board
13 fixed_handicap 7
#? [D16 Q16 D10 K10 Q10 D4 Q4]
14 clear_board
15 fixed_handicap 8
#? [D16 K16 Q16 D10 Q10 D4 K4 Q4]
16 clear_board
17 fixed_handicap 9
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
18 list_stones black
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
19 list_stones white
#? []
# Not 2..9, or not a number.
20 clear_board
21 fixed_handicap 1
#? [?invalid handicap]
22 fixed_handicap 0
#? [?invalid handicap]
23 fixed_handicap 10
#? [?invalid handicap]
24 fixed_handicap -2
#? [?invalid handicap]
25 fixed_handicap two
#? [?invalid handicap]
26 fixed_handicap 2.0
#? [?invalid handicap]
27 fixed_handicap
#? [?wrong number of arguments]
28 fixed_handicap 2 3
#? [?wrong number of arguments]
29 list_stones black
#? []
#
# 13x13: corners on the 4-4 points.
30 boardsize 13
31 fixed_handicap 2
#? [K10 D4]
32 clear_board
33 fixed_handicap 3
#? [D10 K10 D4]
34 clear_board
35 fixed_handicap 5
#? [D10 K10 G7 D4 K4]
36 clear_board
37 fixed_handicap 9
#? [D10 G10 K10 D7 G7 K7 D4 G4 K4]
#
# 9x9: corners on the 3-3 points.
38 boardsize 9
39 fixed_handicap 2
#? [G7 C3]
40 clear_board
41 fixed_handicap 3
#? [C7 G7 C3]
42 clear_board
43 fixed_handicap 4
#? [C7 G7 C3 G3]
44 clear_board
45 fixed_handicap 6
#? [C7 G7 C5 G5 C3 G3]
46 clear_board
47 fixed_handicap 8
#? [C7 E7 G7 C5 G5 C3 E3 G3]
48 clear_board
49 fixed_handicap 9
#? [C7 E7 G7 C5 E5 G5 C3 E3 G3]
#
# 7x7 and even sizes: at most 4 stones (no centre, no sides).
50 boardsize 7
51 fixed_handicap 2
#? [E5 C3]
52 clear_board
53 fixed_handicap 3
#? [C5 E5 C3]
54 clear_board
55 fixed_handicap 4
#? [C5 E5 C3 E3]
56 clear_board
57 fixed_handicap 5
#? [?invalid handicap]
58 boardsize 8
59 fixed_handicap 3
#? [C6 F6 C3]
60 clear_board
61 fixed_handicap 4
#? [C6 F6 C3 F3]
62 clear_board
63 fixed_handicap 5
#? [?invalid handicap]
64 boardsize 10
65 fixed_handicap 4
#? [C8 H8 C3 H3]
66 clear_board
67 fixed_handicap 5
#? [?invalid handicap]
68 boardsize 18
69 fixed_handicap 4
#? [D15 P15 D4 P4]
70 clear_board
71 fixed_handicap 9
#? [?invalid handicap]
# Below 7x7: no fixed handicap at all.
72 boardsize 6
73 fixed_handicap 2
#? [?invalid handicap]
74 boardsize 2
75 fixed_handicap 2
#? [?invalid handicap]
# 25x25 (beyond GNU Go): 9 stones on the 4-4 points, sides and centre.
76 boardsize 25
77 fixed_handicap 9
#? [D22 N22 W22 D13 N13 W13 D4 N4 W4]
#
# Only on an empty board: not after a handicap, a move, or even a pass.
78 boardsize 9
79 fixed_handicap 2
#? [G7 C3]
80 fixed_handicap 2
#? [?board not empty]
81 clear_board
82 play b e5
83 fixed_handicap 2
#? [?board not empty]
84 clear_board
85 play b pass
86 fixed_handicap 2
#? [?board not empty]
# The count is checked first.
87 fixed_handicap 10
#? [?invalid handicap]
# undo makes the board empty again.
88 undo
89 fixed_handicap 4
#? [C7 G7 C3 G3]
#
# place_free_handicap N: 2 .. size*size-1 stones. The fixed points as far
# as they go (9 at most), then random empty points, preferring points with
# no stone beside them; set_random_seed makes the choice reproducible.
90 clear_board
91 place_free_handicap 4
#? [C7 G7 C3 G3]
92 clear_board
93 place_free_handicap 3
#? [C7 G7 C3]
94 list_stones black
#? [C7 G7 C3]
95 clear_board
96 place_free_handicap 9
#? [C7 E7 G7 C5 E5 G5 C3 E3 G3]
97 clear_board
98 set_random_seed 11
99 place_free_handicap 12
#? [[A-HJ][1-9]( [A-HJ][1-9]){11}]
100 list_stones black
#? [[A-HJ][1-9]( [A-HJ][1-9]){11}]
101 list_stones black
#? [.*C7 E7 G7 .*C5 E5 G5 .*C3 E3 G3.*]
102 clear_board
103 place_free_handicap 80
#? [[A-HJ][1-9]( [A-HJ][1-9]){79}]
104 list_stones white
#? []
105 clear_board
106 place_free_handicap 81
#? [?invalid handicap]
107 place_free_handicap 1
#? [?invalid handicap]
108 place_free_handicap 0
#? [?invalid handicap]
109 place_free_handicap x
#? [?invalid handicap]
110 place_free_handicap
#? [?wrong number of arguments]
111 place_free_handicap 2
#? [G7 C3]
112 place_free_handicap 2
#? [?board not empty]
# Small boards have no fixed points: all random.
113 boardsize 3
114 place_free_handicap 3
#? [[A-C][1-3]( [A-C][1-3]){2}]
115 clear_board
116 place_free_handicap 8
#? [[A-C][1-3]( [A-C][1-3]){7}]
117 clear_board
118 place_free_handicap 9
#? [?invalid handicap]
#
# set_free_handicap V1 V2 ...: at least 2 and at most size*size-1
# distinct vertices, on an empty board.
119 boardsize 9
120 set_free_handicap a1 j9 E5
#? []
121 list_stones black
#? [J9 E5 A1]
122 set_free_handicap b2 c3
#? [?board not empty]
123 clear_board
124 set_free_handicap a1
#? [?invalid handicap]
125 set_free_handicap
#? [?wrong number of arguments]
126 set_free_handicap a1 a1
#? [?repeated vertex]
127 set_free_handicap a1 A1
#? [?repeated vertex]
128 set_free_handicap a1 pass
#? [?invalid coordinate]
129 set_free_handicap a1 k10
#? [?invalid coordinate]
130 set_free_handicap a1 i1
#? [?invalid coordinate]
131 list_stones black
#? []
132 boardsize 2
133 set_free_handicap a1 a2 b1 b2
#? [?invalid handicap]
134 set_free_handicap a1 a2 b1
#? []
135 list_stones black
#? [A2 A1 B1]
#
# After a handicap white moves next: a saved game says so (HA, AB) and
# loading it answers "white".
136 boardsize 9
137 fixed_handicap 3
138 printsgf /tmp/quintet-tst-go_handicap-1.sgf
#? []
139 clear_board
140 loadsgf /tmp/quintet-tst-go_handicap-1.sgf
#? [white]
141 list_stones black
#? [C7 G7 C3]
142 printsgf
#? [\(;.*HA\[3\].*AB\[cc\]\[gc\]\[cg\]\)]
