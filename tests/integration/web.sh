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
# The daemon's stderr must hold no sanitizer report.
set -u
engine=$1
build=$(cd "$(dirname "$engine")" && pwd)
root="$(cd "$(dirname "$0")/../.." && pwd)"
modules="$build/node/node_modules"
shots="$build/web-screenshots"
tmp=$(mktemp -d)
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
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
"$engine" --config "$tmp/web.yaml" --data-dir "$tmp/data" \
	--http 127.0.0.1:0 2>"$tmp/err" >/dev/null </dev/null &
pid=$!
addr=
for _ in $(seq 1 300); do
	addr=$(sed -n 's/^.*http listening on \([^ ]*\).*$/\1/p' "$tmp/err" | head -n 1)
	[ -n "$addr" ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
[ -n "$addr" ] || bail "the daemon did not say 'http listening on HOST:PORT'" "$tmp/err"

rm -rf "$shots"
NODE_PATH="$modules" node "$root/tests/integration/web.js" "http://$addr" "$shots" >"$tmp/tap" 2>"$tmp/node.err"
status=$?
cat "$tmp/tap"
if [ $status -ne 0 ] && ! grep -q '^not ok' "$tmp/tap"; then
	sed 's/^/# /' "$tmp/node.err" | tail -n 20
fi
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
pid=
if grep -qE 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$tmp/err"; then
	echo "# the daemon's stderr holds a sanitizer report:"
	grep -m1 -A20 -E 'ERROR: AddressSanitizer|runtime error:|LeakSanitizer' "$tmp/err" | sed 's/^/# /'
	exit 1
fi
exit $status
