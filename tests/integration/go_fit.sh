#!/usr/bin/env bash
# Go's table of small boards (src/games/go/go_gammas_small.h,
# doc/go-patterns.md) is what go_patterns writes from the recorded games
# (check_fit, fit_check.bash: its command has --boards small), as
# tables.sh checks the other learned tables. A test of its own: the fit reads the 19x19 games and the
# 9x9 ones (about 45 s of CPU in the sanitizer build), which would push
# tables.sh near its bound on a loaded machine.
# Usage: go_fit.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..3"
# shellcheck source=tests/integration/fit_check.bash
. "$root/tests/integration/fit_check.bash"

check_fit src/games/go/go_gammas_small.h go_patterns small
