# Ataxx layouts and board sizes: corners, corners 2, rows K on several N.
1 game ataxx
2 layout
#? [rows 2]
3 layout corners
#? []
4 layout
#? [corners]
5 fen
#? [6o/7/7/7/7/7/x6 x 0 1]
6 layout corners 1
7 layout
#? [corners]
8 layout corners 2
9 layout
#? [corners 2]
10 fen
#? [x5o/7/7/7/7/7/o5x x 0 1]
# layout starts a new game.
11 play b b7
12 layout corners 2
13 undo
#? [?cannot undo]
# rows K: 1 <= K <= (N-2)/2.
14 layout rows 1
15 fen
#? [ooooooo/7/7/7/7/7/xxxxxxx x 0 1]
16 layout rows 2
17 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
18 layout rows 3
#? [?invalid layout]
19 layout rows 0
#? [?invalid layout]
20 layout rows
#? [?invalid layout]
21 layout rows two
#? [?invalid layout]
22 layout corners 3
#? [?invalid layout]
23 layout corners 0
#? [?invalid layout]
24 layout diagonal
#? [?invalid layout]
25 layout rows 1 2
#? [?wrong number of arguments]
26 layout
#? [rows 2]
# Sizes 4..16; boardsize keeps the layout.
27 boardsize 4
#? []
28 layout
#? [rows 1]
29 fen
#? [oooo/4/4/xxxx x 0 1]
30 layout rows 2
#? [?invalid layout]
31 boardsize 8
32 layout rows 3
#? []
33 fen
#? [oooooooo/oooooooo/oooooooo/8/8/xxxxxxxx/xxxxxxxx/xxxxxxxx x 0 1]
# A smaller board plays the largest K it allows; a larger one K again.
34 boardsize 6
35 layout
#? [rows 2]
36 fen
#? [oooooo/oooooo/6/6/xxxxxx/xxxxxx x 0 1]
37 boardsize 8
38 layout
#? [rows 3]
39 boardsize 16
40 layout rows 7
41 fen
#? [oooooooooooooooo/oooooooooooooooo/oooooooooooooooo/oooooooooooooooo/oooooooooooooooo/oooooooooooooooo/oooooooooooooooo/16/16/xxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx x 0 1]
42 layout rows 8
#? [?invalid layout]
43 layout corners
44 fen
#? [15o/16/16/16/16/16/16/16/16/16/16/16/16/16/16/x15 x 0 1]
45 boardsize 5
46 fen
#? [4o/5/5/5/x4 x 0 1]
47 boardsize 3
#? [?unacceptable size]
48 boardsize 17
#? [?unacceptable size]
49 boardsize 0
#? [?unacceptable size]
50 boardsize -7
#? [?unacceptable size]
51 boardsize 99999999999999999999999
#? [?unacceptable size]
52 boardsize 7.0
#? [?boardsize not an integer]
53 boardsize seven
#? [?boardsize not an integer]
54 fen
#? [4o/5/5/5/x4 x 0 1]
# clear_board: the layout again, also after loadfen (at the FEN's size).
55 loadfen x3/4/4/3o o 0 1
56 clear_board
57 fen
#? [3o/4/4/x3 x 0 1]
# game resets size, rules and layout to the configured ones.
58 rules standard
59 game ataxx
60 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
61 rules
#? [yinyang \*\nstandard]
