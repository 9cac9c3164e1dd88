#!/usr/bin/env python3
"""Players' benchmark, against a real daemon (prints figures, asserts nothing).

  1. Logins per second at the configured Argon2id cost (conf/quintet.yaml's
     accounts.password_ops / password_mem_mib unless --config says
     otherwise): CLIENTS connections each loop `login NAME PW` / `logout`
     for SECONDS; meanwhile one more connection sends `protocol_version`,
     one at a time, and its reply times give p50/p99/max: the event loop is
     never blocked by the hashing, which runs on the short-work workers.
  2. Saves per second per backend: CLIENTS logged-in players each loop
     `save sN` of a 60-move Ataxx game (the text loaded back and checked,
     then one transaction) for SECONDS; SQLite (WAL, synchronous FULL, in a
     scratch data directory) and, when PostgreSQL's programs are installed,
     a throw-away PostgreSQL server (tests/integration/pgtmp.py, fsync off:
     an upper bound for a real server's disk).

Usage: bench/accounts.py BUILDDIR [SECONDS] [CLIENTS]
  BUILDDIR: a build (an optimised one for real figures: scripts/bootstrap
  build). Default 10 s, 8 clients."""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "integration"))
from pgtmp import Server, pg_bin  # noqa: E402

BUILD = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__)
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
CLIENTS = int(sys.argv[3]) if len(sys.argv) > 3 else 8
ENGINE = os.path.join(BUILD, "quintet")


class Client:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=300)
        self.buf = b""

    def ask(self, *lines):
        self.s.sendall("".join(l + "\n" for l in lines).encode())
        replies = []
        while len(replies) < len(lines):
            end = self.buf.find(b"\n\n")
            if end < 0:
                chunk = self.s.recv(65536)
                if not chunk:
                    raise EOFError("connection closed")
                self.buf += chunk
                continue
            replies.append(self.buf[:end].decode())
            self.buf = self.buf[end + 2:]
        return replies


class Daemon:
    def __init__(self, root, backend_yaml):
        cfg = os.path.join(root, "quintet.yaml")
        with open(cfg, "w") as f:
            f.write(backend_yaml)
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([ENGINE, "--listen", "127.0.0.1:0", "--data-dir", root,
                                      "--config", cfg, "--log-level", "warn",
                                      "--max-connections", "1000"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.err)
        for _ in range(600):
            self.err.seek(0)
            m = re.search(rb"listening on [0-9.]+:(\d+)", self.err.read())
            if m:
                self.port = int(m.group(1))
                return
            time.sleep(0.05)
        raise SystemExit("daemon did not start")

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


def loop_for(seconds, fn):
    """Run fn on CLIENTS threads until seconds pass; the count of its calls."""
    stop = time.time() + seconds
    counts = [0] * CLIENTS

    def run(i):
        while time.time() < stop:
            fn(i)
            counts[i] += 1

    threads = [threading.Thread(target=run, args=(i,)) for i in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts)


def logins(d):
    setup = [Client(d.port) for _ in range(CLIENTS)]
    for i, c in enumerate(setup):
        assert c.ask(f"register bench{i} password{i:03d}", "logout")[0].startswith("= welcome")
    probe = Client(d.port)
    times, done = [], threading.Event()

    def measure():
        while not done.is_set():
            t0 = time.perf_counter()
            probe.ask("protocol_version")
            times.append(time.perf_counter() - t0)
            time.sleep(0.002)

    m = threading.Thread(target=measure)
    m.start()
    t0 = time.time()
    n = loop_for(SECONDS, lambda i: setup[i].ask(f"login bench{i} password{i:03d}", "logout"))
    elapsed = time.time() - t0
    done.set()
    m.join()
    print(f"  logins: {n} in {elapsed:.1f} s = {n / elapsed:.1f}/s with {CLIENTS} clients")
    print(f"  protocol_version meanwhile on another connection: {len(times)} replies, "
          f"p50 {percentile(times, 0.5) * 1000:.2f} ms, p99 {percentile(times, 0.99) * 1000:.2f} ms,"
          f" max {max(times) * 1000:.2f} ms")


def saves(d, label):
    game = ["game ataxx", "set_random_seed 1"] + ["genmove x", "genmove o"] * 30
    clients = [Client(d.port) for _ in range(CLIENTS)]
    for i, c in enumerate(clients):
        assert c.ask(f"register saver{i} password{i:03d}")[0].startswith("= welcome")
        c.ask(*game)
    t0 = time.time()
    n = loop_for(SECONDS, lambda i: clients[i].ask(f"save s{i}"))
    elapsed = time.time() - t0
    got = clients[0].ask("list_saves")[0]
    assert " ataxx 60 " in got, got
    print(f"  {label}: {n} saves in {elapsed:.1f} s = {n / elapsed:.1f}/s with {CLIENTS} "
          "clients (60-move Ataxx game)")


def main():
    print(f"quintet bench/accounts.py: {BUILD}, {os.cpu_count()} cores, {SECONDS:g} s a run, "
          f"{CLIENTS} clients")
    root = tempfile.mkdtemp(prefix="quintet-bench-accounts.")
    try:
        print("SQLite (configured Argon2id cost):")
        d = Daemon(root, "storage:\n  backend: sqlite\n")
        try:
            logins(d)
            saves(d, "saves, sqlite")
        finally:
            d.stop()
        if pg_bin("initdb") and pg_bin("pg_ctl"):
            server = Server()
            try:
                print("PostgreSQL (a throw-away server, fsync off):")
                d = Daemon(root, "storage:\n  backend: postgresql\n  postgresql:\n"
                           f"    conninfo: \"{server.conninfo}\"\n")
                try:
                    saves(d, "saves, postgresql")
                finally:
                    d.stop()
            finally:
                server.stop()
        else:
            print("PostgreSQL: not installed, skipped")
    finally:
        shutil.rmtree(root, ignore_errors=True)


main()
