#!/bin/bash
# Go under a game clock, refereed: quintet's default level (hard: 5 s a
# move when nothing limits it) against itself on 9x9 with 10 s absolute
# time a side (quintet-match --clock 10: time_settings 10 0 0, time_left
# before each genmove, whole seconds rounded down). Two games, colours
# alternating, each engine behind gtp_timer.py, which logs every genmove:
# the time_left it was told and how long its reply took.
#
# What is judged is the engine's own decision: every move must fit in the
# time it was told, within SLACK (a sanitizer build on a busy, shared
# machine is slow and preempted; a move that ignored its budget, such as a
# search with no limit or work outside the budget, takes seconds more). The
# referee's own verdict (a reply after the time left plus 50 ms loses) also
# counts the machine's load: a game it ends on time is reported, and fails
# only through the check above.
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

SLACK=1.0 # seconds a reply may take past the time it was told
timer="$(cd "$(dirname "$0")" && pwd)/gtp_timer.py"

timeout -k 5 300 "$match" --game go --size 9 --komi 7 \
	--black "python3 $timer $tmp/moves.1 $engine" --white "python3 $timer $tmp/moves.2 $engine" \
	--games 2 --alternate --clock 10 --seed 3 --results "$tmp/results" \
	>"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
check "quintet-match ran the two games (exit 0)" '[ "$status" -eq 0 ]'
# The results file: a "game" line per game; field 6 how it ended, 7 moves.
games=$(grep -c '^game' "$tmp/results" 2>/dev/null)
check "two games recorded" '[ "$games" = 2 ]'
cat "$tmp"/moves.* >"$tmp/moves" 2>/dev/null
check "every genmove logged with the time it was told (30 or more)" \
	'[ "$(awk -F"\t" "\$2 >= 0" "$tmp/moves" | wc -l)" -ge 30 ]'
check "every move within the time it was told (+${SLACK} s): the engine's plan fits its clock" \
	'awk -F"\t" -v slack="$SLACK" "\$3 > \$2 + slack {print \"#   \" \$0; bad=1} END {exit bad}" "$tmp/moves"'
check "each game ended by resignation or two passes (and the count), or on time by the machine's load only" \
	'awk -F"\t" "/^game/ && \$6 !~ /^(resign|passes|time)\$/ {bad=1} END {exit bad}" "$tmp/results"'
if awk -F"\t" '/^game/ && $6 == "time" {found=1} END {exit !found}' "$tmp/results"; then
	echo "# note: the referee ended a game on time (its 50 ms slack under this machine's load):"
	grep '^game' "$tmp/results" | sed 's/^/#   /'
	sort -t"$(printf '\t')" -k3,3 -g "$tmp/moves" | tail -3 | sed 's/^/#   slowest (colour, told, took): /'
fi
check "games not lost on time are real: 20 moves or more each" \
	'awk -F"\t" "/^game/ && \$6 != \"time\" && \$7 < 20 {bad=1} END {exit bad}" "$tmp/results"'
check "no sanitizer report (referee or engines)" \
	'! cat "$tmp/err" "$tmp"/moves.*.err 2>/dev/null | grep -qE "Sanitizer|runtime error"'
echo "1..$n"
exit $failed
