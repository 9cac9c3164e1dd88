"""src/games/ataxx/openings.py: how scripts/make-openings chooses ataxx's
openings (src/games/ataxx/openings.txt, whose header says it again):
every 2-ply opening of the tournament start (7x7, corners 2, standard rules)
and of quintet's default start (7x7, rows 2, yinyang), and 4-ply ones grown
from them, kept when quintet's alpha-beta search (UAI `go depth D`) scores
the position within a small margin of even.

make(build) prints the file; BUILDDIR's quintet (and quintet-match) do
the judging."""
import random

from openings_tools import Gtp, Uai


def ataxx_moves(gtp, start_cmds, moves):
    """The legal moves after moves, from quintet's list_moves."""
    gtp.cmd("game ataxx")
    for c in start_cmds:
        gtp.cmd(c)
    color = "b"
    for m in moves:
        gtp.cmd(f"play {color} {m}")
        color = "w" if color == "b" else "b"
    return gtp.cmd("list_moves").split()


def make(build):
    quintet = f"{build}/quintet"
    depth, margin = 6, 50
    starts = [
        ("ataxx/7/standard/corners2", "x5o/7/7/7/7/7/o5x x 0 1",
         ["boardsize 7", "layout corners 2", "rules standard"], "standard"),
        ("ataxx/7/yinyang/rows2", "ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1",
         ["boardsize 7", "layout rows 2", "rules yinyang"], "yinyang"),
    ]
    print("# Ataxx openings for quintet-match --openings: moves as quintet writes")
    print("# them (g2 clones, a1c3 jumps), in sections for two starts: the tournament")
    print("# start (--rules standard --option 'layout=corners 2', UAI's startpos) and")
    print("# quintet's default (yinyang, rows 2).")
    print(f"# Chosen by quintet's alpha-beta search at depth {depth} (UAI go depth {depth}):")
    print(f"# every 2-ply opening scored within {margin} centipawns of even for the side")
    print("# to move (the 100 most even where more pass), then 60 4-ply ones grown")
    print("# from them at random (seed 1), kept by the same test. The score after each")
    print("# line's #: centipawns for the side to move.")
    gtp = Gtp(quintet)
    rnd = random.Random(1)
    for key, fen, cmds, rules in starts:
        uai = Uai(quintet, rules)
        print(f"\n[{key}]")
        two = []
        for a in ataxx_moves(gtp, cmds, []):
            for b in ataxx_moves(gtp, cmds, [a]):
                cp = uai.score(fen, [a, b], depth)
                if cp is not None and abs(cp) <= margin:
                    two.append(([a, b], cp))
        # The most even first, at most 100 (the yinyang start has thousands).
        two = sorted(two, key=lambda t: (abs(t[1]), t[0]))[:100]
        for moves, cp in two:
            print(f"{' '.join(moves):<12} # {cp:+d}")
        four, tries = set(), 0
        while len(four) < 60 and tries < 2000:
            tries += 1
            moves = list(rnd.choice(two)[0])
            for _ in range(2):
                legal = ataxx_moves(gtp, cmds, moves)
                if not legal:
                    break
                moves.append(rnd.choice(legal))
            if len(moves) < 4 or tuple(moves) in four:
                continue
            cp = uai.score(fen, moves, depth)
            if cp is not None and abs(cp) <= margin:
                four.add(tuple(moves))
                print(f"{' '.join(moves):<22} # {cp:+d}")
        uai.close()
    gtp.close()
