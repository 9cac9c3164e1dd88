# Statistics and top: wins, losses and draws at two levels in two games
# (Mastermind, Flood), Go's human and mixed rows. A game counts for the logged-in player when the
# engine made every move of one side (genmove) and the player every move of
# the other, under (game, the level at the engine's first move); a game of
# the player's own moves on both sides under level human; a game where the
# level changed between engine moves under mixed. Mastermind's codemaker
# (who never moves) is the engine's side.
1 register winner secret123
#? [welcome winner]
2 stats
#? []
3 top
#? []
# Mastermind at easy: a win (the secret is set here, so the test knows it).
4 game mastermind
#? []
5 setcode 1234 engine
#? []
6 guess 5678
#? [----]
7 guess 1234
#? [XXXX]
# ... and a loss at medium: ten wrong tries.
8 clear_board
#? []
9 level medium
#? []
10 setcode 1234 engine
#? []
11 guess 1243
#? [XXOO]
12 guess 1243
#? [XXOO]
13 guess 1243
#? [XXOO]
14 guess 1243
#? [XXOO]
15 guess 1243
#? [XXOO]
16 guess 1243
#? [XXOO]
17 guess 1243
#? [XXOO]
18 guess 1243
#? [XXOO]
19 guess 1243
#? [XXOO]
20 guess 1243
#? [XXOO]
21 stats
#? [mastermind easy 1 0 0\nmastermind medium 0 1 0]
# Go on 2x2 against the easy engine: lost (W+4).
22 game go
#? []
220 level easy
#? []
23 set_random_seed 2
#? []
24 boardsize 2
#? []
25 play b A1
#? []
26 genmove w
#? [B2]
27 play b pass
#? []
28 genmove w
#? [B1]
29 play b pass
#? []
30 genmove w
#? [A2]
31 play b pass
#? []
32 genmove w
#? [pass]
34 final_score
#? [W\+.*]
# Both sides by the player, komi 0 on an empty board: a draw, level human.
35 clear_board
#? []
36 komi 0
#? []
37 play b pass
#? []
38 play w pass
#? []
39 final_score
#? [0]
40 stats
#? [go easy 0 1 0\ngo human 0 0 1\nmastermind easy 1 0 0\nmastermind medium 0 1 0]
# The level changed between two engine moves: mixed (a loss again).
41 set_random_seed 2
#? []
42 clear_board
#? []
43 komi 7.5
#? []
44 genmove w
#? [A1]
45 level medium
#? []
46 play b pass
#? []
47 genmove w
#? [pass]
48 play b pass
#? []
49 genmove w
#? [pass]
50 stats
#? [go easy 0 1 0\ngo human 0 0 1\ngo mixed 0 1 0\nmastermind easy 1 0 0\nmastermind medium 0 1 0]
# Draws at two levels: Flood on 2x2, each side takes the one square it
# can (2 to 2).
70 game flood
#? []
71 set_random_seed 1
#? []
72 boardsize 2
#? []
73 play b 3
#? []
74 genmove w
#? [5]
75 final_score
#? [0]
76 level medium
#? []
77 set_random_seed 1
#? []
78 boardsize 2
#? []
79 play b 3
#? []
80 genmove w
#? [5]
81 final_score
#? [0]
82 stats
#? [flood easy 0 0 1\nflood medium 0 0 1\ngo easy 0 1 0\ngo human 0 0 1\ngo mixed 0 1 0\nmastermind easy 1 0 0\nmastermind medium 0 1 0]
# A second player, then top: most wins, then the ratio, then the oldest.
51 logout
#? []
52 register second secret123
#? [welcome second]
53 game mastermind
#? []
54 setcode 1234 engine
#? []
55 guess 1234
#? [XXXX]
56 top
#? [1 second 1 0 0\n2 winner 1 2 2]
57 top mastermind easy
#? [1 winner 1 0 0\n2 second 1 0 0]
58 top go
#? [1 winner 0 1 0]
59 top go human
#? [1 winner 0 0 1]
60 top chess
#? [?unknown game \(go, flood, ataxx, mastermind, gomoku\)]
61 top go nosuchlevel
#? [?unknown level \(easy, medium, hard, human, mixed, default\)]
62 stats WINNER
#? [flood easy 0 0 1\nflood medium 0 0 1\ngo easy 0 1 0\ngo human 0 0 1\ngo mixed 0 1 0\nmastermind easy 1 0 0\nmastermind medium 0 1 0]
63 stats nobody
#? [?no such player]
64 stats no/body
#? [?invalid name]
