# quit: answered with an empty success reply; then the engine exits with
# status 0 and reads nothing more.
1 name
#? [quintet]
2 quit
#? []
# Nothing below gets a reply (the runner checks the reply count and that
# nothing follows the last reply).
3 name
4 quit
play b c3
