# final_status_list and final_score at the end of finished games, against
# GNU Go 3.8's own answers (--chinese-rules), which are the expected
# replies here: GNU Go's games against itself played to two passes
# (go_status.tst and go_status2.tst: 16 at level 1 on 9x9, and a seki;
# go_status3.tst: 10 at level 5 on 9x9; go_status4.tst: 6 at level 3 on
# 13x13, 4 at level 1 on 19x19), generated once by tools/go_status_tst.py,
# the moves kept below. final_status_list lists a string per line, stones in list order,
# as GNU Go does; final_score removes the dead stones (chinese rules, the
# default). Each game: boardsize, clear_board, komi 7, its moves.
#
# GNU Go level 1 against itself, 9x9, seed 9: 39 moves
boardsize 9
clear_board
komi 7
play b E5
play w C4
play b D3
play w C3
play b C6
play w D2
play b F6
play w G4
play b F3
play w H6
play b G3
play w H3
play b E2
play w G2
play b B5
play w G7
play b F7
play w D1
play b E1
play w G8
play b F8
play w F9
play b E9
play w G9
play b D8
play w F4
play b E4
play w F2
play b E3
play w H2
play b G5
play w H5
play b F1
play w G1
play b F5
play w H4
play b G6
play w PASS
play b PASS
1 final_status_list dead
#? [C4 C3\nD2 D1]
2 final_status_list seki
#? []
3 final_score
#? [B\+20]
#
# GNU Go level 1 against itself, 9x9, seed 10: 39 moves
boardsize 9
clear_board
komi 7
play b F5
play w D5
play b E6
play w C7
play b E3
play w E8
play b C3
play w C4
play b B3
play w E4
play b F4
play w G8
play b G3
play w B4
play b A4
play w A5
play b A3
play w B6
play b G6
play w D3
play b D2
play w D4
play b F2
play w H7
play b H6
play w J6
play b J5
play w J7
play b H4
play w D6
play b F7
play w F8
play b G7
play w H8
play b E7
play w D7
play b E5
play w PASS
play b PASS
4 final_status_list dead
#? []
5 final_status_list seki
#? []
6 final_score
#? [W\+2]
#
# GNU Go level 1 against itself, 9x9, seed 11: 34 moves
boardsize 9
clear_board
komi 7
play b E5
play w C5
play b E7
play w E4
play b F5
play w G3
play b C6
play w B6
play b D5
play w B4
play b G4
play w D4
play b F3
play w F4
play b G2
play w H3
play b H2
play w E2
play b H4
play w B7
play b C7
play w B8
play b C8
play w C9
play b D9
play w B9
play b E8
play w E3
play b F2
play w F1
play b G1
play w E1
play b PASS
play w PASS
7 final_status_list dead
#? [G3 H3]
8 final_status_list seki
#? []
9 final_score
#? [B\+6]
#
# GNU Go level 1 against itself, 9x9, seed 12: 35 moves
boardsize 9
clear_board
komi 7
play b E5
play w C4
play b C6
play w G7
play b E3
play w D3
play b E7
play w G3
play b E4
play w G5
play b E2
play w D2
play b B5
play w F8
play b E8
play w F2
play b E1
play w E9
play b D9
play w F9
play b C8
play w F6
play b F3
play w G2
play b F7
play w G8
play b F5
play w G4
play b E6
play w G6
play b F1
play w G1
play b F4
play w PASS
play b PASS
10 final_status_list dead
#? [C4\nD3 D2]
11 final_status_list seki
#? []
12 final_score
#? [B\+10]
#
# GNU Go level 1 against itself, 9x9, seed 13: 37 moves
boardsize 9
clear_board
komi 7
play b E5
play w C4
play b D3
play w C3
play b D2
play w D6
play b F7
play w G3
play b G5
play w H4
play b C2
play w D7
play b H5
play w H2
play b F2
play w E8
play b B2
play w B3
play b F8
play w F9
play b G9
play w E9
play b G8
play w A2
play b D4
play w D5
play b E7
play w D8
play b E6
play w B1
play b C1
play w A3
play b A1
play w PASS
play b B1
play w PASS
play b PASS
13 final_status_list dead
#? [H4\nG3\nH2]
14 final_status_list seki
#? []
15 final_score
#? [B\+14]
#
# GNU Go level 1 against itself, 9x9, seed 14: 26 moves
boardsize 9
clear_board
komi 7
play b E5
play w D4
play b E4
play w D5
play b D6
play w D3
play b F6
play w C6
play b F2
play w D7
play b E8
play w D8
play b E7
play w E2
play b E3
play w D2
play b F1
play w E9
play b F9
play w D9
play b G8
play w E1
play b E6
play w C7
play b PASS
play w PASS
16 final_status_list dead
#? []
17 final_status_list seki
#? []
18 final_score
#? [W\+2]
#
# GNU Go level 1 against itself, 9x9, seed 15: 43 moves
boardsize 9
clear_board
komi 7
play b E5
play w C4
play b C5
play w E3
play b B5
play w F7
play b G5
play w B3
play b D7
play w H6
play b H5
play w H8
play b G3
play w E8
play b D8
play w G6
play b F2
play w E2
play b E1
play w C2
play b D1
play w J5
play b J4
play w J6
play b H3
play w D9
play b C9
play w E9
play b C8
play w E6
play b D4
play w D6
play b B4
play w C3
play b C6
play w D5
play b E7
play w F6
play b E4
play w G8
play b F5
play w PASS
play b PASS
19 final_status_list dead
#? [C4 B3 C3 C2\nE3 E2]
20 final_status_list seki
#? []
21 final_score
#? [B\+28]
#
# GNU Go level 1 against itself, 9x9, seed 16: 43 moves
boardsize 9
clear_board
komi 7
play b E5
play w C5
play b D7
play w G5
play b G6
play w H6
play b F7
play w B7
play b H7
play w D3
play b F5
play w G4
play b E3
play w F2
play b E2
play w D2
play b F3
play w J5
play b G3
play w E1
play b G2
play w F1
play b D4
play w C4
play b G1
play w D1
play b C8
play w B8
play b D5
play w C7
play b D8
play w C9
play b D9
play w B9
play b C6
play w B3
play b B6
play w B5
play b A5
play w A4
play b A6
play w PASS
play b PASS
22 final_status_list dead
#? [B9 C9 B8 B7 C7\nH6\nG5 G4\nJ5]
23 final_status_list seki
#? []
24 final_score
#? [B\+34]
