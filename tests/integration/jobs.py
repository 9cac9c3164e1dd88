#!/usr/bin/env python3
"""Integration tests of the job core over real sockets (and stdin): time
budgets counted from a line's arrival while it waits for a worker, the
per-address share of the search workers, the per-command caps
(server.max_command_time, server.max_command_nodes), the shutdown deadline,
jobs dropped before they run, the workers' nice value, and SIGHUP reloads
running beside the sessions.

Usage: jobs.py BUILDDIR/quintet. Prints TAP. Other client addresses are
other loopback addresses (127.0.0.2, ...: Linux routes 127/8 to lo), bound
before connecting. Timing is asserted only where the correct behaviour and
the broken one are seconds apart; every wait is bounded."""
import functools
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
tmp = tempfile.mkdtemp(prefix="quintet-jobs.")
# A Go level whose genmove thinks until its time is up, or it is stopped.
SLOW_LEVELS = ("games:\n  go:\n    default_level: easy\n    levels:\n      easy: {algorithm: random}\n"
               "      slow: {algorithm: montecarlo, playouts: 1000000000, time: 3600}\n")
SLOW_SERVER = "server:\n  max_move_time: 3600\n"


check = qdaemon.checker(results)
# Every reply within 30 s unless a test says otherwise.
ask = functools.partial(qdaemon.ask, timeout=30)
read_replies = functools.partial(qdaemon.read_replies, timeout=30)
assert_clean = qdaemon.assert_clean


def write(name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def config(name, server="", extra=""):
    """A configuration file: the slow Go level, max_move_time 3600, and
    more server keys (indented lines) and top-level text."""
    return write(name, SLOW_LEVELS + SLOW_SERVER + server + extra)


class Daemon(qdaemon.Daemon):
    LOG_TIMEOUT = 20

    def __init__(self, *args, nice=0, prefix=()):
        """nice: start the daemon that much nicer than this process;
        prefix: a command line to start it under (setpriv)."""
        prefix = [*prefix] + (["nice", "-n", str(nice)] if nice else [])
        self.start(prefix + [ENGINE, "--listen", "127.0.0.1:0", "--log-level", "info", *args])

    def connect(self, src="127.0.0.1"):
        """A connection from the loopback address src."""
        return super().connect(src=src, timeout=30)

    def session_id(self, sock):
        """The daemon's session number for one of our connections."""
        host, port = sock.getsockname()
        return int(self.wait_log(rf"session (\d+) connected \({re.escape(host)}:{port}\)")[1])


def send(sock, *commands):
    sock.sendall("".join(c + "\n" for c in commands).encode())


def silent(*socks):
    """Whether none of the sockets has anything to read right now."""
    ready, _, _ = select.select(list(socks), [], [], 0)
    return not ready


def playouts(reply):
    m = re.fullmatch(r"=\d* score [BW]\+\d+\.\d black_winrate [01]\.\d{3} playouts (\d+)", reply)
    assert m, reply
    return int(m[1])


def with_daemon(*args):
    """Run the test body with a daemon, stopped (and checked clean) after."""
    def wrap(fn):
        def run():
            d = Daemon(*args)
            try:
                fn(d)
            finally:
                code, err, _ = d.terminate()
            assert_clean(code, err)
        return run
    return wrap


# --- a. end of input, and time budgets under queueing -------------------------


@check("end of input over TCP (nc -N) means what it means on stdin: every command received is answered, searches whole")
@with_daemon("--workers", "2")
def half_closed(d):
    s = d.connect("127.0.0.1")
    send(s, "1 boardsize 9", "2 playout_score 2000", "3 playout_score 1000", "4 level medium",
         "5 genmove b", "6 name")
    s.shutdown(socket.SHUT_WR)
    r = read_replies(s, 6, timeout=120)
    assert r[0] == "=1 " and r[3] == "=4 ", r
    # Stopped at the end of input, the first would answer fewer playouts
    # and the queued second "?3 interrupted".
    assert playouts(r[1]) == 2000 and playouts(r[2]) == 1000, r
    assert re.fullmatch(r"=5 [A-HJ][1-9]", r[4]), f"genmove answered {r[4]}"
    assert r[5] == "=6 quintet", r
    s.settimeout(10)
    assert s.recv(1) == b"", "the session did not end after its last answer"
    s.close()



@check("a queued genmove spends its clock time waiting: answered about 3 s after its line, not 3 s after it started")
@with_daemon("--workers", "1", "--config", config("budget.yaml"))
def queued_budget(d):
    a = d.connect("127.0.0.1")
    b = d.connect("127.0.0.2")
    setup = ("boardsize 9", "level slow", "time_settings 0 3 1")
    assert ask(a, *setup) == ["= "] * 3
    assert ask(b, *setup) == ["= "] * 3
    send(a, "1 genmove b")
    time.sleep(0.2)  # so that A's search holds the one worker
    sent = time.monotonic()
    send(b, "2 genmove b")
    ra = read_replies(a, 1, timeout=20)[0]
    a_done = time.monotonic()
    rb = read_replies(b, 1, timeout=20)[0]
    b_took = time.monotonic() - sent
    assert re.fullmatch(r"=1 [A-J]\d|=1 pass", ra), ra
    assert re.fullmatch(r"=2 [A-J]\d|=2 pass", rb), rb
    assert a_done - sent > 1.5, "A did not think for its 3 s: B was not queued behind it"
    # Waiting behind A (about 2.8 s) used B's 3 s; counting from its start
    # instead, B would answer about 5.8 s after its line.
    assert b_took < 4.5, f"B answered {b_took:.1f} s after its line"


@check("a queued genmove keeps to max_command_time counted from its line's arrival")
@with_daemon("--workers", "1", "--config", config("budget2.yaml", "  max_command_time: 3\n"))
def queued_deadline(d):
    a = d.connect("127.0.0.1")
    b = d.connect("127.0.0.2")
    assert ask(a, "boardsize 9", "level slow") == ["= "] * 2
    assert ask(b, "boardsize 9", "level slow") == ["= "] * 2
    send(a, "genmove b")
    time.sleep(0.2)
    sent = time.monotonic()
    send(b, "genmove b")
    ra = read_replies(a, 1, timeout=20)[0]
    rb = read_replies(b, 1, timeout=20)[0]
    b_took = time.monotonic() - sent
    assert ra.startswith("= "), ra
    # B's deadline passes while it waits: a move is owed, so it is answered
    # at once (the cheapest sensible move), never dropped, never 3 s more.
    assert re.fullmatch(r"= ([A-J]\d|pass)", rb), rb
    assert b_took < 4.5, f"B answered {b_took:.1f} s after its line"


# --- b. per-address shares ---------------------------------------------------


@check("jobs_per_address default (workers 2): one address's second search waits; another address is served meanwhile")
@with_daemon("--workers", "2", "--config", config("share.yaml"))
def share_default(d):
    a1 = d.connect("127.0.0.1")
    a2 = d.connect("127.0.0.1")
    c = d.connect("127.0.0.2")
    for s in (a1, a2, c):
        assert ask(s, "boardsize 9") == ["= "]
    send(a1, "1 playout_score 1000000000")
    time.sleep(0.3)  # so that a1's job is the one running
    send(a2, "2 playout_score 1000000000")
    time.sleep(0.3)
    # With a2's job on the second worker, c's would wait for ever.
    r = ask(c, "3 playout_score 50", timeout=20)[0]
    assert r.startswith("=3 score") and playouts(r) == 50, r
    assert silent(a1, a2), "a search of 127.0.0.1 answered early"
    # a2's job never ran: stopping it now (GoGui's interrupt) drops it unrun.
    send(a2, "# interrupt")
    send(a1, "# interrupt")
    r1 = read_replies(a1, 1, timeout=20)[0]
    r2 = read_replies(a2, 1, timeout=20)[0]
    assert r1.startswith("=1 score") and playouts(r1) < 1000000000, r1
    assert r2 == "?2 interrupted", f"127.0.0.1's second search ran (beside its first, or after it though stopped while queued): {r2}"


@check("jobs_per_address 2: both searches of one address run at once")
@with_daemon("--workers", "2", "--config", config("share2.yaml", "  jobs_per_address: 2\n"))
def share_two(d):
    a1 = d.connect("127.0.0.1")
    a2 = d.connect("127.0.0.1")
    for s in (a1, a2):
        assert ask(s, "boardsize 9") == ["= "]
    send(a1, "1 playout_score 1000000000")
    send(a2, "2 playout_score 1000000000")
    time.sleep(1.0)  # both are taken by a worker long before this
    assert silent(a1, a2)
    send(a2, "# interrupt")
    send(a1, "# interrupt")
    r1 = read_replies(a1, 1, timeout=20)[0]
    r2 = read_replies(a2, 1, timeout=20)[0]
    # A queued job would be dropped unrun: ?2 interrupted.
    assert r2.startswith("=2 score"), f"the second search did not run: {r2}"
    assert r1.startswith("=1 score"), r1


@check("a queued job past its deadline answers ? interrupted by then, though its address's share is still busy")
def share_deadline():
    path = config("share_reload.yaml")
    d = Daemon("--workers", "2", "--config", path)
    try:
        a1 = d.connect("127.0.0.1")
        assert ask(a1, "boardsize 9") == ["= "]
        send(a1, "1 playout_score 1000000000")  # max_command_time 300: runs on
        # Sessions from now on get max_command_time 1 (a session keeps the
        # configuration it started with).
        config("share_reload.yaml", "  max_command_time: 1\n")
        d.proc.send_signal(signal.SIGHUP)
        d.wait_log("configuration reloaded from")
        a2 = d.connect("127.0.0.1")
        assert ask(a2, "boardsize 9") == ["= "]
        sent = time.monotonic()
        send(a2, "2 playout_score 1000000000")
        try:
            r2 = read_replies(a2, 1, timeout=4)[0]
        except AssertionError:
            raise AssertionError("no reply 4 s after the line (max_command_time 1)") from None
        assert r2 == "?2 interrupted", r2
        assert time.monotonic() - sent < 4
        assert silent(a1)
        send(a1, "# interrupt")
        assert read_replies(a1, 1, timeout=20)[0].startswith("=1 score")
    finally:
        code, err, _ = d.terminate()
    assert_clean(code, err)


# --- c. per-command caps -----------------------------------------------------


@check("max_command_time 1 over TCP: perft 20 interrupted, playout_score and genmove cut short")
@with_daemon("--workers", "1", "--config", config("cap_time.yaml", "  max_command_time: 1\n"))
def cap_time_tcp(d):
    s = d.connect()
    assert ask(s, "game ataxx", "boardsize 16") == ["= "] * 2
    start = time.monotonic()
    assert ask(s, "perft 20", timeout=15) == ["? perft interrupted"]
    assert ask(s, "game go", "boardsize 9") == ["= "] * 2
    n = playouts(ask(s, "playout_score 1000000000", timeout=15)[0])
    assert 0 < n < 1000000000, n
    assert re.fullmatch(r"= ([A-J]\d|pass)", ask(s, "level slow", "genmove b", timeout=15)[1])
    # Three capped commands: seconds, where uncapped ones take days.
    assert time.monotonic() - start < 15
    s.close()


@check("max_command_nodes 100 over TCP: playout_score 1000 does 100, a 1e9-playout genmove answers, reproducibly")
@with_daemon("--workers", "1", "--config", config("cap_nodes.yaml", "  max_command_nodes: 100\n"))
def cap_nodes_tcp(d):
    s = d.connect()
    assert ask(s, "boardsize 9", "set_random_seed 5") == ["= "] * 2
    r = ask(s, "playout_score 1000", "playout_score 40")
    assert [playouts(x) for x in r] == [100, 40], r
    moves = []
    for _ in range(2):
        r = ask(s, "clear_board", "set_random_seed 9", "level slow", "genmove b", timeout=30)
        assert r[:3] == ["= "] * 3 and re.fullmatch(r"= ([A-J]\d|pass)", r[3]), r
        moves.append(r[3])
    assert moves[0] == moves[1], moves
    s.close()


@check("max_command_nodes 100: perft counts leaves against the cap (perft 5 interrupted)")
@with_daemon("--workers", "1", "--config", config("cap_perft.yaml", "  max_command_nodes: 100\n"))
def cap_nodes_perft(d):
    s = d.connect()
    r = ask(s, "game ataxx", "perft 1")
    assert r == ["= ", "= 75"], r  # 75 leaves: within the cap
    r = ask(s, "perft 5", timeout=30)
    assert r == ["? perft interrupted"], f"perft 5 answered {r} with a cap of 100 nodes"
    s.close()


def stdin_session(config_path, text, timeout=30):
    """Run a stdin session; returns (replies, stderr, seconds)."""
    start = time.monotonic()
    p = subprocess.run([ENGINE, "--config", config_path], input=text.encode(),
                       capture_output=True, timeout=timeout)
    took = time.monotonic() - start
    assert p.returncode == 0, p
    err = p.stderr.decode(errors="replace")
    assert "Sanitizer" not in err and "runtime error" not in err, err
    return [r for r in p.stdout.decode().split("\n\n") if r], err, took


@check("the caps apply on stdin too: perft 20 interrupted after max_command_time, playout_score 1000 does max_command_nodes")
def caps_stdin():
    r, _, took = stdin_session(config("stdin_time.yaml", "  max_command_time: 1\n"),
                               "game ataxx\nboardsize 16\nperft 20\ngame go\nboardsize 9\n"
                               "playout_score 1000000000\n")
    assert r[:3] == ["= ", "= ", "? perft interrupted"], r
    assert 0 < playouts(r[5]) < 1000000000, r
    assert took < 15, took
    r, _, _ = stdin_session(config("stdin_nodes.yaml", "  max_command_nodes: 100\n"),
                            "boardsize 9\nplayout_score 1000\nlevel slow\ngenmove b\n")
    assert playouts(r[1]) == 100 and re.fullmatch(r"= ([A-J]\d|pass)", r[3]), r


# --- d. shutdown deadline ----------------------------------------------------


@check("SIGTERM with perft 20 (16x16) and a long genmove running: exit 0 within 6.5 s")
def shutdown_deadline():
    d = Daemon("--workers", "2", "--config", config("term.yaml"))
    try:
        p = d.connect("127.0.0.1")
        g = d.connect("127.0.0.2")
        assert ask(p, "game ataxx", "boardsize 16") == ["= "] * 2
        assert ask(g, "boardsize 19", "level slow") == ["= "] * 2
        send(p, "perft 20")
        send(g, "genmove b")
        time.sleep(0.5)
        assert silent(p, g)
    except Exception:
        d.kill()
        raise
    code, err, took = d.terminate()
    assert_clean(code, err)
    assert took < 6.5, f"exit {took:.1f} s after SIGTERM (documented: 5 s)"
    # The stopped jobs' replies went out before the connections closed.
    assert read_replies(p, 1, timeout=5) == ["? perft interrupted"]
    assert re.fullmatch(r"= ([A-T]\d+|pass)", read_replies(g, 1, timeout=5)[0])


# --- e. dropped before it ran ------------------------------------------------


@check("a queued job whose client left is dropped before it runs; the running session is unaffected")
@with_daemon("--workers", "1", "--config", config("drop.yaml"))
def dropped_before_run(d):
    a = d.connect("127.0.0.1")
    assert ask(a, "boardsize 9", "level slow", "time_settings 0 2 1") == ["= "] * 3
    send(a, "1 genmove b")
    time.sleep(0.2)
    b = d.connect("127.0.0.2")
    bid = d.session_id(b)
    # B's line and its end of input arrive while A has about 1.8 s to go.
    send(b, "boardsize 9", "genmove b")
    b.close()
    r = read_replies(a, 1, timeout=20)[0]
    assert re.fullmatch(r"=1 ([A-J]\d|pass)", r), r
    d.wait_log(rf"session {bid}: job dropped before it ran")
    assert f"session {d.session_id(a)}: job dropped" not in d.log()
    # A's game has its move, and A goes on.
    r = ask(a, "2 name", "3 list_stones black", "4 playout_score 30")
    assert r[0] == "=2 quintet" and len(r[1].split()) == 2 and playouts(r[2]) == 30, r


# --- e2. engine moves never wait past their deadline --------------------------
# A move owes its answer by its hard limit, counted from its line's arrival,
# whatever the workers do: queued behind another client's longer move it is
# answered at its deadline (worker.h: the rescue thread), and behind long
# jobs (perft, playout_score, analyses) it runs at once while they pause
# (relief). Each check's correct and broken answers are seconds apart.


class UaiClient(qdaemon.Client):
    """A UAI connection: lines, not GTP replies."""

    def lines_until(self, prefix, timeout):
        """Lines read until one starting with prefix (returned last)."""
        deadline = time.monotonic() + timeout
        out = []
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl].decode(), self.buf[nl + 1:]
                out.append(line)
                if line.startswith(prefix):
                    return out
                continue
            left = deadline - time.monotonic()
            assert left > 0, f"no {prefix!r} line within {timeout} s: {out[-5:]}"
            self.s.settimeout(left)
            try:
                chunk = self.s.recv(65536)
            except socket.timeout:
                raise AssertionError(f"no {prefix!r} line in time: {out[-5:]}") from None
            assert chunk, f"closed before a {prefix!r} line: {out[-5:]}"
            self.buf += chunk


def line_client(d, src, *greeting, until=None):
    c = UaiClient(d.connect(src))
    if greeting:
        c.send(*greeting)
        c.lines_until(until, 30)
    return c


@check("GTP, one worker: a 1 s genmove queued behind another client's 6 s genmove answers a move by its own deadline")
@with_daemon("--workers", "1", "--config", config("late.yaml"))
def gtp_move_at_deadline(d):
    a = d.connect("127.0.0.1")
    b = d.connect("127.0.0.2")
    assert ask(a, "boardsize 9", "level slow", "time_settings 0 6 1") == ["= "] * 3
    assert ask(b, "boardsize 9", "level slow", "time_settings 0 1 1") == ["= "] * 3
    send(a, "1 genmove b")
    time.sleep(0.3)  # A's search holds the one worker
    sent = time.monotonic()
    send(b, "2 genmove b")
    rb = read_replies(b, 1, timeout=20)[0]
    b_took = time.monotonic() - sent
    assert re.fullmatch(r"=2 ([A-J]\d|pass)", rb), rb
    # Waiting for A's worker, B would answer about 5.7 s after its line.
    assert b_took < 3.5, f"B answered {b_took:.1f} s after its line"
    ra = read_replies(a, 1, timeout=20)[0]
    assert re.fullmatch(r"=1 ([A-J]\d|pass)", ra), ra
    assert ask(b, "3 list_stones black") != ["=3 "], "B's move was not played"


@check("GTP, two workers held by two long jobs of one address: a third client's 2 s genmove answers within its budget")
@with_daemon("--workers", "2", "--config", config("relief.yaml", "  jobs_per_address: 3\n"))
def gtp_move_beside_long_jobs(d):
    a1 = d.connect("127.0.0.1")
    a2 = d.connect("127.0.0.1")
    b = d.connect("127.0.0.1")
    for s in (a1, a2):
        assert ask(s, "boardsize 9") == ["= "]
    assert ask(b, "boardsize 9", "level slow", "time_settings 0 2 1") == ["= "] * 3
    send(a1, "1 playout_score 1000000000")
    send(a2, "2 playout_score 1000000000")
    time.sleep(0.5)  # both workers taken
    sent = time.monotonic()
    rb = ask(b, "3 genmove b", timeout=20)[0]
    b_took = time.monotonic() - sent
    assert re.fullmatch(r"=3 ([A-J]\d|pass)", rb), rb
    # Waiting for a worker it would wait for max_command_time (300 s).
    assert b_took < 4.5, f"the move answered {b_took:.1f} s after its line"
    assert silent(a1, a2), "a long job ended early"
    send(a1, "# interrupt")
    send(a2, "# interrupt")
    for s, i in ((a1, 1), (a2, 2)):
        r = read_replies(s, 1, timeout=20)[0]
        assert r.startswith(f"={i} score") and playouts(r) < 1000000000, r


@check("UAI, one worker: go movetime 1000 queued behind another client's 6 s search answers by its own deadline")
def uai_move_at_deadline():
    d = Daemon("--protocol", "uai", "--workers", "1")
    try:
        a = line_client(d, "127.0.0.1", "uai", until="uaiok")
        b = line_client(d, "127.0.0.2", "uai", until="uaiok")
        a.send("position startpos", "go movetime 6000")
        time.sleep(0.3)
        sent = time.monotonic()
        b.send("position startpos", "go movetime 1000")
        out = b.lines_until("bestmove", 20)
        b_took = time.monotonic() - sent
        assert re.fullmatch(r"bestmove [a-g][1-7]([a-g][1-7])?", out[-1]), out[-1]
        # Queued behind A it would answer about 6.7 s after its line.
        assert b_took < 3.5, f"bestmove {b_took:.1f} s after go"
        assert a.lines_until("bestmove", 20)[-1].startswith("bestmove ")
    finally:
        code, err, _ = d.terminate()
    assert_clean(code, err)


@check("UAI, two workers held by an infinite analysis and a perft: a third client's go movetime 1000 answers within its budget")
def uai_move_beside_long_jobs():
    d = Daemon("--protocol", "uai", "--workers", "2", "--config",
               config("uai_relief.yaml", "  jobs_per_address: 3\n"))
    try:
        a1 = line_client(d, "127.0.0.1", "uai", until="uaiok")
        a2 = line_client(d, "127.0.0.1", "uai", until="uaiok")
        b = line_client(d, "127.0.0.1", "uai", until="uaiok")
        a1.send("position startpos", "go infinite")
        a2.send("position startpos", "perft 20")
        time.sleep(0.5)
        sent = time.monotonic()
        b.send("position startpos", "go movetime 1000")
        out = b.lines_until("bestmove", 20)
        b_took = time.monotonic() - sent
        assert re.fullmatch(r"bestmove [a-g][1-7]([a-g][1-7])?", out[-1]), out[-1]
        assert b_took < 3.5, f"bestmove {b_took:.1f} s after go"
        a1.send("stop")
        assert a1.lines_until("bestmove", 20)[-1].startswith("bestmove ")
    finally:
        code, err, _ = d.terminate()
    assert_clean(code, err)


@check("Gomocup, one worker: a 1 s turn queued behind another client's 6 s turn answers by its own deadline")
def gomocup_move_at_deadline():
    slow = ("  gomoku:\n    levels:\n"
            "      slow: {algorithm: alphabeta, nodes: 1000000000, time: 3600}\n")
    # Workers at normal priority: niced 10 (as shipped) beside a CPU hog
    # they get a few percent of a core, and B's rescue, not its planning,
    # would be what is measured (worker nice has its own checks below).
    d = Daemon("--protocol", "gomocup", "--workers", "1", "--config",
               write("gomocup_late.yaml", SLOW_LEVELS + slow + SLOW_SERVER + "  worker_nice: 0\n"))
    try:
        a = line_client(d, "127.0.0.1", "START 15", until="OK")
        b = line_client(d, "127.0.0.2", "START 15", until="OK")
        a.send("INFO timeout_turn 6000", "INFO timeout_match 0", "TURN 7,7")
        time.sleep(0.3)
        sent = time.monotonic()
        b.send("INFO timeout_turn 1000", "INFO timeout_match 0", "TURN 7,7")
        out = b.lines_until("", 20)
        while not re.fullmatch(r"\d+,\d+", out[-1]):
            out = b.lines_until("", 20)
        b_took = time.monotonic() - sent
        # Queued behind A it would answer about 6 s after its line.
        assert b_took < 3.5, f"the move came {b_took:.1f} s after BEGIN"
    finally:
        code, err, _ = d.terminate()
    assert_clean(code, err)


# --- f. worker priority ------------------------------------------------------


SCHED_OTHER, SCHED_IDLE = 0, 5  # Linux's scheduling policies


def thread_stats(pid):
    """{tid: (nice, cpu ticks, scheduling policy)} of a process's threads."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # fields[0] is field 3 (state): utime 14, stime 15, nice 19, policy 41.
        out[int(tid)] = (int(fields[16]), int(fields[11]) + int(fields[12]), int(fields[38]))
    return out


def busy_thread(pid):
    """thread_stats' line of the thread that used the most CPU over about a
    second (the worker running the search), and the main thread's (the
    event loop's), or None."""
    before = thread_stats(pid)
    time.sleep(1.0)
    after = thread_stats(pid)
    grown = {t: after[t][1] - before.get(t, (0, 0))[1] for t in after}
    busiest = max(grown, key=grown.get)
    assert grown[busiest] > 0, "no thread used CPU"
    return after[busiest], after.get(pid)


BASE_NICE = os.getpriority(os.PRIO_PROCESS, 0)


def expected_nice(value):
    return max(value, BASE_NICE) if value > 0 else BASE_NICE


def search_threads_over_tcp(config_path, nice=0):
    """busy_thread's two lines while a daemon's search runs."""
    d = Daemon("--workers", "1", "--config", config_path, nice=nice)
    try:
        s = d.connect()
        assert ask(s, "boardsize 9", "level slow") == ["= "] * 2
        send(s, "genmove b")
        busy, main = busy_thread(d.proc.pid)
        s.close()
    finally:
        code, err, _ = d.terminate()
    assert_clean(code, err)
    return busy, main


def nice_over_tcp(config_path, nice=0):
    busy, main = search_threads_over_tcp(config_path, nice)
    return busy[0], main[0] if main else None


@check("worker nice over TCP: 10 by default, the event loop thread at the process's nice value")
def nice_default():
    nice, loop_nice = nice_over_tcp(config("nice_default.yaml"))
    assert nice == expected_nice(10), nice
    assert loop_nice == BASE_NICE, loop_nice


@check("worker nice over TCP: server.worker_nice 5 gives 5, 0 gives normal priority")
def nice_configured():
    nice, _ = nice_over_tcp(config("nice5.yaml", "  worker_nice: 5\n"))
    assert nice == expected_nice(5), nice
    nice, _ = nice_over_tcp(config("nice0.yaml", "  worker_nice: 0\n"))
    assert nice == BASE_NICE, nice


@check("worker nice over TCP: a daemon started nicer than server.worker_nice keeps its nice")
def nice_started_nicer():
    started = min(19, BASE_NICE + 8)
    nice, loop_nice = nice_over_tcp(config("nice_nicer.yaml", "  worker_nice: 5\n"), nice=8)
    assert nice == max(5, started), (nice, started)
    assert loop_nice == started, (loop_nice, started)


def idle_threads(config_path):
    """{tid: nice} of a daemon's SCHED_IDLE threads (one search worker),
    and its main thread's (nice, policy). Read from the classes alone: an
    idle thread beside a busy machine may get no CPU to be seen using."""
    d = Daemon("--workers", "1", "--config", config_path)
    try:
        s = d.connect()
        assert ask(s, "name") == ["= quintet"]  # the pools started before the doors
        stats = thread_stats(d.proc.pid)
        s.close()
    finally:
        code, err, _ = d.terminate()
    assert_clean(code, err)
    main = stats.pop(d.proc.pid)
    return {t: v[0] for t, v in stats.items() if v[2] == SCHED_IDLE}, (main[0], main[2])


@check("search policy over TCP: nice (the default) puts no thread in SCHED_IDLE; idle the search worker and its relief thread (not rescue, not the other pools) at their nice value, the event loop thread untouched")
def search_policy():
    normal_loop = "  loop_priority: 0\n"
    idle, main = idle_threads(config("policy_default.yaml", normal_loop))
    assert idle == {}, idle
    assert main == (BASE_NICE, SCHED_OTHER), main
    idle, main = idle_threads(config("policy_idle.yaml", "  search_policy: idle\n" + normal_loop))
    assert len(idle) == 2 and set(idle.values()) == {expected_nice(10)}, idle
    assert main == (BASE_NICE, SCHED_OTHER), main


def realtime_allowed(priority):
    """Whether this system lets a process of ours run at that SCHED_FIFO
    priority (root, CAP_SYS_NICE or RLIMIT_RTPRIO), asked of chrt."""
    return subprocess.run(["chrt", "-f", str(priority), "true"], stderr=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL).returncode == 0


def loop_scheduling(config_path, prefix=()):
    """A daemon's event loop thread's (policy, priority), its other
    threads' {tid: policy}, and its log."""
    d = Daemon("--workers", "1", "--config", config_path, prefix=prefix)
    try:
        s = d.connect()
        assert ask(s, "name") == ["= quintet"]
        loop = os.sched_getscheduler(d.proc.pid), os.sched_getparam(d.proc.pid).sched_priority
        others = {t: v[2] for t, v in thread_stats(d.proc.pid).items() if t != d.proc.pid}
        s.close()
        log = d.log()
    finally:
        code, err, _ = d.terminate()
    assert_clean(code, err)
    return loop, others, log


def assert_loop_priority(priority, loop, others, log, allowed=None):
    """The loop alone at priority where the system allows it (or allowed
    says), else at normal priority with the info line saying so."""
    assert len(others) >= 3 and set(others.values()) == {SCHED_OTHER}, others  # none inherited it
    if allowed if allowed is not None else realtime_allowed(priority):
        assert loop == (os.SCHED_FIFO | os.SCHED_RESET_ON_FORK, priority), loop
        assert "loop_priority" not in log, log[-500:]
    else:
        assert loop == (os.SCHED_OTHER, 0), loop
        assert f"quintet info: server.loop_priority {priority} refused" in log, log[-1500:]


@check("loop priority over TCP: server.loop_priority puts the event loop thread alone at that SCHED_FIFO priority, the workers ordinary (threads it makes later too); where the system refuses, an info line and normal priority")
def loop_priority():
    assert_loop_priority(3, *loop_scheduling(config("loop_rt.yaml", "  loop_priority: 3\n")))


@check("loop priority over TCP by default: the shipped server.loop_priority 10 where the system allows it, else normal priority and an info line; 0 leaves the loop at normal priority, silently")
def loop_priority_default():
    assert_loop_priority(10, *loop_scheduling(config("loop_default.yaml")))
    loop, others, log = loop_scheduling(config("loop_normal.yaml", "  loop_priority: 0\n"))
    assert loop == (os.SCHED_OTHER, 0) and set(others.values()) == {SCHED_OTHER}, (loop, others)
    assert "loop_priority" not in log, log[-500:]
    if os.geteuid() == 0 and shutil.which("setpriv"):
        # Root without CAP_SYS_NICE (its real-time limit is 0): the refusal.
        refused = loop_scheduling(config("loop_default.yaml"),
                                  prefix=["setpriv", "--bounding-set=-sys_nice", "--"])
        assert_loop_priority(10, *refused, allowed=False)


@check("workers on stdin: normal priority and class whatever server.worker_nice and search_policy say")
def nice_stdin():
    p = subprocess.Popen([ENGINE, "--config", config("nice_stdin.yaml", "  worker_nice: 10\n"
                                                     "  search_policy: idle\n")],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    try:
        p.stdin.write(b"boardsize 9\nlevel slow\ngenmove b\n")
        p.stdin.flush()
        (nice, _, policy), _ = busy_thread(p.pid)
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    assert nice == BASE_NICE, nice
    assert policy == SCHED_OTHER, policy
    assert p.returncode == 0, (p.returncode, err[-1500:])
    assert b"Sanitizer" not in err and b"runtime error" not in err, err[-2000:]
    assert out.startswith(b"= \n\n= \n\n= "), out


# --- g. SIGHUP reload --------------------------------------------------------


@check("SIGHUP: a FIFO in the file's place is refused at once (never waited on) and sessions go on; a bad file keeps the old configuration, a good one applies")
def reload_beside_sessions():
    path = write("live.yaml", SLOW_SERVER + "games:\n  go:\n    komi: 6.5\n")
    d = Daemon("--workers", "1", "--config", path)
    fifo = os.path.join(tmp, "live.fifo")
    s = d.connect()
    assert ask(s, "get_komi") == ["= 6.5"]
    # A FIFO in the file's place: the reload (on a short-work worker) must
    # refuse it without blocking, and nobody waits meanwhile.
    os.mkfifo(fifo)
    os.rename(fifo, path)
    d.proc.send_signal(signal.SIGHUP)
    d.wait_log("configuration not reloaded")
    assert "live.yaml: not a regular file" in d.log(), d.log()[-1000:]
    t = d.connect("127.0.0.2")
    assert ask(t, "name", "get_komi", "game go", "get_komi", timeout=10) == \
        ["= quintet", "= 6.5", "= ", "= 6.5"]
    assert ask(s, "boardsize 9", "playout_score 20")[1].endswith("playouts 20")
    os.unlink(path)
    write("live.yaml", "games:\n  go:\n    komi: lots\n")
    d.proc.send_signal(signal.SIGHUP)
    d.wait_log("games.go.komi: expected a number")
    assert ask(d.connect(), "get_komi") == ["= 6.5"]
    write("live.yaml", "games:\n  go:\n    komi: 0.5\n")
    d.proc.send_signal(signal.SIGHUP)
    d.wait_log("configuration reloaded from")
    assert ask(d.connect(), "get_komi") == ["= 0.5"]
    assert ask(s, "get_komi", "game go", "get_komi") == ["= 6.5", "= ", "= 0.5"]
    assert_clean(*d.terminate()[:2])


shutil.rmtree(tmp, ignore_errors=True)
sys.exit(qdaemon.report(results))
