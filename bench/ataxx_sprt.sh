#!/bin/sh
# Ataxx SPRT self-play: a new quintet against an old one, standard rules
# (RULES=yinyang in the environment: the seed's rules) from the Ataxx start
# (layout corners 2), the balanced 3-ply openings of
# bench/ataxx_openings.txt (each played twice, colours swapped), a fixed
# node budget per move (so the result does not depend on the machine's
# load), stopped by quintet-match's SPRT or after GAMES games.
#
# Usage: bench/ataxx_sprt.sh MATCH NEW OLD [NODES [GAMES [ELO0 ELO1 [SEED]]]]
#   MATCH  the quintet-match binary (e.g. build/quintet-match)
#   NEW    the quintet to test (engine 1, named new in the report), OLD
#          the one to beat (engine 2, old)
#   NODES  per move, default 20000; GAMES at most, default 400;
#   ELO0 ELO1 the SPRT bounds, default 0 20; SEED default 1.
# SIZE in the environment plays another board size: the rules' default
# layout (the seed's two rows for yinyang) and, since the openings file is
# 7x7's, openings of RANDOM_PLIES (default 4) random plies instead, each
# played twice with colours swapped.
# OLD_NODES in the environment gives the old engine a budget of its own:
# at equal CPU, when the new one is slower a node (NODES times the ratio
# of their nodes per CPU-second, bench/ataxx_search).
# The level 'sprt' (alphabeta, NODES nodes) is made the default through a
# small configuration file, so both binaries must know every key in it.
set -eu

if [ $# -lt 3 ]; then
	echo "usage: $0 MATCH NEW OLD [NODES [GAMES [ELO0 ELO1 [SEED]]]]" >&2
	exit 2
fi
match="$1" new="$2" old="$3"
rules="${RULES:-standard}"
case "$rules" in standard | yinyang) ;; *) echo "$0: RULES must be standard or yinyang" >&2; exit 2 ;; esac
size="${SIZE:-7}"
case "$size" in [4-9] | 1[0-6]) ;; *) echo "$0: SIZE must be 4 to 16" >&2; exit 2 ;; esac
nodes="${4:-20000}" games="${5:-400}" elo0="${6:-0}" elo1="${7:-20}" seed="${8:-1}"
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ataxx-sprt.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

printf 'games:\n  ataxx:\n    default_level: sprt\n    levels:\n      sprt: {algorithm: alphabeta, nodes: %s}\n' \
	"$nodes" >"$tmp/sprt.yaml"
printf 'games:\n  ataxx:\n    default_level: sprt\n    levels:\n      sprt: {algorithm: alphabeta, nodes: %s}\n' \
	"${OLD_NODES:-$nodes}" >"$tmp/old.yaml"
if [ "$size" = 7 ]; then
	set -- --option layout="corners 2" --openings "$here/ataxx_openings.txt"
else
	set -- --size "$size" --random-opening "${RANDOM_PLIES:-4}"
fi
"$match" --game ataxx --rules "$rules" "$@" --games "$games" --seed "$seed" \
	--sprt "$elo0" "$elo1" --concurrency 2 --quiet \
	--black "$new --config $tmp/sprt.yaml" --black-name new \
	--white "$old --config $tmp/old.yaml" --white-name old |
	grep -vE '^ +[0-9]+ +[12] '
