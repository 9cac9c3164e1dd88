#!/usr/bin/env bash
# The systemd unit: systemd-analyze accepts it, and the daemon starts with
# exactly its ExecStart options (port and data directory swapped for test
# ones) and serves a client. Usage: service.sh BUILDDIR/quintet. Prints TAP.
set -u
engine=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
unit="$(dirname "$0")/../../conf/quintet.service"
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
pid=
failed=0

result() { # result N NAME STATUS
	if [ "$3" -eq 0 ]; then echo "ok $1 - $2"; else echo "not ok $1 - $2"; failed=1; fi
}

sed "s|/usr/local/bin/quintet|$engine|" "$unit" >"$tmp/quintet.service"
systemd-analyze verify "$tmp/quintet.service" >"$tmp/verify" 2>&1
result 1 "systemd-analyze verify accepts conf/quintet.service" $?

exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
read -r -a argv <<<"$exec_start"
args=()
for ((i = 1; i < ${#argv[@]}; i++)); do
	case "${argv[i]}" in
	--listen) args+=(--listen 127.0.0.1:0); i=$((i + 1)) ;;
	--data-dir) args+=(--data-dir "$tmp"); i=$((i + 1)) ;;
	*) args+=("${argv[i]}") ;;
	esac
done
"$engine" "${args[@]}" 2>"$tmp/err" &
pid=$!
for _ in $(seq 200); do grep -q '^listening on' "$tmp/err" && break; sleep 0.05; done
port=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$tmp/err")
reply=$(python3 - "$port" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=30)
s.sendall(b"1 name\n")
data = b""
while not data.endswith(b"\n\n"):
    chunk = s.recv(100)
    if not chunk:
        break
    data += chunk
print(data.decode().strip())
PY
)
kill -TERM "$pid"
wait "$pid"
status=$?
[ "$reply" = "=1 quintet" ] && [ $status -eq 0 ]
result 2 "the daemon runs with the unit's ExecStart options" $?
echo "1..2"
exit $failed
