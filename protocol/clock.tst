# time_settings and time_left: GTP's clock commands. They change how long
# genmove may think, never what is legal; errors change nothing.
1 time_settings 300 30 5
#? []
2 time_left b 120 0
#? []
3 time_left white 25 3
#? []
4 time_settings 0 0 0
#? []
5 time_settings 10 -1 0
#? [? syntax error]
6 time_settings 10 1.5 0
#? [? syntax error]
7 time_settings 10 1
#? [? wrong number of arguments]
8 time_left x 10 0
#? [? invalid color]
9 time_left b ten 0
#? [? syntax error]
10 time_left b 10 0 0
#? [? wrong number of arguments]
11 known_command time_settings
#? [true]
12 known_command time_left
#? [true]
# A short clock still gets a legal move from the slowest level.
13 boardsize 9
#? []
14 level hard
#? []
15 time_settings 3 0 0
#? []
16 genmove b
#? [([A-HJ][1-9]|pass)]
17 list_stones b
#? [([A-HJ][1-9])?]
#
# kgs-time_settings: KGS's four systems; anything else is a syntax error.
40 kgs-time_settings none
#? []
41 kgs-time_settings absolute 600
#? []
42 kgs-time_settings canadian 600 300 25
#? []
43 kgs-time_settings byoyomi 600 30 5
#? []
# Under byoyomi time_left's third number counts the periods left.
44 time_left b 30 3
#? []
45 kgs-time_settings byoyomi 0 10 3
#? []
46 kgs-time_settings fischer 600 10
#? [? syntax error]
47 kgs-time_settings absolute
#? [? syntax error]
48 kgs-time_settings absolute 600 30
#? [? syntax error]
49 kgs-time_settings byoyomi 600 30
#? [? syntax error]
50 kgs-time_settings canadian 600 -1 25
#? [? syntax error]
51 kgs-time_settings
#? [? wrong number of arguments]
52 kgs-time_settings byoyomi 1 2 3 4
#? [? wrong number of arguments]
# A byo-yomi of 1 s periods: genmove answers within its period.
53 boardsize 9
#? []
54 kgs-time_settings byoyomi 0 1 5
#? []
55 genmove w
#? [[A-HJ][1-9]]
