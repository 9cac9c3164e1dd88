#!/usr/bin/env python3
"""A KataGo client such as Lizzie or KaTrain (with a GTP engine) against
quintet, over stdin and over TCP: what such a client sends (the name and
command list, the board and komi, kata-set-rules and kata-get-rules,
kata-analyze with ownership, rootInfo, pvVisits and the other keys KataGo
documents, an empty line to stop, kata-genmove_analyze, kgs-rules,
kgs-game_over, cputime), and every analysis line read as KataGo's
(docs/GTP_Extensions.md): a generic parser of its top-level fields (info,
rootInfo, ownership, ownershipStdev) and of each info's key-value pairs
(pv, pvVisits, pvEdgeVisits, movesOwnership, movesOwnershipStdev taking
lists), robust to order as KataGo asks of its clients, then every field
checked: present, numbers in range (visits > 0, winrate, prior, lcb in
0..1, utility in -1..1), order 0, 1, ...; pvVisits one number per pv move,
the first the move's visits, never increasing; 361 ownership values in
-1..1 on 19x19 (their deviations in 0..1); rootInfo's figures, its visits
at least all the candidates'; moves avoided never candidates. The analysis
stops cleanly: the reply's empty line, then the next command answered.

Usage: katago_client.py BUILDDIR/quintet. Prints TAP. Every wait is
bounded."""
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
check = qdaemon.checker(results)
tmp = tempfile.mkdtemp(prefix="quintet-katago.")
WAIT = 30  # seconds any one line may take
CONFIG = os.path.join(tmp, "katago.yaml")
with open(CONFIG, "w") as f:
    f.write("games:\n  go:\n    levels:\n"
            "      quick: {algorithm: mcts, playouts: 1500}\n"
            "      hard: {algorithm: mcts, time: 5, threads: 2}\n")

VERTEX = re.compile(r"(?:[A-HJ-T](?:1[0-9]|[1-9])|pass)")
TOP = ("info", "rootInfo", "ownership", "ownershipStdev")
LISTS = ("pv", "pvVisits", "pvEdgeVisits", "movesOwnership", "movesOwnershipStdev")
INFO_FIELDS = ("move", "visits", "utility", "winrate", "scoreMean", "scoreStdev", "scoreLead",
               "scoreSelfplay", "prior", "lcb", "utilityLcb", "order", "pv")
ROOT_FIELDS = ("visits", "utility", "winrate", "scoreMean", "scoreStdev", "scoreLead",
               "scoreSelfplay", "weight")


Lines = qdaemon.Lines


def is_key(word):
    """Whether a word is a field's name (KataGo's are camelCase words), not
    a list's item (a vertex, pass or a number)."""
    return re.fullmatch(r"[a-z][A-Za-z]+", word) is not None and word != "pass"


def kata_parse(line):
    """A kata-analyze line as KataGo's clients read it: a list of infos
    (dicts of key to a word or, for LISTS, a list of words), the rootInfo
    dict (or None), and the ownership and ownershipStdev lists (or None)."""
    words = line.split()
    infos, root, top = [], None, {}
    i = 0
    while i < len(words):
        head = words[i]
        assert head in TOP, f"not a top-level field: {head!r} in {line[:200]!r}"
        i += 1
        if head in ("ownership", "ownershipStdev"):
            j = i
            while j < len(words) and words[j] not in TOP:
                j += 1
            assert head not in top, f"{head} twice"
            top[head], i = words[i:j], j
            continue
        fields = {}
        while i < len(words) and words[i] not in TOP:
            key = words[i]
            assert key not in fields, f"{key} twice in one {head}"
            i += 1
            if key in LISTS:
                j = i
                while j < len(words) and words[j] not in TOP and not is_key(words[j]):
                    j += 1
                fields[key], i = words[i:j], j
            else:
                assert i < len(words), f"{key} without a value"
                fields[key], i = words[i], i + 1
        if head == "info":
            infos.append(fields)
        else:
            assert root is None, "rootInfo twice"
            root = fields
    return infos, root, top.get("ownership"), top.get("ownershipStdev")


def number(text, lo=None, hi=None, what=""):
    v = float(text)
    assert (lo is None or v >= lo) and (hi is None or v <= hi), f"{what} {v} not in [{lo}, {hi}]"
    return v


def count(text, what=""):
    assert re.fullmatch(r"\d+", text), f"{what} {text!r} is not a count"
    return int(text)


def shares(values, n, lo, what):
    assert values is not None, f"no {what}"
    assert len(values) == n, f"{len(values)} {what} values for {n} points"
    return [number(v, lo, 1, what) for v in values]


def check_line(line, want, points=361, avoided=(), minmoves=0, maxmoves=0):
    """One kata-analyze line, every field of what want (the keys asked for)
    checked; returns (infos, root, ownership)."""
    infos, root, own, stdev = kata_parse(line)
    assert infos, f"a line without candidates: {line[:200]!r}"
    if maxmoves:
        assert len(infos) <= maxmoves, f"{len(infos)} candidates, maxmoves {maxmoves}"
    moves = []
    for k, info in enumerate(infos):
        for field in INFO_FIELDS:
            assert field in info, f"info without {field}: {info}"
        move = info["move"]
        assert VERTEX.fullmatch(move), move
        assert move.upper() not in avoided, f"{move} was avoided"
        moves.append(move)
        visits = count(info["visits"], "visits")
        if not minmoves:  # else the unplayed moves minmoves adds have none
            assert visits > 0, f"{move}: visits {visits}"
        winrate = number(info["winrate"], 0, 1, "winrate")
        number(info["prior"], 0, 1, "prior")
        number(info["lcb"], 0, 1, "lcb")
        assert abs(number(info["utility"], -1, 1, "utility") - (2 * winrate - 1)) < 1e-5
        number(info["utilityLcb"], -1, 1, "utilityLcb")
        number(info["scoreStdev"], 0, None, "scoreStdev")
        assert info["scoreMean"] == info["scoreLead"] == info["scoreSelfplay"], info
        assert count(info["order"]) == k, f"order {info['order']} at {k}"
        pv = info["pv"]
        assert pv and pv[0] == move and all(VERTEX.fullmatch(v) for v in pv), pv
        for key in ("pvVisits", "pvEdgeVisits"):
            if key not in want:
                assert key not in info, f"{key} not asked for"
                continue
            assert key in info, f"info without {key}"
            along = [count(v, key) for v in info[key]]
            assert len(along) == len(pv), f"{key}: {len(along)} numbers for {len(pv)} moves"
            assert along[0] == visits, f"{key} starts {along[0]}, visits {visits}"
            assert along == sorted(along, reverse=True), f"{key} increases: {along}"
        if "noResultValue" in want:
            assert number(info["noResultValue"], 0, 1, "noResultValue") == 0
        for key, lo in (("movesOwnership", -1), ("movesOwnershipStdev", 0)):
            if key in want:
                shares(info.get(key), points, lo, key)
            else:
                assert key not in info, f"{key} not asked for"
    assert len(set(moves)) == len(moves), moves
    visits = [count(i["visits"]) for i in infos]
    assert visits == sorted(visits, reverse=True), visits
    if "rootInfo" in want:
        assert root is not None, "no rootInfo"
        for field in ROOT_FIELDS:
            assert field in root, f"rootInfo without {field}: {root}"
        rv = count(root["visits"], "rootInfo visits")
        assert rv >= sum(visits), f"rootInfo visits {rv} < the candidates' {sum(visits)}"
        winrate = number(root["winrate"], 0, 1, "rootInfo winrate")
        assert abs(number(root["utility"], -1, 1) - (2 * winrate - 1)) < 1e-5, root
        number(root["scoreStdev"], 0, None, "rootInfo scoreStdev")
        number(root["scoreLead"], what="rootInfo scoreLead")
        assert number(root["weight"], 0) == rv, root
    else:
        assert root is None, "rootInfo not asked for"
    if "ownership" in want:
        own = shares(own, points, -1, "ownership")
    else:
        assert own is None, "ownership not asked for"
    if "ownershipStdev" in want:
        shares(stdev, points, 0, "ownershipStdev")
    else:
        assert stdev is None, "ownershipStdev not asked for"
    return infos, root, own


def point(vertex, size=19):
    """Index of a vertex in an ownership list (top row first)."""
    col = "ABCDEFGHJKLMNOPQRST".index(vertex[0])
    return (size - int(vertex[1:])) * size + col


def stop(conn, want, **kw):
    """An empty line stops the analysis (as Lizzie stops one): the lines on
    their way, each checked, then the reply's empty line."""
    conn.send("")
    while True:
        line = conn.line()
        if line == "":
            return
        check_line(line, want, **kw)


def client_session(conn):
    """What a KataGo GUI does with an engine, every reply checked."""
    assert conn.ask("name") == "quintet"
    assert conn.ask("protocol_version") == "2"
    commands = conn.ask("list_commands").split("\n")
    for name in ("kata-analyze", "kata-genmove_analyze", "kata-set-rules", "kata-get-rules",
                 "kgs-rules", "kgs-game_over", "cputime", "lz-analyze"):
        assert name in commands, f"{name} not in list_commands"
    assert conn.ask("known_command kata-set-rules") == "true"
    for command in ("boardsize 19", "clear_board", "komi 7.5", "kata-set-rules chinese"):
        assert conn.ask(command) == "", command
    rules = json.loads(conn.ask("kata-get-rules"))
    assert rules == {"friendlyPassOk": True, "hasButton": False, "ko": "SIMPLE",
                     "scoring": "AREA", "suicide": False, "tax": "NONE",
                     "whiteHandicapBonus": "N"}, rules
    # KaTrain's default rules are Japanese: territory scoring, quintet's
    # japanese.
    assert conn.ask("kata-set-rules japanese") == ""
    assert "japanese *" in conn.ask("rules").split("\n")
    assert json.loads(conn.ask("kata-get-rules"))["scoring"] == "TERRITORY"
    assert conn.ask(
        'kata-set-rules {"ko":"POSITIONAL","scoring":"AREA","suicide":true,'
        '"tax":"NONE","hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false}') == ""
    assert "tromp-taylor *" in conn.ask("rules").split("\n")
    assert conn.ask("play B Q16") == "" and conn.ask("play W D4") == ""

    # Lizzie's and KaTrain's analysis: ownership, rootInfo and pvVisits,
    # a line every 10 cs; the search goes on line after line, and once it
    # has a few hundred visits the stones are their owners'.
    want = {"ownership", "rootInfo", "pvVisits"}
    conn.send("kata-analyze B 10 ownership true rootInfo true pvVisits true")
    assert conn.line() == "=", "the reply did not start"
    roots, settled = [], None
    for _ in range(3000):
        infos, root, own = check_line(conn.line(), want)
        roots.append(int(root["visits"]))
        if roots[-1] >= 600 and len(roots) >= 5:
            settled = own
            break
    assert settled, f"the search never reached 600 visits: {roots[-5:]}"
    assert roots == sorted(roots) and roots[0] < roots[-1], f"rootInfo visits {roots[-10:]}"
    assert settled[point("Q16")] > 0.3, f"Q16 for black: {settled[point('Q16')]}"
    assert settled[point("D4")] < -0.3, f"D4 for white: {settled[point('D4')]}"
    stop(conn, want)
    assert conn.ask("name") == "quintet"

    # Every other key, the candidates bounded, two points avoided.
    want = {"ownershipStdev", "movesOwnership", "movesOwnershipStdev", "pvEdgeVisits",
            "noResultValue", "rootInfo"}
    conn.send("kata-analyze 10 ownershipStdev true movesOwnership true movesOwnershipStdev true"
              " pvEdgeVisits true noResultValue true rootInfo true maxmoves 5"
              " avoid b q4,d16 1 interval 5")
    assert conn.line() == "="
    for _ in range(4):
        check_line(conn.line(), want, avoided=("Q4", "D16"), maxmoves=5)
    conn.send("name")  # a command stops it too, and is answered
    while True:
        line = conn.line()
        if line == "":
            break
        check_line(line, want, avoided=("Q4", "D16"), maxmoves=5)
    assert conn.reply() == ["= quintet"]

    # minmoves lists moves the search has not played (no visits yet).
    want = {"pvVisits"}
    conn.send("kata-analyze b 5 pvVisits true minmoves 40 maxmoves 40")
    assert conn.line() == "="
    infos, _, _ = check_line(conn.line(), want, minmoves=40, maxmoves=40)
    assert len(infos) == 40, len(infos)
    stop(conn, want, minmoves=40, maxmoves=40)

    # A move with its analysis (a playout budget: quick), the last line
    # before it; the move is on the board.
    assert conn.ask("level quick") == ""
    want = {"rootInfo", "pvVisits", "ownership"}
    conn.send("kata-genmove_analyze b 5 rootInfo true pvVisits true ownership true")
    assert conn.line() == "="
    lines = 0
    while True:
        line = conn.line()
        if line.startswith("play "):
            move = line[5:]
            break
        check_line(line, want)
        lines += 1
    assert conn.line() == "", "no end after play"
    assert lines >= 1 and VERTEX.fullmatch(move) and move != "pass", (lines, move)
    assert move in conn.ask("list_stones black").split(), move

    # KGS's words, and GoGui's clock.
    assert conn.ask("kgs-rules chinese") == ""
    assert json.loads(conn.ask("kata-get-rules"))["ko"] == "POSITIONAL"
    assert re.fullmatch(r"\d+\.\d{3}", conn.ask("cputime"))
    assert float(conn.ask("cputime")) > 0.5, "the searches took no CPU time?"
    assert conn.ask("kgs-game_over") == ""
    assert conn.ask("showboard")


def stdin_engine():
    p = subprocess.Popen([ENGINE, "--config", CONFIG], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def write(data):
        p.stdin.write(data)
        p.stdin.flush()
    return p, Lines(p.stdout.fileno(), write)


@check("stdin: a KataGo GUI's session: rules, analysis lines parsed as KataGo's with every key, stops, a genmove with analysis")
def stdin_client():
    p, conn = stdin_engine()
    client_session(conn)
    p.stdin.close()
    code = p.wait(timeout=WAIT)
    qdaemon.assert_clean(code, p.stderr.read().decode(errors="replace"))


class Daemon(qdaemon.Daemon):
    def __init__(self):
        self.start([ENGINE, "--listen", "127.0.0.1:0", "--config", CONFIG])


@check("tcp: the same session over a connection to the daemon")
def tcp_client():
    d = Daemon()
    s = d.connect(timeout=WAIT)
    client_session(Lines(s.fileno(), s.sendall))
    s.close()
    d.stop()


@check("stdin: 9x9: every key at once, 81 values a list; the analysis for white after black's move")
def stdin_small():
    p, conn = stdin_engine()
    assert conn.ask("boardsize 9") == "" and conn.ask("play b e5") == ""
    want = {"ownership", "ownershipStdev", "movesOwnership", "movesOwnershipStdev",
            "pvVisits", "pvEdgeVisits", "rootInfo", "noResultValue"}
    conn.send("kata-analyze w 5 " + " ".join(f"{k} true" for k in sorted(want)))
    assert conn.line() == "="
    own = None
    for _ in range(2000):
        infos, root, own = check_line(conn.line(), want, points=81)
        assert "E5" not in [i["move"] for i in infos]
        if int(root["visits"]) >= 500:
            break
    assert own[4 * 9 + 4] < -0.5, f"E5 for white: {own[40]}"  # black's stone
    stop(conn, want, points=81)
    assert conn.ask("name") == "quintet"
    p.stdin.close()
    code = p.wait(timeout=WAIT)
    qdaemon.assert_clean(code, p.stderr.read().decode(errors="replace"))


sys.exit(qdaemon.report(results))
