#! engine-args: --user tester
# Save files: save, load, resume, list_saves, delete_save. The owner is
# --user's; the engine runs in a fresh working directory, which is its
# data directory (storage.data_dir: .), so the saves start from nothing.
1 list_saves
#? []
2 load game1
#? [?no such save]
3 resume
#? [?no such save]
4 delete_save game1
#? [?no such save]
# names: 1 to 64 of A-Z a-z 0-9 _ -
5 save ../escape
#? [?invalid save name]
6 save a.yaml
#? [?invalid save name]
7 load .hidden
#? [?invalid save name]
8 delete_save a/b
#? [?invalid save name]
9 save
#? [?wrong number of arguments]
10 save two words
#? [?wrong number of arguments]
11 resume now
#? [?wrong number of arguments]
12 list_saves all
#? [?wrong number of arguments]
# a Go game with its options, level and clock
boardsize 9
komi 6.5
level medium
time_settings 300 30 5
time_left b 250 0
play b E5
play w C3
play b pass
20 save game1
#? []
21 list_saves
#? [game1 go 3 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ]
# anything else, then load: the game comes back whole
game ataxx
#? []
level easy
#? []
30 load game1
#? []
31 game
#? [go]
32 showboard
#? [.*\n 5 \. \. \. \. X \. \. \. \. 5.*\n 3 \. \. O \. \. \. \. \. \. 3.*]
33 get_komi
#? [6.5]
34 level
#? [easy\nmedium \*\nhard]
35 list_stones white
#? [C3]
# the history goes on: undo takes back the saved moves
36 undo
#? []
37 undo
#? []
38 list_stones white
#? []
39 undo
#? []
40 undo
#? [?cannot undo]
# a second save, of another game; newest first in the list
41 game mastermind
#? []
42 setcode 1234
#? []
43 guess 1243
#? [XXOO]
44 save mm_1
#? []
45 list_saves
#? [(mm_1 mastermind 1 \S+\ngame1 go 3 \S+|game1 go 3 \S+\nmm_1 mastermind 1 \S+)]
46 load game1
#? []
47 load mm_1
#? []
48 guess 1234
#? [XXXX]
49 final_score
#? [B\+ solved in 2 tries, secret 1234]
# the autosave slot is a save like the others; resume loads it
50 load game1
#? []
51 save autosave
#? []
52 game flood
#? []
53 resume
#? []
54 game
#? [go]
55 list_stones black
#? [E5]
# delete_save
56 delete_save mm_1
#? []
57 load mm_1
#? [?no such save]
58 delete_save mm_1
#? [?no such save]
# a file that is no save (an SGF file written there with printsgf) is
# listed with ? for its game and moves
59 printsgf saves/tester/sgf.yaml
#? []
60 load sgf
#? [?corrupt save: not a mapping of fields]
61 list_saves
#? [(?=(.*\n)?autosave go 3 \S+(\n|$))(?=(.*\n)?game1 go 3 \S+(\n|$))(?=(.*\n)?sgf \? \? \S+$|(.*\n)?sgf \? \? \S+\n)([^\n]+\n){2}[^\n]+]
62 game
#? [go]
63 list_stones black
#? [E5]
quit
#? []
