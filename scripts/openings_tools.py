"""scripts/openings_tools.py: what the games' opening recipes
(src/games/NAME/openings.py, run by scripts/make-openings) share: quintet
sessions over GTP and UAI, and self-play pairs through quintet-match."""
import re
import subprocess


class Gtp:
    """A quintet GTP session on stdin/stdout."""

    def __init__(self, quintet, *args):
        self.p = subprocess.Popen([quintet, *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            got = self.p.stdout.readline()
            if got == "":
                raise RuntimeError("quintet ended on: " + line)
            if got.strip() == "" and lines:
                break
            if got.strip() or lines:
                lines.append(got.rstrip("\n"))
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"{line}: {text}")
        return text[1:].strip()

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Uai:
    """A quintet UAI session: positions scored by `go depth D`."""

    def __init__(self, quintet, rules):
        self.p = subprocess.Popen([quintet, "--protocol", "uai"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.say("uai")
        self.wait("uaiok")
        self.say(f"setoption name Rules value {rules}")

    def say(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        out = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("quintet ended")
            out.append(line.strip())
            if line.split()[:1] == [word]:
                return out

    def score(self, fen, moves, depth):
        """Centipawns for the side to move after moves, or None (game over)."""
        self.say(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.say(f"go depth {depth}")
        cp = None
        for line in self.wait("bestmove"):
            m = re.search(r"score cp (-?\d+)", line)
            if m:
                cp = int(m.group(1))
        return cp

    def close(self):
        self.say("quit")
        self.p.wait()


def match_pairs(build, game, level, seeds):
    """Play each seed's pair with quintet-match; yields (seed, [game, game]),
    each game the fields of its results-file line (result [9], detail [10])."""
    book = f"/tmp/make-openings-{game}.txt"
    results = f"/tmp/make-openings-{game}.results"
    with open(book, "w") as f:
        f.write("".join(f"seed {s}\n" for s in seeds))
    subprocess.run(["rm", "-f", results], check=True)
    engine = f"{build}/quintet --level {level}"
    subprocess.run([f"{build}/quintet-match", "--game", game, "--black", engine,
                    "--white", engine, "--openings", book, "--games", str(2 * len(seeds)),
                    "--seed", "1", "--quiet", "--concurrency", "2", "--results", results],
                   stdout=subprocess.DEVNULL, check=True)
    games = {}
    with open(results) as f:
        for line in f:
            if line.startswith("game "):
                fields = line[5:].rstrip("\n").split("\t")
                games[int(fields[0])] = fields
    for i, s in enumerate(seeds):
        yield s, [games[2 * i + 1], games[2 * i + 2]]


def margin_of(result):
    m = re.match(r"^([BW])\+(\d+)", result)
    if not m:
        return 0
    return int(m.group(2)) * (1 if m.group(1) == "B" else -1)
