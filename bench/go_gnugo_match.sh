#!/bin/sh
# Go strength benchmark: quintet's mcts against GNU Go level 10 (or OPPONENT; pinned with
# --min-level/--max-level, since quintet-match's --time sends time_settings,
# which would lower it), Chinese rules, colours alternating, scored by
# quintet-match's own area count.
#
# Usage: bench/go_gnugo_match.sh BUILDDIR [GAMES [SIZE [BUDGET [SEED]]]]
#   GAMES   games to play (default 20)
#   SIZE    board size (default 9; komi 7 on 9x9, 7.5 otherwise)
#   BUDGET  Ns: N seconds a move (quintet-match --time N, quintet's level
#           time N), or a number: playouts a move, no clock (default 3000;
#           prefer playouts on a loaded machine)
#   SEED    match seed (default 1)
# Environment: GNUGO (default /usr/games/gnugo), THREADS (default 1),
# OPPONENT='CMD' to play another GTP engine instead of GNU Go, e.g. Pachi
# built outside the repository (../shared/PEERS.md) at the playouts it
# makes in the same CPU time: OPPONENT='/path/pachi --nodcnn --nopatterns
# --nojoseki -t =8500 threads=1 -d 0' (8,500 playouts: one CPU-second of
# Pachi's 9x9 search here, as 22,000 are quintet's),
# CONCURRENCY (games at once, default 1; each game runs two engines),
# RESULTS=FILE to record the match in FILE as it goes (quintet-match
# --results: a line a game; --resume FILE continues an interrupted match),
# CLOCK=0 to give quintet its N seconds through its level only, without the
# referee's clock (on a loaded machine GNU Go level 10 itself overruns a
# 1 s clock and forfeits every game).
# Prints quintet-match's summary; the SGF records go to a temporary folder
# (kept and named when KEEP=1).
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILDDIR [GAMES [SIZE [BUDGET [SEED]]]]" >&2
	exit 2
fi
build="$(cd "$1" && pwd)"
games="${2:-20}"
size="${3:-9}"
budget="${4:-3000}"
seed="${5:-1}"
gnugo="${GNUGO:-/usr/games/gnugo}"
threads="${THREADS:-1}"
komi=7.5
[ "$size" = 9 ] && komi=7
tmp="$(mktemp -d "${TMPDIR:-/tmp}/go-match.XXXXXX")"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$tmp"' EXIT

time_opt=
case "$budget" in
*s)
	secs="${budget%s}"
	level="{algorithm: mcts, time: $secs, threads: $threads, resign: 0.1}"
	[ "${CLOCK:-1}" = 0 ] || time_opt="--time $secs"
	;;
*)
	level="{algorithm: mcts, playouts: $budget, threads: $threads, resign: 0.1}"
	;;
esac
printf 'games:\n  go:\n    default_level: bench\n    levels:\n      bench: %s\n' \
	"$level" >"$tmp/quintet.yaml"

opponent="${OPPONENT:-$gnugo --mode gtp --level 10 --chinese-rules --min-level 10 --max-level 10}"
echo "== quintet mcts ($level) vs $opponent, ${size}x$size komi $komi, $games games"
# shellcheck disable=SC2086
"$build/quintet-match" --game go --size "$size" --komi "$komi" --rules chinese \
	--games "$games" --alternate --seed "$seed" --quiet $time_opt \
	--concurrency "${CONCURRENCY:-1}" ${RESULTS:+--results "$RESULTS"} \
	--sgf-dir "$tmp/sgf" \
	--black "$build/quintet --config $tmp/quintet.yaml" \
	--white "$opponent"
[ "${KEEP:-0}" = 1 ] && echo "records: $tmp/sgf"
exit 0
