#! engine-args: --user tester
# The common commands that call into the game, in every game but Go (whose
# are in clock.tst, go_mcts.tst and saves.tst): the clock (time_settings,
# time_left, kgs-time_settings: they change how long a move may think,
# nothing else), reg_genmove (the move genmove would choose, not played:
# the position is unchanged) and save, load, resume (the position comes
# back). The engine runs in a fresh working directory, its data directory.
#
# Ataxx
1 game ataxx
#? []
2 time_settings 60 0 0
#? []
3 time_left x 30 0
#? []
4 time_left o ten 0
#? [?syntax error]
5 kgs-time_settings byoyomi 60 10 3
#? []
6 time_left o 10 2
#? []
7 level easy
#? []
8 reg_genmove x
#? [[a-g][1-7]([a-g][1-7])?]
9 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
10 play x a3
#? []
11 save at1
#? []
12 play o a5
#? []
13 fen
#? [ooooooo/ooooooo/o6/7/x6/xxxxxxx/xxxxxxx x 0 2]
14 load at1
#? []
15 fen
#? [ooooooo/ooooooo/7/7/x6/xxxxxxx/xxxxxxx o 0 1]
16 save autosave
#? []
17 play o a5
#? []
18 resume
#? []
19 fen
#? [ooooooo/ooooooo/7/7/x6/xxxxxxx/xxxxxxx o 0 1]
#
# Flood
20 game flood
#? []
21 time_settings 60 0 0
#? []
22 time_left black 30 0
#? []
23 kgs-time_settings none
#? []
24 level easy
#? []
25 reg_genmove black
#? [[1-6]]
26 showboard
#? [.*\nmoves 0, black to move\n.*]
27 play black 2
#? []
28 save fl1
#? []
29 play white 3
#? []
30 showboard
#? [.*\nmoves 2, last white 3 \(blue\), black to move\n.*]
31 load fl1
#? []
32 showboard
#? [.*\nmoves 1, last black 2 \(green\), white to move\n.*]
33 save autosave
#? []
34 play white 3
#? []
35 resume
#? []
36 showboard
#? [.*\nmoves 1, last black 2 \(green\), white to move\n.*]
#
# Mastermind
37 game mastermind
#? []
38 time_settings 60 0 0
#? []
39 time_left b 3 0
#? []
40 kgs-time_settings absolute 100
#? []
41 setcode 1234
#? []
42 reg_genmove
#? [[1-9]{4}]
43 showboard
#? [.*\ntries left: 10]
44 play b 5678
#? [----]
45 save autosave
#? []
46 play b 1235
#? [XXX-]
47 resume
#? []
48 showboard
#? [.*\n  1\. 5678  ----\ntries left: 9]
#
# Gomoku
49 game gomoku
#? []
50 set_random_seed 7
#? []
51 time_settings 60 0 0
#? []
52 time_left black 30 0
#? []
53 kgs-time_settings canadian 60 30 5
#? []
54 level easy
#? []
55 reg_genmove black
#? [[A-HJ-P]([1-9]|1[0-5])]
56 list_stones black
#? []
57 play black H8
#? []
58 save g1
#? []
59 play white J9
#? []
60 load g1
#? []
61 list_stones white
#? []
62 list_stones black
#? [H8]
63 play white J9
#? []
64 save autosave
#? []
65 play black G7
#? []
66 resume
#? []
67 list_stones black
#? [H8]
68 list_stones white
#? [J9]
