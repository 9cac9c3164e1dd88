#!/usr/bin/env python3
"""Balanced Ataxx openings for self-play matches (standard rules, the
Ataxx start): every 3-ply sequence from the start whose score after a
depth-D search (quintet's own UAI search) is within +-W centipawns (the mean of the last two
iterations, since Ataxx scores swing between odd and even depths) of
even, one line per opening, written to stdout in the format quintet-match
--openings reads. Symmetric duplicates are kept (they are few at 3 ply).

usage: bench/ataxx_openings.py 'ENGINE COMMAND' [DEPTH [WINDOW]]
e.g.   bench/ataxx_openings.py 'build/quintet --protocol uai' 5 60 \\
           > bench/ataxx_openings.txt"""
import shlex
import subprocess
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    window = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    eng = subprocess.Popen(shlex.split(sys.argv[1]), stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(lines, until):
        for line in lines:
            eng.stdin.write(line + "\n")
        eng.stdin.flush()
        got = []
        while True:
            line = eng.stdout.readline()
            if not line:
                sys.exit("engine ended")
            got.append(line.split())
            if line.startswith(until):
                return got

    gtp = subprocess.Popen(shlex.split(sys.argv[1].replace("--protocol uai", "")),
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                           bufsize=1)

    def gtp_ask(line):
        gtp.stdin.write(line + "\n")
        gtp.stdin.flush()
        reply = []
        while True:
            got = gtp.stdout.readline()
            if not got or got == "\n":
                return " ".join(reply)
            reply.append(got.strip())

    for line in ["game ataxx", "rules standard", "layout corners 2"]:
        gtp_ask(line)

    def moves_after(seq):
        gtp_ask("clear_board")
        for i, m in enumerate(seq):
            gtp_ask("play %s %s" % ("xo"[i % 2], m))
        return gtp_ask("list_moves").lstrip("= ").split()

    def score(seq):
        out = ask(["position startpos moves " + " ".join(seq),
                   "go depth %d" % depth], "bestmove")
        scores = []
        for w in out:
            if len(w) > 5 and w[0] == "info" and w[3] == "score":
                scores.append(int(w[5]) if w[4] == "cp" else 100000)
        # Ataxx scores swing between odd and even depths: the last two.
        return sum(scores[-2:]) / len(scores[-2:]) if scores else None

    ask(["uai"], "uaiok")
    for a in moves_after([]):
        for b in moves_after([a]):
            for c in moves_after([a, b]):
                s = score([a, b, c])
                if s is not None and abs(s) <= window:
                    print(a, b, c, flush=True)
    eng.stdin.close()
    eng.wait()
    gtp.stdin.close()
    gtp.wait()


if __name__ == "__main__":
    main()
