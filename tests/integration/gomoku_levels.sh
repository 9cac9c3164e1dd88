#!/usr/bin/env bash
# Gomoku's hard level (the alphabeta engine at a fixed node budget) beats
# easy (seed 002's computer) in every game, refereed by quintet-match: five
# openings, each played with both colours (10 games) under RULES (default
# freestyle; gomoku_levels_renju.sh runs five other openings under renju:
# the issue's 20 games in two programs, each within run-all's limit).
# Deterministic: a node budget and no clock, so every run plays the same
# games. Usage: gomoku_levels.sh BUILDDIR/quintet [RULES]. Prints TAP.
set -u
engine=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
match=$(dirname "$engine")/quintet-match
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/levels.yaml" <<'YAML'
games:
  gomoku:
    levels:
      easy: {algorithm: weights, depth: 1}
      hard: {algorithm: alphabeta, nodes: 50000}
YAML
rules=${2:-freestyle}
case "$rules" in
renju) printf 'H8 J9\nH8 J8 G7\nG7 H8\nH8 K10\nH7 H9\n' >"$tmp/$rules" ;;
*) printf 'H8\nH8 G9\nH8 H9 J10\nJ9 H8 G9\nG8 J8 H10\n' >"$tmp/$rules" ;;
esac
all=0
"$match" --game gomoku --rules "$rules" --openings "$tmp/$rules" --games 10 --seed 5 \
	--concurrency 2 --quiet \
	--black "$engine --game gomoku --config $tmp/levels.yaml --level hard" --black-name hard \
	--white "$engine --game gomoku --config $tmp/levels.yaml --level easy" --white-name easy \
	>"$tmp/out" 2>"$tmp/err"
status=$?
wins=$(awk '$1 == "hard" { print $3 }' "$tmp/out")
games=$(awk '$1 == "hard" { print $2 }' "$tmp/out")
if [ $status -eq 0 ] && [ "$games" = 10 ] && [ "$wins" = 10 ]; then
	echo "ok 1 - $rules: hard beats easy in $wins of $games games, both colours"
else
	echo "not ok 1 - $rules: hard against easy: status $status, won '$wins' of '$games'"
	cat "$tmp/out" "$tmp/err" | sed 's/^/# /'
	all=1
fi
echo "1..1"
exit $all
