#!/usr/bin/env python3
"""HACKING.md's "Adding a game" checklist, kept honest: every game the
engine registers (list_games) has each piece the checklist names, and
every folder under src/games/ is a registered game.

tests/integration/games.py QUINTET. Prints TAP, one test per game and
piece, and one for the folders."""
import os
import re
import subprocess
import sys

from qdaemon import report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def ask(quintet, lines):
    """The replies (text after "= ") of a GTP session, in order."""
    run = subprocess.run([quintet, "--seed", "1"], input="".join(l + "\n" for l in lines),
                         capture_output=True, text=True, timeout=60)
    return [r[2:] if r.startswith("= ") else r for r in run.stdout.split("\n\n") if r.strip()]


def read(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def config_section(dump, game):
    """The lines of games.GAME in --dump-config, comments left out."""
    lines = [l for l in dump.splitlines() if not l.lstrip().startswith("#")]
    try:
        start = lines.index("games:")
        first = lines.index(f"  {game}:", start)
    except ValueError:
        return []
    section = []
    for line in lines[first + 1:]:
        if not line.startswith("    "):
            break
        section.append(line)
    return section


def check_folder(game):
    folder = f"src/games/{game}"
    missing = [f for f in (f"{game}.c", f"{game}.h", f"{game}_gtp.c")
               if not os.path.isfile(os.path.join(ROOT, folder, f))]
    ops = read(f"{folder}/{game}.c") or ""
    if f"const struct game_ops {game}_ops" not in ops:
        missing.append(f"{game}_ops in {game}.c")
    if f"&{game}_ops," not in (read("src/games/games.c") or ""):
        missing.append("its line in src/games/games.c")
    return missing


def check_config(dump, game):
    section = config_section(dump, game)
    if not section:
        return [f"no games.{game} section in --dump-config (conf/quintet.yaml)"]
    if not any(l.strip() == "levels:" for l in section):
        return [f"games.{game} has no levels"]
    return []


def check_help(quintet, game):
    replies = ask(quintet, [f"game {game}", "help play"])
    if len(replies) < 2 or not re.search(r"^MOVE: \S", replies[1], re.M):
        return [f"help play names no move syntax: {replies[1:]!r}"]
    return []


def check_openings(game):
    text = read(f"conf/openings/{game}.txt")
    if text is None:
        return [f"no conf/openings/{game}.txt"]
    if not any(l.strip() and not l.startswith("#") for l in text.splitlines()):
        return [f"conf/openings/{game}.txt has no opening"]
    return []


def check_web(game):
    js = read("web/games.js") or ""
    problems = []
    if not re.search(rf'\bname: "{game}"', js):
        problems.append(f'web/games.js has no module named "{game}"')
    order = re.search(r"Q\.gameOrder = \[([^\]]*)\]", js)
    if not order or f'"{game}"' not in order.group(1):
        problems.append(f"web/games.js's gameOrder lacks {game}")
    return problems


def check_transcripts(game):
    names = os.listdir(os.path.join(ROOT, "protocol"))
    if not any(re.fullmatch(rf"{game}(_\w+)?\.tst", n) for n in names):
        return [f"no protocol/{game}.tst or protocol/{game}_*.tst"]
    return []


def check_fuzz(game):
    corpus = os.path.join(ROOT, "tests/fuzz/session")
    needle = f"game {game}".encode()
    for name in os.listdir(corpus):
        with open(os.path.join(corpus, name), "rb") as f:
            if needle in f.read():
                return []
    return [f"no seed of tests/fuzz/session/ plays {game} (tests/fuzz/seeds.py)"]


def on_map(hacking, path):
    """Whether HACKING.md's map names path, or its module (.c for a .h)."""
    module = path[:-2]
    return any(f"`{module}{ext}`" in hacking for ext in (".c", ".h"))


def check_map(game):
    hacking = read("HACKING.md") or ""
    folder = f"src/games/{game}"
    return [f"HACKING.md has no line for {folder}/{f}"
            for f in sorted(os.listdir(os.path.join(ROOT, folder)))
            if f.endswith((".c", ".h")) and not on_map(hacking, f"{folder}/{f}")]


def main():
    quintet = sys.argv[1]
    games = ask(quintet, ["list_games"])[0].split()
    dump = subprocess.run([quintet, "--dump-config"], capture_output=True, text=True,
                          timeout=60).stdout
    tests = []
    folders = sorted(d for d in os.listdir(os.path.join(ROOT, "src/games"))
                     if os.path.isdir(os.path.join(ROOT, "src/games", d)))
    tests.append(("every folder of src/games/ is a registered game, and back",
                  [] if folders == sorted(games) else [f"folders {folders}, games {games}"]))
    for game in games:
        tests += [
            (f"{game}: its folder and registration line", check_folder(game)),
            (f"{game}: its configuration section with levels", check_config(dump, game)),
            (f"{game}: help play says how a move is written", check_help(quintet, game)),
            (f"{game}: its openings file", check_openings(game)),
            (f"{game}: its web page module", check_web(game)),
            (f"{game}: its transcripts", check_transcripts(game)),
            (f"{game}: a session fuzz seed plays it", check_fuzz(game)),
            (f"{game}: every file of its folder on HACKING.md's map", check_map(game)),
        ]
    return report([(not problems, title, "\n".join(problems)) for title, problems in tests])


if __name__ == "__main__":
    sys.exit(main())
