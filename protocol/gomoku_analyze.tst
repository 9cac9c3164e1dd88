# Gomoku's analysis commands (lz-analyze, kata-analyze and their genmove
# forms, one implementation for Ataxx, Gomoku and Flood: PROTOCOL.md
# "Analysis (alpha-beta games)"): their arguments, a stopped analysis's
# reply, the game's own refusals before any line (out of turn, game over),
# and the genmove forms at the medium level (20,000 nodes: deterministic)
# with no lines (interval 0). The streamed lines themselves are checked by
# tests/integration/analyze.py.
1 game gomoku
#? []
2 boardsize 9
#? []
# Arguments: a colour, an interval, KEY VALUE pairs; anything else fails
# before anything runs.
3 lz-analyze x
#? [?invalid analysis argument]
4 lz-analyze b 10 minmoves
#? [?invalid analysis argument]
5 kata-analyze b 10 maxmoves 1000000000
#? [?invalid analysis argument]
6 lz-genmove_analyze b 10 avoid E5
#? [?invalid analysis argument]
# A failed analysis changed nothing.
7 list_stones black
#? []
# Stopped by the next line before its first line was due: an ordinary
# empty reply, then the next command.
8 lz-analyze b 100000
#? []
9 kata-analyze interval 360000 ownership false
#? []
10 lz-analyze
#? []
# Only the side to move: genmove's own error, before any line.
11 lz-analyze w 100000
#? [?out of turn]
12 kata-genmove_analyze w 0
#? [?out of turn]
# The genmove forms play the move, as genmove does (medium: 20,000 nodes;
# which empty point it chooses is the engine's choice, not pinned).
13 play b e5
#? []
14 play w d4
#? []
15 level medium
#? []
16 lz-genmove_analyze b 0
#? [play (?!E5$|D4$)[A-J][1-9]]
17 kata-genmove_analyze 0
#? [play (?!E5$|D4$)[A-J][1-9]]
18 list_stones black
#? [(?=.*\bE5\b)[A-J][1-9] [A-J][1-9]]
19 list_stones white
#? [(?=.*\bD4\b)[A-J][1-9] [A-J][1-9]]
# After a five the game is over: no analysis.
20 clear_board
#? []
21 play b a1
22 play w a2
23 play b b1
24 play w b2
25 play b c1
26 play w c2
27 play b d1
28 play w d2
29 play b e1
#? []
30 lz-analyze 100000
#? [?game over]
31 lz-genmove_analyze w 0
#? [?game over]
# KataGo's keys: rootInfo and noResultValue (0) are honoured, the
# ownership keys accepted without a list (no per-point figures); the
# search has no visits along its line and sets no root move aside:
# pvVisits, pvEdgeVisits, avoid and allow are refused, before anything
# runs (before game over, too).
32 kata-analyze b 100000 pvVisits true
#? [?unsupported analysis key: pvVisits]
33 kata-genmove_analyze b 0 pvEdgeVisits true
#? [?unsupported analysis key: pvEdgeVisits]
34 lz-analyze b 100000 avoid b a5 1
#? [?unsupported analysis key: avoid]
35 kata-analyze b 100000 allow w a5 1
#? [?unsupported analysis key: allow]
36 kata-analyze b 100000 rootInfo true pvVisits yes
#? [?invalid analysis argument]
37 undo
#? []
38 kata-analyze b 100000 rootInfo true noResultValue true ownership true ownershipStdev true movesOwnership true movesOwnershipStdev true pvVisits false
#? []
39 kata-genmove_analyze b 0 rootInfo true noResultValue true
#? [play [A-HJ][1-9]]
