#!/bin/sh
# Go move prediction (doc/go-patterns.md): how often the learned table
# built into a quintet tree, and the hand-set priors, rank the move played
# first (top-1) and among the first five (top-5) over every position of
# game records that no table was fitted to (tools/data/go-gnugo*-test.txt.xz:
# GNU Go 3.8 level 10 self-play games kept apart for this). With OLD, the
# table of another tree too, over the same positions: the figures before
# and after a refit.
#
# Usage: bench/go_predict.sh BUILDDIR [DATA...]
#   BUILDDIR  a configured tree with tools/go_patterns built (make)
#   DATA      records (tools/go_records.py's format, .xz read through xz);
#             default: every tools/data/go-gnugo*-test.txt.xz, each rated
#             on its own
# Environment: OLD=BUILDDIR2, a tree to rate beside BUILDDIR.
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILDDIR [DATA...]" >&2
	exit 2
fi
build="$(cd "$1" && pwd)"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -gt 0 ] || set -- "$root"/tools/data/go-gnugo*-test.txt.xz

for data in "$@"; do
	echo "== $(basename "$data") ($(xz -dcf "$data" | wc -l) games)"
	for tree in ${OLD:+"$OLD"} "$build"; do
		printf '%s: ' "$tree"
		"$tree/tools/go_patterns" rate "$data" | sed 's/^go_patterns: //'
	done
done
