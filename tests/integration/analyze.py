#!/usr/bin/env python3
"""Integration tests of the streaming analysis commands (lz-analyze,
kata-analyze and their genmove forms) over stdin and over TCP: the "="
line first, info lines arriving while the engine thinks, each parsed
against the grammar of protocol/PROTOCOL.md ("Analysis (Go)"), the
analysis stopped by the client's next line (a command or an empty line),
that line then answered normally, the end of input or a closed
connection ending an analysis, and the genmove forms ending with their
"play MOVE" line; GoGui's "# interrupt" stopping a genmove; pondering
after the engine's move on stdin (and never over TCP). Then the same
commands in the alpha-beta games (Ataxx, Gomoku, Flood; PROTOCOL.md
"Analysis (alpha-beta games)"): one candidate a line, its principal
variation playable from the position, the search going deeper line by
line, the win rate read from scoreLead by the game's documented spread,
the genmove forms playing a legal move.

Usage: analyze.py BUILDDIR/quintet. Prints TAP. Every wait is bounded."""
import math
import os
import re
import select
import socket
import subprocess
import sys
import tempfile
import time

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
check = qdaemon.checker(results)
tmp = tempfile.mkdtemp(prefix="quintet-analyze.")
WAIT = 30  # seconds any one line may take
# Two search threads (the reporter reads the others' counts while they run).
CONFIG = os.path.join(tmp, "analyze.yaml")
with open(CONFIG, "w") as f:
    f.write("games:\n  go:\n    levels:\n      hard: {algorithm: mcts, time: 5, threads: 2}\n")

VERTEX = r"(?:[A-HJ-T](?:1[0-9]|[1-9])|pass)"
LZ_INFO = re.compile(rf"info move ({VERTEX}) visits (\d+) winrate (\d+) prior (\d+) lcb (\d+)"
                     rf" order (\d+) pv((?: {VERTEX})+)")
NUM = r"(-?\d+\.\d+)"
KATA_INFO = re.compile(rf"info move ({VERTEX}) visits (\d+) utility {NUM} winrate {NUM}"
                       rf" scoreMean {NUM} scoreStdev {NUM} scoreLead {NUM} scoreSelfplay {NUM}"
                       rf" prior {NUM} lcb {NUM} utilityLcb {NUM} order (\d+) pv((?: {VERTEX})+)")


Lines = qdaemon.Lines


def stdin_engine(config=CONFIG, *args):
    """An engine on stdin with config (and more command-line args)."""
    p = subprocess.Popen([ENGINE, "--config", config, *args], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def write(data):
        p.stdin.write(data)
        p.stdin.flush()
    return p, Lines(p.stdout.fileno(), write)


def finish(p):
    """The engine's end after its input closed: exit 0, no sanitizer report."""
    p.stdin.close()
    code = p.wait(timeout=WAIT)
    err = p.stderr.read().decode(errors="replace")
    qdaemon.assert_clean(code, err)


def parse_lz(line):
    """The candidates of an lz line, checked against the grammar."""
    cands = []
    for chunk in re.split(r" (?=info move )", line):
        m = LZ_INFO.fullmatch(chunk)
        assert m, f"not an lz-analyze candidate: {chunk!r}"
        move, visits, winrate, prior, lcb, order = m.group(1), *map(int, m.groups()[1:6])
        pv = m.group(7).split()
        assert 0 <= lcb <= winrate <= 10000 and 0 <= prior <= 10000, chunk
        assert pv[0] == move, chunk
        cands.append((move, visits, order))
    check_order(cands, line)
    return cands


def parse_kata(line, points):
    """The candidates of a kata line and its ownership list (or None)."""
    head, _, own = line.partition(" ownership ") if " ownership " in line else (line, "", "")
    if line.startswith("ownership "):
        head, own = "", line[len("ownership "):]
    cands = []
    for chunk in re.split(r" (?=info move )", head) if head else []:
        m = KATA_INFO.fullmatch(chunk)
        assert m, f"not a kata-analyze candidate: {chunk!r}"
        g = m.groups()
        winrate, prior, lcb = float(g[3]), float(g[8]), float(g[9])
        assert 0 <= lcb <= winrate <= 1 and 0 <= prior <= 1, chunk
        assert abs(float(g[2]) - (2 * winrate - 1)) < 1e-5, chunk
        assert g[4] == g[6] == g[7], chunk  # scoreMean, scoreLead, scoreSelfplay
        assert g[12].split()[0] == g[0], chunk
        cands.append((g[0], int(g[1]), int(g[11])))
    check_order(cands, line)
    if not own:
        return cands, None
    values = [float(v) for v in own.split()]
    assert len(values) == points, f"{len(values)} ownership values for {points} points"
    assert all(-1 <= v <= 1 for v in values), own[:200]
    return cands, values


def check_order(cands, line):
    assert [c[2] for c in cands] == list(range(len(cands))), line[:200]
    visits = [c[1] for c in cands]
    assert visits == sorted(visits, reverse=True), line[:200]
    moves = [c[0] for c in cands]
    assert len(set(moves)) == len(moves), line[:200]


def stream(conn, command, n, parse):
    """Send command; its "=" line, then n streamed lines, parsed."""
    conn.send(command)
    first = conn.line()
    assert first == "=", f"first line {first!r}"
    return [parse(conn.line()) for _ in range(n)]


def analyse_then_name(conn, stop_line):
    """lz-analyze on 9x9 after black E5: three lines whose best move's
    visits grow, never E5; stop_line ends it; the reply's empty line, then
    name answered."""
    assert conn.reply() == ["= "] and conn.reply() == ["= "]  # boardsize, play
    lines = stream(conn, "lz-analyze w 5", 3, parse_lz)
    assert all("E5" not in [c[0] for c in cands] for cands in lines)
    total = [sum(c[1] for c in cands) for cands in lines]
    assert total[0] < total[2], f"the search did not go on: {total}"
    conn.send(stop_line, "name")
    while True:  # lines already on their way, then the reply's end
        line = conn.line()
        if line == "":
            break
        parse_lz(line)
    assert conn.reply() == ["= quintet"]


@check("stdin: lz-analyze streams lines that parse and grow, a command stops it and is answered")
def stdin_lz():
    p, conn = stdin_engine()
    conn.send("boardsize 9", "play b e5")
    analyse_then_name(conn, "name")
    assert conn.reply() == ["= quintet"]
    finish(p)


@check("stdin: an empty line stops kata-analyze; its lines carry 81 ownership values, E5 the opponent's")
def stdin_kata():
    p, conn = stdin_engine()
    conn.send("boardsize 9", "play b e5")
    assert conn.reply() == ["= "] and conn.reply() == ["= "]
    conn.send("kata-analyze w 5 ownership true maxmoves 3")
    assert conn.line() == "="
    settled = []
    # Ownership is a mean over the playouts so far: judged once the shown
    # candidates have 300 visits (whatever else runs on the machine), on
    # three lines in a row; a line every 50 ms, 100 s of search at most.
    for _ in range(2000):
        cands, own = parse_kata(conn.line(), 81)
        assert len(cands) <= 3 and own is not None
        if sum(c[1] for c in cands) >= 300:
            settled.append(own)
            if len(settled) == 3:
                break
    assert len(settled) == 3, "the search never reached 300 visits"
    for own in settled:
        assert own[4 * 9 + 4] < -0.5, f"E5 for white: {own[40]}"  # black's stone
    conn.send("")
    while conn.line() != "":
        pass
    conn.send("name")
    assert conn.reply() == ["= quintet"]
    finish(p)


@check("stdin: closing the input ends an analysis (reply ended, exit 0)")
def stdin_eof():
    p, conn = stdin_engine()
    conn.send("boardsize 9", "lz-analyze b 5")
    assert conn.reply() == ["= "]
    assert conn.line() == "="
    parse_lz(conn.line())
    start = time.monotonic()
    finish(p)
    assert time.monotonic() - start < 10


@check("stdin: lz-genmove_analyze streams lines, then play MOVE, and the move is on the board")
def stdin_genmove():
    p, conn = stdin_engine()
    conn.send("boardsize 9", "level hard")
    assert conn.reply() == ["= "] and conn.reply() == ["= "]
    conn.send("lz-genmove_analyze b 20")
    assert conn.line() == "="
    infos = 0
    while True:
        line = conn.line()
        if line.startswith("play "):
            move = line[5:]
            break
        parse_lz(line)
        infos += 1
    assert conn.line() == ""
    assert infos >= 3, f"{infos} lines in 5 s at 0.2 s"
    assert re.fullmatch(r"[A-HJ][1-9]", move), move
    conn.send("list_stones black")
    assert conn.reply() == [f"= {move}"]
    finish(p)


@check("stdin: GoGui's '# interrupt' stops a 5 s genmove at once; it answers a move, the comment nothing")
def stdin_interrupt():
    p, conn = stdin_engine()
    conn.send("boardsize 19", "gogui-interrupt")
    assert conn.reply() == ["= "] and conn.reply() == ["= "]
    conn.send("genmove b")
    time.sleep(0.5)
    start = time.monotonic()
    conn.send(" # interrupt ", "name")
    move = conn.reply()
    took = time.monotonic() - start
    assert re.fullmatch(r"= [A-HJ-T](1[0-9]|[1-9])", move[0]), move
    assert took < 3, f"answered {took:.1f} s after the interrupt (the level thinks 5 s)"
    assert conn.reply() == ["= quintet"]
    conn.send("list_stones black")
    assert conn.reply() == [move[0]]
    finish(p)


@check("stdin: an analysis is not a genmove: server.max_move_time 1 does not end it")
def stdin_not_move_time():
    path = os.path.join(tmp, "movetime.yaml")
    with open(path, "w") as f:
        f.write("server:\n  max_move_time: 1\n")
    p, conn = stdin_engine(path)
    conn.send("boardsize 9", "lz-analyze b 20")
    assert conn.reply() == ["= "] and conn.line() == "="
    start = time.monotonic()
    while time.monotonic() - start < 2.5:
        line = conn.line()
        assert line != "", "the analysis ended by itself"
        parse_lz(line)
    conn.send("name")
    while conn.line() != "":
        pass
    assert conn.reply() == ["= quintet"]
    finish(p)


PONDER = os.path.join(tmp, "ponder.yaml")
with open(PONDER, "w") as f:
    f.write("games:\n  go:\n    levels:\n      pond: {algorithm: mcts, playouts: 100, ponder: true}\n"
            "  gomoku:\n    levels:\n      pond: {algorithm: alphabeta, nodes: 2000, ponder: true}\n")


def ponder_counts(setup, first, second, vertex, unit):
    """An engine on stdin at the ponder level: the setup lines, the genmove
    first, two seconds of the opponent's time, then the line second and a
    genmove again (both moves matching vertex); the counts of unit the
    log says each pondering ran."""
    p, conn = stdin_engine(PONDER, "--log-level", "info")
    conn.send(*setup, "level pond", first)
    for _ in range(len(setup) + 1):
        assert conn.reply() == ["= "]
    assert re.fullmatch("= " + vertex, conn.reply()[0])
    time.sleep(2)
    conn.send(second, first)  # the line stops the pondering
    assert conn.reply() == ["= "]
    assert re.fullmatch("= " + vertex, conn.reply()[0])
    p.stdin.close()
    assert p.wait(timeout=WAIT) == 0
    err = p.stderr.read().decode(errors="replace")
    qdaemon.assert_no_report(err)
    counts = [int(n) for n in re.findall(rf"pondered (\d+) {unit} on the opponent's time", err)]
    assert len(counts) == 2, err[-1500:]  # after each genmove; the second ended by the input's end
    return counts


@check("stdin: a ponder level thinks on the opponent's time after genmove, until the next line")
def stdin_ponder():
    counts = ponder_counts(["boardsize 9"], "genmove b", "play w a1", r"[A-HJ][1-9]", "playouts")
    # Pondering has no budget of its own: it runs past the level's 100
    # playouts until the line comes (two seconds: some 1,400 playouts even
    # under ThreadSanitizer on a loaded machine, 730 a second seen there).
    assert counts[0] > 300, f"two seconds of pondering ran only {counts[0]} playouts"


@check("stdin: a Gomoku alphabeta ponder level searches on the opponent's time, until the next line")
def stdin_ponder_gomoku():
    counts = ponder_counts(["game gomoku", "play black H8"], "genmove white", "play black J9",
                           r"[A-HJ-P]\d+", "nodes")
    # No budget of its own: past the level's 2,000 nodes (twice them, well
    # beyond a node check's overshoot) until the line comes (two seconds:
    # hundreds of thousands of nodes under ASan, 18,000 seen under
    # ThreadSanitizer beside other tests on two cores).
    assert counts[0] > 4000, f"two seconds of pondering searched only {counts[0]} nodes"


class Daemon(qdaemon.Daemon):
    def __init__(self, *args):
        self.start([ENGINE, "--listen", "127.0.0.1:0", "--config", CONFIG, *args])


def socket_lines(d):
    s = d.connect(timeout=WAIT)
    return s, Lines(s.fileno(), s.sendall)


@check("tcp: lz-analyze streams and is stopped by the next command, which is answered")
def tcp_lz():
    d = Daemon()
    s, conn = socket_lines(d)
    conn.send("boardsize 9", "play b e5")
    analyse_then_name(conn, "name")
    assert conn.reply() == ["= quintet"]
    s.close()
    d.stop()


@check("tcp: no pondering over TCP (the search workers are shared)")
def tcp_no_ponder():
    d = Daemon("--log-level", "info", "--config", PONDER)
    s, conn = socket_lines(d)
    conn.send("boardsize 9", "level pond", "genmove b")
    assert conn.reply() == ["= "] and conn.reply() == ["= "]
    assert re.fullmatch(r"= [A-HJ][1-9]", conn.reply()[0])
    time.sleep(1)
    conn.send("name")
    assert conn.reply() == ["= quintet"]
    s.close()
    assert "pondered" not in d.stop()


@check("tcp: a client gone mid-analysis frees the only search worker for the next client")
def tcp_gone():
    d = Daemon("--workers", "1")
    s, conn = socket_lines(d)
    conn.send("boardsize 9")
    assert conn.reply() == ["= "]
    stream(conn, "kata-analyze b 5", 2, lambda l: parse_kata(l, 81))
    s.close()
    s2, conn2 = socket_lines(d)
    conn2.send("boardsize 9", "lz-analyze b 5")
    assert conn2.reply() == ["= "]
    assert conn2.line() == "=", "the second client's analysis never started"
    parse_lz(conn2.line())
    conn2.send("name")
    while conn2.line() != "":
        pass
    assert conn2.reply() == ["= quintet"]
    s2.close()
    d.stop()


# ---- the alpha-beta games: Ataxx, Gomoku, Flood ----

AB_CONFIG = os.path.join(tmp, "alphabeta.yaml")
with open(AB_CONFIG, "w") as f:
    f.write("games:\n"
            "  ataxx: {levels: {ab: {algorithm: alphabeta, nodes: 30000}}}\n"
            "  gomoku: {levels: {ab: {algorithm: alphabeta, nodes: 30000}}}\n"
            "  flood: {levels: {ab: {algorithm: alphabeta, nodes: 30000}}}\n")

SQUARE = r"[a-p](?:1[0-6]|[1-9])"


class Game:
    """An alpha-beta game as the tests set it up: its setup commands (black,
    the first colour, to move after them), its move text, the spread and
    units of PROTOCOL.md's table (0: scoreLead is always 0)."""

    def __init__(self, name, setup, move, spread, unit):
        self.name, self.setup, self.move = name, setup, move
        self.spread, self.unit = spread, unit
        self.lz = re.compile(rf"info move ({move}) visits (\d+) winrate (\d+) prior 10000"
                             rf" lcb (\d+) order 0 pv((?: {move})+)")
        self.kata = re.compile(rf"info move ({move}) visits (\d+) utility {NUM} winrate {NUM}"
                               rf" scoreMean {NUM} scoreStdev 0\.000 scoreLead {NUM}"
                               rf" scoreSelfplay {NUM} prior 1\.000000 lcb {NUM}"
                               rf" utilityLcb {NUM} order 0 pv((?: {move})+)")

    def parse_lz(self, line):
        """(visits, pv) of a Leela Zero line: one candidate, lcb the win rate."""
        m = self.lz.fullmatch(line)
        assert m, f"not a {self.name} lz-analyze line: {line!r}"
        visits, winrate, lcb = int(m.group(2)), int(m.group(3)), int(m.group(4))
        pv = m.group(5).split()
        assert 0 <= winrate <= 10000 and lcb == winrate and pv[0] == m.group(1), line
        return visits, pv

    def parse_kata(self, line):
        """(visits, pv) of a KataGo line; its win rate is the documented
        logistic of its scoreLead (or a proven 0 or 1)."""
        m = self.kata.fullmatch(line)
        assert m, f"not a {self.name} kata-analyze line: {line!r}"
        g = m.groups()
        utility, winrate, mean, lead, selfplay, lcb = (float(g[i]) for i in (2, 3, 4, 5, 6, 7))
        assert mean == lead == selfplay and lcb == winrate, line
        assert abs(utility - (2 * winrate - 1)) < 1e-5, line
        if not self.unit:
            assert lead == 0, line
        elif 0 < winrate < 1:
            want = 1 / (1 + math.exp(-lead * self.unit / self.spread))
            assert abs(winrate - want) < 2e-3, f"winrate {winrate}, {want} from scoreLead: {line}"
        assert g[9].split()[0] == g[0], line
        return int(g[1]), g[9].split()


GAMES = [
    Game("ataxx", ["game ataxx"], rf"{SQUARE}(?:{SQUARE})?", 1000, 100),
    Game("gomoku", ["game gomoku", "play b h8", "play w j9"], r"[A-HJ-P](?:1[0-5]|[1-9])",
         200, 0),
    # Black's first move on this board has one colour: no search; so two
    # moves first (white's takes nothing).
    Game("flood", ["game flood", "set_random_seed 7", "clear_board", "play b 5", "play w 1"],
         r"[1-6]", 640, 16),
]


def set_up(conn, game):
    conn.send(*game.setup)
    for _ in game.setup:
        assert conn.reply() == ["= "]


def ab_engine(game):
    """A stdin engine with the alpha-beta levels, set up for game."""
    p, conn = stdin_engine(AB_CONFIG)
    set_up(conn, game)
    return p, conn


def playable(conn, pv):
    """The line pv is legal from the position, colours alternating from
    black's (the side to move): each move is played, then all undone."""
    for i, move in enumerate(pv):
        conn.send(f"play {'bw'[i % 2]} {move}")
        assert conn.reply() == ["= "], f"move {i + 1} of {pv} is not legal"
    for _ in pv:
        conn.send("undo")
        assert conn.reply() == ["= "]


def analysis_lines(conn, command, parse, n):
    """command's "=", n lines parsed; then the next line stops it and is
    answered (lines on their way parsed too). Returns every (visits, pv)."""
    conn.send(command)
    assert conn.line() == "=", "the reply did not start"
    got = [parse(conn.line()) for _ in range(n)]
    conn.send("name")
    while True:
        line = conn.line()
        if line == "":
            break
        got.append(parse(line))
    assert conn.reply() == ["= quintet"]
    return got


def deepens(got):
    """Each line a later, deeper iteration: more nodes, and lines that grow."""
    visits = [v for v, _ in got]
    assert visits == sorted(set(visits)), f"visits do not grow line by line: {visits}"
    assert max(len(pv) for _, pv in got) >= 3, f"never deeper than {[pv for _, pv in got]}"


for game in GAMES:
    @check(f"stdin: {game.name}: lz-analyze streams one-candidate lines, deeper each time,"
           " their lines legal; stopped by a command")
    def ab_lz(game=game):
        p, conn = ab_engine(game)
        got = analysis_lines(conn, "lz-analyze 1", game.parse_lz, 3)
        deepens(got)
        for _, pv in got:
            playable(conn, pv)
        finish(p)

    @check(f"stdin: {game.name}: kata-analyze's win rate is the documented reading of scoreLead")
    def ab_kata(game=game):
        p, conn = ab_engine(game)
        got = analysis_lines(conn, "kata-analyze b interval 1 ownership true", game.parse_kata, 3)
        deepens(got)
        playable(conn, got[-1][1])
        finish(p)

    @check(f"stdin: {game.name}: lz-genmove_analyze streams lines, then plays a legal move")
    def ab_genmove(game=game):
        p, conn = ab_engine(game)
        conn.send("level ab", "showboard")
        assert conn.reply() == ["= "]
        before = conn.reply()
        conn.send("lz-genmove_analyze 1")
        assert conn.line() == "="
        got = []
        while True:
            line = conn.line()
            if line.startswith("play "):
                move = line[5:]
                break
            got.append(game.parse_lz(line))
        assert conn.line() == ""
        assert got, "no line before the move"
        visits = [v for v, _ in got]
        assert visits == sorted(set(visits)), visits
        assert re.fullmatch(game.move, move), move
        # The move was played, and it is black's legal move: undone, the
        # board of before; played again, the same board as after it.
        conn.send("showboard", "undo", "showboard", f"play b {move}", "showboard")
        after, undone, back, played, again = (conn.reply() for _ in range(5))
        assert after != before and undone == ["= "] and back == before, (before, after, back)
        assert played == ["= "] and again == after, (after, again)
        finish(p)


@check("tcp: gomoku: lz-analyze streams and is stopped by the next command, which is answered")
def tcp_ab():
    d = Daemon("--config", AB_CONFIG)
    s, conn = socket_lines(d)
    game = GAMES[1]
    set_up(conn, game)
    deepens(analysis_lines(conn, "lz-analyze b 1", game.parse_lz, 3))
    s.close()
    d.stop()


sys.exit(qdaemon.report(results))
