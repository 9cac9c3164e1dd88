# Ataxx's analysis commands (lz-analyze, kata-analyze and their genmove
# forms, one implementation for Ataxx, Gomoku and Flood: PROTOCOL.md
# "Analysis (alpha-beta games)"): their arguments (Go's, with Ataxx's
# colours), a stopped analysis's reply, the game's own refusals before any
# line (out of turn, game over), and the genmove forms at the medium level (depth 2: deterministic)
# with no lines (interval 0). The streamed lines themselves are checked by
# tests/integration/analyze.py: here the next line would stop an analysis
# at a moment no transcript can fix.
1 game ataxx
#? []
# Arguments: a colour, an interval, KEY VALUE pairs; anything else fails
# before anything runs.
2 lz-analyze foo
#? [?invalid analysis argument]
3 lz-analyze x 10 maxmoves
#? [?invalid analysis argument]
4 lz-analyze b 360001
#? [?invalid analysis argument]
5 lz-analyze o interval -1
#? [?invalid analysis argument]
6 lz-analyze b 10 ownership true
#? [?invalid analysis argument]
7 kata-analyze w 10 ownership maybe
#? [?invalid analysis argument]
8 kata-analyze 10 x
#? [?invalid analysis argument]
9 lz-genmove_analyze x 10 avoid a1
#? [?invalid analysis argument]
10 kata-genmove_analyze xo
#? [?invalid analysis argument]
# A failed analysis changed nothing.
11 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
# Stopped by the next line before its first line was due: an ordinary
# empty reply, then the next command. maxmoves, minmoves and ownership are
# accepted and change nothing (one candidate, no ownership list).
12 lz-analyze x 100000
#? []
13 kata-analyze b interval 360000 ownership true maxmoves 5 minmoves 2
#? []
# KataGo's keys: rootInfo, noResultValue and the ownership keys accepted;
# no visits along the line, no move set aside (PROTOCOL.md).
130 kata-analyze x 100000 rootInfo true noResultValue true ownershipStdev true movesOwnership true
#? []
131 kata-analyze x 100000 pvVisits true
#? [?unsupported analysis key: pvVisits]
132 lz-analyze x 100000 allow x c3 1
#? [?unsupported analysis key: allow]
14 lz-analyze
#? []
15 name
#? [quintet]
# Nothing was played.
16 fen
#? [ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1]
# Only the side to move (x), as genmove: its own error, before any line.
40 kata-analyze o interval 360000
#? [?out of turn]
41 lz-genmove_analyze white 0
#? [?out of turn]
# A finished game: genmove's own error, before any line.
17 loadfen xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1
#? []
18 lz-analyze 100000
#? [?game over]
19 kata-genmove_analyze b 0
#? [?game over]
# The genmove forms play the move, as genmove does (medium: depth 2).
20 clear_board
#? []
21 level medium
#? []
22 lz-genmove_analyze x 0
#? [play a3]
23 kata-genmove_analyze 0 ownership true
#? [play e5]
24 fen
#? [ooooooo/ooooooo/4o2/7/x6/xxxxxxx/xxxxxxx x 0 2]
25 undo
#? []
26 undo
#? []
27 lz-genmove_analyze x 0
#? [play a3]
28 lz-genmove_analyze o 0
#? [play .*]
