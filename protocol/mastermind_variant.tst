# Mastermind variants: the presets (digits, classic, bulls), custom ones
# (pegs 3-8, colors 2-10, repeats, tries, feedback positional or counts),
# how codes and answers read in each, and candidates.
game mastermind
#? []
variant
#? [digits pegs 4 colors 9 repeats no tries 10 feedback positional]
setcode 2345
#? []
guess 1234
#? [-OOO]

# switching starts a new game
variant classic
#? []
variant
#? [classic pegs 4 colors 6 repeats yes tries 10 feedback counts]
showboard
#? [\nvariant: classic .*\nsecret: hidden \(the engine's\)\ntries left: 10]
setcode 1122
#? []
guess 2211
#? [0 4]
guess 1212
#? [2 2]
guess 1111
#? [2 0]
guess 3456
#? [0 0]
guess 1127
#? [?invalid code: colors are 1-6]
guess 1122
#? [4 0]
final_score
#? [B\+ solved in 5 tries, secret 1122]

variant bulls
#? []
variant
#? [bulls pegs 4 colors 10 repeats no tries 10 feedback counts]
setcode 0597
#? []
guess 0123
#? [1 0]
guess 7950
#? [0 4]
guess 0579
#? [2 2]
guess 0599
#? [?invalid code: repeated color 9]
candidates
#? [1\n0597]
final_score
#? [?game not over]

# custom: KEY VALUE pairs over the named variant
variant custom pegs 4 colors 6 repeats yes feedback positional
#? []
variant
#? [custom pegs 4 colors 6 repeats yes tries 10 feedback positional]
setcode 1122
#? []
guess 2211
#? [OOOO]
guess 1111
#? [XX--]
guess 2111
#? [OXO-]
guess 1221
#? [XOXO]
# pairs that name a preset's parameters give the preset
variant digits tries 10
#? []
variant
#? [digits pegs 4 colors 9 repeats no tries 10 feedback positional]
variant classic tries 12
#? []
variant
#? [custom pegs 4 colors 6 repeats yes tries 12 feedback counts]
variant custom pegs 3 colors 2 repeats yes
#? []
candidates
#? [8\n111 112 121 122 211 212 221 222]
setcode 212
guess 111
#? [-X-]
candidates
#? [1\n212]
variant custom pegs 8 colors 10 repeats yes feedback counts tries 99
#? []
candidates
#? [100000000]
setcode 01234567
#? []
guess 76543210
#? [0 8]
guess 0123456
#? [?invalid code: 8 digits expected]
# the configured custom variant (conf/quintet.yaml)
variant custom
#? []
variant
#? [custom pegs 4 colors 10 repeats yes tries 10 feedback positional]

# errors change nothing
variant bulls
#? []
variant chess
#? [?unknown variant]
variant Digits
#? [?unknown variant]
variant custom pegs
#? [?invalid variant: KEY VALUE pairs expected]
variant custom pegs 9
#? [?invalid variant: bad pegs 9]
variant custom pegs 2
#? [?invalid variant: bad pegs 2]
variant custom colors 11
#? [?invalid variant: bad colors 11]
variant custom colors 1
#? [?invalid variant: bad colors 1]
variant custom tries 0
#? [?invalid variant: bad tries 0]
variant custom tries 100
#? [?invalid variant: bad tries 100]
variant custom repeats maybe
#? [?invalid variant: bad repeats maybe]
variant custom feedback colours
#? [?invalid variant: bad feedback colours]
variant custom size 4
#? [?invalid variant: unknown key size]
variant custom pegs 5 colors 4 repeats no
#? [?invalid variant: 5 pegs need 5 colors without repeats]
variant
#? [bulls pegs 4 colors 10 repeats no tries 10 feedback counts]
# a new game of mastermind has the configured variant again
game mastermind
#? []
variant
#? [digits pegs 4 colors 9 repeats no tries 10 feedback positional]
# list_variants: the presets and custom, the current one marked
list_variants
#? [digits \*\nclassic\nbulls\ncustom]
variant classic
#? []
list_variants
#? [digits\nclassic \*\nbulls\ncustom]
variant custom
#? []
list_variants
#? [digits\nclassic\nbulls\ncustom \*]
# a custom variant equal to a preset is named after it, as variant names it
variant custom pegs 4 colors 6 repeats yes tries 10 feedback counts
#? []
list_variants
#? [digits\nclassic \*\nbulls\ncustom]
list_variants digits
#? [?wrong number of arguments]
game mastermind
#? []
