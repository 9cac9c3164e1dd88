#!/usr/bin/env python3
"""Integration tests of players' accounts over TCP, with real daemons:
guests refused saves; the password absent from the log at every level
(debug shows `login ******`); the failed-login throttle growing per name and
per connection and reset by a success (read from the daemon's log, never
timed); the other connections served while an answer is held; autosave on
logout, on a disconnect, at the idle timeout and at SIGTERM, then resume
after login in a new daemon; a second login of the same player on another
connection (both games kept); 50 concurrent clients registering, playing,
saving and resuming, after which every account, statistic and save is
consistent; control bytes in a secret command's line (masked, logged
escaped); register of a taken name (unhashed, an address failure, locked
out); a register flood from one address beside another's login; passwd
and delete_account logging the player's other session out; the SQLite
file deleted under the daemon: every write refused (`? database
unavailable`), none acknowledged and then lost at the restart; SQLite's
write lock held by another process: a write answers "? database
unavailable" within storage.timeout, file work goes on; session tokens:
made (64 lowercase hex digits, each different, only their hash stored),
logging in on another connection, refused with one answer when wrong,
revoked by logout (of the session that made one, or logged in with it)
and by passwd, lasting across a restart, expiring after
accounts.token_days unused (its time set back in the SQLite file), a
wrong one throttled as a failure of the address and not of the name, and
neither a token nor its hash in the log (debug shows `login_token
******`).

Usage: accounts.py BUILDDIR/quintet. Prints TAP. The database is SQLite in
a fresh data directory, or, with QUINTET_TEST_PG=CONNINFO, a PostgreSQL
server (tests/integration/postgresql.sh runs this file so, against a
throw-away server of its own)."""
import hashlib
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import threading
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
PG = os.environ.get("QUINTET_TEST_PG", "")
results = []
tmp = tempfile.mkdtemp(prefix="quintet-accounts.")
counter = [0]


check = qdaemon.checker(results)


def sqlite_check(name):
    """@check for what only SQLite has (its file, its lock): not a check of
    the PostgreSQL run at all (postgresql.py tests PostgreSQL's own)."""
    return (lambda fn: fn) if PG else check(name)
wait_for = qdaemon.wait_for


def unique(prefix):
    """A player name no other test (or run, on a shared PostgreSQL) uses."""
    counter[0] += 1
    return f"{prefix}{os.getpid()}x{counter[0]}"


# The daemon's workers at normal priority: niced (worker_nice, 10 as
# shipped) they get a tenth of a core beside other busy processes, and the
# hundred-odd password hashes here (Argon2id, 64 MiB each) then took more
# than five minutes with a CPU hog running. What is tested here is the
# players, not the priority (jobs.py has that).
NORMAL_PRIORITY = "server:\n  worker_nice: 0\n"


def config_file(root, extra="", storage=""):
    """The test's configuration: NORMAL_PRIORITY, extra (top-level keys),
    then storage: with more keys of it from storage."""
    path = os.path.join(root, "quintet.yaml")
    with open(path, "w") as f:
        f.write(NORMAL_PRIORITY + extra)
        if PG:
            f.write("storage:\n  backend: postgresql\n  postgresql:\n"
                    f"    conninfo: \"{PG}\"\n" + storage)
        else:
            f.write("storage:\n  backend: sqlite\n" + storage)
    return path


class Daemon(qdaemon.Daemon):
    def __init__(self, root, *args, log="info", config="", storage=""):
        os.makedirs(root, exist_ok=True)
        self.start([ENGINE, "--listen", "127.0.0.1:0", "--data-dir", root, "--config",
                    config_file(root, config, storage), "--log-level", log, *args])

    def connect(self, src=None):
        return qdaemon.Client(super().connect(src=src, timeout=120))


def root_for(name):
    return os.path.join(tmp, name)


@check("a guest plays but cannot save; its game is not autosaved")
def guests():
    d = Daemon(root_for("guests"))
    c = d.connect()
    assert c.ask("whoami", "game ataxx", "play x a3") == ["= guest", "= ", "= "]
    for cmd in ("save g1", "load g1", "list_saves", "delete_save g1", "resume"):
        assert c.ask(cmd) == ["? guests cannot save"], cmd
    assert c.ask("stats", "logout") == ["? not logged in", "? not logged in"]
    c.close()
    err = d.stop()
    assert "autosave" not in err, err[-500:]


@check("the password is in no log line at any level; debug shows 'login ******'")
def no_password_in_logs():
    secrets = ["Sup3rSecretA", "Sup3rSecretB", "Sup3rSecretC"]
    for level in ("debug", "info", "warn", "error"):
        d = Daemon(root_for(f"log-{level}"), log=level)
        name = unique("logs")
        c = d.connect()
        got = c.ask(f"register {name} {secrets[0]}", "logout", f"login {name} wrongpass99",
                    f"login {name} {secrets[0]}", f"passwd {secrets[0]} {secrets[1]}",
                    f"7 passwd {secrets[1]}", f"delete_account {secrets[2]}",
                    f"delete_account {secrets[1]}")
        assert got == [f"= welcome {name}", "= ", "? invalid name or password",
                       f"= welcome {name}", "= ", "?7 wrong number of arguments",
                       "? invalid name or password", "= "], got
        c.close()
        err = d.stop()
        for s in secrets + ["wrongpass99"]:
            assert s not in err, f"{level}: {s} logged"
        if level == "debug":
            for cmd in ("register", "login", "passwd", "7 passwd", "delete_account"):
                assert re.search(rf"<- {cmd} \*\*\*\*\*\*\n", err), (cmd, err[-1500:])


def delays(log, name):
    return [float(x) for x in re.findall(
        rf"login failed for {re.escape(name)}: answer delayed ([0-9.]+) s", log)]


@check("failed logins: the delay doubles per name and per connection, a success resets it")
def throttle():
    d = Daemon(root_for("throttle"))
    name = unique("thr")
    c = d.connect()
    assert c.ask(f"register {name} rightpass1", "logout") == [f"= welcome {name}", "= "]
    assert c.ask(*[f"login {name} wrong-pass"] * 2) == ["? invalid name or password"] * 2
    # Another connection: the name's count goes on.
    other = d.connect()
    assert other.ask(f"login {name} wrong-pass") == ["? invalid name or password"]
    # Meanwhile a third connection is served at once (nothing blocks).
    third = d.connect()
    third.send(f"login {name} wrong-pass")
    free = d.connect()
    assert free.ask("name", "whoami") == ["= quintet", "= guest"]
    assert third.read(1) == ["? invalid name or password"]
    assert c.ask(f"login {name} rightpass1") == [f"= welcome {name}"]
    assert c.ask("logout", f"login {name} wrong-pass") == ["= ", "? invalid name or password"]
    # Per connection: failures on other names count too.
    assert other.ask(*[f"login {unique('nobody')} wrong-pass" for _ in range(2)]) == [
        "? invalid name or password"] * 2
    for x in (c, other, third, free):
        x.close()
    log = d.stop()
    assert delays(log, name) == [0.25, 0.5, 1.0, 2.0, 0.25], delays(log, name)
    rest = [float(x) for x in re.findall(r"login failed for nobody\S*: answer delayed ([0-9.]+) s",
                                         log)]
    assert rest == [0.5, 1.0], rest  # the connection's own count: 2, then 3


def mastermind_win(c):
    """A finished game the player won (the secret set by the test)."""
    got = c.ask("game mastermind", "setcode 1234 engine", "guess 1234")
    assert got == ["= ", "= ", "= XXXX"], got


@check("autosave on logout, disconnect, idle timeout and SIGTERM; resume after login")
def autosaves():
    root = root_for("autosave")
    d = Daemon(root, "--idle-timeout", "2")
    name = unique("auto")
    c = d.connect()
    assert c.ask(f"register {name} password1", "game ataxx", "play x a3", "logout") == [
        f"= welcome {name}", "= ", "= ", "= autosaved ataxx game"]
    assert c.ask("whoami", f"login {name} password1") == [
        "= guest", f"= welcome {name}; unfinished ataxx game: resume"]
    assert c.ask("game go", "resume", "game", "fen") [0:3] == ["= ", "= ", "= ataxx"]
    # The client goes without a word: its game (now two moves) is saved.
    assert c.ask("play o g5") == ["= "]
    c.close()
    wait_for(lambda: "autosave of " + name + " written" in d.log(), "the disconnect's autosave")
    c = d.connect()
    assert c.ask(f"login {name} password1", "resume", "list_saves")[2].startswith(
        "= autosave ataxx 2 ")
    assert c.ask("play x b3") == ["= "]
    # Idle: the server says so, closes it and saves three moves.
    wait_for(lambda: d.log().count("autosave of " + name + " written") >= 2, "the idle autosave")
    c.s.settimeout(30)
    assert c.s.recv(100) == b"? idle timeout\n\n"
    assert c.s.recv(100) == b""
    c.close()
    c = d.connect()
    assert c.ask(f"login {name} password1", "resume", "list_saves")[2].startswith(
        "= autosave ataxx 3 ")
    assert c.ask("play o g4") == ["= "]
    d.stop()  # SIGTERM with the session open: four moves saved
    c.close()
    d = Daemon(root)
    c = d.connect()
    assert c.ask(f"login {name} password1", "resume", "list_saves")[2].startswith(
        "= autosave ataxx 4 ")
    c.close()
    d.stop()


@check("one player on two connections: each game autosaved, neither lost")
def second_login():
    d = Daemon(root_for("twice"))
    name = unique("twice")
    a = d.connect()
    assert a.ask(f"register {name} password1", "game ataxx", "play x a3") == [
        f"= welcome {name}", "= ", "= "]
    time.sleep(1.1)  # the second game begins in another second (autosave names)
    b = d.connect()
    assert b.ask(f"login {name} password1", "game go", "boardsize 9", "play b E5") == [
        f"= welcome {name}", "= ", "= ", "= "]
    assert a.ask("logout") == ["= autosaved ataxx game"]
    assert b.ask("logout") == ["= autosaved go game"]
    got = b.ask(f"login {name} password1", "list_saves")
    lines = got[1][2:].split("\n")
    assert len(lines) == 2, got
    assert re.fullmatch(r"autosave go 1 \S+", lines[0]), lines
    kept = re.fullmatch(r"(autosave-\d{8}T\d{6}) ataxx 1 \S+", lines[1])
    assert kept, lines
    assert b.ask(f"load {kept.group(1)}", "game") == ["= ", "= ataxx"]
    a.close()
    b.close()
    d.stop()


@check("50 concurrent clients register, play, save, resume; all consistent afterwards")
def fifty():
    d = Daemon(root_for("fifty"), "--max-connections", "200")
    names = [unique("many") for _ in range(50)]
    errors = []

    def client(i):
        try:
            c = d.connect()
            n = names[i]
            got = c.ask(f"register {n} password{i:02d}")
            assert got == [f"= welcome {n}"], got
            mastermind_win(c)
            got = c.ask("game ataxx", f"set_random_seed {i}", "play x a3", "genmove o",
                        "save mine", "play x b3", "logout")
            assert got[4] == "= " and got[6] == "= autosaved ataxx game", got
            got = c.ask(f"login {n} password{i:02d}", "resume", "list_saves", "load mine",
                        "stats")
            assert got[0] == f"= welcome {n}; unfinished ataxx game: resume", got
            assert got[1] == "= " and got[3] == "= ", got
            saves = sorted(l.split()[0] for l in got[2][2:].split("\n"))
            assert saves == ["autosave", "mine"], got
            assert got[4] == "= mastermind easy 1 0 0", got
            c.close()
        except Exception as e:
            errors.append(f"client {i}: {type(e).__name__}: {e}")

    threads = [threading.Thread(target=client, args=(i,)) for i in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(280)
    assert not errors, errors[:3]
    # Afterwards, from one connection: every account's statistics, and the
    # saves of every fifth (each login costs a hash; the clients above
    # checked their own).
    c = d.connect()
    for i, n in enumerate(names):
        assert c.ask(f"stats {n}") == ["= mastermind easy 1 0 0"], n
    for i in range(0, len(names), 5):
        n = names[i]
        got = c.ask(f"stats {n}", f"login {n} password{i:02d}", "list_saves", "resume",
                    "load mine", "logout")
        assert got[1] == f"= welcome {n}; unfinished ataxx game: resume", got
        # The autosave is the game as the client left it: `load mine`
        # (two moves of the same game) before it went.
        lines = sorted(" ".join(l.split()[:3]) for l in got[2][2:].split("\n"))
        assert lines == ["autosave ataxx 2", "mine ataxx 2"], got
        assert got[3] == "= " and got[4] == "= ", got
    top = c.ask("top mastermind easy")[0]
    assert len(top[2:].split("\n")) == 3 and all(
        l.endswith(" 1 0 0") for l in top[2:].split("\n")), top
    c.close()
    d.stop()


@check("a control byte in or before login/register/passwd: the password is still masked, "
       "and control bytes are logged escaped")
def control_bytes_in_logs():
    d = Daemon(root_for("log-controls"), log="debug")
    name = unique("ctl")
    c = d.connect()
    lines = [f"\x01register {name} Secret0ne", "logout",
             f"lo\x7fgin {name} Secret0ne", f"pass\x1bwd Secret0ne Secret7wo",
             "logout", f"\rlogin\r {name} Secret7wo\r", f"3 \x1bpasswd Secret7wo Secret3hree"]
    c.s.sendall("".join(l + "\n" for l in lines).encode())
    got = c.read(len(lines))
    assert got == [f"= welcome {name}", "= ", f"= welcome {name}", "= ", "= ",
                   f"= welcome {name}", "=3 "], got
    c.close()
    err = d.stop()
    for secret in ("Secret0ne", "Secret7wo", "Secret3hree"):
        assert secret not in err, (secret, err[-2000:])
    for logged in (r"<- \\x01register \*\*\*\*\*\*\n", r"<- lo\\x7fgin \*\*\*\*\*\*\n",
                   r"<- pass\\x1bwd \*\*\*\*\*\*\n", r"<- \\x0dlogin\\x0d \*\*\*\*\*\*\n",
                   r"<- 3 \\x1bpasswd \*\*\*\*\*\*\n"):
        assert re.search(logged, err), (logged, err[-2000:])
    assert not any(ch in err for ch in "\x01\x7f\x1b\r"), "a raw control byte in the log"


@check("register of a taken name: answered unhashed, a failure of the address, locked out")
def register_taken():
    d = Daemon(root_for("taken"), config="accounts:\n  max_login_failures: 3\n")
    name = unique("taken")
    c = d.connect()
    assert c.ask(f"register {name} password1", "logout") == [f"= welcome {name}", "= "]
    flood = d.connect(src="127.0.0.2")
    got = flood.ask(*[f"register {name.upper()} password{i}" for i in range(3)],
                    f"register {name} password9", f"register {unique('fresh')} password9")
    assert got == ["? name taken"] * 3 + ["? too many failed logins, try again later"] * 2, got
    # Another address registers; the name's owner still logs in.
    assert d.connect().ask(f"register {unique('fresh')} password9")[0].startswith("= welcome")
    assert c.ask(f"login {name} password1") == [f"= welcome {name}"]
    flood.close()
    c.close()
    log = d.stop()
    assert log.count(f"register failed for {name.upper()}: answer delayed") == 3, log[-1500:]


@check("a register flood from one address does not starve another address's login")
def register_flood():
    d = Daemon(root_for("flood"), log="debug")
    name = unique("victim")
    c = d.connect()
    assert c.ask(f"register {name} password1", "logout") == [f"= welcome {name}", "= "]
    n = 30
    flood = [d.connect(src="127.0.0.2") for _ in range(n)]
    for i, f in enumerate(flood):
        f.send(f"register {unique('flood')} password{i:02d}")
    wait_for(lambda: d.log().count("<- register ******") >= n + 1, "the flood's registers")
    # Every register is queued or hashing: the login is served beside them
    # (the short workers but one are the flood's at most), not after them.
    assert c.ask(f"login {name} password1") == [f"= welcome {name}"]
    done = len(re.findall(r"registered flood", d.log()))
    assert done < n, f"the login waited for all {n} registers"
    for f in flood:
        assert f.read(1)[0].startswith("= welcome flood")
        f.close()
    c.close()
    d.stop()


@sqlite_check("the SQLite file deleted under the daemon: writes refused, none acknowledged and lost")
def deleted_database():
    root = root_for("deleted")
    kim, lee = unique("kim"), unique("lee")
    d = Daemon(root)
    c = d.connect()
    assert c.ask(f"register {kim} password1") == [f"= welcome {kim}"]
    os.remove(os.path.join(root, "quintet.db"))
    got = c.ask("game ataxx", "play x a3", "save mine", f"stats {kim}")
    assert got[2].startswith("? save failed: database unavailable"), got
    assert got[3].startswith("? database unavailable"), got
    e = d.connect()
    got = e.ask(f"register {lee} password1")
    assert got[0].startswith("? database unavailable"), got
    d.wait_log("was deleted or replaced while in use")
    assert not os.path.exists(os.path.join(root, "quintet.db")), "a new file was made"
    c.close()
    e.close()
    d.stop()
    # Restarted on a new file: what was refused is not there, as its
    # clients were told.
    d = Daemon(root)
    c = d.connect()
    assert c.ask(f"login {lee} password1") == ["? invalid name or password"]
    assert c.ask(f"register {lee} password1") == [f"= welcome {lee}"]
    c.close()
    d.stop()


@check("passwd and delete_account log the player's other sessions out (told once, then guests)")
def other_sessions_logged_out():
    d = Daemon(root_for("others"))
    name = unique("others")
    a, b = d.connect(), d.connect()
    assert a.ask(f"register {name} password1", "game ataxx", "play x a3") == [
        f"= welcome {name}", "= ", "= "]
    assert b.ask(f"login {name} password1") == [f"= welcome {name}"]
    assert a.ask("passwd password1 password2") == ["= "]
    assert b.ask("whoami", "whoami", "save g1") == [
        "? logged out: password changed or account deleted elsewhere", "= guest",
        "? guests cannot save"]
    assert a.ask("whoami") == [f"= {name}"]  # the session that changed it stays in
    assert b.ask(f"login {name} password1", f"login {name} password2") == [
        "? invalid name or password", f"= welcome {name}"]
    assert a.ask("delete_account password2", "whoami") == ["= ", "= guest"]
    got = b.ask("save g1", "save g1", "stats", "logout")
    assert got == ["? logged out: password changed or account deleted elsewhere",
                   "? guests cannot save", "? not logged in", "? not logged in"], got
    a.close()
    b.close()
    log = d.stop()
    assert "FOREIGN KEY" not in log, log[-1500:]


@sqlite_check("SQLite locked by another process: writes answer 'database unavailable' within "
              "storage.timeout, file work goes on, and writes work once it lets go")
def sqlite_locked():
    root = root_for("sqlite-locked")
    d = Daemon(root, storage="  timeout: 2\n")
    name = unique("lock")
    c, guest = d.connect(), d.connect()
    assert c.ask(f"register {name} password1", "game ataxx", "play x a3") == [
        f"= welcome {name}", "= ", "= "]
    other = sqlite3.connect(os.path.join(root, "quintet.db"), isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        c.send("save one")
        got = guest.ask("printsgf")
        assert got[0].startswith("= (;FF[4]"), got
        got = guest.ask(f"register {unique('late')} password1")
        assert got == ["? database unavailable"], got
        got = c.read(1, timeout=30)
        assert got == ["? save failed: database unavailable"], got
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert c.ask("save one", "list_saves")[0] == "= "
    c.close()
    guest.close()
    log = d.stop()
    assert "database is locked" in log, log[-1500:]


TOKEN = re.compile(r"= ([0-9a-f]{64})")
BAD_TOKEN = "? invalid or expired token"


def new_token(c):
    """A session token of c's player (session_token's answer, checked)."""
    got = c.ask("session_token")
    m = TOKEN.fullmatch(got[0])
    assert m, got
    return m.group(1)


def token_hash(token):
    """What the database keeps of a token: crypto_generichash (BLAKE2b,
    32 bytes, no key) of its text, in hex."""
    return hashlib.blake2b(token.encode(), digest_size=32).hexdigest()


def refused(d, *tokens):
    """Each token refused, on a connection of its own (whose count of
    failures, and so the delay, starts at one)."""
    for token in tokens:
        c = d.connect()
        assert c.ask(f"login_token {token}") == [BAD_TOKEN], token
        c.close()


def other_token(token):
    """A token of the right form that is not token."""
    return token[:-1] + ("0" if token[-1] != "0" else "1")


@check("session tokens: made by a logged-in player, each different, log in on another "
       "connection; wrong ones refused; revoked by logout and passwd; never logged")
def session_tokens():
    d = Daemon(root_for("tokens"), log="debug")
    name = unique("tok")
    a, b, c = d.connect(), d.connect(), d.connect()
    assert a.ask("session_token") == ["? not logged in"]
    assert a.ask(f"register {name} password1", "game ataxx", "play x a3") == [
        f"= welcome {name}", "= ", "= "]
    t1 = new_token(a)
    assert b.ask(f"login_token {t1}", "whoami", f"login_token {t1}") == [
        f"= welcome {name}", f"= {name}", "? already logged in"]
    t2 = new_token(a)
    assert t2 != t1
    tokens = [t1, t2]
    # One answer for any token that logs nobody in.
    assert c.ask(f"login_token {other_token(t1)}", f"login_token {t1.upper()}",
                 f"login_token {t1[:-1]}", f"login_token {t1}0", "login_token",
                 "whoami") == [BAD_TOKEN] * 4 + ["? wrong number of arguments", "= guest"]
    # b logged in with t1: its logout revokes t1. a made t2 last: a's
    # logout revokes t2 (and autosaves its game, as always).
    assert b.ask("logout") == ["= "]
    refused(d, t1)
    assert c.ask(f"login_token {t2}", "logout") == [f"= welcome {name}", "= "]
    t3 = new_token(a)
    tokens.append(t3)
    assert a.ask("logout") == ["= autosaved ataxx game"]
    refused(d, t3, t2)
    # passwd revokes every token of the account, the session's own too.
    assert a.ask(f"login {name} password1") == [f"= welcome {name}; unfinished ataxx game: resume"]
    t4, t5 = new_token(a), new_token(a)
    tokens += [t4, t5]
    assert b.ask(f"login_token {t4}") == [f"= welcome {name}; unfinished ataxx game: resume"]
    assert a.ask("passwd password1 password2") == ["= "]
    refused(d, t4, t5)
    assert b.ask("whoami") == ["? logged out: password changed or account deleted elsewhere"]
    t6 = new_token(a)
    tokens.append(t6)
    if not PG:
        db = sqlite3.connect(os.path.join(root_for("tokens"), "quintet.db"))
        stored = [r[0] for r in db.execute("SELECT hash FROM tokens")]
        db.close()
        assert stored == [token_hash(t6)], stored  # the hash, never the token
    for x in (a, b, c):
        x.close()
    log = d.stop()
    for t in tokens:
        assert t not in log and token_hash(t) not in log, "a token or its hash logged"
    assert re.search(r"<- login_token \*\*\*\*\*\*\n", log), log[-1500:]
    assert f"login: {name} (session token)" in log, log[-1500:]


@check("a session token logs in after a daemon restart (the unfinished game waiting)")
def token_after_restart():
    root = root_for("token-restart")
    name = unique("again")
    d = Daemon(root)
    c = d.connect()
    assert c.ask(f"register {name} password1", "game ataxx", "play x a3") == [
        f"= welcome {name}", "= ", "= "]
    token = new_token(c)
    d.stop()  # SIGTERM with the session open: its game is autosaved
    c.close()
    d = Daemon(root)
    c = d.connect()
    assert c.ask(f"login_token {token}", "whoami", "resume", "game") == [
        f"= welcome {name}; unfinished ataxx game: resume", f"= {name}", "= ", "= ataxx"]
    c.close()
    d.stop()


@sqlite_check("a session token unused for accounts.token_days days is refused and deleted")
def token_expired():
    root = root_for("token-expiry")
    name = unique("old")
    d = Daemon(root, config="accounts:\n  token_days: 2\n")
    c = d.connect()
    assert c.ask(f"register {name} password1") == [f"= welcome {name}"]
    old, recent = new_token(c), new_token(c)
    db = sqlite3.connect(os.path.join(root, "quintet.db"), isolation_level=None)
    try:
        for token, ago in ((old, 2 * 86400 + 60), (recent, 2 * 86400 - 60)):
            db.execute("UPDATE tokens SET used = used - ? WHERE hash = ?",
                       (ago, token_hash(token)))
        other = d.connect()
        assert other.ask(f"login_token {old}") == [BAD_TOKEN]
        assert other.ask(f"login_token {recent}") == [f"= welcome {name}"]
        left = [r[0] for r in db.execute("SELECT hash FROM tokens")]
        assert left == [token_hash(recent)], left  # the expired one deleted when found
        used = db.execute("SELECT used FROM tokens").fetchone()[0]
        assert used >= time.time() - 60, used  # a login starts its days anew
    finally:
        db.close()
    other.close()
    c.close()
    d.stop()


@check("wrong session tokens: failures of the address (delayed, then locked out), not of the name")
def token_throttle():
    d = Daemon(root_for("token-throttle"), config="accounts:\n  max_login_failures: 3\n")
    name = unique("guess")
    c = d.connect()
    assert c.ask(f"register {name} password1") == [f"= welcome {name}"]
    token = new_token(c)
    guesser = d.connect(src="127.0.0.2")
    got = guesser.ask(*[f"login_token {other_token(token)[:-2]}{i:02x}" for i in range(3)],
                      f"login_token {token}")
    assert got == [BAD_TOKEN] * 3 + ["? too many failed logins, try again later"], got
    # The name was not counted: its player logs in from elsewhere, by
    # token and by password.
    assert d.connect().ask(f"login_token {token}") == [f"= welcome {name}"]
    assert d.connect().ask(f"login {name} password1") == [f"= welcome {name}"]
    guesser.close()
    c.close()
    log = d.stop()
    delays = re.findall(r"token login failed: answer delayed ([0-9.]+) s", log)
    assert delays == ["0.25", "0.50", "1.00", "0.25"], delays  # a refusal paced at 0.25 s


shutil.rmtree(tmp, ignore_errors=True)
sys.exit(qdaemon.report(results))
