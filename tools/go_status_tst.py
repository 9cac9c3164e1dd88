#!/usr/bin/env python3
"""protocol/go_status.tst, regenerated: finished games of GNU Go against
itself, with GNU Go's own final_status_list and final_score answers as the
transcript's expected replies.

  go_status_tst.py games SIZE COUNT LEVEL > FILE.jsonl
      GNU Go (--level LEVEL --chinese-rules, --seed 1..COUNT, komi 7)
      plays both colours to two passes (or a resignation); one JSON line
      per game with its moves.
  go_status_tst.py transcript [--seki] BUILDDIR/quintet OUT FILE.jsonl...
      writes OUT: the header, each game of the files, and (--seki) a seki;
      prints on stderr, for each, whether quintet's dead, seki and alive
      lists and score agree with GNU Go's.

The repository's transcripts, each well within the runner's 60 s under
the sanitizers: protocol/go_status.tst, `--seki` over the first 8 games of
`games 9 16 1`; go_status2.tst over its last 8; go_status3.tst over
`games 9 10 5`; go_status4.tst over `games 13 6 3` and `games 19 4 1`."""
import json
import re
import subprocess
import sys

GNUGO = "/usr/games/gnugo"
HEADER = """# final_status_list and final_score at the end of finished games, against
# GNU Go 3.8's own answers (--chinese-rules), which are the expected
# replies here: GNU Go's games against itself played to two passes
# (go_status.tst and go_status2.tst: 16 at level 1 on 9x9, and a seki;
# go_status3.tst: 10 at level 5 on 9x9; go_status4.tst: 6 at level 3 on
# 13x13, 4 at level 1 on 19x19), generated once by tools/go_status_tst.py,
# the moves kept below. final_status_list lists a string per line, stones in list order,
# as GNU Go does; final_score removes the dead stones (chinese rules, the
# default). Each game: boardsize, clear_board, komi 7, its moves.
"""
QUERIES = ["final_status_list dead", "final_status_list seki", "final_status_list alive",
           "final_score"]
SEKI = ("A seki in the corner (7x7): white A4-D1 and black A3-C1 share C3 and C2, no eyes",
        ["play b A5", "play b B5", "play b C5", "play b D5", "play b E5", "play w A4",
         "play w B4", "play w C4", "play w D4", "play b E4", "play b A3", "play b B3",
         "play w D3", "play b E3", "play b A2", "play b B2", "play w D2", "play b E2",
         "play b A1", "play b B1", "play b C1", "play w D1", "play b E1"])


def self_play(size, seed, level):
    p = subprocess.Popen([GNUGO, "--mode", "gtp", "--level", level, "--seed", str(seed),
                          "--chinese-rules"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)

    def ask(cmd):
        p.stdin.write(cmd + "\n")
        p.stdin.flush()
        lines = []
        while True:
            line = p.stdout.readline()
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        assert lines[0].startswith("="), (cmd, lines)
        return "\n".join(lines)[1:].strip()

    for cmd in (f"boardsize {size}", "clear_board", "komi 7"):
        ask(cmd)
    moves, passes, color = [], 0, "b"
    while passes < 2 and len(moves) < 3 * size * size:
        move = ask(f"genmove {color}")
        if move.lower() == "resign":
            break
        moves.append((color, move))
        passes = passes + 1 if move.lower() == "pass" else 0
        color = "w" if color == "b" else "b"
    p.stdin.write("quit\n")
    p.stdin.close()
    p.wait()
    return moves


def replies(engine, cmds):
    out = subprocess.run(engine, input="\n".join(cmds) + "\n", capture_output=True,
                         text=True).stdout
    return [r[1:].strip() for r in out.split("\n\n") if r.strip()]


def pattern(text):
    """A transcript regex matching text exactly (lines joined by \\n)."""
    return "\\n".join(re.escape(line).replace("\\ ", " ") for line in text.split("\n"))


def case(out, quintet, n, title, size, komi, plays):
    setup = [f"boardsize {size}", "clear_board", f"komi {komi}"] + plays
    gnugo = replies([GNUGO, "--mode", "gtp", "--chinese-rules"], setup + QUERIES)[-4:]
    ours = replies([quintet], setup + QUERIES)[-4:]
    score = re.sub(r"\.0$", "", gnugo[3])
    agree = [gnugo[0] == ours[0], gnugo[1] == ours[1],
             set(gnugo[2].split()) == set(ours[2].split()), score == ours[3]]
    print(title, "dead, seki, alive, score agree:", agree, file=sys.stderr)
    out.write(f"#\n# {title}\n" + "".join(c + "\n" for c in setup))
    for text, query in ((gnugo[0], QUERIES[0]), (gnugo[1], QUERIES[1]), (score, QUERIES[3])):
        n += 1
        out.write(f"{n} {query}\n#? [{pattern(text)}]\n")
    return n


def transcript(quintet, target, paths, seki):
    n = 0
    with open(target, "w") as out:
        out.write(HEADER)
        for path in paths:
            for line in open(path):
                g = json.loads(line)
                title = (f"GNU Go level {g['level']} against itself, {g['size']}x{g['size']}, "
                         f"seed {g['seed']}: {len(g['moves'])} moves")
                n = case(out, quintet, n, title, g["size"], 7,
                         [f"play {c} {m}" for c, m in g["moves"]])
        if seki:
            case(out, quintet, n, SEKI[0], 7, 0, SEKI[1])


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "games":
        size, count, level = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        for seed in range(1, count + 1):
            moves = self_play(size, seed, level)
            print(json.dumps({"size": size, "seed": seed, "level": level, "moves": moves}),
                  flush=True)
    elif len(sys.argv) >= 5 and sys.argv[1] == "transcript":
        seki = sys.argv[2] == "--seki"
        args = sys.argv[3:] if seki else sys.argv[2:]
        if len(args) < 3:
            sys.exit(__doc__)
        transcript(args[0], args[1], args[2:], seki)
    else:
        sys.exit(__doc__)
