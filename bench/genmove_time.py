#!/usr/bin/env python3
"""How closely genmove keeps its time budget: a Go mcts level (tree search) with an
unreachable playout count and time T, five genmoves each for several T on
19x19; prints the median and worst elapsed time per T and the worst overrun.
Usage: bench/genmove_time.py BUILDDIR   (an optimised build)"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

engine = os.path.join(sys.argv[1], "quintet")
budgets = [0.2, 0.5, 1.0, 2.0]
levels = "".join(f"      t{int(t * 1000)}: {{algorithm: mcts, playouts: 1000000000, "
                 f"time: {t}}}\n" for t in budgets)
with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
    f.write("games:\n  go:\n    default_level: easy\n    levels:\n      easy: {algorithm: random}\n" + levels)
p = subprocess.Popen([engine, "--config", f.name, "--seed", "1"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, text=True, bufsize=1)


def ask(cmd):
    p.stdin.write(cmd + "\n")
    p.stdin.flush()
    lines = []
    while True:
        line = p.stdout.readline()
        if line == "\n":
            return lines
        lines.append(line)


ask("boardsize 19")
for t in budgets:
    ask(f"level t{int(t * 1000)}")
    took = []
    for i in range(5):
        start = time.monotonic()
        ask(f"genmove {'bw'[i % 2]}")
        took.append(time.monotonic() - start)
    over = max(took) - t
    print(f"time {t:.1f} s: median {statistics.median(took):.3f} s, worst {max(took):.3f} s "
          f"(overrun {over * 1000:+.0f} ms, {over / t * 100:+.1f}%)")
p.stdin.close()
p.wait()
os.unlink(f.name)
