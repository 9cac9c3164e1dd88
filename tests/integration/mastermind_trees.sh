#!/bin/bash
# tools/mastermind_check, the independent checker of Mastermind decision
# trees (built beside QUINTET), on every shipped tree: each is accepted,
# with the totals and worst cases README and PROTOCOL.md state. Then on
# broken copies of classic's minimax tree: a wrong answer in a path, a
# missing secret, a guess the variant does not allow (a colour out of
# range; in digits, a repeated colour), a false claim in the header: each
# refused, naming the node at fault.
#   tests/integration/mastermind_trees.sh QUINTET
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
check=$(dirname "$1")/tools/mastermind_check
trees=$root/src/games/mastermind/trees
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
# expect TITLE STATUS OUTPUT PATTERN: ok when the checker's exit status is
# STATUS and its output matches the extended regular expression PATTERN.
expect() {
	n=$((n + 1))
	local status=$2
	if [ "$status" = "$4" ] && grep -Eq -- "$5" <<< "$3"; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1 (exit $4, want $status; want /$5/)"
		sed 's/^/# /' <<< "$3" | head -n 12
		failed=1
	fi
}
# run FILE...: the checker's output and exit status into out and rc.
run() {
	out=$("$check" "$@" 2>&1)
	rc=$?
}
echo "1..12"
# The figures each shipped tree must give: secrets total worst.
while read -r tree want; do
	run "$trees/$tree.tree"
	expect "$tree: $want" 0 "$out" "$rc" "secrets $want\$"
done <<'EOF_FIGURES'
digits-average 3024 total 10898 average 3.6038 worst 5
digits-minimax 3024 total 10898 average 3.6038 worst 5
classic-average 1296 total 5625 average 4.3403 worst 6
classic-minimax 1296 total 5626 average 4.3410 worst 5
bulls-average 5040 total 26274 average 5.2131 worst 7
bulls-minimax 5040 total 26274 average 5.2131 worst 7
EOF_FIGURES

src=$trees/classic-minimax.tree
# The last node line is a leaf: move it to an answer none of its siblings
# has (an answer its parent's guess cannot give for its secret).
last=$(tail -n 1 "$src")
path=${last%% *}
parent=${path%/*}
for a in 00 01 02 03 04 10 11 12 13 20 21 22 30; do
	grep -q "^$parent/$a " "$src" || break
done
sed "\$s|^$path |$parent/$a |" "$src" > "$tmp/wrong-answer.tree"
run "$tmp/wrong-answer.tree"
expect "a wrong answer in a path: node $parent/$a refused" 1 "$out" "$rc" \
	"node $parent/$a: no secret reaches it"

# A missing secret: the leaf gone (and the node count with it).
count=$(sed -n 's/^nodes //p' "$src")
sed -e '$d' -e "s/^nodes $count\$/nodes $((count - 1))/" "$src" > "$tmp/missing.tree"
run "$tmp/missing.tree"
expect "a missing secret: node $path named" 1 "$out" "$rc" "node $path missing: secret [1-6]{4} reaches it"

# Illegal guesses: colour 7 in classic (1-6); a repeated colour in digits.
sed "\$s| [1-6]*\$| 1237|" "$src" > "$tmp/colour.tree"
run "$tmp/colour.tree"
expect "a colour out of range: node $path refused" 1 "$out" "$rc" \
	"node $path: guess 1237 is not allowed: a colour out of range"
dlast=$(tail -n 1 "$trees/digits-average.tree")
dpath=${dlast%% *}
sed "\$s| [1-9]*\$| 1123|" "$trees/digits-average.tree" > "$tmp/repeat.tree"
run "$tmp/repeat.tree"
expect "a repeated colour in digits: node $dpath refused" 1 "$out" "$rc" \
	"node $dpath: guess 1123 is not allowed: a repeated colour"

# A header that claims a total the tree does not reach.
sed 's/^secrets 1296 total 5626 worst 5$/secrets 1296 total 5625 worst 5/' "$src" > "$tmp/claim.tree"
run "$tmp/claim.tree"
expect "a false claim (total 5625 for 5626) refused" 1 "$out" "$rc" \
	"claims secrets 1296 total 5625 worst 5; the play gives secrets 1296 total 5626 worst 5"

# Several files: one bad file fails the run, the good ones still print.
run "$trees/digits-average.tree" "$tmp/claim.tree"
expect "a bad file among good ones fails the run" 1 "$out" "$rc" "digits-average.tree: secrets 3024"
exit $failed
