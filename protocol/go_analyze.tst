# The analysis commands (lz-analyze, kata-analyze, lz-genmove_analyze,
# kata-genmove_analyze): their arguments (KataGo's keys, avoid and allow
# at the end), a stopped analysis's reply, the genmove forms at the
# medium level (a playout budget, one thread) with no lines (interval 0).
# The streamed lines themselves are checked over stdin and TCP by
# tests/integration/analyze.py, by a Sabaki client
# (tests/integration/sabaki.sh) and by a Lizzie or KaTrain-like one
# (tests/integration/katago_client.py): here the next line would stop an
# analysis at a moment no transcript can fix.
1 boardsize 9
#? []
# Arguments: a colour, an interval, KEY VALUE pairs; anything else fails
# before anything runs.
2 lz-analyze foo
#? [?invalid analysis argument]
3 lz-analyze b 10 maxmoves
#? [?invalid analysis argument]
4 lz-analyze b 360001
#? [?invalid analysis argument]
5 lz-analyze b interval -1
#? [?invalid analysis argument]
6 lz-analyze b 10 ownership true
#? [?invalid analysis argument]
7 kata-analyze w 10 ownership maybe
#? [?invalid analysis argument]
8 kata-analyze w 10 maxmoves 1000000000
#? [?invalid analysis argument]
9 kata-analyze 10 b
#? [?invalid analysis argument]
10 lz-genmove_analyze b 10 avoid D4
#? [?invalid analysis argument]
11 kata-genmove_analyze x
#? [?invalid analysis argument]
# A failed analysis changed nothing.
12 list_stones black
#? []
# Stopped by the next line before its first line was due: an ordinary
# empty reply, then the next command.
13 lz-analyze b 100000
#? []
14 kata-analyze white interval 360000 ownership true maxmoves 5 minmoves 2
#? []
15 lz-analyze
#? []
16 name
#? [quintet]
# The genmove forms play the move, as genmove does.
17 level medium
#? []
18 set_random_seed 3
#? []
19 lz-genmove_analyze b 0
#? [play [A-HJ][1-9]]
20 list_stones black
#? [[A-HJ][1-9]]
21 kata-genmove_analyze 0 ownership true
#? [play [A-HJ][1-9]]
22 list_stones white
#? [[A-HJ][1-9]]
23 undo
#? []
24 list_stones white
#? []
# After two passes the game is over: genmove answers pass, so do these.
25 play w pass
#? []
26 play b pass
#? []
27 lz-genmove_analyze w 0
#? [play pass]
# Mastermind has no search to analyse (the alpha-beta games' analysis is in
# ataxx_analyze.tst, gomoku_analyze.tst and flood_analyze.tst).
28 game mastermind
#? []
29 lz-analyze
#? [?unknown command \(help lists the commands\)]
30 kata-genmove_analyze
#? [?unknown command \(help lists the commands\)]
#
# GoGui: the analyze commands it offers, and the quintet-* commands they
# name (a search at the level's budget: medium, 3,000 playouts).
31 game go
#? []
32 boardsize 9
#? []
33 level medium
#? []
34 play b e5
#? []
35 gogui-analyze_commands
#? [dboard/Ownership/quintet-ownership %m\npspairs/Win rates/quintet-winrates %m\nvar/Principal variation/quintet-pv %m\nplist/Dead stones/final_status_list dead\nstring/Score/final_score]
36 gogui-interrupt
#? []
# A board of numbers, the top row first; E5 (black's stone) strongly black.
37 quintet-ownership w
#? [(-?[01]\.\d\d( -?[01]\.\d\d){8}\n){4}-?[01]\.\d\d( -?[01]\.\d\d){3} (0\.[5-9]\d|1\.00)( -?[01]\.\d\d){4}(\n-?[01]\.\d\d( -?[01]\.\d\d){8}){4}]
38 quintet-winrates
#? [[A-HJ][1-9] \d+%( [A-HJ][1-9] \d+%){1,9}]
39 quintet-pv black
#? [[A-HJ][1-9]( [A-HJ][1-9]| pass)*]
40 quintet-pv x
#? [?invalid color]
# Nothing was played.
41 list_stones black
#? [E5]
42 list_stones white
#? []
#
# KataGo's keys (docs/GTP_Extensions.md): each accepted with true or false
# (any case), the kata- ones only by the kata- commands; an unknown key,
# or a bad value, refused before anything runs, as KataGo refuses them.
43 kata-analyze b 100000 rootInfo true pvVisits TRUE pvEdgeVisits false ownership true ownershipStdev true movesOwnership true movesOwnershipStdev true noResultValue true
#? []
44 kata-analyze b rootInfo true interval 0.5 minmoves 3 maxmoves 999999999 interval 100000
#? []
45 kata-analyze b 100000.0
#? []
46 kata-analyze b 10 rootinfo true
#? [?invalid analysis argument]
47 kata-analyze b 10 rootInfo yes
#? [?invalid analysis argument]
48 kata-analyze b 10 pvVisits
#? [?invalid analysis argument]
49 kata-analyze b 10 widerootnoise 0.1
#? [?invalid analysis argument]
50 lz-analyze b 10 rootInfo true
#? [?invalid analysis argument]
51 lz-analyze b 10 pvVisits true
#? [?invalid analysis argument]
52 lz-genmove_analyze b 10 movesOwnership true
#? [?invalid analysis argument]
53 kata-analyze b 10 interval 360000.5
#? [?invalid analysis argument]
# avoid and allow: COLOR MOVE,MOVE,... UNTILDEPTH, in lz- and kata-
# commands; any number of avoid clauses, one allow a colour and never
# with an avoid for it.
54 lz-analyze b 100000 avoid b e5,d4,pass 1 avoid w e5 2 avoid b c3 3
#? []
55 kata-analyze b 100000 allow b e5,d4 1 allow w c3, 2
#? []
56 kata-analyze b 100000 avoid b ,, 1
#? []
57 kata-analyze b 10 avoid b e5 1 allow b d4 1
#? [?invalid analysis argument]
58 kata-analyze b 10 allow b e5 1 avoid b d4 1
#? [?invalid analysis argument]
59 kata-analyze b 10 allow b e5 1 allow b d4 1
#? [?invalid analysis argument]
60 kata-analyze b 10 avoid x e5 1
#? [?invalid analysis argument]
61 kata-analyze b 10 avoid b e5,z9 1
#? [?invalid analysis argument]
62 kata-analyze b 10 avoid b e5 0
#? [?invalid analysis argument]
63 kata-analyze b 10 avoid b e5
#? [?invalid analysis argument]
64 kata-analyze b 10 avoid b e5 1 2
#? [?invalid analysis argument]
# The genmove forms leave the moves out too (a tree-search level: medium,
# 3,000 playouts): allowed one point for black, black plays it.
65 level medium
#? []
67 kata-genmove_analyze b 0 allow b c7 1 rootInfo true pvVisits true
#? [play C7]
68 lz-genmove_analyze w 0 allow w g3,pass 1
#? [play (G3|pass)]
# A level that does not search with the tree cannot: refused.
69 level easy
#? []
70 kata-genmove_analyze b 0 avoid b e5 1
#? [?unsupported analysis key: avoid]
71 lz-genmove_analyze b 0 allow b e5 1
#? [?unsupported analysis key: allow]
72 list_stones black
#? [C7 E5]
