# genmove COLOR: the engine picks a move for COLOR, plays it and answers it.
# At level easy the move is uniformly random among the legal moves that do
# not fill one of COLOR's own eyes; "pass" when there is none. After
# set_random_seed N the choice is reproducible. The tests below never name
# a random move: they check its form and that it was played. (The tree
# search of the default level is tested in go_mcts.tst.)
0 level easy
1 boardsize 9
2 set_random_seed 1
3 genmove b
#? [[A-HJ][1-9]]
4 list_stones black
#? [[A-HJ][1-9]]
5 list_stones white
#? []
6 genmove white
#? [[A-HJ][1-9]]
7 list_stones white
#? [[A-HJ][1-9]]
8 genmove B
#? [[A-HJ][1-9]]
9 list_stones black
#? [[A-HJ][1-9] [A-HJ][1-9]]
# undo takes a generated move back like any other.
10 undo
#? []
11 list_stones black
#? [[A-HJ][1-9]]
# Errors.
12 genmove x
#? [?invalid color]
13 genmove
#? [?wrong number of arguments]
14 genmove b w
#? [?wrong number of arguments]
15 genmove pass
#? [?invalid color]
#
# No candidate: pass. Black has two one-point eyes (A1 and C3): filling
# them is not considered; white may play neither (one-stone suicide).
#     A B C
#   3 X X .
#   2 X X X
#   1 . X X
16 boardsize 3
17 set_free_handicap a3 b3 a2 b2 c2 b1 c1
#? []
18 genmove b
#? [pass]
19 genmove w
#? [pass]
20 list_stones white
#? []
# Passes are moves: they are undone too.
21 undo
#? []
22 undo
#? []
23 undo
#? [?cannot undo]
#
# One candidate: it is chosen. White's only legal move is the two-stone
# suicide at A2 (tromp-taylor; the position it leaves is new). C2 would be
# a one-stone suicide.
#     A B C
#   3 X X X
#   2 . X .
#   1 O X X
24 rules tromp-taylor
25 clear_board
26 play w a1
27 play b a3
28 play b b3
29 play b c3
30 play b b2
31 play b b1
32 play b c1
#? []
33 genmove w
#? [A2]
34 list_stones white
#? []
35 captures b
#? [2]
# Under chinese rules there is no candidate at all.
36 undo
37 rules chinese
38 genmove w
#? [pass]
39 list_stones white
#? [A1]
#
# Whole random games under chinese rules are tests/gnugo_diff.py's
# generated games: every move of level easy checked by GNU Go. Here, a
# random game on 2x2 under tromp-taylor (suicide allowed, which GNU Go
# does not play): every answer is a vertex or pass, and it can be scored.
74 boardsize 2
75 rules tromp-taylor
76 set_random_seed 8
77 genmove b
#? [pass|[AB][12]]
78 genmove w
#? [pass|[AB][12]]
79 genmove b
#? [pass|[AB][12]]
80 genmove w
#? [pass|[AB][12]]
81 genmove b
#? [pass|[AB][12]]
82 genmove w
#? [pass|[AB][12]]
83 genmove b
#? [pass|[AB][12]]
84 genmove w
#? [pass|[AB][12]]
85 genmove b
#? [pass|[AB][12]]
86 genmove w
#? [pass|[AB][12]]
87 genmove b
#? [pass|[AB][12]]
88 genmove w
#? [pass|[AB][12]]
89 genmove b
#? [pass|[AB][12]]
90 genmove w
#? [pass|[AB][12]]
91 genmove b
#? [pass|[AB][12]]
92 genmove w
#? [pass|[AB][12]]
93 genmove b
#? [pass|[AB][12]]
94 genmove w
#? [pass|[AB][12]]
95 genmove b
#? [pass|[AB][12]]
96 genmove w
#? [pass|[AB][12]]
97 final_score
#? [0|[BW]\+[0-9]+(\.5)?]
#
# Larger boards.
98 boardsize 19
99 genmove b
#? [[A-HJ-T]([1-9]|1[0-9])]
100 genmove w
#? [[A-HJ-T]([1-9]|1[0-9])]
101 genmove b
#? [[A-HJ-T]([1-9]|1[0-9])]
102 genmove w
#? [[A-HJ-T]([1-9]|1[0-9])]
103 list_stones black
#? [[A-HJ-T]([1-9]|1[0-9]) [A-HJ-T]([1-9]|1[0-9])]
104 boardsize 25
105 genmove b
#? [[A-HJ-Z]([1-9]|1[0-9]|2[0-5])]
106 genmove w
#? [[A-HJ-Z]([1-9]|1[0-9]|2[0-5])]
107 genmove b
#? [[A-HJ-Z]([1-9]|1[0-9]|2[0-5])]
108 genmove w
#? [[A-HJ-Z]([1-9]|1[0-9]|2[0-5])]
109 list_stones black
#? [[A-HJ-Z]([1-9]|1[0-9]|2[0-5]) [A-HJ-Z]([1-9]|1[0-9]|2[0-5])]
