"""src/games/go/openings.py: how scripts/make-openings chooses go's
openings (src/games/go/openings.txt, whose header says it again):
9x9: 2-ply openings on the 3rd to 5th lines, kept when random playouts
(`playout_score`) give black a win rate near the median of all candidates;
19x19: the classical corner starts (star points and 3-4 points in four
corners), not evaluated.

make(build) prints the file; BUILDDIR's quintet (and quintet-match) do
the judging."""
import itertools
import random
import re

from openings_tools import Gtp


def go_vertex(col, row):
    return "ABCDEFGHJKLMNOPQRST"[col - 1] + str(row)


def make(build):
    quintet = f"{build}/quintet"
    playouts = 3000
    gtp = Gtp(quintet)
    gtp.cmd("set_random_seed 1")
    cands = []
    firsts = [(c, r) for c in range(3, 6) for r in range(3, 6) if c <= r]  # up to symmetry
    for fc, fr in firsts:
        for wc in range(3, 8):
            for wr in range(3, 8):
                if (wc, wr) == (fc, fr):
                    continue
                moves = [go_vertex(fc, fr), go_vertex(wc, wr)]
                gtp.cmd("boardsize 9")
                gtp.cmd("clear_board")
                gtp.cmd("komi 7.5")
                gtp.cmd(f"play b {moves[0]}")
                gtp.cmd(f"play w {moves[1]}")
                out = gtp.cmd(f"playout_score {playouts}")
                rate = float(re.search(r"black_winrate ([0-9.]+)", out).group(1))
                cands.append((moves, rate))
    gtp.close()
    rates = sorted(r for _, r in cands)
    median = rates[len(rates) // 2]
    print("# Go openings for quintet-match --openings.")
    print(f"# [go/9]: 2-ply openings (black on the 3rd to 5th lines, up to symmetry,")
    print(f"# white's answer on the 3rd to 7th), each scored by {playouts} random playouts")
    print(f"# (playout_score, komi 7.5, seed 1); kept when black's win rate is within")
    print(f"# 0.02 of the median of all {len(cands)} candidates ({median:.3f}). Random")
    print("# playouts are a quick, weak judge (the standard error of each rate is")
    print("# about 0.009, so most candidates pass): these are starts no worse for one")
    print("# side than the others by that judge, not professional openings.")
    print("\n[go/9]")
    for moves, rate in cands:
        if abs(rate - median) <= 0.02:
            print(f"{' '.join(moves):<8} # black wins {rate:.3f}")
    print("\n# [go/19]: the classical corner starts, not evaluated: black and white")
    print("# take the four corners in turn on star points (4-4) and 3-4 points.")
    print("[go/19]")
    corner_points = {  # per corner: 4-4 and the two 3-4 points, as (col, row)
        "ur": [(16, 16), (17, 16), (16, 17)],
        "ll": [(4, 4), (3, 4), (4, 3)],
        "ul": [(4, 16), (3, 16), (4, 17)],
        "lr": [(16, 4), (17, 4), (16, 3)],
    }
    rnd = random.Random(1)
    seen = set()
    orders = list(itertools.permutations(corner_points))
    while len(seen) < 40:
        order = rnd.choice(orders)
        moves = tuple(go_vertex(*rnd.choice(corner_points[c])) for c in order)
        if moves not in seen:
            seen.add(moves)
            print(" ".join(moves))
