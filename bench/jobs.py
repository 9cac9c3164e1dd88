#!/usr/bin/env python3
"""Job-core benchmark: how the daemon keeps time when work queues.

Usage: bench/jobs.py BUILDDIR/quintet [RUNS]   (an optimised build)

Prints medians over RUNS (default 5) of:
  queued   seconds from sending a genmove with a 2 s byo-yomi (time_settings
           0 2 1) to its answer, while the only worker is busy with another
           client's 3 s genmove: the move's budget counts from its arrival,
           so the answer comes at about 3 s (the other search's end), not 5.
  cap      seconds for `perft 20` on 16x16 Ataxx to answer under
           server.max_command_time: 1 (the cap covers every slow command).
  sigterm  seconds from SIGTERM to exit while one client runs that perft and
           another a genmove that would think for an hour (bound: 5 s).
"""
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ENGINE = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
CONFIG = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
CONFIG.write("games:\n  go:\n    default_level: easy\n    levels:\n      easy: {algorithm: random}\n"
             "      think: {algorithm: montecarlo, playouts: 1000000000, time: 3600}\n"
             "server:\n  max_move_time: 3600\n")
CONFIG.close()
CAP = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
CAP.write("server:\n  max_command_time: 1\n")
CAP.close()


def daemon(*args):
    err = tempfile.TemporaryFile()
    p = subprocess.Popen([ENGINE, "--listen", "127.0.0.1:0", *args],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    for _ in range(300):
        err.seek(0)
        m = re.search(rb"listening on 127.0.0.1:(\d+)", err.read())
        if m:
            return p, int(m.group(1))
        if p.poll() is not None:
            raise RuntimeError("daemon did not start (an older build without the setting?)")
        time.sleep(0.02)
    raise RuntimeError("daemon did not start")


def connect(port, source="127.0.0.1"):
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def reply(s):
    buf = b""
    while not buf.endswith(b"\n\n"):
        chunk = s.recv(4096)
        if not chunk:
            raise SystemExit("connection closed")
        buf += chunk
    return buf.decode()


def ask(s, *lines):
    for line in lines:
        s.sendall(line.encode() + b"\n")
        reply(s)


def queued():
    p, port = daemon("--workers", "1", "--config", CONFIG.name)
    a, b = connect(port), connect(port, "127.0.0.2")
    for s, t in ((a, 3), (b, 2)):
        ask(s, "level think", f"time_settings 0 {t} 1")
    a.sendall(b"genmove b\n")
    time.sleep(0.1)
    t0 = time.monotonic()
    b.sendall(b"genmove b\n")
    reply(b)
    took = time.monotonic() - t0
    reply(a)
    p.terminate()
    p.wait()
    return took


def cap():
    p, port = daemon("--config", CAP.name)
    s = connect(port)
    ask(s, "game ataxx", "boardsize 16")
    t0 = time.monotonic()
    s.sendall(b"perft 20\n")
    r = reply(s)
    took = time.monotonic() - t0
    assert "perft interrupted" in r, r
    p.terminate()
    p.wait()
    return took


def sigterm():
    p, port = daemon("--config", CONFIG.name, "--workers", "2")
    a, b = connect(port), connect(port, "127.0.0.2")
    ask(a, "game ataxx", "boardsize 16")
    a.sendall(b"perft 20\n")
    ask(b, "level think")
    b.sendall(b"genmove b\n")
    time.sleep(1)
    t0 = time.monotonic()
    p.terminate()
    p.wait()
    return time.monotonic() - t0


for name, fn in (("queued", queued), ("cap", cap), ("sigterm", sigterm)):
    try:
        times = [fn() for _ in range(RUNS)]
    except RuntimeError as e:
        print(f"{name:8} not measured: {e}")
        continue
    print(f"{name:8} median {statistics.median(times):.2f} s  "
          f"(min {min(times):.2f}, max {max(times):.2f}, {RUNS} runs)")
os.unlink(CONFIG.name)
os.unlink(CAP.name)
