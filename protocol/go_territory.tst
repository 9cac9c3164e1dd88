# rules japanese: simple ko, suicide illegal, and territory counting: each
# side's territory (empty points only its stones border; a seki's points
# nobody's) plus its prisoners (stones it captured, and the other side's
# dead stones), komi in. A 5x5 game: black walls column B, white column D;
# white's A1 is captured, white's A4 left dead, black fills A5 in its own
# territory, which costs a point under japanese and nothing under area.
1 boardsize 5
#? []
2 komi 0
#? []
3 rules japanese
#? []
4 rules
#? [chinese\nsuperko\ntromp-taylor\njapanese \*]
10 play b B1
#? []
11 play w D1
#? []
12 play b B2
#? []
13 play w D2
#? []
14 play b B3
#? []
15 play w D3
#? []
16 play b B4
#? []
17 play w D4
#? []
18 play b B5
#? []
19 play w D5
#? []
20 play b C3
#? []
21 play w A1
#? []
22 play b A2
#? []
23 captures black
#? [1]
24 play w A4
#? []
25 play b A5
#? []
26 play w pass
#? []
27 play b pass
#? []
28 final_status_list dead
#? [A4]
# Black: territory A1 A3 A4 (3) and prisoners A1 A4 (2); white: column E (5).
29 final_score
#? [0]
# By area: black's 8 stones and 3 points, white's 5 stones and 5 points.
30 rules chinese
#? []
31 final_score
#? [B\+1]
# Simple ko, as chinese: not superko (a position may repeat by a ko cycle;
# here only the immediate recapture is refused).
40 rules japanese
#? []
41 clear_board
#? []
42 play b B1
#? []
43 play w C1
#? []
44 play b A2
#? []
45 play w B2
#? []
46 play b C2
#? []
47 play w A1
#? []
48 play b B1
#? [?illegal move]
