# The level command and the configured limits, with the shipped defaults
# (conf/quintet.yaml): Go levels easy (random), medium and hard (mcts);
# hard is the default.
1 level
#? [easy\nmedium\nhard \*]
2 level medium
#? []
3 level
#? [easy\nmedium \*\nhard]
4 level Medium
#? []
5 level expert
#? [? unknown level \(easy, medium, hard\)]
6 level easy hard
#? [? wrong number of arguments]
7 level
#? [easy\nmedium \*\nhard]
# boardsize and clear_board keep the level; game starts at default_level.
8 boardsize 5
#? []
9 level
#? [easy\nmedium \*\nhard]
10 clear_board
#? []
11 level
#? [easy\nmedium \*\nhard]
12 game go
#? []
13 level
#? [easy\nmedium\nhard \*]
# mcts plays legal moves, deterministically for a seed and a budget.
14 boardsize 5
#? []
15 level medium
#? []
16 set_random_seed 3
#? []
17 genmove b
#? [([A-HJ-Z][0-9]+|pass)]
18 list_stones b
#? [([A-HJ-Z][0-9]+)?]
19 known_command level
#? [true]
# The configured sizes bound boardsize (2..25 by default).
20 boardsize 1
#? [? unacceptable size]
21 boardsize 26
#? [? unacceptable size]
22 boardsize 25
#? []
23 list_games
#? [go(\n.*)?]
# list_sizes: the configured sizes, ascending, the current side marked.
24 list_sizes
#? [2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25 \*]
25 boardsize 9
#? []
26 list_sizes
#? [2\n3\n4\n5\n6\n7\n8\n9 \*\n10\n(.*\n)*25]
27 list_sizes 9
#? [? wrong number of arguments]
28 game gomoku
#? []
29 list_sizes
#? [5\n(.*\n)*15 \*\n(.*\n)*25]
30 game ataxx
#? []
31 list_sizes
#? [4\n5\n6\n7 \*\n8\n9\n10\n11\n12\n13\n14\n15\n16]
# Flood marks the width of a rectangular board.
32 game flood
#? []
33 rectangular_boardsize 6 4
#? []
34 list_sizes
#? [2\n3\n4\n5\n6 \*\n7\n(.*\n)*100]
# Mastermind has no board size.
35 game mastermind
#? []
36 list_sizes
#? [? unknown command \(help lists the commands\)]
37 game go
#? []
