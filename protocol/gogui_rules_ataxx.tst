# GoGui's rules extension in Ataxx: a whole game on 4x4 (layout corners)
# played by clicks as GoGui sends them: a clone is one click on its square;
# a jump two, the piece (picked up: the turn stays, showboard frames it,
# the board graphics mark where it goes) and then its square; a click on
# the piece picked up puts it down; undo takes back one click. The list
# shrinks to empty at the end, and the result is a sentence. Then a pass
# forced under standard rules, the gaps of a FEN as holes, and a board
# GoGui cannot show.
1 game ataxx
#? []
2 boardsize 4
#? []
3 layout corners
#? []
4 gogui-rules_game_id
#? [Ataxx]
5 gogui-rules_board_size
#? [4]
6 gogui-rules_board
#? [\. \. \. O\n\. \. \. \.\n\. \. \. \.\nX \. \. \.]
7 gogui-rules_side_to_move
#? [black]
# x's clones (A2 B2 B1) and its piece, which can jump (A1).
8 gogui-rules_legal_moves
#? [A2 B2 A1 B1]
9 gogui-rules_board_gfx
#? []
10 known_command gogui-rules_captured_count
#? [false]
# A clone: one click.
11 play B B2
#? []
12 play W C3
#? []
13 gogui-rules_board
#? [\. \. \. O\n\. \. O \.\n\. O \. \.\nX \. \. \.]
# A jump: the piece first. It stays x's turn.
14 play B A1
#? []
15 gogui-rules_side_to_move
#? [black]
16 showboard
#? [\n   a b c d\n 4 \. \. \. o 4\n 3 \. \. o \. 3\n 2 \. o \. \. 2\n 1\[x\]\. \. \. 1\n   a b c d\n.*]
# Now its clones and jumps, and the piece itself (to put it down).
17 gogui-rules_legal_moves
#? [A3 B3 A2 C2 A1 B1 C1]
18 gogui-rules_board_gfx
#? [MARK A2 B1\nSQUARE A1\nTRIANGLE A3 B3 C2 C1]
19 is_legal B A1
#? [1]
20 is_legal B C2
#? [1]
21 is_legal B D4
#? [0]
# o's piece is not x's to pick up, nor o's while x is to move (out of
# turn, as every Ataxx move of the side not to move).
22 play B D4
#? [?illegal move]
23 play W D4
#? [?out of turn]
24 play B A1
#? []
25 gogui-rules_legal_moves
#? [A2 A1 B1]
26 play B A1
#? []
27 play B C2
#? []
28 gogui-rules_board
#? [\. \. \. O\n\. \. X \.\n\. X X \.\n\. \. \. \.]
29 gogui-rules_side_to_move
#? [white]
# undo takes back a click at a time: the jump (the piece picked up again),
# the second pick, the put-down.
30 undo
#? []
31 showboard
#? [\n   a b c d\n 4 \. \. \. o 4\n 3 \. \. o \. 3\n 2 \. o \. \. 2\n 1\[x\]\. \. \. 1\n   a b c d\n.*]
32 undo
#? []
33 gogui-rules_board_gfx
#? []
34 undo
#? []
35 gogui-rules_board_gfx
#? [MARK A2 B1\nSQUARE A1\nTRIANGLE A3 B3 C2 C1]
36 play B C2
#? []
37 fen
#? [3o/2x1/1xx1/4 o 1 2]
# White, then the game on to its end, each move clicked.
38 play W D3
#? []
39 gogui-rules_legal_moves
#? [A3 B3 A2 B2 A1 B1 C1]
40 play B B2
#? []
41 play B C4
#? []
42 gogui-rules_legal_moves
#? [B3 B2 C2 D2 B1 C1 D1]
43 play W B3
#? []
44 gogui-rules_legal_moves
#? [D4 D3 D2]
45 play B D3
#? []
46 play B B2
#? []
47 play W D3
#? []
48 play B B3
#? []
49 play B D2
#? []
50 play W B3
#? []
51 play B D2
#? []
52 play B B4
#? []
53 play W A3
#? []
54 play B C4
#? []
55 play B A4
#? []
56 play W C4
#? []
57 play B A2
#? []
58 play W B1
#? []
59 play B A3
#? []
60 play B A1
#? []
61 play W A3
#? []
62 gogui-rules_legal_moves
#? [A1 B1 C1]
63 play B B1
#? []
64 play B D2
#? []
65 play W B1
#? []
66 gogui-rules_legal_moves
#? [C3 D3 D2 C1 D1]
67 play B C1
#? []
68 gogui-rules_legal_moves
#? [B3]
69 play W B3
#? []
70 play W D1
#? []
71 gogui-rules_legal_moves
#? [B3 C3 D3 B2 B1]
72 gogui-rules_final_result
#? [?game not over]
73 play B B3
#? []
74 gogui-rules_legal_moves
#? []
75 gogui-rules_board
#? [X X X O\nX X X X\nX X X O\nO X O O]
76 gogui-rules_final_result
#? [Black wins by 6 squares\.]
77 final_score
#? [B\+6]
78 play B A1
#? [?game over]
# Standard rules: a side with no move passes, and pass is all it may click.
79 rules standard
#? []
80 loadfen ooo1/oooo/oooo/xooo x
#? []
81 gogui-rules_legal_moves
#? [pass]
82 play B A1
#? [?illegal move]
83 play B pass
#? []
84 gogui-rules_legal_moves
#? [B4 C4 D4 B3 C3 D3 B2 C2 D2]
85 play W D4
#? []
86 gogui-rules_legal_moves
#? []
87 gogui-rules_final_result
#? [White wins by 14 pieces\.]
# A FEN's gaps are holes (?), never listed.
88 loadfen x1-o/4/-2-/o2x o
#? []
89 gogui-rules_board
#? [X \. \? O\n\. \. \. \.\n\? \. \. \?\nO \. \. X]
90 gogui-rules_legal_moves
#? [D4 C3 D3 B2 A1 B1]
# A piece picked up is put down by any new position (the status line is
# the game's: only the frame matters here).
91 play W D4
#? []
92 clear_board
#? []
93 showboard
#? [\n   a b c d\n 4 \. \. \. o 4\n 3 \. \. \. \. 3\n 2 \. \. \. \. 2\n 1 x \. \. \. 1\n   a b c d\n.*]
# Over 8x8 GoGui's column J is Ataxx's i: no command answers.
94 boardsize 9
#? []
95 gogui-rules_board_size
#? [?no gogui board over 8x8 \(gogui skips column i\)]
96 gogui-rules_legal_moves
#? [?no gogui board over 8x8 \(gogui skips column i\)]
97 gogui-rules_game_id
#? [?no gogui board over 8x8 \(gogui skips column i\)]
