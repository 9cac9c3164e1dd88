# final_score: area scoring minus komi, at any moment of a Go game. A
# player's area: his stones plus the empty regions that touch his stones
# only. Regions touching both colours (or none) count for no one. Captures
# do not count. Result: "B+N" or "W+N" (N as short as possible: 3.5, 12),
# or "0". Under the tromp-taylor rules (most of this file) no stone is
# ever judged dead: the board counts as it stands. Under the others (the
# end of the file) the stones the playouts find dead are removed first.
0 rules tromp-taylor
#? []
#
# Empty 19x19, komi 7.5.
1 final_score
#? [W\+7\.5]
2 final_score now
#? [?wrong number of arguments]
3 komi 0
4 final_score
#? [0]
#
# 3x3, komi 0.
5 boardsize 3
6 play b b2
#? []
7 final_score
#? [B\+9]
8 play w a1
#? []
# A1 is not "dead": the empty region touches both colours, so 1 - 1.
9 final_score
#? [0]
10 komi 0.5
11 final_score
#? [W\+0\.5]
12 komi -2
13 final_score
#? [B\+2]
14 komi -0.5
15 final_score
#? [B\+0\.5]
#
# 5x5, komi 0. Black owns the C column and everything left of it (15),
# white the D column and right of it (10).
#     A B C D E
#   5 . . X O .
#   4 . . X O .
#   3 . . X O .
#   2 . . X O .
#   1 . . X O .
16 boardsize 5
17 komi 0
18 play b c1
19 play b c2
20 play b c3
21 play b c4
22 play b c5
23 play w d1
24 play w d2
25 play w d3
26 play w d4
27 play w d5
#? []
28 final_score
#? [B\+5]
29 komi 7.5
30 final_score
#? [W\+2\.5]
31 komi 5
32 final_score
#? [0]
# A white stone inside black's area is not removed: the region it touches
# becomes neutral. Black 5, white 10 + 1.
33 komi 0
34 play w a1
#? []
35 final_score
#? [W\+6]
# Black captures it with A2 and B1: 7 stones + 8 empty points = 15 again
# (the captured stone itself adds nothing).
36 play b a2
37 play b b1
#? []
38 list_stones white
#? [D5 D4 D3 D2 D1]
39 captures b
#? [1]
40 final_score
#? [B\+5]
# The same after two passes.
41 play w pass
42 play b pass
43 final_score
#? [B\+5]
#
# 2x2: a draw with komi 0, then a one-point win.
44 boardsize 2
45 komi 0
46 play b a1
47 play w b2
48 final_score
#? [0]
49 play b a2
#? []
50 final_score
#? [B\+1]
# White B1 takes both black stones: 2 stones + 2 empty points.
51 play w b1
#? []
52 list_stones black
#? []
53 final_score
#? [W\+4]
#
# Komi persists; a large margin prints without decimals.
54 boardsize 9
55 komi 0.5
56 play w e5
57 final_score
#? [W\+81\.5]
58 komi 12
59 clear_board
60 final_score
#? [W\+12]
#
# Chinese rules: the 5x5 walls again (black C, white D), a white stone at
# A1 in black's area and a black one at E1 in white's. Both are dead: once
# two passes end the game the count is black's 15 against white's 10, as
# if they had been captured; before, the board counts as it stands (0).
61 rules chinese
#? []
62 boardsize 5
63 komi 0
64 play b c1
65 play b c2
66 play b c3
67 play b c4
68 play b c5
69 play w d1
70 play w d2
71 play w d3
72 play w d4
73 play w d5
74 play w a1
75 play b e1
#? []
75 final_score
#? [0]
76 play w pass
76 play b pass
#? []
76 final_score
#? [B\+5]
# Under tromp-taylor the same board counts as it stands: A1 makes black's
# region neutral, E1 white's; 6 stones each.
77 rules tromp-taylor
#? []
78 final_score
#? [0]
#
# kgs-genmove_cleanup (after the passes, as KGS asks for it): each side
# captures the other's dead stone before it passes. Black takes A1 at its liberties B1 then A2 (list order: A2
# first), white E1 at its only liberty E2; then nothing is dead and the
# score is the same B+5 on a clean board.
79 rules chinese
#? []
80 kgs-genmove_cleanup b
#? [A2]
81 kgs-genmove_cleanup w
#? [E2]
82 list_stones black
#? [C5 C4 C3 A2 C2 C1]
83 kgs-genmove_cleanup b
#? [B1]
84 list_stones white
#? [D5 D4 D3 D2 E2 D1]
85 final_status_list dead
#? []
86 final_score
#? [B\+5]
87 kgs-genmove_cleanup x
#? [?invalid color]
88 final_status_list dying
#? [?invalid status]
