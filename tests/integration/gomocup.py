#!/usr/bin/env python3
"""The Gomocup front end (`quintet --protocol gomocup`), as a Gomocup manager
drives it: every command, its errors, 15x15 and 20x20, BOARD positions,
takebacks, time INFO, over stdin and over TCP.

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
# The Gomocup front end plays the last level: here the engine at a node
# budget, so its moves repeat from run to run.
CONFIG.write("games:\n  gomoku:\n    sizes: {min: 5, max: 20}\n    levels:\n"
             "      easy: {algorithm: weights, depth: 1}\n"
             "      hard: {algorithm: alphabeta, nodes: 20000}\n")
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


@check("ABOUT names the engine")
def about():
    out = run("ABOUT\nEND\n")
    assert len(out) == 1 and re.match(r'^name="quintet", version="[0-9.]+", author="[^"]+"', out[0]), out


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


@check("INFO is never answered; rule 4 plays renju (black's forbidden points refused)")
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
