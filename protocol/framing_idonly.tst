# A line holding only an id (after preprocessing) gets no reply at all, as
# in GNU Go: the GTP syntax needs a command name, and there is nothing to
# answer. The session goes on.
1 name
#? [quintet]
2
3   # only an id and a comment
	4	
5 protocol_version
#? [2]
