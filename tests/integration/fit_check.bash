# shellcheck shell=bash disable=SC2154 # build, root, tmp: the sourcing test sets them
# Sourced (not a test of its own: not executable) by the tests of the
# learned tables, tables.sh, go_fit.sh, ataxx_fit.sh and
# gomoku_order_fit.sh. They set build (BUILDDIR), root (the repository's
# top) and tmp (a scratch folder).
#
# ok TEXT, not_ok TEXT: the next TAP line, numbered by n.
# check_fit TABLE TOOL [WORD [VERB]]: three TAP lines. TABLE's top comment
# names its command ("TOOL VERB ARGS (N games, M positions)", VERB fit
# unless given; run from the
# repository's top with the data in tools/data/; WORD, when given, must
# be one of ARGS); it is run again with BUILDDIR's tools/TOOL and its
# output must equal TABLE byte for byte. A table edited by hand, fitted
# to other data, or gone stale after a change of the features or the fit
# fails.
n=0

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

not_ok() {
	n=$((n + 1))
	echo "not ok $n - $1"
}

check_fit() {
	local table="$root/$1" tool="$2" word="${3:-}" verb="${4:-fit}" args
	args=$(sed -n "s/^ \* $tool $verb \(.*\) ([0-9]* games, [0-9]* positions)\$/\1/p" "$table")
	if [ -n "$args" ] && { [ -z "$word" ] || [[ " $args " == *" $word "* ]]; }; then
		ok "$1 names its command: $tool $verb $args"
	else
		not_ok "no '$tool $verb ${word:+... $word }ARGS (N games, M positions)' line in $1"
	fi
	# shellcheck disable=SC2086 # ARGS are words: options and data files
	if (cd "$root" && "$build/tools/$tool" "$verb" $args) >"$tmp/table" 2>"$tmp/report"; then
		ok "$tool $verb ran"
	else
		not_ok "$tool $verb $args failed:"
		sed 's/^/# /' "$tmp/report"
	fi
	if cmp -s "$tmp/table" "$table"; then
		ok "$1 is the fit's output"
	else
		not_ok "$1 differs from the fit's output:"
		diff "$table" "$tmp/table" | head -20 | sed 's/^/# /'
	fi
}
