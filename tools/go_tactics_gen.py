#!/usr/bin/env python3
"""Go tactics problems for bench/go_tactics.py (doc/go-tactics.md), read out
of finished games by GNU Go 3.8 at level 10, Pachi the second opinion.

Reads game records, one a line ("SIZE MOVE MOVE ... ; RESULT", plain or
.xz), and writes one problem a line:

    KIND GOAL SIZE KOMI COLOR TARGET ; MOVE MOVE ... ; ANSWER ANSWER ...

KIND is capture, ladder or life; GOAL is attack (take the opponent's
stones) or defend (save one's own); COLOR is the side to move after the
MOVEs (played from black's first); TARGET is a stone of the string or
dragon at stake; the ANSWERs are every move that reaches the goal by GNU
Go's reading. The choice is in choose_problem's comment and the document.

Usage: go_tactics_gen.py RECORDS > bench/go_tactics.txt
       (GNUGO and PACHI_DIR in the environment override where the engines
       are; progress goes to stderr)"""
import lzma
import os
import subprocess
import sys

GNUGO = os.environ.get("GNUGO", "/usr/games/gnugo")
PACHI_DIR = os.environ.get("PACHI_DIR", "/work/peers/pachi")
PACHI_PLAYOUTS = 20000
KOMI = 7.5              # the records' games were played at 7.5, Chinese rules
FIRST_MOVE = 30         # the opening has no tactics worth a problem
STEP = 7                # a position every STEP moves (odd: both sides move)
MIN_STRING = 2          # stones in a string worth a capture problem, or one
                        # cutting stone (GNU Go's worm_cutstone)
MIN_DRAGON = 4          # stones in a dragon worth a life-and-death problem
MAX_LIBERTIES = 3       # a string with more is not read tactically
REACH = 2               # candidate answers: empty points this near the target
MAX_ANSWERS = 6         # more moves reaching the goal make no problem
COLUMNS = "ABCDEFGHJKLMNOPQRST"


class Gtp:
    """A GTP engine in a child process, asked one command at a time."""

    def __init__(self, argv, cwd=None):
        self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, command):
        """Returns the reply's text after "= "; an error reply raises."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine died on {command!r}")
            if line == "\n" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        reply = "\n".join(lines)
        if not reply.startswith("="):
            raise RuntimeError(f"{command!r}: {reply}")
        return reply[1:].strip()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def read_records(path):
    """Yields (size, moves) of each game line."""
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            words = line.split(";")[0].split()
            if words:
                yield int(words[0]), words[1:]


def colour_to_move(index):
    """Black plays the records' first move (no handicap)."""
    return "b" if index % 2 == 0 else "w"


def to_point(vertex):
    return COLUMNS.index(vertex[0].upper()), int(vertex[1:]) - 1


def to_vertex(point):
    return f"{COLUMNS[point[0]]}{point[1] + 1}"


def neighbours(point, size):
    x, y = point
    for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= nx < size and 0 <= ny < size:
            yield nx, ny


def read_board(gtp):
    """The engine's stones as {point: colour}."""
    board = {}
    for colour, name in (("b", "black"), ("w", "white")):
        for vertex in gtp.ask(f"list_stones {name}").split():
            board[to_point(vertex)] = colour
    return board


def strings(board, size):
    """Every string as (colour, sorted stones, liberties)."""
    seen, found = set(), []
    for start in sorted(board):
        if start in seen:
            continue
        colour, stones, liberties, todo = board[start], set(), set(), [start]
        while todo:
            point = todo.pop()
            if point in stones:
                continue
            stones.add(point)
            for n in neighbours(point, size):
                if n not in board:
                    liberties.add(n)
                elif board[n] == colour:
                    todo.append(n)
        seen |= stones
        found.append((colour, sorted(stones), liberties))
    return found


def dragons(gtp, board):
    """Every dragon as (colour, sorted stones), by GNU Go's dragon_stones."""
    found = []
    for line in gtp.ask("dragon_stones").splitlines():
        stones = sorted(to_point(v) for v in line.split())
        if stones:
            found.append((board[stones[0]], stones))
    return found


def wins(reply):
    """A reading reply "1 MOVE" wins outright; 2 and 3 are ko, 0 fails."""
    words = reply.split()
    return bool(words) and words[0] == "1"


def reaches(reply, command):
    """Whether a does_* or owl_does_* reply says the move reaches the goal
    outright. does_defend is the odd one: it answers true or false, not a
    code (its true, 1, is printed as KO_B's 3), and true means the string
    cannot be attacked at all after the move, ko or not."""
    if command == "does_defend":
        return reply != "0"
    return wins(reply)


def critical(gtp, vertex, attack, defend):
    """True when the attacker moving first kills the target and its owner
    moving first saves it, both outright (no ko), by the given commands.
    A defence of PASS means the target was never in danger."""
    if not wins(gtp.ask(f"{attack} {vertex}")):
        return False
    reply = gtp.ask(f"{defend} {vertex}").split()
    return reply[:1] == ["1"] and reply[1:] != ["PASS"]


def nearby_points(board, stones, size):
    """Empty points within REACH (Manhattan) of the stones, and the
    liberties of adjacent enemy strings in atari or with two liberties (a
    defence by capture can be farther away)."""
    points = set()
    for x, y in stones:
        for dx in range(-REACH, REACH + 1):
            for dy in range(-REACH + abs(dx), REACH - abs(dx) + 1):
                p = (x + dx, y + dy)
                if 0 <= p[0] < size and 0 <= p[1] < size and p not in board:
                    points.add(p)
    stone_set = set(stones)
    for colour, others, liberties in strings(board, size):
        if colour != board[stones[0]] and len(liberties) <= 2 and any(
                n in stone_set for s in others for n in neighbours(s, size)):
            points |= liberties
    return sorted(points)


def answers(gtp, board, target, colour, expected):
    """Every legal move of colour near the target reaching the target's
    goal outright by GNU Go's reading, in board order; none when the
    expected move is no candidate or there are more than MAX_ANSWERS (the
    reading stops early then: owl reading is slow)."""
    kind, stones, size = target["kind"], target["stones"], target["size"]
    goal = "attack" if board[stones[0]] != colour else "defend"
    command = ("owl_does_" if kind == "life" else "does_") + goal
    vertex = to_vertex(stones[0])
    candidates = [to_vertex(p) for p in nearby_points(board, stones, size)]
    if expected not in candidates:
        return goal, []
    found = []
    for move in candidates:
        if gtp.ask(f"is_legal {colour} {move}") != "1":
            continue
        if reaches(gtp.ask(f"{command} {move} {vertex}"), command):
            found.append(move)
            if len(found) > MAX_ANSWERS:
                return goal, []
    return goal, found


def tactical_targets(gtp, board, size):
    """Strings of MIN_STRING stones or more, or cutting stones, with
    MAX_LIBERTIES or fewer, that are tactically critical; a two-liberty one
    GNU Go's ladder reader (ladder_attack) takes is a ladder."""
    found = []
    for colour, stones, liberties in strings(board, size):
        if len(liberties) > MAX_LIBERTIES:
            continue
        vertex = to_vertex(stones[0])
        if len(stones) < MIN_STRING and gtp.ask(f"worm_cutstone {vertex}") == "0":
            continue
        if not critical(gtp, vertex, "attack", "defend"):
            continue
        kind = "capture"
        if len(liberties) == 2 and wins(gtp.ask(f"ladder_attack {vertex}")):
            kind = "ladder"
        found.append({"kind": kind, "stones": stones, "size": size})
    return found


def owl_targets(gtp, board, tactical, size):
    """Dragons of MIN_DRAGON stones or more that GNU Go's owl reading finds
    critical (dragon_status, read once a position: owl_attack and
    owl_defend both win outright) and that hold no tactically critical
    string: their fate is life and death, not the capture of one string."""
    taken = {p for t in tactical for p in t["stones"]}
    status = {}
    for line in gtp.ask("dragon_status").splitlines():
        vertex, words = line.split(":")
        status[to_point(vertex)] = words.split()[0]
    found = []
    for colour, stones in dragons(gtp, board):
        if len(stones) < MIN_DRAGON or taken.intersection(stones):
            continue
        if not any(status.get(p) == "critical" for p in stones):
            continue
        if critical(gtp, to_vertex(stones[0]), "owl_attack", "owl_defend"):
            found.append({"kind": "life", "stones": stones, "size": size})
    return found


def owl_agrees(gtp, target):
    """A capture or ladder is disputed when the owl reading says the string's
    dragon dies even if its owner moves first: saving the string then saves
    nothing and taking it is not urgent."""
    if target["kind"] == "life":
        return True
    return wins(gtp.ask(f"owl_defend {to_vertex(target['stones'][0])}"))


class Checker:
    """Pachi, started on the first dispute, answers a position's genmove."""

    def __init__(self):
        self.pachi = None

    def genmove(self, size, moves, colour):
        if self.pachi is None:
            self.pachi = Gtp(["./pachi", "--nodcnn", "--nojoseki", "-s", "1",
                              "threads=1", "-t", f"={PACHI_PLAYOUTS}", "-d", "0"],
                             cwd=PACHI_DIR)
        self.pachi.ask(f"boardsize {size}")
        self.pachi.ask("clear_board")
        self.pachi.ask(f"komi {KOMI}")
        for index, move in enumerate(moves):
            self.pachi.ask(f"play {colour_to_move(index)} {move}")
        return self.pachi.ask(f"genmove {colour}").upper()

    def close(self):
        if self.pachi:
            self.pachi.close()


PRIORITY = {"ladder": 0, "life": 1, "capture": 2}


def choose_problem(gtp, checker, board, position, used, counts):
    """The position's problem, or None. Its targets are ordered ladder, life,
    capture (the rarer kinds first), larger first; a target whose stones were
    a target before in this game is passed over (a string stays critical for
    many moves). The first target kept wins. The game's next move (GNU Go's
    own choice when the game was played) must be among its answers, which
    spares the costly reg_genmove where the game went elsewhere; then it is
    kept when reg_genmove is also an answer and the owl reading agrees, or
    else when Pachi's genmove at PACHI_PLAYOUTS playouts is an answer."""
    size, moves, index = position
    colour = colour_to_move(index)
    tactical = tactical_targets(gtp, board, size)
    targets = tactical + owl_targets(gtp, board, tactical, size)
    targets = [t for t in targets if not used.intersection(t["stones"])]
    targets.sort(key=lambda t: (PRIORITY[t["kind"]], -len(t["stones"]), t["stones"]))
    genmove = None
    for target in targets:
        goal, accepted = answers(gtp, board, target, colour, moves[index])
        if moves[index] not in accepted:
            continue
        genmove = genmove or gtp.ask(f"reg_genmove {colour}").upper()
        if genmove in accepted and owl_agrees(gtp, target):
            counts["gnugo"] += 1
        else:
            counts["pachi"] += 1
            if checker.genmove(size, moves[:index], colour) not in accepted:
                counts["dropped"] += 1
                continue
        used.update(target["stones"])
        return (f"{target['kind']} {goal} {size} {KOMI:g} {colour} "
                f"{to_vertex(target['stones'][0])} ; {' '.join(moves[:index])} ; "
                f"{' '.join(accepted)}")
    return None


def game_problems(gtp, checker, size, moves, counts):
    """The problems of one game, its positions walked in order."""
    gtp.ask(f"boardsize {size}")
    gtp.ask("clear_board")
    gtp.ask(f"komi {KOMI}")
    used, found = set(), []
    for index, move in enumerate(moves):
        if index >= FIRST_MOVE and index % STEP == 0:
            board = read_board(gtp)
            problem = choose_problem(gtp, checker, board, (size, moves, index), used, counts)
            if problem:
                found.append(problem)
        gtp.ask(f"play {colour_to_move(index)} {move}")
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    gtp = Gtp([GNUGO, "--mode", "gtp", "--level", "10", "--chinese-rules"])
    checker = Checker()
    counts = {"gnugo": 0, "pachi": 0, "dropped": 0}
    problems = []
    for number, (size, moves) in enumerate(read_records(sys.argv[1]), 1):
        problems += game_problems(gtp, checker, size, moves, counts)
        print(f"game {number}: {len(problems)} problems so far, {counts}",
              file=sys.stderr)
    gtp.close()
    checker.close()
    print("# Go tactics problems (doc/go-tactics.md): "
          "KIND GOAL SIZE KOMI COLOR TARGET ; MOVES ; ANSWERS")
    print("# python3 tools/go_tactics_gen.py tools/data/go-gnugo19.txt.xz > bench/go_tactics.txt")
    for problem in sorted(problems):
        print(problem)


if __name__ == "__main__":
    main()
