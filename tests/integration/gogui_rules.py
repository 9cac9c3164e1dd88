#!/usr/bin/env python3
"""GoGui's rules extension keeps its promise (PROTOCOL.md, "GoGui rules
extension"): GoGui lets a person click only a point gogui-rules_legal_moves
lists, and sends the click as `play COLOR POINT` for the side
gogui-rules_side_to_move names, so every point listed must be one play
takes, and no other.

For each board game, on boards of a few sizes and rules, from several
seeds, a game is played at random through the extension itself (each move
a point of the list, as GoGui would click it: Ataxx's jumps are two
clicks). At each position: every point listed (pass included) is taken by
`play` and taken back by one `undo`, and is_legal says 1 (in the games that
have it); a sample of the squares not listed is refused by play (and
is_legal says 0); the position is the same afterwards; and the list is
empty exactly when gogui-rules_final_result has a result.

tests/integration/gogui_rules.py QUINTET. Prints TAP, one test per game,
board and seed."""
import random
import subprocess
import sys

from qdaemon import assert_no_report, report

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
PLIES = 80      # random moves (clicks) a game is played for at most
UNLISTED = 8    # squares not listed tried at each position


def vertex(x, y):
    """Square (x, y) as Go and GoGui name it (y = 0 the bottom row)."""
    col = (LETTERS[x // 25 - 1] if x >= 25 else "") + LETTERS[x % 25]
    return f"{col}{y + 1}"


class Engine:
    """A quintet on stdin and stdout, spoken to a batch of lines at a time
    (few enough that neither pipe fills)."""

    def __init__(self, quintet, seed):
        self.proc = subprocess.Popen([quintet, "--seed", str(seed)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def batch(self, lines):
        """The replies to lines, in order: (ok, text after "= " / "? ")."""
        self.proc.stdin.write("".join(l + "\n" for l in lines))
        self.proc.stdin.flush()
        replies = []
        for _ in lines:
            text = []
            while True:
                line = self.proc.stdout.readline()
                if line in ("\n", ""):
                    break
                text.append(line.rstrip("\n"))
            reply = "\n".join(text)
            replies.append((reply.startswith("="), reply[2:]))
        return replies

    def ask(self, line):
        return self.batch([line])[0]

    def close(self):
        _, err = self.proc.communicate("quit\n", timeout=60)
        assert self.proc.returncode == 0, f"exit status {self.proc.returncode}"
        assert_no_report(err)


def check_position(e, game, rng, has_is_legal):
    """The checks at the current position; the list of legal points."""
    ok, side = e.ask("gogui-rules_side_to_move")
    assert ok and side in ("black", "white"), side
    color = "B" if side == "black" else "W"
    (_, board), (_, listed) = e.batch(["gogui-rules_board", "gogui-rules_legal_moves"])
    legal = listed.split()
    rows = [r.split() for r in board.split("\n")]
    squares = {vertex(x, len(rows) - 1 - r): cell for r, row in enumerate(rows)
               for x, cell in enumerate(row)}
    assert all(p == "pass" or p in squares for p in legal), f"{listed} off {board}"
    assert len(set(legal)) == len(legal), f"a point listed twice: {listed}"
    over, result = e.ask("gogui-rules_final_result")
    assert over == (not legal), f"list {listed!r} but final_result {over}: {result}"
    if not legal:
        return legal
    # Every point listed: play takes it, one undo takes it back.
    replies = e.batch([c for p in legal for c in (f"play {color} {p}", "undo")])
    for p, (played, why), (undone, why2) in zip(legal, replies[::2], replies[1::2]):
        assert played, f"{game}: listed {p} for {color}, but play says {why}"
        assert undone, f"{game}: undo after {p}: {why2}"
    if has_is_legal:
        replies = e.batch([f"is_legal {color} {p}" for p in legal])
        for p, (_, said) in zip(legal, replies):
            assert said == "1", f"{game}: listed {p} for {color}, but is_legal says {said}"
    # A sample of the rest: play refuses each (so nothing needs undoing).
    others = sorted(p for p, cell in squares.items() if cell != "?" and p not in legal)
    for p in rng.sample(others, min(UNLISTED, len(others))):
        if has_is_legal:
            _, said = e.ask(f"is_legal {color} {p}")
            assert said == "0", f"{game}: {p} not listed for {color}, but is_legal says {said}"
        played, why = e.ask(f"play {color} {p}")
        assert not played, f"{game}: {p} not listed for {color}, but play took it"
    (_, after), (_, listed_after) = e.batch(["gogui-rules_board", "gogui-rules_legal_moves"])
    assert (after, listed_after) == (board, listed), "the checks changed the position"
    return legal


def play_game(quintet, game, setup, seed):
    """A random game through the extension from setup; the positions seen."""
    rng = random.Random(seed)
    e = Engine(quintet, seed)
    try:
        for line in [f"game {game}"] + setup:
            ok, why = e.ask(line)
            assert ok, f"{line}: {why}"
        has_is_legal = e.ask("known_command is_legal")[1] == "true"
        positions, last = 0, None
        for _ in range(PLIES):
            legal = check_position(e, game, rng, has_is_legal)
            positions += 1
            if not legal:
                break
            # As a person clicks: rarely pass while a square is there, but
            # often answer a pass with one, so that Go games end too.
            squares = [p for p in legal if p != "pass"]
            chance = 0.5 if last == "pass" else 0.05
            move = rng.choice(squares) if squares and rng.random() > chance else rng.choice(legal)
            last = move
            _, side = e.ask("gogui-rules_side_to_move")
            ok, why = e.ask(f"play {side[0].upper()} {move}")
            assert ok, f"{game}: play {move}: {why}"
    finally:
        e.close()
    return positions


CASES = [
    ("go", ["boardsize 5"]),
    ("go", ["boardsize 7", "rules tromp-taylor"]),
    ("go", ["boardsize 9", "rules superko"]),
    ("gomoku", ["boardsize 5"]),
    ("gomoku", ["boardsize 9", "rules renju"]),
    ("gomoku", ["boardsize 7", "rules standard"]),
    ("ataxx", ["boardsize 5", "layout corners"]),
    ("ataxx", ["boardsize 7", "rules standard", "layout corners 2"]),
    ("ataxx", ["loadfen x1-o/4/-2-/o2x o"]),
    ("flood", ["boardsize 4", "colors 3"]),
    ("flood", ["rectangular_boardsize 7 3"]),
    ("flood", ["rectangular_boardsize 4 9", "colors 5"]),
]
SEEDS = (1, 2, 3)


def main():
    quintet = sys.argv[1]
    results = []
    for game, setup in CASES:
        for seed in SEEDS:
            name = f"{game} ({', '.join(setup)}), seed {seed}"
            try:
                n = play_game(quintet, game, setup, seed)
                results.append((True, f"{name}: {n} positions, the list is what play takes",
                                ""))
            except (AssertionError, subprocess.TimeoutExpired) as exc:
                results.append((False, name, str(exc)))
    return report(results)


if __name__ == "__main__":
    sys.exit(main())
