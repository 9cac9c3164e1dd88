# Flood: the end of the game. After every move, first for the player who
# moved and then for the player to move: one whose territory touches no
# unowned square ends the game, and every unowned square goes to the other.
1 game flood
# The mover shuts itself in: black's 1 takes both 1s, then touches nothing;
# the 3 on the right goes to white.
#     1 W W W
#     B 1 W 3
2 loadboard 1WWW/B1W3 black
#? []
3 final_score
#? [?game not over]
4 play b 1
#? []
5 board
#? [BWWW/BBWW]
6 score
#? [black 3 white 5]
7 final_score
#? [W\+2]
8 showboard
#? [.*black \(B\) 3, white \(W\) 5, free 0\nmoves 1, last black 1 \(red\), game over: W\+2\n.*]
9 play w 3
#? [?game over]
10 genmove w
#? [?game over]
11 gains w
#? [0 0 0 0 0 0]
# undo reopens the game.
12 undo
#? []
13 final_score
#? [?game not over]
14 board
#? [1WWW/B1W3]
#
# The mover still touches a free square but the player to move does not:
# black's 1 takes five squares and shuts white in; the 2 goes to black.
#     2 1 1 W
#     B 1 1 1
15 loadboard 211W/B111 b
16 play b red
#? []
17 board
#? [BBBW/BBBB]
18 final_score
#? [B\+6]
#
# White moves first here; black's 2 then takes both 2s and shuts white in.
#     1 2 W
#     B 2 1
19 loadboard 12W/B21 white
20 play b 1
#? [?out of turn]
21 play w 1
#? []
22 board
#? [12W/B2W]
23 final_score
#? [?game not over]
24 play b 2
#? []
25 board
#? [BBW/BBW]
26 final_score
#? [B\+2]
#
# Every square owned: the game is over; equal counts are a draw. (Black
# made the last move of the game before, so white starts this one.)
27 loadboard 1W/B2
28 play w 2
29 play b 1
#? []
30 board
#? [BW/BW]
31 final_score
#? [0]
32 score
#? [black 2 white 2]
#
# A loaded position can be over already: the player not to move is judged
# first, as if it had just moved. Black touches nothing; the 3 is white's.
33 loadboard BWW/BW3 black
#? []
34 final_score
#? [W\+2]
35 board
#? [BWW/BWW]
36 undo
#? [?cannot undo]
