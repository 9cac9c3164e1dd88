# Flood: switching to the game, its defaults, play with colour names and
# numbers, captures through chains, turn order, gains, score, board, undo.
1 game flood
#? []
2 game
#? [flood]
3 list_commands
#? [(.*\n)?board\n(.*\n)?boardsize\n(.*\n)?clear_board\n(.*\n)?colors\n(.*\n)?final_score\n(.*\n)?gains\n(.*\n)?game\n(.*\n)?genmove\n(.*\n)?loadboard\n(.*\n)?mode\n(.*\n)?play\n(.*\n)?rectangular_boardsize\n(.*\n)?rules\n(.*\n)?score\n(.*\n)?showboard\n(.*\n)?undo(\n.*)?]
4 known_command komi
#? [false]
5 known_command loadboard
#? [true]
6 rules
#? [standard \*]
7 rules standard
#? []
8 rules chinese
#? [?unknown rules \(standard\)]
# The default board: 20x20, 6 colours, black to move, one square each.
9 score
#? [black 1 white 1]
10 showboard
#? [\nflood 20x20, 6 colors, two-player mode\n([1-6 ]{38}W\n)([1-6 ]{39}\n){18}B[1-6 ]{38}\nblack \(B\) 1, white \(W\) 1, free 398\nmoves 0, black to move\ncolors: 1 red, 2 green, 3 blue, 4 yellow, 5 purple, 6 orange]
11 board
#? [([1-6]{19}W/)([1-6]{20}/){18}B[1-6]{19}]
#
# A chain: black's 1 takes (1,0), then (1,1) above it, then (1,2) and (0,2)
# through the squares just taken.
#     1 1 3 W
#     2 1 3 1
#     B 1 2 2
12 loadboard 1133/2131/1122
#? []
13 gains black
#? [4 1 0 0 0 0]
14 gains white
#? [1 0 2 0 0 0]
15 play black 1
#? []
16 board
#? [BB3W/2B31/BB22]
17 score
#? [black 5 white 1]
# White's blue (3) takes the 3 next to it and the one below, not the far 3.
18 play w blue
#? []
19 board
#? [BBWW/2BW1/BB22]
20 score
#? [black 5 white 3]
21 showboard
#? [\nflood 4x3, 6 colors, two-player mode\nB B W W\n2 B W 1\nB B 2 2\nblack \(B\) 5, white \(W\) 3, free 4\nmoves 2, last white 3 \(blue\), black to move\ncolors: 1 red, 2 green, 3 blue, 4 yellow, 5 purple, 6 orange]
# A colour that touches nothing of the mover's is a legal move that takes
# nothing; it counts as a move.
22 play b YELLOW
#? []
23 board
#? [BBWW/2BW1/BB22]
24 showboard
#? [.*\nmoves 3, last black 4 \(yellow\), white to move\n.*]
# Turns alternate: the player not to move cannot play.
25 play w 1
#? []
26 play w 2
#? [?out of turn]
27 board
#? [BBWW/2BWW/BB22]
#
# Move errors, in order: the player's colour (invalid color), the move's
# colour (unknown color, naming the word and the board's colours, so that
# play black 7 is not taken for a complaint about black), the turn.
28 play x 1
#? [?invalid color]
28 play purple 1
#? [?invalid color]
29 play b 7
#? [?unknown color 7 \(this board's: 1-6 or red, green, blue, yellow, purple, orange\)]
29 play black 7
#? [?unknown color 7 \(this board's: 1-6 or red, green, blue, yellow, purple, orange\)]
30 play b 0
#? [?unknown color 0 \(.*\)]
31 play b teal
#? [?unknown color teal \(.*\)]
32 play b pink
#? [?unknown color pink \(.*\)]
33 play w 1
#? [?out of turn]
34 play b
#? [?wrong number of arguments]
35 gains x
#? [?invalid color]
36 gains
#? [?wrong number of arguments]
37 score now
#? [?wrong number of arguments]
38 board now
#? [?wrong number of arguments]
39 board
#? [BBWW/2BWW/BB22]
#
# undo takes back one move at a time, to the loaded position (whose
# corners are owned).
40 undo
#? []
41 board
#? [BBWW/2BW1/BB22]
42 showboard
#? [.*\nmoves 3, last black 4 \(yellow\), white to move\n.*]
43 undo
44 undo
45 board
#? [BB3W/2B31/BB22]
46 undo
#? []
47 board
#? [113W/2131/B122]
48 score
#? [black 1 white 1]
49 undo
#? [?cannot undo]
# After undo the game goes on from there.
50 play b green
#? []
51 board
#? [113W/B131/B122]
