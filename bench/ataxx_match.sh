#!/bin/sh
# Ataxx strength benchmark with quintet-match: the hard level against easy
# (uniformly random) and against greedy (most pieces now), in both rule sets,
# colours alternating, fixed seed. The engines are BUILDDIR/quintet with a
# small configuration that makes the wanted level the default (quintet-match
# starts each game with `game ataxx`, which resets the level to the default).
#
# Usage: bench/ataxx_match.sh BUILDDIR [GAMES [SEED]]   (default 20 games, seed 1)
# Prints each match's summary; records go to a temporary directory.
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILDDIR [GAMES [SEED]]" >&2
	exit 2
fi
build="$(cd "$1" && pwd)"
games="${2:-20}"
seed="${3:-1}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ataxx-match.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

for level in hard greedy easy; do
	printf 'games:\n  ataxx:\n    default_level: %s\n' "$level" >"$tmp/$level.yaml"
done

match() {
	rules="$1" white="$2"
	echo "== hard vs $white, rules $rules, $games games"
	"$build/quintet-match" --game ataxx --rules "$rules" --games "$games" --alternate \
		--seed "$seed" --quiet --sgf-dir "$tmp/$rules-$white" \
		--black "$build/quintet --config $tmp/hard.yaml" --black-name hard \
		--white "$build/quintet --config $tmp/$white.yaml" --white-name "$white" |
		grep -E '^(quintet-match|hard |  as |score of|average moves|losses)'
}

for rules in yinyang standard; do
	match "$rules" easy
	match "$rules" greedy
done
