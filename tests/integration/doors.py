#!/usr/bin/env python3
"""Integration tests of the daemon's front doors under attack (SECURITY.md):
the listeners when the process runs out of file descriptors (they pause and
tell the waiting clients, instead of spinning and logging at full speed),
plain HTTP connections counted in the connection caps with the sessions,
and the HTTP request deadline that a client trickling its headers byte by
byte cannot extend (slowloris).

Usage: doors.py BUILDDIR/quintet. Prints TAP. Each test starts its own
daemon on port 0. Bounds are generous (a spinning loop burns a whole core
and writes megabytes of log a second; a paused one next to nothing), and
every wait is bounded: a hang fails, speed does not."""
import os
import re
import shutil
import socket
import sys
import tempfile
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
TMP = tempfile.mkdtemp(prefix="quintet-doors.")
WEB = os.path.join(TMP, "web")
os.makedirs(WEB)
with open(os.path.join(WEB, "index.html"), "w") as f:
    f.write("<!doctype html><title>quintet</title>\n")
HTTP_LISTENING = r"http listening on 127\.0\.0\.1:(\d+)\n"

check = qdaemon.checker(results)
ask = qdaemon.ask


class Daemon(qdaemon.Daemon):
    """--listen and --http on port 0; http_port is the HTTP one."""

    def __init__(self, server="", wrap=()):
        self.root = tempfile.mkdtemp(dir=TMP)
        path = os.path.join(self.root, "quintet.yaml")
        with open(path, "w") as f:
            f.write(f"server:\n  http_root: {WEB}\n" + server)
        self.start([*wrap, ENGINE, "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0",
                    "--config", path, "--data-dir", self.root, "--log-level", "info"],
                   address=r"(?<!http )listening on 127\.0\.0\.1:(\d+)\n")
        self.http_port = int(self.wait_log(HTTP_LISTENING).group(1))

    def http(self, src="127.0.0.1"):
        """A TCP connection to the HTTP port, from the local address src."""
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(60)
        s.bind((src, 0))
        s.connect(("127.0.0.1", self.http_port))
        return s

    def cpu_seconds(self):
        """The daemon's user and system CPU time so far (/proc/PID/stat)."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def log_bytes(self):
        return os.fstat(self.err.fileno()).st_size


def read_to_end(sock, timeout=60):
    """Everything until the peer closes (a reset ends it too)."""
    data = b""
    sock.settimeout(timeout)
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def get(sock, path="/", close=True):
    """Send a GET on sock; the response's status line and the rest."""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n"
                 f"{'Connection: close' if close else 'X: y'}\r\n\r\n".encode())
    if close:
        data = read_to_end(sock)
    else:
        data = b""
        while b"\r\n\r\n" not in data or len(data) < data.index(b"\r\n\r\n") + 4 + \
                int(re.search(rb"Content-Length: (\d+)", data).group(1)):
            chunk = sock.recv(65536)
            assert chunk, f"closed during the response: {data!r}"
            data += chunk
    return data.split(b"\r\n", 1)[0].decode(errors="replace"), data


_told = {}


def told_so_far(sock):
    """What a client has been sent so far, without waiting (b"" if nothing)."""
    sock.setblocking(False)
    try:
        while chunk := sock.recv(65536):
            _told[sock] = _told.get(sock, b"") + chunk
    except (BlockingIOError, ConnectionResetError):
        pass
    finally:
        sock.setblocking(True)
    return _told.get(sock, b"")


def serves(d):
    """Whether a new GTP client is served now (not refused)."""
    s = d.connect()
    try:
        return ask(s, "name") == ["= quintet"]
    except (AssertionError, ConnectionResetError):
        return False
    finally:
        s.close()


@check("out of descriptors (prlimit --nofile 40): both listeners pause instead of spinning "
       "(CPU, log size); waiting clients are told server busy (GTP) and 503 (HTTP); clients "
       "are served once descriptors free")
def emfile():
    if not shutil.which("prlimit"):
        raise qdaemon.Skip("no prlimit")
    d = Daemon(wrap=("prlimit", "--nofile=40", "--"))
    # More GTP clients than descriptors: the listeners run out of them.
    socks = [d.connect() for _ in range(60)]
    time.sleep(1)
    # Clients keep knocking at both doors; the daemon stays quiet.
    cpu, log = d.cpu_seconds(), d.log_bytes()
    start = time.monotonic()
    knocks = []
    while time.monotonic() - start < 4:
        knocks += [d.connect(), d.http()]
        time.sleep(0.1)
    cpu, log = d.cpu_seconds() - cpu, d.log_bytes() - log
    elapsed = time.monotonic() - start
    assert log < 20000, f"{log} bytes of log in {elapsed:.1f} s: {d.log()[-800:]}"
    assert cpu < 0.5 * elapsed, f"{cpu:.2f} s of CPU in {elapsed:.1f} s"
    assert re.search(r"tcp: accept failed: Too many open files; not accepting", d.log())
    assert re.search(r"http: accept failed: Too many open files; not accepting", d.log())
    # The clients that could not be accepted were told so, not left waiting.
    busy = b"? server busy\n\n"
    qdaemon.wait_for(lambda: any(told_so_far(s) == busy for s in socks + knocks[0::2]),
                     "a GTP client told server busy", limit=30)
    http_busy = b"HTTP/1.1 503 Service Unavailable\r\n"
    qdaemon.wait_for(lambda: any(told_so_far(s).startswith(http_busy) for s in knocks[1::2]),
                     "an HTTP client told 503", limit=30)
    # The sessions accepted before go on; once some close, clients are served.
    served = [s for s in socks if not told_so_far(s)]
    assert served and ask(served[0], "name") == ["= quintet"]
    for s in knocks + socks:
        s.close()
    qdaemon.wait_for(lambda: serves(d), "a GTP client served", limit=30)
    status, _ = get(d.http())
    assert status == "HTTP/1.1 200 OK", status
    d.stop()


@check("max_connections_per_address 2: plain HTTP connections count with the sessions; "
       "the third gets 503, a GTP client too, another address is served, a freed place serves")
def http_caps():
    d = Daemon("  max_connections_per_address: 2\n")
    a, b = d.http(), d.http()  # idle, no request yet: they count all the same
    data = read_to_end(d.http())  # refused at once, before any request
    assert data.startswith(b"HTTP/1.1 503 Service Unavailable\r\n"), data
    assert data.endswith(b"\r\n\r\ntoo many connections from this address\n"), data
    gtp = d.connect()
    assert read_to_end(gtp) == b"? too many connections from this address\n\n"
    status, _ = get(d.http(src="127.0.0.2"))
    assert status == "HTTP/1.1 200 OK", status
    a.close()

    def served():
        return get(d.http())[0] == "HTTP/1.1 200 OK"
    qdaemon.wait_for(served, "a place freed")
    b.close()
    d.stop()


def upgrade(d):
    """A WebSocket on a new HTTP connection; the socket, once its 101 came."""
    s = d.http()
    s.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
              b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
              b"Sec-WebSocket-Version: 13\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        assert chunk, head
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


@check("max_connections 2: plain HTTP connections count in it with the sessions; "
       "a WebSocket counts once, not as its HTTP connection and its session")
def http_total():
    d = Daemon("  max_connections: 2\n")
    ws = [upgrade(d), upgrade(d)]  # the second's connection fits: the first's became a session
    d.wait_log(r"session 2 connected")
    data = read_to_end(d.http(src="127.0.0.2"))
    assert data.startswith(b"HTTP/1.1 503 ") and data.endswith(b"\r\n\r\nserver busy\n"), data
    for s in ws:
        s.close()
    d.wait_log(r"session 1 closed")
    d.wait_log(r"session 2 closed")
    first, second = d.http(), d.http(src="127.0.0.3")
    status, data = get(second, close=False)
    assert status == "HTTP/1.1 200 OK", status
    data = read_to_end(d.http(src="127.0.0.4"))
    assert data.startswith(b"HTTP/1.1 503 ") and data.endswith(b"\r\n\r\nserver busy\n"), data
    first.close()
    qdaemon.wait_for(lambda: get(d.http(src="127.0.0.5"))[0] == "HTTP/1.1 200 OK",
                     "a place freed")
    second.close()
    d.stop()


def trickle(sock, head, limit):
    """Send head, then a header byte a second; the seconds until the
    daemon closes the connection (None: still open after limit s)."""
    start = time.monotonic()
    sock.sendall(head)
    sock.settimeout(1)
    while time.monotonic() - start < limit:
        try:
            if sock.recv(65536) == b"":
                return time.monotonic() - start
        except socket.timeout:
            pass
        except ConnectionResetError:
            return time.monotonic() - start
        try:
            sock.sendall(b"x")
        except (BrokenPipeError, ConnectionResetError):
            return time.monotonic() - start
    return None


@check("slowloris: a client trickling a header byte a second is closed by "
       "http_request_timeout (2 s), on its first request and on a kept-alive one")
def slowloris():
    d = Daemon("  http_request_timeout: 2\n")
    lived = trickle(d.http(), b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", 20)
    assert lived is not None, "still open after 20 s"
    s = d.http()
    status, _ = get(s, close=False)
    assert status == "HTTP/1.1 200 OK", status
    lived = trickle(s, b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", 20)
    assert lived is not None, "the second request still open after 20 s"
    d.wait_log(r"no whole request within 2 s, closing")
    status, _ = get(d.http())
    assert status == "HTTP/1.1 200 OK", status
    d.stop()


sys.exit(qdaemon.report(results))
