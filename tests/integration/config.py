#!/usr/bin/env python3
"""Integration tests of the configuration through the binary: file lookup,
--check-config, a bad file at start-up, command-line overrides, the built-in
defaults, and SIGHUP reload (good and bad file) against a running daemon.
Usage: config.py BUILDDIR/quintet. Prints TAP."""
import os
import signal
import subprocess
import sys
import tempfile
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# the shipped file, made by the build from conf/quintet.yaml and the games' sections
SHIPPED = os.path.join(os.path.dirname(ENGINE), "quintet.yaml")
results = []
tmp = tempfile.mkdtemp()


check = qdaemon.checker(results)


def run(*args, stdin="", env=None):
    e = dict(os.environ)
    e.pop("QUINTET_CONFIG", None)
    e.update(env or {})
    return subprocess.run([ENGINE, *args], input=stdin.encode(), capture_output=True,
                          timeout=60, env=e)


def write(name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def replies(out):
    return [r for r in out.decode().split("\n\n") if r]


@check("--check-config: 0 for the shipped file, 2 with the located message for a bad one")
def check_config():
    p = run("--check-config", SHIPPED)
    assert p.returncode == 0 and b"configuration ok" in p.stdout, p
    bad = write("bad.yaml", "games:\n  go:\n    levels:\n      hard:\n"
                "        algorithm: random\n        playouts: lots\n")
    p = run("--check-config", bad)
    assert p.returncode == 2, p
    assert p.stderr.decode().strip() == (
        f"quintet: {bad}:6:19: games.go.levels.hard.playouts: "
        "expected a positive integer, got \"lots\""), p.stderr


@check("--check-config: a file nested deeper than 64 levels is refused where it passes 64")
def check_config_deep():
    deep = write("deep.yaml", "[" * 40000 + "]" * 40000 + "\n")
    p = run("--check-config", deep)
    assert p.returncode == 2, p
    assert p.stderr.decode().strip() == (
        f"quintet: {deep}:1:65: nesting deeper than 64 levels"), p.stderr
    block = write("deep-block.yaml", "- " * 65 + "x\n")
    p = run("--check-config", block)
    assert p.returncode == 2, p
    assert p.stderr.decode().strip() == (
        f"quintet: {block}:1:129: nesting deeper than 64 levels"), p.stderr


@check("a bad file at start-up is fatal: exit 2, message on stderr, no protocol output")
def bad_at_start():
    bad = write("dup.yaml", "server:\n  workers: 1\n  workers: 2\n")
    p = run("--config", bad, stdin="name\n")
    assert p.returncode == 2 and p.stdout == b"", p
    assert b"dup.yaml:3:3: server.workers: duplicate key (first at line 2)" in p.stderr
    p = run("--config", os.path.join(tmp, "missing.yaml"), stdin="name\n")
    assert p.returncode == 2 and b"cannot open" in p.stderr, p


@check("built-in defaults equal the shipped quintet.yaml")
def defaults_equal_shipped():
    builtin = run("--dump-config", env={"QUINTET_CONFIG": ""})
    shipped = run("--dump-config", "--config", SHIPPED)
    assert builtin.returncode == 0 and shipped.returncode == 0
    assert builtin.stdout == shipped.stdout and b"games:" in builtin.stdout


@check("$QUINTET_CONFIG is read when there is no --config")
def env_config():
    path = write("env.yaml", "games:\n  go:\n    default_size: 9\n")
    p = run("--dump-config", env={"QUINTET_CONFIG": path})
    assert b"default_size: 9" in p.stdout, p.stdout
    p = run(env={"QUINTET_CONFIG": path}, stdin="showboard\n")
    assert replies(p.stdout)[0].split("\n")[1].split() == list("ABCDEFGHJ"), p.stdout


@check("the file's sizes, levels, komi and rules reach new games")
def file_reaches_games():
    path = write("game.yaml", "games:\n  go:\n    sizes: [9, 13]\n    default_size: 13\n"
                 "    komi: 5.5\n    default_rules: superko\n    default_level: b\n"
                 "    levels:\n      a: {algorithm: random}\n"
                 "      b: {algorithm: montecarlo, playouts: 50}\n")
    p = run("--config", path, stdin="level\nrules\nget_komi\nboardsize 19\nboardsize 9\n"
            "level a\nlevel\nlevel c\n")
    assert replies(p.stdout) == ["= easy\nmedium\nhard\na\nb *",
                                 "= chinese\nsuperko *\ntromp-taylor\njapanese", "= 5.5",
                                 "? unacceptable size", "= ", "= ", "= easy\nmedium\nhard\na *\nb",
                                 "? unknown level (easy, medium, hard, a, b)"], replies(p.stdout)


@check("command-line flags override the file")
def overrides():
    path = write("ovr.yaml", "server:\n  workers: 1\n  log_level: error\n"
                 "storage:\n  data_dir: /x\n")
    p = run("--config", path, "--workers", "3", "--data-dir", "/y", "--level", "medium",
            "--game", "go", "--max-line", "100", "--dump-config")
    out = p.stdout.decode()
    assert "workers: 3" in out and "data_dir: /y" in out and "max_line: 100" in out, out
    assert "default_level: medium" in out, out
    p = run("--game", "chess")
    assert p.returncode == 2 and b"--game: unknown game 'chess'" in p.stderr, p
    p = run("--level", "grandmaster")
    assert p.returncode == 2 and b"--level: no game has a level 'grandmaster'" in p.stderr, p
    p = run("--game", "go", "--level", "grandmaster")
    assert p.returncode == 2 and b"--level: go has no level 'grandmaster'" in p.stderr, p
    # Without --game, every game with that level starts at it: `game NAME`
    # (as a referee sends) keeps it.
    p = run("--level", "hard", stdin="level\ngame go\nlevel\n")
    assert replies(p.stdout) == ["= easy\nmedium\nhard *"] * 1 + ["= "] + \
        ["= easy\nmedium\nhard *"], p.stdout


class Daemon(qdaemon.Daemon):
    def __init__(self, config):
        self.start([ENGINE, "--config", config, "--listen", "127.0.0.1:0", "--log-level", "info"])

    def session(self):
        return self.connect(timeout=30)


ask = qdaemon.ask


@check("SIGHUP: a good file reaches new sessions and new games, running games keep theirs")
def reload_good():
    path = write("live.yaml", "games:\n  go:\n    komi: 6.5\n")
    d = Daemon(path)
    old = d.session()
    assert ask(old, "get_komi", "level") == ["= 6.5", "= easy\nmedium\nhard *"]
    write("live.yaml", "games:\n  go:\n    komi: 0.5\n    default_level: x\n"
          "    levels:\n      x: {algorithm: random}\n")
    d.proc.send_signal(signal.SIGHUP)
    d.wait_log("configuration reloaded from")
    new = d.session()
    assert ask(new, "get_komi", "level") == ["= 0.5", "= easy\nmedium\nhard\nx *"]
    assert ask(old, "get_komi", "level") == ["= 6.5", "= easy\nmedium\nhard *"]
    assert ask(old, "game go", "get_komi", "level") == ["= ", "= 0.5",
                                                        "= easy\nmedium\nhard\nx *"]
    old.close()
    new.close()
    d.stop()  # exit 0, no sanitizer report


@check("SIGHUP with a bad file: logged, refused, the old configuration stays")
def reload_bad():
    path = write("live2.yaml", "games:\n  go:\n    komi: 6.5\n")
    d = Daemon(path)
    write("live2.yaml", "games:\n  go:\n    komi: lots\n")
    d.proc.send_signal(signal.SIGHUP)
    d.wait_log("configuration not reloaded")
    assert f"{path}:3:11: games.go.komi: expected a number" in d.log(), d.log()
    s = d.session()
    assert ask(s, "get_komi") == ["= 6.5"]
    s.close()
    d.stop()  # exit 0, no sanitizer report
    assert "Sanitizer" not in d.log() and "runtime error" not in d.log()


def dumped_levels(path, game="go"):
    p = run("--dump-config", "--config", path)
    assert p.returncode == 0, p
    out = p.stdout.decode()
    section = out[out.index(f"  {game}:\n"):]
    section = section[section.index("    levels:\n") + len("    levels:\n"):]
    levels = []
    for line in section.split("\n"):
        if not line.startswith("      "):
            break
        levels.append(line.strip())
    return levels


@check("a user file merges maps: a level added keeps the shipped ones, a level's keys merge")
def overlay_merges():
    add = write("add.yaml", "games:\n  go:\n    levels:\n"
                "      huge: {algorithm: montecarlo, playouts: 100000}\n")
    assert dumped_levels(add) == [
        "easy: {algorithm: random}",
        "medium: {algorithm: mcts, playouts: 3000, resign: 0.05}",
        "hard: {algorithm: mcts, time: 5, threads: 2, resign: 0.08}",
        "huge: {algorithm: montecarlo, playouts: 100000}"], dumped_levels(add)
    p = run("--config", add, stdin="level\nlevel huge\nlevel\n")
    assert replies(p.stdout) == ["= easy\nmedium\nhard *\nhuge", "= ",
                                 "= easy\nmedium\nhard\nhuge *"], p.stdout
    one_key = write("onekey.yaml", "games:\n  go:\n    levels:\n      hard: {playouts: 500}\n"
                    "    sizes: {max: 19}\n")
    assert dumped_levels(one_key)[2] == "hard: {algorithm: mcts, playouts: 500, time: 5, threads: 2, resign: 0.08}"
    out = run("--dump-config", "--config", one_key).stdout.decode()
    assert "    sizes: {min: 2, max: 19}\n" in out, out


@check("a null value removes an entry; removing an unknown or the default level is refused")
def overlay_removes():
    for null in ("null", "~", ""):
        rm = write("rm.yaml", f"games:\n  go:\n    levels:\n      medium: {null}\n")
        assert dumped_levels(rm) == ["easy: {algorithm: random}",
                                     "hard: {algorithm: mcts, time: 5, threads: 2, resign: 0.08}"]
    p = run("--config", rm, stdin="level\nlevel medium\n")
    assert replies(p.stdout) == ["= easy\nhard *", "? unknown level (easy, hard)"], p.stdout
    typo = write("typo.yaml", "games:\n  go:\n    levels:\n      hrd: null\n")
    p = run("--check-config", typo)
    assert p.returncode == 2 and p.stderr.decode().strip() == (
        f"quintet: {typo}:4:7: games.go.levels.hrd: no level named \"hrd\" to remove "
        "(levels: easy, medium, hard)"), p.stderr
    default = write("nodefault.yaml", "games:\n  go:\n    levels:\n      hard: null\n")
    p = run("--check-config", default)
    assert p.returncode == 2 and b"games.go.default_level: no level named \"hard\"" in \
        p.stderr, p.stderr


@check("SIGHUP logs each key that changed, those that need a restart and those a flag overrides")
def reload_reports_keys():
    path = write("keys.yaml", "server:\n  idle_timeout: 100\n")
    d = Daemon(path)
    assert d.log().count("listening on") == 1, d.log()
    write("keys.yaml", "server:\n  idle_timeout: 60\n  workers: 3\n  listen: 127.0.0.1:7999\n"
          "  log_level: debug\ngames:\n  go:\n    komi: 6.5\n    levels:\n"
          "      medium: null\n      x: {algorithm: random}\n")
    d.proc.send_signal(signal.SIGHUP)
    d.wait_log("configuration reloaded from")
    log = d.log()
    want = ["SIGHUP: server.idle_timeout: 100 -> 60\n",
            "SIGHUP: server.workers: 0 -> 3, which needs a restart\n",
            "SIGHUP: server.listen: 127.0.0.1:7077 -> 127.0.0.1:7999, but --listen on the "
            "command line overrides it\n",
            "SIGHUP: server.log_level: info -> debug, but --log-level on the command line "
            "overrides it\n",
            "SIGHUP: games.go.komi: 7.5 -> 6.5\n",
            "SIGHUP: games.go.levels.medium: removed\n",
            "SIGHUP: games.go.levels.x: added {algorithm: random}\n"]
    for line in want:
        assert line in log, (line, log[-3000:])
    assert log.count("SIGHUP: ") == len(want) + 1, log[-3000:]
    d.proc.send_signal(signal.SIGHUP)  # the same file again
    for _ in range(600):
        if d.log().count("configuration reloaded from") == 2:
            break
        time.sleep(0.05)
    assert d.log()[len(log):].count("SIGHUP: ") == 2, d.log()[len(log):]
    assert "SIGHUP: no key changed\n" in d.log()[len(log):], d.log()[len(log):]
    d.stop()  # exit 0, no sanitizer report


sys.exit(qdaemon.report(results))
