# Mastermind with the engine as the codemaker (and setcode for two
# people): guess, play, showboard, undo, final_score, and the common
# commands Mastermind hides (boardsize, rules).
1 game mastermind
#? []
2 game
#? [mastermind]
list_commands
#? [(?=candidates\n)(?=.*\nfeedback\n)(?=.*\nguess\n)(?=.*\nsetcode\n)(?=.*\nvariant\b)(?=.*\nundo\n)(?!.*boardsize)(?!.*\brules\b).*]
known_command guess
#? [true]
known_command boardsize
#? [false]
known_command rules
#? [false]
boardsize 9
#? [?unknown command \(help lists the commands\)]
rules
#? [?unknown command \(help lists the commands\)]
variant
#? [digits pegs 4 colors 9 repeats no tries 10 feedback positional]

# setcode: the secret of a person; never shown until the game ends
setcode 1234
#? []
showboard
#? [\nvariant: digits pegs 4 colors 9 repeats no tries 10 feedback positional\nsecret: hidden \(set by setcode\)\ntries left: 10]
final_score
#? [?game not over]
10 guess 1356
#? [XO--]
guess 4321
#? [OOOO]
guess 5678
#? [----]
guess 1243
#? [XXOO]
# malformed codes do not use a try
guess 123
#? [?invalid code: 4 digits expected]
guess 12345
#? [?invalid code: 4 digits expected]
guess 1230
#? [?invalid code: colors are 1-9]
guess 12a4
#? [?invalid code: colors are 1-9]
guess 1223
#? [?invalid code: repeated color 2]
guess
#? [?wrong number of arguments]
# play b CODE is a try like guess, and answered like it
play b 9234
#? [-XXX]
play w 9235
#? [?codebreaker is black]
play b 1111
#? [?invalid code: repeated color 1]
play x 1234
#? [?invalid color]
showboard
#? [\nvariant: digits pegs 4 colors 9 repeats no tries 10 feedback positional\nsecret: hidden \(set by setcode\)\n  1\. 1356  XO--\n  2\. 4321  OOOO\n  3\. 5678  ----\n  4\. 1243  XXOO\n  5\. 9234  -XXX\ntries left: 5]
undo
#? []
undo
#? []
showboard
#? [.*  3\. 5678  ----\ntries left: 7]
setcode 5555
#? [?invalid code: repeated color 5]
setcode 4321
#? [?game already started]
guess 1234
#? [XXXX]
# the game is over: the secret may be shown
showboard
#? [.*\nsecret: 1234\n.*  4\. 1234  XXXX\nsolved in 4 tries]
guess 5678
#? [?game over]
play b 5678
#? [?game over]
genmove b
#? [?game over]
final_score
#? [B\+ solved in 4 tries, secret 1234]
undo
#? []
final_score
#? [?game not over]

# ten misses lose
clear_board
#? []
setcode 9876
#? []
guess 1234
guess 1235
guess 1243
guess 1245
guess 1253
guess 1254
guess 1324
guess 1325
guess 1342
guess 1345
#? [----]
final_score
#? [W\+ not solved in 10 tries, secret 9876]
showboard
#? [.*\nsecret: 9876\n.*10\. 1345  ----\nnot solved in 10 tries]
guess 9876
#? [?game over]

# the engine's own secret, reproducible with set_random_seed
set_random_seed 7
#? []
clear_board
#? []
showboard
#? [.*\nsecret: hidden \(the engine's\)\ntries left: 10]
guess 1234
#? [[XO-]{4}]
# genmove now tries against the same secret: the answer comes at once
level hard
#? []
genmove b
#? [[1-9]{4}]
genmove b
#? [[1-9]{4}]
genmove b
genmove b
genmove b
genmove b
final_score
#? [B\+ solved in [2-7] tries, secret [1-9]{4}]
candidates
#? [1\n[1-9]{4}]
feedback XXXX
#? [?no guess awaits feedback]

# setcode CODE engine: the engine's own secret given back (as a save does)
clear_board
#? []
setcode 1234 secret
#? [?syntax error]
setcode 1234 engine
#? []
showboard
#? [.*\nsecret: hidden \(the engine's\)\ntries left: 10]
guess 1243
#? [XXOO]
setcode 5678 engine
#? [?game already started]
# before the first try, genmove still takes the codebreaker's role
clear_board
#? []
setcode 4321 engine
#? []
genmove b
#? [[1-9]{4}]
showboard
#? [.*\nsecret: unknown \(the engine breaks it\)\n.*awaiting feedback.*]
# One try: "1 try", not "1 tries".
clear_board
#? []
setcode 1234
#? []
play b 1234
#? [XXXX]
final_score
#? [B\+ solved in 1 try, secret 1234]
showboard
#? [.*\n  1\. 1234  XXXX\nsolved in 1 try]
quit
#? []
