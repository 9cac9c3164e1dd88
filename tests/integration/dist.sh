#!/usr/bin/env bash
# The release tarball and the installation. Usage: dist.sh BUILDDIR/quintet.
# Prints TAP.
#
# - In a scratch tree configured from the sources (-O0, so it is quick),
#   `make dist`: the tarball holds every file `git ls-files` names (but
#   .gitignore, .ci/ and m4/.keep) and no object, library, executable binary
#   or .deps directory; then `make distcheck` (build, the unit tests built,
#   install, uninstall and distclean from the unpacked tarball, its source
#   read-only; the tests themselves run in the suite around this program).
# - `make install` into a DESTDIR from BUILDDIR (already built): the unit in
#   pkg-config's systemdsystemunitdir with ExecStart=BINDIR/quintet --daemon;
#   a second install keeps an edited quintet.yaml and puts the new one beside
#   it as quintet.yaml.new; `make uninstall` leaves the edited file.
set -u
engine=$1
build=$(cd "$(dirname "$engine")" && pwd)
root="$(cd "$(dirname "$0")/../.." && pwd)"
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
n=0
failed=0

result() { # result NAME STATUS [DETAIL_FILE]
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		failed=1
		[ -n "${3:-}" ] && [ -s "$3" ] && tail -n 30 "$3" | sed 's/^/# /'
	fi
}

skip() { # skip NAME REASON
	n=$((n + 1))
	echo "ok $n # SKIP $1: $2"
}

jobs=-j2

# --- the tarball -------------------------------------------------------------
mkdir "$tmp/tree"
(cd "$tmp/tree" && "$root/configure" --quiet CFLAGS=-O0 &&
	make -s dist) >"$tmp/dist.log" 2>&1
status=$?
tarball=$(ls "$tmp"/tree/quintet-*.tar.gz 2>/dev/null | head -n 1)
[ $status -eq 0 ] && [ -n "$tarball" ]
result "make dist builds a tarball" $? "$tmp/dist.log"

if [ -n "$tarball" ]; then
	tar -tzf "$tarball" | sed 's|^[^/]*/||' | grep -v '/$' | sort >"$tmp/listed"
	grep -E '(\.o|\.a|\.so|\.tar\.gz)$|(^|/)\.deps(/|$)|(^|/)\.dirstamp$' "$tmp/listed" \
		>"$tmp/junk"
	mkdir "$tmp/unpacked"
	tar -xzf "$tarball" -C "$tmp/unpacked"
	# ELF files: one process reads every file's first bytes (a process a
	# file took half a minute over the corpora's thousands).
	python3 - "$tmp/unpacked" >>"$tmp/junk" <<'PY'
import os, sys
for top, _, names in os.walk(sys.argv[1]):
    for name in names:
        path = os.path.join(top, name)
        if not os.path.islink(path):
            with open(path, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    print(path)
PY
	[ ! -s "$tmp/junk" ]
	result "the tarball ships no object, binary, library or .deps" $? "$tmp/junk"

	if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
		git -C "$root" ls-files | grep -vE '^(\.gitignore|\.ci/.*|m4/\.keep)$' |
			sort >"$tmp/tracked"
		comm -23 "$tmp/tracked" "$tmp/listed" >"$tmp/missing"
		[ ! -s "$tmp/missing" ]
		result "the tarball holds every tracked file (EXTRA_DIST names them)" $? \
			"$tmp/missing"
	else
		skip "every tracked file in the tarball" "not a git checkout"
	fi
else
	skip "no binaries in the tarball" "no tarball"
	skip "every tracked file in the tarball" "no tarball"
fi

# Its `make check` builds the unit tests but runs none
# (QUINTET_CHECK_GROUPS=none): the suite around this program runs them
# already, in the sanitizer tree. A plain `make distcheck` runs the unit
# tests and the transcripts.
(cd "$tmp/tree" && make -s $jobs distcheck \
	DISTCHECK_CONFIGURE_FLAGS="CFLAGS=-O0 QUINTET_CHECK_GROUPS=none") \
	>"$tmp/distcheck.log" 2>&1
result "make distcheck" $? "$tmp/distcheck.log"

# --- install / uninstall from BUILDDIR ---------------------------------------
dest="$tmp/root"
sysconfdir=$(sed -n 's/^sysconfdir = //p' "$build/Makefile")
prefix=$(sed -n 's/^prefix = //p' "$build/Makefile")
unitdir=$(sed -n 's/^systemdsystemunitdir = //p' "$build/Makefile")
sysconfdir=${sysconfdir//\$\{prefix\}/$prefix}
bindir="$prefix/bin"
conf="$dest$sysconfdir/quintet.yaml"

make -s -C "$build" install DESTDIR="$dest" >"$tmp/install.log" 2>&1
result "make install" $? "$tmp/install.log"

want_unit=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null)
if [ -z "$want_unit" ]; then
	skip "the unit in systemdsystemunitdir" "no systemd.pc"
else
	unit="$dest$want_unit/quintet.service"
	[ "$unitdir" = "$want_unit" ] && [ -f "$unit" ] &&
		grep -qx "ExecStart=$bindir/quintet --daemon" "$unit" &&
		! grep -q '@[a-z]*@' "$unit"
	result "the unit is in $want_unit and runs $bindir/quintet --daemon" $? "$tmp/install.log"
fi

cmp -s "$build/quintet.yaml" "$conf"
result "the configuration is installed as $sysconfdir/quintet.yaml" $?

# Each game's openings and page module, found from its folder (game.mk).
share="$dest$prefix/share/quintet"
missing=
for g in $(printf 'list_games\n' | "$engine" | sed 's/^= //'); do
	[ -s "$share/openings/$g.txt" ] || missing="$missing openings/$g.txt"
	[ -s "$share/web/games/$g.js" ] || missing="$missing web/games/$g.js"
done
[ -z "$missing" ] && [ -s "$share/web/games.js" ]
result "each game's openings and web page module are installed${missing:+ (missing:$missing)}" $?

echo "# edited by the administrator" >>"$conf"
cp "$conf" "$tmp/edited"
make -s -C "$build" install DESTDIR="$dest" >"$tmp/install2.log" 2>&1 &&
	cmp -s "$tmp/edited" "$conf" && cmp -s "$build/quintet.yaml" "$conf.new"
result "install again keeps the edited configuration and adds quintet.yaml.new" $? \
	"$tmp/install2.log"

make -s -C "$build" uninstall DESTDIR="$dest" >"$tmp/uninstall.log" 2>&1 &&
	cmp -s "$tmp/edited" "$conf" && [ ! -e "$conf.new" ] &&
	[ ! -e "$dest$bindir/quintet" ]
result "uninstall removes quintet and quintet.yaml.new, leaves the edited file" $? \
	"$tmp/uninstall.log"

echo "1..$n"
exit $failed
