# Suicide: a move that leaves its own string without liberties and captures
# nothing. chinese and superko: always illegal. tromp-taylor: legal when it
# kills more than the stone just played (the string dies, the opponent is
# credited with the stones); a one-stone suicide is never legal (it would
# only pass while changing nothing).
#
# 1. One-stone suicide in the corner, on the edge, in the centre.
#     A B C D E
#   5 . . . . .
#   4 . . O . .
#   3 . O * O .
#   2 O . O . .
#   1 * O . . .
1 boardsize 5
2 play w a2
3 play w b1
4 play w c4
5 play w b3
6 play w d3
7 play w c2
#? []
8 is_legal b a1
#? [0]
9 play b a1
#? [?illegal move]
10 is_legal b c3
#? [0]
11 play b c3
#? [?illegal move]
12 rules superko
13 is_legal b a1
#? [0]
14 play b c3
#? [?illegal move]
15 rules tromp-taylor
16 is_legal b a1
#? [0]
17 play b a1
#? [?illegal move]
18 play b c3
#? [?illegal move]
19 list_stones black
#? []
# White may of course play there (filling its own eye is legal).
20 play w a1
#? []
#
# 2. Multi-stone suicide: black A2 would join A1, leaving {A1 A2} no
#    liberty, and capture nothing.
#     A B
#   3 O .
#   2 * O
#   1 X O
21 rules chinese
22 clear_board
23 play b a1
24 play w b1
25 play b e5
26 play w a3
27 play b e4
28 play w b2
#? []
29 is_legal b a2
#? [0]
30 play b a2
#? [?illegal move]
31 rules superko
32 play b a2
#? [?illegal move]
33 rules tromp-taylor
34 is_legal b a2
#? [1]
35 play b a2
#? []
# Both stones are gone, and white gets credit for them.
36 list_stones black
#? [E5 E4]
37 captures white
#? [2]
38 captures black
#? [0]
39 point_info a1
#? [A1 empty\nA2 empty\nB1 white]
# undo brings them back.
40 undo
#? []
41 list_stones black
#? [E5 E4 A1]
42 captures white
#? [0]
#
# 3. A larger suicide: black fills the last liberty of its own group of
#    three (tromp-taylor).
#     A B C D
#   3 O O O .
#   2 X X * O
#   1 O O O .
# (The black stones come first: the suicide must not recreate the
# position of white's stones alone, which superko would forbid.)
43 clear_board
44 play b a2
45 play b b2
46 play w a3
47 play w b3
48 play w c3
49 play w d2
50 play w a1
51 play w b1
52 play w c1
#? []
53 countlib a2
#? [1]
54 play b c2
#? []
55 list_stones black
#? []
56 captures w
#? [3]
# Under chinese rules the same move is refused.
57 undo
58 rules chinese
59 play b c2
#? [?illegal move]
60 list_stones black
#? [A2 B2]
#
# 4. A move with no liberty of its own that captures is not suicide: legal
#    under every variant. Black A1 takes A2 and B1.
#     A B C
#   3 X . .
#   2 O X .
#   1 * O X
61 clear_board
62 play b b2
63 play w a2
64 play b a3
65 play w b1
66 play b c1
67 is_legal b a1
#? [1]
68 play b a1
#? []
69 list_stones white
#? []
70 captures b
#? [2]
# The same with a string: black B1 joins A1; {A1 B1} has no liberty
# until white C1 D1 go.
#     A B C D E
#   2 O O X X .
#   1 X * O O X
71 clear_board
72 play w a2
73 play w b2
74 play w c1
75 play w d1
76 play b a1
77 play b c2
78 play b d2
79 play b e1
#? []
80 is_legal b b1
#? [1]
81 play b b1
#? []
82 list_stones white
#? [A2 B2]
83 captures b
#? [2]
84 findlib a1
#? [C1]
85 worm_stones b1
#? [A1 B1]
