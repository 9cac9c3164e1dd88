# Ataxx rules: yinyang (default) and standard; passes, the end of the game
# and its score in both, the 50-move rule, switching rules mid-game.
1 game ataxx
2 rules
#? [yinyang \*\nstandard]
3 rules Standard
#? []
4 rules ataxx
#? [?unknown rules \(yinyang, standard\)]
5 rules standard
#? []
6 rules
#? [yinyang\nstandard \*]
# The rules stay through boardsize and clear_board.
7 boardsize 5
8 clear_board
9 rules
#? [yinyang\nstandard \*]
#
# standard: x is walled in by o and must pass; o is not.
10 loadfen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1
#? []
11 list_moves
#? [pass]
12 is_legal b pass
#? [1]
13 play b a3
#? [?illegal move]
14 final_score
#? [?game not over]
15 play b pass
#? []
16 fen
#? [7/7/7/7/ooooooo/ooooooo/xxxxxxx o 1 1]
17 list_moves
#? [a4 b4 c4 .*]
18 undo
#? []
# 0000 is UAI's spelling of a pass.
19 play b 0000
#? []
20 fen
#? [7/7/7/7/ooooooo/ooooooo/xxxxxxx o 1 1]
#
# yinyang: the same position is over at once, and the 28 empty squares go
# to o, the side that is not stuck: 7 - (14 + 28).
21 rules yinyang
22 undo
#? []
23 final_score
#? [W\+35]
24 showboard
#? [.*\nblack \(x\) 7, white \(o\) 14\nmoves 0, game over: W\+35]
25 play w a4
#? [?game over]
26 genmove w
#? [?game over]
27 list_moves w
#? []
28 is_legal w a4
#? [0]
29 is_legal b pass
#? [0]
# Back to standard rules the game goes on.
30 rules standard
31 play b pass
#? []
32 play w a4
#? []
#
# standard, the 50-move rule: 100 half-moves without a clone is a draw.
33 loadfen x5o/7/7/7/7/7/o5x x 98 1
34 play b a7c7
#? []
35 fen
#? [2x3o/7/7/7/7/7/o5x o 99 1]
36 final_score
#? [?game not over]
37 play w g7e7
#? []
38 final_score
#? [0]
39 play b b7
#? [?game over]
40 showboard
#? [.*\nblack \(x\) 2, white \(o\) 2\nmoves 2, last white g7e7, game over: 0]
# A clone resets the clock.
41 loadfen x5o/7/7/7/7/7/o5x x 98 1
42 play b b7
43 play w f7
44 play b a6
45 fen
#? [xx3oo/x6/7/7/7/7/o5x o 0 2]
#
# standard, a full board: pieces are counted (x 9, o 7).
46 loadfen xxxx/xxxx/xooo/ooo1 o 0 1
47 final_score
#? [?game not over]
48 play w d1
#? []
49 final_score
#? [B\+2]
# yinyang scores a full board the same way.
50 rules yinyang
51 final_score
#? [B\+2]
#
# standard: a side without pieces has lost; yinyang: o to move is not stuck.
52 rules standard
53 loadfen 7/7/7/7/7/7/o1o3o o 0 1
54 final_score
#? [W\+3]
55 rules yinyang
56 final_score
#? [?game not over]
57 play w f2
#? []
# now x, to move, has no piece: stuck; o takes the 44 empty squares.
58 final_score
#? [W\+49]
#
# standard: empty squares nobody can reach end the game; they count for
# nobody. Gaps count for nobody in either rule set.
59 rules standard
60 loadfen xx--/----/----/o--1 o 0 1
61 final_score
#? [B\+1]
# yinyang: o (to move) is stuck, so the empty d1 goes to x: 2 + 1 - 1.
62 rules yinyang
63 final_score
#? [B\+2]
# with x to move, x is the stuck side: d1 goes to o, 2 - (1 + 1).
64 loadfen xx--/----/----/o--1 x 0 1
65 final_score
#? [0]
# yinyang: x to move is stuck behind its own pieces; o takes the 7 empties.
66 loadfen oxx1/xxx1/xxx1/4 x 0 1
67 final_score
#? [?game not over]
68 loadfen oxx1/xxx1/xxx1/4 o 0 1
69 final_score
#? [B\+14]
#
# yinyang has no pass: o is walled in, but x is to move and can, so the
# game goes on. o may not move before its turn (PROTOCOL.md, "Whose
# turn"), at every level; list_moves and is_legal, which ask the rules
# whoever is to move, say it would have no move.
70 loadfen 4/xxxx/xxxx/oxxx x 0 1
71 genmove o
#? [?out of turn]
72 level greedy
73 genmove o
#? [?out of turn]
74 level medium
75 genmove o
#? [?out of turn]
76 fen
#? [4/xxxx/xxxx/oxxx x 0 1]
77 final_score
#? [?game not over]
78 play o a4
#? [?out of turn]
78 list_moves o
#? []
78 is_legal o a4
#? [0]
# once x has moved it is o's turn, o is stuck and the game is over.
79 play x a4
#? []
80 genmove o
#? [?game over]
# standard rules: the stuck side passes, in its turn.
81 rules standard
82 loadfen 4/xxxx/xxxx/oxxx x 0 1
82 list_moves o
#? [pass]
83 genmove o
#? [?out of turn]
84 genmove x
#? [[a-d][1-4]|[a-d][1-4][a-d][1-4]]
85 genmove o
#? [pass]
