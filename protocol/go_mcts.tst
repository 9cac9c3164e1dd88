# genmove at the tree-search levels (mcts): medium (a playout budget, one
# thread, reproducible for a seed) and the default hard (time-based). The
# moves themselves are tested by the unit tests' problems; here the form,
# the game flow and the pass decisions under area scoring.
1 level
#? [easy\nmedium\nhard \*]
2 boardsize 9
3 level medium
4 set_random_seed 5
5 genmove b
#? [[A-HJ][1-9]]
6 genmove w
#? [[A-HJ][1-9]]
7 list_stones black
#? [[A-HJ][1-9]]
# undo after genmove: the move is gone, the next genmove plays again.
8 undo
#? []
9 list_stones white
#? []
10 genmove w
#? [[A-HJ][1-9]]
11 list_stones white
#? [[A-HJ][1-9]]
#
# A finished 5x5 game: black's wall on C, white's on D; black leads by the
# area count (15 against 10 + 0.5). After white's pass black passes: the
# game ends, black wins.
12 boardsize 5
13 komi 0.5
14 play b c1
15 play b c2
16 play b c3
17 play b c4
18 play b c5
19 play w d1
20 play w d2
21 play w d3
22 play w d4
23 play w d5
24 play w pass
25 genmove b
#? [pass]
26 final_score
#? [B\+4.5]
# With komi 10.5 white leads: after black's pass white passes too.
27 undo
28 komi 10.5
29 play b pass
30 genmove w
#? [pass]
31 final_score
#? [W\+5.5]
#
# A hopeless game: with komi -90 white cannot win on 9x9 (the board is 81
# points). White resigns when its win rate stays below medium's threshold
# (0.05): at its second search, after a first move; nothing is played then,
# and black may still move.
32 boardsize 9
33 komi -90
34 set_random_seed 1
35 genmove w
#? [[A-HJ][1-9]]
36 genmove w
#? [resign]
37 list_stones white
#? [[A-HJ][1-9]]
38 genmove b
#? [[A-HJ][1-9]]
#
# reg_genmove: the move genmove would choose, not played.
40 boardsize 9
41 level medium
42 reg_genmove b
#? [[A-HJ][1-9]]
43 list_stones black
#? []
44 reg_genmove
#? [?wrong number of arguments]
45 reg_genmove x
#? [?invalid color]
