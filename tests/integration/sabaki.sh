#!/usr/bin/env bash
# A Sabaki-style client against quintet. Usage: sabaki.sh BUILDDIR/quintet.
# Prints TAP.
#
# Runs tests/integration/sabaki.js with the npm package @sabaki/gtp (pinned;
# scripts/bootstrap --test installs it into BUILDDIR/node beside
# playwright-core): its Controller starts the engine, runs lz-analyze and
# kata-analyze (with ownership) as Sabaki does, parses the streamed
# candidates as Sabaki does, ends each analysis with the next command, and
# stops the engine, which must exit 0 without a sanitizer report. Every wait
# in sabaki.js is bounded; the run as a whole too, here.
set -u
[ $# -eq 1 ] || { echo "usage: $0 BUILDDIR/quintet" >&2; exit 2; }

bail() {
	echo "1..1"
	echo "not ok 1 - $1"
	exit 1
}

build=$(cd "$(dirname "$1")" 2>/dev/null && pwd) || bail "no engine at $1"
engine="$build/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
modules="$build/node/node_modules"
[ -x "$engine" ] || bail "no engine at $engine"
command -v node >/dev/null || bail "node is not installed (scripts/bootstrap --test installs npm and node)"
[ -f "$modules/@sabaki/gtp/package.json" ] ||
	bail "no @sabaki/gtp in $modules (scripts/bootstrap --test $(basename "$build") installs it)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

limit=120 # sabaki.js bounds itself to 100 s
NODE_PATH="$modules" timeout -k 5 $limit node "$root/tests/integration/sabaki.js" "$engine" \
	>"$tmp/tap" 2>"$tmp/node.err"
status=$?
cat "$tmp/tap"
if [ $status -ne 0 ] && ! grep -q '^not ok' "$tmp/tap"; then
	# node died or was killed before it could say which check failed.
	why="node exited $status"
	if [ $status -eq 124 ] || [ $status -eq 137 ]; then
		why="timed out after $limit s"
	fi
	grep -q '^1\.\.' "$tmp/tap" || echo "1..1"
	echo "not ok $(($(grep -c '^ok' "$tmp/tap") + 1)) - sabaki.js: $why"
	sed 's/^/# /' "$tmp/node.err" | tail -n 20
fi
exit $status
