# Ataxx: defaults, showboard, clones, jumps, captures, colours, turn order,
# move errors, is_legal, list_moves, undo.
1 game ataxx
#? []
2 game
#? [ataxx]
# A new game: 7x7, yinyang, rows 2 (the classic board), x to move.
3 showboard
#? [\n   a b c d e f g\n 7 o o o o o o o 7\n 6 o o o o o o o 6\n 5 \. \. \. \. \. \. \. 5\n 4 \. \. \. \. \. \. \. 4\n 3 \. \. \. \. \. \. \. 3\n 2 x x x x x x x 2\n 1 x x x x x x x 1\n   a b c d e f g\nblack \(x\) 14, white \(o\) 14\nmoves 0, black to move]
4 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
5 rules
#? [yinyang \*\nstandard]
6 layout
#? [rows 2]
# Every clone of x, then every jump (by origin, then destination).
7 list_moves
#? [a3 b3 c3 d3 e3 f3 g3 a1a3 a1b3 a1c3 b1a3 b1b3 b1c3 b1d3 c1a3 c1b3 c1c3 c1d3 c1e3 d1b3 d1c3 d1d3 d1e3 d1f3 e1c3 e1d3 e1e3 e1f3 e1g3 f1d3 f1e3 f1f3 f1g3 g1e3 g1f3 g1g3 a2c3 a2a4 a2b4 a2c4 b2d3 b2a4 b2b4 b2c4 b2d4 c2a3 c2e3 c2a4 c2b4 c2c4 c2d4 c2e4 d2b3 d2f3 d2b4 d2c4 d2d4 d2e4 d2f4 e2c3 e2g3 e2c4 e2d4 e2e4 e2f4 e2g4 f2d3 f2d4 f2e4 f2f4 f2g4 g2e3 g2e4 g2f4 g2g4]
8 list_moves o
#? [a5 b5 c5 d5 e5 f5 g5 .* g7g5]
9 list_moves O
#? [a5 .*]
#
# A clone grows, a jump moves; neighbours of the destination turn.
10 play b c3
#? []
11 play w c5
#? []
12 fen
#? [ooooooo/ooooooo/2o4/7/2x4/xxxxxxx/xxxxxxx x 0 2]
13 play b a2c4
#? []
14 fen
#? [ooooooo/ooooooo/2x4/2x4/2x4/1xxxxxx/xxxxxxx o 1 2]
15 showboard
#? [.* 5 \. \. x \. \. \. \. 5\n 4 \. \. x \. \. \. \. 4\n.* 2 \. x x x x x x 2\n.*\nblack \(x\) 16, white \(o\) 14\nmoves 3, last black a2c4, white to move]
# A clone next to two x pieces turns them both.
16 play w d5
#? []
17 fen
#? [ooooooo/ooooooo/2oo3/2o4/2x4/1xxxxxx/xxxxxxx x 0 3]
# Upper-case moves and colour words.
18 play BLACK D3
#? []
19 fen
#? [ooooooo/ooooooo/2oo3/2x4/2xx3/1xxxxxx/xxxxxxx o 0 3]
20 play White b5
#? []
#
# Only the side to move moves (PROTOCOL.md, "Whose turn"): x now, so o,
# in any spelling, is out of turn and changes nothing.
21 play w e4
#? [?out of turn]
21 play o e4
#? [?out of turn]
22 play b e3
#? []
23 fen
#? [ooooooo/ooooooo/1ooo3/2o4/2xxx2/1xxxxxx/xxxxxxx o 0 4]
# showboard's status line: the last move with its colour, the side to move.
23 showboard
#? [.*\nblack \(x\) 16, white \(o\) 18\nmoves 7, last black e3, white to move]
# undo takes moves back one by one, to the start.
24 undo
#? []
25 fen
#? [ooooooo/ooooooo/1ooo3/2o4/2xx3/1xxxxxx/xxxxxxx x 0 4]
26 undo
27 undo
28 undo
29 undo
30 undo
31 undo
#? []
32 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
33 undo
#? [?cannot undo]
#
# Move errors: colour first, then the text, then the rules.
34 play y c3
#? [?invalid color]
35 play b z1
#? [?invalid coordinate]
36 play b h1
#? [?invalid coordinate]
37 play b a8
#? [?invalid coordinate]
38 play b a0
#? [?invalid coordinate]
39 play b a01
#? [?invalid coordinate]
40 play b a1a1
#? [?invalid coordinate]
41 play b a1b
#? [?invalid coordinate]
42 play b c3d3e3
#? [?invalid coordinate]
43 play b -
#? [?invalid coordinate]
# occupied (by o: a square of x's own picks its piece up, as a click in
# GoGui does, see gogui_rules_ataxx.tst); out of reach; a jump of 3; g1f2
# is a clone written as f2; not x's piece; pass while moves exist (and
# never in yinyang)
44 play b c6
#? [?illegal move]
45 play b c4
#? [?illegal move]
46 play b a2a5
#? [?illegal move]
47 play b a1d4
#? [?illegal move]
48 play b g1f2
#? [?illegal move]
49 play b a6a4
#? [?illegal move]
50 play b pass
#? [?illegal move]
51 play b 0000
#? [?illegal move]
52 play b
#? [?wrong number of arguments]
# The turn after the text and game over, before the rules: o's occupied
# c2 is out of turn, its z1 invalid.
52 play w c2
#? [?out of turn]
52 play w z1
#? [?invalid coordinate]
53 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
#
# play and genmove take x and o (any case) as well.
53 play x c3
#? []
53 play O c5
#? []
53 undo
53 undo
#
# is_legal takes x and o too, and asks the rules only, whoever is to move
# (o's a7a5 while x is to move).
54 is_legal x c3
#? [1]
55 is_legal X a2c4
#? [1]
56 is_legal o c3
#? [0]
57 is_legal o a7a5
#? [1]
58 is_legal b a2b3
#? [0]
59 is_legal black pass
#? [0]
60 is_legal y c3
#? [?invalid color]
61 is_legal b q3
#? [?invalid coordinate]
62 is_legal b
#? [?wrong number of arguments]
63 list_moves z
#? [?invalid color]
64 list_moves b w
#? [?wrong number of arguments]
#
# Larger boards: columns to p, rows to 16.
65 boardsize 16
66 play b p3
#? []
67 play w a14
#? []
68 play b p2n4
#? []
69 fen
#? [oooooooooooooooo/oooooooooooooooo/o15/16/16/16/16/16/16/16/16/16/13x2/15x/xxxxxxxxxxxxxxx1/xxxxxxxxxxxxxxxx o 1 2]
70 play w a10a12
#? [?illegal move]
73 play w a14a12
#? []
71 play w q1
#? [?invalid coordinate]
72 play w a17
#? [?invalid coordinate]
