# The analysis commands (lz-analyze, kata-analyze, lz-genmove_analyze,
# kata-genmove_analyze): their arguments, a stopped analysis's reply, the
# genmove forms at the medium level (a playout budget, one thread) with
# no lines (interval 0). The streamed lines themselves are checked over
# stdin and TCP by tests/integration/analyze.py, and by a Sabaki client
# (tests/integration/sabaki.sh): here the next line would stop an
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
8 kata-analyze w 10 maxmoves 1001
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
