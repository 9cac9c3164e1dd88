#!/usr/bin/env python3
"""Go tactics benchmark (doc/go-tactics.md): sets up each problem of
bench/go_tactics.txt in a GTP engine (boardsize, clear_board, komi, the moves
as play), asks genmove for the side to move and counts the problem solved
when the move is one of its answers (resign and pass never are). Prints the
share solved per kind and overall; -v adds a line per problem.

Usage: go_tactics.py [-v] [--limit N] [--every K] [--problems FILE] ENGINE_CMD...
e.g.   bench/go_tactics.py /usr/games/gnugo --mode gtp --level 10 --chinese-rules
       bench/go_tactics.py build-rel/quintet --config bench.yaml"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from go_tactics_gen import Gtp  # noqa: E402 (found through the path above)


class Engine:
    """The problems' GTP client (tools/go_tactics_gen.py's Gtp), started on
    the first command and again after the engine dies."""

    def __init__(self, argv):
        self.argv = argv
        self.gtp = None

    def ask(self, command):
        if self.gtp is None:
            self.gtp = Gtp(self.argv)
        return self.gtp.ask(command)

    def restart_if_dead(self):
        """After a failed command: a dead engine is started again by the next."""
        if self.gtp and self.gtp.proc.poll() is not None:
            self.gtp = None

    def close(self):
        if self.gtp:
            self.gtp.close()


def read_problems(path):
    """Each problem line as a dict: kind, goal, size, komi, colour, target,
    moves, answers."""
    problems = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            head, moves, answers = line.split(";")
            kind, goal, size, komi, colour, target = head.split()
            problems.append({"kind": kind, "goal": goal, "size": int(size), "komi": komi,
                             "colour": colour, "target": target, "moves": moves.split(),
                             "answers": set(answers.split())})
    return problems


def engine_move(engine, problem):
    """The engine's genmove in the problem's position, upper case."""
    engine.ask(f"boardsize {problem['size']}")
    engine.ask("clear_board")  # quintet would otherwise reuse its tree
    engine.ask(f"komi {problem['komi']}")
    colour = "b"
    for move in problem["moves"]:
        engine.ask(f"play {colour} {move}")
        colour = "w" if colour == "b" else "b"
    return engine.ask(f"genmove {problem['colour']}").upper()


def percent(solved, total):
    return f"solved {solved} of {total} ({100 * solved / total:.1f}%)" if total else "none"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per problem")
    parser.add_argument("--limit", type=int, help="the first N problems only")
    # The file is sorted by kind: every Kth problem is a smaller set of the same mix.
    parser.add_argument("--every", type=int, default=1, help="every Kth problem only")
    parser.add_argument("--problems", default=os.path.join(HERE, "go_tactics.txt"))
    parser.add_argument("engine", nargs=argparse.REMAINDER, help="the engine's command")
    args = parser.parse_args()
    if not args.engine:
        parser.error("no engine command")
    problems = read_problems(args.problems)[::args.every][:args.limit]
    engine = Engine(args.engine)
    by_kind = {}
    start = time.monotonic()
    for number, problem in enumerate(problems, 1):
        try:
            move = engine_move(engine, problem)
        except (RuntimeError, OSError) as error:  # failing a problem fails only that one
            print(f"{number:4} {error}", file=sys.stderr)
            engine.restart_if_dead()
            move = "error"
        solved = move in problem["answers"]
        tally = by_kind.setdefault(problem["kind"], [0, 0])
        tally[0] += solved
        tally[1] += 1
        if args.verbose:
            print(f"{number:4} {problem['kind']:8} {problem['goal']:7} {problem['colour']} "
                  f"{problem['target']:4} {move:6} {'ok' if solved else '--'} "
                  f"{' '.join(sorted(problem['answers']))}", flush=True)
    engine.close()
    for kind in sorted(by_kind):
        print(f"{kind:8} {percent(*by_kind[kind])}")
    total = [sum(t[0] for t in by_kind.values()), len(problems)]
    print(f"overall  {percent(*total)} in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
