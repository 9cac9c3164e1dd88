#!/usr/bin/env python3
"""Integration tests of save files with real processes: autosave when a
session ends (end of input, quit, SIGTERM; over TCP a client gone and an idle
timeout, with QUINTET_TEST_TCP_OWNER standing in for accounts), resume in a
later process, 20 processes of two owners saving, loading and deleting in
one data directory at once (every file whole afterwards), and crash safety:
a process killed with SIGKILL at random instants while it saves, 60 times,
leaves every save whole (the old one or the new one) and later saves work.

Usage: saves.py BUILDDIR/quintet. Prints TAP. No timing assertions: every
wait is a generous upper bound (the engine must exit in 30 s)."""
import os
import pwd
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
tmp = tempfile.mkdtemp(prefix="quintet-saves.")


check = qdaemon.checker(results)
ask, wait_for, clean = qdaemon.ask, qdaemon.wait_for, qdaemon.assert_no_report


def data_dir(name):
    path = os.path.join(tmp, name)
    os.makedirs(path, exist_ok=True)
    return path


def run(data, *args, user="alice", env=None, timeout=60):
    """One stdin session fed data; returns the replies (without ids)."""
    p = subprocess.run([ENGINE, "--user", user, *args], input=data.encode(),
                       capture_output=True, timeout=timeout, env=env)
    err = p.stderr.decode(errors="replace")
    clean(err)
    assert p.returncode == 0, f"exit {p.returncode}: {err[-500:]}"
    return [r for r in p.stdout.decode().split("\n\n") if r]


def save_path(root, owner, name):
    return os.path.join(root, "saves", owner, name + ".yaml")


def moves_of(path):
    with open(path) as f:
        m = re.search(r"^moves: (\d+)$", f.read(), re.M)
    assert m, f"{path}: no moves field"
    return int(m.group(1))


class Stdin:
    """A stdin session kept open, to be signalled."""

    def __init__(self, *args, user="alice"):
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([ENGINE, "--user", user, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.err)
        self.buf = b""

    def ask(self, *lines):
        self.proc.stdin.write("".join(l + "\n" for l in lines).encode())
        self.proc.stdin.flush()
        replies = []
        while len(replies) < len(lines):
            end = self.buf.find(b"\n\n")
            if end < 0:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                assert chunk, "engine closed its output"
                self.buf += chunk
                continue
            replies.append(self.buf[:end].decode())
            self.buf = self.buf[end + 2:]
        return replies

    def wait(self):
        code = self.proc.wait(timeout=30)
        self.err.seek(0)
        err = self.err.read().decode(errors="replace")
        clean(err)
        return code, err


@check("autosave on end of input, then resume in a new process")
def autosave_eof():
    root = data_dir("eof")
    run("boardsize 9\nplay b E5\nplay w C3\n", "--data-dir", root)
    path = save_path(root, "alice", "autosave")
    assert os.path.exists(path) and moves_of(path) == 2
    got = run("resume\nlist_stones white\nlist_stones black\nundo\nlist_stones white\n",
              "--data-dir", root)
    assert got == ["= ", "= C3", "= E5", "= ", "= "], got


@check("no file unless asked: stdin without --user, --data-dir or storage.stdin_autosave ends mid-game and writes nothing, top/stats/a failed login create no database; the key turns the autosave on")
def no_files_unless_asked():
    here = data_dir("gui")
    game = b"boardsize 9\nplay b E5\nplay w C3\ntop\nstats alice\nlogin alice secret123\n"

    def engine(*args):
        p = subprocess.run([ENGINE, *args], input=game, cwd=here, capture_output=True, timeout=60)
        clean(p.stderr.decode(errors="replace"))
        out = p.stdout.decode()
        assert p.returncode == 0 and out.count("= ") == 4, p
        assert "? no such player" in out and "? invalid name or password" in out, out
    engine()
    assert os.listdir(here) == [], f"files written unasked: {os.listdir(here)}"
    conf = os.path.join(tmp, "stdin_autosave.yaml")
    with open(conf, "w") as f:
        f.write("storage:\n  stdin_autosave: true\n")
    engine("--config", conf)
    login = pwd.getpwuid(os.geteuid()).pw_name
    assert moves_of(save_path(here, login, "autosave")) == 2, os.listdir(here)


@check("autosave on quit; none for a finished or an empty game (the last one kept)")
def autosave_quit():
    root = data_dir("quit")
    run("game ataxx\nplay x a3\nquit\nplay o g5\n", "--data-dir", root)
    path = save_path(root, "alice", "autosave")
    assert moves_of(path) == 1
    before = open(path).read()
    run("boardsize 9\nquit\n", "--data-dir", root)  # no move: nothing to save
    run("boardsize 5\nplay b C3\nplay w pass\nplay b pass\n", "--data-dir", root)  # over
    assert open(path).read() == before
    got = run("resume\ngame\nfen\n", "--data-dir", root)
    assert got[:2] == ["= ", "= ataxx"], got


@check("autosave on SIGTERM, while a genmove runs; exit 0")
def autosave_sigterm():
    root = data_dir("term")
    s = Stdin("--data-dir", root, "--level", "hard")
    assert s.ask("boardsize 19", "play b D4", "play w Q16") == ["= "] * 3
    s.proc.stdin.write(b"genmove b\n")  # hard: thousands of playouts
    s.proc.stdin.flush()
    time.sleep(0.3)
    s.proc.send_signal(signal.SIGTERM)
    code, err = s.wait()
    assert code == 0, (code, err[-500:])
    path = save_path(root, "alice", "autosave")
    assert os.path.exists(path), err[-500:]
    assert moves_of(path) in (2, 3), open(path).read()
    got = run("resume\nlist_stones white\n", "--data-dir", root)
    assert got == ["= ", "= Q16"], got


@check("an owner's saves are theirs: another owner sees none of them")
def owners_apart():
    root = data_dir("owners")
    run("play b D4\nsave mine\nquit\n", "--data-dir", root, user="alice")
    assert run("list_saves\nload mine\nresume\n", "--data-dir", root, user="bob") == [
        "= ", "? no such save", "? no such save"]
    got = run("list_saves\n", "--data-dir", root, user="alice")
    assert re.fullmatch(r"= (autosave go 1 \S+\nmine go 1 \S+|mine go 1 \S+\nautosave go 1 \S+)",
                        got[0]), got


@check("--user takes save names only")
def bad_user():
    for name in ("../x", "a.b", "", "x" * 65):
        p = subprocess.run([ENGINE, "--user", name], input=b"", capture_output=True, timeout=30)
        assert p.returncode == 2 and b"--user" in p.stderr, (name, p)


class Daemon(qdaemon.Daemon):
    def __init__(self, root, *args, owner="bob"):
        self.start([ENGINE, "--listen", "127.0.0.1:0", "--data-dir", root, *args],
                   env=dict(os.environ, QUINTET_TEST_TCP_OWNER=owner))


@check("TCP (a test owner): autosave when the client goes, and at an idle timeout")
def autosave_tcp():
    root = data_dir("tcp")
    d = Daemon(root, "--idle-timeout", "1")
    path = save_path(root, "bob", "autosave")
    s = d.connect()
    assert ask(s, "boardsize 9", "play b E5") == ["= ", "= "]
    s.close()  # gone without a word
    wait_for(lambda: os.path.exists(path) and moves_of(path) == 1, "the disconnect's autosave")
    s = d.connect()
    assert ask(s, "resume", "play w C3", "play b D4") == ["= "] * 3
    wait_for(lambda: moves_of(path) == 3, "the idle timeout's autosave")
    assert s.recv(100) == b"? idle timeout\n\n"  # told, then closed by the server
    assert s.recv(100) == b""
    s.close()
    d.stop()  # exit 0, no sanitizer report


@check("TCP (a test owner): autosave at SIGTERM, then exit 0")
def autosave_tcp_sigterm():
    root = data_dir("tcpterm")
    d = Daemon(root)
    s = d.connect()
    assert ask(s, "game flood", "genmove b", "genmove w")[0] == "= "
    err = d.stop()  # exit 0, no sanitizer report
    path = save_path(root, "bob", "autosave")
    assert moves_of(path) == 2, err[-500:]
    got = run("resume\ngame\n", "--data-dir", root, user="bob")
    assert got == ["= ", "= flood"], got
    s.close()


@check("20 processes, two owners, saving, loading and deleting at once; every file whole")
def concurrent():
    root = data_dir("many")
    errors = []

    def worker(i):
        try:
            owner = "alice" if i % 2 else "bob"
            rng = random.Random(i)
            lines = ["boardsize 9", "level easy", f"set_random_seed {i}"]
            for k in range(25):
                lines.append(f"genmove {'b' if k % 2 == 0 else 'w'}")
                slot = f"slot{rng.randrange(4)}"
                lines.append(f"save {slot}")
                lines.append(f"load slot{rng.randrange(4)}")
                if rng.random() < 0.2:
                    lines.append(f"delete_save slot{rng.randrange(4)}")
                lines.append("list_saves")
            lines.append("quit")
            got = run("\n".join(lines) + "\n", "--data-dir", root, user=owner, timeout=120)
            for line, reply in zip(lines, got):
                if line.startswith("save"):
                    assert reply == "= ", (line, reply)
                elif line.startswith(("load", "delete_save")):
                    assert reply in ("= ", "? no such save"), (line, reply)
                elif line == "list_saves":
                    assert reply == "= " or all(
                        re.fullmatch(r"(slot\d|autosave) go \d+ \S+", l)
                        for l in reply[2:].split("\n")), reply
        except Exception as e:
            errors.append(f"process {i}: {type(e).__name__}: {e}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors, errors[:3]
    for owner in ("alice", "bob"):
        folder = os.path.join(root, "saves", owner)
        names = sorted(f[:-5] for f in os.listdir(folder) if f.endswith(".yaml"))
        assert names, owner
        stray = [f for f in os.listdir(folder) if not f.endswith(".yaml")]
        assert not stray, stray
        got = run("".join(f"load {n}\n" for n in names) + "list_saves\n", "--data-dir", root,
                  user=owner)
        assert got[:-1] == ["= "] * len(names), got
        assert "?" not in got[-1], got[-1]


@check("SIGKILL at random instants while saving, 60 times: every save whole, later saves work")
def crash_loop():
    root = data_dir("crash")
    rng = random.Random(7)
    folder = os.path.join(root, "saves", "carol")
    written = {"a": {0}, "b": {0}}  # move counts each slot may hold
    run("boardsize 9\nsave a\nsave b\n", "--data-dir", root, user="carol")
    for i in range(60):
        lines = ["boardsize 9", "level easy", f"set_random_seed {i}"]
        for k in range(40):
            lines.append(f"genmove {'b' if k % 2 == 0 else 'w'}")
            slot = "a" if k % 3 else "b"
            lines.append(f"save {slot}")
            written[slot].add(k + 1)
        p = subprocess.Popen([ENGINE, "--user", "carol", "--data-dir", root],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        p.stdin.write(("\n".join(lines) + "\n").encode())
        p.stdin.flush()
        time.sleep(rng.random() * 0.15)
        p.kill()
        p.wait(timeout=30)
        p.stdin.close()
        for slot in ("a", "b"):
            path = save_path(root, "carol", slot)
            assert os.path.exists(path), f"round {i}: {slot} gone"
            assert moves_of(path) in written[slot], (i, slot, moves_of(path))
    got = run("load a\nload b\nlist_saves\nplay b pass\nsave a\nsave c\n", "--data-dir", root,
              user="carol")
    assert got[:2] == ["= ", "= "], got
    assert got[3:] == ["= ", "= ", "= "], got
    assert moves_of(save_path(root, "carol", "c")) >= 1
    # What the crashes left: whole saves, and maybe temporaries, which
    # never block a save (above) and which list_saves sweeps once stale.
    for f in os.listdir(folder):
        assert f.endswith(".yaml") or f.startswith(".quintet-tmp-"), f


shutil.rmtree(tmp, ignore_errors=True)
sys.exit(qdaemon.report(results))
