#!/usr/bin/env bash
# The shipped learned tables are what their tools write from the recorded
# games: each table's top comment names its command ("TOOL fit ARGS (N
# games, M positions)", run from the repository's top with the data in
# tools/data/); it is run again with BUILDDIR's tools/TOOL and its output
# must equal the file, byte for byte. A table edited by hand, fitted to
# other games, or gone stale after a change of the features or the fit
# fails. The tables: Gomoku's evaluation weights (doc/gomoku-tuning.md)
# and Go's move-pattern gammas (doc/go-patterns.md).
# Usage: tables.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..8"
n=0

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

not_ok() {
	n=$((n + 1))
	echo "not ok $n - $1"
}

# check TABLE TOOL: three tests.
check() {
	local table="$root/$1" tool="$2" args
	args=$(sed -n "s/^ \* $tool fit \(.*\) ([0-9]* games, [0-9]* positions)\$/\1/p" "$table")
	if [ -n "$args" ]; then
		ok "$1 names its command: $tool fit $args"
	else
		not_ok "no '$tool fit ARGS (N games, M positions)' line in $1"
	fi
	# shellcheck disable=SC2086 # ARGS are words: options and data files
	if (cd "$root" && "$build/tools/$tool" fit $args) >"$tmp/table" 2>"$tmp/report"; then
		ok "$tool fit ran"
	else
		not_ok "$tool fit $args failed:"
		sed 's/^/# /' "$tmp/report"
	fi
	if cmp -s "$tmp/table" "$table"; then
		ok "$1 is the fit's output"
	else
		not_ok "$1 differs from the fit's output:"
		diff "$table" "$tmp/table" | head -20 | sed 's/^/# /'
	fi
}

check src/games/gomoku/gomoku_weights.h gomoku_tune
check src/games/go/go_gammas.h go_patterns

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
