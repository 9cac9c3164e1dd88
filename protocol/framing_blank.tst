
# Empty lines (zero bytes before the LF) get no reply at all: not at the
# start of the input, not between commands, not at the end.

1 name
#? [quintet]


2 protocol_version
#? [2]

# An empty line right after a multi-line reply changes nothing either.
3 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]

4 name
#? [quintet]

