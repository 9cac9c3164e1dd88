#!/bin/bash
# bench/never_late.sh: the acceptance benchmark for "quintet never loses on
# time". A benchmark, not a test: it takes long, its figures depend on the
# machine, and it is never part of the test command.
#
# Usage: bench/never_late.sh [--games N] [--games19 N] [--no-hog] [--only RE]
#                            BUILDDIR...
#   BUILDDIR   a build tree holding quintet and quintet-match (the release
#              build, scripts/bootstrap build-rel, and/or the sanitizer one);
#              every configuration runs against each
#   --games N  games per configuration (default 40)
#   --games19 N  games per Go 19x19 configuration (default: as --games; 0
#              skips them: a 60 s game a side lasts minutes)
#   --no-hog   no CPU hog (a comparison; the acceptance runs with it)
#   --only RE  only the configurations whose name matches the regex RE
#
# Each configuration is a quintet-match of quintet (its shipped
# configuration: default levels) against itself or a peer, with --results,
# while stress-ng --cpu 2 keeps both cores busy (stress-ng is installed
# with apt-get when missing; it is started before and stopped after each
# configuration, and at exit whatever happens):
#   go9-sd10       Go 9x9, --clock 10 (sudden death)
#   go9-byoyomi    Go 9x9, --clock 5+3x1 (5 s, then 3 periods of 1 s)
#   go19-sd60      Go 19x19, --clock 60
#   ataxx-uai      Ataxx over UAI (uai:quintet --protocol uai), --clock 5+0.05
#   gomoku-gomocup Gomoku over Gomocup (gomocup:quintet --protocol gomocup),
#                  --clock 10 --time 1: timeout_match 10000, timeout_turn 1000
# each against quintet itself (self) and a peer: Go against GNU Go
# (/usr/games/gnugo --mode gtp --level 10 --chinese-rules
# --capture-all-dead); Ataxx against Autaxx and Gomoku against AIWine when
# the environment names their binaries (AUTAXX=/path/autaxx,
# AIWINE=/path/pbrain-wine; built from their sources as ../shared/PEERS.md
# says), otherwise the line says the peer was skipped. Openings come from
# src/games/GAME/openings.txt (colours swapped in each pair), so self-play games
# differ.
#
# Output: one summary line per configuration and build:
#   CONFIG OPPONENT BUILD: G games, quintet lost L on time of S sides;
#   worst reply 41.2% of the time left (game 3, move 57: 1.234 s of 2.995 s);
#   periods lost P; peer: ...
# The worst reply is the largest reply / time left over quintet's moves
# (quintet-match's timing fields, src/match/results.h): the time left is
# what the move could have taken before a loss on time (main time and the
# byo-yomi periods left; Gomoku: the turn's 1 s or the match time left,
# the less). Every loss on time follows on a line of its own, with the
# referee's detail (the move, the time left). The results files and the
# reports stay in the work directory printed at the start.
set -u

games=40
games19=
hog=yes
only=.
builds=()
while [ $# -gt 0 ]; do
	case "$1" in
	--games) games="${2:?--games N}"; shift ;;
	--games19) games19="${2:?--games19 N}"; shift ;;
	--no-hog) hog=no ;;
	--only) only="${2:?--only RE}"; shift ;;
	-h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "never_late.sh: unknown option $1" >&2; exit 2 ;;
	*) builds+=("$(cd "$1" && pwd)") || exit 2 ;;
	esac
	shift
done
[ "${#builds[@]}" -gt 0 ] || { echo "usage: bench/never_late.sh [--games N] [--games19 N] [--no-hog] [--only RE] BUILDDIR..." >&2; exit 2; }
[ -n "$games19" ] || games19=$games
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
gnugo="/usr/games/gnugo --mode gtp --level 10 --chinese-rules --capture-all-dead"
work="$(mktemp -d "${TMPDIR:-/tmp}/never_late.XXXXXX")"
hog_pid=

stop_hog() {
	if [ -n "$hog_pid" ]; then
		kill -TERM "$hog_pid" 2>/dev/null
		wait "$hog_pid" 2>/dev/null
		hog_pid=
	fi
}
trap 'stop_hog' EXIT
trap 'stop_hog; exit 130' INT TERM

start_hog() {
	[ "$hog" = yes ] || return 0
	stress-ng --cpu 2 --timeout 0 --quiet >/dev/null 2>&1 &
	hog_pid=$!
	sleep 1 # let its workers start
}

if [ "$hog" = yes ] && ! command -v stress-ng >/dev/null; then
	echo "# installing stress-ng (apt-get)" >&2
	{ apt-get install -y stress-ng || { apt-get update && apt-get install -y stress-ng; }; } \
		>"$work/apt.log" 2>&1 || { echo "never_late.sh: cannot install stress-ng (see $work/apt.log)" >&2; exit 2; }
fi

# summarize RESULTS: the summary of a results file, engine 1 being quintet
# and engine 2 the opponent (quintet too in self-play, then both count).
summarize() {
	awk -F'\t' -v self="$2" '
	function timing(k, f, g,    a, n, i, kv) {
		if (f == "-") return
		n = split(f, a, " ")
		for (i = 1; i <= n; i++) { split(a[i], kv, "="); t[kv[1]] = kv[2] }
		lost[k] += t["periods_lost"]
		if (t["share"] + 0 > worst[k] + 0) {
			worst[k] = t["share"]; where[k] = sprintf("game %d, move %d: %.3f s of %.3f s", g, t["move"], t["reply"], t["left"])
		}
	}
	$1 ~ /^game / {
		g = substr($1, 6) + 0; games++
		b = $2; w = $3
		if ($6 == "time") { loser = $5 == "b" ? w : b; late[loser]++; detail[++nd] = sprintf("game %d: %s", g, $11) }
		timing(b, $12, g); timing(w, $13, g)
	}
	function side(k) {
		return sprintf("lost %d on time; worst reply %s; periods lost %d",
			late[k] + 0, worst[k] == "" ? "-" : sprintf("%.1f%% of the time left (%s)", 100 * worst[k], where[k]), lost[k] + 0)
	}
	END {
		if (self == "yes") {
			k = worst[1] + 0 >= worst[2] + 0 ? 1 : 2
			printf "%d games, quintet (both sides) lost %d on time of %d sides; worst reply %s; periods lost %d\n",
				games, late[1] + late[2], 2 * games,
				worst[k] == "" ? "-" : sprintf("%.1f%% of the time left (%s, engine %d)", 100 * worst[k], where[k], k),
				lost[1] + lost[2]
		} else {
			printf "%d games, quintet %s | peer %s\n", games, side(1), side(2)
		}
		for (i = 1; i <= nd; i++) print "    loss on time, " detail[i]
	}' "$1"
}

# play NAME OPPONENT BUILD GAMES ARGS...: one configuration.
play() {
	local name="$1" who="$2" build="$3" n="$4"
	shift 4
	local tag="$name-$who-$(basename "$build")" self=no
	[ "$who" = self ] && self=yes
	[[ "$name" =~ $only ]] || return 0
	if [ "$n" -le 0 ]; then
		printf '%-15s %-7s %-10s skipped (0 games)\n' "$name" "$who" "$(basename "$build")"
		return 0
	fi
	mkdir -p "$work/$tag"
	start_hog
	local t0=$SECONDS
	(cd "$work/$tag" && "$build/quintet-match" --games "$n" --alternate --seed 1 --quiet \
		--results results.txt --sgf-dir games "$@" >report.txt 2>stderr.txt)
	local rc=$?
	stop_hog
	printf '%-15s %-7s %-10s ' "$name" "$who" "$(basename "$build")"
	if [ $rc -ne 0 ] || [ ! -s "$work/$tag/results.txt" ]; then
		echo "quintet-match failed (status $rc): $(head -c 300 "$work/$tag/stderr.txt")"
		return 0
	fi
	summarize "$work/$tag/results.txt" "$self" | sed "1s/\$/ [$((SECONDS - t0)) s]/"
}

echo "# never_late: $games games a configuration ($games19 on 19x19), CPU hog: $hog; work directory $work"
for build in "${builds[@]}"; do
	q="$build/quintet"
	[ -x "$q" ] && [ -x "$build/quintet-match" ] || { echo "never_late.sh: no quintet or quintet-match in $build" >&2; exit 2; }
	echo "# $build: $("$q" --version 2>/dev/null | head -1)"
	go=(--game go --openings "$here/src/games/go/openings.txt")
	play go9-sd10 self "$build" "$games" "${go[@]}" --size 9 --clock 10 --black "$q" --white "$q"
	play go9-sd10 gnugo "$build" "$games" "${go[@]}" --size 9 --clock 10 --black "$q" --white "$gnugo"
	play go9-byoyomi self "$build" "$games" "${go[@]}" --size 9 --clock 5+3x1 --black "$q" --white "$q"
	play go9-byoyomi gnugo "$build" "$games" "${go[@]}" --size 9 --clock 5+3x1 --black "$q" --white "$gnugo"
	play go19-sd60 self "$build" "$games19" "${go[@]}" --size 19 --clock 60 --black "$q" --white "$q"
	play go19-sd60 gnugo "$build" "$games19" "${go[@]}" --size 19 --clock 60 --black "$q" --white "$gnugo"
	ataxx=(--game ataxx --rules standard --option "layout=corners 2" --clock 5+0.05
	       --openings "$here/src/games/ataxx/openings.txt" --black "uai:$q --protocol uai")
	play ataxx-uai self "$build" "$games" "${ataxx[@]}" --white "uai:$q --protocol uai"
	if [ -n "${AUTAXX:-}" ]; then
		play ataxx-uai autaxx "$build" "$games" "${ataxx[@]}" --white "uai:$AUTAXX"
	elif [[ ataxx-uai =~ $only ]]; then
		printf '%-15s %-7s %-10s skipped: no peer (set AUTAXX to an Autaxx binary, ../shared/PEERS.md)\n' ataxx-uai autaxx "$(basename "$build")"
	fi
	gomoku=(--game gomoku --size 15 --clock 10 --time 1 --openings "$here/src/games/gomoku/openings.txt"
		--black "gomocup:$q --protocol gomocup")
	play gomoku-gomocup self "$build" "$games" "${gomoku[@]}" --white "gomocup:$q --protocol gomocup"
	if [ -n "${AIWINE:-}" ]; then
		play gomoku-gomocup aiwine "$build" "$games" "${gomoku[@]}" --white "gomocup:$AIWINE"
	elif [[ gomoku-gomocup =~ $only ]]; then
		printf '%-15s %-7s %-10s skipped: no peer (set AIWINE to an AIWine pbrain-wine, ../shared/PEERS.md)\n' gomoku-gomocup aiwine "$(basename "$build")"
	fi
done
