# Gomoku: the defaults, the commands, play and its errors, turn order,
# showboard, list_stones, is_legal, a win, play and genmove after it, undo
# (after the win, back to the empty board), a full 5x5 board drawn.
1 game gomoku
#? []
2 game
#? [gomoku]
3 list_commands
#? [boardsize\nclear_board\ncputime\ndelete_account\ndelete_save\nfinal_score\nforbidden\ngame\ngenmove\ngogui-rules_board\ngogui-rules_board_gfx\ngogui-rules_board_size\ngogui-rules_final_result\ngogui-rules_game_id\ngogui-rules_legal_moves\ngogui-rules_side_to_move\nhelp\nis_legal\nkata-analyze\nkata-genmove_analyze\nkgs-game_over\nkgs-time_settings\nknown_command\nlevel\nlist_commands\nlist_games\nlist_saves\nlist_sizes\nlist_stones\nload\nloadsgf\nlogin\nlogin_token\nlogout\nlz-analyze\nlz-genmove_analyze\nname\npasswd\nplay\nprintsgf\nprotocol_version\nquit\nreg_genmove\nregister\nresume\nrules\nsave\nsession_token\nset_random_seed\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nverbose\nversion\nwhoami]
4 known_command komi
#? [false]
5 known_command forbidden
#? [true]
# A new game: 15x15, freestyle, black to move.
6 showboard
#? [\n   A B C D E F G H J K L M N O P\n15 \. \. \. \. \. \. \. \. \. \. \. \. \. \. \. 15\n.*\n 1 \. \. \. \. \. \. \. \. \. \. \. \. \. \. \. 1\n   A B C D E F G H J K L M N O P\nblack \(X\) 0 stones, white \(O\) 0 stones\nrules freestyle, moves 0, black to move]
7 rules
#? [freestyle \*\nstandard\nrenju]
#
# Play: black first, then alternately; the last move is framed.
10 boardsize 9
#? []
11 play w E5
#? [?out of turn]
12 play b E5
#? []
13 play w D4
14 play B F5
15 play White E4
16 play black g5
#? []
17 showboard
#? [\n   A B C D E F G H J\n 9 \. \. \. \. \. \. \. \. \. 9\n 8 \. \. \. \. \. \. \. \. \. 8\n 7 \. \. \. \. \. \. \. \. \. 7\n 6 \. \. \. \. \. \. \. \. \. 6\n 5 \. \. \. \. X X\(X\)\. \. 5\n 4 \. \. \. O O \. \. \. \. 4\n 3 \. \. \. \. \. \. \. \. \. 3\n 2 \. \. \. \. \. \. \. \. \. 2\n 1 \. \. \. \. \. \. \. \. \. 1\n   A B C D E F G H J\nblack \(X\) 3 stones, white \(O\) 2 stones\nrules freestyle, moves 5, last black G5, white to move]
18 list_stones b
#? [E5 F5 G5]
19 list_stones white
#? [D4 E4]
20 list_stones x
#? [?invalid color]
# is_legal: an empty point, whoever is to move.
21 is_legal b E5
#? [0]
22 is_legal w A1
#? [1]
23 is_legal black J9
#? [1]
24 is_legal b J10
#? [?invalid coordinate]
25 is_legal z A1
#? [?invalid color]
#
# Errors, in order: colour, vertex (no pass, no I, on the board), game
# over, turn, the point.
30 play x A1
#? [?invalid color]
31 play b pass
#? [?invalid coordinate]
32 play w I5
#? [?invalid coordinate]
33 play w A10
#? [?invalid coordinate]
34 play w A0
#? [?invalid coordinate]
35 play b A1
#? [?out of turn]
36 play w E5
#? [?illegal move]
37 play w
#? [?wrong number of arguments]
38 final_score
#? [?game not over]
#
# Black completes E5..J5 on the right edge: the game is over.
40 play w D5
41 play b H5
42 play w D6
43 play b J5
#? []
44 final_score
#? [B\+]
45 showboard
#? [.*\n 5 \. \. \. O X X X X\(X\)5\n.*\nrules freestyle, moves 9, last black J5, game over: B\+ \(five\)]
46 play w A1
#? [?game over]
47 genmove w
#? [?game over]
48 is_legal w A1
#? [0]
# undo takes the win back: black to move again.
49 undo
#? []
50 final_score
#? [?game not over]
51 play b J5
#? []
52 undo
53 play b A1
54 play w J5
#? []
55 list_stones w
#? [D6 D5 J5 D4 E4]
# undo to the empty board (ten moves), then no more.
56 undo
56 undo
56 undo
56 undo
56 undo
56 undo
56 undo
56 undo
56 undo
63 undo
#? []
64 undo
#? [?cannot undo]
65 list_stones b
#? []
#
# boardsize: 5..25 (and the configuration's sizes); a new empty game.
70 boardsize 4
#? [?unacceptable size]
71 boardsize 26
#? [?unacceptable size]
72 boardsize x
#? [?boardsize not an integer]
73 boardsize 25
#? []
74 play b Z25
#? []
75 clear_board
#? []
76 list_stones b
#? []
#
# A full 5x5 board with no five is a draw:
#     5 X X O O X
#     4 O O X X O
#     3 X X O O X
#     2 O O X X O
#     1 X X O O X
80 boardsize 5
81 play b A1
82 play w C1
83 play b B1
84 play w D1
85 play b E1
86 play w A2
87 play b C2
88 play w B2
89 play b D2
90 play w E2
91 play b A3
92 play w C3
93 play b B3
94 play w D3
95 play b E3
96 play w A4
97 play b C4
98 play w B4
99 play b D4
100 play w E4
101 play b A5
102 play w C5
103 play b B5
104 play w D5
105 final_score
#? [?game not over]
106 play b E5
#? []
107 final_score
#? [0]
108 showboard
#? [.*\nblack \(X\) 13 stones, white \(O\) 12 stones\nrules freestyle, moves 25, last black E5, game over: 0 \(no legal point for white\)]
109 genmove w
#? [?game over]
110 undo
#? []
111 genmove b
#? [E5]
112 final_score
#? [0]
