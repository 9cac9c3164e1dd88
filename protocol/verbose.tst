# verbose on: for people at a terminal (README's nc example), a move that
# ends the game says the result on a line of its own, after the reply's
# own first line (empty for play, the move for genmove); verbose off (the
# default, what GUIs and referees get) answers as GTP says. A position set
# up whole (loadboard) is no move and says nothing.
1 verbose
#? [off]
2 verbose maybe
#? [?verbose takes on or off]
3 verbose on off
#? [?wrong number of arguments]
4 verbose on
#? []
5 verbose
#? [on]
# Gomoku: five in a row
10 game gomoku
#? []
11 boardsize 7
#? []
12 play b a1
#? []
13 play w b1
#? []
14 play b a2
#? []
15 play w b2
#? []
16 play b a3
#? []
17 play w b3
#? []
18 play b a4
#? []
19 play w b4
#? []
20 play b a5
#? [\ngame over: B\+ \(five\)]
21 final_score
#? [B\+]
# Go: two passes, scored as final_score scores it
30 game go
#? []
31 boardsize 9
#? []
32 play b E5
#? []
33 play w pass
#? []
34 play b pass
#? [\ngame over: B\+73\.5]
35 undo
#? []
36 genmove b
#? [[A-HJ][1-9]|pass\ngame over: [BW]\+[0-9.]+|[A-HJ][1-9]]
# Mastermind: the code found
40 game mastermind
#? []
41 setcode 1234
#? []
42 guess 1234
#? [XXXX\ngame over: B\+ solved in 1 try, secret 1234]
# Flood: a set-up position ends nothing; the move that leaves a side no
# free square does
50 game flood
#? []
51 loadboard B1/1W
#? []
52 loadboard B12/21W
#? []
53 play black 1
#? [\ngame over: B\+2 \(no-moves\)]
# Off again: the same ending says nothing more
60 verbose off
#? []
61 game gomoku
#? []
62 boardsize 7
#? []
63 play b a1
#? []
64 play w b1
#? []
65 play b a2
#? []
66 play w b2
#? []
67 play b a3
#? []
68 play w b3
#? []
69 play b a4
#? []
70 play w b4
#? []
71 play b a5
#? []
