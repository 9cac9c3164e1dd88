#!/usr/bin/env bash
# Cheap-command throughput through stdin/stdout: one million pipelined
# protocol_version commands from a file and from a pipe; the median of five
# runs each, in commands per second.
# Usage: bench/stdio.sh BUILDDIR   (an optimised build)
set -euo pipefail
engine=${1:?usage: bench/stdio.sh BUILDDIR}/quintet
n=1000000
input=$(mktemp)
trap 'rm -f "$input"' EXIT
{ yes protocol_version || true; } | head -n "$n" >"$input"

median_rate() { # median_rate MODE: commands/s, median of 5
	local times=() t
	for _ in 1 2 3 4 5; do
		local start end
		start=$(date +%s.%N)
		if [ "$1" = file ]; then
			"$engine" <"$input" >/dev/null
		else
			cat "$input" | "$engine" >/dev/null
		fi
		end=$(date +%s.%N)
		times+=("$(echo "$end - $start" | bc -l)")
	done
	t=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 3p)
	printf '%.0f' "$(echo "$n / $t" | bc -l)"
}
echo "stdin from a file: $(median_rate file) commands/s (median of 5, $n commands)"
echo "stdin from a pipe: $(median_rate pipe) commands/s (median of 5, $n commands)"
