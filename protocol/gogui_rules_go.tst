#! engine-args: --seed 1
# GoGui's rules extension in Go, whose answers are what GoGui knows of Go
# (GoGui plays Go itself and attaches no ruler to a program whose game id
# is Go): a short game on 3x3 by clicks, a capture counted, the suicide
# point left out of the list, pass always listed, two passes ending it
# (empty list), the final result with final_score's count.
1 gogui-rules_game_id
#? [Go]
2 gogui-rules_board_size
#? [19]
3 boardsize 3
#? []
4 gogui-rules_board_size
#? [3]
5 gogui-rules_board
#? [\. \. \.\n\. \. \.\n\. \. \.]
6 gogui-rules_side_to_move
#? [black]
7 gogui-rules_legal_moves
#? [A3 B3 C3 A2 B2 C2 A1 B1 C1 pass]
8 gogui-rules_board_gfx
#? []
9 gogui-rules_captured_count
#? [0 0]
10 gogui-rules_final_result
#? [?game not over]
11 play B B2
#? []
12 gogui-rules_side_to_move
#? [white]
13 play W A1
#? []
14 play B A2
#? []
15 gogui-rules_legal_moves
#? [A3 B3 C3 C2 B1 C1 pass]
16 play W C3
#? []
# B1 captures A1: black has captured one stone.
17 play B B1
#? []
18 gogui-rules_captured_count
#? [1 0]
19 gogui-rules_board
#? [\. \. O\nX X \.\n\. X \.]
# A1 would be white's suicide (chinese rules): not listed, and refused.
20 gogui-rules_legal_moves
#? [A3 B3 C2 C1 pass]
21 play W A1
#? [?illegal move]
22 play W PASS
#? []
23 gogui-rules_legal_moves
#? [A3 B3 C2 A1 C1 pass]
24 play B pass
#? []
# Two passes: the list is empty and GoGui asks for the result, which is
# final_score's (the white stone counted dead), in words.
25 gogui-rules_legal_moves
#? []
26 final_score
#? [B\+1\.5]
27 gogui-rules_final_result
#? [Black wins by 1\.5 points\.]
# undo takes a pass back: the game goes on.
28 undo
#? []
29 gogui-rules_legal_moves
#? [A3 B3 C2 A1 C1 pass]
30 gogui-rules_final_result
#? [?game not over]
31 komi 9
#? []
32 play B pass
#? []
33 gogui-rules_final_result
#? [Draw\.]
34 komi 8
#? []
35 gogui-rules_final_result
#? [Black wins by 1 point\.]
# Mastermind has no board: none of the commands.
36 game mastermind
#? []
37 gogui-rules_game_id
#? [?unknown command \(help lists the commands\)]
38 known_command gogui-rules_legal_moves
#? [false]
