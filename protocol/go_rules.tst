# rules: list the Go rule variants (the active one marked " *") or pick one.
#   chinese       simple ko, suicide illegal (the default)
#   superko       positional superko, suicide illegal
#   tromp-taylor  positional superko, multi-stone suicide legal
#   japanese      simple ko, suicide illegal, territory and prisoners
# The first three score by area (see go_score.tst), japanese by territory
# (see go_territory.tst). The game itself goes on:
# switching rules keeps the board and the history.
1 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
2 rules superko
#? []
3 rules
#? [chinese\nsuperko \*\ntromp-taylor\njapanese]
4 rules tromp-taylor
#? []
5 rules
#? [chinese\nsuperko\ntromp-taylor \*\njapanese]
6 rules chinese
#? []
7 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
# Names are accepted in any case; an unknown one's error lists them.
8 rules Chinese
#? []
9 rules aga
#? [?unknown rules \(chinese, superko, tromp-taylor, japanese\)]
10 rules tromp_taylor
#? [?unknown rules \(chinese, superko, tromp-taylor, japanese\)]
11 rules chinese superko
#? [?wrong number of arguments]
12 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
# The variant survives boardsize and clear_board ...
13 rules superko
#? []
14 boardsize 9
#? []
15 rules
#? [chinese\nsuperko \*\ntromp-taylor\njapanese]
16 clear_board
#? []
17 rules
#? [chinese\nsuperko \*\ntromp-taylor\njapanese]
# ... and a rules switch keeps the position and the history.
18 play b e5
#? []
19 rules tromp-taylor
#? []
20 list_stones black
#? [E5]
21 undo
#? []
22 list_stones black
#? []
# game go starts over with the default variant.
23 game go
#? []
24 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
