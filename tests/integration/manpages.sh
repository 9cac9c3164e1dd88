#!/usr/bin/env bash
# The manual pages quintet(1) and quintet-match(1), as the build made them
# (BUILDDIR/man/NAME.1, from man/NAME.1.in). Usage: manpages.sh
# BUILDDIR/quintet. Prints TAP. For each page:
# - groff renders it without a single warning (-ww: every category);
# - every long option the program's --help prints (each --WORD in it, its
#   examples' included) is in the page, so an option added to --help and
#   not to the page fails here.
# groff comes with Debian's groff-base (scripts/bootstrap --test installs it).
set -u
engine=$1
build=$(cd "$(dirname "$engine")" && pwd)
n=0
failed=0

result() { # result NAME STATUS [DETAIL]
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		failed=1
		[ -n "${3:-}" ] && printf '%s\n' "$3" | head -n 20 | sed 's/^/# /'
	fi
}

# The page's text with roff's escapes for '-', fonts and zero-width breaks
# taken out, so that "\-\-http\-root" reads "--http-root".
page_text() {
	sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' "$1"
}

for prog in quintet quintet-match; do
	page="$build/man/$prog.1"
	if [ ! -f "$page" ]; then
		result "$prog.1: built" 1 "no $page (make -C $build builds it from man/$prog.1.in)"
		continue
	fi
	if command -v groff >/dev/null; then
		warnings=$(timeout 60 groff -man -ww -z "$page" 2>&1)
		status=$?
		[ -z "$warnings" ] || status=1
		result "$prog.1: groff renders it without a warning" $status "$warnings"
	else
		result "$prog.1: groff renders it without a warning" 1 \
			"groff is not installed (scripts/bootstrap --test installs groff-base)"
	fi
	help=$(timeout 30 "$build/$prog" --help)
	status=$?
	options=$(grep -oE -- '--[A-Za-z0-9][A-Za-z0-9-]*' <<<"$help" | sort -u)
	[ -n "$options" ] || status=1
	text=$(page_text "$page")
	missing=()
	for option in $options; do
		grep -qE -- "$option([^A-Za-z0-9-]|\$)" <<<"$text" || missing+=("$option")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		status=1
		why="not in the page: ${missing[*]}"
	else
		why="$prog --help failed or named no option"
	fi
	result "$prog.1: every option --help names ($(wc -w <<<"$options")) is in the page" \
		$status "$why"
done

echo "1..$n"
exit $failed
