#!/bin/sh
# bench/go_territory.sh BUILD/quintet [GAMES9 GAMES13]: Japanese (territory)
# scoring against GNU Go 3.8's on games GNU Go finishes against itself with
# --capture-all-dead (tests/integration/go_territory.py, the issue's 30 and
# 30 by default); prints TAP and "territory scores equal to GNU Go's: N of M".
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$here/tests/integration/go_territory.py" "$1" \
	--games9 "${2:-30}" --games13 "${3:-30}" --seed "${SEED:-7}"
