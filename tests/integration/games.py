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
    missing = [f for f in (f"{game}.c", f"{game}.h", f"{game}_gtp.c", "game.mk")
               if not os.path.isfile(os.path.join(ROOT, folder, f))]
    ops = read(f"{folder}/{game}.c") or ""
    if f"const struct game_ops {game}_ops" not in ops:
        missing.append(f"{game}_ops in {game}.c")
    if not re.search(rf"^GAMES \+= {game}$", read(f"{folder}/game.mk") or "", re.M):
        missing.append(f"GAMES += {game} in its game.mk")
    return missing


def check_registration(games):
    """Makefile.am's list of games is list_games, in order, and it names a
    game's folder nowhere else: a new game touches one line outside it."""
    makefile = read("Makefile.am") or ""
    listed = re.findall(r"^include \$\(srcdir\)/src/games/(\w+)/game\.mk$", makefile, re.M)
    problems = [] if listed == games else [f"Makefile.am includes {listed}, list_games {games}"]
    for game in games:
        others = [l for l in makefile.splitlines()
                  if f"src/games/{game}/" in l and not l.startswith("include ")]
        problems += [f"Makefile.am names {game}'s folder outside its line: {l.strip()}"
                     for l in others]
    return problems


def check_config(dump, game):
    """Its section is src/games/NAME/NAME.yaml, in the build's list and in
    the built-in defaults (--dump-config) with its levels."""
    problems = []
    text = read(f"src/games/{game}/{game}.yaml")
    if text is None or not re.search(rf"^{game}:$", text, re.M):
        problems.append(f"no src/games/{game}/{game}.yaml whose top key is {game}")
    if f"GAME_CONFIGS += src/games/{game}/{game}.yaml" not in (read(f"src/games/{game}/game.mk") or ""):
        problems.append(f"its game.mk does not add {game}.yaml to GAME_CONFIGS")
    section = config_section(dump, game)
    if not section:
        problems.append(f"no games.{game} section in --dump-config")
    elif not any(l.strip() == "levels:" for l in section):
        problems.append(f"games.{game} has no levels")
    return problems


def check_help(quintet, game):
    replies = ask(quintet, [f"game {game}", "help play"])
    if len(replies) < 2 or not re.search(r"^MOVE: \S", replies[1], re.M):
        return [f"help play names no move syntax: {replies[1:]!r}"]
    return []


def check_openings(game):
    path = f"src/games/{game}/openings.txt"
    text = read(path)
    if text is None:
        return [f"no {path}"]
    if not any(l.strip() and not l.startswith("#") for l in text.splitlines()):
        return [f"{path} has no opening"]
    if f"GAME_OPENINGS += {path}" not in (read(f"src/games/{game}/game.mk") or ""):
        return [f"its game.mk does not add {path} to GAME_OPENINGS"]
    return []


def check_web(game):
    path = f"src/games/{game}/{game}.js"
    js = read(path)
    if js is None:
        return [f"no {path} (the page loads it as games/{game}.js)"]
    problems = []
    if not re.search(rf'\bQ\.games(\.{game}\b|\[\s*"{game}"\s*\])\s*=[^=]', js):
        problems.append(f"{path} does not register Q.games.{game}")
    if not re.search(rf'\bname: "{game}"', js):
        problems.append(f'{path}\'s adapter is not named "{game}"')
    if f"dist_webgames_DATA += {path}" not in (read(f"src/games/{game}/game.mk") or ""):
        problems.append(f"its game.mk does not install {path} (dist_webgames_DATA)")
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


def check_web_generic(games):
    """No file under web/ names a game in its code (comments aside): what a
    game needs of the page is in its own module's adapter."""
    problems = []
    for name in sorted(os.listdir(os.path.join(ROOT, "web"))):
        code = re.sub(r"/\*.*?\*/", "", read(f"web/{name}") or "", flags=re.S)
        code = re.sub(r"(?m)^\s*//.*$|<!--.*?-->", "", code, flags=re.S)
        problems += [f"web/{name} names {g}" for g in games
                     if re.search(rf"""["'=]{g}["']|#{g}\b""", code)]
    return problems


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
    tests.append(("Makefile.am's list of games is list_games, and names no folder elsewhere",
                  check_registration(games)))
    tests.append(("no file under web/ names a game (the games' modules do)", check_web_generic(games)))
    for game in games:
        tests += [
            (f"{game}: its folder, game_ops and game.mk", check_folder(game)),
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
