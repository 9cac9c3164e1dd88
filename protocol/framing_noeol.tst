# The last line of the input has no LF: it is still answered, then EOF
# ends the session (exit status 0).
1 boardsize 5
#? []
2 play b c3
#? []
3 list_stones black