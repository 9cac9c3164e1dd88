#!/bin/sh
# bench/gomoku_cli_match.sh BUILDDIR C-GOMOKU-CLI PEER [GAMES [SECONDS]]
#
# quintet's Gomocup front end (`quintet --protocol gomocup --level LEVEL`)
# against a Gomocup brain PEER (e.g. AIWine's pbrain-wine, Rapfi's
# pbrain-rapfi) with c-gomoku-cli, the Gomocup match runner, as referee:
# 15x15, GAMES games (default 20), SECONDS a move (default 2: Gomocup's
# `INFO timeout_turn 2000`, no match clock, c-gomoku-cli's 3 s tolerance
# before a hang counts), over three-stone openings played each twice with
# the colours swapped (c-gomoku-cli's -repeat), in file order. Peers and
# c-gomoku-cli are yardsticks built outside the repository, as
# ../shared/PEERS.md says; never part of the tests.
# Environment:
#   LEVEL     quintet's level (default hard)
#   RULE      Gomocup rule code: 0 freestyle (default), 1 exactly five, 4 renju
#   OPENINGS  openings, a line of GTP vertices each ("H8 G7 F6", black
#             first; lines starting with # skipped), converted to
#             c-gomoku-cli's centre offsets (default bench/gomoku_openings.txt)
#   SGF       a file to save the games in (SGF); default none
#   CONCURRENCY  games played at once (default 1); at most the cores the
#             machine has free (each game has one engine thinking at a time):
#             with 2 on this 2-core machine and a build beside it, AIWine
#             lost 9 of 32 games on time; at 1, none of 100)
# Prints c-gomoku-cli's progress (game by game when util-linux's script(1)
# can give it a terminal) and its last "Score of quintet vs PEER:
# W - L - D [score] N" line (quintet's wins first), then quintet's score
# with a 95% Wilson interval and the Elo difference with the Elo of those
# bounds, as quintet-match reports them. bench/gomoku_rapfi.sh runs such a
# match with quintet-match as referee instead.
# Use a release build: scripts/bootstrap build-rel, e.g.
#   bench/gomoku_cli_match.sh build-rel /work/peers/c-gomoku-cli/src/c-gomoku-cli \
#     /work/peers/AIWine/bin/pbrain-wine 20 2
set -eu
usage="usage: $0 BUILDDIR C-GOMOKU-CLI PEER [GAMES [SECONDS]]"
build=$(cd "${1:?$usage}" && pwd)
cli=${2:?$usage}
peer=${3:?$usage}
games=${4:-20}
seconds=${5:-2}
here=$(cd "$(dirname "$0")" && pwd)
openings=${OPENINGS:-$here/gomoku_openings.txt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# H8 is 7,7 on 15x15; offsets count x to the right, y downwards from it.
awk '!/^#/ && NF { line = ""
	for (i = 1; i <= NF; i++) {
		c = index("ABCDEFGHJKLMNOPQRSTUVWXYZ", toupper(substr($i, 1, 1))) - 1
		r = substr($i, 2) + 0
		line = line (i > 1 ? ", " : "") (c - 7) "," (15 - r - 7)
	}
	print line }' "$openings" >"$tmp/openings.txt"

peer=$(cd "$(dirname "$peer")" && pwd)/$(basename "$peer")
name=$(basename "$peer")
set -- "$cli" -rule "${RULE:-0}" -boardsize 15 -games "$games" -repeat \
	-concurrency "${CONCURRENCY:-1}" \
	-each tc=0/"$seconds" \
	-engine name=quintet cmd="$build/quintet --protocol gomocup --level ${LEVEL:-hard}" \
	-engine name="$name" cmd="$peer" \
	-openings file="$tmp/openings.txt" type=offset order=sequential \
	${SGF:+-sgf "$SGF"}
if command -v script >/dev/null; then
	# c-gomoku-cli's printf lines wait in its buffer to the end unless its
	# output is a terminal: on a pseudo-terminal each game shows as it ends.
	# (Its lines end in CR LF there; the score line is read without the CR.)
	script -qec "$(for a; do printf "'%s' " "$a"; done)" /dev/null </dev/null |
		tee "$tmp/out.txt"
else
	"$@" | tee "$tmp/out.txt"
fi

# quintet's score, Wilson interval and Elo as src/match/stats.c computes them.
grep '^Score of' "$tmp/out.txt" | tail -1 | tr -d '\r' | sed 's/.*: //' | awk '{
	w = $1 + 0; l = $3 + 0; d = $5 + 0; n = w + l + d
	if (n == 0) { print "no game counted"; exit }
	p = (w + d / 2) / n; z = 1.959964
	den = 1 + z * z / n; c = (p + z * z / (2 * n)) / den
	h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
	lo = p == 0 ? 0 : (c - h < 0 ? 0 : c - h); hi = p == 1 ? 1 : (c + h > 1 ? 1 : c + h)
	printf "quintet: +%d =%d -%d of %d, score %.1f%% (95%% interval %.1f%% to %.1f%%)\n", \
		w, d, l, n, 100 * p, 100 * lo, 100 * hi
	printf "Elo difference (quintet - peer): %s [%s, %s]\n", elo(p), elo(lo), elo(hi) }
function elo(s) { return s <= 0 ? "-inf" : s >= 1 ? "+inf" : sprintf("%+.1f", -400 * log(1 / s - 1) / log(10)) }'
