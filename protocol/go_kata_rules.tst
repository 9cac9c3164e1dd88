#! engine-args: --user tester
# KataGo's and KGS's rules commands: kata-get-rules, kata-set-rules (every
# shorthand name KataGo reads, its JSON form, each error), kgs-rules; and
# the handicap bonus (whiteHandicapBonus) in the score, kept through
# rules, boardsize and clear_board, saved and loaded (--user: a save
# needs an owner; the working directory starts empty).
1 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0"\}]
# The names quintet has exactly: tromp-taylor, chinese, chinese-ogs,
# chinese-kgs (any case, KataGo's other spellings).
2 kata-set-rules tromp-taylor
#? []
3 kata-get-rules
#? [\{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"\}]
4 rules
#? [chinese\nsuperko\ntromp-taylor \*\njapanese]
5 kata-set-rules chinese
#? []
6 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"\}]
7 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
8 kata-set-rules chinese-ogs
#? []
9 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"\}]
10 rules
#? [chinese\nsuperko \*\ntromp-taylor\njapanese]
11 kata-set-rules Tromp Taylor
#? []
12 rules
#? [chinese\nsuperko\ntromp-taylor \*\njapanese]
13 kata-set-rules CHINESE_KGS
#? []
14 rules
#? [chinese\nsuperko \*\ntromp-taylor\njapanese]
15 kata-set-rules tromptaylor
#? []
16 kata-set-rules chineseogs
#? []
17 kata-set-rules tromp_taylor
#? []
# japanese and korean (territory, tax SEKI, simple ko) are quintet's
# japanese.
18 kata-set-rules japanese
#? []
181 rules
#? [chinese\nsuperko\ntromp-taylor\njapanese \*]
182 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"\}]
19 kata-set-rules korean
#? []
191 kata-set-rules tromp-taylor
#? []
# The others are refused whole, naming the first field quintet cannot
# honour; the rules stay (tromp-taylor).
20 kata-set-rules ancient-territory
#? [?unsupported rules: tax ALL with scoring TERRITORY]
21 kata-set-rules aga-button
#? [?unsupported rules: hasButton true]
22 kata-set-rules stone-scoring
#? [?unsupported rules: tax ALL]
23 kata-set-rules ancient area
#? [?unsupported rules: tax ALL]
24 kata-set-rules aga
#? [?unsupported rules: ko SITUATIONAL]
25 kata-set-rules bga
#? [?unsupported rules: ko SITUATIONAL]
26 kata-set-rules french
#? [?unsupported rules: ko SITUATIONAL]
27 kata-set-rules new-zealand
#? [?unsupported rules: ko SITUATIONAL]
28 kata-set-rules NZ
#? [?unsupported rules: ko SITUATIONAL]
29 kata-set-rules goe
#? [?unsupported rules: friendlyPassOk true with suicide true]
30 kata-set-rules ing
#? [?unsupported rules: friendlyPassOk true with suicide true]
31 kata-set-rules japan
#? [?unknown rules \(tromp-taylor, chinese, chinese-ogs, chinese-kgs, japanese, korean, stone-scoring, ancient-territory, aga-button, aga, bga, french, new-zealand, goe, ing\)]
32 kata-set-rules koPOSITIONALscoreAREAtaxNONEsui1
#? [?unknown rules \(.*\)]
33 kata-get-rules
#? [\{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"\}]
#
# JSON: KataGo's own form; spaces anywhere; fields left out take KataGo's
# defaults (Tromp-Taylor's), friendlyPassOk the variant's.
34 kata-set-rules {"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1","friendlyPassOk":true}
#? []
35 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"\}]
36 kata-set-rules { "ko" : "POSITIONAL", "suicide" : false }
#? []
37 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0"\}]
38 kata-set-rules {}
#? []
39 rules
#? [chinese\nsuperko\ntromp-taylor \*\njapanese]
40 kata-set-rules {"score":"AREA","ko":"SIMPLE","suicide":false,"friendlyPassOk":true}
#? []
41 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
# Refused: the rules stay chinese.
42 kata-set-rules {"scoring":"TERRITORY"}
#? [?unsupported rules: ko POSITIONAL with scoring TERRITORY]
43 kata-set-rules {"scoring":"AREA","tax":"SEKI"}
#? [?unsupported rules: tax SEKI]
44 kata-set-rules {"ko":"SPIGHT"}
#? [?unsupported rules: ko SPIGHT]
45 kata-set-rules {"ko":"SIMPLE"}
#? [?unsupported rules: suicide true with ko SIMPLE]
46 kata-set-rules {"ko":"SIMPLE","suicide":false,"friendlyPassOk":false}
#? [?unsupported rules: friendlyPassOk false with suicide false]
47 kata-set-rules {"friendlyPassOk":true}
#? [?unsupported rules: friendlyPassOk true with suicide true]
48 kata-set-rules {"hasButton":true}
#? [?unsupported rules: hasButton true]
49 kata-set-rules {"komi":7.5}
#? [?unknown rules field: komi]
50 kata-set-rules {"Ko":"SIMPLE"}
#? [?unknown rules field: Ko]
51 kata-set-rules {"ko":"simple"}
#? [?invalid rules value: ko "simple"]
52 kata-set-rules {"suicide":"true"}
#? [?invalid rules value: suicide "true"]
53 kata-set-rules {"whiteHandicapBonus":2}
#? [?invalid rules value: whiteHandicapBonus 2]
54 kata-set-rules {"ko":null}
#? [?invalid rules value: ko null]
55 kata-set-rules {"ko":"SIMPLE",}
#? [?invalid rules json]
56 kata-set-rules {"ko":["SIMPLE"]}
#? [?invalid rules json]
57 kata-set-rules {"ko":"SIMPLE"} x
#? [?invalid rules json]
58 kata-set-rules {"ko":"SIMPLE"
#? [?invalid rules json]
59 kata-set-rules {ko:"SIMPLE"}
#? [?invalid rules json]
# JSON escapes: \u006f is o; an escaped control character matches no
# name and is shown as ?.
101 kata-set-rules {"k\u006f":"SIMPLE","suicide":false}
#? []
102 kata-set-rules {"a\nb":true}
#? [?unknown rules field: a\?b]
60 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0"\}]
61 kata-set-rules
#? [?wrong number of arguments]
62 kata-get-rules now
#? [?wrong number of arguments]
#
# KGS's names: chinese is KataGo's chinese-kgs; the others are refused.
63 kgs-rules Chinese
#? []
64 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"\}]
65 kgs-rules japanese
#? []
66 kgs-rules aga
#? [?unsupported rules: ko SITUATIONAL]
67 kgs-rules new_zealand
#? [?unsupported rules: ko SITUATIONAL]
68 kgs-rules tromp-taylor
#? [?unknown rules \(aga, chinese, japanese, new_zealand\)]
69 kgs-rules
#? [?wrong number of arguments]
70 kgs-rules chinese aga
#? [?wrong number of arguments]
71 rules
#? [chinese\nsuperko\ntromp-taylor\njapanese \*]
#
# The handicap bonus: white's points for black's handicap stones on top of
# komi. Two stones on an empty 9x9 board: black's area 81, komi 7.5.
72 boardsize 9
#? []
73 fixed_handicap 2
#? [G7 C3]
74 final_score
#? [B\+71.5]
75 kata-set-rules {"ko":"POSITIONAL","suicide":false,"whiteHandicapBonus":"N-1"}
#? []
76 final_score
#? [B\+72.5]
77 kata-set-rules {"ko":"POSITIONAL","suicide":false}
#? []
78 final_score
#? [B\+73.5]
79 get_komi
#? [7.5]
# rules keeps the bonus; so do clear_board and boardsize.
80 kata-set-rules chinese
#? []
81 rules tromp-taylor
#? []
82 final_score
#? [B\+71.5]
83 kata-get-rules
#? [\{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"N"\}]
# A save holds the bonus; a load brings it back. (clear_board takes the
# handicap stones off: no bonus then.)
84 save bonus
#? []
85 kata-set-rules chinese-ogs
#? []
86 clear_board
#? []
87 final_score
#? [W\+7.5]
88 boardsize 9
#? []
89 set_free_handicap a1 b1 c1
#? []
90 final_score
#? [B\+70.5]
91 load bonus
#? []
92 kata-get-rules
#? [\{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"N"\}]
93 list_stones black
#? [G7 C3]
94 final_score
#? [B\+71.5]
# A new game of Go (game) has the configured rules and no bonus.
95 game go
#? []
96 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0"\}]
# Go's alone.
97 game gomoku
#? []
98 kata-set-rules chinese
#? [?unknown command \(help lists the commands\)]
99 kgs-rules chinese
#? [?unknown command \(help lists the commands\)]
100 kata-get-rules
#? [?unknown command \(help lists the commands\)]
