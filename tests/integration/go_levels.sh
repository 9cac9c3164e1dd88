#!/usr/bin/env bash
# Go's levels differ in strength: a flat Monte-Carlo level beats the random
# level in a short seeded match refereed by quintet-match (deterministic:
# fixed seeds and a playout budget, no clock). Usage: go_levels.sh
# BUILDDIR/quintet. Prints TAP.
set -u
engine=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
match=$(dirname "$engine")/quintet-match
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/levels.yaml" <<'YAML'
games:
  go:
    default_level: easy
    levels:
      easy: {algorithm: random}
      mc: {algorithm: montecarlo, playouts: 400}
YAML
"$match" --game go --size 5 --komi 0.5 --games 6 --alternate --seed 11 --quiet \
	--black "$engine --config $tmp/levels.yaml --level mc" --black-name mc \
	--white "$engine --config $tmp/levels.yaml --level easy" --white-name easy >"$tmp/out" 2>"$tmp/err"
status=$?
wins=$(sed -n 's/^score of mc: \([0-9.]*\)%.*/\1/p' "$tmp/out")
if [ $status -eq 0 ] && [ -n "$wins" ] && [ "${wins%.*}" -ge 80 ]; then
	echo "ok 1 - montecarlo beats random on 5x5: $wins% of 6 games"
else
	echo "not ok 1 - montecarlo vs random on 5x5: status $status, score '$wins'"
	cat "$tmp/out" "$tmp/err" | sed 's/^/# /'
fi
echo "1..1"
[ $status -eq 0 ] && [ -n "$wins" ] && [ "${wins%.*}" -ge 80 ]
