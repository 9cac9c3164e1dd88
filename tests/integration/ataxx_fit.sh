#!/usr/bin/env bash
# The Ataxx fits reproduced (doc/ataxx-tuning.md):
#  1-2. the shipped ataxx_weights.h is a fit's output: the fit its top
#       comment names (ataxx_tune fit of the recorded positions labelled
#       by a search, tools/data/ataxx-*-d8.txt.xz) is run again and its
#       output must be that file byte for byte;
#  3-4. the tuple fit of the recorded games (section 3; not shipped: it
#       lost its SPRT) by the SHA-256 of its output. That output names
#       the shipped yinyang table too (kept as it is, the games being
#       standard ones), so a change of the shipped weights, of the
#       features, of the windows or of the fit changes it: then run the
#       fit again and record the new sum with the reason.
# About 30 s of CPU in the sanitizer build (the Newton steps over the
# tuple fit's 1,713 weights), in a test of its own so tables.sh keeps
# within its time.
# Usage: ataxx_fit.sh BUILDDIR/quintet. Prints TAP.
set -u
build=$(cd "$(dirname "$1")" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..4"

# The shipped table's fit, as its top comment records it.
weights="$root/src/games/ataxx/ataxx_weights.h"
shipped=$(sed -n 's/^ \* ataxx_tune \(fit .*\) ([0-9]* games, [0-9]* positions)$/\1/p' "$weights")
if [ -z "$shipped" ]; then
	echo "not ok 1 - ataxx_weights.h names no fit"
	echo "ok 2 # skip no fit to run"
else
	# shellcheck disable=SC2086 # $shipped is words: options and data files
	if (cd "$root" && "$build/tools/ataxx_tune" $shipped) >"$tmp/shipped.h" 2>"$tmp/shipped"; then
		echo "ok 1 - ataxx_tune $shipped ran"
	else
		echo "not ok 1 - ataxx_tune $shipped failed:"
		sed 's/^/# /' "$tmp/shipped"
	fi
	if cmp -s "$tmp/shipped.h" "$weights"; then
		echo "ok 2 - its output is the shipped ataxx_weights.h"
	else
		echo "not ok 2 - its output differs from the shipped ataxx_weights.h:"
		diff "$weights" "$tmp/shipped.h" | head -40 | sed 's/^/# /'
	fi
fi

# The tuple fit of the recorded games (not shipped).
ATAXX_FIT="fit --tuples --drop frontier --every 3 tools/data/ataxx-standard.txt.xz"
ATAXX_SUM=7632094da72d54e7f9b7979311a05e79666803c8cd060404b4205cc1d6c8aa3a
# shellcheck disable=SC2086 # ATAXX_FIT is words: options and a data file
if (cd "$root" && "$build/tools/ataxx_tune" $ATAXX_FIT) >"$tmp/ataxx.h" 2>"$tmp/report"; then
	echo "ok 3 - ataxx_tune $ATAXX_FIT ran"
else
	echo "not ok 3 - ataxx_tune $ATAXX_FIT failed:"
	sed 's/^/# /' "$tmp/report"
fi
sum=$(sha256sum <"$tmp/ataxx.h" | cut -d' ' -f1)
if [ "$sum" = "$ATAXX_SUM" ]; then
	echo "ok 4 - the Ataxx tuple fit's output has its recorded checksum"
else
	echo "not ok 4 - the Ataxx tuple fit's output's checksum is $sum, not $ATAXX_SUM"
	sed -n '/fit:/,$p' "$tmp/report" | sed 's/^/# /'
fi
