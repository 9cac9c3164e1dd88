#!/bin/bash
# Integration tests of quintet-match, the referee: bad input (exit 2 with a
# message), quintet-vs-quintet matches with consistent totals, determinism
# across --concurrency, records, openings, misbehaving fake engines, the
# move cap, SPRT, GNU Go, and tcp: engines through a small TCP bridge.
# Usage: match.sh BUILDDIR/quintet (quintet-match sits next to it). Prints TAP.
set -u

engine="${1:?usage: match.sh BUILDDIR/quintet}"
engine="$(cd "$(dirname "$engine")" && pwd)/$(basename "$engine")"
match="$(dirname "$engine")/quintet-match"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fake="$here/../fake-engines/fake-gtp"
bridge="$here/../fake-engines/tcp-bridge.py"
gnugo="$(command -v gnugo || echo /usr/games/gnugo)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/match-test.XXXXXX")"
bridge_pid=
cleanup() {
	[ -n "$bridge_pid" ] && kill "$bridge_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
	shift
	for line in "$@"; do echo "#   $line"; done
}
# check NAME SHELL-CONDITION: ok when the condition (evaluated) holds.
check() {
	if eval "$2"; then ok "$1"; else not_ok "$1" "failed: $2" "stdout: $(head -c 600 "$tmp/out")" "stderr: $(tail -c 300 "$tmp/err")"; fi
}

# run ARGS...: quintet-match with a bound; stdout in $tmp/out, stderr in
# $tmp/err, status in $status.
sanitizer_reports=0
run() {
	timeout -k 5 120 "$match" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$tmp/err"; then
		sanitizer_reports=$((sanitizer_reports + 1))
		echo "# sanitizer report from: quintet-match $*"
		grep -m 5 -E 'Sanitizer|runtime error' "$tmp/err" | sed 's/^/#   /'
	fi
}

# usage_error NAME PATTERN ARGS...: exit 2, PATTERN on stderr, no crash.
usage_error() {
	local name="$1" pattern="$2"
	shift 2
	run "$@"
	if [ "$status" -eq 2 ] && grep -q -- "$pattern" "$tmp/err" &&
		! grep -qE 'Sanitizer|runtime error' "$tmp/err"; then
		ok "$name"
	else
		not_ok "$name" "status $status, stderr: $(head -c 300 "$tmp/err")"
	fi
}

# field ROW N: the Nth number of a table row of $tmp/out ("engine 1", "as black").
field() {
	awk -v row="$1" -v k="$2" '$0 ~ "^ *" row " +[0-9]" {
		sub("^ *" row " +", ""); split($0, f, / +/); print f[k]; exit }' "$tmp/out"
}

# game_lines: the per-game lines of $tmp/out.
game_lines() { grep -E '^ +[0-9]+ +[12] +[12] ' "$tmp/out"; }

q9=(--size 9 --seed 11)
# quintet at its random Go level: Go's default level is the tree search,
# too slow for matches that test the referee.
qe="$engine --level easy"

# --- help and bad input ------------------------------------------------------
run --help
check "--help exits 0 and documents every flag" '[ $status -eq 0 ] && for f in --game --black --white --games --size --rules --komi --time --openings --alternate --concurrency --sgf-dir --seed --max-moves --sprt --results --resume "EXIT STATUS"; do grep -q -- "$f" "$tmp/out" || return 1; done'
run --version
check "--version" 'grep -q "^quintet-match " "$tmp/out"'

usage_error "unknown flag" "unrecognized option" --bogus
usage_error "missing --white" "--white is required" --black "$engine"
usage_error "missing engine binary" "cannot run '/nonexistent/engine': No such file or directory" \
	--black "$engine" --white "/nonexistent/engine --mode gtp"
usage_error "engine that exits at once" "did not answer" --black "$engine" --white "$fake silent"
usage_error "unterminated quote in an engine" "--black: unterminated quote" \
	--black "quintet 'x" --white "$engine"
usage_error "bad tcp address" "want tcp:HOST:PORT" --black tcp:localhost --white "$engine"
usage_error "unreadable openings file" "cannot read $tmp/none" \
	--black "$engine" --white "$engine" --openings "$tmp/none"
printf 'E5 D4\nC3 C3\n' >"$tmp/badbook"
usage_error "illegal move in openings" "badbook:2: illegal move 'C3'" \
	--black "$engine" --white "$engine" --size 9 --openings "$tmp/badbook"
usage_error "Gomoku: bad rules" "--rules go: unknown rules (gomoku has: freestyle, standard, renju)" \
	--game gomoku --black "$engine" --white "$engine" --rules go
usage_error "Gomoku: bad size" "--size 4: unacceptable size" \
	--game gomoku --black "$engine" --white "$engine" --size 4
printf 'H8 H9\nH8 H8\n' >"$tmp/gbadbook"
usage_error "Gomoku: illegal move in openings" "gbadbook:2: illegal move 'H8'" \
	--game gomoku --black "$engine" --white "$engine" --openings "$tmp/gbadbook"
usage_error "unknown game" "unknown game 'chess'" --game chess --black "$engine" --white "$engine"
usage_error "bad size" "--size 30: unacceptable size" --black "$engine" --white "$engine" --size 30
usage_error "bad rules" "--rules ing: unknown rules" --black "$engine" --white "$engine" --rules ing
usage_error "bad komi" "--komi x: komi not a float" --black "$engine" --white "$engine" --komi x
usage_error "--size for a game without sizes" "--size: mastermind has no board size" \
	--game mastermind --black "$engine" --white "$engine" --size 9
usage_error "--option the game does not have" "--option shape=x: ataxx has no option 'shape'" \
	--game ataxx --black "$engine" --white "$engine" --option shape=x
usage_error "--option with a bad value" "--option layout=rows 9: invalid layout" \
	--game ataxx --black "$engine" --white "$engine" --option "layout=rows 9"
usage_error "--option without =" "--option layout: expected KEY=VALUE" \
	--game ataxx --black "$engine" --white "$engine" --option layout
run --game ataxx --rules standard --option "layout=corners 2" --black "$engine --level greedy" \
	--white "$engine" --games 2 --seed 5
check "--option layout=corners 2 starts Ataxx from the tournament position" \
	'[ $status -eq 0 ] && grep -q "^quintet-match: ataxx, 7x7, layout corners 2, rules standard" "$tmp/out"'
usage_error "bad --games" "--games needs an integer" --black "$engine" --white "$engine" --games 0
usage_error "bad --concurrency" "--concurrency needs an integer" \
	--black "$engine" --white "$engine" --concurrency 65
usage_error "bad --time" "--time needs a number" --black "$engine" --white "$engine" --time -1
usage_error "--time below a second cannot be told to GTP engines" \
	"--time 0.3: GTP engines are told whole seconds" --black "$engine" --white "$engine" --time 0.3
usage_error "--sprt needs two values" "--sprt needs two values" \
	--black "$engine" --white "$engine" --sprt 5
usage_error "--sprt order" "ELO1 must be greater" --black "$engine" --white "$engine" --sprt 5 0
touch "$tmp/file"
usage_error "--sgf-dir on a file" "--sgf-dir $tmp/file" \
	--black "$engine" --white "$engine" --sgf-dir "$tmp/file"

# --- quintet against quintet ---------------------------------------------------
run --black "$qe" --white "$qe" "${q9[@]}" --games 10 --alternate
games=$(field "engine 1" 1)
w=$(field "engine 1" 2) d=$(field "engine 1" 3) l=$(field "engine 1" 4)
bw=$(field "as black" 2) bd=$(field "as black" 3) bl=$(field "as black" 4)
ww=$(field "as white" 2) wd=$(field "as white" 3) wl=$(field "as white" 4)
check "10-game match exits 0" '[ "$status" -eq 0 ]'
check "10 games counted, 10 listed" \
	'[ "$games" = 10 ] && [ "$(game_lines | wc -l)" -eq 10 ] && [ $((w + d + l)) -eq 10 ]'
check "per-colour totals add up, 5 games each colour" \
	'[ $((bw + ww)) -eq "$w" ] && [ $((bl + wl)) -eq "$l" ] && [ $((bd + wd)) -eq "$d" ] &&
	[ $((bw + bd + bl)) -eq 5 ] && [ $((ww + wd + wl)) -eq 5 ]'
colours=$(sed -n 's/^colours: black won \([0-9]*\), white won \([0-9]*\), draws \([0-9]*\)$/\1 \2 \3/p' "$tmp/out")
check "colour wins add up to 10" '[ "$(echo "$colours" | awk "{print \$1 + \$2 + \$3}")" = 10 ]'
check "every game ended by the rules (two passes)" \
	'[ "$(game_lines | awk "\$6 == \"score\"" | wc -l)" -eq 10 ]'
check "score with its 95% interval" \
	'grep -qE "^score of engine 1: [0-9.]+% \(95% interval [0-9.]+% to [0-9.]+%\)$" "$tmp/out"'
check "Elo difference with an error bar" \
	'grep -qE "^Elo difference \(engine 1 - engine 2\): [-+][0-9.]+ \+/- ([0-9.]+|inf) \(95% error bar\)$" "$tmp/out"'
check "progress line per game on stderr" \
	'[ "$(grep -c "^game [0-9]*/10: engine 1 +" "$tmp/err")" -eq 10 ]'
cp "$tmp/out" "$tmp/serial"
run --black "$qe" --white "$qe" "${q9[@]}" --games 10 --alternate --concurrency 4 --quiet
check "same seed, --concurrency 4: identical report" 'cmp -s "$tmp/serial" "$tmp/out"'
check "--quiet: nothing on stderr" '[ ! -s "$tmp/err" ]'
run --black "$qe" --white "$qe" --size 9 --seed 12 --games 10 --alternate
check "another seed, other games" '! cmp -s "$tmp/serial" "$tmp/out"'

# --- records ----------------------------------------------------------------
run --black "$qe" --white "$qe" "${q9[@]}" --games 4 --komi 0.5 --sgf-dir "$tmp/sgf"
check "one SGF per game" \
	'[ "$(ls "$tmp/sgf" | tr "\n" " ")" = "game-0001.sgf game-0002.sgf game-0003.sgf game-0004.sgf " ]'
check "SGF names players, komi and result" \
	'grep -q "PB\[quintet .*PW\[quintet .*KM\[0.5\]RE\[[BW]+" "$tmp/sgf/game-0003.sgf"'
agree=0
for f in "$tmp"/sgf/*.sgf; do
	re=$(sed -n 's/.*RE\[\([^]]*\)\].*/\1/p' "$f" | head -1)
	score=$(printf 'loadsgf %s\nfinal_score\n' "$f" | "$engine" | sed -n 's/^= \([BW0].*\)/\1/p')
	[ -n "$re" ] && [ "$re" = "$score" ] && agree=$((agree + 1))
done
check "quintet reloads every SGF and scores it as the referee did" '[ "$agree" -eq 4 ]'

printf '# two openings\nE5 D4\nC3, G7\n' >"$tmp/book"
run --black "$qe" --white "$qe" "${q9[@]}" --games 4 --openings "$tmp/book" --sgf-dir "$tmp/op"
check "openings: colours swap within each pair" \
	'[ "$(game_lines | awk "{printf \"%s%s \", \$2, \$3}")" = "12 21 12 21 " ]'
check "openings: games 1-2 start E5 D4, games 3-4 start C3 G7" \
	'grep -q ";B\[ee\];W\[df\]" "$tmp/op/game-0001.sgf" && grep -q ";B\[ee\];W\[df\]" "$tmp/op/game-0002.sgf" &&
	grep -q ";B\[cg\];W\[gc\]" "$tmp/op/game-0003.sgf" && grep -q ";B\[cg\];W\[gc\]" "$tmp/op/game-0004.sgf"'
check "openings: both engines follow the opening, no game is forfeited" \
	'[ "$(game_lines | awk "\$6 == \"score\"" | wc -l)" -eq 4 ]'
# Ataxx from the tournament start: an engine that missed an opening move
# (its own or its opponent's) plays from another position and forfeits.
printf 'g2 a2\nf1 f6\n' >"$tmp/axbook"
run --game ataxx --rules standard --option "layout=corners 2" --black "$engine --level greedy" \
	--white "$engine --level greedy" --seed 3 --games 4 --openings "$tmp/axbook" --sgf-dir "$tmp/axop"
check "Ataxx openings: every game is played out by the rules, none forfeited" \
	'[ $status -eq 0 ] && [ "$(game_lines | awk "\$6 == \"score\"" | wc -l)" -eq 4 ] && ! game_lines | grep -q "+F"'
check "Ataxx openings: the records start with the opening" \
	'grep -A2 "^rules standard" "$tmp/axop/game-0002.gtp" | tr "\n" " " | grep -q "play b g2 play w a2 " &&
	grep -A2 "^rules standard" "$tmp/axop/game-0003.gtp" | tr "\n" " " | grep -q "play b f1 play w f6 "'

# --- Gomoku: easy against easy, and against a small node budget ----------------
printf '# two Gomoku openings\nH8 H9\nG7, J9 H8\n' >"$tmp/gbook"
run --game gomoku --black "$qe" --white "$qe" --games 4 --seed 3 \
	--openings "$tmp/gbook" --sgf-dir "$tmp/gomoku"
check "Gomoku: easy against easy, 4 games from two openings, every game ended by the rules" \
	'[ $status -eq 0 ] && grep -q "^quintet-match: gomoku, 15x15, rules freestyle; 4 games" "$tmp/out" &&
	[ "$(game_lines | awk "\$6 == \"score\"" | wc -l)" -eq 4 ]'
check "Gomoku: the openings start the games, colours swapped within each pair" \
	'[ "$(game_lines | awk "{printf \"%s%s \", \$2, \$3}")" = "12 21 12 21 " ] &&
	grep -q ";B\[hh\];W\[hg\]" "$tmp/gomoku/game-0002.sgf" &&
	grep -q ";B\[gi\];W\[ig\];B\[hh\]" "$tmp/gomoku/game-0003.sgf"'
agree=0
for f in "$tmp"/gomoku/*.sgf; do
	re=$(sed -n 's/.*RE\[\([^]]*\)\].*/\1/p' "$f" | head -1)
	score=$(printf 'game gomoku\nloadsgf %s\nfinal_score\n' "$f" | "$engine" | sed -n 's/^= \([BW0].*\)/\1/p')
	[ -n "$re" ] && [ "$re" = "$score" ] && agree=$((agree + 1))
done
check "Gomoku: every record is SGF GM[4] that quintet reloads and scores as the referee did" \
	'[ "$agree" -eq 4 ] && grep -q "GN\[quintet-match game 1\].*GM\[4\].*RU\[freestyle\]" "$tmp/gomoku/game-0001.sgf"'
printf 'games:\n  gomoku:\n    default_level: tiny\n    levels:\n      tiny: {algorithm: weights, depth: 3, nodes: 60}\n' \
	>"$tmp/gomoku.yaml"
run --game gomoku --rules renju --size 11 --black "$engine --config $tmp/gomoku.yaml" \
	--white "$qe" --games 2 --alternate --seed 4
check "Gomoku: renju on 11x11, a 60-node search against easy, both games ended by the rules" \
	'[ $status -eq 0 ] && grep -q "^quintet-match: gomoku, 11x11, rules renju; 2 games" "$tmp/out" &&
	[ "$(game_lines | awk "\$6 == \"score\"" | wc -l)" -eq 2 ]'
cp "$tmp/out" "$tmp/gomoku-serial"
run --game gomoku --rules renju --size 11 --black "$engine --config $tmp/gomoku.yaml" \
	--white "$qe" --games 2 --alternate --seed 4 --concurrency 2 --quiet
check "Gomoku: the same match with --concurrency 2 gives the same report" \
	'cmp -s "$tmp/gomoku-serial" "$tmp/out"'

run --black "$qe" --white "$qe" "${q9[@]}" --games 3 --max-moves 5
check "move cap: every game stops at 5 moves and is scored" \
	'[ "$(game_lines | awk "\$5 == 5 && \$6 == \"cap-scored:\"" | wc -l)" -eq 3 ]'

# --- misbehaving engines: the fake loses with the right reason, play goes on ---
forfeit() {
	local mode="$1" reason="$2" code="$3"
	shift 3
	# The tag ($$) tells this run's fakes from other runs' on the machine.
	run --black "$qe" --white "$fake $mode tag$$" "${q9[@]}" --games 2 --alternate "$@"
	local lines
	lines=$(game_lines)
	if [ "$status" -eq 0 ] && [ "$(field "engine 1" 2)" = 2 ] &&
		[ "$(echo "$lines" | grep -c " $reason")" -eq 2 ] &&
		echo "$lines" | grep -q "^ *1 .* B+$code " && echo "$lines" | grep -q "^ *2 .* W+$code "; then
		ok "fake engine '$mode' loses both games: $reason"
	else
		not_ok "fake engine '$mode' loses both games: $reason" "status $status" "$lines"
	fi
}
forfeit illegal "illegal: .* played an illegal move A1" F
forfeit badmove "illegal: .* played an unreadable move 'Z99'" F
forfeit garbage "malformed: .* malformed reply 'hello'" F
forfeit crash "crash: .* exited with status 3" F
forfeit segv "crash: .* killed by signal 11" F
forfeit refuse "refused: .* failed 'genmove [bw]': no move" F
forfeit reject "refused: .* failed 'play [bw] [A-J][0-9]': illegal move" F
forfeit resign "resign: .* resigned" R
forfeit hang "time: .* overran the time on 'genmove [bw]'" T --time 1
check "losses by reason are tallied" \
	'grep -q "^losses by reason: engine 1: none; engine 2: 2 time$" "$tmp/out"'
check "no engine left running after a timeout" "! pgrep -f 'fake-gtp hang tag$$' >/dev/null"

# --- interrupted matches, results files, --resume -------------------------------
# start_bg ARGS...: quintet-match in the background (pid in $bg).
start_bg() {
	"$match" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null &
	bg=$!
}
# results_games FILE: game lines in a results file.
results_games() { grep -c '^game ' "$1" 2>/dev/null || true; }
# wait_games FILE N: until FILE holds N games (at most 60 s).
wait_games() {
	for _ in $(seq 600); do [ "$(results_games "$1")" -ge "$2" ] && return 0; sleep 0.1; done
	return 1
}
# stop_bg SIGNAL: send it, wait (at most 20 s, then SIGKILL); status in $status.
stop_bg() {
	kill -"$1" "$bg"
	for _ in $(seq 200); do kill -0 "$bg" 2>/dev/null || break; sleep 0.1; done
	kill -9 "$bg" 2>/dev/null
	wait "$bg"
	status=$?
}
stall="$fake stall tag$$"
start_bg --black "$stall" --white "$fake pass" --size 9 --games 10 --seed 1 --results "$tmp/res"
wait_games "$tmp/res" 2
streamed=$(game_lines | wc -l)
stop_bg INT
check "each game's line is on stdout as soon as it ends" '[ "$streamed" -eq 2 ]'
check "SIGINT: exit 130, the report of the 2 games played" \
	'[ "$status" -eq 130 ] && [ "$(game_lines | wc -l)" -eq 2 ] && [ "$(field "engine 1" 1)" = 2 ] &&
	grep -q "^interrupted by SIGINT after 2 of 10 games; to continue: quintet-match --resume $tmp/res$" "$tmp/out"'
check "SIGINT: the engine that ignores signals and input is killed with its process group" \
	"! pgrep -f 'fake-gtp stall tag$$' >/dev/null"
check "results file: the arguments, the seed, a line per finished game" \
	'grep -qx "arg --black" "$tmp/res" && grep -qx "seed 1" "$tmp/res" && [ "$(results_games "$tmp/res")" -eq 2 ]'
usage_error "--results on an existing file" "exists; --resume $tmp/res continues" \
	--black "$qe" --white "$qe" --results "$tmp/res"
usage_error "--resume with an option that changes the games" "--games cannot be given with it" \
	--resume "$tmp/res" --games 4
usage_error "--resume of a file that is not a results file" "not a quintet-match results file" \
	--resume "$tmp/book"
start_bg --resume "$tmp/res" --quiet
wait_games "$tmp/res" 4
stop_bg TERM
check "--resume plays on from game 3 (the earlier games first in the report); SIGTERM: exit 143" \
	'[ "$status" -eq 143 ] && [ "$(game_lines | awk "{printf \"%s \", \$1}")" = "1 2 3 4 " ] &&
	grep -q "^interrupted by SIGTERM after 4 of 10 games" "$tmp/out" && [ "$(field "engine 1" 1)" = 4 ]'
check "SIGTERM: no engine left running" "! pgrep -f 'fake-gtp stall tag$$' >/dev/null"
# A match cut after 3 games (and in the middle of writing the 4th's line)
# resumes to the report the whole match gives.
run --black "$qe" --white "$qe" "${q9[@]}" --games 10 --alternate --quiet --results "$tmp/full"
{ grep -v '^game ' "$tmp/full"; grep '^game ' "$tmp/full" | head -3; printf 'game 4\t2'; } >"$tmp/cut"
run --resume "$tmp/cut" --concurrency 3
check "--resume of a cut results file: the same report as the match played at once" \
	'[ "$status" -eq 0 ] && cmp -s "$tmp/serial" "$tmp/out" && [ "$(results_games "$tmp/cut")" -eq 10 ]'
run --resume "$tmp/cut" --quiet
check "--resume of a finished match: its report, nothing played" \
	'[ "$status" -eq 0 ] && cmp -s "$tmp/serial" "$tmp/out"'

# --- SPRT ---------------------------------------------------------------------
run --black "$qe" --white "$fake resign" "${q9[@]}" --games 200 --alternate --sprt 0 50
played=$(game_lines | wc -l)
check "SPRT stops early with H1 against a resigner" \
	'[ $status -eq 0 ] && [ "$played" -lt 200 ] && [ "$played" -gt 1 ] &&
	grep -q "H1 accepted, stopped after $played games" "$tmp/out"'

# --- verbose --------------------------------------------------------------------
run --black "$qe" --white "$qe" "${q9[@]}" --games 1 --verbose
check "--verbose logs the traffic" \
	'grep -q "^\[engine 1\] > genmove b" "$tmp/err" && grep -q "^\[engine 2\] < = " "$tmp/err"'

# --- GNU Go -------------------------------------------------------------------
if [ -x "$gnugo" ]; then
	run --black "$gnugo --mode gtp --level 1" --white "$qe" "${q9[@]}" --games 2 --alternate \
		--max-moves 12 --sgf-dir "$tmp/gg"
	check "GNU Go vs quintet, 9x9, a few moves each game" \
		'[ $status -eq 0 ] && [ "$(game_lines | grep -cE " (12 +cap-scored|score)")" -eq 2 ] &&
		grep -q "^engine 1: GNU Go" "$tmp/out"'
	check "GNU Go game saved with its name" 'grep -q "PB\[GNU Go" "$tmp/gg/game-0001.sgf"'
else
	ok "GNU Go vs quintet # SKIP gnugo not installed"
	ok "GNU Go game saved # SKIP gnugo not installed"
fi

# --- tcp: engines ---------------------------------------------------------------
if command -v python3 >/dev/null; then
	python3 "$bridge" "$tmp/port" "$engine" --level easy &
	bridge_pid=$!
	for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
	port=$(cat "$tmp/port" 2>/dev/null)
	run --black "tcp:127.0.0.1:$port" --white "$qe" "${q9[@]}" --games 4 --alternate --concurrency 2
	check "tcp: engine plays a match" \
		'[ $status -eq 0 ] && [ "$(game_lines | grep -c " score")" -eq 4 ] &&
		grep -q "^engine 1: quintet .*(tcp:127.0.0.1:$port)" "$tmp/out"'
	kill "$bridge_pid" 2>/dev/null
	wait "$bridge_pid" 2>/dev/null
	bridge_pid=
	usage_error "tcp: nothing listening" "cannot connect to 127.0.0.1:$port" \
		--black "tcp:127.0.0.1:$port" --white "$qe"
else
	ok "tcp: engine plays a match # SKIP no python3"
	ok "tcp: nothing listening # SKIP no python3"
fi

check "no sanitizer report from any quintet-match run" '[ "$sanitizer_reports" -eq 0 ]'

echo "1..$n"
[ "$failed" -eq 0 ]
