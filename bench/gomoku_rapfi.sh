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
set -eu
build=${1:?usage: gomoku_rapfi.sh BUILDDIR PBRAIN-RAPFI [GAMES [SECONDS]]}
rapfi=${2:?usage: gomoku_rapfi.sh BUILDDIR PBRAIN-RAPFI [GAMES [SECONDS]]}
games=${3:-6}
seconds=${4:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'games:\n  gomoku:\n    default_level: hard\n' >"$tmp/hard.yaml"
"$build/quintet-match" --game gomoku --size 15 \
	--black "gomocup:$rapfi" --black-name rapfi \
	--white "$build/quintet --config $tmp/hard.yaml" --white-name quintet-hard \
	--openings "$root/src/games/gomoku/openings.txt" --games "$games" --time "$seconds" --seed 1
