#!/usr/bin/env python3
"""UAI movetime compliance: how far past `go movetime MS` the bestmove comes.

usage: bench/ataxx_uai_time.py 'ENGINE COMMAND' [ROUNDS]
e.g.   bench/ataxx_uai_time.py 'build/quintet --protocol uai'

For each position and movetime (1..300 ms) it sends position, isready, then
go movetime and measures the time to the bestmove line on this side of the
pipe. Prints every measure and the worst overrun per movetime; the issue's
budget is 10 ms."""
import shlex
import subprocess
import sys
import time

POSITIONS = ["startpos", "startpos moves f2 b6 g2 b7",
             "fen x8/9/9/9/9/9/9/9/8o x 0 1",
             "fen x14o/16/16/16/16/16/16/16/16/16/16/16/16/16/16/o14x x 0 1"]
MOVETIMES = [1, 10, 50, 100, 300]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    eng = subprocess.Popen(shlex.split(sys.argv[1]), stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        eng.stdin.write(line + "\n")
        eng.stdin.flush()

    def until(prefix):
        while True:
            line = eng.stdout.readline()
            if not line:
                sys.exit("engine closed its output")
            if line.startswith(prefix):
                return line

    worst = {}
    for _ in range(rounds):
        for pos in POSITIONS:
            for mt in MOVETIMES:
                send("position " + pos)
                send("isready")
                until("readyok")
                t0 = time.monotonic()
                send("go movetime %d" % mt)
                until("bestmove")
                over = (time.monotonic() - t0) * 1000 - mt
                worst[mt] = max(worst.get(mt, -1e9), over)
                print("%-32s movetime %4d ms: %+6.1f ms" % (pos[:32], mt, over))
    send("quit")
    eng.wait(timeout=10)
    print("worst overrun (ms): " +
          ", ".join("%d: %+.1f" % (k, v) for k, v in sorted(worst.items())))


if __name__ == "__main__":
    main()
