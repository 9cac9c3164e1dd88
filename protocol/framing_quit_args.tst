# quit with an argument is a wrong argument count: an error, and the
# session does not end. (It is the last command here because the runner
# stops expecting replies after any line naming quit.)
1 name
#? [quintet]
2 quit now
#? [?wrong number of arguments]
