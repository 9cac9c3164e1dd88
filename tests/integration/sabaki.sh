#!/usr/bin/env bash
# A Sabaki-style client against quintet: tests/integration/sabaki.js drives
# the engine with the npm package @sabaki/gtp (pinned; scripts/bootstrap
# --test installs it into BUILDDIR/node beside playwright-core), runs
# lz-analyze and kata-analyze and parses the candidates as Sabaki does.
# Usage: sabaki.sh BUILDDIR/quintet. Prints TAP.
set -u
engine=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(dirname "$engine")
root="$(cd "$(dirname "$0")/../.." && pwd)"
modules="$build/node/node_modules"

bail() {
	echo "1..1"
	echo "not ok 1 - $1"
	exit 1
}
command -v node >/dev/null || bail "node is not installed (scripts/bootstrap --test installs npm and node)"
[ -f "$modules/@sabaki/gtp/package.json" ] ||
	bail "no @sabaki/gtp in $modules (scripts/bootstrap --test $(basename "$build") installs it)"
NODE_PATH="$modules" timeout -k 5 120 node "$root/tests/integration/sabaki.js" "$engine"
