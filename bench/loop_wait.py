#!/usr/bin/env python3
"""Who kept the daemon's event loop from its core: its waits for a CPU
(from a wake-up to running) and, for the long ones, what ran on that core
meanwhile, the daemon's own threads (its searches) apart from other
programs. A p99 taken on a machine shared with other work mixes both; this
tells them apart.

Usage (as root, perf from Debian's linux-perf), while the daemon PID serves
a load (bench/daemon.sh's, or loadgen by hand):
    perf sched record -o perf.data -- sleep 7
    perf sched timehist -i perf.data > timehist.txt
    bench/loop_wait.py timehist.txt PID [MS]
MS: the waits counted as long (default 1). The loop is the main thread
(its tid is PID)."""
import collections
import re
import sys


def read(path):
    """(switch-out time, cpu, task, wait for a CPU, run time) a line, in
    seconds, from perf sched timehist's table."""
    rows = []
    with open(path) as f:
        for line in f:
            x = line.split()
            if len(x) < 6 or not x[1].startswith("[0"):
                continue
            try:
                rows.append((float(x[0]), x[1], x[2], float(x[-2]) / 1e3, float(x[-1]) / 1e3))
            except ValueError:
                continue  # a header or a line perf annotated
    return rows


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows, pid = read(sys.argv[1]), sys.argv[2]
    long_wait = (float(sys.argv[3]) if len(sys.argv) > 3 else 1.0) / 1e3
    by_cpu = collections.defaultdict(list)
    for r in rows:
        by_cpu[r[1]].append(r)
    loop = [r for r in rows if re.search(r"\[%s\]$" % pid, r[2])]
    if not loop:
        sys.exit("loop_wait: no thread %s in %s" % (pid, sys.argv[1]))
    waits = sorted(r[3] for r in loop)
    print("loop ran %d times: wait for a CPU p50 %.3f ms, p99 %.3f ms, max %.3f ms" %
          (len(waits), waits[len(waits) // 2] * 1e3, waits[int(len(waits) * 0.99)] * 1e3,
           waits[-1] * 1e3))
    ran = collections.Counter()
    n = 0
    for end, cpu, _, wait, run in loop:
        if wait < long_wait:
            continue
        n += 1
        start, woke = end - run - wait, end - run  # it waited from start to woke
        for end2, _, task, _, run2 in by_cpu[cpu]:
            overlap = min(end2, woke) - max(end2 - run2, start)
            if overlap > 0:
                ours = re.search(r"/%s\]$" % pid, task)
                ran["the daemon's threads" if ours else re.sub(r"\[.*", "", task)] += overlap
    print("%d waits of %.1f ms or more; meanwhile on that core (ms): %s" %
          (n, long_wait * 1e3,
           ", ".join("%s %.1f" % (k, v * 1e3) for k, v in ran.most_common(6)) or "nothing"))


main()
