#!/bin/sh
# quintet against Autaxx (or any UAI Ataxx engine) through cuteataxx, the
# standard Ataxx match runner: a clock of TIME ms + INC ms a move for both
# (cuteataxx gets clocks wrong when the engines' controls differ), the
# openings file played twice with colours swapped (cuteataxx's
# res/openings/ply3_fair.txt is the issue's), standard rules. Peers are
# built outside the repository (../shared/PEERS.md); this is a benchmark,
# never a test. Prints cuteataxx's report (W/D/L and Elo).
#
# Usage: bench/ataxx_autaxx.sh CUTEATAXX_CLI QUINTET AUTAXX OPENINGS \
#            [GAMES [TIME_MS [INC_MS [CONCURRENCY]]]]
#   defaults: 100 games, 10000 ms + 100 ms, 1 game at a time
set -eu

if [ $# -lt 4 ]; then
	echo "usage: $0 CUTEATAXX_CLI QUINTET AUTAXX OPENINGS [GAMES [TIME_MS [INC_MS [CONCURRENCY]]]]" >&2
	exit 2
fi
cli="$1" quintet="$2" autaxx="$3" openings="$4"
games="${5:-100}" time_ms="${6:-10000}" inc_ms="${7:-100}" conc="${8:-1}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ataxx-autaxx.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/settings.json" <<JSON
{
    "games": $games, "concurrency": $conc, "ratinginterval": 10,
    "verbose": false, "debug": false, "recover": false,
    "colour1": "Black", "colour2": "White", "tournament": "roundrobin",
    "print_early": true,
    "adjudicate": { "gamelength": 400, "timeout_buffer": 25 },
    "openings": { "path": "$openings", "repeat": true, "shuffle": false },
    "timecontrol": { "time": $time_ms, "inc": $inc_ms },
    "options": { "hash": "64" },
    "pgn": { "enabled": true, "verbose": false, "override": true,
             "path": "$tmp/games.pgn", "event": "quintet vs autaxx" },
    "engines": [
        { "name": "quintet", "path": "$quintet", "arguments": "--protocol uai",
          "protocol": "UAI" },
        { "name": "autaxx", "path": "$autaxx", "protocol": "UAI" }
    ]
}
JSON
"$cli" "$tmp/settings.json"
