#!/bin/bash
# tests/integration/soak.sh BUILDDIR/quintet
#
# The soak test's 30-second version (bench/soak --duration 30, and 3 s of
# each attack: ping flood, slowloris, descriptor exhaustion, register flood): 200 clients
# sending random valid and invalid command streams, clients dropping out in
# the middle of a genmove, idle ones, ones that never read their replies, a
# 100 MB line, and a probe client. Prints TAP; fails on a crash, a sanitizer
# or LeakSanitizer report at the daemon's exit, a stuck session (a reply
# waited for 30 s), or a descriptor leak. Its figures (commands served, RSS,
# descriptors, the probe's latency) are printed as comments.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python3 "$root/bench/soak" --duration 30 --attack-seconds 3 --tap "$1" | sed -e '/^\(ok\|not ok\|1\.\.\)/!s/^/# /'
exit "${PIPESTATUS[0]}"
