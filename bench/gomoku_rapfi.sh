#!/bin/sh
# quintet's Gomoku hard level against Rapfi, the strongest open Gomoku
# engine (a yardstick only: build it outside the repository, as
# ../shared/PEERS.md says; never part of the tests).
# Usage: bench/gomoku_rapfi.sh BUILDDIR PBRAIN-RAPFI [GAMES [SECONDS]]
# Plays GAMES (default 6) games on 15x15 freestyle from the shipped openings,
# colours alternating, SECONDS (default 2) a move, and prints
# quintet-match's report (engine 1 is Rapfi). bench/gomoku_cli_match.sh
# plays such matches through c-gomoku-cli, the Gomocup match runner, and
# quintet's Gomocup front end.
# Environment:
#   OPENINGS     the openings file (default src/games/gomoku/openings.txt;
#                bench/gomoku_openings.txt has the 100 three-stone openings
#                the issue's matches use), each played twice, colours swapped
#   RULES        freestyle (default), standard or renju (Rapfi is told
#                the rule by quintet-match's Gomocup driver)
#   SGF_DIR      a directory to save each game in (SGF); default none
set -eu
build=${1:?usage: gomoku_rapfi.sh BUILDDIR PBRAIN-RAPFI [GAMES [SECONDS]]}
rapfi=${2:?usage: gomoku_rapfi.sh BUILDDIR PBRAIN-RAPFI [GAMES [SECONDS]]}
games=${3:-6}
seconds=${4:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'games:\n  gomoku:\n    default_level: hard\n' >"$tmp/hard.yaml"
"$build/quintet-match" --game gomoku --size 15 --rules "${RULES:-freestyle}" \
	--black "gomocup:$rapfi" --black-name rapfi \
	--white "$build/quintet --config $tmp/hard.yaml" --white-name quintet-hard \
	--openings "${OPENINGS:-$root/src/games/gomoku/openings.txt}" ${SGF_DIR:+--sgf-dir "$SGF_DIR"} --games "$games" --time "$seconds" --seed 1
