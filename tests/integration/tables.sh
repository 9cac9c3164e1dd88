#!/usr/bin/env bash
# The shipped learned tables are what their tools write from the recorded
# games: each table's top comment names its command ("TOOL fit ARGS (N
# games, M positions)", run from the repository's top with the data in
# tools/data/); it is run again with BUILDDIR's tools/TOOL and its output
# must equal the file, byte for byte. A table edited by hand, fitted to
# other games, or gone stale after a change of the features or the fit
# fails. The tables: Gomoku's evaluation weights (doc/gomoku-tuning.md)
# and Go's move-pattern gammas (doc/go-patterns.md). Ataxx's tuple tables
# are off (their fit lost its SPRT: doc/ataxx-tuning.md), so the shipped
# ataxx_weights.h is no fit's output; the fit of the recorded Ataxx games
# is checked instead by its checksum (ATAXX_FIT, ATAXX_SUM below).
# Usage: tables.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..10"
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

# The Ataxx tuple fit of the recorded games (doc/ataxx-tuning.md, "The
# tuple tables"): its output's SHA-256. It names the present hand-shaped
# tables too (the yinyang table, kept as it is), so a change of those, of
# the features, of the windows or of the fit changes it: then run the fit
# again and record the new sum with the reason.
ATAXX_FIT="fit --tuples --drop frontier --every 3 tools/data/ataxx-standard.txt.xz"
ATAXX_SUM=7632094da72d54e7f9b7979311a05e79666803c8cd060404b4205cc1d6c8aa3a
# shellcheck disable=SC2086 # ATAXX_FIT is words: options and a data file
if (cd "$root" && "$build/tools/ataxx_tune" $ATAXX_FIT) >"$tmp/ataxx.h" 2>"$tmp/report"; then
	ok "ataxx_tune $ATAXX_FIT ran"
else
	not_ok "ataxx_tune $ATAXX_FIT failed:"
	sed 's/^/# /' "$tmp/report"
fi
sum=$(sha256sum <"$tmp/ataxx.h" | cut -d' ' -f1)
if [ "$sum" = "$ATAXX_SUM" ]; then
	ok "the Ataxx tuple fit's output has its recorded checksum"
else
	not_ok "the Ataxx tuple fit's output's checksum is $sum, not $ATAXX_SUM"
	sed -n '/fit:/,$p' "$tmp/report" | sed 's/^/# /'
fi

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
	awk '/shipped table: [0-9]+ positions/ {
		gsub(/[%,()]/, ""); t1 = $7; t5 = $9; h1 = $13; h5 = $15
		ok = t1 > 2 * h1 && t5 > h5 && t1 > 25 }
		END { exit !ok }' "$tmp/rate"; then
	ok "go_patterns rate: $(cat "$tmp/rate")"
else
	not_ok "go_patterns rate: $(cat "$tmp/rate" "$tmp/err")"
fi
