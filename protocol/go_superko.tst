# Positional superko (rules superko and tromp-taylor): a move may not
# recreate any earlier board position of the game (the stones only, not
# whose turn it is). Chinese (the default) has simple ko only.
#
# 1. A ko retaken after two passes. Passes lift simple ko, but the retake
#    would bring back the position after move 8 (white B2).
#     A B C D E
#   5 . . . . X
#   4 . . . . .
#   3 . X O . .
#   2 X O * O .      black C2 takes B2
#   1 . X O . .
1 rules superko
#? []
2 boardsize 5
3 play b a2
4 play w c3
5 play b b3
6 play w c1
7 play b b1
8 play w d2
9 play b e5
10 play w b2
11 play b c2
#? []
12 is_legal w b2
#? [0]
13 play w pass
#? []
14 play b pass
#? []
15 is_legal w b2
#? [0]
16 play w b2
#? [?illegal move]
# Under chinese rules the same retake is legal.
17 rules chinese
#? []
18 is_legal w b2
#? [1]
19 rules tromp-taylor
#? []
20 is_legal w b2
#? [0]
# Any new stone on the board makes the retake a new position again.
21 play w e1
#? []
22 is_legal w b2
#? [1]
23 play w b2
#? []
24 list_stones black
#? [E5 B3 A2 B1]
# And now black's recapture at C2 would repeat the position after white E1.
25 is_legal b c2
#? [0]
26 play b pass
#? []
27 is_legal b c2
#? [0]
# undo forgets the positions it takes back: after undoing white E1 and its
# sequel, the position after E1 no longer counts ... but the one after
# move 8 still does.
28 undo
#? []
29 undo
#? []
30 undo
#? []
31 is_legal w b2
#? [0]
#
# 2. A multi-stone suicide (legal in tromp-taylor) that would bring back an
#    earlier position: black A1 then A2 dies as a whole, leaving the board as
#    it was after white's third stone.
#     A B
#   3 O .
#   2 * O
#   1 X O
32 rules tromp-taylor
33 clear_board
34 play w b1
35 play w a3
36 play w b2
37 play b a1
#? []
38 play w pass
39 is_legal b a2
#? [0]
40 play b a2
#? [?illegal move]
41 list_stones black
#? [A1]
# With one more white stone elsewhere, the suicide makes a new position.
42 play w e5
#? []
43 is_legal b a2
#? [1]
44 play b a2
#? []
45 list_stones black
#? []
46 captures w
#? [2]
#
# 3. The starting position counts: here the handicap position. White's
#    two-stone suicide at A2 would restore it exactly.
#     A B C
#   3 X . .
#   2 * X .
#   1 O X .
47 boardsize 3
48 set_free_handicap b1 b2 a3
#? []
49 play w a1
#? []
50 play b pass
51 is_legal w a2
#? [0]
52 play w a2
#? [?illegal move]
53 play b c3
54 is_legal w a2
#? [1]
55 play w a2
#? []
56 list_stones white
#? []
57 captures b
#? [2]
#
# 4. genmove never picks a move superko forbids. White's only candidates
#    here: A2 (the suicide that restores the handicap position) and C2 (a
#    one-stone suicide, never legal). So white passes.
#     A B C
#   3 X X X
#   2 . X .
#   1 O X X
58 clear_board
59 set_free_handicap a3 b3 c3 b2 b1 c1
#? []
60 play w a1
#? []
61 play b pass
62 is_legal w a2
#? [0]
63 is_legal w c2
#? [0]
64 set_random_seed 1
65 genmove w
#? [pass]
66 list_stones white
#? [A1]
