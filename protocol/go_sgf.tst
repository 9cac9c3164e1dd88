# printsgf [FILE] and loadsgf FILE [MOVE]: games as SGF (FF[4], GM[1]).
# printsgf writes the root (SZ, KM, HA and AB when there is a handicap)
# and one node per move, a pass as B[] / W[]. loadsgf replays the main line
# under the current rules; with MOVE it stops before move number MOVE (a
# pass counts as a move). It answers the colour to play. Files below are
# written under /tmp and overwritten on each run.
1 boardsize 9
2 komi 6.5
3 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[9\]KM\[6\.5\]\)]
4 printsgf /tmp/quintet-tst-go_sgf-0.sgf
#? []
5 loadsgf /tmp/quintet-tst-go_sgf-0.sgf
#? [black]
#
# A game with a double capture and a pass.
#     A B C
#   3 X . .
#   2 O X .
#   1 X O X      black A1 (move 7) takes A2 and B1
6 play b b2
7 play w a2
8 play b a3
9 play w b1
10 play b c1
11 play w pass
12 play b a1
13 play w e5
#? []
14 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[9\]KM\[6\.5\]\n;B\[bh\];W\[ah\];B\[ag\];W\[bi\];B\[ci\];W\[\];B\[ai\];W\[ee\]\)]
15 printsgf /tmp/quintet-tst-go_sgf-1.sgf
#? []
# Change everything, then load it back.
16 boardsize 5
17 komi 0
18 play b c3
19 loadsgf /tmp/quintet-tst-go_sgf-1.sgf
#? [black]
20 list_stones black
#? [A3 B2 A1 C1]
21 list_stones white
#? [E5]
22 captures black
#? [2]
23 get_komi
#? [6\.5]
24 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[9\]KM\[6\.5\]\n;B\[bh\];W\[ah\];B\[ag\];W\[bi\];B\[ci\];W\[\];B\[ai\];W\[ee\]\)]
# The loaded moves are history: undo takes them back.
25 undo
#? []
26 undo
#? []
27 list_stones white
#? [A2 B1]
28 captures black
#? [0]
#
# MOVE: stop before that move.
29 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 1
#? [black]
30 list_stones black
#? []
31 undo
#? [?cannot undo]
32 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 2
#? [white]
33 list_stones black
#? [B2]
34 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 7
#? [black]
35 list_stones white
#? [A2 B1]
36 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 8
#? [white]
37 list_stones white
#? []
38 captures b
#? [2]
39 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 9
#? [black]
40 list_stones white
#? [E5]
41 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 1000
#? [black]
42 list_stones white
#? [E5]
43 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 0
#? [?invalid move number]
44 loadsgf /tmp/quintet-tst-go_sgf-1.sgf -1
#? [?invalid move number]
45 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 1.5
#? [?invalid move number]
46 loadsgf /tmp/quintet-tst-go_sgf-1.sgf c3
#? [?invalid move number]
47 loadsgf
#? [?wrong number of arguments]
48 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 1 2
#? [?wrong number of arguments]
49 printsgf /tmp/quintet-tst-go_sgf-1.sgf extra
#? [?wrong number of arguments]
#
# A failed load leaves the game as it was.
50 boardsize 5
51 komi 2.5
52 play b c3
53 loadsgf /tmp/quintet-tst-go_sgf-does-not-exist.sgf
#? [?cannot open file: .+]
54 loadsgf /tmp
#? [?not a regular file]
55 loadsgf /dev/null
#? [?not a regular file]
56 loadsgf /tmp/quintet-tst-go_sgf-1.sgf 0
#? [?invalid move number]
57 list_stones black
#? [C3]
58 get_komi
#? [2\.5]
59 undo
#? []
60 undo
#? [?cannot undo]
# printsgf to a place it cannot write.
61 printsgf /tmp/quintet-tst-go_sgf-no-such-dir/x.sgf
#? [?cannot write file: .+]
# Only a regular file is replaced: a directory or a device is left alone.
62 printsgf /tmp
#? [?not a regular file]
62 printsgf /dev/null
#? [?not a regular file]
#
# A move the current rules forbid makes the whole load fail: a
# tromp-taylor suicide (move 7), loaded under chinese rules.
#     A B
#   3 O .
#   2 * O
#   1 X O
63 rules tromp-taylor
64 komi -3.5
65 play b a1
66 play w b1
67 play b e5
68 play w a3
69 play b e4
70 play w b2
71 play b a2
#? []
72 printsgf /tmp/quintet-tst-go_sgf-2.sgf
#? []
73 rules chinese
74 clear_board
75 play b c3
76 loadsgf /tmp/quintet-tst-go_sgf-2.sgf
#? [?illegal move 7 in sgf]
77 list_stones black
#? [C3]
78 loadsgf /tmp/quintet-tst-go_sgf-2.sgf 7
#? [black]
79 list_stones black
#? [E5 E4 A1]
80 get_komi
#? [-3\.5]
81 rules tromp-taylor
82 loadsgf /tmp/quintet-tst-go_sgf-2.sgf
#? [white]
83 list_stones black
#? [E5 E4]
84 captures white
#? [2]
#
# The smallest and the largest boards. On boards above 19x19, "tt" is a
# point (U6 on 25x25), not a pass; passes are always written as [].
85 boardsize 2
86 play b a1
87 play w b2
88 printsgf /tmp/quintet-tst-go_sgf-3.sgf
#? []
89 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[2\]KM\[-3\.5\]\n;B\[ab\];W\[ba\]\)]
90 boardsize 25
91 play b z25
92 play w a1
93 play b u6
94 play b pass
95 printsgf /tmp/quintet-tst-go_sgf-4.sgf
#? []
96 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[quintet:[^]]*\]SZ\[25\]KM\[-3\.5\]\n;B\[ya\];W\[ay\];B\[tt\];B\[\]\)]
97 loadsgf /tmp/quintet-tst-go_sgf-3.sgf
#? [black]
98 list_stones white
#? [B2]
99 loadsgf /tmp/quintet-tst-go_sgf-4.sgf
#? [white]
100 list_stones black
#? [Z25 U6]
101 list_stones white
#? [A1]
# Ten moves per line.
102 boardsize 19
103 play b a1
104 play w b1
105 play b c1
106 play w d1
107 play b e1
108 play w f1
109 play b g1
110 play w h1
111 play b j1
112 play w k1
113 play b l1
114 printsgf
#? [\(;[^\n]*\n;B\[as\];W\[bs\];B\[cs\];W\[ds\];B\[es\];W\[fs\];B\[gs\];W\[hs\];B\[is\];W\[js\]\n;B\[ks\]\)]
