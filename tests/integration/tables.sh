#!/usr/bin/env bash
# The shipped learned tables are what their tools write from the recorded
# data (check_fit, fit_check.bash): Gomoku's evaluation weights
# (doc/gomoku-tuning.md) and Go's move-pattern gammas (doc/go-patterns.md).
# Usage: tables.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..8"
# shellcheck source=tests/integration/fit_check.bash
. "$root/tests/integration/fit_check.bash"

check_fit src/games/gomoku/gomoku_weights.h gomoku_tune
check_fit src/games/go/go_gammas.h go_patterns

# A Go record with an illegal move is refused with its place; nothing is written.
printf '19 D4 Q16 ; 1\n19 D4 D4 ; 0\n' >"$tmp/bad.txt"
if ! "$build/tools/go_patterns" fit "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/err" &&
	grep -q 'record 2: move 2 (D4) is not legal' "$tmp/err" && [ ! -s "$tmp/out" ]; then
	ok "go_patterns: an illegal move in a record is an error naming it"
else
	not_ok "go_patterns with an illegal move in a record: $(cat "$tmp/err")"
fi

# The shipped table ranks the played moves of its own games far better than
# the hand-set priors (a table of ones, or features read wrong, would not).
xz -dc "$root/tools/data/go-gnugo19.txt.xz" | head -3 >"$tmp/three.txt"
if "$build/tools/go_patterns" rate "$tmp/three.txt" >"$tmp/rate" 2>"$tmp/err" &&
	awk '/shipped tables: [0-9]+ positions/ {
		gsub(/[%,()]/, ""); t1 = $7; t5 = $9; h1 = $13; h5 = $15
		ok = t1 > 2 * h1 && t5 > h5 && t1 > 25 }
		END { exit !ok }' "$tmp/rate"; then
	ok "go_patterns rate: $(cat "$tmp/rate")"
else
	not_ok "go_patterns rate: $(cat "$tmp/rate" "$tmp/err")"
fi
