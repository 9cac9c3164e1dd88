#!/usr/bin/env bash
# The Ataxx tuple fit of the recorded games (doc/ataxx-tuning.md, "The
# tuple tables") reproduced by the SHA-256 of its output. The tables are
# off (their fit lost its SPRT), so the shipped ataxx_weights.h is no fit's
# output and tables.sh cannot compare it; the fit is checked here instead,
# in a test of its own (about 30 s of CPU in the sanitizer build: the
# Newton steps solve 1,713 weights). The output names the present
# hand-shaped tables too (the yinyang table, kept as it is), so a change of
# those, of the features, of the windows or of the fit changes it: then
# run the fit again and record the new sum with the reason.
# Usage: ataxx_fit.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..2"

ATAXX_FIT="fit --tuples --drop frontier --every 3 tools/data/ataxx-standard.txt.xz"
ATAXX_SUM=7632094da72d54e7f9b7979311a05e79666803c8cd060404b4205cc1d6c8aa3a
# shellcheck disable=SC2086 # ATAXX_FIT is words: options and a data file
if (cd "$root" && "$build/tools/ataxx_tune" $ATAXX_FIT) >"$tmp/ataxx.h" 2>"$tmp/report"; then
	echo "ok 1 - ataxx_tune $ATAXX_FIT ran"
else
	echo "not ok 1 - ataxx_tune $ATAXX_FIT failed:"
	sed 's/^/# /' "$tmp/report"
fi
sum=$(sha256sum <"$tmp/ataxx.h" | cut -d' ' -f1)
if [ "$sum" = "$ATAXX_SUM" ]; then
	echo "ok 2 - the Ataxx tuple fit's output has its recorded checksum"
else
	echo "not ok 2 - the Ataxx tuple fit's output's checksum is $sum, not $ATAXX_SUM"
	sed -n '/fit:/,$p' "$tmp/report" | sed 's/^/# /'
fi
