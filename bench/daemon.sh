#!/usr/bin/env bash
# Daemon benchmark: RSS with 1000 idle sessions (fresh daemon), then
# cheap-command throughput (16 pipelined per connection) and latency (one
# at a time) for 1, 10, 100 and 1000 connections, without and with two
# background sessions looping a slow command (playout_score) on the workers.
# Usage: bench/daemon.sh BUILDDIR [SECONDS-PER-RUN]
#   BUILDDIR: an optimised build with `make -C BUILDDIR bench` done.
set -euo pipefail
build=${1:?usage: bench/daemon.sh BUILDDIR [SECONDS]}
seconds=${2:-3}
ulimit -n 8192
err=$(mktemp)
pid=

start_daemon() {
	: >"$err"
	"$build/quintet" --listen 127.0.0.1:0 --log-level warn --max-connections 5000 2>"$err" &
	pid=$!
	for _ in $(seq 100); do grep -q listening "$err" && break; sleep 0.05; done
	port=$(sed -n 's/^.*: listening on .*:\([0-9]*\)$/\1/p' "$err")
}

trap 'kill $pid 2>/dev/null; rm -f "$err"' EXIT
echo "quintet $("$build/quintet" --version | cut -d' ' -f2), $(nproc) cores"
start_daemon
"$build/bench/loadgen" 127.0.0.1 "$port" 1000 idle "$pid"
kill "$pid"; wait "$pid" || true
start_daemon
for depth in 16 1; do
	for bg in 0 2; do
		for conns in 1 10 100 1000; do
			"$build/bench/loadgen" 127.0.0.1 "$port" "$conns" "$seconds" "$depth" "$bg"
		done
	done
done
