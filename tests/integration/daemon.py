#!/usr/bin/env python3
"""Integration tests of the TCP daemon over real sockets.

Usage: daemon.py BUILDDIR/quintet. Starts the daemon on port 0 (several
instances with different limits) and prints TAP. No timing assertions: waits
are generous upper bounds, and ordering is asserted, not speed."""
import os
import random
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
# A level whose genmove runs until it is stopped: "long genmove" below.
SLOW_CONFIG = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
SLOW_CONFIG.write("games:\n  go:\n    default_level: easy\n    levels:\n      easy: {algorithm: random}\n"
                  "      slow: {algorithm: montecarlo, playouts: 1000000000, time: 3600}\n"
                  "server:\n  max_move_time: 3600\n")
SLOW_CONFIG.close()


Skip = qdaemon.Skip
check = qdaemon.checker(results)
# (replies, the bytes read past them)
ask, read_replies, assert_clean = qdaemon.ask, qdaemon.read_replies_rest, qdaemon.assert_clean


class Daemon(qdaemon.Daemon):
    def __init__(self, *args, host="127.0.0.1"):
        self.host = host
        self.start([ENGINE, "--listen", f"{host}:0" if ":" not in host else f"[{host}]:0",
                    *args])

    def connect(self):
        return super().connect(host=self.host, timeout=60)


main = Daemon("--workers", "2", "--max-connections", "200", "--config", SLOW_CONFIG.name)


@check("50 concurrent clients play independent games")
def concurrent_clients():
    errors = []

    def client(i):
        try:
            rng = random.Random(i)
            size = 5 + i % 15
            s = main.connect()
            assert ask(s, f"boardsize {size}", "clear_board") == ["= ", "= "]
            mine = set()
            for _ in range(12):
                col, row = rng.randrange(size), rng.randrange(size)
                v = "ABCDEFGHJKLMNOPQRSTUVWXYZ"[col] + str(row + 1)
                if v in mine:
                    continue
                assert ask(s, f"play b {v}") == ["= "], v
                mine.add(v)
                time.sleep(rng.random() / 100)
            got = set(ask(s, "list_stones black")[0][2:].split())
            assert got == mine, f"client {i}: board {got} != played {mine}"
            assert ask(s, "list_stones white") == ["= "]
            s.close()
        except Exception as e:
            errors.append(f"client {i}: {e}")

    threads = [threading.Thread(target=client, args=(i,)) for i in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors[:3]


@check("1000 pipelined commands answered in order")
def pipelined():
    s = main.connect()
    s.sendall("".join(f"{i} known_command play\n" for i in range(1, 1001)).encode())
    replies, _ = read_replies(s, 1000)
    assert replies == [f"={i} true" for i in range(1, 1001)], replies[:3]
    s.close()


@check("a pipelined burst whose replies pass the output's high-water mark (256 KiB) is "
       "answered whole, in order")
def burst_past_high_water():
    # The daemon stops reading at 256 KiB of unwritten replies and writes
    # them; when the socket takes them all it must read on by itself, as
    # no write event will come back to say the output drained.
    s = main.connect()
    s.sendall("".join(f"{i} help\n" for i in range(1, 401)).encode())
    replies, _ = read_replies(s, 400)
    assert [r.split(" ", 1)[0] for r in replies] == [f"={i}" for i in range(1, 401)]
    assert sum(len(r) for r in replies) > 1 << 20, "replies too small to pass the mark"
    s.close()


@check("over-long line: ? line too long, session goes on")
def long_line():
    s = main.connect()
    s.sendall(b"1 name\n" + b"x" * 200000 + b"\n3 name\n4 boardsize " + b"9" * 70000 + b"\n")
    assert read_replies(s, 4)[0] == ["=1 quintet", "? line too long", "=3 quintet",
                                     "?4 line too long"]
    s.close()


@check("binary junk: no crash, session goes on")
def binary_junk():
    s = main.connect()
    junk = bytes(random.Random(7).randrange(256) for _ in range(100000))
    s.sendall(junk + b"\n99 name\n")
    buf = b""
    while b"=99 quintet\n\n" not in buf:
        chunk = s.recv(65536)
        assert chunk, "closed"
        buf += chunk
    s.close()


@check("half a line then disconnect: next client served")
def half_line():
    s = main.connect()
    s.sendall(b"2 boardsi")
    s.close()
    s = main.connect()
    assert ask(s, "5 name") == ["=5 quintet"]
    s.close()


@check("SIGHUP does not stop the daemon")
def sighup():
    main.proc.send_signal(signal.SIGHUP)
    time.sleep(0.2)
    s = main.connect()
    assert ask(s, "name") == ["= quintet"]
    s.close()


@check("another session's 1000 cheap commands complete during a long genmove")
def ordering():
    a = main.connect()
    a.sendall(b"1 boardsize 19\n2 level slow\n3 genmove b\n")
    assert read_replies(a, 2)[0] == ["=1 ", "=2 "]
    b = main.connect()
    b.sendall("".join(f"{i} protocol_version\n" for i in range(1000)).encode())
    replies, _ = read_replies(b, 1000)
    assert replies == [f"={i} 2" for i in range(1000)]
    ready, _, _ = select.select([a], [], [], 0)
    assert not ready, "the long genmove answered before the cheap batch finished"
    a.close()
    b.close()


@check("back-pressure: a client that does not read is not buffered without bound")
def back_pressure():
    s = main.connect()
    s.setblocking(False)
    command = b"showboard\n" * 1000
    sent, stalled = 0, False
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            sent += s.send(command)
        except BlockingIOError:
            _, writable, _ = select.select([], [s], [], 1.0)
            if not writable:
                stalled = True
                break
    rss = int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{main.proc.pid}/status").read())[1])
    s.close()
    assert stalled, f"daemon kept reading: {sent} bytes accepted"
    assert sent < 64 << 20, f"{sent} bytes accepted before back-pressure"
    assert rss < 400 * 1024, f"daemon RSS {rss} KiB"


@check("quit: the replies arrive whole, then the server ends the connection for a client "
       "that keeps its side open (nc without -N returns)")
def quit_closes():
    s = main.connect()
    s.sendall(b"1 name\n2 quit\n3 name\n")
    replies, rest = read_replies(s, 2)
    assert replies == ["=1 quintet", "=2 "], replies
    # The server's FIN, then a reset once the replies were read: poll on
    # the socket reports POLLHUP, which is what makes nc stop reading its
    # terminal. Our side stays open, as nc's does.
    poller = select.poll()
    poller.register(s, select.POLLIN)
    hup = False
    for _ in range(100):  # a bound, not a speed: 100 polls of up to 0.1 s
        events = poller.poll(100)
        if events and events[0][1] & select.POLLHUP:
            hup = True
            break
        if events and events[0][1] & select.POLLIN:
            chunk = s.recv(100)
            rest += chunk
            if not chunk:  # the FIN: from now on only a hang-up can wake us
                poller.modify(s, 0)
    assert hup, "the connection stayed half-open after quit"
    assert rest == b"", rest  # the line after quit got no reply
    s.close()


@check("nc (netcat-openbsd) without -N returns after quit, with every reply")
def quit_nc():
    if not shutil.which("nc"):
        raise Skip("no nc")
    feeder = subprocess.Popen(["sh", "-c", "printf 'name\\nquit\\n'; sleep 20"],
                              stdout=subprocess.PIPE)
    try:
        out = subprocess.run(["nc", "127.0.0.1", str(main.port)], stdin=feeder.stdout,
                             capture_output=True, timeout=15).stdout
    except subprocess.TimeoutExpired:
        raise AssertionError("nc did not return after quit")
    finally:
        feeder.kill()
        feeder.wait()
    assert out == b"= quintet\n\n= \n\n", out


code, err, _ = main.terminate()


@check("SIGTERM: exit 0, no sanitizer report")
def sigterm():
    assert_clean(code, err)
    assert "session 1 connected" in err and "SIGTERM" in err


@check("client gone (its connection reset) during a long genmove: job stopped, daemon healthy")
def disconnect_during_job():
    d = Daemon("--workers", "1", "--config", SLOW_CONFIG.name)
    a = d.connect()
    a.sendall(b"boardsize 19\nlevel slow\ngenmove b\n")
    read_replies(a, 2)
    time.sleep(0.2)
    # A process that dies, or closes with replies unread, resets the
    # connection; a plain close (a FIN) is an end of input, whose
    # answers are still owed (jobs.py's half-closed check).
    a.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    a.close()
    # One worker: this job can only run if the abandoned one was stopped.
    b = d.connect()
    reply = ask(b, "playout_score 20")[0]
    assert reply.startswith("= score ") and reply.endswith("playouts 20"), reply
    assert ask(b, "boardsize 9", "genmove b")[1].startswith("= "), "genmove after it"
    b.close()
    d.stop()


def read_to_close(s):
    """Everything the server sends s until it closes the connection."""
    data = b""
    while True:
        chunk = s.recv(100)
        if not chunk:
            return data
        data += chunk


@check("idle timeout tells a silent GTP session and closes it, not a busy one nor one that "
       "keeps asking")
def idle_timeout():
    d = Daemon("--idle-timeout", "1")
    busy = d.connect()
    busy.sendall(b"boardsize 19\nplayout_score 1000000000\n")
    read_replies(busy, 1)
    talker = d.connect()  # asks every 0.25 s for 2.5 timeouts: never idle that long
    for _ in range(10):
        assert ask(talker, "name") == ["= quintet"], "a session that kept asking was closed"
        time.sleep(0.25)
    s = d.connect()
    assert ask(s, "name") == ["= quintet"]
    s.settimeout(30)
    said = read_to_close(s)
    assert said == b"? idle timeout\n\n", f"not told, or not closed: {said!r}"
    time.sleep(1.5)  # the busy one has now been silent for over 2 timeouts
    ready, _, _ = select.select([busy], [], [], 0)
    assert not ready, "a session with a job in flight was closed"
    busy.close()
    talker.close()
    code, err, _ = d.terminate()
    assert_clean(code, err)
    assert "idle for 1 s" in err


@check("max connections: the extra client gets ? server busy")
def max_connections():
    d = Daemon("--max-connections", "2")
    a, b = d.connect(), d.connect()
    assert ask(a, "name") == ["= quintet"] and ask(b, "name") == ["= quintet"]
    c = d.connect()
    data = read_to_close(c)
    assert data == b"? server busy\n\n", data
    a.close()
    time.sleep(0.2)
    c = d.connect()
    assert ask(c, "name") == ["= quintet"]
    for s in (b, c):
        s.close()
    d.stop()


@check("IPv6 loopback [::1]")
def ipv6():
    d = Daemon(host="::1")
    s = d.connect()
    assert ask(s, "1 protocol_version") == ["=1 2"]
    s.close()
    d.stop()


@check("SIGTERM lets an in-flight reply finish")
def graceful():
    d = Daemon("--workers", "1")
    s = d.connect()
    s.sendall(b"boardsize 9\n7 playout_score 1000000000\n")
    read_replies(s, 1)
    time.sleep(0.2)
    d.proc.send_signal(signal.SIGTERM)
    reply = read_replies(s, 1)[0][0]
    assert reply.startswith("=7 score "), reply
    d.stop()


@check("TCP clients' files stay inside --data-dir/files")
def data_dir():
    with tempfile.TemporaryDirectory() as root:
        d = Daemon("--data-dir", root)
        s = d.connect()
        for name in ("/etc/passwd", "../x.sgf", ".hidden", "a/b.sgf"):
            assert ask(s, f"printsgf {name}") == ["? invalid file name: plain names only"], name
            assert ask(s, f"loadsgf {name}") == ["? invalid file name: plain names only"], name
        assert ask(s, "boardsize 9", "play b e5", "printsgf game.sgf") == ["= "] * 3
        files = os.path.join(root, "files")
        assert os.path.exists(os.path.join(files, "game.sgf"))
        assert not os.path.exists(os.path.join(root, "game.sgf"))
        assert ask(s, "clear_board", "loadsgf game.sgf", "list_stones b") == ["= ", "= white", "= E5"]
        # What the server owns (the database named in the config) is out of
        # the clients' reach: the same name is a file of their own directory.
        db = os.path.join(root, "quintet.db")
        with open(db, "w") as f:
            f.write("server data\n")
        assert ask(s, "printsgf quintet.db") == ["= "]
        assert open(db).read() == "server data\n"
        # A symlink placed in the directory does not lead outside it, a FIFO
        # does not freeze the daemon, and neither is replaced by printsgf.
        os.symlink("/etc/passwd", os.path.join(files, "link.sgf"))
        os.mkfifo(os.path.join(files, "fifo.sgf"))
        for name in ("link.sgf", "fifo.sgf"):
            assert ask(s, f"loadsgf {name}") == ["? not a regular file"], name
            assert ask(s, f"printsgf {name}") == ["? not a regular file"], name
        assert os.path.islink(os.path.join(files, "link.sgf"))
        assert ask(s, "list_stones b") == ["= E5"]
        # An existing file keeps its mode when replaced.
        os.chmod(os.path.join(files, "game.sgf"), 0o600)
        assert ask(s, "printsgf game.sgf") == ["= "]
        assert os.stat(os.path.join(files, "game.sgf")).st_mode & 0o777 == 0o600
        s.close()
        d.stop()


@check("TCP sessions are guests: every save command is refused, nothing written")
def guests_cannot_save():
    with tempfile.TemporaryDirectory() as root:
        d = Daemon("--data-dir", root, "--user", "alice")
        s = d.connect()
        assert ask(s, "play b D4", "save mine", "load mine", "list_saves", "delete_save mine",
                   "resume", "showboard") [:6] == ["= "] + ["? guests cannot save"] * 5
        s.close()
        d.stop()
        assert not os.path.exists(os.path.join(root, "saves"))


@check("bad --listen address: exit 2 with a message")
def bad_listen():
    p = subprocess.run([ENGINE, "--listen", "1.2.3.4:99999"], capture_output=True, timeout=30)
    assert p.returncode == 2 and b"--listen" in p.stderr, p


os.unlink(SLOW_CONFIG.name)
sys.exit(qdaemon.report(results))
