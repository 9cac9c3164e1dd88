# Administrative commands: protocol_version, name, version, cputime,
# kgs-game_over, known_command,
# list_commands, list_games, game, set_random_seed.
1 protocol_version
#? [2]
2 name
#? [quintet]
# version: the package version, e.g. 0.1.0
3 version
#? [[0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+~-]*]
#
# list_commands: every command of the current game (Go), one per line, sorted.
4 list_commands
#? [boardsize\ncaptures\nclear_board\ncountlib\ncputime\ndelete_account\ndelete_save\nfinal_score\nfinal_status_list\nfindlib\nfixed_handicap\ngame\ngenmove\nget_komi\ngogui-analyze_commands\ngogui-interrupt\ngogui-rules_board\ngogui-rules_board_gfx\ngogui-rules_board_size\ngogui-rules_captured_count\ngogui-rules_final_result\ngogui-rules_game_id\ngogui-rules_legal_moves\ngogui-rules_side_to_move\nhelp\nis_legal\nkata-analyze\nkata-genmove_analyze\nkata-get-rules\nkata-set-rules\nkgs-game_over\nkgs-genmove_cleanup\nkgs-rules\nkgs-time_settings\nknown_command\nkomi\nlevel\nlist_commands\nlist_games\nlist_saves\nlist_sizes\nlist_stones\nload\nloadsgf\nlogin\nlogin_token\nlogout\nlz-analyze\nlz-genmove_analyze\nname\npasswd\nplace_free_handicap\nplay\nplayout_score\npoint_info\nprintsgf\nprotocol_version\nquintet-ownership\nquintet-pv\nquintet-winrates\nquit\nreg_genmove\nregister\nresume\nrules\nsave\nsession_token\nset_free_handicap\nset_random_seed\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nverbose\nversion\nwhoami\nworm_stones]
#
# known_command: true for each of them ...
5 known_command boardsize
#? [true]
6 known_command captures
#? [true]
7 known_command clear_board
#? [true]
8 known_command countlib
#? [true]
9 known_command final_score
#? [true]
10 known_command findlib
#? [true]
11 known_command fixed_handicap
#? [true]
12 known_command game
#? [true]
13 known_command genmove
#? [true]
14 known_command get_komi
#? [true]
15 known_command is_legal
#? [true]
16 known_command known_command
#? [true]
17 known_command komi
#? [true]
18 known_command list_commands
#? [true]
19 known_command list_games
#? [true]
20 known_command list_stones
#? [true]
21 known_command loadsgf
#? [true]
22 known_command name
#? [true]
23 known_command place_free_handicap
#? [true]
24 known_command play
#? [true]
25 known_command playout_score
#? [true]
26 known_command point_info
#? [true]
27 known_command printsgf
#? [true]
28 known_command protocol_version
#? [true]
29 known_command quit
#? [true]
30 known_command rules
#? [true]
31 known_command set_free_handicap
#? [true]
32 known_command set_random_seed
#? [true]
33 known_command showboard
#? [true]
34 known_command undo
#? [true]
35 known_command version
#? [true]
36 known_command worm_stones
#? [true]
known_command save
#? [true]
known_command load
#? [true]
known_command list_saves
#? [true]
known_command delete_save
#? [true]
known_command resume
#? [true]
# ... and false for anything else: names are case-sensitive, and GTP
# commands quintet does not implement are unknown.
37 known_command PLAY
#? [false]
38 known_command Name
#? [false]
39 known_command no_such_command
#? [false]
40 known_command estimate_score
#? [false]
41 known_command kgs-chat
#? [false]
42 known_command gg-undo
#? [false]
43 known_command undo_all
#? [false]
44 known_command known_command_
#? [false]
45 known_command 1
#? [false]
46 known_command
#? [?wrong number of arguments]
47 known_command play genmove
#? [?wrong number of arguments]
48 protocol_version 2
#? [?wrong number of arguments]
49 list_commands all
#? [?wrong number of arguments]
50 name x
#? [?wrong number of arguments]
51 version x
#? [?wrong number of arguments]
#
# list_games: the games this engine plays, one per line. Go is the default.
52 list_games
#? [go(\n[a-z]+)*]
53 list_games go
#? [?wrong number of arguments]
54 game
#? [go]
# game NAME starts a new game of NAME with default options: size 19,
# komi 7.5, chinese rules, empty history.
55 boardsize 9
56 komi 0.5
57 rules tromp-taylor
#? []
58 play b e5
#? []
59 game go
#? []
60 get_komi
#? [7.5]
61 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
62 list_stones black
#? []
63 play b t19
#? []
64 undo
#? []
65 undo
#? [?cannot undo]
# An unknown name changes nothing, and its error lists the games; names are
# accepted in any case (a switch starts a new game, even to the same game).
66 play b a1
68 game chess
#? [?unknown game \(go, flood, ataxx, mastermind, gomoku\)]
69 game go go
#? [?wrong number of arguments]
70 game
#? [go]
71 list_stones black
#? [A1]
67 game Go
#? []
171 game
#? [go]
172 list_stones black
#? []
#
# set_random_seed N: a whole number 0 .. 2^63-1. It reseeds every later
# random choice of the current game and the seed of games started by game.
72 set_random_seed 0
#? []
73 set_random_seed 1
#? []
74 set_random_seed 42
#? []
75 set_random_seed +5
#? []
76 set_random_seed 007
#? []
77 set_random_seed 9223372036854775807
#? []
78 set_random_seed -1
#? [?invalid seed]
79 set_random_seed x
#? [?invalid seed]
80 set_random_seed 1.5
#? [?invalid seed]
81 set_random_seed 1e3
#? [?invalid seed]
82 set_random_seed 9223372036854775808
#? [?invalid seed]
83 set_random_seed 99999999999999999999
#? [?invalid seed]
84 set_random_seed 0x10
#? [?invalid seed]
85 set_random_seed ''
#? [?invalid seed]
86 set_random_seed
#? [?wrong number of arguments]
87 set_random_seed 1 2
#? [?wrong number of arguments]
#
# cputime: the process's CPU seconds, three decimals (the same in every
# game: the engine's, not the game's); kgs-game_over: nothing changes.
88 cputime
#? [\d+\.\d\d\d]
89 cputime now
#? [?wrong number of arguments]
90 play b d4
#? []
91 kgs-game_over
#? []
92 list_stones black
#? [D4]
93 kgs-game_over now
#? [?wrong number of arguments]
94 game mastermind
#? []
95 cputime
#? [\d+\.\d\d\d]
96 kgs-game_over
#? []
