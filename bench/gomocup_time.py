#!/usr/bin/env python3
"""Gomocup time keeping: how long quintet's replies take against
INFO timeout_turn, over a game of TURN moves.

Usage: bench/gomocup_time.py BUILDDIR/quintet [TIMEOUT_MS] [MOVES] [SIZE]
  (defaults 1000 ms, 40 moves, 15). The opponent's moves are random free
  points near the centre (seeded), so runs are repeatable. Prints the
  median and maximum reply time and how many replies exceeded the limit."""
import random
import statistics
import subprocess
import sys
import time

engine = sys.argv[1]
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
moves = int(sys.argv[3]) if len(sys.argv) > 3 else 40
size = int(sys.argv[4]) if len(sys.argv) > 4 else 15
rng = random.Random(1)
p = subprocess.Popen([engine, "--protocol", "gomocup"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, text=True, bufsize=1)


def say(line):
    p.stdin.write(line + "\n")
    p.stdin.flush()


say(f"INFO timeout_turn {limit}")
say("INFO timeout_match 0")
say(f"START {size}")
assert p.stdout.readline().strip() == "OK"
taken, times = set(), []
for i in range(moves):
    free = [(x, y) for x in range(size) for y in range(size) if (x, y) not in taken]
    near = [c for c in free if abs(c[0] - size // 2) <= 3 and abs(c[1] - size // 2) <= 3]
    x, y = rng.choice(near or free)
    taken.add((x, y))
    t0 = time.monotonic()
    say(f"TURN {x},{y}")
    reply = p.stdout.readline().strip()
    while reply.startswith("MESSAGE "):  # the search's iterations
        reply = p.stdout.readline().strip()
    times.append((time.monotonic() - t0) * 1000)
    if "," not in reply or reply.startswith("ERROR"):
        break  # the game ended (or the engine refused)
    taken.add(tuple(int(v) for v in reply.split(",")))
say("END")
p.wait(timeout=10)
over = sum(t > limit for t in times)
print(f"timeout_turn {limit} ms, {len(times)} replies: median {statistics.median(times):.0f} ms, "
      f"max {max(times):.0f} ms, {over} over the limit")
