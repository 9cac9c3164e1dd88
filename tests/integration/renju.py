#!/usr/bin/env python3
"""Renju's forbidden points, checked against a second statement of the RIF
rules: this file's, written for clarity rather than speed and differently
from src/games/gomoku/gomoku_rules.c (fours and threes are looked for at
every empty point of a line within reach, not only next to the stone's
run; the recursion into completion points has no budget). Seeded random
positions, dense around the centre of a 15x15 board, are built with
`rules freestyle` and `play` in one engine session, then `rules renju` and
`forbidden` must list exactly the points this file finds.

Usage: renju.py BUILDDIR/quintet [POSITIONS [SEED]]. Prints TAP, one line
per position."""
import random
import subprocess
import sys

N = 15
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
DIRS = [(1, 0), (0, 1), (1, 1), (-1, 1)]


def on_board(p):
    return 0 <= p[0] < N and 0 <= p[1] < N


def shift(p, d, k):
    return (p[0] + k * d[0], p[1] + k * d[1])


def run(stones, p, d, color):
    """Stones of color in an unbroken row through p (counted) along d."""
    n = 1
    for sign in (1, -1):
        k = 1
        while stones.get(shift(p, d, sign * k)) == color:
            n += 1
            k += 1
    return n


def between_black(stones, p, q, d):
    """q lies on p's line d and every cell strictly between is black."""
    for sign in (1, -1):
        for k in range(1, N):
            if shift(p, d, sign * k) == q:
                return all(stones.get(shift(p, d, sign * j)) == "B" for j in range(1, k))
    return False


def empties(stones, p, d, reach):
    out = []
    for k in range(-reach, reach + 1):
        q = shift(p, d, k)
        if k and on_board(q) and q not in stones:
            out.append((q, k))
    return out


def makes_five(stones, p, q, d):
    """With p black, black on q makes exactly five through p and q."""
    stones[q] = "B"
    five = run(stones, q, d, "B") == 5 and between_black(stones, p, q, d)
    del stones[q]
    return five


def fours(stones, p, d):
    qs = [(q, k) for q, k in empties(stones, p, d, 4) if makes_five(stones, p, q, d)]
    if len(qs) == 2 and abs(qs[0][1] - qs[1][1]) == 5:
        return 1  # .XXXX.: one straight four
    return len(qs)


def straight_four(stones, p, d):
    """p stands in four in a row whose two ends each make exactly five."""
    for start in range(-3, 1):
        cells = [shift(p, d, start + j) for j in range(4)]
        if not all(stones.get(c) == "B" for c in cells):
            continue
        ends = [shift(p, d, start - 1), shift(p, d, start + 4)]
        if not all(on_board(e) and e not in stones for e in ends):
            continue
        good = True
        for e in ends:
            stones[e] = "B"
            good &= run(stones, e, d, "B") == 5
            del stones[e]
        if good:
            return True
    return False


def forbidden(stones, p):
    """Whether black may not play empty p."""
    stones[p] = "B"
    try:
        runs = [run(stones, p, d, "B") for d in DIRS]
        if 5 in runs:
            return False
        if max(runs) > 5:
            return True
        f = [fours(stones, p, d) for d in DIRS]
        if sum(f) >= 2:
            return True
        threes = 0
        for i, d in enumerate(DIRS):
            if f[i]:
                continue
            for q, _ in empties(stones, p, d, 4):
                stones[q] = "B"
                completes = between_black(stones, p, q, d) and straight_four(stones, p, d)
                del stones[q]
                if completes and not forbidden(stones, q):
                    threes += 1
                    break
        return threes >= 2
    finally:
        del stones[p]


def vertex(p):
    return "%s%d" % (COLUMNS[p[0]], p[1] + 1)


def random_position(rng):
    """Alternate stones, black first, in the centre; no five for anyone."""
    stones, moves = {}, []
    color, wanted = "B", rng.randint(14, 44)
    for _ in range(2000):
        if len(moves) == wanted:
            break
        p = (rng.randint(3, 11), rng.randint(3, 11))
        if p in stones or any(run(stones, p, d, color) >= 5 for d in DIRS):
            continue
        stones[p] = color
        moves.append(("b" if color == "B" else "w") + " " + vertex(p))
        color = "W" if color == "B" else "B"
    return stones, moves


def main():
    engine = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2024)
    positions, script = [], ["game gomoku"]
    for _ in range(count):
        stones, moves = random_position(rng)
        positions.append(stones)
        script += ["clear_board", "rules freestyle"] + ["play " + m for m in moves]
        script += ["rules renju", "forbidden"]
    proc = subprocess.run([engine], input="\n".join(script) + "\n", capture_output=True,
                          text=True, timeout=240)
    replies = [r for r in proc.stdout.split("\n\n") if r.strip()]
    failed = 0
    if len(replies) != len(script) or not all(r.startswith("=") for r in replies):
        bad = [r for r in replies if not r.startswith("=")][:3]
        print("not ok 1 - every command answered '=': %d replies, %s" % (len(replies), bad))
        print("1..1")
        return 1
    answers = [r[2:].split() for r, line in zip(replies, script) if line == "forbidden"]
    for i, (stones, got) in enumerate(zip(positions, answers)):
        want = [vertex((c, r)) for r in range(N - 1, -1, -1) for c in range(N)
                if (c, r) not in stones and forbidden(stones, (c, r))]
        if got == want:
            print("ok %d - position %d (%d stones): forbidden %s" %
                  (i + 1, i + 1, len(stones), " ".join(want) or "none"))
        else:
            failed += 1
            print("not ok %d - position %d: quintet says %s, the rules say %s" %
                  (i + 1, i + 1, got, want))
    print("1..%d" % len(positions))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
