#!/usr/bin/env python3
"""The Gomocup front end (`quintet --protocol gomocup`), as a Gomocup manager
drives it: every command, its errors, 15x15 and 20x20, BOARD positions,
takebacks, PLAY, SWAP2BOARD in its three roles, every INFO key and its bad
values, Yixin-board's YXBOARD, YXSHOWFORBID and YXSTOP, over stdin and over
TCP.

Usage: gomocup.py BUILDDIR/quintet. Prints TAP. Searches are bounded by a
level with a node budget (a config file), never judged by time."""
import os
import re
import socket
import subprocess
import sys
import tempfile

import qdaemon

ENGINE = os.path.abspath(sys.argv[1])
results = []
CONFIG = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
# The Gomocup front end plays the last level (max as shipped, on the clock):
# here the engine at a node budget, so its moves repeat from run to run
# however loaded the machine. A level given here is merged into the
# shipped one: its time (10 s, shared out over SWAP2BOARD's searches, each
# with a soft limit) and its following the clock are overridden too, so
# that only the server's cap (a minute) bounds the time.
LEVEL = "{algorithm: alphabeta, nodes: %d, time: 86400, follow_clock: false}"
CONFIG.write("games:\n  gomoku:\n    sizes: {min: 5, max: 20}\n    levels:\n"
             "      easy: {algorithm: weights, depth: 1}\n"
             f"      hard: {LEVEL % 20000}\n"
             f"      max: {LEVEL % 20000}\n")
CONFIG.close()
XY = re.compile(r"^(\d+),(\d+)$")


check = qdaemon.checker(results)


def run(script, *args):
    """The engine's output lines for a whole script on stdin. A script that
    ends in a move request ends without END: end of input lets the move
    come first (END stops a search at once, as the protocol wants)."""
    p = subprocess.run([ENGINE, "--protocol", "gomocup", "--config", CONFIG.name, *args],
                       input=script.encode(), capture_output=True, timeout=120)
    assert p.returncode == 0, (p.returncode, p.stderr.decode()[-500:])
    assert b"runtime error" not in p.stderr and b"Sanitizer" not in p.stderr, p.stderr
    return [l for l in p.stdout.decode().splitlines() if not l.startswith("MESSAGE ")]


def run_all(script, *args):
    """run's lines, MESSAGE lines included."""
    p = subprocess.run([ENGINE, "--protocol", "gomocup", "--config", CONFIG.name, *args],
                       input=script.encode(), capture_output=True, timeout=120)
    assert p.returncode == 0, (p.returncode, p.stderr.decode()[-500:])
    return p.stdout.decode().splitlines()


def move(line, size):
    m = XY.match(line)
    assert m, f"not a move: {line!r}"
    x, y = int(m.group(1)), int(m.group(2))
    assert 0 <= x < size and 0 <= y < size, line
    return x, y


@check("the search's iterations as MESSAGE lines before the move: depth, ev, nodes, nps, a pv of points")
def messages():
    out = run_all("START 15\nTURN 7,7\n")
    msgs = [l for l in out if l.startswith("MESSAGE ")]
    assert msgs and out[-1] != msgs[-1], out
    depths = []
    for m in msgs:
        f = re.fullmatch(r"MESSAGE depth (\d+) ev -?\d+ nodes \d+ nps \d+ pv((?: \d+,\d+)*)", m)
        assert f, m
        depths.append(int(f.group(1)))
        for xy in f.group(2).split():
            move(xy, 15)
    assert depths == sorted(depths) and depths[-1] >= 2, depths
    move(out[-1], 15)


@check("ABOUT: name, version, author, country, www")
def about():
    out = run("ABOUT\nEND\n")
    assert len(out) == 1 and re.match(r'^name="quintet", version="[0-9.]+", author="[^"]+", '
                                      r'country="[^"]+", www="[^"]+"$', out[0]), out


@check("START: OK for a configured size, ERROR outside it; RECTSTART square only")
def start():
    out = run("START 15\nSTART 20\nSTART 4\nSTART 21\nSTART x\nRECTSTART 20,15\nRECTSTART 20,20\nEND\n")
    assert out[:2] == ["OK", "OK"], out
    assert out[2].startswith("ERROR unsupported board size 4"), out
    assert out[3].startswith("ERROR unsupported board size 21"), out
    assert out[4].startswith("ERROR"), out
    assert out[5] == "ERROR rectangular boards are not supported", out
    assert out[6] == "OK", out


@check("BEGIN opens, TURN answers on the board, 20x20")
def begin_turn():
    out = run("START 20\nBEGIN\nTURN 0,0\nTURN 19,19\n")
    assert out[0] == "OK"
    seen = {(0, 0), (19, 19)}
    for line in out[1:]:
        xy = move(line, 20)
        assert xy not in seen, (xy, out)
        seen.add(xy)
    assert len(out) == 4, out


@check("BOARD ... DONE: a four of our own is completed to five")
def board_five():
    # Ours (1) at x 7..10 on row 7, theirs (2) below; we are black (4 each).
    stones = ["7,7,1", "8,7,1", "9,7,1", "10,7,1", "7,8,2", "8,8,2", "9,8,2", "6,6,2"]
    out = run("START 15\nBOARD\n" + "\n".join(stones) + "\nDONE\n")
    assert out[0] == "OK"
    assert move(out[1], 15) in ((6, 7), (11, 7)), out


@check("BOARD ... DONE: the opponent's four is blocked")
def board_block():
    # Theirs: four on column 3 (y 4..7) with one end blocked by ours at y 3;
    # we are white (3 ours, 4 theirs): only 3,8 saves the game.
    stones = ["3,4,2", "3,5,2", "3,6,2", "3,7,2", "3,3,1", "10,10,1", "11,11,1"]
    out = run("START 15\nBOARD\n" + "\n".join(stones) + "\nDONE\n")
    assert move(out[1], 15) == (3, 8), out


@check("BOARD errors: a bad line, impossible counts")
def board_errors():
    out = run("START 15\nBOARD\n1,2\n3,3,7\nDONE\nBOARD\n1,1,1\n2,2,1\nDONE\nEND\n")
    assert out[1].startswith("ERROR bad board line 1,2"), out
    assert out[2].startswith("ERROR bad board line 3,3,7"), out
    move(out[3], 15)  # the good lines (none) still make a position to move in
    assert out[4] == "ERROR impossible stone counts", out


@check("TAKEBACK: the last move goes (OK); another point is an ERROR; then play goes on")
def takeback():
    out = run("START 15\nTURN 7,7\n")
    mine = move(out[1], 15)
    x, y = mine
    out = run(f"START 15\nTURN 7,7\nTAKEBACK 7,7\nTAKEBACK {x},{y}\nTAKEBACK 7,7\n"
              "TAKEBACK 7,7\nBEGIN\n")
    assert out[2].startswith("ERROR 7,7 is not the last move"), out
    assert out[3:5] == ["OK", "OK"], out
    assert out[5].startswith("ERROR"), out  # nothing left to take back
    move(out[6], 15)


@check("TURN errors: off the board, occupied, before START")
def turn_errors():
    out = run("TURN 1,1\nSTART 15\nTURN 15,1\nTURN 7,7\n")
    assert out[0].startswith("ERROR no board"), out
    assert out[2].startswith("ERROR bad coordinates 15,1"), out
    xy = move(out[3], 15)
    out2 = run(f"START 15\nTURN 7,7\nTURN {xy[0]},{xy[1]}\n")
    assert out2[2].startswith("ERROR"), out2  # the point is taken


@check("INFO with good values is not answered; rule 4 plays renju (black's forbidden points refused)")
def info():
    out = run("INFO timeout_turn 2000\nINFO timeout_match 180000\nINFO time_left 170000\n"
              "INFO max_memory 83886080\nINFO game_type 1\nINFO rule 1\nINFO folder /tmp\n"
              "INFO evaluate 3,4\nSTART 15\nEND\n")
    assert out == ["OK"], out
    # Ours (black: 4 stones each) make a double three at 7,7: the move
    # quintet plays in freestyle, forbidden to black in renju.
    stones = ["5,7,1", "6,7,1", "7,5,1", "7,6,1", "0,0,2", "14,14,2", "0,14,2", "14,0,2"]
    board = "START 15\nBOARD\n" + "\n".join(stones) + "\nDONE\n"
    assert move(run("INFO rule 0\n" + board)[1], 15) == (7, 7)
    assert move(run("INFO rule 4\n" + board)[1], 15) != (7, 7)


def points(line, size):
    """The points of a line of "x,y" separated by spaces."""
    return [move(p, size) for p in line.split()]


def swap2(stones, *info, args=()):
    """SWAP2BOARD with stones (x,y texts) after INFO lines: the answer."""
    script = "".join(f"INFO {i}\n" for i in info) + "START 15\nSWAP2BOARD\n" + \
        "".join(f"{s}\n" for s in stones) + "DONE\n"
    out = run(script, *args)
    assert out[0] == "OK" and len(out) == 2, out
    return out[1]


@check("SWAP2BOARD on an empty board: three stones, black in the centre, each opening searched")
def swap2_open():
    p = subprocess.run([ENGINE, "--protocol", "gomocup", "--config", CONFIG.name],
                       input=b"INFO rule 1\nSTART 15\nSWAP2BOARD\nDONE\n", capture_output=True,
                       timeout=120)
    lines = p.stdout.decode().splitlines()
    answer = [l for l in lines if not l.startswith("MESSAGE ")]
    stones = points(answer[1], 15)
    assert len(stones) == 3 and len(set(stones)) == 3 and stones[0] == (7, 7), answer
    assert all(abs(x - 7) <= 4 and abs(y - 7) <= 4 for x, y in stones), stones
    # One search a candidate: its iterations start again from depth 1 each time.
    restarts = [l for l in lines if l.startswith("MESSAGE depth 1 ")]
    assert len(restarts) >= 4, lines
    again = swap2([], "rule 1")
    assert again == answer[1], (again, answer)  # node budgets: the same choice again


@check("SWAP2BOARD after three stones: SWAP when white is lost, one white stone when white is ahead")
def swap2_three():
    # Black's two stones side by side in the centre, white's in a corner.
    assert swap2(["7,7", "0,0", "8,8"], "rule 1") == "SWAP"
    # White alone in the centre, black's stones in the corners: white it is.
    (x, y), = points(swap2(["0,0", "7,7", "14,14"], "rule 1"), 15)
    assert (x, y) not in ((0, 0), (7, 7), (14, 14)), (x, y)


@check("SWAP2BOARD after three stones at a level that cannot value them: two stones, white then black")
def swap2_two():
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as cfg:
        cfg.write("games:\n  gomoku:\n    levels:\n      easy: {algorithm: weights, depth: 1}\n")
        cfg.flush()
        level = ("--config", cfg.name, "--level", "easy")  # no search: no score
        two = points(swap2(["7,7", "8,7", "9,9"], "rule 1", args=level), 15)
        assert len(two) == 2 and len(set(two) | {(7, 7), (8, 7), (9, 9)}) == 5, two
        # The two stones are played: the opener's BOARD of five then holds.
        x, y = two[1]
        out = run("INFO rule 1\nSTART 15\nSWAP2BOARD\n7,7\n8,7\n9,9\nDONE\n"
                  f"TAKEBACK {x},{y}\nEND\n", *level)
        assert out[2] == "OK", out


@check("SWAP2BOARD after five stones: SWAP when white is lost, the sixth stone when white is ahead")
def swap2_five():
    # Black's open three, white's stones in the corners: white would be lost.
    assert swap2(["7,7", "0,0", "8,7", "14,14", "9,7"], "rule 1") == "SWAP"
    (x, y), = points(swap2(["0,0", "7,7", "14,14", "7,9", "0,14"], "rule 1"), 15)
    assert (x, y) not in ((0, 0), (7, 7), (14, 14), (7, 9), (0, 14)), (x, y)


@check("SWAP2BOARD errors: before START, a bad line, 1 or 4 stones, a point twice")
def swap2_errors():
    out = run("SWAP2BOARD\nSTART 15\nSWAP2BOARD\n1,1\n3,3,1\n15,2\nDONE\n"
              "SWAP2BOARD\n1,1\n2,2\n3,3\n4,4\nDONE\nSWAP2BOARD\n7,7\n7,7\n1,1\nDONE\nEND\n")
    assert out == ["ERROR no board: START first", "OK", "ERROR bad board line 3,3,1",
                   "ERROR bad board line 15,2", "ERROR SWAP2BOARD takes 0, 3 or 5 stones, not 1",
                   "ERROR SWAP2BOARD takes 0, 3 or 5 stones, not 4",
                   "ERROR illegal move at 7,7"], out


@check("RESTART: a new empty board of the same size; before START an ERROR")
def restart():
    out = run("RESTART\nSTART 15\nTURN 7,7\n")
    mine = move(out[2], 15)
    out = run(f"START 15\nTURN 7,7\nRESTART\nPLAY 7,7\nPLAY {mine[0]},{mine[1]}\nEND\n")
    assert out[2] == "OK" and out[3] == "7,7", out
    assert out[4] == "ERROR not quintet's turn", out
    assert run("RESTART\nEND\n") == ["ERROR no board: START first"]


@check("PLAY x,y: quintet's move as given, echoed; off the board, taken, not its turn: ERROR")
def play():
    out = run("PLAY 7,7\nSTART 15\nPLAY 7,7\nTURN 8,8\n")
    assert out[:3] == ["ERROR no board: START first", "OK", "7,7"], out
    move(out[3], 15)  # quintet is black and answers white's 8,8
    out = run("START 15\nPLAY 15,0\nPLAY 7,7\nPLAY 8,8\nTURN 7,7\nTAKEBACK 7,7\nEND\n")
    assert out[1] == "ERROR bad coordinates 15,0", out
    assert out[2:4] == ["7,7", "ERROR not quintet's turn"], out
    assert out[4].startswith("ERROR"), out  # 7,7 is taken
    assert out[5] == "OK", out


@check("YXBOARD ... DONE: the position without a move; its errors as BOARD's")
def yxboard():
    out = run("START 15\nYXBOARD\n7,7,1\n8,8,2\nDONE\nTURN 7,7\nYXBOARD\n1,1,1\n2,2,1\nDONE\n"
              "YXBOARD\n1,2\nDONE\nEND\n")
    assert out[1].startswith("ERROR"), out  # 7,7 is taken: the position was set
    assert out[2:] == ["ERROR impossible stone counts", "ERROR bad board line 1,2"], out


DOUBLE_THREE = "YXBOARD\n5,7,1\n0,0,2\n6,7,1\n14,14,2\n7,5,1\n0,14,2\n7,6,1\n14,0,2\nDONE\n"


@check("YXNBEST N: N different moves as MESSAGE nbest lines, the first played and answered; its errors")
def yxnbest():
    # Theirs: a four on column 3 blocked above by ours (as board_block): the
    # block 3,8 is the best move, the others lose, but are listed all the same.
    stones = ["3,4,2", "3,5,2", "3,6,2", "3,7,2", "3,3,1", "10,10,1", "11,11,1"]
    out = run_all("START 15\nYXBOARD\n" + "\n".join(stones) + "\nDONE\nYXNBEST 3\n")
    ranks = [re.fullmatch(r"MESSAGE nbest (\d) (\d+,\d+) ev -?\d+", l) for l in out
             if l.startswith("MESSAGE nbest")]
    assert all(ranks) and [int(r.group(1)) for r in ranks] == [1, 2, 3], out
    points = [move(r.group(2), 15) for r in ranks]
    assert points[0] == (3, 8) and len(set(points)) == 3, out
    assert move(out[-1], 15) == (3, 8) and out[-2].startswith("MESSAGE"), out
    # the move was played: the next TURN is the opponent's, quintet answers
    out = run("START 15\nYXNBEST 2\nTURN 0,0\n")
    first = move(out[1], 15)
    assert len(out) == 3 and move(out[2], 15) not in (first, (0, 0)), out
    out = run("START 15\nYXNBEST 0\nYXNBEST 31\nYXNBEST x\nYXNBEST\nEND\n")
    assert out[1:] == ["ERROR YXNBEST wants a number of moves 1..30"] * 4, out
    assert run("YXNBEST 2\nEND\n") == ["ERROR no board: START first"]
    five = ["0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "0,5,1", "2,5,1", "4,5,1", "6,5,1"]
    out = run("START 15\nYXBOARD\n" + "\n".join(five) + "\nDONE\nYXNBEST 2\nEND\n")
    assert out[1:] == ["ERROR the game is over"], out


@check("YXSHOWFORBID: black's forbidden points under renju (rule 4, or 2 as Yixin numbers it)")
def showforbid():
    assert run("INFO rule 4\nSTART 15\n" + DOUBLE_THREE + "YXSHOWFORBID\nEND\n") == \
        ["OK", "FORBID 0707."]
    assert run("INFO rule 2\nSTART 15\n" + DOUBLE_THREE + "YXSHOWFORBID\nEND\n") == \
        ["OK", "FORBID 0707."]
    # Freestyle: none; white to move: none (as Rapfi answers).
    assert run("START 15\n" + DOUBLE_THREE + "YXSHOWFORBID\nEND\n") == ["OK", "FORBID ."]
    assert run("INFO rule 4\nSTART 15\n" + DOUBLE_THREE + "PLAY 1,1\nYXSHOWFORBID\nEND\n") == \
        ["OK", "1,1", "FORBID ."]
    assert run("YXSHOWFORBID\nEND\n") == ["ERROR no board: START first"]


@check("INFO rule after START applies to the game in progress")
def info_rule_now():
    out = run("START 15\n" + DOUBLE_THREE + "YXSHOWFORBID\nINFO rule 4\nYXSHOWFORBID\n"
              "INFO rule 1\nYXSHOWFORBID\nEND\n")
    assert out == ["OK", "FORBID .", "FORBID 0707.", "FORBID ."], out


@check("INFO: a bad value of each key is an ERROR and changes nothing; unknown keys are ignored")
def info_errors():
    bad = ["timeout_turn -1", "timeout_turn x", "timeout_match -5", "time_increment -1",
           "time_left 1e3", "max_memory -1", "max_memory 12MB", "thread_num 0",
           "game_type 4", "rule 8", "rule 16", "rule -1", "evaluate 3", "evaluate x,y"]
    out = run("".join(f"INFO {b}\n" for b in bad) + "START 15\nEND\n")
    want = [f"ERROR bad INFO value {b}" for b in bad]
    want[bad.index("rule 8")] = "ERROR unsupported rule 8"
    assert out == want + ["OK"], out
    # Nothing changed: rule 4 stays (rule 8 refused), the game plays on.
    out = run("INFO rule 4\nINFO rule 8\nSTART 15\n" + DOUBLE_THREE + "YXSHOWFORBID\nEND\n")
    assert out == ["ERROR unsupported rule 8", "OK", "FORBID 0707."], out
    good = ["timeout_turn 0", "timeout_match 0", "time_left -300", "time_increment 500",
            "max_memory 1", "thread_num 1", "game_type 2", "rule 3", "folder C:\\\\brain dir",
            "evaluate 3,4", "max_node 500", "some_new_key 1"]
    out = run("".join(f"INFO {g}\n" for g in good) + "START 15\nTURN 7,7\n")
    assert out[0] == "OK" and len(out) == 2, out
    move(out[1], 15)


@check("INFO max_memory bounds the search's table: 1 byte (a 1 MiB table) searches otherwise than none")
def info_memory():
    # The level the front end plays (max, the last) at a node budget: the
    # same search twice gives the same node counts, so a difference is the
    # table's.
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as cfg:
        cfg.write("games:\n  gomoku:\n    levels:\n"
                  f"      max: {LEVEL % 40000}\n")
        cfg.flush()
        stones = "7,7,2\n8,8,1\n8,7,2\n6,6,1\n9,9,2\n"
        runs = {}
        for m in (0, 1, 0):
            out = run_all(f"INFO max_memory {m}\nINFO thread_num 1\nSTART 15\nBOARD\n{stones}DONE\n",
                          "--config", cfg.name)
            move(out[-1], 15)
            # Node counts per depth: the table's size shows in them.
            lines = [re.sub(r" nps \d+", "", l) for l in out if l.startswith("MESSAGE ")]
            assert runs.setdefault(m, lines) == lines, (m, runs[m], lines)
        assert runs[0] != runs[1], runs


@check("YXSTOP while thinking: the search stops and answers its move; idle it is ignored")
def yxstop():
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as cfg:
        cfg.write("games:\n  gomoku:\n    levels:\n"
                  "      hard: {algorithm: alphabeta, nodes: 1000000000, time: 3600}\n")
        cfg.flush()
        p = subprocess.Popen([ENGINE, "--protocol", "gomocup", "--config", cfg.name],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        try:
            p.stdin.write(b"YXSTOP\nSTART 15\nTURN 7,7\n")
            p.stdin.flush()
            assert p.stdout.readline() == b"OK\n"
            line = p.stdout.readline()
            assert line.startswith(b"MESSAGE "), line  # the search has begun
            p.stdin.write(b"YXSTOP\n")
            p.stdin.flush()
            while line.startswith(b"MESSAGE "):
                line = p.stdout.readline()
            move(line.decode().strip(), 15)
            p.stdin.write(b"END\n")
            p.stdin.flush()
            assert p.wait(timeout=60) == 0
        finally:
            if p.poll() is None:
                p.kill()


@check("UNKNOWN for other commands; END exits at once with status 0")
def unknown_end():
    out = run("FOO bar\nSTART 15\nEND\nBEGIN\n")
    assert out == ["UNKNOWN command FOO", "OK"], out


@check("server.max_command_nodes bounds a move: a level of 1e9 nodes and an hour answers, reproducibly")
def node_cap():
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as cfg:
        cfg.write("server:\n  max_command_nodes: 200\n  max_move_time: 3600\n"
                  "games:\n  gomoku:\n    levels:\n"
                  "      hard: {algorithm: alphabeta, nodes: 1000000000, time: 3600}\n")
        cfg.flush()
        answers = []
        for _ in range(2):
            # No timeout_turn, no match time: the level's own limits, but for the cap.
            p = subprocess.run([ENGINE, "--protocol", "gomocup", "--config", cfg.name],
                               input=b"START 15\nINFO timeout_match 0\nTURN 7,7\n",
                               capture_output=True, timeout=120)
            assert p.returncode == 0, (p.returncode, p.stderr.decode()[-500:])
            out = [l for l in p.stdout.decode().splitlines() if not l.startswith("MESSAGE ")]
            assert out[0] == "OK" and len(out) == 2, out
            move(out[1], 15)
            answers.append(out[1])
        assert answers[0] == answers[1], answers


@check("over TCP: --listen --protocol gomocup, one game per connection")
def tcp():
    p = subprocess.Popen([ENGINE, "--protocol", "gomocup", "--listen", "127.0.0.1:0",
                          "--config", CONFIG.name], stderr=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        line = p.stderr.readline().decode()
        port = int(re.search(r":(\d+)$", line.strip()).group(1))
        s = socket.create_connection(("127.0.0.1", port), timeout=60)
        f = s.makefile("rwb")
        f.write(b"START 15\nBEGIN\n")
        f.flush()
        assert f.readline() == b"OK\n"
        line = f.readline()
        while line.startswith(b"MESSAGE "):  # the search's iterations
            line = f.readline()
        move(line.decode().strip(), 15)
        f.write(b"END\n")
        f.flush()
        assert f.readline() == b""  # END closes the connection
    finally:
        p.terminate()
        assert p.wait(timeout=10) == 0


os.unlink(CONFIG.name)
sys.exit(qdaemon.report(results))
