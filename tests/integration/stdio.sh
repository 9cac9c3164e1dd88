#!/usr/bin/env bash
# Integration tests of stdin mode: input from a regular file, /dev/null and
# pipes; over-long lines; binary bytes; pipelining; quit; command line;
# make install. Usage: stdio.sh BUILDDIR/quintet. Prints TAP.
set -u
engine=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
builddir=$(dirname "$engine")
tmp=$(mktemp -d)
trap '[ "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
n=0
failed=0

check() { # check NAME COMMAND... : ok when the command succeeds
	local name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		failed=1
	fi
}

run() { # run ARGS... < input : the engine with a time limit, stderr kept
	timeout 30 "$engine" "$@" 2>>"$tmp/stderr"
}

devnull() {
	local out
	out=$(run </dev/null) && [ -z "$out" ]
}
check "stdin /dev/null: exit 0, no output" devnull

regular_file() {
	printf '1 name\n2 boardsize 9\n3 play b e5\n4 list_stones black\n' >"$tmp/in.gtp"
	run <"$tmp/in.gtp" >"$tmp/out" &&
		[ "$(cat "$tmp/out")" = "$(printf '=1 quintet\n\n=2 \n\n=3 \n\n=4 E5')" ]
}
check "stdin regular file: replies in order, exit 0" regular_file

no_final_newline() {
	[ "$(printf '1 boardsize 5\n2 name' | run)" = "$(printf '=1 \n\n=2 quintet')" ]
}
check "last line without newline is answered" no_final_newline

long_line() {
	{
		printf '1 name\n'
		head -c 1048576 /dev/zero | tr '\0' 'x'
		printf '\n3 name\n'
	} | run >"$tmp/out" &&
		[ "$(cat "$tmp/out")" = "$(printf '=1 quintet\n\n? line too long\n\n=3 quintet')" ]
}
check "1 MB line: ? line too long, session goes on" long_line

long_last_line() {
	{
		printf '1 name\n'
		head -c 1048576 /dev/zero | tr '\0' 'y'
	} | run >"$tmp/out" &&
		[ "$(cat "$tmp/out")" = "$(printf '=1 quintet\n\n? line too long')" ]
}
check "1 MB last line without newline" long_last_line

binary_junk() {
	head -c 200000 /dev/urandom >"$tmp/junk"
	{
		cat "$tmp/junk"
		printf '\n77 name\n'
	} | run >"$tmp/out" && tail -n 2 "$tmp/out" | head -n 1 | grep -qx '=77 quintet' &&
		# Every reply one line (an error for each junk line), then the
		# blank line that ends it: nothing else.
		! grep -avE '^([=?][0-9]*( .*)?)?$' "$tmp/out" >/dev/null &&
		[ "$(grep -ac '^$' "$tmp/out")" -eq "$(grep -ac . "$tmp/out")" ] &&
		grep -aq '^? ' "$tmp/out"
}
check "random binary bytes: no crash, later command answered" binary_junk

nul_bytes() {
	[ "$(printf '1 na\0me\n2 \0\0\n3 boardsize\0 9\n' | run)" = "$(printf '=1 quintet\n\n=3 ')" ]
}
check "NUL bytes dropped inside a line" nul_bytes

pipelined() {
	local i
	for i in $(seq 1 1000); do
		printf '%d known_command play\n' "$i"
	done >"$tmp/batch"
	run <"$tmp/batch" | grep -v '^$' >"$tmp/out"
	for i in $(seq 1 1000); do
		printf '=%d true\n' "$i"
	done | cmp -s - "$tmp/out"
}
check "1000 pipelined commands answered in order" pipelined

after_quit() {
	[ "$(printf '1 quit\n2 name\n' | run)" = "$(printf '=1 ')" ]
}
check "quit: later lines unanswered, exit 0" after_quit

closed_stdout() {
	# A reader that goes away must not crash the engine (SIGPIPE ignored).
	yes 'name' | head -n 100000 | (run | head -c 10 >/dev/null)
	! grep -q 'Sanitizer\|runtime error' "$tmp/stderr"
}
check "stdout closed by the reader: no crash" closed_stdout

cli() {
	"$engine" --help | grep -q 'Usage: quintet' &&
		"$engine" --version | grep -qE '^quintet [0-9]' &&
		! "$engine" --bogus 2>/dev/null &&
		{ "$engine" --seed x 2>/dev/null; [ $? -eq 2 ]; }
}
check "--help, --version, bad options exit 2" cli

seeded() {
	local a b
	a=$(printf 'boardsize 9\ngenmove b\ngenmove w\ngenmove b\n' | run --seed 5 --level medium)
	b=$(printf 'boardsize 9\ngenmove b\ngenmove w\ngenmove b\n' | run --seed 5 --level medium)
	[ "$a" = "$b" ] && [ -n "$a" ]
}
check "--seed makes genmove reproducible" seeded

install() {
	make -s -C "$builddir" install DESTDIR="$tmp/root" >/dev/null 2>&1 &&
		find "$tmp/root" -type f -name quintet -perm -u+x | grep -q bin/quintet &&
		find "$tmp/root" -name quintet.yaml | grep -q etc/quintet.yaml &&
		find "$tmp/root" -name PROTOCOL.md | grep -q share/quintet/PROTOCOL.md &&
		find "$tmp/root" -name quintet.1 | grep -q share/man/man1/quintet.1 &&
		find "$tmp/root" -name quintet-match.1 | grep -q share/man/man1/quintet-match.1
}
check "make install: binary, config, protocol reference, manual pages" install

sanitizers() {
	! grep -q 'Sanitizer\|runtime error' "$tmp/stderr"
}
check "no sanitizer report on stderr" sanitizers

echo "1..$n"
exit $failed
