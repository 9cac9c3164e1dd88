#!/usr/bin/env bash
# Every command each game accepts (list_commands) has an entry in
# protocol/PROTOCOL.md (a heading naming it) and is exercised by some
# transcript in protocol/*.tst. Usage: documented.sh BUILDDIR/quintet. TAP.
set -u
engine=$1
root="$(cd "$(dirname "$0")/../.." && pwd)"
n=0
failed=0
for game in $(printf 'list_games\n' | "$engine" | sed -e 's/^= //' -e '/^$/d'); do
	names=$(printf 'game %s\nlist_commands\n' "$game" | "$engine" | sed -e '1,2d' -e 's/^= //' -e '/^$/d')
	missing_doc=() missing_tst=()
	for name in $names; do
		grep -qE "^#+ .*\`?\b$name\b" "$root/protocol/PROTOCOL.md" || missing_doc+=("$name")
		grep -qE "^([0-9]+ +)?$name( |$)" "$root"/protocol/*.tst || missing_tst+=("$name")
	done
	n=$((n + 1))
	if [ ${#missing_doc[@]} -eq 0 ]; then
		echo "ok $n - $game: every command has a PROTOCOL.md entry"
	else
		echo "not ok $n - $game: no PROTOCOL.md entry for ${missing_doc[*]}"
		failed=1
	fi
	n=$((n + 1))
	if [ ${#missing_tst[@]} -eq 0 ]; then
		echo "ok $n - $game: every command is in a transcript"
	else
		echo "not ok $n - $game: in no transcript: ${missing_tst[*]}"
		failed=1
	fi
done
echo "1..$n"
exit $failed
