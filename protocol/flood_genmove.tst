# Flood: genmove at each level. genmove answers the colour's number and
# plays it. Levels (conf/quintet.yaml): easy = greedy (seed 000's computer:
# the colour that takes most now, ties to the lowest number), medium =
# alphabeta to depth 1, hard = alphabeta with 50000 nodes or 2 s.
1 game flood
2 level
#? [easy \*\nmedium\nhard]
3 set_random_seed 3
4 boardsize 8
5 board
#? [5424332W/62654551/11654441/66462316/52663423/23344342/35144264/B5444563]
6 gains b
#? [0 0 1 0 2 0]
7 genmove b
#? [5]
8 gains w
#? [2 1 0 0 0 0]
9 genmove white
#? [1]
10 level medium
#? []
11 genmove b
#? [3]
12 genmove w
#? [4]
# medium: black's 3 takes three squares, white's 4 four.
13 board
#? [5424332W/6265W55W/1165WWWW/66462316/52663423/2BB44342/BB144264/BB444563]
14 undo
15 undo
16 board
#? [5424332W/6265455W/1165444W/66462316/52663423/23344342/3B144264/BB444563]
# genmove errors: the colour, the turn, the end.
17 genmove x
#? [?invalid color]
18 genmove w
#? [?out of turn]
19 genmove
#? [?wrong number of arguments]
20 level brutal
#? [?unknown level \(easy, medium, hard\)]
#
# hard against easy on 6x6, to the end (a fresh game: two players, black
# first).
21 game flood
22 set_random_seed 23
23 boardsize 6
24 board
#? [[1-6]{5}W(/[1-6]{6}){4}/B[1-6]{5}]
25 level hard
26 genmove b
#? [1]
27 level easy
28 genmove w
#? [2]
29 level hard
30 genmove b
#? [5]
31 level easy
32 genmove w
#? [4]
33 level hard
34 genmove b
#? [6]
35 level easy
36 genmove w
#? [1]
37 level hard
38 genmove b
#? [3]
39 level easy
40 genmove w
#? [2]
41 level hard
42 genmove b
#? [5]
43 level easy
44 genmove w
#? [6]
45 level hard
46 genmove b
#? [?game over]
47 genmove w
#? [?game over]
48 final_score
#? [B\+10]
49 showboard
#? [.*\nmoves 10, last white [1-6] \([a-z]+\), game over: B\+10\n.*]
