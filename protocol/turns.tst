# Whose turn (PROTOCOL.md, "Whose turn"), game by game: Go takes play and
# genmove for either colour, as GTP's Go does; Ataxx, Flood and Gomoku only
# for the side to move (the other colour: out of turn, and nothing
# changes); Mastermind's white never moves. And showboard's status line,
# in the same words in every game: the moves, the last one with its colour
# after a move of each side, then the side to move or the result.
#
# Go: black twice in a row, as a controller sets up a position, then white
# twice; the side to move is the colour that did not move last.
1 boardsize 5
#? []
2 level easy
#? []
3 set_random_seed 7
#? []
4 showboard
#? [.*\nkomi 7\.5, moves 0, black to move]
5 play b c3
#? []
6 play b d3
#? []
7 showboard
#? [.*\nkomi 7\.5, moves 2, last black D3, white to move]
8 play w b2
#? []
9 showboard
#? [.*\nkomi 7\.5, moves 3, last white B2, black to move]
10 genmove w
#? [[A-E][1-5]|pass]
11 showboard
#? [.*\nkomi 7\.5, moves 4, last white ([A-E][1-5]|pass), black to move]
12 play b pass
#? []
13 play w pass
#? []
14 showboard
#? [.*\nkomi 7\.5, moves 6, last white pass, game over: two passes \(final_score scores it; play may go on\)]
#
# Ataxx: x (black) moves first; o is out of turn, for play and genmove,
# in every spelling.
15 game ataxx
#? []
16 showboard
#? [.*\n   a b c d e f g\nblack \(x\) 14, white \(o\) 14\nmoves 0, black to move]
17 play w a5
#? [?out of turn]
18 genmove o
#? [?out of turn]
19 play b c3
#? []
20 showboard
#? [.*\nblack \(x\) 15, white \(o\) 14\nmoves 1, last black c3, white to move]
21 play x d3
#? [?out of turn]
22 genmove black
#? [?out of turn]
23 play w a6a4
#? []
24 showboard
#? [.*\nblack \(x\) 15, white \(o\) 14\nmoves 2, last white a6a4, black to move]
25 fen
#? [ooooooo/1oooooo/7/o6/2x4/xxxxxxx/xxxxxxx x 1 2]
#
# Gomoku: black first; white is out of turn, then black.
26 game gomoku
#? []
27 boardsize 7
#? []
28 play w d4
#? [?out of turn]
29 genmove w
#? [?out of turn]
30 play b d4
#? []
31 showboard
#? [.*\nblack \(X\) 1 stone, white \(O\) 0 stones\nrules freestyle, moves 1, last black D4, white to move]
32 play b e4
#? [?out of turn]
33 genmove b
#? [?out of turn]
34 play w e5
#? []
35 showboard
#? [.*\nblack \(X\) 1 stone, white \(O\) 1 stone\nrules freestyle, moves 2, last white E5, black to move]
#
# Flood: black first here; the last move is the colour's number and name.
36 game flood
#? []
37 loadboard 1133/2131/1122
#? []
38 play w 1
#? [?out of turn]
39 genmove w
#? [?out of turn]
40 play b red
#? []
41 showboard
#? [.*\nblack \(B\) 5, white \(W\) 1, free 6\nmoves 1, last black 1 \(red\), white to move\ncolors: .*]
42 play b 3
#? [?out of turn]
43 play w 3
#? []
44 showboard
#? [\nflood 4x3, 6 colors, two-player mode\nB B W W\n2 B W 1\nB B 2 2\nblack \(B\) 5, white \(W\) 3, free 4\nmoves 2, last white 3 \(blue\), black to move\ncolors: 1 red, 2 green, 3 blue, 4 yellow, 5 purple, 6 orange]
#
# Mastermind: only the codebreaker, black, moves, try after try; the tries
# are listed in order, the last try last.
45 game mastermind
#? []
46 setcode 1234
#? []
47 play w 5678
#? [?codebreaker is black]
48 genmove w
#? [?codebreaker is black]
49 play b 1356
#? [XO--]
50 play b 5678
#? [----]
51 showboard
#? [.*\n  1\. 1356  XO--\n  2\. 5678  ----\ntries left: 8]
