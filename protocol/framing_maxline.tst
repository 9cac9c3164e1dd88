#! engine-args: --max-line 64
# --max-line BYTES sets the line limit.
# Here it is 64: every line of this file
# is at most 64 bytes, except two.
# The limit counts all bytes before LF,
# a CR and comments included.
# 64 bytes: accepted.
1 name                                                          
#? [quintet]
# 65 bytes: refused.
name                                                             
#? [?line too long]
# 64 bytes plus a CR: refused.
  name                                                          
#? [?line too long]
3 name
#? [quintet]
# An over-long line that starts with an id gets it back.
7 name                                                                
#? [?line too long]
8 name
#? [quintet]
