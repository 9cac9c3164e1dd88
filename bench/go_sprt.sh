#!/bin/sh
# Go SPRT self-play: a new quintet against an old one, Chinese rules,
# colours alternating, a fixed playout budget per move (so the result does
# not depend on the machine's load), one thread (deterministic for each
# game's seed, which quintet-match derives from SEED and the game number),
# stopped by quintet-match's SPRT or after GAMES games.
#
# Usage: bench/go_sprt.sh MATCH NEW OLD [SIZE [PLAYOUTS [GAMES [ELO0 ELO1 [SEED]]]]]
#   MATCH  the quintet-match binary (e.g. build-rel/quintet-match)
#   NEW    the quintet to test (engine 1, named new in the report), OLD
#          the one to beat (engine 2, old)
#   SIZE   board size, default 9 (komi 7 on 9x9, 7.5 otherwise);
#   PLAYOUTS per move, default 1000; GAMES at most, default 400;
#   ELO0 ELO1 the SPRT bounds, default 0 30; SEED default 1.
# Environment: CONCURRENCY (default 2), RESULTS=FILE (quintet-match
# --results; --resume FILE continues).
# The level 'sprt' (mcts, PLAYOUTS playouts) is made the default through a
# small configuration file, so both binaries must know every key in it.
set -eu

if [ $# -lt 3 ]; then
	echo "usage: $0 MATCH NEW OLD [SIZE [PLAYOUTS [GAMES [ELO0 ELO1 [SEED]]]]]" >&2
	exit 2
fi
match="$1" new="$2" old="$3"
size="${4:-9}" playouts="${5:-1000}" games="${6:-400}"
elo0="${7:-0}" elo1="${8:-30}" seed="${9:-1}"
komi=7.5
[ "$size" = 9 ] && komi=7
tmp="$(mktemp -d "${TMPDIR:-/tmp}/go-sprt.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

printf 'games:\n  go:\n    default_level: sprt\n    levels:\n      sprt: {algorithm: mcts, playouts: %s, threads: 1, resign: 0.1}\n' \
	"$playouts" >"$tmp/sprt.yaml"
"$match" --game go --size "$size" --komi "$komi" --rules chinese \
	--games "$games" --alternate --seed "$seed" --sprt "$elo0" "$elo1" \
	--concurrency "${CONCURRENCY:-2}" --quiet ${RESULTS:+--results "$RESULTS"} \
	--black "$new --config $tmp/sprt.yaml" --black-name new \
	--white "$old --config $tmp/sprt.yaml" --white-name old |
	grep -vE '^ +[0-9]+ +[12] '
