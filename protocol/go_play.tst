# play, is_legal, list_stones: colours, occupied points, passes, turn order.
1 boardsize 9
#? []
# Colours: b, w, black, white, any case.
2 play b e5
#? []
3 play W d5
#? []
4 play black e4
#? []
5 play WHITE f5
#? []
6 play Black c3
#? []
7 play wHiTe g7
#? []
8 list_stones black
#? [E5 E4 C3]
9 list_stones white
#? [G7 D5 F5]
10 list_stones B
#? [E5 E4 C3]
11 list_stones White
#? [G7 D5 F5]
# Not colours.
12 play x e6
#? [?invalid color]
13 play bl e6
#? [?invalid color]
14 play empty e6
#? [?invalid color]
15 play e6 b
#? [?invalid color]
16 list_stones x
#? [?invalid color]
17 list_stones
#? [?wrong number of arguments]
18 list_stones b w
#? [?wrong number of arguments]
# The colour is checked before the vertex.
19 play x z99
#? [?invalid color]
# An occupied point is an illegal move, for either colour.
20 play b e5
#? [?illegal move]
21 play w e5
#? [?illegal move]
22 is_legal b e5
#? [0]
23 is_legal w d5
#? [0]
24 is_legal b e6
#? [1]
25 is_legal w pass
#? [1]
26 is_legal x e6
#? [?invalid color]
27 is_legal b j10
#? [?invalid coordinate]
28 is_legal b
#? [?wrong number of arguments]
29 is_legal b e6 e7
#? [?wrong number of arguments]
# Refused moves change nothing.
30 list_stones black
#? [E5 E4 C3]
#
# Turn order is not enforced: the same colour may play twice in a row (GTP
# lets the controller set up positions that way).
31 play b a1
#? []
32 play b b1
#? []
33 play b pass
#? []
34 play b c1
#? []
35 list_stones black
#? [E5 E4 C3 A1 B1 C1]
#
# Two passes in a row end the game: final_score gives the result. The
# engine still accepts moves afterwards (as GNU Go does), e.g. to resume
# after a disagreement; undo takes back the passes one by one.
36 clear_board
37 komi 0.5
38 play b e5
39 play w pass
#? []
40 play b pass
#? []
41 final_score
#? [B\+80\.5]
42 play w e4
#? []
43 final_score
#? [W\+0\.5]
44 undo
#? []
45 undo
#? []
46 undo
#? []
47 list_stones black
#? [E5]
48 play w pass
#? []
49 play b pass
#? []
50 play w pass
#? []
51 list_stones white
#? []
