# list_commands in every game, compared with literal lists written by hand
# from protocol/PROTOCOL.md: the Go list under list_commands; in the other
# games the common commands (all of them but boardsize, list_sizes, rules
# and the gogui-rules ones in Mastermind) and the game's own commands, from
# their entries. A command that appears or disappears without its
# documentation fails here.
#
# Go (the default game): 79 commands.
1 game go
#? []
2 list_commands
#? [boardsize\ncaptures\nclear_board\ncountlib\ncputime\ndelete_account\ndelete_save\nfinal_score\nfinal_status_list\nfindlib\nfixed_handicap\ngame\ngenmove\nget_komi\ngogui-analyze_commands\ngogui-interrupt\ngogui-rules_board\ngogui-rules_board_gfx\ngogui-rules_board_size\ngogui-rules_captured_count\ngogui-rules_final_result\ngogui-rules_game_id\ngogui-rules_legal_moves\ngogui-rules_side_to_move\nhelp\nis_legal\nkata-analyze\nkata-genmove_analyze\nkata-get-rules\nkata-set-rules\nkgs-game_over\nkgs-genmove_cleanup\nkgs-rules\nkgs-time_settings\nknown_command\nkomi\nlevel\nlist_commands\nlist_games\nlist_saves\nlist_sizes\nlist_stones\nload\nloadsgf\nlogin\nlogin_token\nlogout\nlz-analyze\nlz-genmove_analyze\nname\npasswd\nplace_free_handicap\nplay\nplayout_score\npoint_info\nprintsgf\nprotocol_version\nquintet-ownership\nquintet-pv\nquintet-winrates\nquit\nreg_genmove\nregister\nresume\nrules\nsave\nsession_token\nset_free_handicap\nset_random_seed\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nverbose\nversion\nwhoami\nworm_stones]
# Ataxx: the 49 common commands, the four analysis commands of the
# alpha-beta games (kata-analyze, kata-genmove_analyze, lz-analyze,
# lz-genmove_analyze) and fen, is_legal, layout, list_moves, loadfen, perft.
3 game ataxx
#? []
4 list_commands
#? [boardsize\nclear_board\ncputime\ndelete_account\ndelete_save\nfen\nfinal_score\ngame\ngenmove\ngogui-rules_board\ngogui-rules_board_gfx\ngogui-rules_board_size\ngogui-rules_final_result\ngogui-rules_game_id\ngogui-rules_legal_moves\ngogui-rules_side_to_move\nhelp\nis_legal\nkata-analyze\nkata-genmove_analyze\nkgs-game_over\nkgs-time_settings\nknown_command\nlayout\nlevel\nlist_commands\nlist_games\nlist_moves\nlist_saves\nlist_sizes\nload\nloadfen\nlogin\nlogin_token\nlogout\nlz-analyze\nlz-genmove_analyze\nname\npasswd\nperft\nplay\nprotocol_version\nquit\nreg_genmove\nregister\nresume\nrules\nsave\nsession_token\nset_random_seed\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nverbose\nversion\nwhoami]
# Flood: the 49 common commands, the four analysis commands and board,
# colors, gains, loadboard, mode, rectangular_boardsize, score.
5 game flood
#? []
6 list_commands
#? [board\nboardsize\nclear_board\ncolors\ncputime\ndelete_account\ndelete_save\nfinal_score\ngains\ngame\ngenmove\ngogui-rules_board\ngogui-rules_board_gfx\ngogui-rules_board_size\ngogui-rules_final_result\ngogui-rules_game_id\ngogui-rules_legal_moves\ngogui-rules_side_to_move\nhelp\nkata-analyze\nkata-genmove_analyze\nkgs-game_over\nkgs-time_settings\nknown_command\nlevel\nlist_commands\nlist_games\nlist_saves\nlist_sizes\nload\nloadboard\nlogin\nlogin_token\nlogout\nlz-analyze\nlz-genmove_analyze\nmode\nname\npasswd\nplay\nprotocol_version\nquit\nrectangular_boardsize\nreg_genmove\nregister\nresume\nrules\nsave\nscore\nsession_token\nset_random_seed\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nverbose\nversion\nwhoami]
# Mastermind: the common commands but boardsize, list_sizes, rules and the
# gogui-rules ones (no board), and
# candidates, feedback, guess, list_variants, setcode, variant.
7 game mastermind
#? []
8 list_commands
#? [candidates\nclear_board\ncputime\ndelete_account\ndelete_save\nfeedback\nfinal_score\ngame\ngenmove\nguess\nhelp\nkgs-game_over\nkgs-time_settings\nknown_command\nlevel\nlist_commands\nlist_games\nlist_saves\nlist_variants\nload\nlogin\nlogin_token\nlogout\nname\npasswd\nplay\nprotocol_version\nquit\nreg_genmove\nregister\nresume\nsave\nsession_token\nset_random_seed\nsetcode\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nvariant\nverbose\nversion\nwhoami]
# Gomoku: the common commands, the four analysis commands, and forbidden,
# is_legal, list_stones, loadsgf, printsgf.
11 game gomoku
#? []
12 list_commands
#? [boardsize\nclear_board\ncputime\ndelete_account\ndelete_save\nfinal_score\nforbidden\ngame\ngenmove\ngogui-rules_board\ngogui-rules_board_gfx\ngogui-rules_board_size\ngogui-rules_final_result\ngogui-rules_game_id\ngogui-rules_legal_moves\ngogui-rules_side_to_move\nhelp\nis_legal\nkata-analyze\nkata-genmove_analyze\nkgs-game_over\nkgs-time_settings\nknown_command\nlevel\nlist_commands\nlist_games\nlist_saves\nlist_sizes\nlist_stones\nload\nloadsgf\nlogin\nlogin_token\nlogout\nlz-analyze\nlz-genmove_analyze\nname\npasswd\nplay\nprintsgf\nprotocol_version\nquit\nreg_genmove\nregister\nresume\nrules\nsave\nsession_token\nset_random_seed\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nverbose\nversion\nwhoami]
# Back to Go: its list again, not the last game's.
9 game go
#? []
10 list_commands
#? [boardsize\ncaptures\nclear_board\ncountlib\ncputime\ndelete_account\ndelete_save\nfinal_score\nfinal_status_list\nfindlib\nfixed_handicap\ngame\ngenmove\nget_komi\ngogui-analyze_commands\ngogui-interrupt\ngogui-rules_board\ngogui-rules_board_gfx\ngogui-rules_board_size\ngogui-rules_captured_count\ngogui-rules_final_result\ngogui-rules_game_id\ngogui-rules_legal_moves\ngogui-rules_side_to_move\nhelp\nis_legal\nkata-analyze\nkata-genmove_analyze\nkata-get-rules\nkata-set-rules\nkgs-game_over\nkgs-genmove_cleanup\nkgs-rules\nkgs-time_settings\nknown_command\nkomi\nlevel\nlist_commands\nlist_games\nlist_saves\nlist_sizes\nlist_stones\nload\nloadsgf\nlogin\nlogin_token\nlogout\nlz-analyze\nlz-genmove_analyze\nname\npasswd\nplace_free_handicap\nplay\nplayout_score\npoint_info\nprintsgf\nprotocol_version\nquintet-ownership\nquintet-pv\nquintet-winrates\nquit\nreg_genmove\nregister\nresume\nrules\nsave\nsession_token\nset_free_handicap\nset_random_seed\nshowboard\nstats\ntime_left\ntime_settings\ntop\nundo\nverbose\nversion\nwhoami\nworm_stones]
