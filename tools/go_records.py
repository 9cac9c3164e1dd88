#!/usr/bin/env python3
"""Go game records for tools/go_patterns (doc/go-patterns.md): each of
quintet-match's game-NNNN.gtp files given (a game of Go without handicap)
becomes one line, "SIZE MOVE MOVE ... ; RESULT" (1 black won, 0 white won,
0.5 otherwise), the moves in order from black's first.

Usage: go_records.py GAME.gtp... > records.txt"""
import sys


def record(path):
    size, moves, result = None, [], 0.5
    colour = "b"
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if line.startswith("# result:") and len(words) > 2:
                result = 1 if words[2].startswith("B+") else 0 if words[2].startswith("W+") else 0.5
            elif words[:1] == ["boardsize"]:
                size = int(words[1])
            elif words[:1] == ["play"]:
                if words[1].lower()[0] != colour:
                    raise ValueError(f"{path}: moves out of turn")
                moves.append(words[2].upper() if words[2].lower() != "pass" else "pass")
                colour = "w" if colour == "b" else "b"
    if size is None or not moves:
        raise ValueError(f"{path}: no board size or no moves")
    return f"{size} {' '.join(moves)} ; {result:g}"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        print(record(path))


if __name__ == "__main__":
    main()
