# playout_score N: N random playouts from the current position (the colour
# to move starts: the opposite of the last move's colour; white after a
# handicap; else black). Each playout plays genmove-style random moves
# (no eye filling, no suicide) until two passes or 3*size*size moves, and
# is scored by area minus komi. The answer:
#   score B+M|W+M black_winrate R playouts N
# with M the mean score (one decimal) and R black's share of wins (three
# decimals). The game itself is not changed.
1 boardsize 9
2 set_random_seed 5
3 playout_score 20
#? [score [BW]\+[0-9]+\.[0-9] black_winrate [01]\.[0-9]{3} playouts 20]
4 list_stones black
#? []
5 undo
#? [?cannot undo]
6 play b e5
7 playout_score 1
#? [score [BW]\+[0-9]+\.[0-9] black_winrate (0\.000|1\.000) playouts 1]
8 list_stones black
#? [E5]
#
# A settled position: every playout ends at once with two passes.
#     A B C
#   3 X X .
#   2 X X X
#   1 . X X
10 boardsize 3
11 komi 0.5
12 set_free_handicap a3 b3 a2 b2 c2 b1 c1
13 playout_score 10
#? [score B\+8\.5 black_winrate 1\.000 playouts 10]
14 komi 9.5
15 playout_score 3
#? [score W\+0\.5 black_winrate 0\.000 playouts 3]
# Errors.
20 playout_score 0
#? [?invalid playout count]
21 playout_score -5
#? [?invalid playout count]
22 playout_score 1000000001
#? [?invalid playout count]
23 playout_score ten
#? [?invalid playout count]
24 playout_score
#? [?wrong number of arguments]
25 playout_score 1 2
#? [?wrong number of arguments]
