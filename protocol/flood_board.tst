# Flood: board size and colours (boardsize, rectangular_boardsize, colors),
# random boards reproducible from set_random_seed, the board text (board,
# loadboard) and every loadboard error.
1 game flood
#
# A random board is drawn by clear_board and by every command that changes
# the size or the colours; set_random_seed then clear_board repeats it.
2 set_random_seed 5
3 rectangular_boardsize 7 3
#? []
4 board
#? [244545W/5336235/B655353]
5 showboard
#? [\nflood 7x3, 6 colors, two-player mode\n2 4 4 5 4 5 W\n5 3 3 6 2 3 5\nB 6 5 5 3 5 3\n.*]
6 set_random_seed 5
7 clear_board
8 board
#? [244545W/5336235/B655353]
9 clear_board
10 board
#? [(?!244545W/5336235/B655353)[1-6]{6}W/[1-6]{7}/B[1-6]{6}]
# colors C: 3..9, a new board with that many colours.
11 colors
#? [6]
12 colors 3
#? []
13 colors
#? [3]
14 board
#? [[1-3]{6}W/[1-3]{7}/B[1-3]{6}]
15 colors 9
16 showboard
#? [.*colors: 1 red, 2 green, 3 blue, 4 yellow, 5 purple, 6 orange, 7 cyan, 8 magenta, 9 teal]
17 play b teal
#? []
18 play w 9
#? []
19 colors 2
#? [?unacceptable colors]
20 colors 10
#? [?unacceptable colors]
21 colors 99999999999999999999999
#? [?unacceptable colors]
22 colors three
#? [?colors not an integer]
23 colors 3.0
#? [?colors not an integer]
24 colors 3 4
#? [?wrong number of arguments]
25 colors
#? [9]
# boardsize N: square, 2..100 (the configured sizes).
26 boardsize 2
#? []
27 board
#? [[1-9]W/B[1-9]]
28 boardsize 100
#? []
29 score
#? [black 1 white 1]
30 showboard
#? [\nflood 100x100, 9 colors, .*]
31 boardsize 1
#? [?unacceptable size]
32 boardsize 101
#? [?unacceptable size]
33 boardsize ten
#? [?boardsize not an integer]
34 rectangular_boardsize 2 100
#? []
35 board
#? [[1-9]W(/[1-9]{2}){98}/B[1-9]]
36 rectangular_boardsize 100 1
#? [?unacceptable size]
37 rectangular_boardsize 0 5
#? [?unacceptable size]
38 rectangular_boardsize 5 x
#? [?boardsize not an integer]
39 rectangular_boardsize x 5
#? [?boardsize not an integer]
40 rectangular_boardsize 5
#? [?wrong number of arguments]
41 rectangular_boardsize 5 99999999999999999999999
#? [?unacceptable size]
#
# loadboard: rows from the top separated by '/', a digit 1..C per square,
# B and W for owned squares; the corners take their owners. The colour to
# move may follow.
42 colors 6
43 loadboard 123/456/123
#? []
44 board
#? [12W/456/B23]
45 showboard
#? [\nflood 3x3, 6 colors, two-player mode\n1 2 W\n4 5 6\nB 2 3\nblack \(B\) 1, white \(W\) 1, free 7\n.*]
# clear_board keeps the loaded size.
46 clear_board
47 board
#? [[1-6]{2}W/[1-6]{3}/B[1-6]{2}]
# A position in the middle of a game goes out and comes back the same
# (greedy moves: the level easy).
48 set_random_seed 11
49 rectangular_boardsize 9 4
50 genmove b
#? [2]
51 genmove w
#? [1]
52 genmove b
#? [1]
53 genmove w
#? [6]
54 board
#? [BB23124WW/BB3613WWW/B6242WW2W/B6555W22W]
55 score
#? [black 6 white 10]
56 clear_board
57 loadboard BB23124WW/BB3613WWW/B6242WW2W/B6555W22W white
#? []
58 board
#? [BB23124WW/BB3613WWW/B6242WW2W/B6555W22W]
59 score
#? [black 6 white 10]
60 showboard
#? [.*moves 0, white to move\n.*]
#
# Errors: the board stays as it was.
61 loadboard 12/34 purple
#? [?invalid color]
62 loadboard
#? [?wrong number of arguments]
63 loadboard 12/34 b w
#? [?wrong number of arguments]
64 loadboard 12/
#? [?bad board: empty row 2]
65 loadboard /12
#? [?bad board: empty row 1]
66 loadboard 12//12
#? [?bad board: empty row 2]
67 loadboard 123/12
#? [?bad board: row 2 is not as long as row 1]
68 loadboard 12
#? [?bad board: sides must be 2..100 squares]
69 loadboard 1/2
#? [?bad board: sides must be 2..100 squares]
70 loadboard 17/11
#? [?bad board: color 7 not in 1..6]
71 loadboard 10/11
#? [?bad board: color 0 not in 1..6]
72 loadboard 1x/11
#? [?bad board: unexpected character 'x']
73 loadboard 1b/11
#? [?bad board: unexpected character 'b']
74 loadboard 12/W1
#? [?bad board: white on black's corner \(bottom-left\)]
75 loadboard 1B/11
#? [?bad board: black on white's corner \(top-right\)]
76 loadboard 1B1/111/111
#? [?bad board: black's squares not connected to its corner]
77 loadboard 111/W11/111
#? [?bad board: white's squares not connected to its corner]
78 board
#? [BB23124WW/BB3613WWW/B6242WW2W/B6555W22W]
79 showboard
#? [.*moves 0, white to move\n.*]
80 loadboard 1Ã/11
#? [?bad board: unexpected byte 0xc3]
81 board
#? [BB23124WW/BB3613WWW/B6242WW2W/B6555W22W]
