#!/usr/bin/env python3
"""Write first seed inputs for every fuzz target from the repository's own
transcripts and test files: tests/fuzz/seeds.py QUINTET OUTDIR.

OUTDIR/TARGET/ gets one file per seed. They are raw material: the corpora
committed under tests/fuzz/TARGET/ are these merged (minimised) with
libFuzzer's -merge=1 and grown by campaigns (tests/fuzz/README.md). QUINTET
(any build's) writes the save files and SGF records the save and SGF
targets start from."""
import hashlib
import os
import re
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
engine, out = os.path.abspath(sys.argv[1]), sys.argv[2]
MAX_SEED = 3000  # bytes; longer transcripts are cut into pieces


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def transcript_lines(path):
    """The command lines of a transcript, file names made plain."""
    lines = []
    with open(path, "rb") as f:
        for raw in f.read().split(b"\n"):
            if raw.startswith(b"#") or not raw.strip():
                continue
            lines.append(re.sub(rb"/tmp/[^ ]*/", b"", re.sub(rb"/tmp/", b"", raw)))
    return lines


def session_seeds():
    for name in sorted(os.listdir(os.path.join(root, "protocol"))):
        if not name.endswith(".tst"):
            continue
        game, piece = b"", []
        for line in transcript_lines(os.path.join(root, "protocol", name)):
            words = line.split()
            if len(words) >= 2 and words[-2].endswith(b"game"):
                game = line
            if sum(len(l) + 1 for l in piece) + len(line) > MAX_SEED:
                put("session", b"\n".join(piece) + b"\n")
                piece = [game] if game else []
            piece.append(line)
        if piece:
            put("session", b"\n".join(piece) + b"\n")


def quintet(script, cwd):
    return subprocess.run([engine, "--user", "fuzz", "--data-dir", cwd], input=script.encode(),
                          cwd=cwd, capture_output=True, timeout=120).stdout.decode(errors="replace")


SAVE_GAMES = {
    "go": "boardsize 9\nplay b e5\nplay w c3\nplay b pass\n",
    "go-handicap": "boardsize 9\nfixed_handicap 2\nplay w e5\n",
    "gomoku": "game gomoku\nplay b h8\nplay w h9\nplay b j8\n",
    "ataxx": "game ataxx\nplay x b2\nplay o a1c3\n",
    "ataxx-fen": "game ataxx\nloadfen x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7\nplay o b2\n",
    "flood": "game flood\nrectangular_boardsize 6 4\ncolors 4\nplay b 2\nplay w 3\n",
    "flood-board": "game flood\nloadboard 1133/2131/1122\nplay b 2\n",
    "mastermind": "game mastermind\nset_random_seed 3\nclear_board\nguess 1234\nguess 5678\n",
    "mastermind-breaker": "game mastermind\ngenmove b\nfeedback XO--\n",
}


def save_seeds():
    with tempfile.TemporaryDirectory() as tmp:
        for name, script in SAVE_GAMES.items():
            quintet("level easy\n" + script + f"save {name}\nquit\n", tmp)
        d = os.path.join(tmp, "saves", "fuzz")
        for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            with open(os.path.join(d, name), "rb") as f:
                put("save", f.read())


def sgf_seeds():
    with tempfile.TemporaryDirectory() as tmp:
        for flag, game, script in (
            (b"\x00", "go", "boardsize 9\nplay b e5\nplay w c3\nplay b pass\nplay w d4\n"),
            (b"\x00", "go", "boardsize 19\nfixed_handicap 3\nplay w q3\n"),
            (b"\x01", "gomoku", "game gomoku\nplay b h8\nplay w h9\nplay b j8\nplay w g7\n"),
        ):
            reply = quintet("level easy\n" + script + "printsgf\nquit\n", tmp)
            sgf = reply[reply.rfind("= (;") + 2:].split("\n\n")[0]
            put("sgf", flag + sgf.encode())
    for flag, text in (
        (b"\x00", "(;FF[4]GM[1]SZ[9]KM[6.5]HA[2]AB[cc][gg]AW[ee]PL[W];W[dd](;B[tt];W[])(;B[aa]))"),
        (b"\x00", "(;GM[1]SZ[5];AE[aa]AB[bb:cd];B[ee]C[a \\] comment];W[dd]RE[B+R]RU[Japanese])"),
        (b"\x06", "(;FF[4]GM[1]SZ[19];B[pd];W[dp];B[pp];W[dd])"),
        (b"\x01", "(;FF[4]GM[4]SZ[15]RU[renju];B[hh];W[hi];B[ih])"),
        (b"\x01", "(;GM[4]SZ[20];B[jj](;W[kk])(;W[ll]))"),
    ):
        put("sgf", flag + text.encode())


def without_id(line):
    words = line.split(None, 1)
    return words[1] if len(words) == 2 and words[0].isdigit() else line


def argument_seeds(target, command, tst):
    for line in transcript_lines(os.path.join(root, "protocol", tst)):
        words = [b""] + without_id(line).split(None, 1)
        if len(words) >= 2 and words[1] == command:
            put(target, words[2] if len(words) > 2 else b"")


def mastermind_seeds():
    for tst in ("mastermind_breaker.tst", "mastermind_maker.tst", "mastermind_variant.tst"):
        commands = [b"guess", b"setcode", b"feedback", b"genmove", b"play", b"candidates",
                    b"undo", b"variant", b"showboard", b"final_score", b"clear_board"]
        script = []
        for line in transcript_lines(os.path.join(root, "protocol", tst)):
            words = [b""] + without_id(line).split(None, 1)
            if len(words) >= 2 and words[1] in commands:
                arg = words[2] if len(words) > 2 else b""
                if words[1] == b"play":
                    arg = arg.split(None, 1)[-1]
                script.append(bytes([commands.index(words[1])]) + arg)
        for i in range(0, len(script), 12):
            for preset in range(4):
                put("mastermind", bytes([(preset + 4 * i) % 256]) + b"|".join(script[i:i + 12]))


def c_strings(path, call):
    """The first string argument of each call(...) in a C file, unescaped."""
    with open(path) as f:
        text = f.read()
    for m in re.finditer('(?:' + call + r')\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)', text):
        parts = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
        yield "".join(parts).encode().decode("unicode_escape")


def python_strings(path):
    with open(path) as f:
        text = f.read()
    for m in re.finditer(r'run\(f?"((?:[^"\\]|\\.)*)"', text):
        yield m.group(1).encode().decode("unicode_escape")


def frontend_seeds():
    for s in c_strings(os.path.join(root, "tests/unit/test_ataxx_uai.c"), "expect"):
        put("uai", s)
    put("uai", "uai\nisready\nuainewgame\nposition startpos moves g2\ngo depth 2\nquit\n")
    put("uai", "setoption name Level value easy\ngo infinite\nisready\nstop\n")
    put("uai", "position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10\nisready\nd\n")
    put("uai", "setoption name Hash value 1\nperft 3\nisready\nstop\ngo nodes 50\n")
    for s in python_strings(os.path.join(root, "tests/integration/gomocup.py")):
        if "{" not in s:
            put("gomocup", s)
    put("gomocup", "START 15\nINFO timeout_turn 100\nINFO rule 4\nBEGIN\nTURN 7,7\n"
        "TAKEBACK 7,7\nBOARD\n7,7,1\n8,8,2\nDONE\nABOUT\nEND\n")
    put("gomocup", "INFO max_memory 0\nRECTSTART 15,15\nSTART 20\nTURN 0,0\nTURN 19,19\nEND\n")


def config_seeds():
    with open(os.path.join(os.path.dirname(engine), "quintet.yaml"), "rb") as f:
        put("config", f.read())
    with open(os.path.join(root, "tests/unit/test_cfg.c")) as f:
        text = f.read()
    for m in re.finditer(r'(?:"(?:[^"\\\n]|\\.)*"\s*)+', text):
        s = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(0)))
        s = s.encode().decode("unicode_escape")
        if ":" in s and "\n" in s:
            put("config", s)
    put("config", "games:\n  go:\n    levels:\n      hard: ~\n      quick: {algorithm: random}\n"
        "    default_level: quick\nserver: {max_line: 100, log_level: debug}\n")
    put("config", "a: &x [1, 2]\nb: *x\n" + "[" * 70 + "]" * 70 + "\n")


def framer_seeds():
    put("framer", b"\x00\x05" + b"1 name\n2 version\r\n\n" + b"x" * 100 + b"\nlast")
    put("framer", b"\xff\x01" + b"a" * 400 + b"\n" + b"b" * 10 + b"\n" + b"c" * 500)
    put("framer", b"\x10\xfa" + b"\n\n\n" + b"long " * 80 + b"\nok\n")


session_seeds()
save_seeds()
sgf_seeds()
argument_seeds("ataxx_fen", b"loadfen", "ataxx_fen.tst")
argument_seeds("flood_board", b"loadboard", "flood_board.tst")
argument_seeds("flood_board", b"loadboard", "flood_mode.tst")
mastermind_seeds()
frontend_seeds()
config_seeds()
framer_seeds()
