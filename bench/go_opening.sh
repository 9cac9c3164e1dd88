#!/bin/sh
# Go opening benchmark: how far ahead or behind quintet stands after the
# opening against GNU Go level 10, judged by GNU Go's estimate_score.
# Full 19x19 games against GNU Go take a quarter of an hour each and are
# mostly decided in the opening (stop 38's review: behind by 11 to 44
# points at move 60 in 7 of 8 games); this plays only the first MOVES moves
# of each game, colours alternating, then asks GNU Go (as an analyst, a
# fresh process per record) for its estimate of the position, and prints
# each game's margin from quintet's side with the mean and the median.
# Same seeds, same games for GNU Go: run it on two builds to compare them
# game by game.
#
# Usage: bench/go_opening.sh BUILDDIR [GAMES [MOVES [BUDGET [SEED [SIZE]]]]]
#   GAMES   games (default 10), MOVES moves each (default 60),
#   BUDGET  playouts a quintet move (default 21500, about 5 s on one thread),
#   SEED    match seed (default 1), SIZE board size (default 19; komi 7.5)
# Environment: GNUGO (default /usr/games/gnugo), CONCURRENCY (default 1),
# KEEP=1 keeps the records (their folder is printed).
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILDDIR [GAMES [MOVES [BUDGET [SEED [SIZE]]]]]" >&2
	exit 2
fi
build="$(cd "$1" && pwd)"
games="${2:-10}"
moves="${3:-60}"
budget="${4:-21500}"
seed="${5:-1}"
size="${6:-19}"
gnugo="${GNUGO:-/usr/games/gnugo}"
komi=7.5
tmp="$(mktemp -d "${TMPDIR:-/tmp}/go-opening.XXXXXX")"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$tmp"' EXIT

printf 'games:\n  go:\n    default_level: bench\n    levels:\n      bench: %s\n' \
	"{algorithm: mcts, playouts: $budget, threads: 1, resign: 0}" >"$tmp/quintet.yaml"
echo "== quintet mcts ($budget playouts) vs GNU Go level 10, ${size}x$size, $games games of $moves moves"
"$build/quintet-match" --game go --size "$size" --komi "$komi" --rules chinese \
	--games "$games" --alternate --seed "$seed" --quiet --max-moves "$moves" \
	--concurrency "${CONCURRENCY:-1}" --sgf-dir "$tmp/sgf" \
	--black "$build/quintet --config $tmp/quintet.yaml" \
	--white "$gnugo --mode gtp --level 10 --chinese-rules" >"$tmp/match.out" 2>&1 ||
	{ cat "$tmp/match.out" >&2; exit 1; }

# Each record's estimate, as quintet's margin: positive when it leads.
for sgf in "$tmp"/sgf/game-*.sgf; do
	side=W
	grep -q '^# black: quintet' "${sgf%.sgf}.gtp" && side=B
	est="$(printf 'loadsgf %s\nkomi %s\nestimate_score\nquit\n' "$sgf" "$komi" |
		"$gnugo" --mode gtp --chinese-rules | sed -n 's/^= \([BW]+[0-9.]*\).*/\1/p')"
	# A missing estimate must not count as a margin of 0.
	[ -n "$est" ] || { echo "$0: no estimate from GNU Go for $sgf" >&2; exit 1; }
	echo "$(basename "$sgf" .sgf) quintet $side estimate $est"
done >"$tmp/estimates"
awk '{
	lead = substr($5, 3) + 0
	if (substr($5, 1, 1) != $3) lead = -lead
	print $0, "margin", lead
	m[++n] = lead; sum += lead; won += lead > 0
}
END {
	if (!n) { print "no records"; exit 1 }
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (m[j] < m[i]) { t = m[i]; m[i] = m[j]; m[j] = t }
	med = n % 2 ? m[(n + 1) / 2] : (m[n / 2] + m[n / 2 + 1]) / 2
	printf "margin: mean %.1f, median %.1f, ahead in %d of %d\n", sum / n, med, won, n
}' "$tmp/estimates"
[ "${KEEP:-0}" = 1 ] && echo "records: $tmp/sgf"
exit 0
