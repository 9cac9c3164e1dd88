# Flood's analysis commands (lz-analyze, kata-analyze and their genmove
# forms, one implementation for Ataxx, Gomoku and Flood: PROTOCOL.md
# "Analysis (alpha-beta games)"): their arguments, a stopped analysis's
# reply, the game's own refusals before any line (out of turn, game over),
# and the genmove forms at the medium level (depth 1: deterministic) with
# no lines (interval 0). The streamed lines themselves are checked by
# tests/integration/analyze.py.
1 game flood
#? []
2 set_random_seed 3
#? []
3 boardsize 8
#? []
4 board
#? [5424332W/62654551/11654441/66462316/52663423/23344342/35144264/B5444563]
# Arguments: a colour, an interval, KEY VALUE pairs; anything else fails
# before anything runs.
5 lz-analyze 360000
#? []
6 lz-analyze red
#? [?invalid analysis argument]
7 kata-analyze b 10 ownership
#? [?invalid analysis argument]
8 lz-genmove_analyze b -5
#? [?invalid analysis argument]
# Stopped by the next line before its first line was due: an ordinary
# empty reply (lz-analyze 360000 above too: an hour), then the next command.
9 lz-analyze b 100000
#? []
10 kata-analyze black interval 360000 ownership true
#? []
# KataGo's keys: rootInfo, noResultValue and the ownership keys accepted;
# no visits along the line, no move set aside (PROTOCOL.md).
100 kata-analyze b 100000 rootInfo true noResultValue true ownershipStdev true
#? []
101 kata-analyze b 100000 pvEdgeVisits true
#? [?unsupported analysis key: pvEdgeVisits]
102 kata-genmove_analyze b 0 avoid b 3 1
#? [?unsupported analysis key: avoid]
# Only the side to move: genmove's own error, before any line.
11 lz-analyze w 100000
#? [?out of turn]
12 lz-genmove_analyze w 0
#? [?out of turn]
# Nothing was played.
13 board
#? [5424332W/62654551/11654441/66462316/52663423/23344342/35144264/B5444563]
# The genmove forms play the move, as genmove does (medium: depth 1).
14 level medium
#? []
15 lz-genmove_analyze b 0
#? [play 5]
16 kata-genmove_analyze 0
#? [play 1]
17 board
#? [5424332W/6265455W/1165444W/66462316/52663423/23344342/3B144264/BB444563]
# A loaded position over already: no analysis.
18 loadboard BWW/BW3 black
#? []
19 lz-analyze 100000
#? [?game over]
20 kata-genmove_analyze b 0
#? [?game over]
