#!/usr/bin/env python3
"""Differential test of the Go rules against GNU Go; prints TAP.

usage: tests/gnugo_diff.py ENGINE [--games N] [--seed S] [--game K]
                           [--gnugo PATH] [--transcript FILE] [--verbose]

ENGINE is a command line (split like a shell would), e.g. build-test/quintet
or "/usr/games/gnugo --mode gtp --chinese-rules" to test this script itself.

Each game picks a board size (mostly 5..9, where captures, kos and suicides
are frequent; sometimes up to 19), sends `boardsize N` and `clear_board` to
both engines, then about 2.5 * N * N random `play COLOUR VERTEX` attempts:
any point (occupied ones too), the points of stones just captured and their
neighbours (ko recaptures), empty points whose neighbours are all occupied
(suicides), neighbours of the last move, a few passes and off-board vertices.
Both engines must agree on accepting or rejecting every move (`=` / `?`) and,
after every attempt, on `list_stones black` and `list_stones white`
(compared as sets). A sample of attempts is preceded by `is_legal`, whose
answers must agree too.

Commands are pipelined in chunks. A small model of the rules (simple ko, no
suicide, as GNU Go plays them) predicts each move, so attempts within a chunk
can target ko and suicide points without waiting for replies; whenever GNU Go
disagrees with the model, the model is resynchronised from GNU Go's stones.

Then --genmove-games N (default 20) games that the engine plays itself at
level easy (set_random_seed K: random legal moves) on boards of 3..7 until
two passes in a row: GNU Go must accept each move the engine generates, and
the stones must agree after each.

Output: one TAP line per game (the first mismatch in the `not ok` line), a
check that ko recaptures and suicides were rejected at least once over the
run, and a check that the engine exited cleanly with no sanitizer report.
--game K replays only game K of the run (same seed gives the same game);
with --transcript FILE it also writes that game as a .tst file that
tests/transcript.py can replay against the engine.
"""

import argparse
import os
import random
import re
import select
import shlex
import shutil
import subprocess
import sys
import threading
import time

SANITIZER_MARKS = (b"ERROR: AddressSanitizer", b"runtime error:",
                   b"LeakSanitizer", b"ERROR: ThreadSanitizer")
COLUMNS = "ABCDEFGHJKLMNOPQRST"
REPLY_TIMEOUT = 30.0    # seconds an engine may take for one chunk of replies
CHUNK = 24              # attempts pipelined per round trip
MAX_ENGINE_FAILURES = 5  # crashes/timeouts before the run gives up
SIZE_WEIGHTS = {5: 14, 6: 12, 7: 14, 8: 10, 9: 16, 10: 2, 11: 3, 12: 2,
                13: 9, 14: 1, 15: 2, 16: 1, 17: 2, 18: 1, 19: 6}
EMPTY, BLACK, WHITE = 0, 1, 2


class EngineError(Exception):
    pass


class Engine:
    """A GTP engine on pipes; commands are written and replies read in order."""

    def __init__(self, argv, label):
        self.argv = argv
        self.label = label
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE,
                                     start_new_session=True)
        self.buf = b""
        self.err = bytearray()
        self.err_thread = threading.Thread(target=self._drain_stderr, daemon=True)
        self.err_thread.start()

    def _drain_stderr(self):
        for chunk in iter(lambda: self.proc.stderr.read1(65536), b""):
            self.err += chunk

    def send(self, commands):
        data = "".join(c + "\n" for c in commands).encode()
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError("%s: stdin closed (engine died?)" % self.label)

    def read_reply(self, deadline):
        """Next reply as (ok, text); raises EngineError on EOF/timeout/garbage."""
        fd = self.proc.stdout.fileno()
        while True:
            end = self.buf.find(b"\n\n")
            if end >= 0:
                chunk, self.buf = self.buf[:end], self.buf[end + 2:]
                m = re.match(rb"([=?])[0-9]*(?: |\n|$)", chunk)
                if not m:
                    raise EngineError("%s: malformed reply %r" % (self.label, chunk[:200]))
                text = chunk[m.end():].decode("utf-8", "replace")
                return m.group(1) == b"=", text.strip()
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError("%s: no reply within %d s" % (self.label, REPLY_TIMEOUT))
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    raise EngineError("%s: EOF on stdout (engine died?)" % self.label)
                self.buf += data

    def sanitizer_report(self):
        return [m.decode() for m in SANITIZER_MARKS if m in self.err]

    def stderr_tail(self, lines=30):
        """The start of a sanitizer report if there is one, else the last lines."""
        text = bytes(self.err).decode("utf-8", "replace").rstrip("\n").split("\n")
        for i, line in enumerate(text):
            if any(m.decode() in line for m in SANITIZER_MARKS):
                return text[i:i + lines]
        return text[-lines:]

    def close(self, timeout=20):
        """Close stdin and wait; returns the exit status (None if it had to be killed)."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            status = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            status = None
        self.err_thread.join(5)
        return status

    def kill(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 9)
            except OSError:
                pass
        self.proc.wait()


class Board:
    """Go rules as GNU Go applies them in `play`: no suicide, simple ko."""

    def __init__(self, size):
        self.size = size
        self.stones = [EMPTY] * (size * size)
        self.nbrs = []
        for p in range(size * size):
            x, y = p % size, p // size
            self.nbrs.append([q for q, ok in ((p - 1, x > 0), (p + 1, x < size - 1),
                                              (p - size, y > 0), (p + size, y < size - 1)) if ok])
        self.ko = None          # (point, colour that may not play there)

    def vertex(self, p):
        return "%s%d" % (COLUMNS[p % self.size], p // self.size + 1)

    def point(self, vertex):
        col = COLUMNS.index(vertex[0].upper())
        return (int(vertex[1:]) - 1) * self.size + col

    def group(self, p):
        colour = self.stones[p]
        seen, todo, libs = {p}, [p], set()
        while todo:
            q = todo.pop()
            for r in self.nbrs[q]:
                if self.stones[r] == EMPTY:
                    libs.add(r)
                elif self.stones[r] == colour and r not in seen:
                    seen.add(r)
                    todo.append(r)
        return seen, libs

    def play(self, colour, p):
        """Play (p None = pass); returns (accepted, reason, captured points)."""
        ko, self.ko = self.ko, None
        if p is None:
            return True, "pass", []
        if self.stones[p] != EMPTY:
            self.ko = ko
            return False, "occupied", []
        if ko and ko == (p, colour):
            self.ko = ko
            return False, "ko", []
        enemy = 3 - colour
        self.stones[p] = colour
        captured = []
        for q in self.nbrs[p]:
            if self.stones[q] == enemy:
                stones, libs = self.group(q)
                if not libs:
                    captured += stones
                    for s in stones:
                        self.stones[s] = EMPTY
        own, libs = self.group(p)
        if not captured and not libs:
            self.stones[p] = EMPTY
            self.ko = ko
            return False, "suicide", []
        if len(captured) == 1 and len(own) == 1 and len(libs) == 1:
            self.ko = (captured[0], enemy)
        return True, "capture" if captured else "move", captured

    def listing(self, colour):
        return {self.vertex(p) for p, c in enumerate(self.stones) if c == colour}

    def reset_from(self, black, white):
        self.stones = [EMPTY] * (self.size * self.size)
        for colour, vertices in ((BLACK, black), (WHITE, white)):
            for v in vertices:
                self.stones[self.point(v)] = colour
        self.ko = None


class Game:
    """One random game: generates attempts from the model board."""

    def __init__(self, rng, size):
        self.rng = rng
        self.size = size
        self.board = Board(size)
        self.last_mover = WHITE
        self.last_move = None
        self.last_captured = []
        self.ko_tried = False          # the current ko was already tried
        self.positions = {tuple(self.board.stones)}  # for superko notes

    def colour_token(self, colour):
        r = self.rng.random()
        if colour == BLACK:
            words = ("b", "black", "B", "Black", "BLACK")
        else:
            words = ("w", "white", "W", "White", "WHITE")
        return words[0] if r < 0.6 else words[1] if r < 0.85 else self.rng.choice(words[2:])

    def vertex_token(self, p):
        v = self.board.vertex(p)
        return v.lower() if self.rng.random() < 0.3 else v

    def offboard(self):
        n = self.size
        if n < 19 and self.rng.random() < 0.5:
            return "%s%d" % (COLUMNS[self.rng.randrange(n, 19)], self.rng.randint(1, n))
        return "%s%d" % (self.rng.choice(COLUMNS[:n]), self.rng.randint(n + 1, 25))

    def pick(self):
        """Choose the next attempt: (colour, point or None for pass, vertex text)."""
        rng, b = self.rng, self.board
        colour = self.last_mover if rng.random() < 0.12 else 3 - self.last_mover
        r = rng.random()
        if b.ko and not self.ko_tried and r < 0.75:
            # A ko was just taken: retake it at once (illegal), or fill it.
            p, banned = b.ko
            self.ko_tried = True
            return banned if rng.random() < 0.85 else 3 - banned, p, self.vertex_token(p)
        if self.last_captured and r < 0.4:
            pool = list(self.last_captured)
            if rng.random() < 0.3:
                pool = [q for p in pool for q in b.nbrs[p]]
            p = rng.choice(pool)
            return colour, p, self.vertex_token(p)
        r = rng.random()
        if r < 0.03:
            return colour, None, "pass" if rng.random() < 0.8 else "PASS"
        if r < 0.05:
            return colour, -1, self.offboard()
        if r < 0.22:
            holes = [p for p, c in enumerate(b.stones)
                     if c == EMPTY and all(b.stones[q] != EMPTY for q in b.nbrs[p])]
            if holes:
                p = rng.choice(holes)
                return colour, p, self.vertex_token(p)
        if r < 0.37:
            # The last liberty of some group: captures (often of one stone,
            # which sets up kos) or self-ataris and suicides.
            lasts = self.last_liberties()
            if lasts:
                p = rng.choice(lasts)
                return colour, p, self.vertex_token(p)
        if r < 0.50 and self.last_move is not None:
            p = rng.choice(b.nbrs[self.last_move])
            return colour, p, self.vertex_token(p)
        if r < 0.75:
            empty = [p for p, c in enumerate(b.stones) if c == EMPTY]
            if empty:
                p = rng.choice(empty)
                return colour, p, self.vertex_token(p)
        p = rng.randrange(self.size * self.size)
        return colour, p, self.vertex_token(p)

    def last_liberties(self):
        b, seen, points = self.board, set(), []
        for p, c in enumerate(b.stones):
            if c != EMPTY and p not in seen:
                stones, libs = b.group(p)
                seen |= stones
                if len(libs) == 1:
                    points += libs
        return points

    def predict(self, colour, p):
        """Advance the model; returns (accepted, reason, captured, repeats)
        where repeats says the position after the move occurred before
        (legal under simple ko, illegal under positional superko)."""
        if p == -1:
            return False, "offboard", [], False
        accepted, reason, captured = self.board.play(colour, p)
        repeats = False
        if accepted:
            self.last_mover = colour
            self.last_move = p
            self.last_captured = captured
            self.ko_tried = False
            if p is not None:
                position = tuple(self.board.stones)
                repeats = position in self.positions
                self.positions.add(position)
        return accepted, reason, captured, repeats


class Stats:
    FIELDS = ("attempts", "accepted", "ko", "suicide", "occupied", "captures",
              "is_legal", "passes", "repeats")

    def __init__(self):
        for f in self.FIELDS:
            setattr(self, f, 0)

    def add(self, other):
        for f in self.FIELDS:
            setattr(self, f, getattr(self, f) + getattr(other, f))


def choose_size(rng):
    sizes = list(SIZE_WEIGHTS)
    return rng.choices(sizes, weights=[SIZE_WEIGHTS[s] for s in sizes])[0]


def exchange(engines, commands):
    """Send commands to every engine; returns one list of (ok, text) per engine."""
    for e in engines:
        e.send(commands)
    deadline = time.monotonic() + REPLY_TIMEOUT
    return [[e.read_reply(deadline) for _ in commands] for e in engines]


def set_regexes(vertices, per_line=16):
    """Regexes that together match exactly these vertices, in any order and
    case: one counts the vertices, the others each require a few of them.
    Kept short because engines limit the length of every input line,
    comments included."""
    out = [r"(?i)\s*(?:[a-z][0-9]+(?:\s+|$)){%d}" % len(vertices)]
    for i in range(0, len(vertices), per_line):
        heads = "".join(r"(?=.*(?<!\S)%s\b)" % v for v in vertices[i:i + per_line])
        out.append(r"(?is)%s.*" % heads)
    return out


def show(reply):
    ok, text = reply
    text = text.replace("\n", "\\n").replace("#", "\\#")
    if len(text) > 120:
        text = text[:120] + "..."
    return ("= " if ok else "? ") + text


class Runner:
    def __init__(self, args):
        self.args = args
        self.engine_argv = shlex.split(args.engine)
        self.gnugo_argv = [args.gnugo, "--mode", "gtp", "--chinese-rules"]
        self.engine = None
        self.gnugo = None
        self.total = Stats()
        self.model_divergences = 0
        self.tests = 0
        self.failed = 0
        self.exit_problems = []

    def tap(self, ok, desc, diag=()):
        self.tests += 1
        if not ok:
            self.failed += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", self.tests, desc))
        for line in diag:
            print("#   " + line)
        sys.stdout.flush()

    def start(self):
        if self.engine is None:
            self.engine = Engine(self.engine_argv, "engine")
        if self.gnugo is None:
            self.gnugo = Engine(self.gnugo_argv, "gnugo")

    def stop(self, kill=False):
        """Stop both engines, noting an unclean exit of the engine under test."""
        for attr in ("engine", "gnugo"):
            e = getattr(self, attr)
            if e is None:
                continue
            if kill:
                e.kill()
                status = e.proc.returncode
            else:
                status = e.close()
            if attr == "engine" and not kill:  # a killed engine was reported already
                marks = e.sanitizer_report()
                if marks or status != 0:
                    self.exit_problems.append((status, marks, e.stderr_tail()))
            setattr(self, attr, None)

    def play_game(self, number, transcript=None):
        """Run one game; returns (stats, mismatch description or None, diag)."""
        rng = random.Random("%s:%d" % (self.args.seed, number))
        size = choose_size(rng)
        game = Game(rng, size)
        stats = Stats()
        engines = [self.engine, self.gnugo]
        setup = ["boardsize %d" % size, "clear_board"]
        mine, ref = exchange(engines, setup)
        if transcript is not None:
            transcript.append("# game %d, seed %s, size %d" % (number, self.args.seed, size))
            for cmd, r in zip(setup, ref):
                transcript.append(cmd)
                transcript.append("#? [%s]" % ("" if r[0] else "?.*"))
        for cmd, a, b in zip(setup, mine, ref):
            if a[0] != b[0]:
                return size, stats, "setup: %s: engine %s, gnugo %s" % (cmd, show(a), show(b))

        n_attempts = int(size * size * 2.5)
        attempt = 0
        while attempt < n_attempts:
            batch = []    # (attempt number, kind, command, prediction)
            for _ in range(min(CHUNK, n_attempts - attempt)):
                attempt += 1
                colour, p, vertex = game.pick()
                ctoken = game.colour_token(colour)
                if rng.random() < 0.25:
                    batch.append((attempt, "is_legal", "is_legal %s %s" % (ctoken, vertex), None))
                prediction = game.predict(colour, p)
                batch.append((attempt, "play", "play %s %s" % (ctoken, vertex), prediction))
                batch.append((attempt, "list", "list_stones black", game.board.listing(BLACK)))
                batch.append((attempt, "list", "list_stones white", game.board.listing(WHITE)))
            commands = [c for _, _, c, _ in batch]
            mine, ref = exchange(engines, commands)
            mismatch = None
            diverged = False
            for (num, kind, cmd, pred), a, b in zip(batch, mine, ref):
                if transcript is not None and mismatch is None:
                    transcript.append(cmd)
                    if kind == "list" and b[0]:
                        transcript += ["#? [%s]" % r for r in set_regexes(b[1].split())]
                    elif kind == "is_legal" and b[0]:
                        transcript.append("#? [%s]" % re.escape(b[1]))
                    else:
                        transcript.append("#? [%s]" % ("" if b[0] else "?.*"))
                if mismatch is None:
                    if kind == "list":
                        same = a[0] == b[0] and set(a[1].upper().split()) == set(b[1].upper().split())
                    elif kind == "is_legal":
                        same = a[0] == b[0] and (not a[0] or a[1] == b[1])
                    else:
                        same = a[0] == b[0]
                    if not same:
                        mismatch = "move %d: %s: engine %s, gnugo %s" % (num, cmd, show(a), show(b))
                        if kind == "play":
                            mismatch += " (rules model: %s%s)" % (
                                "accepted" if pred[0] else "rejected, " + pred[1],
                                "; repeats an earlier position: superko?" if pred[3] else "")
                # Statistics and model checks follow GNU Go.
                if kind == "play":
                    stats.attempts += 1
                    if b[0] != pred[0]:
                        diverged = True
                    elif b[0]:
                        stats.accepted += 1
                        stats.captures += bool(pred[2])
                        stats.passes += pred[1] == "pass"
                        stats.repeats += pred[3]
                    else:
                        stats.ko += pred[1] == "ko"
                        stats.suicide += pred[1] == "suicide"
                        stats.occupied += pred[1] == "occupied"
                elif kind == "is_legal":
                    stats.is_legal += 1
                elif kind == "list" and b[0] and set(b[1].upper().split()) != pred:
                    diverged = True
            if diverged:
                self.model_divergences += 1
                black = set(ref[-2][1].upper().split())
                white = set(ref[-1][1].upper().split())
                print("# game %d: rules model diverged from gnugo near move %d; resynced"
                      % (number, batch[-1][0]))
                game.board.reset_from(black, white)
                game.last_captured = []
                game.positions.add(tuple(game.board.stones))
            if mismatch:
                return size, stats, mismatch
        return size, stats, None

    def genmove_game(self, number):
        """Game K of the generated ones: the engine's level easy (random
        legal moves, set_random_seed K) plays both colours on a small board
        until two passes in a row; each generated move must be one GNU Go
        accepts, and the stones must agree after it. Returns (size, moves,
        mismatch or None)."""
        rng = random.Random("%s:genmove:%d" % (self.args.seed, number))
        size = rng.choice((3, 4, 5, 5, 6, 7))
        engines = [self.engine, self.gnugo]
        mine, ref = exchange(engines, ["boardsize %d" % size, "clear_board"])
        setup = exchange([self.engine], ["level easy", "set_random_seed %d" % number])[0]
        for a in mine + ref + setup:
            if not a[0]:
                return size, 0, "setup refused: %s" % show(a)
        passes, moves = 0, 0
        while passes < 2 and moves < 4 * size * size:
            colour = "bw"[moves % 2]
            reply = exchange([self.engine], ["genmove " + colour])[0][0]
            moves += 1
            if not reply[0]:
                return size, moves, "move %d: genmove %s: %s" % (moves, colour, show(reply))
            move = reply[1].strip().upper()
            passes = passes + 1 if move == "PASS" else 0
            commands = ["list_stones black", "list_stones white"]
            mine = exchange([self.engine], commands)[0]
            ref = exchange([self.gnugo], ["play %s %s" % (colour, move)] + commands)[0]
            if not ref[0][0]:
                return size, moves, "move %d: genmove %s gave %s, which gnugo refuses: %s" % (
                    moves, colour, move, show(ref[0]))
            for cmd, a, b in zip(commands, mine, ref[1:]):
                if set(a[1].upper().split()) != set(b[1].upper().split()):
                    return size, moves, "move %d (%s %s): %s: engine %s, gnugo %s" % (
                        moves, colour, move, cmd, show(a), show(b))
        if passes < 2:
            return size, moves, "no two passes in a row after %d moves" % moves
        return size, moves, None

    def run_genmove_games(self):
        for number in range(1, self.args.genmove_games + 1):
            try:
                self.start()
                size, moves, mismatch = self.genmove_game(number)
            except (EngineError, OSError) as e:
                self.stop(kill=True)
                self.tap(False, "generated game %d: %s" % (number, e))
                continue
            self.tap(mismatch is None, "generated game %d size %d: %s" % (
                number, size, mismatch or "%d moves of level easy, each legal for gnugo, "
                "the same stones, two passes to end" % moves))

    def run(self):
        args = self.args
        numbers = [args.game] if args.game else range(1, args.games + 1)
        started = time.monotonic()
        engine_failures = 0
        for number in numbers:
            transcript = [] if args.transcript else None
            try:
                self.start()
            except OSError as e:
                self.tap(False, "cannot start %s: %s" % (args.engine, e))
                self.stop(kill=True)
                break
            if engine_failures >= MAX_ENGINE_FAILURES:
                print("# stopping: the engines failed %d times" % engine_failures)
                self.tap(False, "games %d.. not played: too many engine failures" % number)
                break
            try:
                size, stats, mismatch = self.play_game(number, transcript)
            except (EngineError, OSError) as e:
                diag = [str(e)]
                if self.engine is not None:
                    self.engine.kill()   # dead already or hung: collect all of stderr
                    self.engine.err_thread.join(5)
                    marks = self.engine.sanitizer_report()
                    if marks:
                        diag.append("sanitizer report on stderr: %s" % ", ".join(marks))
                    tail = self.engine.stderr_tail()
                    if any(tail):
                        diag.append("engine stderr (tail):")
                        diag += tail
                self.stop(kill=True)
                self.tap(False, "game %d: %s" % (number, e), diag[1:])
                engine_failures += 1
                continue
            self.total.add(stats)
            desc = "game %d size %d: %d attempts, %d ko rejected, %d suicide rejected, " \
                   "%d captures" % (number, size, stats.attempts, stats.ko, stats.suicide,
                                    stats.captures)
            if mismatch:
                self.tap(False, "game %d size %d: %s" % (number, size, mismatch),
                         ["reproduce: %s %s --seed %s --game %d --transcript /tmp/game%d.tst"
                          % (sys.argv[0], shlex.quote(args.engine), shlex.quote(str(args.seed)),
                             number, number)])
            else:
                self.tap(True, desc)
            if args.verbose:
                print("# %.1f s" % (time.monotonic() - started))
            if transcript is not None:
                with open(args.transcript, "w") as f:
                    f.write("\n".join(transcript) + "\n")
                print("# wrote %s" % args.transcript)
        if not args.game:
            self.run_genmove_games()
        self.stop()

        t = self.total
        if not args.game:
            ok = t.ko > 0 and t.suicide > 0
            self.tap(ok, "ko recaptures and suicides exercised: %d ko, %d suicide rejections"
                     % (t.ko, t.suicide))
        diag = []
        for status, marks, tail in self.exit_problems:
            diag.append("exit status %s%s" % (status, ", sanitizer: " + ", ".join(marks)
                                               if marks else ""))
            diag += tail
        self.tap(not self.exit_problems, "engine exited cleanly (status 0, no sanitizer report)",
                 diag[:60])
        print("# totals: %d attempts, %d accepted, %d captures, %d ko rejected, "
              "%d suicide rejected, %d occupied rejected, %d passes, %d is_legal, "
              "%d accepted moves repeating a position; %d model resyncs; %.1f s"
              % (t.attempts, t.accepted, t.captures, t.ko, t.suicide, t.occupied, t.passes,
                 t.is_legal, t.repeats, self.model_divergences, time.monotonic() - started))
        print("1..%d" % self.tests)
        return 1 if self.failed else 0


def find_gnugo():
    path = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
    return shutil.which("gnugo", path=path)


def main():
    ap = argparse.ArgumentParser(description="Differential Go rules test against GNU Go.")
    ap.add_argument("engine", help="engine command line (shell-split)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--genmove-games", type=int, default=20,
                    help="games the engine's genmove (level easy) plays, checked by gnugo")
    ap.add_argument("--game", type=int, help="run only game K of the run")
    ap.add_argument("--gnugo", default=None, help="path to gnugo (default: PATH, /usr/games)")
    ap.add_argument("--transcript", help="with --game: write the game as a .tst file")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if args.transcript and not args.game:
        ap.error("--transcript needs --game")
    args.gnugo = args.gnugo or find_gnugo()
    if not args.gnugo:
        print("not ok 1 - gnugo not found (install gnugo, or run scripts/bootstrap --test)")
        print("1..1")
        return 1
    if not shlex.split(args.engine):
        ap.error("empty ENGINE")
    return Runner(args).run()


if __name__ == "__main__":
    sys.exit(main())
