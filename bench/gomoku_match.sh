#!/bin/sh
# bench/gomoku_match.sh BUILDDIR [QUINTET-MATCH OPTIONS...]
#
# Gomoku's engine (the alphabeta level at NODES nodes a move, default
# 50000, no clock: deterministic) against easy (seed 002's computer, depth
# 1) with quintet-match, 15x15 freestyle, over bench/gomoku_openings.txt
# (100 openings of three stones, each played twice with the colours
# swapped: 200 games), seed 1. Options after BUILDDIR go to quintet-match
# and override these (e.g. --rules renju, --concurrency 2, --games 20,
# --sprt 0 10). OPPONENT, when set, replaces easy as engine 2: a whole
# command, e.g. OPPONENT='/work/old/build/quintet --game gomoku --level
# hard' for the new hard against an older build's. Prints quintet-match's
# report; the table's row "bench ..." is the engine's score (engine 2 is
# "opponent").
# Use a release build: scripts/bootstrap build && bench/gomoku_match.sh build
set -eu
build="${1:?usage: $0 BUILDDIR [QUINTET-MATCH OPTIONS...]}"
shift
here="$(cd "$(dirname "$0")" && pwd)"
conf="$(mktemp)"
trap 'rm -f "$conf"' EXIT
printf 'games:\n  gomoku:\n    levels:\n      easy: {algorithm: weights, depth: 1}\n      bench: {algorithm: alphabeta, nodes: %s}\n' \
	"${NODES:-50000}" >"$conf"
engine="$build/quintet --game gomoku"
"$build/quintet-match" --game gomoku --rules freestyle \
	--openings "$here/gomoku_openings.txt" --games 200 --seed 1 \
	--black "$engine --config $conf --level bench" --black-name bench \
	--white "${OPPONENT:-$engine --level easy}" --white-name opponent \
	"$@"
