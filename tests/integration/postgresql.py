#!/usr/bin/env python3
"""The PostgreSQL backend, against a throw-away server of this test's own:
initdb into a temporary directory (as the postgres user when run as root),
pg_ctl start on a private Unix socket there (no TCP port), stopped and
removed at the end whatever happens. Then:

  1. the storage suite, BUILDDIR/tests/unit/test_accounts, with
     QUINTET_TEST_PG set: the same tests the SQLite run passes;
  2. tests/integration/accounts.py with QUINTET_TEST_PG: the players over
     TCP with real daemons on PostgreSQL;
  3. session tokens across two daemons sharing the database: a token made
     through one logs in through the other, the database holds its hash
     (BLAKE2b, as crypto_generichash) and not the token at schema version
     2, and a logout through the second revokes it for the first;
  4. two daemons behind HAProxy (conf/haproxy.cfg with this test's ports,
     round robin) sharing the database: a player registers and saves
     through one daemon and resumes through the other; the migrations ran
     once for both;
  5. an outage: with the server stopped, a logged-in player's finished
     game and ending session's autosave are kept in DATA_DIR/spool/ (the
     game's reply and the log say so; logout says so too), and so is a
     logout's revocation of its session token; once the server
     is back, the next login stores them (and a new daemon stores what the
     last one kept), and the spool is empty;
  6. time limits (storage.timeout): the accounts table locked by another
     client (psql, LOCK TABLE in an open transaction) makes logins answer
     "? database unavailable" within the limit, while the web page's
     files and a guest's printsgf answer at once (the database has its
     own workers); a fake server that accepts connections and never
     answers costs a login the limit, not the daemon; an unreachable
     server's error is one short line to the client, the detail (the
     socket's path) in the log.

Usage: postgresql.py BUILDDIR/quintet. Prints TAP (the results of 1 and 2
renumbered, then the others')."""
import hashlib
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
            # workers at normal priority, as in accounts.py (password hashes)
            f.write("server:\n  worker_nice: 0\n")
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


def tokens_shared(conninfo, work):
    daemons = [Daemon(os.path.join(work, f"tok{i}"), conninfo) for i in range(2)]
    try:
        name = f"tok{os.getpid()}"
        a = daemons[0].connect()
        got = ask(a, f"register {name} password1", "session_token")
        assert got[0] == f"= welcome {name}" and re.fullmatch(r"= [0-9a-f]{64}", got[1]), got
        token = got[1][2:]
        digest = hashlib.blake2b(token.encode(), digest_size=32).hexdigest()
        assert psql_value(conninfo, "SELECT version FROM schema_version") == "2"
        assert psql_value(conninfo, f"SELECT count(*) FROM tokens WHERE hash = '{digest}'") == "1"
        assert psql_value(conninfo, f"SELECT count(*) FROM tokens WHERE hash = '{token}'") == "0"
        b = daemons[1].connect()
        got = ask(b, f"login_token {token}", "whoami", "logout")
        assert got == [f"= welcome {name}", f"= {name}", "= "], got
        c = daemons[0].connect()
        assert ask(c, f"login_token {token}") == ["? invalid or expired token"]
        for s in (a, b, c):
            s.close()
    finally:
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
        # daemon on the same data directory stores what it kept, the
        # session token's revocation by the logout too.
        got = ask(s, "game mastermind", "setcode 4321 engine", "session_token")
        token = got[2][2:]
        server.pause()
        got = ask(s, "guess 4321", "game ataxx", "play x a3", "logout")
        assert got == [f"= XXXX\nstatistics {KEPT}", "= ", "= ",
                       f"= autosaved ataxx game, {KEPT}"], got
        s.close()
        assert len(spooled(root)) == 3, spooled(root)
        assert f"(token revocation {KEPT})" in d.log(), d.log()[-1500:]
        d.stop()
        server.resume()
        d = Daemon(root, server.conninfo)
        s, got = login_after_outage(d, name)
        assert got == [f"= welcome {name}; unfinished ataxx game: resume"], got
        assert ask(s, "stats") == ["= mastermind easy 2 0 0"]
        assert spooled(root) == [], spooled(root)
        other = d.connect()
        assert ask(other, f"login_token {token}") == ["? invalid or expired token"]
        other.close()
        s.close()
    finally:
        if not server.started:
            server.resume()
        d.stop()


def limited_daemon(root, conninfo, timeout):
    """A daemon on conninfo with storage.timeout, serving TCP and HTTP (its
    web root holds app.js); d.http_port is the HTTP port."""
    web = os.path.join(root, "web")
    os.makedirs(web, exist_ok=True)
    with open(os.path.join(web, "app.js"), "w") as f:
        f.write("// the page\n")
    cfg = os.path.join(root, "quintet.yaml")
    with open(cfg, "w") as f:
        f.write(f"server:\n  http_root: \"{web}\"\n"
                f"storage:\n  backend: postgresql\n  timeout: {timeout}\n"
                f"  postgresql:\n    conninfo: \"{conninfo}\"\n")
    d = qdaemon.Daemon()
    d.start([ENGINE, "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", "--data-dir", root,
             "--config", cfg, "--log-level", "info"], r"(?<!http )listening on 127\.0\.0\.1:(\d+)\n")
    d.http_port = int(d.wait_log(r"http listening on 127\.0\.0\.1:(\d+)").group(1))
    return d


def get_app_js(d, limit):
    """GET /app.js's status line, read within limit seconds."""
    with socket.create_connection(("127.0.0.1", d.http_port), timeout=limit) as h:
        h.sendall(b"GET /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := h.recv(65536):
            data += chunk
    return data.split(b"\r\n", 1)[0].decode()


def guest_printsgf(d, limit):
    """A guest's printsgf, answered within limit seconds."""
    with d.connect(src="127.0.0.9", timeout=limit) as s:
        return ask(s, "printsgf", timeout=limit)[0]


def lock_accounts(conninfo):
    """psql holding ACCESS EXCLUSIVE on accounts in an open transaction."""
    psql = subprocess.Popen([pg_bin("psql"), "-X", "-q", "-tA", conninfo],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    psql.stdin.write("BEGIN;\nLOCK TABLE accounts IN ACCESS EXCLUSIVE MODE;\n"
                     "SELECT 'locked';\n")
    psql.stdin.flush()
    line = psql.stdout.readline()
    assert line.strip() == "locked", line
    return psql


def unlock(psql):
    if psql.poll() is None:
        psql.stdin.write("ROLLBACK;\n\\q\n")
        psql.stdin.close()
        psql.wait(timeout=60)


def table_lock(conninfo, work):
    """Two logins wait on the lock (every database worker busy); the page
    and a guest's printsgf answer meanwhile; the logins answer "? database
    unavailable" within the limit; once the lock is gone, a login works."""
    d = limited_daemon(os.path.join(work, "lock"), conninfo, 8)
    name = f"locked{os.getpid()}"
    s = d.connect(timeout=60)
    assert ask(s, f"register {name} password1", "logout") == [f"= welcome {name}", "= "]
    psql = lock_accounts(conninfo)
    try:
        waiting = [d.connect(src=src, timeout=60) for src in ("127.0.0.2", "127.0.0.3")]
        sent = time.monotonic()
        for w in waiting:
            w.sendall(f"login {name} password1\n".encode())
        time.sleep(0.5)  # both taken by workers (not a measurement)
        assert get_app_js(d, 6) == "HTTP/1.1 200 OK"
        assert guest_printsgf(d, 6).startswith("= (;FF[4]")
        for w in waiting:
            assert qdaemon.read_replies(w, 1, timeout=40) == ["? database unavailable"]
        took = time.monotonic() - sent
        assert took < 40, f"the logins answered after {took:.1f} s (limit 8 s)"
        assert "lock timeout" in d.log(), d.log()[-1500:]
    finally:
        unlock(psql)
    assert ask(s, f"login {name} password1") == [f"= welcome {name}"]
    d.stop()


def silent_server(work):
    """A fake PostgreSQL that accepts and never answers: a login answers
    "? database unavailable" within the limit, the daemon serves others
    meanwhile and stops cleanly."""
    fake = socket.socket()
    fake.bind(("127.0.0.1", 0))
    fake.listen(16)
    accepted = []
    stop = [False]

    def accept():
        fake.settimeout(0.2)
        while not stop[0]:
            try:
                accepted.append(fake.accept()[0])
            except OSError:
                pass

    t = threading.Thread(target=accept)
    t.start()
    try:
        conninfo = f"host=127.0.0.1 port={fake.getsockname()[1]} user=quintet dbname=x " \
                   "sslmode=disable"
        d = limited_daemon(os.path.join(work, "silent"), conninfo, 2)
        s = d.connect(timeout=60)
        s.sendall(b"login nobody password1\n")
        other = d.connect(src="127.0.0.2", timeout=10)
        assert ask(other, "protocol_version", timeout=10) == ["= 2"]
        assert guest_printsgf(d, 10).startswith("= (;FF[4]")
        assert qdaemon.read_replies(s, 1, timeout=40) == ["? database unavailable"]
        assert accepted, "the daemon never connected to the fake server"
        assert ask(other, "name", timeout=10) == ["= quintet"]
        d.stop()
    finally:
        stop[0] = True
        t.join()
        fake.close()
        for a in accepted:
            a.close()


def psql_value(conninfo, sql):
    p = subprocess.run([pg_bin("psql"), "-X", "-q", "-tA", conninfo, "-c", sql],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def stopped_backend(conninfo, work):
    """The daemon's connection's backend stopped (SIGSTOP) mid-session: the
    next call waits for the limit plus a second, gives the connection up
    and answers "? database unavailable"; once it runs again, a new
    connection serves the next login."""
    tagged = conninfo + " application_name=quintet-stopped"
    d = limited_daemon(os.path.join(work, "stopped"), tagged, 2)
    name = f"stopped{os.getpid()}"
    s = d.connect(timeout=60)
    assert ask(s, f"register {name} password1", "logout") == [f"= welcome {name}", "= "]
    pids = psql_value(conninfo, "SELECT pid FROM pg_stat_activity"
                      " WHERE application_name = 'quintet-stopped'").split()
    assert pids, "no backend of the daemon's"
    for pid in pids:
        os.kill(int(pid), signal.SIGSTOP)
    try:
        assert ask(s, f"login {name} password1", timeout=40) == ["? database unavailable"]
        assert "no answer within 3.0 s" in d.log(), d.log()[-1500:]
    finally:
        for pid in pids:
            os.kill(int(pid), signal.SIGCONT)
    assert ask(s, f"login {name} password1", timeout=40) == [f"= welcome {name}"]
    d.stop()


def unreachable(work):
    """An unreachable server: the reply is one short line with no path,
    the log has libpq's detail."""
    gone = os.path.join(work, "no-such-socket-dir")
    d = limited_daemon(os.path.join(work, "gone"), f"host={gone} port=5 user=quintet", 2)
    s = d.connect(timeout=60)
    s.sendall(b"login nobody password1\nstats someone\nname\n")
    replies, rest = qdaemon.read_replies_rest(s, 3, timeout=40)
    assert replies == ["? database unavailable", "? database unavailable", "= quintet"], replies
    assert rest == b"", rest
    log = d.stop()
    assert "no-such-socket-dir" in log, log[-1500:]


def time_limits(server, work):
    for name, fn in (("a locked table: logins answer 'database unavailable' within "
                      "storage.timeout; the page and a guest's printsgf answer meanwhile",
                      lambda: table_lock(server.conninfo, work)),
                     ("a server that accepts and never answers: a login answers "
                      "'database unavailable' within the limit; the daemon serves others",
                      lambda: silent_server(work)),
                     ("a server that stops answering mid-session: the call is given up "
                      "after the limit and a second, the next connects anew",
                      lambda: stopped_backend(server.conninfo, work)),
                     ("an unreachable server: one short line to the client, libpq's detail "
                      "in the log", lambda: unreachable(work))):
        try:
            fn()
            out.append((True, name, ""))
        except Exception as e:
            out.append((False, name, f"{type(e).__name__}: {e}"))
        finally:
            for d in list(qdaemon.Daemon.running):
                d.kill()


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
        name = "session tokens on PostgreSQL: made through one daemon, logged in with and " \
               "revoked through another; only the hash stored"
        try:
            tokens_shared(server.conninfo, work)
            out.append((True, name, ""))
        except Exception as e:
            out.append((False, name, f"{type(e).__name__}: {e}"))
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
        time_limits(server, work)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    report_and_exit()


main()
