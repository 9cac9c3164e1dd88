#!/usr/bin/env python3
"""The include layers HACKING.md declares, checked against src/.

HACKING.md's ```layers block lists the layers lowest first, a line each:
a name, then the paths that belong to it (a folder ends with '/'; any
other path is a prefix of file names, "src/gtp." holding gtp.c and gtp.h).
A file belongs to the layer of the longest path that matches it. A file
may include headers of its own layer and of the layers below; a layer
whose name ends in '*' is a row of rooms, one per folder under its path,
and a room may not include another room's headers (no game reaches into
another game). Run by tests/run-all with BUILDDIR/quintet as its argument,
which it does not need; prints TAP: one test per layer, one for "every
file of src/ is in a layer", one for "every path of the table exists",
and one for "every file of src/ is on HACKING.md's map" (named in
backticks, or its module: the .c of a .h, the .h of a .c).
"""
import os
import re
import sys

from qdaemon import report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
ALWAYS = {"config.h"}  # autoconf's, below every layer


def read_layers(hacking):
    block = re.search(r"^```layers\n(.*?)^```", hacking, re.M | re.S)
    if not block:
        raise SystemExit("Bail out! HACKING.md has no ```layers block")
    layers = []
    for line in block.group(1).splitlines():
        words = line.split("#", 1)[0].split()
        if words:
            layers.append((words[0].rstrip("*"), words[0].endswith("*"), words[1:]))
    return layers


def source_files():
    out = []
    for top, dirs, files in os.walk(os.path.join(ROOT, "src")):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(top, name), ROOT))
    return out


def place(path, layers):
    """(layer index, room) of a path, or None: the longest matching path."""
    best = None  # (length of the matching path, layer index, room)
    for index, (_, rooms, prefixes) in enumerate(layers):
        for prefix in prefixes:
            if path.startswith(prefix) and (best is None or len(prefix) > best[0]):
                rest = path[len(prefix):]
                room = rest.split("/")[0] if rooms and "/" in rest else ""
                best = (len(prefix), index, room)
    return best and best[1:]


def on_map(hacking, path):
    """Whether HACKING.md's map names path, or its module (.c for a .h)."""
    return any(f"`{path[:-2]}{ext}`" in hacking for ext in (".c", ".h"))


def resolve(including, name):
    """The file an include names: beside the includer, else under src/."""
    beside = os.path.normpath(os.path.join(os.path.dirname(including), name))
    if os.path.exists(os.path.join(ROOT, beside)):
        return beside
    return os.path.normpath(os.path.join("src", name))


def violations(path, layers):
    here = place(path, layers)
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        names = INCLUDE.findall(f.read())
    for name in names:
        if name in ALWAYS:
            continue
        target = resolve(path, name)
        there = place(target, layers)
        if there is None:
            yield f"{path} includes {name}, which is in no layer"
        elif there[0] > here[0]:
            yield f"{path} ({layers[here[0]][0]}) includes {name} ({layers[there[0]][0]}): up a layer"
        elif there[0] == here[0] and here[1] != there[1]:
            yield f"{path} includes {name}: another room of {layers[here[0]][0]}"


def main():
    with open(os.path.join(ROOT, "HACKING.md"), encoding="utf-8") as f:
        hacking = f.read()
    layers = read_layers(hacking)
    files = source_files()
    tests = []
    unplaced = [p for p in files if place(p, layers) is None]
    tests.append(("every file of src/ is in a layer", unplaced))
    missing = [p for _, _, prefixes in layers for p in prefixes
               if not any(f.startswith(p) for f in files)]
    tests.append(("every path of the layer table names files", missing))
    unmapped = [p for p in files if not on_map(hacking, p)]
    tests.append(("every file of src/ is on HACKING.md's map (its own line or its module's)",
                  unmapped))
    for index, (name, _, _) in enumerate(layers):
        members = [p for p in files if (place(p, layers) or (None,))[0] == index]
        bad = [v for p in members for v in violations(p, layers)]
        tests.append((f"layer {name}: {len(members)} files include nothing above it", bad))
    return report([(not problems, title, "\n".join(problems)) for title, problems in tests])


if __name__ == "__main__":
    sys.exit(main())
