#!/bin/bash
# Go under a game clock, refereed: quintet's default level (hard: 5 s a
# move when nothing limits it) against itself on 9x9 with 10 s absolute
# time a side (quintet-match --clock 10: time_settings 10 0 0, time_left
# before each genmove, a game lost on time when a reply comes after the
# time left plus 50 ms). Two games, colours alternating: each must end on
# the board (resignation or the count) after a real game, never on time.
# Usage: go_clock.sh BUILDDIR/quintet (quintet-match sits next to it). TAP.
set -u
engine="${1:?usage: go_clock.sh BUILDDIR/quintet}"
engine="$(cd "$(dirname "$engine")" && pwd)/$(basename "$engine")"
match="$(dirname "$engine")/quintet-match"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/go-clock.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

n=0
failed=0
check() {
	n=$((n + 1))
	if eval "$2"; then
		echo "ok $n - $1"
	else
		failed=1
		echo "not ok $n - $1"
		echo "#   failed: $2"
		sed 's/^/#   /' "$tmp/out" | head -30
		tail -c 600 "$tmp/err" | sed 's/^/#   /'
	fi
}

timeout -k 5 300 "$match" --game go --size 9 --komi 7 --black "$engine" --white "$engine" \
	--games 2 --alternate --clock 10 --seed 3 --results "$tmp/results" \
	>"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
check "quintet-match ran the two games (exit 0)" '[ "$status" -eq 0 ]'
# The results file: a "game" line per game; field 6 how it ended, 7 moves.
games=$(grep -c '^game' "$tmp/results" 2>/dev/null)
check "two games recorded" '[ "$games" = 2 ]'
check "neither game lost on time: each ended by resignation or the count" \
	'awk -F"\t" "/^game/ && \$6 !~ /^(resign|score)\$/ {bad=1} END {exit bad}" "$tmp/results"'
check "both games real: 20 moves or more each" \
	'awk -F"\t" "/^game/ && \$7 < 20 {bad=1} END {exit bad}" "$tmp/results"'
check "no sanitizer report" '! grep -qE "Sanitizer|runtime error" "$tmp/err"'
echo "1..$n"
exit $failed
