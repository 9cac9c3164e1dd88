#!/usr/bin/env python3
"""Integration tests of the caps on what one client can take from the daemon
(protocol/PROTOCOL.md, "Caps"; SECURITY.md): connections per address, the
worker queue (? server busy), unread output (write_timeout, max_output),
max_move_time on genmove, max_command_nodes on Mastermind's listing of
codes, accounts (max_accounts), the clients' files
(max_files, max_files_bytes), failed logins per name and per address, saves per
owner, and symbolic links planted in the saves directory.

Usage: caps.py BUILDDIR/quintet. Prints TAP. Each test starts its own daemon
on port 0 with a small configuration; no timing assertions (waits are
generous upper bounds: a hang fails, speed does not)."""
import os
import re
import socket
import sys
import tempfile
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
TMP = tempfile.mkdtemp(prefix="quintet-caps.")
# A Go level whose genmove runs until it is stopped.
SLOW = ("games:\n  go:\n    default_level: easy\n    levels:\n"
        "      easy: {algorithm: random}\n"
        "      slow: {algorithm: montecarlo, playouts: 1000000000, time: 3600}\n")


check = qdaemon.checker(results)
ask, read_replies = qdaemon.ask, qdaemon.read_replies


class Daemon(qdaemon.Daemon):
    def __init__(self, config, *args, env=None):
        self.root = tempfile.mkdtemp(dir=TMP)
        path = os.path.join(self.root, "quintet.yaml")
        with open(path, "w") as f:
            f.write(config)
        self.start([ENGINE, "--listen", "127.0.0.1:0", "--config", path, "--data-dir",
                    self.root, *args], env=dict(os.environ, **(env or {})))

    def connect(self, src="127.0.0.1", rcvbuf=None):
        return super().connect(src=src, timeout=120, rcvbuf=rcvbuf)


def read_to_end(sock):
    data = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    except ConnectionResetError:
        pass
    return data


@check("max_connections_per_address 2: the third client of one address is refused, another address is served")
def per_address():
    d = Daemon("server:\n  max_connections_per_address: 2\n")
    a, b = d.connect(), d.connect()
    assert ask(a, "name") == ["= quintet"] and ask(b, "name") == ["= quintet"]
    c = d.connect()
    assert read_to_end(c) == b"? too many connections from this address\n\n"
    other = d.connect(src="127.0.0.2")
    assert ask(other, "name") == ["= quintet"]
    a.close()
    d.wait_log(r"session 1 closed")
    c = d.connect()
    assert ask(c, "name") == ["= quintet"]
    for s in (b, c, other):
        s.close()
    d.stop()


@check("max_queue 1 (1 worker): a search running, one queued, the next is answered ? server busy and the session goes on")
def queue_full():
    d = Daemon(SLOW + "server:\n  max_queue: 1\n  workers: 1\n  max_move_time: 3600\n")
    a, b, c = d.connect(), d.connect(src="127.0.0.2"), d.connect(src="127.0.0.3")
    assert ask(a, "level slow") == ["= "] and ask(b, "level slow") == ["= "]
    # The one worker takes a's search (a thread waking, not a speed: a
    # second is plenty), b's waits in the queue, and c's finds it full.
    a.sendall(b"genmove b\n")
    time.sleep(1)
    b.sendall(b"genmove b\n")
    time.sleep(1)
    assert ask(c, "7 genmove b") == ["?7 server busy"]
    assert ask(c, "name", "showboard")[0] == "= quintet"
    d.wait_log(r"job refused, 1 jobs queued")
    # An interrupt stops a's search; the queued one runs, and is stopped
    # the same way.
    a.sendall(b"# interrupt\n")
    assert read_replies(a, 1)[0].startswith("= ")
    b.sendall(b"# interrupt\n")
    assert read_replies(b, 1)[0].startswith("= ")
    for s in (a, b, c):
        s.close()
    d.stop()


def unread_client_dropped(config, lines, logged):
    """A client sends lines of help and reads nothing: the daemon must log
    logged and close it, and still serve another client."""
    d = Daemon(config)
    s = d.connect(rcvbuf=4096)
    s.settimeout(5)
    try:
        s.sendall(b"help\n" * lines)
    except (socket.timeout, ConnectionResetError, BrokenPipeError):
        pass  # its input is no longer read once its output backs up
    d.wait_log(logged)
    d.wait_log(r"session 1 closed")
    t = d.connect()
    assert ask(t, "name") == ["= quintet"]
    s.close()
    t.close()
    d.stop()


def read_lines_until(sock, pattern, buf=b""):
    """UAI: read lines until one matches pattern; returns (lines, rest)."""
    lines = []
    while True:
        if b"\n" not in buf:
            chunk = sock.recv(65536)
            assert chunk, f"connection closed after {lines}"
            buf += chunk
            continue
        line, buf = buf.split(b"\n", 1)
        lines.append(line.decode(errors="replace"))
        if re.fullmatch(pattern, lines[-1]):
            return lines, buf


@check("max_queue 1 over UAI: a go that finds the queue full gets info string server busy, then its bestmove")
def queue_full_uai():
    d = Daemon("server:\n  max_queue: 1\n  workers: 1\n", "--protocol", "uai")
    a, b, c = d.connect(), d.connect(src="127.0.0.2"), d.connect(src="127.0.0.3")
    a.sendall(b"go infinite\n")
    time.sleep(1)  # the one worker takes it (as in the GTP test above)
    b.sendall(b"go infinite\n")
    time.sleep(1)
    c.sendall(b"go depth 1\n")
    lines, _ = read_lines_until(c, r"bestmove .*")
    assert lines[0] == "info string server busy", lines
    d.wait_log(r"job refused, 1 jobs queued")
    for s in (a, b):
        s.sendall(b"stop\n")
        read_lines_until(s, r"bestmove .*")
        s.close()
    c.close()
    d.stop()


@check("write_timeout 1: a client that never reads its replies is dropped; the others are served")
def never_reads():
    unread_client_dropped("server:\n  write_timeout: 1\n", 20000,
                          r"replies unread for 1 s, dropping it")


@check("max_output 65536: a client whose unread replies pass it is dropped")
def output_cap():
    unread_client_dropped("server:\n  max_output: 65536\n", 2000,
                          r"over 65536 bytes of output unread, dropping it")


@check("max_move_time 1 caps a genmove whose level would search for an hour (max_command_time 3600)")
def move_time():
    d = Daemon(SLOW + "server:\n  max_move_time: 1\n  max_command_time: 3600\n")
    s = d.connect()
    s.settimeout(120)  # an upper bound: without the cap this waits an hour
    assert ask(s, "level slow") == ["= "]
    reply = ask(s, "genmove b")[0]
    assert re.fullmatch(r"= [A-HJ-T]\d+|= pass|= resign", reply), reply
    s.close()
    d.stop()


@check("max_command_nodes 1000 bounds Mastermind's listing of 10^8 codes: genmove guesses among those found, candidates is interrupted")
def mastermind_nodes():
    d = Daemon("server:\n  max_command_nodes: 1000\n  max_command_time: 3600\n")
    s = d.connect()
    s.settimeout(120)  # an upper bound: without the cap candidates counts 6^8 codes
    assert ask(s, "game mastermind", "level easy",
               "variant custom pegs 8 colors 10 repeats yes feedback counts") == ["= "] * 3
    first = ask(s, "genmove")[0]
    assert re.fullmatch(r"= \d{8}", first), first
    assert ask(s, "feedback 0 0") == ["= "]
    assert ask(s, "candidates") == ["? interrupted"]
    second = ask(s, "genmove")[0]
    assert re.fullmatch(r"= \d{8}", second), second
    assert not set(first[2:]) & set(second[2:]), (first, second)  # it fits "0 0"
    s.close()
    d.stop()


@check("max_login_failures 3: the fourth login of a name is refused unchecked, and so is one from that address")
def login_cap():
    d = Daemon("storage:\n  backend: sqlite\naccounts:\n  max_login_failures: 3\n")
    s = d.connect()
    assert ask(s, "register carol secret123") == ["= welcome carol"], "register"
    assert ask(s, "logout")[0].startswith("=")
    for _ in range(3):
        assert ask(s, "login carol wrongpass") == ["? invalid name or password"]
    locked = "? too many failed logins, try again later"
    assert ask(s, "login carol secret123") == [locked]
    t = d.connect(src="127.0.0.2")  # another address: the name is still locked
    assert ask(t, "login carol secret123") == [locked]
    assert ask(t, "register dave secret123") == ["= welcome dave"]
    assert ask(t, "logout")[0].startswith("=")
    assert ask(s, "login dave secret123") == [locked]  # this address is locked
    assert ask(t, "login dave secret123")[0] == "= welcome dave"
    assert "secret123" not in d.log() and "wrongpass" not in d.log()
    s.close()
    t.close()
    d.stop()


@check("max_saves 2: a third save name is refused, an existing one replaced, room made by delete_save")
def saves_cap():
    d = Daemon("storage:\n  max_saves: 2\n", env={"QUINTET_TEST_TCP_OWNER": "alice"})
    s = d.connect()
    assert ask(s, "play b D4", "save one", "save two") == ["= "] * 3
    assert ask(s, "save three") == ["? save failed: too many saves (delete_save one)"]
    assert ask(s, "play w E5", "save one", "delete_save two", "save three") == ["= "] * 4
    names = sorted(os.listdir(os.path.join(d.root, "saves", "alice")))
    assert names == ["one.yaml", "three.yaml"], names
    s.close()
    d.stop()


@check("max_saves 2 for a logged-in player (the accounts database): a third name refused, an existing one replaced")
def saves_cap_database():
    d = Daemon("storage:\n  backend: sqlite\n  max_saves: 2\n")
    s = d.connect()
    assert ask(s, "register erin secret123") == ["= welcome erin"]
    assert ask(s, "play b D4", "save one", "save two") == ["= "] * 3
    assert ask(s, "save three") == ["? save failed: too many saves (delete_save one)"]
    assert ask(s, "save one", "delete_save two", "save three") == ["= "] * 3
    names = sorted(line.split()[0] for line in ask(s, "list_saves")[0][2:].split("\n"))
    assert names == ["one", "three"], names
    s.close()
    d.stop()


@check("max_accounts 2: a third register is refused, another succeeds once delete_account makes room")
def accounts_cap():
    d = Daemon("storage:\n  backend: sqlite\naccounts:\n  max_accounts: 2\n")
    a, b, c = d.connect(), d.connect(), d.connect()
    assert ask(a, "register ann secret123") == ["= welcome ann"]
    assert ask(b, "register ben secret123") == ["= welcome ben"]
    assert ask(c, "register cid secret123") == ["? too many accounts"]
    assert ask(c, "login cid secret123") == ["? invalid name or password"]  # none made
    assert ask(b, "delete_account secret123")[0].startswith("=")
    assert ask(c, "register cid secret123") == ["= welcome cid"]
    for s in (a, b, c):
        s.close()
    d.stop()


@check("max_files 2, max_files_bytes 1000: printsgf FILE past either is refused, a replacement counts its new size")
def files_cap():
    d = Daemon("default_game: go\nstorage:\n  max_files: 2\n  max_files_bytes: 1000\n")
    s = d.connect()
    files = os.path.join(d.root, "files")
    assert ask(s, "play b D4", "printsgf one", "printsgf two") == ["= "] * 3
    assert ask(s, "printsgf three") == ["? cannot write file: too many files"]
    assert ask(s, "play w E5", "printsgf one") == ["= "] * 2  # replaced: still 2 files
    assert sorted(os.listdir(files)) == ["one", "two"], os.listdir(files)
    size = os.path.getsize(os.path.join(files, "one"))
    # two grown by the filesystem to leave one byte too few for one's replacement
    with open(os.path.join(files, "two"), "w") as f:
        f.write("x" * (1000 - size + 1))
    assert ask(s, "printsgf one") == ["? cannot write file: files directory full"]
    assert os.path.getsize(os.path.join(files, "one")) == size  # unchanged
    os.truncate(os.path.join(files, "two"), 1000 - size)
    assert ask(s, "printsgf one") == ["= "]
    s.close()
    d.stop()


@check("symbolic links planted in the saves directory are not followed: nothing is written outside DATA_DIR")
def saves_symlinks():
    outside = tempfile.mkdtemp(dir=TMP)
    victim = os.path.join(outside, "victim.yaml")
    with open(victim, "w") as f:
        f.write("precious\n")
    env = {"QUINTET_TEST_TCP_OWNER": "alice"}
    d = Daemon("default_game: go\n", env=env)
    owner = os.path.join(d.root, "saves", "alice")
    os.makedirs(owner)
    os.symlink(victim, os.path.join(owner, "x.yaml"))  # a save that is a link
    s = d.connect()
    assert ask(s, "play b D4", "save x") == ["= ", "? save failed: not a regular file"]
    assert ask(s, "load x")[0].startswith("? cannot read save: not a regular file")
    assert open(victim).read() == "precious\n"
    assert os.path.islink(os.path.join(owner, "x.yaml"))
    s.close()
    d.stop()
    # The owner's directory itself a link, then saves/ itself a link.
    for rel in ("saves/alice", "saves"):
        d = Daemon("default_game: go\n", env=env)
        target = os.path.join(d.root, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.symlink(outside, target)
        s = d.connect()
        reply = ask(s, "play b D4", "save y")[1]
        assert reply.startswith("? save failed: "), reply
        assert ask(s, "list_saves")[0].startswith("? cannot read saves: "), "list_saves"
        s.close()
        d.stop()
    assert sorted(os.listdir(outside)) == ["victim.yaml"], os.listdir(outside)


sys.exit(qdaemon.report(results))
