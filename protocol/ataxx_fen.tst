# Ataxx FEN: loadfen/fen round trips on 4x4..16x16, gaps, counters, b/w
# spellings, and every error (which leaves the game unchanged).
1 game ataxx
2 loadfen x5o/7/7/7/7/7/o5x x 0 1
#? []
3 fen
#? [x5o/7/7/7/7/7/o5x x 0 1]
4 showboard
#? [\n   a b c d e f g\n 7 x \. \. \. \. \. o 7\n.* 1 o \. \. \. \. \. x 1\n   a b c d e f g\nblack \(x\) 2, white \(o\) 2\nmoves 0, black to move]
# Gaps, counters.
5 loadfen x5o/7/2-1-2/3-3/2-1-2/7/o5x o 17 42
6 fen
#? [x5o/7/2-1-2/3-3/2-1-2/7/o5x o 17 42]
7 showboard
#? [.* 5 \. \. - \. - \. \. 5\n 4 \. \. \. - \. \. \. 4\n.*\nmoves 0, white to move]
# Counters are optional: 0 and 1.
8 loadfen x5o/7/7/7/7/7/o5x o
9 fen
#? [x5o/7/7/7/7/7/o5x o 0 1]
10 loadfen x5o/7/7/7/7/7/o5x o 12
11 fen
#? [x5o/7/7/7/7/7/o5x o 12 1]
# b/w and upper case are read, x/o written.
12 loadfen B5W/7/7/7/7/7/w5b B 3 4
13 fen
#? [x5o/7/7/7/7/7/o5x x 3 4]
14 loadfen 7/7/7/7/7/7/7 w
15 fen
#? [7/7/7/7/7/7/7 o 0 1]
# Other sizes; runs of 10 to 16 empty squares.
16 loadfen x3/4/4/3o x 0 1
17 fen
#? [x3/4/4/3o x 0 1]
18 loadfen x9/10/10/10/10/10/10/10/10/9o o 3 9
19 fen
#? [x9/10/10/10/10/10/10/10/10/9o o 3 9]
20 loadfen x14o/16/16/16/16/16/16/16/16/16/16/16/16/16/16/o14x x 0 1
21 fen
#? [x14o/16/16/16/16/16/16/16/16/16/16/16/16/16/16/o14x x 0 1]
22 showboard
#? [\n   a b c d e f g h i j k l m n o p\n16 x \. .*\n 1 o .* x 1\n   a b c .* p\nblack \(x\) 2, white \(o\) 2\nmoves 0, black to move]
# Digits in a row are one number: x23o is x, 23 empty squares, o.
23 loadfen x23o/7/7/7/7/7/o5x x 0 1
#? [?invalid fen: row 7 is longer than 7 squares]
24 loadfen x5o/7/7/7/7/7/o5x x 0 1
# The loaded position is where undo stops; play goes on from it.
25 play b b7
26 undo
#? []
27 undo
#? [?cannot undo]
28 fen
#? [x5o/7/7/7/7/7/o5x x 0 1]
#
# Errors: the game stays as it was.
29 loadfen x5o/7/7/7/7/7/o5x
#? [?invalid fen: need the board and the side to move]
30 loadfen x5o/7/7/7/7/7/o5x x 0 1 extra
#? [?invalid fen: more than 4 fields]
31 loadfen x2/3/2o x
#? [?invalid fen: 3 rows; boards are 4x4 to 16x16]
32 loadfen 17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 x
#? [?invalid fen: 17 rows; boards are 4x4 to 16x16]
33 loadfen x5o/7/7/7/7/7/o4x x
#? [?invalid fen: row 1 has 6 squares, not 7]
34 loadfen x5o/7/7/8/7/7/o5x x
#? [?invalid fen: row 4 is longer than 7 squares]
35 loadfen x5o/7/7/7x/7/7/o5x x
#? [?invalid fen: row 4 is longer than 7 squares]
36 loadfen x5o/7/7/07/7/7/o5x x
#? [?invalid fen: unexpected character '0']
37 loadfen x5o/7/7/7/7/7/o5z x
#? [?invalid fen: unexpected character 'z']
38 loadfen x5o/7/7//7/7/o5x x
#? [?invalid fen: row 4 has 0 squares, not 7]
39 loadfen x5o/7/7/7/7/7/o5x/ x
#? [?invalid fen: row 8 has 7 squares, not 8]
40 loadfen x5o/7/7/7/7/7/o5x black
#? [?invalid fen: side to move must be x or o]
41 loadfen x5o/7/7/7/7/7/o5x -
#? [?invalid fen: side to move must be x or o]
42 loadfen x5o/7/7/7/7/7/o5x x -1 1
#? [?invalid fen: bad half-move clock '-1']
43 loadfen x5o/7/7/7/7/7/o5x x a 1
#? [?invalid fen: bad half-move clock 'a']
44 loadfen x5o/7/7/7/7/7/o5x x 0 0
#? [?invalid fen: bad move number '0']
45 loadfen x5o/7/7/7/7/7/o5x x 0 1.5
#? [?invalid fen: bad move number '1.5']
46 loadfen x5o/7/7/7/7/7/o5x x 99999999999999999999 1
#? [?invalid fen: bad half-move clock '99999999999999999999']
47 loadfen
#? [?wrong number of arguments]
48 fen
#? [x5o/7/7/7/7/7/o5x x 0 1]
49 fen now
#? [?wrong number of arguments]
