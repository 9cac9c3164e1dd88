"""src/games/gomoku/openings.py: how scripts/make-openings chooses gomoku's
openings (src/games/gomoku/openings.txt, whose header says it again):
15x15: 3-stone openings around the centre (black H8, white touching it,
black within two points of H8), up to symmetry, kept when self-play of a
randomised depth-3 search (weights, randomness 0.3, 12 games each) gives
black 4 to 8 wins; 20x20: the same shapes around the 20x20 centre, not
judged again.

make(build) prints the file; BUILDDIR's quintet (and quintet-match) do
the judging."""
import subprocess

GOMOKU_JUDGE = ("games:\n  gomoku:\n    default_level: judge\n    levels:\n"
                "      judge: {algorithm: weights, depth: 3, randomness: 0.3}\n")


def gomoku_shapes():
    """3-stone openings as (dx, dy) offsets from the centre, black at (0, 0),
    white touching it, black's second within two points; one per class of
    the board's 8 symmetries (the smallest image)."""
    def image(point, a, b, swap):
        x, y = (point[1], point[0]) if swap else point
        return (a * x, b * y)

    syms = [(a, b, t) for a in (1, -1) for b in (1, -1) for t in (False, True)]
    seen, shapes = set(), []
    for wx, wy in [(1, 0), (1, 1)]:
        for bx in range(-2, 3):
            for by in range(-2, 3):
                if (bx, by) in ((0, 0), (wx, wy)):
                    continue
                shape = ((0, 0), (wx, wy), (bx, by))
                key = min(tuple(image(p, *m) for p in shape) for m in syms)
                if key not in seen:
                    seen.add(key)
                    shapes.append(shape)
    return shapes


def gomoku_vertex(size, x, y):
    """The vertex of 0-based column x and row y from the top."""
    return "ABCDEFGHJKLMNOPQRSTUVWXYZ"[x] + str(size - y)


def gomoku_line(size, shape):
    c = size // 2
    return " ".join(gomoku_vertex(size, c + dx, c - dy) for dx, dy in shape)


def make(build):
    games, low, high = 12, 4, 8
    shapes = gomoku_shapes()
    book = "/tmp/make-openings-gomoku.txt"
    results = "/tmp/make-openings-gomoku.results"
    config = "/tmp/make-openings-gomoku.yaml"
    with open(config, "w") as f:
        f.write(GOMOKU_JUDGE)
    with open(book, "w") as f:
        f.write("".join(gomoku_line(15, s) + "\n" for s in shapes))
    subprocess.run(["rm", "-f", results], check=True)
    engine = f"{build}/quintet --config {config}"
    subprocess.run([f"{build}/quintet-match", "--game", "gomoku", "--black", engine,
                    "--white", engine, "--openings", book, "--games", str(games * len(shapes)),
                    "--seed", "1", "--quiet", "--concurrency", "2", "--results", results],
                   stdout=subprocess.DEVNULL, check=True)
    wins = [0] * len(shapes)
    with open(results) as f:
        for line in f:
            if line.startswith("game "):
                fields = line[5:].rstrip("\n").split("\t")
                wins[int(fields[3])] += fields[4] == "b"
    kept = [i for i in range(len(shapes)) if low <= wins[i] <= high]
    print("# Gomoku openings for quintet-match --openings: three stones (black,")
    print("# white, black) played alternately from the empty board.")
    print(f"# [gomoku/15]: black on H8, white touching it, black's second stone within")
    print(f"# two points of H8: the {len(shapes)} such openings up to symmetry, each played")
    print(f"# {games} times by quintet against itself (Gomoku's weights search at depth 3")
    print("# with randomness 0.3, freestyle, seed 1), kept when black won between")
    print(f"# {low} and {high} of them. A weak judge (black's edge in Gomoku is large and")
    print("# the search shallow): these are starts no worse for one side than the")
    print("# others by that judge. The numbers after # are black's wins. Judged under")
    print("# freestyle, used for every rule on 15x15.")
    print("\n[gomoku/15]")
    for i in kept:
        print(f"{gomoku_line(15, shapes[i]):<12} # black won {wins[i]} of {games}")
    print("\n# [gomoku/20]: the same openings around the 20x20 centre, not judged again.")
    print("[gomoku/20]")
    for i in kept:
        print(gomoku_line(20, shapes[i]))
