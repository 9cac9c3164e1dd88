# help: what the current game's commands do, one line each, from the
# command table (each row's arguments and description): NAME ARGS: WHAT,
# indented under the title of its group (play, a new game and its
# settings, analysis, saves and files, players, the engine and the
# session). tests/integration/documented.sh checks, in every game, that
# help has one line per list_commands name, sorted within each group.
1 help play
#? [play COLOR MOVE: play a move for a colour\nMOVE: a vertex, a column letter \(A-T, no I\) and a row number \(D4, Q16\), or pass]
2 help showboard
#? [showboard: draw the position]
3 help komi
#? [komi KOMI: set the komi]
4 help help
#? [help \[COMMAND\]: one line on each command of this game, or on one]
5 help
#? [Play \(moves and the position\):\n  captures COLOR: stones the colour has captured\n.*\nA new game and its settings:\n  boardsize SIZE: start a new game on a board of that size\n.*\nAnalysis:\n  countlib VERTEX: .*\n  worm_stones VERTEX: the stones of the string there\nSaves and files:\n.*\nPlayers:\n.*\nThe engine and the session:\n  cputime: the CPU seconds the engine.s process has used\n  help \[COMMAND\]: .*\n  version: the engine's version]
# An unknown name, here or as a command, points at help.
6 help nope
#? [?unknown command \(help lists the commands\)]
7 nope
#? [?unknown command \(help lists the commands\)]
8 help play showboard
#? [?wrong number of arguments]
# Another game, other commands: Mastermind has guess, not komi.
9 game mastermind
10 help guess
#? [guess CODE: try a code against the secret; the answer]
11 help komi
#? [?unknown command \(help lists the commands\)]
12 help
#? [Play \(moves and the position\):\n  feedback ANSWER: .*\n  guess CODE: try a code against the secret; the answer\n.*\n  variant \[NAME \[KEY VALUE\]\.\.\.\]: the variant, or pick one \(a new game\)\nAnalysis:\n  candidates: how many codes fit every answer so far\n.*\n  whoami: the player logged in, or guest\nThe engine and the session:\n.*\n  verbose \[on\|off\]: for people: a move that ends the game says the result on a second line\n  version: the engine's version]
# A command taking a MOVE says how this game writes one: Ataxx's clones and
# jumps (play and is_legal), Flood's colours; a command without a MOVE, no.
20 game ataxx
21 help play
#? [play COLOR MOVE: play a move for a colour\nMOVE: a clone is the empty square it fills \(c3\), a jump its from and to squares \(a1c3\); pass \(or 0000\) only for a side with no move]
22 help is_legal
#? [is_legal COLOR MOVE: whether the move is legal \(1 or 0\)\nMOVE: a clone .*]
23 help genmove
#? [genmove COLOR: let the engine choose and play a move]
24 game flood
25 help play
#? [play COLOR MOVE: play a move for a colour\nMOVE: a colour, by number \(1 to the board's count of colours\) or by name .*]
# help final_score says how this game's result reads: Flood's squares here,
# then Mastermind's tries and secret, Go's area score.
26 help final_score
#? [final_score: the result of the game \(help final_score says how it reads\)\nRESULT: once the game is over, B\+N or W\+N \(N: how many more squares the winner owns\) or 0 for a draw; before, game not over]
27 game mastermind
28 help final_score
#? [final_score: .*\nRESULT: once the game is over, B\+ solved in N tries, secret CODE \(the codebreaker won\) or W\+ not solved in N tries, secret CODE; before, game not over]
29 game go
30 help final_score
#? [final_score: the score with the dead stones removed \(B\+N, W\+N, 0\)\nRESULT: the area score at any time, komi included: .*]
