# Every error message, and every command's argument count.
#
# Unknown command names.
1 foo
#? [?unknown command \(help lists the commands\)]
2 Play b c3
#? [?unknown command \(help lists the commands\)]
#
# Wrong argument counts (checked before the arguments are looked at, so
# "play x" is a count error, not a colour error). quit is in
# framing_quit_args.tst.
3 playout_score
#? [?wrong number of arguments]
4 playout_score 1 2
#? [?wrong number of arguments]
5 boardsize
#? [?wrong number of arguments]
6 boardsize x x
#? [?wrong number of arguments]
7 captures
#? [?wrong number of arguments]
8 captures x x
#? [?wrong number of arguments]
9 clear_board x
#? [?wrong number of arguments]
10 countlib
#? [?wrong number of arguments]
11 countlib x x
#? [?wrong number of arguments]
12 final_score x
#? [?wrong number of arguments]
13 findlib
#? [?wrong number of arguments]
14 findlib x x
#? [?wrong number of arguments]
15 fixed_handicap
#? [?wrong number of arguments]
16 fixed_handicap x x
#? [?wrong number of arguments]
17 game x x
#? [?wrong number of arguments]
18 genmove
#? [?wrong number of arguments]
19 genmove x x
#? [?wrong number of arguments]
20 get_komi x
#? [?wrong number of arguments]
21 is_legal x
#? [?wrong number of arguments]
22 is_legal x x x
#? [?wrong number of arguments]
23 known_command
#? [?wrong number of arguments]
24 known_command x x
#? [?wrong number of arguments]
25 komi
#? [?wrong number of arguments]
26 komi x x
#? [?wrong number of arguments]
27 list_commands x
#? [?wrong number of arguments]
28 list_games x
#? [?wrong number of arguments]
29 list_stones
#? [?wrong number of arguments]
30 list_stones x x
#? [?wrong number of arguments]
31 loadsgf
#? [?wrong number of arguments]
32 loadsgf x x x
#? [?wrong number of arguments]
33 name x
#? [?wrong number of arguments]
34 place_free_handicap
#? [?wrong number of arguments]
35 place_free_handicap x x
#? [?wrong number of arguments]
36 play x
#? [?wrong number of arguments]
37 play x x x
#? [?wrong number of arguments]
38 point_info
#? [?wrong number of arguments]
39 point_info x x
#? [?wrong number of arguments]
40 printsgf x x
#? [?wrong number of arguments]
41 protocol_version x
#? [?wrong number of arguments]
42 rules x x
#? [?wrong number of arguments]
43 set_free_handicap
#? [?wrong number of arguments]
44 set_random_seed
#? [?wrong number of arguments]
45 set_random_seed x x
#? [?wrong number of arguments]
46 showboard x
#? [?wrong number of arguments]
47 undo x
#? [?wrong number of arguments]
48 version x
#? [?wrong number of arguments]
49 worm_stones
#? [?wrong number of arguments]
50 worm_stones x x
#? [?wrong number of arguments]
# Nothing above changed the game.
51 list_stones black
#? []
52 get_komi
#? [7\.5]
53 undo
#? [?cannot undo]
#
# The other messages, one example each (more in the go_*.tst files).
54 play x c3
#? [?invalid color]
55 genmove red
#? [?invalid color]
56 list_stones empty
#? [?invalid color]
57 is_legal none c3
#? [?invalid color]
58 captures 1
#? [?invalid color]
59 play b c33
#? [?invalid coordinate]
60 is_legal b i3
#? [?invalid coordinate]
61 countlib pass
#? [?invalid coordinate]
62 findlib a0
#? [?invalid coordinate]
63 worm_stones c
#? [?invalid coordinate]
64 point_info 33
#? [?invalid coordinate]
65 set_free_handicap c3 x
#? [?invalid coordinate]
66 play b c3
67 play w c3
#? [?illegal move]
68 countlib d4
#? [?vertex must not be empty]
69 findlib d4
#? [?vertex must not be empty]
70 worm_stones d4
#? [?vertex must not be empty]
71 undo
72 undo
#? [?cannot undo]
73 boardsize 1
#? [?unacceptable size]
74 boardsize x
#? [?boardsize not an integer]
75 komi x
#? [?komi not a float]
76 game x
#? [?unknown game \(go, flood, ataxx, mastermind, gomoku\)]
77 rules x
#? [?unknown rules \(chinese, superko, tromp-taylor, japanese\)]
78 set_random_seed x
#? [?invalid seed]
79 playout_score 0
#? [?invalid playout count]
80 fixed_handicap 1
#? [?invalid handicap]
81 place_free_handicap 1
#? [?invalid handicap]
82 set_free_handicap c3
#? [?invalid handicap]
83 set_free_handicap c3 c3
#? [?repeated vertex]
84 play b c3
85 fixed_handicap 2
#? [?board not empty]
86 place_free_handicap 2
#? [?board not empty]
87 set_free_handicap d4 e5
#? [?board not empty]
88 loadsgf /tmp/quintet-tst-errors-missing.sgf 0
#? [?invalid move number]
89 loadsgf /tmp/quintet-tst-errors-missing.sgf
#? [?cannot open file: No such file or directory]
90 loadsgf /
#? [?not a regular file]
91 loadsgf /dev/null
#? [?not a regular file]
92 loadsgf /dev/zero
#? [?not a regular file]
93 printsgf /tmp/quintet-tst-errors-missing-dir/x.sgf
#? [?cannot write file: No such file or directory]
# None of the failures changed the game.
94 list_stones black
#? [C3]
95 undo
#? []
96 undo
#? [?cannot undo]
# KataGo's and KGS's rules commands (their errors: go_kata_rules.tst).
97 kata-get-rules x
#? [?wrong number of arguments]
98 kata-set-rules
#? [?wrong number of arguments]
99 kgs-rules
#? [?wrong number of arguments]
100 kgs-rules chinese x
#? [?wrong number of arguments]
101 kata-set-rules {"ko":"SITUATIONAL"}
#? [?unsupported rules: ko SITUATIONAL]
102 kata-set-rules {"ko":1}
#? [?invalid rules value: ko 1]
103 kata-set-rules {"komi":1}
#? [?unknown rules field: komi]
104 kata-set-rules {
#? [?invalid rules json]
