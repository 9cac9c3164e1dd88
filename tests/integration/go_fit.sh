#!/usr/bin/env bash
# Go's table of small boards (src/games/go/go_gammas_small.h,
# doc/go-patterns.md) is what go_patterns writes from the recorded games:
# its top comment names its command ("go_patterns fit ARGS (N games, M
# positions)", run from the repository's top with the data in
# tools/data/); it is run again with BUILDDIR's tools/go_patterns and its
# output must equal the file, byte for byte, as tables.sh checks the other
# learned tables. A test of its own: the fit reads the 19x19 games and the
# 9x9 ones (about 45 s of CPU in the sanitizer build), which would push
# tables.sh near its bound on a loaded machine.
# Usage: go_fit.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..3"

table=src/games/go/go_gammas_small.h
args=$(sed -n 's/^ \* go_patterns fit \(.*\) ([0-9]* games, [0-9]* positions)$/\1/p' "$root/$table")
case "$args" in
*--boards\ small*) echo "ok 1 - $table names its command: go_patterns fit $args" ;;
*) echo "not ok 1 - no 'go_patterns fit ... --boards small ... (N games, M positions)' line in $table" ;;
esac
# shellcheck disable=SC2086 # ARGS are words: options and data files
if (cd "$root" && "$build/tools/go_patterns" fit $args) >"$tmp/table" 2>"$tmp/report"; then
	echo "ok 2 - go_patterns fit ran"
else
	echo "not ok 2 - go_patterns fit $args failed:"
	sed 's/^/# /' "$tmp/report"
fi
if cmp -s "$tmp/table" "$root/$table"; then
	echo "ok 3 - $table is the fit's output"
else
	echo "not ok 3 - $table differs from the fit's output:"
	diff "$root/$table" "$tmp/table" | head -20 | sed 's/^/# /'
fi
