#!/usr/bin/env python3
"""Integration tests of the HTTP server (--http): the WebSocket at /ws
spoken frame by frame over raw sockets (handshake, masking, fragments,
control frames, close codes, limits, many sessions, a slow command), and
the static files (status codes, content types, traversal and symbolic
links refused; --http-root, and the source tree when the root does not
exist).

Usage: websocket.py BUILDDIR/quintet. Prints TAP. No dependency beyond
Python's standard library; every wait is bounded, nothing is timed."""
import base64
import hashlib
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
results = []
tmp = tempfile.mkdtemp(prefix="quintet-ws.")
ROOT = os.path.join(tmp, "web")


check = qdaemon.checker(results)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


write(os.path.join(ROOT, "index.html"), "<!doctype html><title>quintet</title>\n")
write(os.path.join(ROOT, "app.js"), "console.log('quintet');\n")
write(os.path.join(ROOT, "style.css"), "body { margin: 0 }\n")
write(os.path.join(ROOT, "board.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>\n")
write(os.path.join(ROOT, "go", "index.html"), "<!doctype html><title>go</title>\n")
write(os.path.join(ROOT, ".hidden"), "secret\n")
write(os.path.join(ROOT, "big.bin"), b"\0" * ((8 << 20) + 1))  # over the 8 MiB cap
write(os.path.join(tmp, "outside.txt"), "outside the root\n")
os.symlink(os.path.join(tmp, "outside.txt"), os.path.join(ROOT, "link.txt"))
os.symlink(tmp, os.path.join(ROOT, "linkdir"))


class Daemon(qdaemon.Daemon):
    LOG_TIMEOUT = 20
    STOP_WORDS = ("ERROR", "runtime error")

    def __init__(self, server="", *args, root=ROOT):
        cfg = write(os.path.join(tmp, f"cfg{len(results)}.yaml"),
                    "games:\n  go:\n    default_level: easy\n    levels:\n"
                    "      easy: {algorithm: random}\n"
                    "      slow: {algorithm: montecarlo, playouts: 2000, time: 3600}\n"
                    f"server:\n  http_root: {root}\n  max_move_time: 3600\n" + server)
        self.start([ENGINE, "--http", "127.0.0.1:0", "--log-level", "info", "--config", cfg,
                    "--data-dir", tmp, *args], r"http listening on 127\.0\.0\.1:(\d+)\n")

    def connect(self):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s


def read_head(s):
    """An HTTP response head (status, headers dict) and what followed it."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(65536)
        assert chunk, f"closed during the response head: {buf!r}"
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    lines = head.decode().split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        k, v = line.split(":", 1)
        headers[k.strip().lower()] = v.strip()
    return status, headers, rest


class WS:
    """A client WebSocket over a raw socket."""

    def __init__(self, daemon, origin=None, key=None, extra="", host=None):
        self.s = daemon.connect()
        self.key = key or base64.b64encode(os.urandom(16)).decode()
        host = host or f"127.0.0.1:{daemon.port}"
        req = (f"GET /ws HTTP/1.1\r\nHost: {host}\r\n"
               "Upgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n"
               f"Sec-WebSocket-Key: {self.key}\r\nSec-WebSocket-Version: 13\r\n")
        if origin:
            req += f"Origin: {origin}\r\n"
        self.s.sendall((req + extra + "\r\n").encode())
        self.status, self.headers, self.buf = read_head(self.s)

    def accepted(self):
        want = base64.b64encode(hashlib.sha1(self.key.encode() + GUID).digest()).decode()
        return (self.status == 101 and self.headers.get("upgrade", "").lower() == "websocket"
                and self.headers.get("sec-websocket-accept") == want)

    def send_frame(self, opcode, payload, fin=True, mask=True):
        if isinstance(payload, str):
            payload = payload.encode()
        head = bytes([(0x80 if fin else 0) | opcode])
        n = len(payload)
        m = 0x80 if mask else 0
        if n < 126:
            head += bytes([m | n])
        elif n < 65536:
            head += bytes([m | 126]) + struct.pack("!H", n)
        else:
            head += bytes([m | 127]) + struct.pack("!Q", n)
        if mask:
            key = os.urandom(4)
            head += key
            payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
        self.s.sendall(head + payload)

    def send(self, text):
        self.send_frame(1, text)

    def _read(self, n, timeout):
        deadline = time.monotonic() + timeout
        while len(self.buf) < n:
            left = deadline - time.monotonic()
            assert left > 0, f"nothing within {timeout} s"
            self.s.settimeout(left)
            try:
                chunk = self.s.recv(65536)
            except socket.timeout:
                raise AssertionError(f"nothing within {timeout} s") from None
            if not chunk:
                raise EOFError("connection closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def frame(self, timeout=30):
        """The next frame: (fin, opcode, payload); server frames are never masked."""
        b0, b1 = self._read(2, timeout)
        assert not b1 & 0x80, "a masked frame from the server"
        n = b1 & 0x7f
        if n == 126:
            n = struct.unpack("!H", self._read(2, timeout))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._read(8, timeout))[0]
        return bool(b0 & 0x80), b0 & 0x0f, self._read(n, timeout)

    def message(self, timeout=30):
        """The next text message (pings are answered on the way)."""
        while True:
            fin, op, data = self.frame(timeout)
            if op == 9:
                self.send_frame(10, data)
                continue
            assert fin and op == 1, f"expected a whole text frame, got op {op} fin {fin}"
            return data.decode()

    def ask(self, *lines, timeout=30):
        for line in lines:
            self.send(line)
        return [self.message(timeout) for _ in lines]

    def close_code(self, timeout=30):
        """Frames until a close: its (code, reason); data messages skipped."""
        while True:
            fin, op, data = self.frame(timeout)
            if op == 8:
                code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else None
                return code, data[2:].decode()

    def closed(self, timeout=30):
        """Whether the server then closes the TCP connection."""
        try:
            while True:
                self._read(len(self.buf) + 1, timeout)
        except EOFError:
            return True


def http_get(daemon, path, method="GET"):
    s = daemon.connect()
    s.sendall(f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    status, headers, body = read_head(s)
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        body += chunk
    s.close()
    return status, headers, body


d = Daemon()


@check("handshake: 101 with the right Sec-WebSocket-Accept, then a session")
def _():
    w = WS(d)
    assert w.accepted(), (w.status, w.headers)
    assert w.ask("name", "1 protocol_version") == ["= quintet", "=1 2"]


@check("the RFC 6455 sample key gives the RFC's accept value")
def _():
    w = WS(d, key="dGhlIHNhbXBsZSBub25jZQ==")
    assert w.headers.get("sec-websocket-accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="


@check("a bad key, a missing upgrade or version: no session (400, 426)")
def _():
    assert WS(d, key="c2hvcnQ=").status == 400
    s = d.connect()
    s.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\n\r\n")
    assert read_head(s)[0] == 426
    s = d.connect()
    s.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n\r\n")
    status, headers, _ = read_head(s)
    assert status == 426 and headers.get("sec-websocket-version") == "13"


@check("a reply is one text message without its empty line; multi-line replies keep LFs")
def _():
    w = WS(d)
    assert w.ask("boardsize 5") == ["= "]
    board = w.ask("showboard")[0]
    assert board.startswith("= ") and "\n" in board and not board.endswith("\n"), repr(board)
    assert w.ask("bogus_command")[0].startswith("? unknown command")
    assert w.ask("name\n") == ["= quintet"]  # one trailing LF is allowed


@check("a fragmented message is reassembled (with a ping between fragments)")
def _():
    w = WS(d)
    w.send_frame(1, "7 proto", fin=False)
    w.send_frame(9, "between")  # control frames may come between fragments
    w.send_frame(0, "col_vers", fin=False)
    w.send_frame(0, "ion", fin=True)
    fin, op, data = w.frame()
    assert (op, data) == (10, b"between"), (op, data)
    assert w.message() == "=7 2"


@check("ping answered with a pong carrying the same payload")
def _():
    w = WS(d)
    w.send_frame(9, b"hello\x00\xff")
    assert w.frame()[1:] == (10, b"hello\x00\xff")


@check("an unmasked client frame: close 1002, and the session ends")
def _():
    w = WS(d)
    w.send_frame(1, "name", mask=False)
    assert w.close_code()[0] == 1002
    assert w.closed()


@check("a reserved bit, an unknown opcode, a stray continuation: 1002; a long ping: a close")
def _():
    for first in (bytes([0xc1]), bytes([0x83]), bytes([0x80]), bytes([0x89])):
        w = WS(d)
        payload = b"x" * (126 if first == bytes([0x89]) else 4)
        key = os.urandom(4)
        n = bytes([0x80 | 126]) + struct.pack("!H", len(payload)) if len(payload) > 125 \
            else bytes([0x80 | len(payload)])
        w.s.sendall(first + n + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload)))
        assert w.close_code()[0] == (None if first == bytes([0x89]) else 1002), first
        assert w.closed()


@check("CR LF at the end of a message, blank and comment messages get no reply")
def _():
    w = WS(d)
    w.send("")
    w.send("# a comment")
    w.send("5 name\r\n")
    assert w.message() == "=5 quintet"


@check("a message over server.max_line: close 1009 before it is buffered; its fragments count together")
def _():
    w = WS(d)
    w.send_frame(1, "x" * 65537)
    assert w.close_code()[0] == 1009
    w = WS(d)  # each fragment within max_line, the message over it
    w.send_frame(1, "x" * 40000, fin=False)
    w.send_frame(0, "x" * 40000)
    assert w.close_code()[0] == 1009
    w = WS(d)  # at max_line whole, in fragments: a line like any other
    w.send_frame(1, "8 name" + " " * 40000, fin=False)
    w.send_frame(0, " " * (65536 - 40006))
    assert w.message() == "=8 quintet"
    w = WS(d)  # only the header of a huge frame: refused from the header
    w.s.sendall(bytes([0x81, 0xff]) + struct.pack("!Q", 1 << 40) + os.urandom(4) + b"x")
    assert w.close_code()[0] == 1009


@check("a binary message: close 1003; invalid UTF-8: 1007; two lines in one: 1007")
def _():
    w = WS(d)
    w.send_frame(2, b"name")
    assert w.close_code()[0] == 1003
    w = WS(d)
    w.send_frame(1, b"name \xff")
    assert w.close_code()[0] == 1007
    w = WS(d)
    w.send("name\nversion")
    assert w.close_code() == (1007, "one command line per message")


@check("close handshake: the client's close is answered with 1000, then the TCP close")
def _():
    w = WS(d)
    assert w.ask("name") == ["= quintet"]
    w.send_frame(8, struct.pack("!H", 1000) + b"bye")
    assert w.close_code()[0] == 1000
    assert w.closed()


@check("quit: its reply, then close 1000 from the server")
def _():
    w = WS(d)
    assert w.ask("quit") == ["= "]
    assert w.close_code()[0] == 1000
    w.send_frame(8, struct.pack("!H", 1000))
    assert w.closed()


def refused_origin(daemon, origin, host=None):
    """An upgrade from origin: 403 Forbidden, plain HTTP, no upgrade, no session."""
    w = WS(daemon, origin=origin, host=host)
    assert w.status == 403, w.status
    assert "upgrade" not in w.headers and "sec-websocket-accept" not in w.headers, w.headers
    n = int(w.headers["content-length"])
    while len(w.buf) < n:
        w.buf += w.s.recv(65536)
    assert w.buf == b"403 Forbidden\n", w.buf
    daemon.wait_log(r"websocket [^ ]+ refused: origin not allowed")
    w.s.close()


@check("a foreign Origin: 403 Forbidden and no WebSocket; same host and no Origin let in")
def _():
    refused_origin(d, "http://evil.example")
    w = WS(d, origin=f"http://127.0.0.1:{d.port}")
    assert w.ask("name") == ["= quintet"]


@check("DNS rebinding: an Origin naming the request's own Host is refused unless it is "
       "the daemon's address, localhost or the machine's name")
def _():
    # A page of evil.example whose name the attacker re-pointed at 127.0.0.1
    # sends its own name in both headers.
    for name in ("evil.example", "evil.example."):
        refused_origin(d, f"http://{name}:{d.port}", host=f"{name}:{d.port}")
    refused_origin(d, f"http://127.0.0.1:{d.port + 1}", host=f"127.0.0.1:{d.port + 1}")
    refused_origin(d, "http://127.0.0.1", host="127.0.0.1")
    refused_origin(d, f"http://10.1.2.3:{d.port}", host=f"10.1.2.3:{d.port}")
    for origin in (f"http://127.0.0.1:{d.port}", f"http://localhost:{d.port}",
                   f"http://LocalHost:{d.port}", f"http://[::1]:{d.port}",
                   f"http://{socket.gethostname()}:{d.port}"):
        w = WS(d, origin=origin, host="evil.example")  # whatever Host says
        assert w.accepted() and w.ask("name") == ["= quintet"], origin


@check("server.http_origins lets a listed Origin in, and only it")
def _():
    p = Daemon('  http_origins: ["https://play.example"]\n')
    try:
        assert WS(p, origin="https://play.example").ask("name") == ["= quintet"]
        refused_origin(p, "https://other.example")
    finally:
        p.stop()


@check("players and saves as on TCP: register, play, save; a new WebSocket logs in, resumes")
def _():
    w = WS(d)
    assert w.ask("register wsplayer secret123", "boardsize 9", "play b E5",
                 "save ws1", timeout=120)[0] == "= welcome wsplayer"
    assert w.ask("list_saves", timeout=60)[0].startswith("= ws1")
    v = WS(d)
    assert v.ask("login wsplayer secret123", timeout=120) == ["= welcome wsplayer"]
    assert v.ask("load ws1", "list_stones black", timeout=60) == ["= ", "= E5"]


@check("many sessions at once, each its own state")
def _():
    socks = [WS(d) for _ in range(60)]
    for i, w in enumerate(socks):
        w.send(f"{i} komi {i}.5")
    for i, w in enumerate(socks):
        assert w.message() == f"={i} "
    for i, w in enumerate(socks):
        w.send(f"{i} get_komi")
    for i, w in enumerate(socks):
        assert w.message() == f"={i} {i}.5"


@check("a slow command (a search on the workers) is answered in one message")
def _():
    w = WS(d)
    assert w.ask("boardsize 9", "level slow") == ["= ", "= "]
    w.send("3 genmove b")
    w.send("4 name")
    first, second = w.message(120), w.message(120)
    assert re.fullmatch(r"=3 [A-HJ-T]\d+|=3 pass", first), first
    assert second == "=4 quintet"


@check("streaming: lz-analyze's lines each a message, then its reply =ID alone when the next command stops it; the genmove form's reply play MOVE")
def _():
    w = WS(d)
    assert w.ask("boardsize 9") == ["= "]
    w.send("5 lz-analyze b 5")
    lines = [w.message() for _ in range(3)]
    for line in lines:
        assert line.startswith("info move "), line
    w.send("6 name")
    rest = []
    while not rest or rest[-1].startswith("info "):
        rest.append(w.message())
    assert rest[-1] == "=5", rest[-3:]
    assert w.message() == "=6 quintet"
    assert w.ask("level medium") == ["= "]
    w.send("7 kata-genmove_analyze w 1")
    while True:
        m = w.message(120)
        if not m.startswith("info "):
            break
    assert re.fullmatch(r"=7 play [A-HJ][1-9]", m), m
    assert w.ask("8 name") == ["=8 quintet"]


@check("the server pings; a client answering nothing is dropped")
def _():
    p = Daemon("  http_ping: 1\n")
    try:
        w = WS(p)
        assert w.frame(10)[1] == 9  # a ping
        w.send_frame(10, b"")
        assert w.ask("name") == ["= quintet"]
        assert w.frame(10)[1] == 9  # and another: still there
        assert w.closed(15)  # not answered: dropped
    finally:
        p.stop()


@check("server.max_connections reached: the next connection gets 503 server busy")
def _():
    p = Daemon("  max_connections: 1\n")
    try:
        first = WS(p)
        assert first.ask("name") == ["= quintet"]
        w = WS(p)
        assert w.status == 503 and w.buf == b"server busy\n", (w.status, w.buf)
        assert first.ask("name") == ["= quintet"]
    finally:
        p.stop()


@check("server.max_connections_per_address counts WebSockets: 503 with its reason")
def _():
    p = Daemon("  max_connections_per_address: 2\n")
    try:
        first, second = WS(p), WS(p)
        assert first.ask("name") == second.ask("name") == ["= quintet"]
        w = WS(p)
        assert w.status == 503 and w.buf == b"too many connections from this address\n", w.buf
        first.send_frame(8, struct.pack("!H", 1000))
        assert first.closed()
        p.wait_log(r"session 1 closed")
        assert WS(p).ask("name") == ["= quintet"]
    finally:
        p.stop()


@check("idle timeout: close 1000 idle timeout")
def _():
    p = Daemon("  idle_timeout: 1\n")
    try:
        w = WS(p)
        assert w.ask("name") == ["= quintet"]
        assert w.close_code(15) == (1000, "idle timeout")
    finally:
        p.stop()


@check("shutdown: open sessions get close 1001")
def _():
    p = Daemon()
    w = WS(p)
    assert w.ask("name") == ["= quintet"]
    p.proc.send_signal(signal.SIGTERM)
    assert w.close_code(15)[0] == 1001
    assert p.proc.wait(timeout=30) == 0
    p.stop()


def vm_rss(daemon):
    """The daemon's resident memory, bytes (/proc/PID/status VmRSS)."""
    with open(f"/proc/{daemon.proc.pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1)) * 1024


def ping_flood(w, budget, timeout):
    """Send pings of 125 bytes on w, never reading the pongs, until budget
    bytes are sent or the daemon takes nothing for timeout seconds. What
    stopped it ("throttled", "closed" or "budget") and the bytes sent."""
    key = os.urandom(4)
    payload = bytes(b ^ key[i % 4] for i, b in enumerate(b"p" * 125))
    chunk = (bytes([0x89, 0x80 | 125]) + key + payload) * 8192  # 1 MiB
    w.s.settimeout(timeout)
    sent = 0
    while sent < budget:
        try:
            w.s.sendall(chunk)
        except socket.timeout:
            return "throttled", sent
        except (ConnectionResetError, BrokenPipeError):
            return "closed", sent
        sent += len(chunk)
    return "budget", sent


# Flood budget: far more than the kernel's socket buffers both ways (a few
# MiB each) and the output caps, so a daemon that kept reading would hold
# most of it as pongs.
FLOOD_BUDGET = 256 << 20


@check("a ping flood that never reads: its reading stops (TCP back-pressure), the "
       "daemon's memory stays bounded, another client is served")
def _():
    p = Daemon()
    try:
        assert WS(p).ask("name") == ["= quintet"]
        before = vm_rss(p)
        w = WS(p)
        how, sent = ping_flood(w, FLOOD_BUDGET, 10)
        grown = vm_rss(p) - before
        assert how == "throttled" and sent < 64 << 20, (how, sent >> 20)
        # Generous: pongs are held to 256 KiB and a read's worth; the rest
        # is the allocator's (and ASan's quarantine of freed pongs).
        assert grown < 128 << 20, f"RSS grew by {grown >> 20} MiB"
        assert WS(p).ask("name") == ["= quintet"]
        w.s.close()
    finally:
        p.stop()


@check("max_output 65536: a ping flood that never reads is dropped, close 1008 queued")
def _():
    p = Daemon("  max_output: 65536\n")
    try:
        how, sent = ping_flood(WS(p), FLOOD_BUDGET, 30)
        assert how == "closed", (how, sent >> 20)
        p.wait_log(r"over 65536 bytes of output unread, dropping it")
        p.wait_log(r"websocket [^ ]+: close 1008 too much output unread")
        assert WS(p).ask("name") == ["= quintet"]
    finally:
        p.stop()


@check("static files: 200 with their content types, index.html for a directory")
def _():
    for path, ctype, body in [("/", "text/html", b"<!doctype html><title>quintet</title>\n"),
                              ("/app.js", "text/javascript", b"console.log('quintet');\n"),
                              ("/style.css", "text/css", None), ("/board.svg", "image/svg+xml", None),
                              ("/go/", "text/html", b"<!doctype html><title>go</title>\n")]:
        status, headers, got = http_get(d, path)
        assert status == 200, (path, status)
        assert headers["content-type"].startswith(ctype), (path, headers)
        assert headers.get("x-content-type-options") == "nosniff"
        assert body is None or got == body, (path, got)
    status, headers, _ = http_get(d, "/go")
    assert status == 301 and headers["location"] == "/go/", (status, headers)
    status, headers, body = http_get(d, "/app.js", "HEAD")
    assert status == 200 and body == b"" and headers["content-length"] == "24", (status, body)


@check("static files: 404 for missing, hidden, traversal and symbolic links; 405")
def _():
    for path in ["/missing.html", "/.hidden", "/../outside.txt", "/%2e%2e/outside.txt",
                 "/go/../../outside.txt", "/link.txt", "/linkdir/outside.txt",
                 "/index.html%00.js", "/ws/", "/big.bin"]:
        status = http_get(d, path)[0]
        assert status in (400, 404), (path, status)
    assert http_get(d, "/index.html", "POST")[0] == 405
    assert http_get(d, "/ws", "POST")[0] == 405
    assert http_get(d, "/ws")[0] == 426


@check("--http-root DIR serves DIR, over server.http_root")
def _():
    other = os.path.join(tmp, "other-root")
    write(os.path.join(other, "index.html"), "<!doctype html><title>other</title>\n")
    p = Daemon("", "--http-root", other)
    try:
        status, headers, body = http_get(p, "/")
        assert status == 200 and body == b"<!doctype html><title>other</title>\n", (status, body)
        assert http_get(p, "/app.js")[0] == 404  # server.http_root's, not served
        assert "http root" not in p.log(), p.log()
    finally:
        p.stop()


@check("--http-root naming a missing directory or a file: exit 2 at start, naming it")
def _():
    missing = os.path.join(tmp, "no-such-root")
    for root, why in [(missing, "No such file or directory"),
                      (os.path.join(ROOT, "app.js"), "not a directory")]:
        r = subprocess.run([ENGINE, "--http", "127.0.0.1:0", "--http-root", root],
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        err = r.stderr.decode()
        assert r.returncode == 2, (r.returncode, err)
        assert f"quintet: --http-root {root}: {why}\n" in err, err


@check("a root that does not exist: the source tree's web/ laid out as installed, said once")
def _():
    p = Daemon(root=os.path.join(tmp, "not-installed"))
    try:
        m = p.wait_log(r"http root \S+/not-installed not found: "
                       r"serving the source tree's (/\S*)/web/\n")
        src = m.group(1)
        assert p.log().count("http root") == 1, p.log()
        for path, name in [("/", "web/index.html"), ("/app.js", "web/app.js"),
                           ("/games/go.js", "src/games/go/go.js")]:
            status, headers, body = http_get(p, path)
            with open(os.path.join(src, name), "rb") as f:
                assert status == 200 and body == f.read(), (path, status)
        for path in ["/web/index.html", "/src/games/go/go.js", "/Makefile.am",
                     "/games/nonesuch.js"]:
            assert http_get(p, path)[0] == 404, path
    finally:
        p.stop()


@check("a root that cannot be opened (a file): every page 404, and the log says how to fix it")
def _():
    p = Daemon(root=os.path.join(ROOT, "app.js"))
    try:
        p.wait_log(r"http root \S+/app\.js: Not a directory: every page is 404 \(give the web "
                   r"page's directory with --http-root DIR or server\.http_root\)\n")
        assert http_get(p, "/")[0] == 404
        assert "source tree" not in p.log(), p.log()
    finally:
        p.stop()


@check("the daemon exits cleanly on SIGTERM")
def _():
    d.stop()


sys.exit(qdaemon.report(results))
