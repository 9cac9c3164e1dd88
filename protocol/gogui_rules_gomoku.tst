# GoGui's rules extension in Gomoku: a whole game on 5x5 played by clicks
# (`play B A1`, as GoGui sends them) from the legal points listed, the list
# shrinking stone by stone and empty after the five, the final result; then
# renju, where black's forbidden points are left out of the list and marked
# in the board graphics, and the errors.
1 game gomoku
#? []
2 boardsize 5
#? []
3 gogui-rules_game_id
#? [Gomoku]
4 gogui-rules_board_size
#? [5]
5 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.]
6 gogui-rules_side_to_move
#? [black]
7 gogui-rules_legal_moves
#? [A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 A2 B2 C2 D2 E2 A1 B1 C1 D1 E1]
8 gogui-rules_board_gfx
#? []
9 gogui-rules_final_result
#? [?game not over]
# Gomoku has no captures: GoGui asks only for what list_commands names.
10 known_command gogui-rules_captured_count
#? [false]
#
# The game: black along row 1, white along row 2.
11 play B A1
#? []
12 gogui-rules_side_to_move
#? [white]
13 gogui-rules_legal_moves
#? [A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 A2 B2 C2 D2 E2 B1 C1 D1 E1]
# White's point is not black's to click.
14 play B A2
#? [?out of turn]
15 play W A2
#? []
16 play B B1
#? []
17 play W B2
#? []
18 play B C1
#? []
19 play W C2
#? []
20 play B D1
#? []
21 play W D2
#? []
22 gogui-rules_legal_moves
#? [A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 E2 E1]
23 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\nO O O O \.\nX X X X \.]
24 play B E1
#? []
25 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. \. \. \.\nO O O O \.\nX X X X X]
# Over: the list is empty, which GoGui takes for the end, and asks why.
26 gogui-rules_legal_moves
#? []
27 gogui-rules_final_result
#? [Black wins \(five in a row\)\.]
28 final_score
#? [B\+]
29 play W E2
#? [?game over]
# undo takes the five back: the game goes on, black to move.
30 undo
#? []
31 gogui-rules_side_to_move
#? [black]
32 gogui-rules_legal_moves
#? [A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 E2 E1]
#
# Renju: G8 is a double three for black, so not listed, and marked.
33 boardsize 15
#? []
34 rules renju
#? []
35 play B H8
#? []
36 play W A1
#? []
37 play B J8
#? []
38 play W A3
#? []
39 play B G9
#? []
40 play W A5
#? []
41 play B G10
#? []
42 play W A7
#? []
43 forbidden
#? [G8]
44 gogui-rules_board_gfx
#? [MARK G8]
45 gogui-rules_legal_moves
#? [A15 B15 .* F10 H10 .* F8 K8 .* P1]
46 play B G8
#? [?illegal move]
# Under freestyle nothing is forbidden: G8 is listed, nothing marked.
47 rules freestyle
#? []
48 gogui-rules_board_gfx
#? []
49 gogui-rules_legal_moves
#? [A15 B15 .* F10 H10 .* F8 G8 K8 .* P1]
50 gogui-rules_board
#? [(\. ){14}\.\n(\. ){14}\.\n(\. ){14}\.\n(\. ){14}\.\n(\. ){14}\.\n(\. ){6}X( \.){8}\n(\. ){6}X( \.){8}\n(\. ){7}X X( \.){6}\nO( \.){14}\n(\. ){14}\.\nO( \.){14}\n(\. ){14}\.\nO( \.){14}\n(\. ){14}\.\nO( \.){14}]
