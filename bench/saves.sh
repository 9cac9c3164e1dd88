#!/usr/bin/env bash
# Save-file benchmark.
#  1. bench/saves: saves and loads per second of a 200-move Go game (19x19)
#     and a 100-move Ataxx game (7x7) through a session (save = text,
#     load-back check, atomic write with two fsyncs; load = read, rebuild,
#     checks), on the file system of the data directory.
#  2. The p99 latency of a cheap command (protocol_version, one at a time)
#     on one connection to the daemon, alone and then while 50 other
#     clients each loop `save bgN` of that 200-move Go game (loaded once
#     with `load seed`). TCP sessions are guests until accounts exist: the
#     daemon is started with QUINTET_TEST_TCP_OWNER=bench, the test hook
#     that gives every TCP session one owner.
# Usage: bench/saves.sh BUILDDIR [SECONDS-PER-RUN] [DATA-DIR-PARENT]
#   BUILDDIR: an optimised build with `make -C BUILDDIR bench` done.
#   DATA-DIR-PARENT: where the scratch data directory goes (default $TMPDIR
#   or /tmp; its file system decides what an fsync costs).
set -euo pipefail
build=${1:?usage: bench/saves.sh BUILDDIR [SECONDS] [DATA-DIR-PARENT]}
seconds=${2:-5}
data=$(mktemp -d "${3:-${TMPDIR:-/tmp}}/quintet-bench-saves.XXXXXX")
err=$(mktemp)
pid=
trap '[ -n "$pid" ] && { kill $pid 2>/dev/null; wait $pid 2>/dev/null; }; rm -rf "$data" "$err"' EXIT

echo "quintet $("$build/quintet" --version | cut -d' ' -f2), $(nproc) cores," \
	"data on $(df -T "$data" | awk 'NR==2 {print $2}')"
"$build/bench/saves" "$data" 2

# The 200-move Go game the background clients save.
{
	echo "boardsize 19"
	for i in $(seq 100); do echo "genmove b"; echo "genmove w"; done
	echo "save seed"
} | "$build/quintet" --user bench --data-dir "$data" --seed 1 >/dev/null

QUINTET_TEST_TCP_OWNER=bench "$build/quintet" --listen 127.0.0.1:0 --data-dir "$data" \
	--log-level warn 2>"$err" &
pid=$!
for _ in $(seq 100); do grep -q listening "$err" && break; sleep 0.05; done
port=$(sed -n 's/^.*: listening on .*:\([0-9]*\)$/\1/p' "$err")

"$build/bench/loadgen" 127.0.0.1 "$port" 1 "$seconds" 1 0
"$build/bench/loadgen" 127.0.0.1 "$port" 1 "$seconds" 1 50 "save bg%d" "load seed"
