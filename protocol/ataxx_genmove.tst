# Ataxx genmove: the levels, the form of moves, seeds, forced passes, and
# random games played to their end.
1 game ataxx
2 level
#? [easy \*\ngreedy\nmedium\nhard]
3 level impossible
#? [?unknown level \(easy, greedy, medium, hard\)]
# easy: a uniformly random legal move; the same seed, the same move.
4 set_random_seed 42
5 genmove b
#? [g3]
6 undo
7 set_random_seed 42
8 genmove b
#? [g3]
# Only the side to move may be asked for: o now; x is out of turn, and
# so is o after its move.
9 genmove x
#? [?out of turn]
9 genmove xo
#? [?invalid color]
10 genmove
#? [?wrong number of arguments]
11 genmove w
#? [[a-g][1-7]|[a-g][1-7][a-g][1-7]]
12 genmove w
#? [?out of turn]
13 undo
14 undo
#? []
15 undo
#? [?cannot undo]
16 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
# greedy: the clone c3 turns four o pieces; nothing else turns more than 2.
17 loadfen 7/7/7/1ooo3/1o5/1x5/7 x 0 1
18 level greedy
19 genmove b
#? [c3]
20 fen
#? [7/7/7/1xxx3/1xx4/1x5/7 o 0 1]
# medium (alphabeta, depth 2) and hard (alphabeta, 200000 nodes or 2 s)
# find it too.
21 undo
22 level medium
23 genmove b
#? [c3]
24 undo
25 level hard
26 genmove b
#? [c3]
# A forced pass under standard rules; none under yinyang (game over).
27 level easy
28 rules standard
29 loadfen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1
30 genmove b
#? [pass]
31 rules yinyang
32 undo
33 genmove b
#? [?game over]
34 genmove w
#? [?game over]
#
# A random game on 5x5 (corners 2, standard) to its end: a finished game
# has a score, and genmove then fails.
35 rules standard
36 boardsize 5
37 layout corners 2
38 set_random_seed 7
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
39 final_score
#? [[BW]\+[0-9]+|0]
40 genmove b
#? [?game over]
41 showboard
#? [.*\nmoves [0-9]+, last (black|white) [a-e1-5]+, game over: ([BW]\+[0-9]+|0)]
# The same under yinyang, greedy against itself on 6x6 (rows 2).
42 rules yinyang
43 boardsize 6
44 layout rows 2
45 level greedy
46 set_random_seed 8
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
genmove b
genmove w
47 final_score
#? [[BW]\+[0-9]+|0]
48 genmove w
#? [?game over]
