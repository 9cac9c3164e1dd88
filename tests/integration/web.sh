#!/usr/bin/env bash
# The web page in headless Chromium. Usage: web.sh BUILDDIR/quintet. Prints TAP.
#
# Starts the daemon with --http on a free loopback port (port 0: the address
# is read from its stderr, "http listening on HOST:PORT"), a scratch data
# directory and a configuration overlay pointing the static files at a
# scratch root laid out as installed (the source tree's web/, and each
# game's page module src/games/NAME/NAME.js as games/NAME.js), then runs
# tests/integration/web.js against it with playwright-core from
# BUILDDIR/node (scripts/bootstrap --test installs it there; playwright's
# own browsers are never downloaded: Debian's chromium is used).
# Screenshots of each game go to BUILDDIR/web-screenshots/.
# web.js restarts the daemon on the same address (a lost connection the page
# must survive) with $WEB_RESTART [CONFIG]: the running one is stopped with
# SIGTERM and a new one started on the same data directory, with CONFIG
# (default: the first one's; $WEB_IDLE_CONFIG adds a 2-second idle timeout).
# No daemon's stderr may hold a sanitizer report.
set -u
engine=$1
build=$(cd "$(dirname "$engine")" && pwd)
root="$(cd "$(dirname "$0")/../.." && pwd)"
modules="$build/node/node_modules"
shots="$build/web-screenshots"
tmp=$(mktemp -d)
cleanup() {
	[ -f "$tmp/pid" ] && kill "$(cat "$tmp/pid")" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

bail() {
	echo "1..1"
	echo "not ok 1 - $1"
	[ -n "${2:-}" ] && [ -s "$2" ] && tail -n 30 "$2" | sed 's/^/# /'
	exit 1
}

command -v node >/dev/null || bail "node is not installed (scripts/bootstrap --test installs npm and node)"
[ -x /usr/bin/chromium ] || bail "/usr/bin/chromium is not installed (scripts/bootstrap --test installs chromium)"
[ -f "$modules/playwright-core/package.json" ] ||
	bail "no playwright-core in $modules (scripts/bootstrap --test $(basename "$build") installs it)"

mkdir "$tmp/data" "$tmp/web"
cp -R "$root/web/." "$tmp/web/" || bail "cannot copy $root/web"
mkdir -p "$tmp/web/games"
for dir in "$root"/src/games/*/; do
	name=$(basename "$dir")
	module="${dir%/}/$name.js"
	if [ -f "$module" ]; then
		cp "$module" "$tmp/web/games/$name.js" || bail "cannot copy $module"
	fi
done
cat >"$tmp/web.yaml" <<YAML
server:
  http_root: $tmp/web
YAML
cat >"$tmp/idle.yaml" <<YAML
server:
  http_root: $tmp/web
  idle_timeout: 2
YAML
# Each daemon a child of a shell that has gone, so that a stopped one is
# reaped and kill -0 sees it gone (web.js's restarts, below).
( "$engine" --config "$tmp/web.yaml" --data-dir "$tmp/data" \
	--http 127.0.0.1:0 2>"$tmp/err" >/dev/null </dev/null & echo $! >"$tmp/pid" )
pid=$(cat "$tmp/pid")
addr=
for _ in $(seq 1 300); do
	addr=$(sed -n 's/^.*http listening on \([^ ]*\).*$/\1/p' "$tmp/err" | head -n 1)
	[ -n "$addr" ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
[ -n "$addr" ] || bail "the daemon did not say 'http listening on HOST:PORT'" "$tmp/err"

# The restarts, each daemon's stderr in err.N.TRY.
cat >"$tmp/restart.sh" <<SH
#!/usr/bin/env bash
old=\$(cat "$tmp/pid" 2>/dev/null)
if [ -n "\$old" ]; then
	kill "\$old"
	for _ in \$(seq 1 600); do kill -0 "\$old" 2>/dev/null || break; sleep 0.05; done
fi
n=\$(ls "$tmp" | grep -c '^err\.')
for try in \$(seq 1 50); do
	err="$tmp/err.\$n.\$try"
	( "$engine" --config "\${1:-$tmp/web.yaml}" --data-dir "$tmp/data" \\
		--http "$addr" 2>"\$err" >/dev/null </dev/null & echo \$! >"$tmp/pid" )
	new=\$(cat "$tmp/pid")
	for _ in \$(seq 1 300); do
		grep -q 'http listening on' "\$err" && exit 0
		kill -0 "\$new" 2>/dev/null || break
		sleep 0.1
	done
	sleep 0.2 # the address not free yet: try again
done
echo "restart.sh: no daemon listening on $addr" >&2
exit 1
SH
chmod +x "$tmp/restart.sh"

rm -rf "$shots"
WEB_RESTART="$tmp/restart.sh" WEB_IDLE_CONFIG="$tmp/idle.yaml" NODE_PATH="$modules" node "$root/tests/integration/web.js" "http://$addr" "$shots" >"$tmp/tap" 2>"$tmp/node.err"
status=$?
cat "$tmp/tap"
if [ $status -ne 0 ] && ! grep -q '^not ok' "$tmp/tap"; then
	sed 's/^/# /' "$tmp/node.err" | tail -n 20
fi
if [ -f "$tmp/pid" ]; then
	last=$(cat "$tmp/pid")
	kill "$last" 2>/dev/null
	for _ in $(seq 1 600); do kill -0 "$last" 2>/dev/null || break; sleep 0.05; done
fi
for err in "$tmp"/err "$tmp"/err.*; do
	[ -f "$err" ] || continue
	if grep -qE 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$err"; then
		echo "# a daemon's stderr ($(basename "$err")) holds a sanitizer report:"
		grep -m1 -A20 -E 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$err" | sed 's/^/# /'
		exit 1
	fi
done
exit $status
