#!/usr/bin/env python3
"""The PostgreSQL backend, against a throw-away server of this test's own:
initdb into a temporary directory (as the postgres user when run as root),
pg_ctl start on a private Unix socket there (no TCP port), stopped and
removed at the end whatever happens. Then:

  1. the storage suite, BUILDDIR/tests/unit/test_accounts, with
     QUINTET_TEST_PG set: the same tests the SQLite run passes;
  2. tests/integration/accounts.py with QUINTET_TEST_PG: the players over
     TCP with real daemons on PostgreSQL;
  3. two daemons behind HAProxy (conf/haproxy.cfg with this test's ports,
     round robin) sharing the database: a player registers and saves
     through one daemon and resumes through the other; the migrations ran
     once for both;
  4. an outage: with the server stopped, a logged-in player's finished
     game and ending session's autosave are kept in DATA_DIR/spool/ (the
     game's reply and the log say so; logout says so too); once the server
     is back, the next login stores them (and a new daemon stores what the
     last one kept), and the spool is empty.

Usage: postgresql.py BUILDDIR/quintet. Prints TAP (the results of 1 and 2
renumbered, then 3's)."""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qdaemon  # noqa: E402
from pgtmp import Server, pg_bin  # noqa: E402

ENGINE = os.path.abspath(sys.argv[1])
BUILD = os.path.dirname(ENGINE)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))

out = []  # (ok, name, diagnostics)


def report_and_exit():
    sys.exit(qdaemon.report(out))


def run_tap(label, cmd, env, limit):
    """Run a TAP program; each of its results becomes one of ours."""
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        out.append((False, f"{label}: finished", f"timed out after {limit} s"))
        return
    text = p.stdout.decode(errors="replace")
    lines = text.splitlines()
    n = 0
    for i, line in enumerate(lines):
        m = re.match(r"(ok|not ok) \d+ - (.*)", line)
        if not m:
            continue
        n += 1
        diag = []
        for follow in lines[i + 1:]:
            if not follow.startswith("#"):
                break
            diag.append(follow[1:].strip())
        out.append((m.group(1) == "ok", f"{label}: {m.group(2)}", "\n".join(diag)))
    err = p.stderr.decode(errors="replace")
    bad = any(s in err for s in ("Sanitizer", "runtime error"))
    if n == 0 or (p.returncode != 0 and all(ok for ok, _, _ in out[-n:] if n)) or bad:
        out.append((False, f"{label}: exit status and stderr",
                    f"exit {p.returncode}, {n} results\n{err[-1500:]}"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Daemon(qdaemon.Daemon):
    def __init__(self, root, conninfo):
        os.makedirs(root, exist_ok=True)
        cfg = os.path.join(root, "quintet.yaml")
        with open(cfg, "w") as f:
            f.write(f"storage:\n  backend: postgresql\n  postgresql:\n"
                    f"    conninfo: \"{conninfo}\"\n")
        self.start([ENGINE, "--listen", "127.0.0.1:0", "--data-dir", root, "--config", cfg,
                    "--log-level", "info"])


ask = qdaemon.ask


def haproxy_config(path, front, back):
    """conf/haproxy.cfg with this test's ports, round robin, quick checks."""
    with open(os.path.join(ROOT, "conf", "haproxy.cfg")) as f:
        text = f.read()
    text = text.replace("bind 127.0.0.1:7077", f"bind 127.0.0.1:{front}")
    text = text.replace("balance leastconn", "balance roundrobin")
    text = text.replace("127.0.0.1:7078 check inter 5s", f"127.0.0.1:{back[0]} check inter 1s")
    text = text.replace("127.0.0.1:7079 check inter 5s", f"127.0.0.1:{back[1]} check inter 1s")
    assert text.count("check inter 1s") == 2, "conf/haproxy.cfg changed shape"
    with open(path, "w") as f:
        f.write(text)


def served_by(daemons, what):
    return [i for i, d in enumerate(daemons) if what in d.log()]


def two_daemons(conninfo, work):
    daemons = [Daemon(os.path.join(work, f"d{i}"), conninfo) for i in range(2)]
    proxy = None
    try:
        front = free_port()
        cfg = os.path.join(work, "haproxy.cfg")
        haproxy_config(cfg, front, [d.port for d in daemons])
        proxy = subprocess.Popen(["haproxy", "-f", cfg, "-db"], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 30
        while True:  # both servers up (their health checks passed)
            try:
                with socket.create_connection(("127.0.0.1", front), timeout=5) as s:
                    if ask(s, "protocol_version") == ["= 2"]:
                        break
            except OSError:
                pass
            assert time.time() < deadline and proxy.poll() is None, "haproxy did not start"
            time.sleep(0.2)
        name = f"roam{os.getpid()}"
        s = socket.create_connection(("127.0.0.1", front), timeout=60)
        got = ask(s, f"register {name} password1", "game ataxx", "play x a3", "genmove o",
                  "save before", "play x b3", "logout")
        assert got[0] == f"= welcome {name}" and got[6] == "= autosaved ataxx game", got
        s.close()
        first = served_by(daemons, f"registered {name}")
        assert len(first) == 1, "which daemon registered?"
        other = 1 - first[0]
        # Round robin: one of the next connections lands on the other daemon.
        for attempt in range(6):
            s = socket.create_connection(("127.0.0.1", front), timeout=60)
            got = ask(s, f"login {name} password1")
            assert got == [f"= welcome {name}; unfinished ataxx game: resume"], got
            time.sleep(0.1)
            if daemons[other].log().count(f"login: {name}") > 0:
                break
            ask(s, "quit")
            s.close()
        else:
            raise AssertionError("no connection reached the other daemon")
        got = ask(s, "resume", "game", "list_saves", "load before", "stats", "quit")
        assert got[0:2] == ["= ", "= ataxx"], got
        lines = sorted(" ".join(l.split()[:3]) for l in got[2][2:].split("\n"))
        assert lines == ["autosave ataxx 3", "before ataxx 2"], got
        assert got[3] == "= ", got
        s.close()
    finally:
        if proxy:
            proxy.terminate()
            proxy.wait(timeout=30)
        for d in daemons:
            d.stop()


KEPT = "kept locally, will be stored when the database is back"


def spooled(root):
    """The entries waiting in a daemon's spool."""
    spool = os.path.join(root, "spool")
    return sorted(os.listdir(spool)) if os.path.isdir(spool) else []


def login_after_outage(d, name):
    """A login once the server is back: connections the pool kept from
    before the outage fail once each, then a new one serves it."""
    for attempt in range(40):
        s = d.connect()
        got = ask(s, f"login {name} password1")
        if got[0].startswith("= welcome"):
            return s, got
        assert got[0].startswith("? database"), got
        s.close()
    raise AssertionError(f"no login after the outage: {got}")


def outage(server, work):
    root = os.path.join(work, "outage")
    name = f"spool{os.getpid()}"
    d = Daemon(root, server.conninfo)
    try:
        s = d.connect()
        got = ask(s, f"register {name} password1", "game mastermind", "setcode 1234 engine")
        assert got == [f"= welcome {name}", "= ", "= "], got
        server.pause()
        # The game ends during the outage: its reply says where its result went.
        got = ask(s, "guess 1234", "game ataxx", "play x a3", "quit")
        assert got == [f"= XXXX\nstatistics {KEPT}", "= ", "= ", "= "], got
        s.close()
        d.wait_log(f"autosave of {name} {KEPT}")
        assert len(spooled(root)) == 2, spooled(root)
        server.resume()
        s, got = login_after_outage(d, name)
        assert got == [f"= welcome {name}; unfinished ataxx game: resume"], got
        got = ask(s, "stats", "resume", "game")
        assert got == ["= mastermind easy 1 0 0", "= ", "= ataxx"], got
        assert spooled(root) == [], spooled(root)
        # Again, and this daemon stops before the server is back: the next
        # daemon on the same data directory stores what it kept.
        got = ask(s, "game mastermind", "setcode 4321 engine")
        server.pause()
        got = ask(s, "guess 4321", "game ataxx", "play x a3", "logout")
        assert got == [f"= XXXX\nstatistics {KEPT}", "= ", "= ",
                       f"= autosaved ataxx game, {KEPT}"], got
        s.close()
        assert len(spooled(root)) == 2, spooled(root)
        d.stop()
        server.resume()
        d = Daemon(root, server.conninfo)
        s, got = login_after_outage(d, name)
        assert got == [f"= welcome {name}; unfinished ataxx game: resume"], got
        assert ask(s, "stats") == ["= mastermind easy 2 0 0"]
        assert spooled(root) == [], spooled(root)
        s.close()
    finally:
        if not server.started:
            server.resume()
        d.stop()


def main():
    # run-all's timeout sends SIGTERM first: stop the server on the way out.
    signal.signal(signal.SIGTERM, lambda sig, frame: sys.exit(1))
    for prog in ("initdb", "pg_ctl"):
        if not pg_bin(prog):
            out.append((False, "PostgreSQL's programs", f"no {prog}: scripts/bootstrap "
                        "--test installs postgresql"))
            report_and_exit()
    try:
        server = Server()
    except Exception as e:
        out.append((False, "a throw-away PostgreSQL starts", f"{type(e).__name__}: {e}"))
        report_and_exit()
    work = tempfile.mkdtemp(prefix="quintet-pgwork.")
    try:
        env = dict(os.environ, QUINTET_TEST_PG=server.conninfo, CMOCKA_MESSAGE_OUTPUT="TAP")
        run_tap("storage suite on postgresql", [os.path.join(BUILD, "tests", "unit",
                                                             "test_accounts")], env, 200)
        run_tap("accounts.py on postgresql", [sys.executable, os.path.join(HERE, "accounts.py"),
                                              ENGINE], env, 280)
        name = "two daemons behind HAProxy share PostgreSQL: save through one, resume " \
               "through the other"
        if not shutil.which("haproxy"):
            out.append((False, name, "no haproxy: scripts/bootstrap --test installs it"))
        else:
            try:
                two_daemons(server.conninfo, work)
                out.append((True, name, ""))
            except Exception as e:
                out.append((False, name, f"{type(e).__name__}: {e}"))
        name = "a database outage: finished games' results and autosaves kept locally, " \
               "stored when it is back"
        try:
            outage(server, work)
            out.append((True, name, ""))
        except Exception as e:
            out.append((False, name, f"{type(e).__name__}: {e}"))
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    report_and_exit()


main()
