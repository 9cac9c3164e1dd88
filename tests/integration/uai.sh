#!/usr/bin/env bash
# `quintet --protocol uai` reaches the UAI front end from the command line:
# the handshake, a search and quit, with exit status 0.
# Usage: uai.sh BUILDDIR/quintet. Prints TAP.
set -u
engine=$1
failed=0
out=$(printf 'uai\nisready\nuainewgame\nposition startpos moves g2\ngo depth 2\nquit\n' |
	timeout 60 "$engine" --protocol uai 2>&1)
status=$?
if [ $status -eq 0 ] && grep -qx uaiok <<<"$out" && grep -qx readyok <<<"$out" &&
	grep -qE '^bestmove [a-g][1-7]([a-g][1-7])?$' <<<"$out"; then
	echo "ok 1 - --protocol uai: uaiok, readyok, bestmove"
else
	echo "not ok 1 - --protocol uai (status $status)"
	failed=1
	sed 's/^/# /' <<<"$out"
fi
"$engine" --protocol chess </dev/null >/dev/null 2>&1
if [ $? -eq 2 ]; then
	echo "ok 2 - an unknown --protocol exits 2"
else
	echo "not ok 2 - --protocol chess"
	failed=1
fi
echo "1..2"
exit $failed
