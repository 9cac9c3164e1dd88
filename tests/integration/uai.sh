#!/usr/bin/env bash
# `quintet --protocol uai` reaches the UAI front end from the command line,
# on stdin and over TCP (--listen): the handshake, searches, errors as
# info strings, levels from the configuration, quit.
# Usage: uai.sh BUILDDIR/quintet. Prints TAP.
set -u
engine=$1
n=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null' EXIT

result() { # result OK NAME [OUTPUT]
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=1
		[ -n "${3:-}" ] && sed 's/^/# /' <<<"$3"
	fi
}

out=$(printf 'uai\nisready\nuainewgame\nposition startpos moves g2\ngo depth 2\nquit\n' |
	timeout 60 "$engine" --protocol uai 2>&1)
status=$?
[ $status -eq 0 ] && grep -qx uaiok <<<"$out" && grep -qx readyok <<<"$out" &&
	grep -qE '^bestmove [a-g][1-7]([a-g][1-7])?$' <<<"$out"
result $? "--protocol uai: uaiok, readyok, bestmove (status $status)" "$out"

"$engine" --protocol chess </dev/null >/dev/null 2>&1
[ $? -eq 2 ]
result $? "an unknown --protocol exits 2"

# Mistakes are info strings and change nothing.
words=$(printf 'x %.0s' $(seq 5000))
out=$(printf 'position %s\nposition startpos\nd\nquit\n' "$words" |
	timeout 60 "$engine" --protocol uai 2>&1)
grep -qx 'info string too many words (at most 4096): line ignored' <<<"$out" &&
	grep -q '^fen x5o/7/7/7/7/7/o5x x 0 1$' <<<"$out"
result $? "a line of more than 4096 words: an info string, not a silent cut" "$out"
long=$(head -c 70000 /dev/zero | tr '\0' 'a')
out=$(printf 'isready\n%s\nisready\nquit\n' "$long" | timeout 60 "$engine" --protocol uai 2>&1)
[ "$(grep -c readyok <<<"$out")" -eq 2 ] && grep -qx 'info string line too long: ignored' <<<"$out"
result $? "an over-long line: an info string, the next line still answered" "$out"

# The Level option lists the configuration's levels (the shipped ones
# removed, the file's added).
cat >"$tmp/levels.yaml" <<'YAML'
games:
  ataxx:
    default_level: quick
    levels:
      easy: null
      greedy: null
      medium: null
      hard: null
      quick: {algorithm: greedy}
      deep: {algorithm: alphabeta, depth: 3}
YAML
out=$(printf 'uai\nsetoption name Level value quick\ngo depth 5\nsetoption name Level value nope\nquit\n' |
	timeout 60 "$engine" --config "$tmp/levels.yaml" --protocol uai 2>&1)
grep -qx 'option name Level type combo default deep var quick var deep' <<<"$out" &&
	grep -qE '^bestmove ' <<<"$out" && ! grep -q '^info depth' <<<"$out" &&
	grep -qx 'info string unknown level nope' <<<"$out"
result $? "Level: the configured levels, the last one by default" "$out"

# One level policy: --level names the start of every front end, UAI's too.
out=$(printf 'uai\ngo depth 5\nquit\n' |
	timeout 60 "$engine" --config "$tmp/levels.yaml" --level quick --protocol uai 2>&1)
grep -qx 'option name Level type combo default quick var quick var deep' <<<"$out" &&
	grep -qE '^bestmove ' <<<"$out" && ! grep -q '^info depth' <<<"$out"
result $? "--level quick: UAI starts at it (no search: no info lines)" "$out"

# Over TCP: each connection is its own UAI session.
"$engine" --protocol uai --listen 127.0.0.1:0 2>"$tmp/err" &
pid=$!
port=
for _ in $(seq 100); do
	port=$(sed -n 's/^.*: listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$tmp/err")
	[ -n "$port" ] && break
	sleep 0.1
done
out=$(python3 - "$port" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=30)
s.sendall(b"uai\nposition startpos\ngo infinite\nisready\n")
buf = b""
while b"readyok\n" not in buf:
    buf += s.recv(4096)
s.sendall(b"stop\n")
while b"bestmove" not in buf or not buf.endswith(b"\n"):
    buf += s.recv(4096)
s.sendall(b"quit\n")
while True:
    chunk = s.recv(4096)
    if not chunk:
        break
    buf += chunk
print(buf.decode())
PY
)
grep -qx uaiok <<<"$out" && grep -qx readyok <<<"$out" &&
	grep -qE '^bestmove [a-g][1-7]([a-g][1-7])?$' <<<"$out"
result $? "--listen --protocol uai: infinite search, isready during it, stop, quit" "$out"
kill -TERM "$pid"
wait "$pid"
result $? "the UAI daemon exits 0 on SIGTERM"
pid=

echo "1..$n"
exit $failed
