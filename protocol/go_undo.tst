# undo: take back the last move (a pass included), restoring the stones,
# the capture counts and the ko state. Handicap and SGF setup stones are
# not moves: undo stops before them.
1 undo
#? [?cannot undo]
2 boardsize 5
3 undo
#? [?cannot undo]
4 undo now
#? [?wrong number of arguments]
#
# Across captures.
#     A B C
#   4 . X .
#   3 X O .
#   2 O X .
#   1 * O X      black A1 takes A2 and B1; then C3 takes B3
5 play b b2
6 play w a2
7 play b a3
8 play w b1
9 play b c1
10 play w b3
11 play b b4
12 play b a1
#? []
13 captures b
#? [2]
14 list_stones white
#? [B3]
15 play w pass
16 play b c3
#? []
17 captures b
#? [3]
18 list_stones white
#? []
19 undo
#? []
20 list_stones white
#? [B3]
21 captures b
#? [2]
# undo of a pass
22 undo
#? []
23 list_stones white
#? [B3]
# undo of the double capture: both strings come back
24 undo
#? []
25 list_stones white
#? [B3 A2 B1]
26 list_stones black
#? [B4 A3 B2 C1]
27 captures b
#? [0]
# back to the start, one move at a time
28 undo
29 undo
30 undo
31 undo
32 undo
33 undo
#? []
34 list_stones black
#? [B2]
35 undo
#? []
36 list_stones black
#? []
37 undo
#? [?cannot undo]
# The board is usable again.
38 play b c3
#? []
39 undo
#? []
#
# Undo after the white side captured (the count that goes down is white's).
40 play b a1
41 play w a2
42 play w b1
#? []
43 captures w
#? [1]
44 undo
#? []
45 captures w
#? [0]
46 list_stones black
#? [A1]
#
# Handicap stones stay: they are setup, not moves.
47 clear_board
48 boardsize 9
49 fixed_handicap 2
#? [G7 C3]
50 undo
#? [?cannot undo]
51 play w e5
52 undo
#? []
53 list_stones black
#? [G7 C3]
54 undo
#? [?cannot undo]
# clear_board and boardsize forget the history.
55 play w e5
56 clear_board
57 undo
#? [?cannot undo]
58 play b e5
59 boardsize 9
60 undo
#? [?cannot undo]
# genmove's move is undone like any other (level medium: the tree search
# with a playout budget).
60 level medium
61 set_random_seed 3
62 genmove b
#? [[A-HJ][1-9]]
63 undo
#? []
64 list_stones black
#? []
#
# undo after a rules switch: a move that was legal when it was played
# stays played. A tromp-taylor suicide, then a switch to chinese, then
# undo of a later move: the suicide must still be on the board (A1 and
# A2 gone, white credited with 2).
#     A B
#   3 O .
#   2 * O
#   1 X O
65 rules tromp-taylor
66 boardsize 5
67 play b a1
68 play w b1
69 play b e5
70 play w a3
71 play b e4
72 play w b2
73 play b a2
#? []
74 list_stones black
#? [E5 E4]
75 captures w
#? [2]
76 rules chinese
#? []
77 play w d4
#? []
78 undo
#? []
79 list_stones black
#? [E5 E4]
80 captures w
#? [2]
81 undo
#? []
82 list_stones black
#? [E5 E4 A1]
83 captures w
#? [0]
