#!/bin/sh
# quintet's GoGui rules extension, checked in GoGui itself: GoGui runs under
# Xvfb with quintet attached, xdotool clicks moves on its board, screenshots
# show what GoGui draws, and the GTP stream GoGui exchanged with each quintet
# it started (copied to a file by a wrapper) says what was asked and answered.
#
# Usage: bench/gogui.sh QUINTET GOGUI [SHOTDIR]
#   QUINTET  the engine (build/quintet)
#   GOGUI    GoGui's build directory (with lib/gogui.jar), or gogui.jar
#   SHOTDIR  where the screenshots and the GTP logs go (/tmp/gogui-shots)
# Environment: CASES, the cases to run, from "gomoku renju ataxx ataxxrows
# flood go goruler" (default: all); KEEP=1 keeps the work folder.
#
# The cases (GoGui 1.6's options -program, -size, -computer-white/-none):
#   gomoku    -program 'quintet --game gomoku', computer white: 3 clicks,
#             each answered by genmove; the program lists gogui-rules_*,
#             so GoGui starts quintet again as its ruler (twice: it keeps
#             the second) and sends the moves to both
#   renju     the same under renju (a configuration), people on both
#             sides: black's double three gets its forbidden mark, a click
#             on it is refused, white's five ends the game with the result
#   ataxx     -program 'quintet --game ataxx --level greedy', the corners
#             layout, computer white: a clone (one click) and a jump (two:
#             the piece, then its square)
#   ataxxrows the default layout (two rows each): greedy white's first
#             reply is a jump, which GoGui cannot read (a known limit)
#   flood     no program; quintet attached as the ruler alone through
#             Game -> Rules -> Attach (a ruler written in GoGui's
#             preferences), 6x6, people on both sides: clicks until the
#             game is over (at most 40)
#   go        -program 'quintet', computer white: GoGui plays Go by its
#             own rules (gogui-rules_game_id is Go: no ruler started); it
#             takes quintet's size (19) over -size 9, so Game -> Board Size
#             -> 9 first
#   goruler   quintet --game go as the ruler alone: a capture (captured
#             count), then two passes (Game -> Pass, F2): game over
# After a move the script also compares the board on the screen (a pixel
# a point) with the ruler's gogui-rules_board.
#
# Needs java (GoGui 1.6 wants 8 or later; Debian 12: openjdk-17-jre), Xvfb,
# xdotool and ImageMagick (import, convert); GoGui is no Debian package, and
# this script is part of no test command. To build GoGui outside this tree
# from its source (github Remi-Coulom/gogui, 1.6.0): apt-get install ant
# openjdk-17-jdk xsltproc docbook-xsl docbook-xml librsvg2-bin; then in
# src/net/sf/gogui/images make the PNG icons its svg.sh makes with inkscape:
#   for i in 16 24 32 48 64; do for f in *.svg; do
#     rsvg-convert -w $i -o "${f%.svg}-${i}x${i}.png" "$f"; done; done
#   for f in gogui-black.svg gogui-white.svg gogui-setup.svg; do
#     rsvg-convert -w 8 -o "${f%.svg}-8x8.png" "$f"; done
# and run ant at the top: lib/gogui.jar.
#
# Prints for each check a TAP-like line (ok / not ok N - CASE: what (why)),
# notes as '# ' lines (GoGui's own habits that quintet answers with an
# error), each screenshot's path, and last 'N passed, N failed'. Exits 1 if
# a check failed, 2 if it could not run.
#
# How it clicks: each case starts a fresh GoGui (its own user.home, so no
# stored preference applies; the window at 0,0: Xvfb has no window manager),
# waits until GoGui and quintet are quiet, takes a screenshot and finds the
# board's wood square in it; GoGui's BoardPainterRect puts a point's centre
# at a fixed place in that square (cell = floor(W / (N + 0.4)) without
# coordinates, offset (W - N cell) / 2).
set -u

me=gogui.sh
die() {
	echo "$me: $*" >&2
	exit 2
}
if [ $# -lt 2 ]; then
	sed -n '2,/^set -u/{/^set -u/d;s/^# \{0,1\}//;p}' "$0" >&2
	exit 2
fi
abspath() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }
if ! [ -f "$1" ] || ! [ -x "$1" ]; then
	die "$1: no such program"
fi
QUINTET=$(abspath "$1")
if [ -f "$2" ]; then
	JAR=$(abspath "$2")
elif [ -f "$2/lib/gogui.jar" ]; then
	JAR=$(abspath "$2/lib/gogui.jar")
else
	die "$2: neither gogui.jar nor a GoGui build directory (lib/gogui.jar)"
fi
SHOTS=${3:-/tmp/gogui-shots}
mkdir -p "$SHOTS" || die "cannot make $SHOTS"
SHOTS=$(cd "$SHOTS" && pwd)
for tool in java Xvfb xdotool import convert awk; do
	command -v "$tool" >/dev/null 2>&1 || die "needs $tool"
done
CASES=${CASES:-gomoku renju ataxx ataxxrows flood go goruler}

WORK=$(mktemp -d /tmp/gogui-bench.XXXXXX) || die "no work folder"
XVFB=
GPID=
stop_gogui() {
	if [ -n "$GPID" ]; then
		kill "$GPID" 2>/dev/null
		wait "$GPID" 2>/dev/null
		GPID=
	fi
}
cleanup() {
	stop_gogui
	if [ -n "$XVFB" ]; then
		kill "$XVFB" 2>/dev/null
		wait "$XVFB" 2>/dev/null
	fi
	if [ "${KEEP:-0}" = 1 ]; then
		echo "# work folder kept: $WORK"
	else
		rm -rf "$WORK"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Xvfb on the first free display from 91.
n=91
tries=0
while :; do
	while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do
		n=$((n + 1))
	done
	Xvfb ":$n" -screen 0 1280x1024x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
	XVFB=$!
	i=0
	while [ $i -lt 100 ] && kill -0 "$XVFB" 2>/dev/null &&
		! DISPLAY=":$n" xdotool getdisplaygeometry >/dev/null 2>&1; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$XVFB" 2>/dev/null && DISPLAY=":$n" xdotool getdisplaygeometry >/dev/null 2>&1; then
		break
	fi
	kill "$XVFB" 2>/dev/null
	XVFB=
	tries=$((tries + 1))
	[ $tries -lt 10 ] || die "Xvfb does not start: $(tail -n 3 "$WORK/xvfb.log")"
	n=$((n + 1))
done
DISPLAY=":$n"
export DISPLAY
echo "# Xvfb on $DISPLAY, GoGui $JAR, quintet $QUINTET"

PASS=0
FAIL=0
CASE=
ok() {
	PASS=$((PASS + 1))
	echo "ok $((PASS + FAIL + TODO)) - $CASE: $1"
}
notok() {
	FAIL=$((FAIL + 1))
	echo "not ok $((PASS + FAIL + TODO)) - $CASE: $1"
}
note() { echo "# $CASE: $*"; }
# todo WHAT WHY: a known limit, reported, not counted as a failure.
TODO=0
todo() {
	TODO=$((TODO + 1))
	echo "not ok $((PASS + FAIL + TODO)) - $CASE: $1 # TODO $2"
}
# check WHAT COMMAND...: ok when COMMAND succeeds, else not ok with $WHY.
check() {
	what=$1
	shift
	WHY=
	if "$@"; then ok "$what"; else notok "$what${WHY:+ ($WHY)}"; fi
}

# ---- the GTP logs -------------------------------------------------------
# Each quintet GoGui starts runs through D/quintet-tee, which copies its
# stream to D/gtp/TIME-PID.log: '> ' a command, '< ' a reply line. GoGui
# starts the program first; then, the program being a ruler, another
# quintet (GoGui 1.6 starts two and keeps the last); a ruler attached from
# the menu is the only one. So the first log is the program's, the last the
# ruler's.
logs() { ls "$D"/gtp/*.log 2>/dev/null | sort; }
nlogs() { logs | wc -l | tr -d ' '; }
PROG=
RULER=
# pairs LOG: "command<TAB>first reply line", one a command.
pairs() {
	awk '/^> /{c = substr($0, 3); next}
	     c != "" && /^< [=?]/{print c "\t" substr($0, 3); c = ""}' "$1"
}
# reply LOG COMMAND: the last reply to COMMAND, its text only.
reply() {
	awk -v want="$2" '
	/^> /{cur = (substr($0, 3) == want); if (cur) {buf = ""; first = 1}; next}
	cur && /^< $/{cur = 0; out = buf; have = 1; next}
	cur {l = substr($0, 3); if (first) {sub(/^[=?] ?/, "", l); first = 0}; buf = buf l "\n"}
	END {if (have) printf "%s", out}' "$1"
}
# answered LOG COMMAND REPLY_PATTERN: COMMAND was answered, the first
# reply line matching the extended regular expression.
answered() {
	if pairs "$1" | awk -F '\t' -v c="$2" -v p="$3" '$1 == c && $2 ~ p {f = 1} END {exit !f}'; then
		return 0
	fi
	got=$(pairs "$1" | awk -F '\t' -v c="$2" '$1 == c {print $2}' | tail -n 1)
	WHY="'$2' answered '${got:-nothing: never asked}', wanted /$3/"
	return 1
}
# rules_answered LOG CMD...: each gogui-rules_CMD was asked and every reply was =.
rules_answered() {
	l=$1
	shift
	for c in "$@"; do
		if ! pairs "$l" | grep -q "^gogui-rules_$c	"; then
			WHY="gogui-rules_$c never asked"
			return 1
		fi
		bad=$(pairs "$l" | grep "^gogui-rules_$c	?" | head -n 1)
		if [ -n "$bad" ]; then
			WHY="$bad"
			return 1
		fi
	done
	return 0
}
# busy: some quintet has a command unanswered.
busy() {
	for f in $(logs); do
		case $(tail -n 1 "$f") in '> '*) return 0 ;; esac
	done
	return 1
}
# settle [SECONDS]: wait until every command is answered and nothing has
# been written for 1.5 s (at most SECONDS, default 120).
settle() {
	lim=$((${1:-120} * 4))
	i=0
	last=-1
	quiet=0
	while [ $i -lt $lim ]; do
		size=$(cat "$D"/gtp/*.log 2>/dev/null | wc -c)
		if [ "$size" = "$last" ] && ! busy; then
			quiet=$((quiet + 1))
			[ $quiet -ge 6 ] && return 0
		else
			quiet=0
		fi
		last=$size
		sleep 0.25
		i=$((i + 1))
	done
	return 1
}
# wait_for LOGNAME_FUNCTION PATTERN [SECONDS]: until a line of the log matches.
wait_for() {
	lim=$((${3:-60} * 4))
	i=0
	while [ $i -lt $lim ]; do
		f=$($1)
		[ -n "$f" ] && grep -q -e "$2" "$f" && return 0
		sleep 0.25
		i=$((i + 1))
	done
	return 1
}
first_log() { logs | head -n 1; }
last_log() { logs | tail -n 1; }

# ---- GoGui ----------------------------------------------------------------
# setup_case NAME: a fresh folder, home and wrapper for the case.
setup_case() {
	CASE=$1
	D=$WORK/$CASE
	mkdir -p "$D/home" "$D/gtp"
	cat >"$D/quintet-tee" <<EOF
#!/bin/sh
# quintet, its GTP stream copied to $D/gtp (a file a process)
log="$D/gtp/\$(date +%s%N)-\$\$.log"
while IFS= read -r l; do printf '> %s\\n' "\$l" >>"\$log"; printf '%s\\n' "\$l"; done |
	"$QUINTET" "\$@" |
	while IFS= read -r l; do printf '< %s\\n' "\$l" >>"\$log"; printf '%s\\n' "\$l"; done
EOF
	chmod +x "$D/quintet-tee"
	PROG=
	RULER=
	SHOTN=0
}
# register_ruler ARGS: GoGui's preferences list 'quintet ARGS' as ruler 1.
register_ruler() {
	cat >"$D/home/.gogui-prefs" <<EOF
net.sf.gogui.gui.ruler.size=1
net.sf.gogui.gui.ruler.0.label=quintet $CASE
net.sf.gogui.gui.ruler.0.name=quintet
net.sf.gogui.gui.ruler.0.version=
net.sf.gogui.gui.ruler.0.command=$D/quintet-tee $1
net.sf.gogui.gui.ruler.0.working-directory=
EOF
}
# start_gogui PROGRAM_ARGS GOGUI_OPTION...: GoGui with 'quintet
# PROGRAM_ARGS' attached (none when PROGRAM_ARGS is '-'); a failure is
# the case's TAP line.
start_gogui() {
	pa=$1
	shift
	if [ "$pa" != - ]; then
		set -- -program "$D/quintet-tee $pa" "$@"
	fi
	echo "# $CASE: java -jar gogui.jar $*" | sed "s|$D/quintet-tee|quintet|"
	nice -n 5 java -Duser.home="$D/home" -jar "$JAR" "$@" >"$D/gogui.log" 2>&1 &
	GPID=$!
	i=0
	while [ $i -lt 240 ]; do
		find_window && return 0
		kill -0 "$GPID" 2>/dev/null || break
		sleep 0.25
		i=$((i + 1))
	done
	WHY="no GoGui window: $(tail -n 3 "$D/gogui.log" | tr '\n' ' ')"
	notok "GoGui starts ($WHY)"
	return 1
}
# show_board N: the N x N board found on the screen (board_geometry) and
# the case's first screenshot; a failure is the case's TAP line.
show_board() {
	board_geometry "$1" || {
		notok "board found on the screen ($WHY)"
		return 1
	}
	shot start
}
# find_window: WX WY WW WH, the largest window shown (GoGui's main one);
# UX UY UW UH, the box around every window shown (dialogs too).
find_window() {
	area=0
	x1=99999 y1=99999 x2=0 y2=0
	for w in $(xdotool search --onlyvisible --name . 2>/dev/null); do
		g=$(xdotool getwindowgeometry --shell "$w" 2>/dev/null) || continue
		X=0 Y=0 WIDTH=0 HEIGHT=0
		eval "$(printf '%s\n' "$g" | grep -E '^(X|Y|WIDTH|HEIGHT)=[0-9-]+$')"
		[ "$WIDTH" -gt 50 ] && [ "$HEIGHT" -gt 50 ] || continue
		a=$((WIDTH * HEIGHT))
		if [ $a -gt $area ]; then
			area=$a WX=$X WY=$Y WW=$WIDTH WH=$HEIGHT
		fi
		[ "$X" -lt $x1 ] && x1=$X
		[ "$Y" -lt $y1 ] && y1=$Y
		[ $((X + WIDTH)) -gt $x2 ] && x2=$((X + WIDTH))
		[ $((Y + HEIGHT)) -gt $y2 ] && y2=$((Y + HEIGHT))
	done
	[ $area -gt 40000 ] || return 1
	[ $x1 -lt 0 ] && x1=0
	[ $y1 -lt 0 ] && y1=0
	UX=$x1 UY=$y1 UW=$((x2 - x1)) UH=$((y2 - y1))
	return 0
}
# shot LABEL: a screenshot of GoGui's windows, SHOTS/CASE-NN-LABEL.png.
SHOTN=0
LASTSHOT=
shot() {
	SHOTN=$((SHOTN + 1))
	find_window || true
	LASTSHOT=$(printf '%s/%s-%02d-%s.png' "$SHOTS" "$CASE" "$SHOTN" "$1")
	import -window root "$D/root.png" 2>/dev/null
	convert "$D/root.png" -crop "${UW}x${UH}+${UX}+${UY}" +repage "$LASTSHOT"
	echo "# screenshot $LASTSHOT"
}
# board_geometry N: BX BY BW (GoGui's board image, from a screenshot),
# CELL and OFF for an N x N board.
board_geometry() {
	N=$1
	find_window || return 1
	import -window root "$D/root.png" 2>/dev/null
	# the wood: red over 150, blue 50 under red (GoGui's wood.png; the
	# board's border is wood whatever is on the points)
	# shellcheck disable=SC2046 # the words are numbers, points or paths
	set -- $(convert "$D/root.png" -depth 8 -crop "${WW}x1+${WX}+$((WY + WH / 2))" +repage txt:- |
		awk -v o="$WX" 'NR > 1 {split($0, a, /[,:() ]+/)
			if (a[3] > 150 && a[3] - a[5] > 50) {if (f == "") f = a[1]; l = a[1]}}
			END {print o + f, o + l}')
	BX=$1
	BW=$(($2 - $1 + 1))
	# shellcheck disable=SC2046 # the words are numbers, points or paths
	set -- $(convert "$D/root.png" -depth 8 -crop "1x${WH}+$((BX + 2))+${WY}" +repage txt:- |
		awk -v o="$WY" 'NR > 1 {split($0, a, /[,:() ]+/)
			if (a[3] > 150 && a[3] - a[5] > 50) {if (s == "") s = a[2]; if (a[2] - s + 1 > bl) {bl = a[2] - s + 1; bs = s}}
			else s = ""}
			END {print o + bs, bl}')
	BY=$1
	if [ "$BW" -lt 100 ] || [ $(($2 - BW)) -gt 3 ] || [ $((BW - $2)) -gt 3 ]; then
		WHY="no square board found: wood ${BW} wide, ${2} high at $BX,$BY"
		return 1
	fi
	CELL=$(awk -v w="$BW" -v n="$N" 'BEGIN {print int(w / (n + 0.4))}')
	OFF=$(((BW - N * CELL) / 2))
	note "board ${N}x$N at $BX,$BY, ${BW} px, points $CELL px apart"
	return 0
}
# screen_board: the board the last screenshot shows, as gogui-rules_board
# writes it: a pixel a point, a quarter of a point right of its centre and
# an eighth below (off the grid lines, the last-move dot and a mark's
# diagonals): dark grey X (a black stone), light grey O, else '.' (wood or
# a colour painted by board_gfx).
screen_board() {
	convert "$D/root.png" -depth 8 -crop "${BW}x${BW}+${BX}+${BY}" +repage txt:- |
		awk -v n="$N" -v cell="$CELL" -v off="$OFF" '
		NR == 1 {for (c = 0; c < n; c++) for (r = 0; r < n; r++)
				at[(off + c * cell + int(cell / 2) + int(cell / 4)) "," (off + r * cell + int(cell / 2) + int(cell / 8))] = c "," r
			next}
		{split($0, a, /[,:() ]+/); k = a[1] "," a[2]
			if (!(k in at)) next
			mx = a[3]; mn = a[3]
			for (i = 4; i <= 5; i++) {if (a[i] > mx) mx = a[i]; if (a[i] < mn) mn = a[i]}
			s[at[k]] = mx < 110 ? "X" : (mn > 180 && mx - mn < 40 ? "O" : ".")}
		END {for (r = 0; r < n; r++) {l = ""; for (c = 0; c < n; c++) l = l (c ? " " : "") s[c "," r]; print l}}'
}
# screen_is_ruler: the last screenshot shows the ruler's last gogui-rules_board.
screen_is_ruler() {
	want=$(reply "$RULER" gogui-rules_board | sed 's/ *$//')
	got=$(screen_board)
	[ "$want" = "$got" ] && return 0
	WHY="the screen shows $(printf '%s' "$got" | tr -d ' ' | tr '\n' '/'), the ruler $(printf '%s' "$want" | tr -d ' ' | tr '\n' '/')"
	return 1
}
# xy VERTEX: the pixel of a point's centre.
xy() {
	printf '%s\n' "$1" | awk -v n="$N" -v bx="$BX" -v by="$BY" -v cell="$CELL" -v off="$OFF" '{
		v = toupper($0); c = index("ABCDEFGHJKLMNOPQRSTUVWXYZ", substr(v, 1, 1)) - 1; r = substr(v, 2) + 0
		printf "%d %d\n", bx + off + c * cell + int(cell / 2), by + off + (n - r) * cell + int(cell / 2)}'
}
# logsize: the bytes of every GTP log.
logsize() { cat "$D"/gtp/*.log 2>/dev/null | wc -c; }
# grown SIZE: wait (10 s at most) until the GTP logs are larger than SIZE:
# GoGui has reacted (a loaded machine may make it slow to start).
grown() {
	i=0
	while [ $i -lt 40 ] && [ "$(logsize)" -le "$1" ]; do
		sleep 0.25
		i=$((i + 1))
	done
}
# click VERTEX: a click on the point; waits for GoGui and quintet.
click() {
	size0=$(logsize)
	# shellcheck disable=SC2046 # the words are numbers, points or paths
	set -- "$1" $(xy "$1")
	xdotool mousemove "$2" "$3" click 1
	grown "$size0"
	settle 120 || note "still busy 120 s after the click on $1"
}
# press KEY: KEY typed to GoGui (key), then wait for GoGui and quintet.
press() {
	size0=$(logsize)
	key "$1"
	grown "$size0"
	settle 60
}
# key KEYS...: keys typed to GoGui, the pointer over its menu bar (there
# is no window manager: the focus follows the pointer).
key() {
	xdotool mousemove $((WX + WW / 2)) $((WY + 10))
	for k in "$@"; do
		xdotool key "$k"
		sleep 0.4
	done
}
# dismiss: Return typed into the dialog shown over GoGui's main window.
dismiss() {
	find_window || return 1
	for w in $(xdotool search --onlyvisible --name . 2>/dev/null); do
		g=$(xdotool getwindowgeometry --shell "$w" 2>/dev/null) || continue
		X=0 Y=0 WIDTH=0 HEIGHT=0
		eval "$(printf '%s\n' "$g" | grep -E '^(X|Y|WIDTH|HEIGHT)=[0-9-]+$')"
		[ "$WIDTH" -gt 50 ] && [ "$HEIGHT" -gt 50 ] || continue
		[ "$X $Y $WIDTH $HEIGHT" = "$WX $WY $WW $WH" ] && continue
		xdotool mousemove $((X + 5)) $((Y + 5))
		sleep 0.3
		xdotool key Return
		sleep 0.5
		settle 20
		return 0
	done
	return 1
}
# attach_ruler: Game -> Rules -> Attach -> 1 (the registered ruler).
attach_ruler() {
	key alt+a r a 1
	wait_for last_log 'gogui-rules_legal_moves' 60 || {
		WHY="no ruler attached: $(tail -n 3 "$D/gogui.log" | tr '\n' ' ')"
		return 1
	}
	settle 60
}
# board_char VERTEX: X, O, . or ? at VERTEX in the ruler's last
# gogui-rules_board.
board_char() {
	reply "$RULER" gogui-rules_board | awk -v v="$1" -v n="$N" '
		BEGIN {v = toupper(v); c = index("ABCDEFGHJKLMNOPQRSTUVWXYZ", substr(v, 1, 1)); r = substr(v, 2) + 0}
		NR == n - r + 1 {print $c}'
}
# has TEXT ERE: TEXT (a reply, its lines joined) matches ERE.
has() {
	printf '%s\n' "$1" | grep -Eq -e "$2" && return 0
	WHY="got '$1', wanted /$2/"
	return 1
}
# played LOG COLOUR VERTEX: 'play COLOUR VERTEX' answered =.
played() { answered "$1" "play $2 $3" '^='; }
# genmoves LOG: the moves genmove answered, in order.
genmoves() { pairs "$1" | awk -F '\t' '$1 ~ /^genmove / && $2 ~ /^=/ {sub(/^= ?/, "", $2); print $2}'; }
# errors LOG: the commands answered '?', less GoGui's habit of sending a
# move again right after it had the ruler replay the game with it (a
# 'play' the same as the last one answered =): dup_note counts those.
errors() {
	pairs "$1" | awk -F '\t' '
		$1 ~ /^play / && $2 ~ /^=/ {lastok = $1}
		$2 ~ /^\?/ && !($1 ~ /^play / && $1 == lastok)'
}
dup_note() {
	pairs "$1" | awk -F '\t' -v who="$2" -v case="$CASE" '
		$1 ~ /^play / && $2 ~ /^=/ {lastok = $1}
		$2 ~ /^\?/ && $1 ~ /^play / && $1 == lastok {n++; if (n <= 3) {m = m sep $1 " -> " $2; sep = "; "}}
		END {if (n) printf "# %s: %d moves GoGui sent %s again right after the replay, refused the second time (%s%s)\n", case, n, who, m, (n > 3 ? "; ..." : "")}'
}
no_errors() {
	dup_note "$1" "$2"
	e=$(errors "$1")
	if [ -n "$e" ]; then
		WHY=$(printf '%s' "$e" | head -n 3 | tr '\t\n' ' ;')
		return 1
	fi
	return 0
}
# computer_moves_reached_ruler: every genmove reply of the program was
# played in the ruler.
computer_moves_reached_ruler() {
	for m in $(genmoves "$PROG"); do
		if ! answered "$RULER" "play W $m" '^=' && ! answered "$RULER" "play W $(printf '%s' "$m" | tr a-z A-Z)" '^='; then
			WHY="genmove answered $m, the ruler got no 'play W $m' answered ="
			return 1
		fi
	done
	[ -n "$(genmoves "$PROG")" ] || {
		WHY="no genmove answered"
		return 1
	}
}
finish_case() {
	stop_gogui
	sleep 0.5
	i=0
	for f in $(logs); do
		i=$((i + 1))
		case $f in
		"$PROG") name=program ;;
		"$RULER") name=ruler ;;
		*) name=quintet$i ;;
		esac
		cp "$f" "$SHOTS/$CASE-$name.gtp"
	done
	echo "# $CASE: GTP logs $SHOTS/$CASE-*.gtp"
}
# next_free LIST: the first point of LIST empty in the ruler's board (or,
# without a ruler, neither played nor answered by genmove).
next_free() {
	for v in "$@"; do
		if [ -n "$RULER" ]; then
			[ "$(board_char "$v")" = . ] && {
				echo "$v"
				return
			}
		else
			pairs "$PROG" | grep -qi -e "^play [bw] $v	" -e "^genmove .*	= $v\$" || {
				echo "$v"
				return
			}
		fi
	done
}

# ---- the cases ----------------------------------------------------------
case_gomoku() {
	setup_case gomoku
	start_gogui "--game gomoku --seed 1" -size 15 -computer-white || return
	wait_for last_log 'gogui-rules_legal_moves' 60
	settle 60
	PROG=$(first_log) RULER=$(last_log)
	check "GoGui started a program and a ruler ($(nlogs) quintet processes)" test "$(nlogs)" -ge 2
	check "the program answers gogui-rules_game_id Gomoku" answered "$PROG" gogui-rules_game_id '^= Gomoku$'
	show_board 15 || return
	clicked=
	for k in 1 2 3; do
		v=$(next_free H8 J9 G7 K10 F6 L11 E5 M12)
		click "$v"
		clicked="$clicked $v"
		shot "black-$v"
	done
	check "the screen shows the ruler's board" screen_is_ruler
	for v in $clicked; do
		check "click on $v: the program got play B $v, answered =" played "$PROG" B "$v"
		check "click on $v: the ruler got play B $v, answered =" played "$RULER" B "$v"
	done
	check "genmove w answered 3 times" test "$(genmoves "$PROG" | wc -l)" -eq 3
	check "each genmove reply was played in the ruler" computer_moves_reached_ruler
	check "the ruler answered game_id, board_size, board, side_to_move, legal_moves, board_gfx" \
		rules_answered "$RULER" game_id board_size board side_to_move legal_moves board_gfx
	check "side to move black after white's reply" answered "$RULER" gogui-rules_side_to_move '^= black$'
	check "no error from the program" no_errors "$PROG" "the program"
	check "no error from the ruler" no_errors "$RULER" "the ruler"
	finish_case
}

case_renju() {
	setup_case renju
	printf 'games:\n  gomoku:\n    default_rules: renju\n' >"$D/renju.yaml"
	start_gogui "--game gomoku --config $D/renju.yaml" -size 15 -computer-none || return
	wait_for last_log 'gogui-rules_legal_moves' 60
	settle 60
	PROG=$(first_log) RULER=$(last_log)
	show_board 15 || return
	# black H8 J8 K9 K10 and white A1..A4: black's K8 would make two open
	# threes (H8 J8 K8, K8 K9 K10), forbidden under renju
	for v in H8 A1 J8 A2 K9 A3 K10 A4; do
		click "$v"
	done
	shot "double-three-K8-forbidden"
	check "the screen shows the ruler's board" screen_is_ruler
	gfx=$(reply "$RULER" gogui-rules_board_gfx | tr '\n' ' ')
	note "board_gfx with black to move: $gfx"
	check "the ruler's board_gfx marks K8 (black's forbidden point)" has "$gfx" '^MARK( [A-Z0-9]+)* K8( |$)'
	check "K8 is not in the legal moves" sh -c '! printf "%s\n" "$1" | grep -qw K8' - "$(reply "$RULER" gogui-rules_legal_moves)"
	click K8
	shot "click-on-K8"
	# shellcheck disable=SC2046 # the words are numbers, points or paths
	check "a click on K8 sends no play B K8" sh -c '! grep -q "^> play B K8" "$@"' - $(logs)
	dismiss || note "no dialog after the click on K8"
	for v in M12 A5; do
		click "$v"
	done
	shot "white-five-game-over"
	for v in H8 J8 K9 K10 M12; do
		check "click on $v: the ruler got play B $v, answered =" played "$RULER" B "$v"
	done
	for v in A1 A2 A3 A4 A5; do
		check "click on $v: the ruler got play W $v, answered =" played "$RULER" W "$v"
	done
	check "the legal moves are empty after the five" answered "$RULER" gogui-rules_legal_moves '^= ?$'
	check "GoGui asked the final result: White wins (five in a row)." \
		answered "$RULER" gogui-rules_final_result '^= White wins \(five in a row\)\.$'
	dismiss || note "no dialog to close"
	check "no error from the ruler" no_errors "$RULER" "the ruler"
	finish_case
}

# ataxx_jump: "FROM TO", a jump for black in the ruler's board: TO two
# squares from FROM, empty, and next to no other black piece (a clone
# there would be legal too).
ataxx_jump() {
	reply "$RULER" gogui-rules_board | awk -v n="$N" '
		{for (c = 1; c <= NF; c++) b[c, n - NR + 1] = $c}
		END {L = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
			for (c = 1; c <= n; c++) for (r = 1; r <= n; r++) if (b[c, r] == "X")
			for (dc = -2; dc <= 2; dc++) for (dr = -2; dr <= 2; dr++) {
				tc = c + dc; tr = r + dr
				if ((dc != 2 && dc != -2 && dr != 2 && dr != -2) || tc < 1 || tr < 1 || tc > n || tr > n || b[tc, tr] != ".") continue
				alone = 1
				for (ac = tc - 1; ac <= tc + 1; ac++) for (ar = tr - 1; ar <= tr + 1; ar++)
					if ((ac != c || ar != r) && b[ac, ar] == "X") alone = 0
				if (alone) {printf "%s%d %s%d\n", substr(L, c, 1), r, substr(L, tc, 1), tr; exit}
			}}'
}

case_ataxx() {
	setup_case ataxx
	# the corners layout: greedy white clones while no black piece is in reach
	printf 'games:\n  ataxx:\n    layout: corners\n' >"$D/ataxx.yaml"
	start_gogui "--game ataxx --level greedy --seed 1 --config $D/ataxx.yaml" -size 7 -computer-white || return
	wait_for last_log 'gogui-rules_legal_moves' 60
	settle 60
	PROG=$(first_log) RULER=$(last_log)
	check "the program answers gogui-rules_game_id Ataxx" answered "$PROG" gogui-rules_game_id '^= Ataxx$'
	show_board 7 || return
	click B2
	shot "clone-B2"
	check "clone B2: one click, the program got play B B2, answered =" played "$PROG" B B2
	check "clone B2: the ruler got play B B2, answered =" played "$RULER" B B2
	# shellcheck disable=SC2046 # the words are numbers, points or paths
	set -- $(ataxx_jump)
	if [ $# -lt 2 ]; then
		notok "a jump to click (none found in the ruler's board)"
	else
		from=$1 to=$2
		n1=$(wc -l <"$PROG")
		click "$from"
		shot "picked-up-$from"
		gfx=$(reply "$RULER" gogui-rules_board_gfx | tr '\n' ' ')
		note "board_gfx after the click on $from: $gfx"
		check "first click on $from: the program got play B $from, answered =, and no genmove" \
			sh -c 'tail -n +"$2" "$1" | grep -q "^> play B $3\$" && ! tail -n +"$2" "$1" | grep -q "^> genmove"' - "$PROG" "$n1" "$from"
		check "the ruler shows $from picked up (board_gfx: a square on it, a triangle on $to)" \
			has "$gfx" "SQUARE( [A-Z0-9]+)* $from( |\$).*TRIANGLE( [A-Z0-9]+)* $to( |\$)"
		check "the ruler lists the jump $to" has "$(reply "$RULER" gogui-rules_legal_moves)" "(^| )$to( |\$)"
		click "$to"
		shot "jump-$from-$to"
		check "the screen shows the ruler's board" screen_is_ruler
		check "second click on $to: the program got play B $to, answered =" played "$PROG" B "$to"
		check "second click on $to: the ruler got play B $to, answered =" played "$RULER" B "$to"
		check "after the jump $from is empty and $to black (ruler's board)" \
			test "$(board_char "$from")$(board_char "$to")" = ".X"
		dismiss && note "a dialog was open after the jump (closed)"
	fi
	check "genmove w answered" test "$(genmoves "$PROG" | wc -l)" -ge 1
	for m in $(genmoves "$PROG"); do
		if [ ${#m} -gt 3 ]; then
			todo "genmove answered the jump $m" "GoGui reads a computer's move as one point (PROTOCOL.md, Limits)"
		fi
	done
	check "each genmove reply was played in the ruler" computer_moves_reached_ruler
	check "the ruler answered game_id, board_size, board, side_to_move, legal_moves, board_gfx" \
		rules_answered "$RULER" game_id board_size board side_to_move legal_moves board_gfx
	check "no error from the program" no_errors "$PROG" "the program"
	check "no error from the ruler" no_errors "$RULER" "the ruler"
	finish_case
}

case_ataxxrows() {
	setup_case ataxxrows
	start_gogui "--game ataxx --level greedy --seed 1" -size 7 -computer-white || return
	wait_for last_log 'gogui-rules_legal_moves' 60
	settle 60
	PROG=$(first_log) RULER=$(last_log)
	show_board 7 || return
	click D3
	shot "clone-D3-white-reply"
	check "clone D3: the program got play B D3, answered =" played "$PROG" B D3
	m=$(genmoves "$PROG" | head -n 1)
	if [ ${#m} -gt 3 ]; then
		todo "genmove w answered $m, played in GoGui" "GoGui reads a computer's move as one point: it shows 'quintet sent a malformed response' (PROTOCOL.md, Limits)"
	else
		check "genmove w answered $m, played in the ruler" computer_moves_reached_ruler
	fi
	dismiss && note "a dialog was open after white's reply (closed)"
	finish_case
}

# flood_pick: the mover's best square by the ruler's last board and
# board_gfx: a free square next to its region, of the colour most squares
# next to its region have (else the first legal square).
flood_pick() {
	{
		reply "$RULER" gogui-rules_side_to_move | sed 's/^/SIDE /'
		reply "$RULER" gogui-rules_board | sed 's/^/ROW /'
		reply "$RULER" gogui-rules_board_gfx
		reply "$RULER" gogui-rules_legal_moves | sed 's/^/LEGAL /'
	} | awk -v n="$N" '
		$1 == "SIDE" {me = ($2 ~ /^w/) ? "O" : "X"; next}
		$1 == "ROW" {r++; for (c = 2; c <= NF; c++) b[c - 1, n - r + 1] = $c; next}
		$1 == "COLOR" {for (i = 3; i <= NF; i++) col[$i] = $2; next}
		$1 == "LEGAL" {first = $2; next}
		END {L = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
			for (c = 1; c <= n; c++) for (r = 1; r <= n; r++) {
				if (b[c, r] != ".") continue
				v = substr(L, c, 1) r
				if (b[c-1, r] == me || b[c+1, r] == me || b[c, r-1] == me || b[c, r+1] == me) {
					k[col[v]]++
					if (!(col[v] in at)) at[col[v]] = v
				}
			}
			best = ""
			for (x in k) if (best == "" || k[x] > k[best]) best = x
			print (best != "" ? at[best] : first)}'
}
# gfx_map: "SQUARE COLOUR" lines of the ruler's last board_gfx.
gfx_map() { reply "$RULER" gogui-rules_board_gfx | awk '$1 == "COLOR" {for (i = 3; i <= NF; i++) print $i, $2}' | sort; }
# same_colours BEFORE AFTER: the squares free in both keep their colour.
same_colours() {
	d=$(printf '%s\n%s\n' "$1" "$2" | awk '{if ($1 in c && c[$1] != $2) {n++; if (n <= 4) s = s " " $1 " " c[$1] "->" $2} c[$1] = $2} END {if (n) print n " squares changed colour:" s}')
	[ -z "$d" ] && return 0
	WHY=$d
	return 1
}

case_flood() {
	setup_case flood
	printf 'games:\n  flood:\n    width: 6\n    height: 6\n' >"$D/flood.yaml"
	register_ruler "--game flood --seed 1 --config $D/flood.yaml"
	start_gogui - -size 9 -computer-none || return
	settle 20
	attach_ruler || {
		notok "Game -> Rules -> Attach ($WHY)"
		return
	}
	RULER=$(last_log)
	check "one quintet, the ruler" test "$(nlogs)" -eq 1
	check "the ruler answers gogui-rules_game_id Flood" answered "$RULER" gogui-rules_game_id '^= Flood$'
	check "the ruler answers gogui-rules_board_size 6" answered "$RULER" gogui-rules_board_size '^= 6$'
	show_board 6 || return
	check "board_gfx paints the free squares (COLOR #rrggbb lines)" \
		has "$(reply "$RULER" gogui-rules_board_gfx)" '^COLOR #[0-9a-f]{6} [A-Z][0-9]'
	moves=0
	clicked=
	changed=
	bad=
	while [ $moves -lt 40 ]; do
		legal=$(reply "$RULER" gogui-rules_legal_moves)
		[ -n "$(printf '%s' "$legal" | tr -d ' \n')" ] || break
		case $(reply "$RULER" gogui-rules_side_to_move) in white*) colour=W ;; *) colour=B ;; esac
		v=$(flood_pick)
		before=$(gfx_map)
		click "$v"
		clicked="$clicked $colour:$v"
		moves=$((moves + 1))
		if [ $moves -le 2 ]; then
			shot "move$moves-$colour-$v"
			check "move $moves: the screen shows the ruler's board" screen_is_ruler
		fi
		if ! answered "$RULER" "play $colour $v" '^='; then
			bad="click on $v: $WHY"
			break
		fi
		if [ -z "$changed" ] && ! same_colours "$before" "$(gfx_map)"; then
			changed="after the click on $v: $WHY"
		fi
	done
	if [ -z "$bad" ]; then ok "$moves clicks, each a play answered = ($clicked )"; else notok "$bad"; fi
	check "the free squares keep their colours through GoGui's replays (clear_board, then every move)" test -z "$changed"
	[ -n "$changed" ] && note "$changed: GoGui replays the game in the ruler from clear_board after every move, and Flood's clear_board draws a new random board"
	shot "game-over"
	check "the game ended: legal moves empty" answered "$RULER" gogui-rules_legal_moves '^= ?$'
	if answered "$RULER" gogui-rules_final_result '^='; then
		note "final result: $(reply "$RULER" gogui-rules_final_result)"
	else
		todo "GoGui shows the final result" "GoGui 1.6 asks gogui-rules_final_result only with a program attached (GoGui.gameFinished from checkComputerMove)"
	fi
	dismiss && note "a dialog was open at the end (closed)"
	check "the ruler answered game_id, board_size, board, side_to_move, legal_moves, board_gfx" \
		rules_answered "$RULER" game_id board_size board side_to_move legal_moves board_gfx
	check "no error from the ruler" no_errors "$RULER" "the ruler"
	finish_case
}

case_go() {
	setup_case go
	start_gogui "--game go --level medium --seed 1" -size 9 -computer-white || return
	wait_for first_log 'gogui-rules_board_size' 60
	settle 60
	PROG=$(first_log)
	check "the program answers gogui-rules_game_id Go" answered "$PROG" gogui-rules_game_id '^= Go$'
	size=$(reply "$PROG" gogui-rules_board_size | tr -d '\n ')
	if [ "$size" != 9 ]; then
		todo "GoGui keeps -size 9" "GoGui took the size quintet's gogui-rules_board_size gave, $size"
		board_geometry "$size" && shot "size-$size-from-quintet"
		key alt+a s
		press Return
		check "Game -> Board Size -> 9: the program got boardsize 9, answered =" answered "$PROG" "boardsize 9" '^='
		size=9
	else
		ok "GoGui keeps -size 9"
	fi
	show_board "$size" || return
	clicked=
	for k in 1 2 3; do
		v=$(next_free E5 C3 G7 C7 G3 E7)
		click "$v"
		clicked="$clicked $v"
		shot "black-$v"
	done
	check "GoGui plays Go itself: no ruler started ($(nlogs) quintet)" test "$(nlogs)" -eq 1
	for v in $clicked; do
		check "click on $v: the program got play B $v, answered =" played "$PROG" B "$v"
	done
	check "genmove w answered 3 times" test "$(genmoves "$PROG" | wc -l)" -eq 3
	check "no error from the program" no_errors "$PROG" "the program"
	finish_case
}

case_goruler() {
	setup_case goruler
	register_ruler "--game go --seed 1"
	start_gogui - -size 9 -computer-none || return
	settle 20
	attach_ruler || {
		notok "Game -> Rules -> Attach ($WHY)"
		return
	}
	RULER=$(last_log)
	check "the ruler answers gogui-rules_game_id Go" answered "$RULER" gogui-rules_game_id '^= Go$'
	size=$(reply "$RULER" gogui-rules_board_size | tr -d '\n ')
	show_board "$size" || return
	# black surrounds white's E4: D4, F4, then E3 captures it (E5 above)
	for v in E5 E4 D4 A1 F4 A2 E3; do
		click "$v"
	done
	shot "black-E3-captures-E4"
	check "the screen shows the ruler's board" screen_is_ruler
	check "the capture: E4 empty in the ruler's board" test "$(board_char E4)" = .
	check "captured_count: black captured 1" answered "$RULER" gogui-rules_captured_count '^= 1 0$'
	press F2
	shot "white-passes"
	check "white's pass (Game -> Pass, F2) reached the ruler as play W PASS" played "$RULER" W PASS
	press F2
	shot "black-passes-game-over"
	check "black's pass reached the ruler as play B PASS" played "$RULER" B PASS
	check "the game ended: legal moves empty" answered "$RULER" gogui-rules_legal_moves '^= ?$'
	if answered "$RULER" gogui-rules_final_result '^='; then
		note "final result: $(reply "$RULER" gogui-rules_final_result)"
	else
		todo "GoGui shows the final result" "GoGui 1.6 asks gogui-rules_final_result only with a program attached (GoGui.gameFinished from checkComputerMove)"
	fi
	dismiss && note "a dialog was open at the end (closed)"
	check "the ruler answered game_id, board_size, board, side_to_move, legal_moves, board_gfx, captured_count" \
		rules_answered "$RULER" game_id board_size board side_to_move legal_moves board_gfx captured_count
	check "no error from the ruler" no_errors "$RULER" "the ruler"
	finish_case
}

for c in $CASES; do
	case $c in
	gomoku | renju | ataxx | ataxxrows | flood | go | goruler) "case_$c" ;;
	*) die "unknown case $c" ;;
	esac
done
[ $TODO -eq 0 ] || echo "# $TODO known limits (TODO)"
echo "$PASS passed, $FAIL failed"
[ $FAIL -eq 0 ]
