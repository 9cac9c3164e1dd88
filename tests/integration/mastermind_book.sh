#!/bin/bash
# The committed Mastermind book and trees are what their generator writes.
# `mastermind_gen book` (built beside QUINTET) compiles the shipped tree
# files (src/games/mastermind/trees/) into a file equal, byte for byte, to
# the committed mastermind_book.c; and `mastermind_gen solve` proves the
# digits preset again (a second of CPU) and writes its two trees equal to
# the shipped ones. (classic takes seconds and bulls far longer: `make
# mastermind-trees` writes them all the same way.)
#   tests/integration/mastermind_book.sh QUINTET
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
gen=$(dirname "$1")/src/games/mastermind/mastermind_gen
trees=$root/src/games/mastermind/trees
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..4"
failed=0
# result N TITLE STATUS: one TAP line.
result() {
	if [ "$3" -eq 0 ]; then
		echo "ok $1 - $2"
	else
		echo "not ok $1 - $2"
		failed=1
	fi
}
list=()
for p in digits classic bulls; do
	for g in average minimax; do
		list+=("$trees/$p-$g.tree")
	done
done
"$gen" book "${list[@]}" > "$tmp/book.c" 2> "$tmp/book.err"
result 1 "mastermind_gen book compiles the six shipped trees" $?
cmp "$tmp/book.c" "$root/src/games/mastermind/mastermind_book.c" > "$tmp/cmp" 2>&1
status=$?
result 2 "mastermind_book.c is the trees' book byte for byte ($(wc -l < "$tmp/book.c") lines)" $status
[ $status -eq 0 ] || diff "$tmp/book.c" "$root/src/games/mastermind/mastermind_book.c" | head -5 | sed 's/^/# /'
"$gen" solve --out "$tmp" digits > "$tmp/solve.out" 2>&1
result 3 "mastermind_gen solve digits runs" $?
sed 's/^/# /' "$tmp/solve.out"
ok=0
for g in average minimax; do
	cmp "$tmp/digits-$g.tree" "$trees/digits-$g.tree" > /dev/null 2>&1 || ok=1
done
result 4 "the solver writes the shipped digits trees byte for byte" $ok
exit $failed
