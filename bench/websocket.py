#!/usr/bin/env python3
"""Cheap-command throughput over the WebSocket (/ws) and, for comparison,
over TCP: N pipelined protocol_version commands on one connection, sent in
batches of 1000 and their replies read; the median of 5 runs, in commands
per second. Then the daemon's resident memory with M idle WebSocket
sessions open, per session.

Usage: bench/websocket.py BUILDDIR [N [M]]   (an optimised build; N
default 100000, M default 1000). Python's side costs too: the figures are
a floor of what the daemon can do, not its ceiling."""
import base64
import os
import re
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time

ENGINE = os.path.join(sys.argv[1], "quintet")
N = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
M = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
BATCH = 1000
MASK = b"\x01\x02\x03\x04"


def frame(text):
    data = text.encode()
    masked = bytes(b ^ MASK[i % 4] for i, b in enumerate(data))
    return bytes([0x81, 0x80 | len(data)]) + MASK + masked


def ws_connect(port):
    s = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    buf = b""
    while b"\r\n\r\n" not in buf:
        buf += s.recv(4096)
    head, rest = buf.split(b"\r\n\r\n", 1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return s, rest


def ws_run(port):
    s, buf = ws_connect(port)
    batch = frame("protocol_version") * BATCH
    start = time.monotonic()
    for _ in range(N // BATCH):
        s.sendall(batch)
        got = at = 0
        while got < BATCH:
            while len(buf) >= at + 2 and len(buf) >= at + 2 + (buf[at + 1] & 0x7f):
                at += 2 + (buf[at + 1] & 0x7f)
                got += 1
            if got < BATCH:
                buf += s.recv(65536)
        buf = buf[at:]
    elapsed = time.monotonic() - start
    s.close()
    return N / elapsed


def tcp_run(port):
    s = socket.create_connection(("127.0.0.1", port))
    batch = b"protocol_version\n" * BATCH
    want = len(b"= 2\n\n") * BATCH
    start = time.monotonic()
    for _ in range(N // BATCH):
        s.sendall(batch)
        got = 0
        while got < want:
            got += len(s.recv(65536))
    elapsed = time.monotonic() - start
    s.close()
    return N / elapsed


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def main():
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen([ENGINE, "--http", "127.0.0.1:0", "--listen", "127.0.0.1:0",
                             "--max-connections", str(M + 10), "--log-level", "warn"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 30
        text = ""
        while time.monotonic() < deadline:
            err.seek(0)
            text = err.read().decode()
            http = re.search(r"http listening on 127\.0\.0\.1:(\d+)", text)
            tcp = re.search(r"(?<!http )listening on 127\.0\.0\.1:(\d+)", text)
            if http and tcp:
                break
            time.sleep(0.05)
        http, tcp = int(http.group(1)), int(tcp.group(1))
        ws = statistics.median(ws_run(http) for _ in range(5))
        plain = statistics.median(tcp_run(tcp) for _ in range(5))
        print(f"WebSocket: {ws:.0f} commands/s (median of 5, {N} pipelined protocol_version)")
        print(f"TCP:       {plain:.0f} commands/s (same, for comparison)")
        before = rss_kib(proc.pid)
        socks = [ws_connect(http)[0] for _ in range(M)]
        for s in socks:  # every session answered once: fully set up
            s.sendall(frame("name"))
        for s in socks:
            s.recv(64)
        after = rss_kib(proc.pid)
        print(f"{M} idle WebSocket sessions: {after - before} KiB more resident, "
              f"{(after - before) / M:.1f} KiB each")
        for s in socks:
            s.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


main()
