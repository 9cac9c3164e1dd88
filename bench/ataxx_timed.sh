#!/bin/sh
# Ataxx timed match of two quintet builds over UAI (the protocol cuteataxx
# and Autaxx speak): a game clock of M seconds + I a move for each side,
# the balanced 3-ply openings of bench/ataxx_openings.txt from the Ataxx
# start (layout corners 2), each played twice with colours swapped,
# standard rules (RULES=yinyang: the seed's). Each engine plays its default
# level (hard) under the clock, so the result depends on the machine's
# load: run it on an idle machine, and read it with its interval. This is
# how the issue's "+300 Elo at 10 s + 0.1 s against the version before"
# is measured (the old build: git worktree add ... def7688).
#
# Usage: bench/ataxx_timed.sh MATCH NEW OLD [GAMES [CLOCK [CONCURRENCY [SEED]]]]
#   MATCH  the quintet-match binary; NEW is engine 1 (named new in the
#          report), OLD engine 2 (old)
#   GAMES  default 100; CLOCK M+I in seconds, default 10+0.1;
#   CONCURRENCY games at a time, default 1 (each game keeps one core busy)
set -eu

if [ $# -lt 3 ]; then
	echo "usage: $0 MATCH NEW OLD [GAMES [CLOCK [CONCURRENCY [SEED]]]]" >&2
	exit 2
fi
match="$1" new="$2" old="$3"
games="${4:-100}" clock="${5:-10+0.1}" conc="${6:-1}" seed="${7:-1}"
rules="${RULES:-standard}"
case "$rules" in standard | yinyang) ;; *) echo "$0: RULES must be standard or yinyang" >&2; exit 2 ;; esac
here="$(cd "$(dirname "$0")" && pwd)"

"$match" --game ataxx --rules "$rules" --option layout="corners 2" \
	--openings "$here/ataxx_openings.txt" --games "$games" --seed "$seed" \
	--clock "$clock" --concurrency "$conc" --quiet \
	--black "uai:$new --protocol uai" --black-name new \
	--white "uai:$old --protocol uai" --white-name old |
	grep -vE '^ +[0-9]+ +[12] '
