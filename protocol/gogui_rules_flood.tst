# GoGui's rules extension in Flood: a whole game on a 4x3 board (loadboard)
# played by clicks, as GoGui sends them: a click on a square plays its
# colour. Owned squares are black's and white's stones, the others '.',
# painted their colour by the board graphics. The list (every square not
# owned: any colour may be played) shrinks to empty at the end; the result
# is a sentence. Then a square board's size, and one GoGui cannot show.
1 game flood
#? []
2 loadboard 1213/3121/2312 black
#? []
3 gogui-rules_game_id
#? [Flood]
4 gogui-rules_board_size
#? [4 3]
5 gogui-rules_board
#? [\. \. \. O\n\. \. \. \.\nX \. \. \.]
6 gogui-rules_board_gfx
#? [COLOR #e53935 A3 C3 B2 D2 C1\nCOLOR #43a047 B3 C2 D1\nCOLOR #1e88e5 A2 B1]
7 gogui-rules_side_to_move
#? [black]
8 gogui-rules_legal_moves
#? [A3 B3 C3 A2 B2 C2 D2 B1 C1 D1]
9 known_command gogui-rules_captured_count
#? [false]
# A2 is blue (3): black takes A2 and B1.
10 play B A2
#? []
11 board
#? [121W/B121/BB12]
12 gogui-rules_board
#? [\. \. \. O\nX \. \. \.\nX X \. \.]
# A square a player owns has no colour: not listed, and refused.
13 gogui-rules_legal_moves
#? [A3 B3 C3 B2 C2 D2 C1 D1]
14 play W D3
#? [?illegal move]
15 play B A1
#? [?out of turn]
# C3 is red (1): white takes C3, then the red squares around it.
16 play W C3
#? []
17 board
#? [12WW/B12W/BB12]
18 gogui-rules_legal_moves
#? [A3 B3 B2 C2 C1 D1]
# A colour's number or name is the move a click on a square of it is:
# red (1), here C1's colour.
19 play B 1
#? []
20 gogui-rules_board
#? [X \. O O\nX X \. O\nX X X \.]
21 gogui-rules_board_gfx
#? [COLOR #43a047 B3 C2 D1]
22 gogui-rules_legal_moves
#? [B3 C2 D1]
23 gogui-rules_final_result
#? [?game not over]
24 play W B3
#? []
25 gogui-rules_legal_moves
#? []
26 gogui-rules_board
#? [X O O O\nX X O O\nX X X O]
27 gogui-rules_board_gfx
#? []
28 gogui-rules_final_result
#? [Draw\.]
29 final_score
#? [0]
30 play B C2
#? [?game over]
# Taken back, the game ends another way: white plays red, which no square
# has any more (legal, as every colour is, but no square to click), and
# black takes the green squares.
31 undo
#? []
32 gogui-rules_side_to_move
#? [white]
33 play W red
#? []
34 gogui-rules_legal_moves
#? [B3 C2 D1]
35 play B D1
#? []
36 gogui-rules_legal_moves
#? []
37 gogui-rules_board
#? [X X O O\nX X X O\nX X X X]
38 gogui-rules_final_result
#? [Black wins by 6 squares\.]
39 final_score
#? [B\+6]
# A square board has one number; over 52 squares a side, GoGui has no room.
40 boardsize 5
#? []
41 gogui-rules_board_size
#? [5]
42 rectangular_boardsize 53 2
#? []
43 gogui-rules_board_size
#? [?no gogui board over 52x52]
44 gogui-rules_legal_moves
#? [?no gogui board over 52x52]
# GoGui replays the game from clear_board after every move: once the
# rules commands were asked, clear_board goes back to this game's start
# (the same board, the same starter), not to a new random board.
89 game flood
#? []
90 gogui-rules_game_id
#? [Flood]
91 loadboard 213W/3214/1232/B312
#? []
92 play black 3
#? []
93 board
#? [213W/3214/1232/BB12]
94 clear_board
#? []
95 board
#? [213W/3214/1232/B312]
96 gogui-rules_side_to_move
#? [black]
97 play black 3
#? []
