#!/usr/bin/env bash
# Gomoku's move ordering keys (src/games/gomoku/gomoku_order.h,
# doc/gomoku-tuning.md section 5) are what `gomoku_tune order` writes from
# the recorded games (check_fit, fit_check.bash), as tables.sh checks the
# other learned tables. A test of its own: the fit replays every game file
# and runs 200 rounds of MM (about a minute of CPU in the sanitizer build).
# Usage: gomoku_order_fit.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..3"
# shellcheck source=tests/integration/fit_check.bash
. "$root/tests/integration/fit_check.bash"

check_fit src/games/gomoku/gomoku_order.h gomoku_tune --every order
