# Mastermind with the engine as the codebreaker: genmove answers its next
# guess, feedback tells it the answer. Answers that no code could give, or
# that contradict earlier ones, are refused and change nothing. Levels:
# easy (random consistent code), medium (minimax: the least worst case),
# hard (optimal: the least average).
game mastermind
#? []
level
#? [easy \*\nmedium\nhard]
feedback XO--
#? [?no guess awaits feedback]

# hard, the user's secret is 2468
level hard
#? []
genmove w
#? [?codebreaker is black]
genmove b
#? [1234]
genmove b
#? [?awaiting feedback]
# genmove without a colour (the codebreaker's, the only side that moves)
genmove
#? [?awaiting feedback]
genmove b w
#? [?wrong number of arguments]
guess 1234
#? [?no secret to guess]
showboard
#? [\nvariant: digits pegs 4 colors 9 repeats no tries 10 feedback positional\nsecret: unknown \(the engine breaks it\)\n  1\. 1234  \? \(awaiting feedback\)\ntries left: 10]
candidates
#? [3024]
feedback XO-
#? [?invalid feedback: 4 symbols X, O or - expected]
feedback XO-? 
#? [?invalid feedback: 4 symbols X, O or - expected]
feedback 1 1
#? [?invalid feedback: 4 symbols X, O or - expected]
feedback
#? [?wrong number of arguments]
# three digits in place and the fourth elsewhere: impossible
feedback XXXO
#? [?inconsistent feedback]
feedback -o-o
#? []
candidates
#? [140]
genmove b
#? [5467]
# the code holds 4 and another of 1234 (-O-O), so 5467 is not the code,
# does not hold all four of 5467, and cannot answer - for its 4
feedback XXXX
#? [?inconsistent feedback]
feedback OOOO
#? [?inconsistent feedback]
feedback ----
#? [?inconsistent feedback]
showboard
#? [.*\n  1\. 1234  -O-O\n  2\. 5467  \? \(awaiting feedback\)\ntries left: 9]
feedback -XX-
#? []
candidates
#? [4\n2468 2469 8462 9462]
genmove b
#? [2468]
# undo takes back the guess awaiting feedback, then answered tries
undo
#? []
showboard
#? [.*\n  2\. 5467  -XX-\ntries left: 8]
genmove b
#? [2468]
feedback XXXX
#? []
final_score
#? [B\+ solved in 3 tries, secret 2468]
genmove b
#? [?game over]
feedback XXXX
#? [?no guess awaits feedback]

# medium on classic: the proven least worst case (5 guesses; among such
# strategies the least total, 5626), from its tree file; secret 3162
variant classic
#? []
level medium
#? []
genmove b
#? [1123]
feedback 1 2
#? []
genmove b
#? [1415]
feedback 0 1
genmove b
#? [2136]
feedback 1 3
genmove b
#? [3162]
feedback 3 1
#? [?inconsistent feedback]
feedback 2 3
#? [?inconsistent feedback]
feedback 2
#? [?invalid feedback: two counts 0-4 expected]
feedback 2 x
#? [?invalid feedback: two counts 0-4 expected]
feedback 5 0
#? [?invalid feedback: two counts 0-4 expected]
feedback XX--
#? [?invalid feedback: two counts 0-4 expected]
feedback +4 0
#? []
final_score
#? [B\+ solved in 4 tries, secret 3162]

# hard on Bulls and Cows, secret 0597
variant bulls
#? []
level hard
genmove b
#? [0123]
feedback 1 0
genmove b
#? [0456]
feedback 1 1
genmove b
#? [0478]
feedback 1 1
genmove b
#? [0589]
feedback 2 1
genmove b
#? [0597]
feedback 4 0
final_score
#? [B\+ solved in 5 tries, secret 0597]

# easy: a random code consistent with the answers, reproducible
variant digits
#? []
level easy
set_random_seed 4
#? []
clear_board
genmove b
#? [3148]
feedback OX--
genmove b
#? [7123]
feedback OX-X
genmove b
#? [6173]
feedback -XXX
genmove b
#? [9173]
feedback XXXX
final_score
#? [B\+ solved in 4 tries, secret 9173]

# a breaker that runs out of tries does not know the secret
variant custom pegs 3 colors 9 repeats no tries 1 feedback positional
#? []
level hard
genmove b
#? [123]
feedback ---
#? []
final_score
#? [W\+ not solved in 1 try, secret unknown]
showboard
#? [.*\nsecret: unknown \(the engine breaks it\)\n  1\. 123  ---\nnot solved in 1 try]
# A bare genmove is the codebreaker's (black's) move, as genmove b: on a new
# game it takes the role, and its guess waits for feedback.
variant digits
#? []
genmove
#? [[1-9]{4}]
showboard
#? [.*\nsecret: unknown \(the engine breaks it\)\n  1\. [1-9]{4}  \? \(awaiting feedback\)\ntries left: 10]
feedback XXXX
#? []
final_score
#? [B\+ solved in 1 try, secret [1-9]{4}]
