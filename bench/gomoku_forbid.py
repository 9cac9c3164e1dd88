#!/usr/bin/env python3
"""Renju's forbidden points: quintet's YXSHOWFORBID against Rapfi's on
random positions reached by legal play (a yardstick only: Rapfi is built
outside the repository, as ../shared/PEERS.md says; never in the tests).

Usage: bench/gomoku_forbid.py BUILDDIR/quintet PBRAIN-RAPFI [POSITIONS [SEED]]
  (defaults 10000 positions, seed 1). Games of random legal moves on 15x15
  under renju (INFO rule 4), each move a free point within two of a stone
  (so that lines form), black never on a point quintet calls forbidden;
  before every black move both engines get the position (YXBOARD ... DONE)
  and answer YXSHOWFORBID. A game ends at a five, or after 120 moves.
  Prints every mismatch (the moves, each engine's points; marked when
  black could make five at once, where a forbidden point means nothing in
  play), then the first mismatch of each of the first five games that have
  one shrunk to a minimal position (a black and a white stone taken away
  at a time while the answers still differ and quintet takes the board),
  and the counts: positions compared, positions with a forbidden point,
  mismatches."""
import random
import subprocess
import sys

SIZE = 15


class Brain:
    """A Gomocup brain on pipes."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.errors = 0

    def say(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def answer(self, prefix):
        """The next line starting with prefix; chatter skipped, errors shown."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"{self.p.args[0]} ended")
            line = line.strip()
            if line.startswith("ERROR"):
                self.errors += 1
                print(f"{self.p.args[0]}: {line}", flush=True)
            if line.startswith(prefix):
                return line

    def forbid(self, moves):
        """The forbidden points of the position after moves (black to move)."""
        self.say("YXBOARD")
        for i, (x, y) in enumerate(moves):
            self.say(f"{x},{y},{1 if i % 2 == 0 else 2}")  # black is to move: its own
        self.say("DONE")
        self.say("YXSHOWFORBID")
        line = self.answer("FORBID")
        digits = line[len("FORBID"):].strip().rstrip(".")
        return {(int(digits[i:i + 2]), int(digits[i + 2:i + 4]))
                for i in range(0, len(digits), 4)}

    def close(self):
        self.say("END")
        self.p.wait(timeout=10)


def five(stones, x, y):
    """Whether the stone at x,y ends the game (five or more in a line; an
    overline ends it only for white, but black never plays one: it is
    forbidden)."""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            cx, cy = x + s * dx, y + s * dy
            while (cx, cy) in stones:
                n += 1
                cx, cy = cx + s * dx, cy + s * dy
        if n >= 5:
            return True
    return False


def near(taken):
    """Free points within two of a stone (the centre on an empty board)."""
    if not taken:
        return [(SIZE // 2, SIZE // 2)]
    pts = {(x + dx, y + dy) for x, y in taken for dx in range(-2, 3) for dy in range(-2, 3)}
    return sorted(p for p in pts if p not in taken and 0 <= p[0] < SIZE and 0 <= p[1] < SIZE)


def differs(brains, moves):
    """Whether the brains' answers differ on a position quintet accepts."""
    errors = brains[0].errors
    answers = [b.forbid(moves) for b in brains]
    return brains[0].errors == errors and answers[0] != answers[1]


def shrink(brains, moves):
    """Takes a black and a white stone away at a time (the rest in their
    order) while the answers still differ: a minimal position."""
    changed = True
    while changed:
        changed = False
        blacks, whites = moves[0::2], moves[1::2]
        for b in range(len(blacks)):
            for w in range(len(whites)):
                rest = zip(blacks[:b] + blacks[b + 1:], whites[:w] + whites[w + 1:])
                trial = [s for pair in rest for s in pair]
                if differs(brains, trial):
                    moves, changed = trial, True
                    break
            if changed:
                break
    return moves


def main():
    quintet_bin, rapfi_bin = sys.argv[1], sys.argv[2]
    want = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    brains = [Brain([quintet_bin, "--protocol", "gomocup"]), Brain([rapfi_bin])]
    for b in brains:
        b.say(f"START {SIZE}")
        b.answer("OK")
        b.say("INFO rule 4")
    compared = with_forbidden = mismatches = with_five = 0
    first = []  # the first mismatch of each game that has one
    while compared < want:
        first_of_game = None
        moves, colour = [], {0: set(), 1: set()}
        while len(moves) < 120 and compared < want:
            side = len(moves) % 2
            forbidden = set()
            if side == 0:
                answers = [b.forbid(moves) for b in brains]
                compared += 1
                forbidden = answers[0]
                with_forbidden += bool(answers[0] | answers[1])
                if answers[0] != answers[1]:
                    mismatches += 1
                    first_of_game = first_of_game or list(moves)
                    winning = any(five(colour[0] | {p}, *p) for p in near(colour[0] | colour[1]))
                    with_five += winning
                    print(f"mismatch{' (black has a five to make)' if winning else ''}: "
                          f"moves {moves}: quintet {sorted(answers[0])} "
                          f"rapfi {sorted(answers[1])}", flush=True)
            taken = colour[0] | colour[1]
            free = [p for p in near(taken) if p not in forbidden]
            if not free:
                break
            x, y = rng.choice(free)
            moves.append((x, y))
            colour[side].add((x, y))
            if five(colour[side], x, y):
                break
        if first_of_game:
            first.append(first_of_game)
    for moves in first[:5]:
        small = shrink(brains, moves)
        answers = [b.forbid(small) for b in brains]
        print(f"minimal: moves {small}: quintet {sorted(answers[0])} "
              f"rapfi {sorted(answers[1])}", flush=True)
    for b in brains:
        b.close()
    print(f"positions {compared}, with forbidden points {with_forbidden}, "
          f"mismatches {mismatches} ({with_five} where black has a five to make)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
