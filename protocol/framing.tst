# GTP framing: ids, spacing, tabs, comments, whitespace-only lines, lines
# holding only an id, unknown commands, argument counts, pipelining.
# (Empty lines, raw control bytes, CRLF, over-long lines, a last line
# without LF and quit have files of their own: framing_*.tst.)
#
# An id is echoed right after "=" or "?"; no id, no echo.
1 protocol_version
#? [2]
protocol_version
#? [2]
# Spaces around the id, the name and the arguments do not matter.
   2    protocol_version   
#? [2]
# A horizontal tab is a space.
3	name
#? [quintet]
	4 	name	 	
#? [quintet]
5	boardsize	9
#? []
#
# A "#" starts a comment, anywhere on the line.
6 name # a comment after the command
#? [quintet]
7 name#no space before the comment
#? [quintet]
8 boardsize 9 # the argument before the comment counts
#? []
# A comment after an indent gets no reply either:
   # indented comment
	# comment after a tab
# Lines holding only spaces and tabs get no reply (the reply count is checked).
   
	 	 
#
# (A line holding only an id: see framing_idonly.tst.)
#
# Leading zeros in an id are dropped in the echo ("=11"), as GNU Go does.
011 name
#? [quintet]
# Ids of up to 18 digits are echoed.
123456789012345678 name
#? [quintet]
# A negative number is not an id: it is taken as the command name.
-1 name
#? [?unknown command \(help lists the commands\)]
#
# Command names are case-sensitive.
12 NAME
#? [?unknown command \(help lists the commands\)]
13 Protocol_version
#? [?unknown command \(help lists the commands\)]
14 no_such_command
#? [?unknown command \(help lists the commands\)]
no_such_command with some arguments
#? [?unknown command \(help lists the commands\)]
# After an id, a second number is the command name.
15 16
#? [?unknown command \(help lists the commands\)]
# An unknown command is reported before its arguments are looked at.
16 genmove_black b
#? [?unknown command \(help lists the commands\)]
#
# Argument counts are checked before the command runs.
17 name extra
#? [?wrong number of arguments]
18 boardsize
#? [?wrong number of arguments]
19 boardsize 9 9
#? [?wrong number of arguments]
20 play b
#? [?wrong number of arguments]
play b c3 c4
#? [?wrong number of arguments]
# More than 1024 arguments: too many to parse.
21 name x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x
#? [?too many arguments]
# Exactly 1024 arguments parse; then the count is checked.
22 name x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x
#? [?wrong number of arguments]
#
# A failed command changes nothing and the session goes on.
23 play b z99
#? [?invalid coordinate]
24 list_stones black
#? []
#
# Pipelining: commands sent together are answered one by one, in order.
30 boardsize 5
31 play b c3
32 play w c4
33 list_stones black
#? [C3]
34 list_stones white
#? [C4]
35 play b c3
#? [?illegal move]
36 name
#? [quintet]
#
# Multi-line replies: one line per item, then the empty line.
37 rules
#? [chinese \*\nsuperko\ntromp-taylor\njapanese]
# A multi-line reply may begin with an empty line (showboard, as in GNU Go).
38 showboard
#? [\n   A B C D E\n 5 \. \. \. \. \. 5\n 4 \. \.\(O\)\. \. 4     WHITE \(O\) has captured 0 stones\n 3 \. \. X \. \. 3     BLACK \(X\) has captured 0 stones\n 2 \. \. \. \. \. 2\n 1 \. \. \. \. \. 1\n   A B C D E\nkomi 7\.5, moves 2, last white C4, black to move]
