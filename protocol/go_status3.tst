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
# GNU Go level 5 against itself, 9x9, seed 1: 54 moves
boardsize 9
clear_board
komi 7
play b E5
play w D4
play b E4
play w D3
play b D5
play w E3
play b G3
play w G7
play b H4
play w D7
play b C5
play w B4
play b B5
play w B3
play b C8
play w F8
play b J7
play w H8
play b C7
play w D8
play b D9
play w E9
play b C9
play w H6
play b H5
play w J6
play b A4
play w F2
play b A3
play w H2
play b B2
play w G2
play b G5
play w C2
play b H3
play w B1
play b A2
play w J2
play b C4
play w C3
play b F3
play w F6
play b D6
play w E6
play b F5
play w G6
play b J3
play w J5
play b A5
play w C1
play b A1
play w J4
play b PASS
play w PASS
1 final_status_list dead
#? [J7]
2 final_status_list seki
#? []
3 final_score
#? [W\+16]
#
# GNU Go level 5 against itself, 9x9, seed 2: 36 moves
boardsize 9
clear_board
komi 7
play b E5
play w C3
play b E3
play w G3
play b G5
play w E2
play b F2
play w F3
play b D2
play w G7
play b H4
play w D7
play b D3
play w C2
play b C5
play w C4
play b H3
play w B5
play b C6
play w D4
play b E4
play w D5
play b E6
play w D6
play b E7
play w F8
play b E8
play w D8
play b E9
play w D9
play b C1
play w B1
play b D1
play w B2
play b PASS
play w PASS
4 final_status_list dead
#? [F8\nG7\nC6 C5\nF3 G3\nE2]
5 final_status_list seki
#? []
6 final_score
#? [B\+10]
#
# GNU Go level 5 against itself, 9x9, seed 3: 31 moves
boardsize 9
clear_board
komi 7
play b F6
play w C4
play b F3
play w D7
play b F7
play w D3
play b D6
play w C7
play b C6
play w B6
play b B5
play w B7
play b C5
play w E8
play b B4
play w G8
play b G5
play w H7
play b H6
play w F8
play b G7
play w H8
play b A5
play w J6
play b J5
play w J7
play b A6
play w A7
play b E7
play w PASS
play b PASS
7 final_status_list dead
#? [C4\nD3]
8 final_status_list seki
#? []
9 final_score
#? [B\+22]
#
# GNU Go level 5 against itself, 9x9, seed 4: 45 moves
boardsize 9
clear_board
komi 7
play b E5
play w C4
play b E3
play w C7
play b G7
play w G3
play b C2
play w D5
play b E6
play w F2
play b H5
play w H2
play b D7
play w C8
play b B3
play w F9
play b B5
play w D6
play b D8
play w E2
play b C6
play w C5
play b B6
play w D3
play b E4
play w D2
play b B4
play w C3
play b B2
play w H4
play b G5
play w J5
play b J6
play w J4
play b H7
play w C1
play b B1
play w D1
play b E8
play w F3
play b F4
play w G4
play b D4
play w PASS
play b PASS
10 final_status_list dead
#? [F9\nC8 C7]
11 final_status_list seki
#? []
12 final_score
#? [B\+20]
#
# GNU Go level 5 against itself, 9x9, seed 5: 40 moves
boardsize 9
clear_board
komi 7
play b F5
play w D5
play b E7
play w E3
play b C6
play w G4
play b C5
play w H6
play b D4
play w C2
play b H8
play w B3
play b B4
play w G7
play b G8
play w D3
play b E4
play w F4
play b G5
play w H5
play b E5
play w F7
play b F8
play w H7
play b A3
play w A2
play b J7
play w A4
play b A5
play w J6
play b J8
play w F6
play b E6
play w A3
play b C4
play w C3
play b G6
play w H4
play b PASS
play w PASS
13 final_status_list dead
#? [D5]
14 final_status_list seki
#? []
15 final_score
#? [W\+6]
#
# GNU Go level 5 against itself, 9x9, seed 6: 53 moves
boardsize 9
clear_board
komi 7
play b F6
play w C3
play b D4
play w C4
play b D3
play w G4
play b D5
play w H6
play b C5
play w G7
play b C2
play w C7
play b F7
play w E8
play b F8
play w D7
play b B4
play w F3
play b E5
play w G8
play b E2
play w F2
play b G9
play w H9
play b F9
play w E1
play b H8
play w D1
play b J9
play w H7
play b B6
play w B7
play b C1
play w A6
play b E9
play w G5
play b J7
play w J6
play b D2
play w F1
play b G6
play w J8
play b H9
play w F5
play b E6
play w E4
play b E3
play w F4
play b J7
play w H5
play b J8
play w PASS
play b PASS
16 final_status_list dead
#? [E8\nB7 C7 D7\nA6\nC4 C3]
17 final_status_list seki
#? []
18 final_score
#? [B\+18]
#
# GNU Go level 5 against itself, 9x9, seed 7: 45 moves
boardsize 9
clear_board
komi 7
play b G6
play w C7
play b E7
play w G3
play b C4
play w D6
play b E3
play w H5
play b H6
play w D8
play b H4
play w H3
play b G5
play w F8
play b E8
play w E9
play b H8
play w F7
play b E6
play w E5
play b F4
play w F6
play b B6
play w B7
play b C5
play w A6
play b A5
play w A7
play b C6
play w G8
play b H9
play w G7
play b H7
play w F5
play b G4
play w G9
play b D5
play w E4
play b D4
play w D7
play b PASS
play w F3
play b E2
play w PASS
play b PASS
19 final_status_list dead
#? [H5\nF3 G3 H3]
20 final_status_list seki
#? []
21 final_score
#? [B\+18]
#
# GNU Go level 5 against itself, 9x9, seed 8: 35 moves
boardsize 9
clear_board
komi 7
play b G6
play w E7
play b G3
play w D3
play b C7
play w E5
play b E8
play w C5
play b F7
play w D7
play b D8
play w C6
play b B7
play w F6
play b G5
play w B6
play b A6
play w A5
play b A7
play w F2
play b G2
play w E3
play b F1
play w E1
play b G1
play w F4
play b F5
play w G4
play b H4
play w F3
play b E6
play w D6
play b F6
play w PASS
play b PASS
22 final_status_list dead
#? []
23 final_status_list seki
#? []
24 final_score
#? [B\+6]
#
# GNU Go level 5 against itself, 9x9, seed 9: 33 moves
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
play w C2
play b B5
play w G7
play b F7
play w G8
play b F8
play w F9
play b E9
play w G9
play b D8
play w H2
play b F4
play w G5
play b G2
play w H1
play b G1
play w G6
play b F5
play w PASS
play b PASS
25 final_status_list dead
#? [C4 C3 C2 D2]
26 final_status_list seki
#? []
27 final_score
#? [B\+24]
#
# GNU Go level 5 against itself, 9x9, seed 10: 54 moves
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
play w H5
play b H4
play w H7
play b A6
play w D3
play b D2
play w D4
play b F2
play w B5
play b A5
play w B4
play b A4
play w G5
play b G6
play w H6
play b A8
play w G4
play b H3
play w B7
play b A7
play w B8
play b F7
play w F8
play b D6
play w C6
play b J5
play w G7
play b F6
play w J6
play b J4
play w D7
play b B6
play w B9
play b A3
play w C5
play b F3
play w E7
play b A9
play w E5
play b PASS
play w PASS
28 final_status_list dead
#? []
29 final_status_list seki
#? []
30 final_score
#? [W\+2]
