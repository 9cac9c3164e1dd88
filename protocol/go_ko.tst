# Simple ko (all rule variants): a stone that has just captured exactly one
# stone, and now has that point as its only liberty, may not be retaken at
# once by the opponent. Any other move by anyone (a pass included) lifts it.
#
#     A B C D E
#   5 . . . . X
#   4 . . . . .
#   3 . X O . .
#   2 X O * O .      black C2 takes B2: a ko
#   1 . X O . .
1 boardsize 5
2 play b a2
3 play w c3
4 play b b3
5 play w c1
6 play b b1
7 play w d2
8 play b e5
9 play w b2
#? []
10 play b c2
#? []
11 captures b
#? [1]
12 list_stones white
#? [C3 D2 C1]
# White may not retake at once ...
13 is_legal w b2
#? [0]
14 play w b2
#? [?illegal move]
# ... but black may fill the ko himself.
15 is_legal b b2
#? [1]
# White plays a ko threat elsewhere and black answers it ...
16 play w e3
#? []
17 play b e2
#? []
# ... now white may retake, and it is black who must wait.
18 is_legal w b2
#? [1]
19 play w b2
#? []
20 captures w
#? [1]
21 list_stones black
#? [E5 B3 A2 E2 B1]
22 is_legal b c2
#? [0]
23 play b c2
#? [?illegal move]
# A pass lifts the ko as well (simple ko only looks one move back).
24 play b pass
#? []
25 is_legal b c2
#? [1]
26 play b c2
#? []
27 captures b
#? [2]
28 is_legal w b2
#? [0]
#
# undo brings the ko back with the position.
29 play w d4
30 is_legal w b2
#? [1]
31 undo
#? []
32 is_legal w b2
#? [0]
33 undo
#? []
34 undo
#? []
35 is_legal b c2
#? [0]
36 list_stones white
#? [C3 E3 B2 D2 C1]
#
# Taking two stones is never a ko, even when the capturing stone is left
# alone in atari: white may take it back at once.
#     A B C D
#   3 . . . .
#   2 O X X .
#   1 * O O X      black A1 takes B1 and C1; white B1 takes A1 back
37 clear_board
38 play w a2
39 play w b1
40 play w c1
41 play b b2
42 play b c2
43 play b d1
44 play b a1
#? []
45 captures b
#? [2]
46 countlib a1
#? [1]
47 is_legal w b1
#? [1]
48 play w b1
#? []
49 list_stones black
#? [B2 C2 D1]
50 captures w
#? [1]
