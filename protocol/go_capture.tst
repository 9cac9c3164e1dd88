# Captures: single stones, groups, several strings at once, edges and
# corners; captures COLOR counts the stones COLOR has captured.
1 boardsize 9
#? []
#
# A single stone in the centre.
#     D E F
#   6 . X .
#   5 X O X      black E4 takes E5
#   4 . * .
2 play w e5
3 play b e6
4 play b d5
5 play b f5
#? []
6 countlib e5
#? [1]
7 captures b
#? [0]
8 play b e4
#? []
9 list_stones white
#? []
10 list_stones black
#? [E6 D5 F5 E4]
11 captures black
#? [1]
12 captures white
#? [0]
# E5 is now an eye: white may not play there (suicide).
13 is_legal w e5
#? [0]
14 captures x
#? [?invalid color]
15 captures
#? [?wrong number of arguments]
16 captures b w
#? [?wrong number of arguments]
#
# A corner stone: two liberties.
17 clear_board
18 captures black
#? [0]
19 play w a1
20 play b a2
#? []
21 play b b1
#? []
22 list_stones w
#? []
23 captures b
#? [1]
#
# An edge stone: three liberties.
24 clear_board
25 play w e1
26 play b d1
27 play b f1
28 countlib e1
#? [1]
29 play b e2
#? []
30 list_stones w
#? []
31 captures b
#? [1]
#
# A group of three on the edge, five liberties.
#     A B
#   8 X .
#   7 O X
#   6 O X
#   5 O X
#   4 X .
32 clear_board
33 play w a5
34 play w a6
35 play w a7
36 countlib a6
#? [5]
37 play b a4
38 play b b5
39 play b b6
40 play b a8
41 countlib a7
#? [1]
42 list_stones white
#? [A7 A6 A5]
43 play b b7
#? []
44 list_stones white
#? []
45 captures b
#? [3]
#
# One stone takes several strings at once: E5 captures D5, F5 and E4
# (three one-stone strings), and E6 would be its fourth.
#     C D E F G
#   6 . X . X .
#   5 X O * O X
#   4 . X O X .
#   3 . . X . .
46 clear_board
47 play w d5
48 play w f5
49 play w e4
50 play b d6
51 play b c5
52 play b d4
53 play b f6
54 play b g5
55 play b f4
56 play b e3
#? []
57 list_stones white
#? [D5 F5 E4]
58 play b e5
#? []
59 list_stones white
#? []
60 captures b
#? [3]
61 countlib e5
#? [4]
#
# White captures too, and the counts add up per colour. A corner group of
# two black stones is taken by white C1.
62 play w a2
63 play w b2
64 play b a1
65 play b b1
66 countlib a1
#? [1]
67 play w c1
#? []
68 list_stones black
#? [D6 F6 C5 E5 G5 D4 F4 E3]
69 captures w
#? [2]
70 captures b
#? [3]
#
# A capture of two strings in the corner with a stone that has no liberty
# of its own until they go (see also go_suicide.tst).
#     A B C
#   3 X . .
#   2 O X .
#   1 * O X      black A1 takes A2 and B1
71 clear_board
72 play b b2
73 play w a2
74 play b a3
75 play w b1
76 play b c1
77 play w h8
78 play b a1
#? []
79 list_stones white
#? [H8]
80 captures b
#? [2]
81 countlib a1
#? [2]
