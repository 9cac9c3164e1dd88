#!/bin/sh
# bench/flood_match.sh [OPTIONS] BUILDDIR [BOARDS] [CONCURRENCY] [SEED]
#
# Flood's search level against level easy (seed 000's greedy player), or
# against another quintet binary, with quintet-match: BOARDS random boards
# (default 200) of each shape, each played twice with the colours swapped
# (--alternate: the two games of a pair share the referee's board, which
# both engines get as loadboard text). Prints quintet-match's report per
# shape; the table's row "search ..." is the search's score (engine 2 is
# "opponent"), and the last line counts the boards the same colour won
# in both games (decided by the board and the first move, whichever
# engine played it).
#
# Options:
#   --shape WxH/C   board width, height and colours (default 20x20/6);
#                   repeatable; "all" is the issue's four shapes:
#                   20x20/6, 12x12/4, 30x20/6, 50x50/9
#   --nodes N       the search's node budget per move (default 50000, the
#                   shipped hard level's): a level of nodes only, so the
#                   result does not depend on the machine's load
#   --depth D       a depth budget as well or instead (--nodes 0: none)
#   --vs BINARY     play BINARY's search at the same budget instead of
#                   easy (an older build: the version before a change)
#   --vs-nodes N    the opponent is the search at N nodes a move (BINARY's
#                   with --vs, else the build's own): what a bigger budget
#                   is worth, a yardstick for a change's score
#
# Use a release build: scripts/bootstrap build && bench/flood_match.sh build
# e.g. bench/flood_match.sh --shape all --nodes 20000 build 200 2
set -eu
usage() {
	echo "usage: $0 [--shape WxH/C|all]... [--nodes N] [--depth D] [--vs BINARY]" \
		"[--vs-nodes N]" \
		"BUILDDIR [BOARDS] [CONCURRENCY] [SEED]" >&2
	exit 2
}
shapes=
nodes=50000
depth=0
vs=
vs_nodes=
while [ $# -gt 0 ]; do
	case "$1" in
	--shape)
		[ $# -ge 2 ] || usage
		if [ "$2" = all ]; then
			shapes="$shapes 20x20/6 12x12/4 30x20/6 50x50/9"
		else
			shapes="$shapes $2"
		fi
		shift 2 ;;
	--nodes) [ $# -ge 2 ] || usage; nodes="$2"; shift 2 ;;
	--depth) [ $# -ge 2 ] || usage; depth="$2"; shift 2 ;;
	--vs) [ $# -ge 2 ] || usage; vs="$2"; shift 2 ;;
	--vs-nodes) [ $# -ge 2 ] || usage; vs_nodes="$2"; shift 2 ;;
	-*) usage ;;
	*) break ;;
	esac
done
build="${1:-}"
[ -n "$build" ] || usage
boards="${2:-200}"
jobs="${3:-1}"
seed="${4:-1}"
engine="$build/quintet"
[ -n "$shapes" ] || shapes=20x20/6

budget=
[ "$nodes" = 0 ] || budget=", nodes: $nodes"
[ "$depth" = 0 ] || budget="$budget, depth: $depth"
# The levels of this match: the search at the budget asked for, and easy.
conf="$(mktemp "${TMPDIR:-/tmp}/flood_match.XXXXXX")"
out="$(mktemp "${TMPDIR:-/tmp}/flood_match.XXXXXX")"
trap 'rm -f "$conf" "$out"' EXIT
cat >"$conf" <<EOF
games:
  flood:
    levels:
      easy: {algorithm: greedy}
      bench: {algorithm: alphabeta$budget}
      vs: {algorithm: alphabeta, nodes: ${vs_nodes:-1}}
EOF
opponent="${vs:-easy}"
if [ -n "$vs_nodes" ]; then
	white="${vs:-$engine} --config $conf --game flood --level vs"
	opponent="${vs:-the same build} at $vs_nodes nodes"
elif [ -n "$vs" ]; then
	white="$vs --config $conf --game flood --level bench"
else
	white="$engine --config $conf --game flood --level easy"
fi

for shape in $shapes; do
	case "$shape" in
	*x*/*) ;;
	*) echo "$0: bad shape '$shape' (WxH/C, e.g. 20x20/6)" >&2; exit 2 ;;
	esac
	w="${shape%%x*}"
	rest="${shape#*x}"
	h="${rest%/*}"
	c="${rest#*/}"
	echo "== flood $shape: search (nodes $nodes, depth $depth) vs $opponent," \
		"$boards boards, both colours"
	"$build/quintet-match" --game flood \
		--option "width=$w" --option "height=$h" --option "colors=$c" \
		--black "$engine --config $conf --game flood --level bench" --black-name search \
		--white "$white" --white-name opponent \
		--games "$((2 * boards))" --alternate --concurrency "$jobs" --seed "$seed" \
		--quiet >"$out"
	sed -n '/^ *games  *wins/,$p' "$out"
	# The two games of a board, in a row: the same colour winning both
	# (whoever played it) is the board's verdict, not the engines'. A
	# Flood game the rules ended says no-moves.
	awk '$NF == "no-moves" && $1 ~ /^[0-9]+$/ {
		w = substr($4, 1, 1)
		if ($1 % 2) { first = w } else { pairs++; if (w == first && w != "0") same++ }
	} END { printf "boards won by the same colour in both games: %d of %d\n", same, pairs }' "$out"
done
