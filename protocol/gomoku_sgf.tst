# Gomoku's printsgf [FILE] and loadsgf FILE [MOVE]: games as SGF (FF[4],
# GM[4]). printsgf writes the root (SZ, RU with the rules, RE once the game
# is over) and one node per move. loadsgf replays the main line on a board
# of the file's size, under the rules RU names (when it names one of
# Gomoku's, else the current ones); with MOVE it stops before move number
# MOVE. It answers the colour to play. Files are written under /tmp and
# overwritten on each run.
1 game go
2 boardsize 9
3 printsgf /tmp/quintet-tst-gomoku_sgf-go.sgf
#? []
4 game gomoku
5 boardsize 9
6 rules renju
7 printsgf
#? [\(;FF\[4\]GM\[4\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[9\]RU\[renju\]\)]
8 play b E5
9 play w D4
10 play b F5
11 printsgf
#? [\(;FF\[4\]GM\[4\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[9\]RU\[renju\]\n;B\[ee\];W\[df\];B\[fe\]\)]
12 printsgf /tmp/quintet-tst-gomoku_sgf-0.sgf
#? []
# Change everything, then load it back: size, rules and moves return.
13 rules freestyle
14 boardsize 15
15 play b H8
16 loadsgf /tmp/quintet-tst-gomoku_sgf-0.sgf
#? [white]
17 rules
#? [freestyle\nstandard\nrenju \*]
18 list_stones b
#? [E5 F5]
19 showboard
#? [\n   A B C D E F G H J\n.*\n 5 \. \. \. \. X\(X\)\. \. \. 5\n 4 \. \. \. O \. \. \. \. \. 4\n.*\nblack \(X\) 2 stones, white \(O\) 1 stone\nrules renju, moves 3, last black F5, white to move]
# The loaded moves are history: undo takes them back.
20 undo
21 list_stones b
#? [E5]
# MOVE: stop before that move.
22 loadsgf /tmp/quintet-tst-gomoku_sgf-0.sgf 3
#? [black]
23 list_stones b
#? [E5]
24 loadsgf /tmp/quintet-tst-gomoku_sgf-0.sgf 1
#? [black]
25 list_stones b
#? []
26 loadsgf /tmp/quintet-tst-gomoku_sgf-0.sgf 99
#? [white]
#
# A finished game records its result; loading it ends the game again.
30 clear_board
31 play b A1
32 play w B1
33 play b A2
34 play w B2
35 play b A3
36 play w B3
37 play b A4
38 play w B4
39 play b A5
#? []
40 printsgf
#? [\(;FF\[4\]GM\[4\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[9\]RE\[B\+\]RU\[renju\]\n;B\[ai\];W\[bi\];B\[ah\];W\[bh\];B\[ag\];W\[bg\];B\[af\];W\[bf\];B\[ae\]\)]
41 printsgf /tmp/quintet-tst-gomoku_sgf-1.sgf
42 clear_board
43 loadsgf /tmp/quintet-tst-gomoku_sgf-1.sgf
#? [white]
44 final_score
#? [B\+]
45 play w C1
#? [?game over]
#
# Failures leave the game as it was.
50 clear_board
51 play b E5
52 loadsgf /tmp/quintet-tst-gomoku_sgf-go.sgf
#? [?not a Gomoku game]
53 loadsgf /tmp/quintet-tst-gomoku_sgf-none.sgf
#? [?cannot open file: No such file or directory]
54 loadsgf /tmp/quintet-tst-gomoku_sgf-0.sgf 0
#? [?invalid move number]
55 loadsgf /tmp/quintet-tst-gomoku_sgf-0.sgf x
#? [?invalid move number]
56 loadsgf /dev/null
#? [?not a regular file]
57 loadsgf
#? [?wrong number of arguments]
58 printsgf /dev/null
#? [?not a regular file]
59 printsgf a b
#? [?wrong number of arguments]
60 list_stones b
#? [E5]
61 showboard
#? [.*rules renju, moves 1, last black E5, white to move]
