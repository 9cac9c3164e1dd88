#!/usr/bin/env bash
# The Ataxx fits reproduced (doc/ataxx-tuning.md):
#  1-3. the shipped ataxx_weights.h is a fit's output: the fit its top
#       comment names (ataxx_tune fit of the recorded positions labelled
#       by a search, tools/data/ataxx-*-d8.txt.xz) is run again and its
#       output must be that file byte for byte (check_fit, fit_check.bash);
#  4-5. the tuple fit of the recorded games (section 3; not shipped: it
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
echo "1..5"
# shellcheck source=tests/integration/fit_check.bash
. "$root/tests/integration/fit_check.bash"

check_fit src/games/ataxx/ataxx_weights.h ataxx_tune

# The tuple fit of the recorded games (not shipped).
ATAXX_FIT="fit --tuples --drop frontier --every 3 tools/data/ataxx-standard.txt.xz"
ATAXX_SUM=7632094da72d54e7f9b7979311a05e79666803c8cd060404b4205cc1d6c8aa3a
# shellcheck disable=SC2086 # ATAXX_FIT is words: options and a data file
if (cd "$root" && "$build/tools/ataxx_tune" $ATAXX_FIT) >"$tmp/ataxx.h" 2>"$tmp/report"; then
	ok "ataxx_tune $ATAXX_FIT ran"
else
	not_ok "ataxx_tune $ATAXX_FIT failed:"
	sed 's/^/# /' "$tmp/report"
fi
sum=$(sha256sum <"$tmp/ataxx.h" | cut -d' ' -f1)
if [ "$sum" = "$ATAXX_SUM" ]; then
	ok "the Ataxx tuple fit's output has its recorded checksum"
else
	not_ok "the Ataxx tuple fit's output's checksum is $sum, not $ATAXX_SUM"
	sed -n '/fit:/,$p' "$tmp/report" | sed 's/^/# /'
fi
