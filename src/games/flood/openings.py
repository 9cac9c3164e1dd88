"""src/games/flood/openings.py: how scripts/make-openings chooses flood's
openings (src/games/flood/openings.txt, whose header says it again):
seeds whose random board (20x20, 6 colours) the greedy player plays nearly
even against itself in both colours (quintet-match, greedy against greedy).

make(build) prints the file; BUILDDIR's quintet (and quintet-match) do
the judging."""
from openings_tools import match_pairs, margin_of


def make(build):
    keep, limit = [], 20
    print("# Flood openings for quintet-match --openings: seeds of random boards.")
    print("# `seed N` makes the start from seed N (the board of --seed N's first game).")
    print("# Chosen on the default board (20x20, 6 colours) by quintet-match, greedy")
    print("# against greedy in both colours: a seed is kept when black's margin")
    print(f"# (squares) is at most {limit} either way in both games. The numbers after #")
    print("# are black's margins in the two games.")
    print("\n[flood]")
    for seed, pair in match_pairs(build, "flood", "easy", list(range(1, 201))):
        margins = [margin_of(g[9]) for g in pair]
        if all(abs(m) <= limit for m in margins):
            print(f"seed {seed:<4} # {margins[0]:+d} {margins[1]:+d}")
