#!/usr/bin/env bash
# The systemd unit (BUILDDIR/conf/quintet.service, built from
# conf/quintet.service.in): systemd-analyze accepts it; its ExecStart is
# BINDIR/quintet --daemon and nothing else (a flag would override the
# configuration file's key, so editing the file and reloading would do
# nothing); and the daemon started with exactly those options serves a
# client on the file's server.listen (a test file: port 0, a scratch
# data_dir), in the foreground, as --help says. Usage: service.sh
# BUILDDIR/quintet. Prints TAP.
set -u
engine=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(dirname "$engine")
unit="$build/conf/quintet.service"
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
pid=
failed=0

result() { # result N NAME STATUS
	if [ "$3" -eq 0 ]; then echo "ok $1 - $2"; else echo "not ok $1 - $2"; failed=1; fi
}

exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
read -r -a argv <<<"$exec_start"
sed "s|^ExecStart=${argv[0]}|ExecStart=$engine|" "$unit" >"$tmp/quintet.service"
systemd-analyze verify "$tmp/quintet.service" >"$tmp/verify" 2>&1
result 1 "systemd-analyze verify accepts the built unit" $?

bindir=$(sed -n 's/^bindir = //p' "$build/Makefile")
prefix=$(sed -n 's/^prefix = //p' "$build/Makefile")
bindir=${bindir//\$\{exec_prefix\}/$prefix}
[ "${argv[*]}" = "$bindir/quintet --daemon" ]
result 2 "ExecStart is $bindir/quintet --daemon, no flag overriding the file" $?

printf 'server:\n  listen: 127.0.0.1:0\nstorage:\n  data_dir: %s\n' "$tmp" >"$tmp/quintet.yaml"
args=("${argv[@]:1}")
export QUINTET_CONFIG="$tmp/quintet.yaml"
"$engine" "${args[@]}" 2>"$tmp/err" &
pid=$!
for _ in $(seq 200); do grep -q ': listening on' "$tmp/err" && break; sleep 0.05; done
port=$(sed -n 's/^.*: listening on .*:\([0-9]*\)$/\1/p' "$tmp/err")
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
kill -0 "$pid" 2>/dev/null
alive=$?
kill -TERM "$pid"
wait "$pid"
status=$?
[ "$reply" = "=1 quintet" ] && [ $status -eq 0 ]
result 3 "the daemon runs with the unit's ExecStart options" $?
# --daemon stays in the foreground (systemd's Type=simple): the process
# started is the one serving, not a parent that forked and left.
[ $alive -eq 0 ] && "$engine" --help | grep -A2 -- '--daemon ' | grep -q 'foreground'
result 4 "--daemon serves in the foreground, and --help says so" $?
echo "1..4"
exit $failed
