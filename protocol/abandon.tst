# A logged-in player's unfinished game left for another (game, boardsize,
# clear_board, load, resume) counts as a loss once the player has made 4
# moves in it against the engine, unless the player leads then by the
# game's count (Go's area with komi, Ataxx's pieces, Flood's squares;
# Gomoku and Mastermind have none). A game of the player's own moves on
# both sides, or with fewer moves, is left uncounted. Mastermind's
# candidates, which gives the code away, is refused in a game that counts.
1 register leaver secret123
#? [welcome leaver]
2 set_random_seed 7
#? []
# Gomoku at easy, four moves of the player's in the corners: left for Go.
3 game gomoku
#? []
4 boardsize 15
#? []
5 level easy
#? []
6 play b a1
#? []
7 genmove w
#? [[A-HJ-P][0-9]+]
8 play b p15
#? []
9 genmove w
#? [[A-HJ-P][0-9]+]
10 play b a15
#? []
11 genmove w
#? [[A-HJ-P][0-9]+]
12 play b p1
#? []
13 genmove w
#? [[A-HJ-P][0-9]+]
14 game go
#? [unfinished gomoku game counted as a loss]
15 stats
#? [gomoku easy 0 1 0]
# Go at easy with komi -100: the player (black) leads, so leaving counts
# nothing.
16 boardsize 9
#? []
17 level easy
#? []
18 komi -100
#? []
19 play b A1
#? []
20 genmove w
#? [.+]
21 play b J9
#? []
22 genmove w
#? [.+]
23 play b A9
#? []
24 genmove w
#? [.+]
25 play b J1
#? []
26 genmove w
#? [.+]
27 clear_board
#? []
28 stats
#? [gomoku easy 0 1 0]
# Three moves only: nothing either.
29 game gomoku
#? []
30 play b a1
#? []
31 genmove w
#? [.+]
32 play b p15
#? []
33 genmove w
#? [.+]
34 play b a15
#? []
35 genmove w
#? [.+]
36 boardsize 15
#? []
37 stats
#? [gomoku easy 0 1 0]
# Both sides by the player (two people at one keyboard): nothing.
38 play b a1
#? []
39 play w b1
#? []
40 play b a3
#? []
41 play w b3
#? []
42 play b a5
#? []
43 play w b5
#? []
44 play b a7
#? []
45 play w b7
#? []
46 clear_board
#? []
47 stats
#? [gomoku easy 0 1 0]
# Mastermind: candidates while the game counts, refused; once it is over,
# or as a guest, answered.
48 game mastermind
#? []
49 setcode 1234 engine
#? []
50 candidates
#? [?not in a game that counts for your statistics \(finish it, or log out\)]
51 guess 1234
#? [XXXX]
52 candidates
#? [1\n1234]
53 logout
#? []
54 clear_board
#? []
55 candidates
#? [3024]
