#!/usr/bin/env bash
# The shipped Gomoku evaluation tables (src/games/gomoku/gomoku_weights.h)
# are what the tuner writes from the recorded self-play games: the command
# named in the file's top comment ("gomoku_tune fit ARGS (N games, ...)",
# run from the repository's top with the data in tools/data/) is run again
# with BUILDDIR's tools/gomoku_tune and its output must equal the file, byte
# for byte (doc/gomoku-tuning.md). A table edited by hand, fitted to other
# games, or gone stale after a change of the features or the fit fails.
# Usage: gomoku_weights.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
weights="$root/src/games/gomoku/gomoku_weights.h"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..3"
args=$(sed -n 's/^ \* gomoku_tune fit \(.*\) ([0-9]* games, [0-9]* positions)$/\1/p' "$weights")
if [ -n "$args" ]; then
	echo "ok 1 - the tables name their command: gomoku_tune fit $args"
else
	echo "not ok 1 - no 'gomoku_tune fit ARGS (N games, M positions)' line in $weights"
fi
# shellcheck disable=SC2086 # ARGS are words: options and data files
if (cd "$root" && "$build/tools/gomoku_tune" fit $args) >"$tmp/weights.h" 2>"$tmp/report"; then
	echo "ok 2 - the fit ran ($(grep -c 'fit:' "$tmp/report") rules fitted)"
else
	echo "not ok 2 - gomoku_tune fit $args failed:"
	sed 's/^/# /' "$tmp/report"
fi
if cmp -s "$tmp/weights.h" "$weights"; then
	echo "ok 3 - gomoku_weights.h is the fit's output"
else
	echo "not ok 3 - gomoku_weights.h differs from the fit's output:"
	diff "$weights" "$tmp/weights.h" | head -20 | sed 's/^/# /'
fi
