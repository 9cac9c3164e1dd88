#!/bin/sh
# bench/flood_match.sh BUILDDIR [BOARDS] [CONCURRENCY] [SEED]
#
# Flood's level hard against level easy (seed 000's greedy player) with
# quintet-match: BOARDS random 20x20 boards of 6 colours (default 200), each
# played twice with the colours swapped (--alternate: the two games of a
# pair share the referee's board, which both engines get as loadboard text).
# Prints quintet-match's report; the line "engine 1 ..." is hard's score.
# Use a release build: scripts/bootstrap build && bench/flood_match.sh build
set -eu
build="${1:?usage: $0 BUILDDIR [BOARDS] [CONCURRENCY] [SEED]}"
boards="${2:-200}"
jobs="${3:-1}"
seed="${4:-1}"
engine="$build/quintet"
exec "$build/quintet-match" --game flood \
	--black "$engine --game flood --level hard" \
	--white "$engine --game flood --level easy" \
	--games "$((2 * boards))" --alternate --concurrency "$jobs" --seed "$seed"
