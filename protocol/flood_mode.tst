# Flood: two-player mode and play against the computer, and who starts each
# new game. The session remembers across clear_board (and boardsize,
# rectangular_boardsize, colors, loadboard without a colour).
1 game flood
2 mode
#? [two-player]
3 showboard
#? [\nflood 20x20, 6 colors, two-player mode\n.*moves 0, black to move\n.*]
#
# Two players: the next game is started by the player who did not make
# the last move of the previous one.
4 boardsize 5
5 play b 1
6 clear_board
#? []
7 showboard
#? [.*moves 0, white to move\n.*]
8 play b 1
#? [?out of turn]
9 play w 1
#? []
10 play b 2
#? []
11 boardsize 6
#? []
12 showboard
#? [.*moves 0, white to move\n.*]
# A game with no move changes nothing: white again.
13 clear_board
14 showboard
#? [.*moves 0, white to move\n.*]
15 play w 3
16 colors 4
#? []
17 showboard
#? [.*moves 0, black to move\n.*]
# loadboard follows the rule unless it names the player to move.
18 play b 1
19 loadboard 11W/111/B11
20 showboard
#? [.*moves 0, white to move\n.*]
21 loadboard 11W/111/B11 black
22 showboard
#? [.*moves 0, black to move\n.*]
# A finished game counts the same: black made its last move.
23 loadboard 1WWW/B1W3 black
24 play b 1
25 final_score
#? [W\+2]
26 rectangular_boardsize 4 5
27 showboard
#? [.*moves 0, white to move\n.*]
#
# Against the computer the human always starts (black unless told).
28 mode computer
#? []
29 mode
#? [computer black]
# The mode applies from the next new game.
30 showboard
#? [\nflood 4x5, 4 colors, computer mode\n.*moves 0, white to move\n.*]
31 clear_board
32 showboard
#? [.*moves 0, black to move\n.*]
33 play b 1
34 genmove w
#? [[1-4]]
35 clear_board
36 showboard
#? [.*moves 0, black to move\n.*]
37 play b 2
38 clear_board
39 showboard
#? [.*moves 0, black to move\n.*]
40 mode computer white
#? []
41 mode
#? [computer white]
42 clear_board
43 showboard
#? [.*moves 0, white to move\n.*]
44 play w 1
45 genmove b
#? [[1-4]]
46 play w 2
47 clear_board
48 showboard
#? [.*moves 0, white to move\n.*]
# Back to two players: white made the last move, so black starts.
49 mode two-player
#? []
50 mode
#? [two-player]
51 play w 1
52 clear_board
53 showboard
#? [\nflood 4x5, 4 colors, two-player mode\n.*moves 0, black to move\n.*]
#
# Errors change nothing.
54 mode solo
#? [?unknown mode]
55 mode computer purple
#? [?invalid color]
56 mode two-player black
#? [?wrong number of arguments]
57 mode computer black white
#? [?wrong number of arguments]
58 mode Computer
#? [?unknown mode]
59 mode
#? [two-player]
# A new game of flood starts over: two players, black first.
60 mode computer white
61 game flood
62 mode
#? [two-player]
63 showboard
#? [.*moves 0, black to move\n.*]
