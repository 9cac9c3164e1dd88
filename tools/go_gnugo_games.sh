#!/bin/sh
# GNU Go self-play games for Go's pattern learner (doc/go-patterns.md):
# GNU Go 3.8 against itself at one level, quintet-match as the referee
# (Chinese rules, its area count; komi 7 on 9x9, 7.5 otherwise), each game
# with its own seed from quintet-match (set_random_seed), which GNU Go's random choices
# among near-equal moves follow: the games differ from the first moves on
# without a random opening, whose moves the learner would take for a
# strong player's. The records (tools/go_records.py's format, one game a
# line) go to standard output.
#
# Usage: tools/go_gnugo_games.sh MATCH DIR [GAMES [SIZE [LEVEL [SEED]]]]
#   MATCH  the quintet-match binary (e.g. build-rel/quintet-match)
#   DIR    where the games are kept: DIR/sgf (quintet-match's game files)
#          and DIR/results; when DIR/results exists the match is resumed,
#          so an interrupted run goes on where it stopped
#   GAMES  default 400; SIZE default 19; LEVEL GNU Go's, default 10;
#          SEED default 48
# Environment: GNUGO (default /usr/games/gnugo), CONCURRENCY (games at
# once, default 1; a 19x19 game at level 10 takes about 2.5 minutes of one
# core, a 9x9 one about 10 s). Run it niced on a shared machine.
#
# The shipped records (tools/data/go-gnugo*.txt.xz) were made by, e.g.,
#   tools/go_gnugo_games.sh build-rel/quintet-match g19 400 19 10 148 \
#     | xz -9 > tools/data/go-gnugo19b.txt.xz
# (the match stopped early: the records are its first games by number).
set -eu

if [ $# -lt 2 ]; then
	echo "usage: $0 MATCH DIR [GAMES [SIZE [LEVEL [SEED]]]]" >&2
	exit 2
fi
match="$1" dir="$2"
games="${3:-400}" size="${4:-19}" level="${5:-10}" seed="${6:-48}"
gnugo="${GNUGO:-/usr/games/gnugo}"
tools="$(cd "$(dirname "$0")" && pwd)"
komi=7.5
[ "$size" = 9 ] && komi=7
# no time settings are sent, so GNU Go keeps its level
engine="$gnugo --mode gtp --level $level --chinese-rules --capture-all-dead"

mkdir -p "$dir"
if [ -e "$dir/results" ]; then
	"$match" --resume "$dir/results" --quiet >&2
else
	"$match" --game go --size "$size" --komi "$komi" --rules chinese \
		--games "$games" --seed "$seed" --concurrency "${CONCURRENCY:-1}" \
		--quiet --sgf-dir "$dir/sgf" --results "$dir/results" \
		--black "$engine" --white "$engine" >&2
fi
"$tools/go_records.py" "$dir"/sgf/game-*.gtp
