#!/usr/bin/env bash
# bench/go_opening.sh still works: two short games against GNU Go (6 moves,
# 50 playouts a move), each judged by GNU Go's estimate_score; quintet is
# black in the first and white in the second, and each margin is the
# estimate seen from quintet's side. Usage: go_opening.sh BUILDDIR/quintet.
# Prints TAP.
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build=$(cd "$(dirname "$1")" && pwd)
out=$(sh "$root/bench/go_opening.sh" "$build" 2 6 50 3 2>&1)
status=$?
n=0

check() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
}

check "$status" "bench/go_opening.sh exits 0"
# The margin is the estimate's points, negated when the estimate's winner
# is not quintet's colour.
bad=$(printf '%s\n' "$out" | awk '/^game-/ {
	n++
	want = n == 1 ? "B" : "W"
	pts = substr($5, 3) + 0
	m = substr($5, 1, 1) == $3 ? pts : -pts
	if ($3 != want || $5 !~ /^[BW]\+[0-9.]+$/ || $7 + 0 != m) bad++
} END { print (n == 2 ? 0 : 1) + bad }')
check "$bad" "two records, colours alternating, margins from quintet's side"
printf '%s\n' "$out" | grep -qE '^margin: mean -?[0-9.]+, median -?[0-9.]+, ahead in [0-2] of 2$'
check $? "the summary line"
echo "1..$n"
