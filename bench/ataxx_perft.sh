#!/usr/bin/env bash
# Ataxx perft side by side with libataxx (issue 49's figure): perft DEPTH
# from the start, quintet's 64-bit boards (bench/ataxx_perft) and
# libataxx's examples/perft alternated ROUNDS times, each program's own
# timing of that depth, the medians and their ratio.
#
# libataxx times its perft by the wall clock, quintet by its thread's CPU
# clock: run it on a quiet machine. Both count with bulk counting at the
# last ply; quintet also counts the last two plies without making the
# positions (perft2 in src/games/ataxx/ataxx_pos_tmpl.h).
#
# Usage: bench/ataxx_perft.sh BUILDDIR LIBATAXX_PERFT [DEPTH [ROUNDS]]
#   BUILDDIR: an optimised build with `make -C BUILDDIR bench` done;
#   LIBATAXX_PERFT: libataxx's build/examples/perft (../shared/PEERS.md).
set -euo pipefail
build=${1:?usage: bench/ataxx_perft.sh BUILDDIR LIBATAXX_PERFT [DEPTH [ROUNDS]]}
peer=${2:?usage: bench/ataxx_perft.sh BUILDDIR LIBATAXX_PERFT [DEPTH [ROUNDS]]}
depth=${3:-7}
rounds=${4:-5}
ours=() theirs=()

median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

for ((i = 0; i < rounds; i++)); do
	# "64-bit  perft 7: 5023479496 leaves in 0.721 s (median of 1), ..."
	line=$("$build/bench/ataxx_perft" "$depth" 1 | grep '^64-bit')
	leaves=$(awk '{ print $4 }' <<<"$line")
	ours+=("$(awk '{ print $7 }' <<<"$line")")
	# "Depth 7 nodes 5023479496 time 1802ms nps 2787724470"
	line=$("$peer" "$depth" | grep "^Depth $depth ")
	if [ "$(awk '{ print $4 }' <<<"$line")" != "$leaves" ]; then
		echo "the counts differ: quintet $leaves, libataxx: $line" >&2
		exit 1
	fi
	theirs+=("$(awk '{ sub(/ms$/, "", $6); print $6 / 1000 }' <<<"$line")")
done
q=$(median "${ours[@]}")
l=$(median "${theirs[@]}")
ratio=$(awk -v q="$q" -v l="$l" 'BEGIN { printf "%.2f", l / q }')
echo "perft $depth from the start: $leaves leaves; medians of $rounds rounds:" \
	"quintet $q s, libataxx $l s, quintet ${ratio}x as fast"
