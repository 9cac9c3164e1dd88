# String (worm) queries: countlib, findlib, worm_stones, and point_info.
# Vertex lists come top row first, left to right.
#     A B C D E F G H J
#   9 . . . . . . . . O
#   8 . . . . . . . . .
#   7 . . . . . . . . .
#   6 . . . . O . . . .
#   5 . . . X X X . . .
#   4 . . . . . . . . .
#   3 . . . . . . . . .
#   2 . . . . . . . . .
#   1 X . . . . . . . .
1 boardsize 9
2 play b e5
3 play w e6
4 play b d5
5 play b f5
6 play b a1
7 play w j9
#? []
8 countlib e5
#? [7]
9 findlib e5
#? [D6 F6 C5 G5 D4 E4 F4]
10 worm_stones e5
#? [D5 E5 F5]
11 worm_stones F5
#? [D5 E5 F5]
12 countlib e6
#? [3]
13 findlib e6
#? [E7 D6 F6]
14 worm_stones e6
#? [E6]
# Corner stones.
15 countlib a1
#? [2]
16 findlib a1
#? [A2 B1]
17 worm_stones a1
#? [A1]
18 countlib j9
#? [2]
19 findlib j9
#? [H9 J8]
# A string in atari, then joined to another.
20 play w d6
21 play w f6
22 play w c5
23 play w g5
24 play w d4
25 play w f4
#? []
26 countlib d5
#? [1]
27 findlib f5
#? [E4]
28 play b e4
#? []
29 worm_stones e4
#? [D5 E5 F5 E4]
30 findlib e5
#? [E3]
31 countlib d5
#? [1]
32 play w e3
#? []
# The capture leaves the points empty.
33 countlib e5
#? [?vertex must not be empty]
34 findlib d5
#? [?vertex must not be empty]
35 worm_stones e4
#? [?vertex must not be empty]
36 captures w
#? [4]
# D6 E6 F6 form one white string; its liberties include the captured points.
37 worm_stones d6
#? [D6 E6 F6]
38 findlib d6
#? [D7 E7 F7 C6 G6 D5 E5 F5]
#
# Errors: off the board, pass, an empty point, argument counts.
39 countlib j10
#? [?invalid coordinate]
40 findlib pass
#? [?invalid coordinate]
41 worm_stones z1
#? [?invalid coordinate]
42 countlib i5
#? [?invalid coordinate]
43 countlib c3
#? [?vertex must not be empty]
44 countlib
#? [?wrong number of arguments]
45 findlib a1 b1
#? [?wrong number of arguments]
46 worm_stones
#? [?wrong number of arguments]
#
# point_info V: what stands on V, then on each neighbour on the board (top
# row first), one "VERTEX empty|black|white" per line.
47 point_info a1
#? [A1 black\nA2 empty\nB1 empty]
48 point_info J9
#? [J9 white\nH9 empty\nJ8 empty]
49 point_info e1
#? [E1 empty\nE2 empty\nD1 empty\nF1 empty]
50 point_info e6
#? [E6 white\nE7 empty\nD6 white\nF6 white\nE5 empty]
51 point_info e5
#? [E5 empty\nE6 white\nD5 empty\nF5 empty\nE4 empty]
52 point_info a5
#? [A5 empty\nA6 empty\nB5 empty\nA4 empty]
53 point_info pass
#? [?invalid coordinate]
54 point_info k1
#? [?invalid coordinate]
55 point_info
#? [?wrong number of arguments]
56 point_info a1 a2
#? [?wrong number of arguments]
# On 2x2 every point is a corner.
57 boardsize 2
58 play w b2
59 point_info a2
#? [A2 empty\nB2 white\nA1 empty]
60 point_info b2
#? [B2 white\nA2 empty\nB1 empty]
