# Ataxx perft: leaf counts of the move tree. Standard rules from the Ataxx
# start and libataxx's published positions (gaps, forced passes, the 50-move
# rule); yinyang rules where a side is stuck; other sizes and layouts.
1 game ataxx
2 rules standard
3 layout corners 2
4 perft 0
#? [1]
5 perft 1
#? [16]
6 perft 2
#? [256]
7 perft 3
#? [6460]
8 perft 4
#? [155888]
9 perft 5
#? [4752668]
# libataxx tests/perft.cpp: gaps.
10 loadfen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1
11 perft 4
#? [86528]
12 loadfen x5o/7/2-1-2/3-3/2-1-2/7/o5x o 0 1
13 perft 4
#? [83104]
14 loadfen x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1
15 perft 4
#? [133264]
16 loadfen 7/7/7/2x1o2/7/7/7 o 0 1
17 perft 3
#? [7887]
# Forced passes: x is walled in and passes (a pass is a move).
18 loadfen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1
19 perft 1
#? [1]
20 perft 2
#? [75]
21 perft 3
#? [249]
22 perft 4
#? [14270]
23 loadfen 7/7/7/7/xxxxxxx/xxxxxxx/ooooooo x 0 1
24 perft 3
#? [14270]
25 loadfen 7/7/7/7/-------/-------/x5o x 0 1
26 perft 6
#? [174]
# Finished games have no moves: no pieces, the 50-move rule.
27 loadfen 7/7/7/7/7/7/7 x 0 1
28 perft 0
#? [1]
29 perft 1
#? [0]
30 loadfen x5o/7/7/7/7/7/o5x x 100 1
31 perft 1
#? [0]
32 perft 3
#? [0]
# At 99, the 6 clones reset the clock and the 10 jumps end the game.
33 loadfen x5o/7/7/7/7/7/o5x x 99 1
34 perft 1
#? [16]
35 perft 2
#? [96]
#
# yinyang: no passes; a stuck side to move ends the game.
36 rules yinyang
37 loadfen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1
38 perft 1
#? [0]
39 loadfen 7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1
40 perft 1
#? [75]
41 perft 2
#? [242]
42 perft 3
#? [13723]
43 loadfen 7/7/7/7/-------/-------/x5o x 0 1
44 perft 6
#? [156]
# No 50-move rule in yinyang.
45 loadfen x5o/7/7/7/7/7/o5x x 100 1
46 perft 2
#? [256]
# The Ataxx start agrees with the standard rules while nobody is stuck.
47 layout corners 2
48 perft 4
#? [155888]
# The default game (7x7, rows 2), other sizes and layouts.
49 game ataxx
50 perft 3
#? [413331]
51 boardsize 9
52 perft 3
#? [1097077]
53 layout corners
54 boardsize 16
55 perft 4
#? [19321]
56 boardsize 4
57 perft 4
#? [[0-9]+]
#
58 perft -1
#? [?invalid depth]
59 perft 21
#? [?invalid depth]
60 perft x
#? [?invalid depth]
61 perft
#? [?wrong number of arguments]
