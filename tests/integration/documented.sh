#!/usr/bin/env bash
# The docs are true:
# - every command each game accepts (list_commands) has an entry in
#   protocol/PROTOCOL.md (a heading naming it), is exercised in that game by
#   some transcript in protocol/*.tst (the game a transcript plays is Go
#   until a `game NAME` line or its `#! engine-args:` --game chooses
#   another; the commands in session_wide below, whose code never consults
#   the game, count in any game), and has its line in help (NAME ARGS: WHAT);
# - every example of README.md and protocol/PROTOCOL.md marked runnable
#   (an HTML comment `<!-- example -->` or `<!-- example: SETUP; SETUP -->`
#   just before a fenced or indented block) gives the replies it shows when
#   its commands are sent to a fresh engine, in an empty working directory
#   of its own (after the SETUP commands, whose
#   replies are not shown): lines starting `$ ` are shell prompts and are
#   skipped; a line followed by a `=`/`?` line is a command; the lines after a
#   reply up to the next command belong to it; `...` in a reply stands for
#   anything; a block marked `<!-- uai-example: ARGS -->` is a UAI session
#   of `quintet ARGS`: its lines opening with a UAI command are sent, the
#   others are the whole output, `...` again anything;
# - every ```yaml block of README.md passes --check-config;
# - `quintet --help` names exactly the games list_games has; README's GNU Go
#   command lines use gnugo's full path (/usr/games is not on root's PATH);
#   every `quintet --OPTION` README names is in --help.
# Usage: documented.sh BUILDDIR/quintet. TAP.
set -u
engine=$1
root="$(cd "$(dirname "$0")/../.." && pwd)"
tmp_yaml=$(mktemp)
trap 'rm -f "$tmp_yaml"' EXIT
n=0
failed=0
# Commands whose code is the same whatever the game (players, the save
# directory's listing, the engine's identity): one transcript in any game
# exercises them.
session_wide=" protocol_version name version cputime kgs-game_over known_command list_commands
	list_games help quit login login_token session_token logout register passwd delete_account whoami list_saves
	delete_save stats top verbose "
# "GAME COMMAND" for each command line of each transcript, in the game it
# was sent to.
games=$(printf 'list_games\n' | "$engine" | sed -e 's/^= //' -e '/^$/d')
played=$(GAMES="$games" python3 - "$root"/protocol/*.tst <<'PY'
import os, re, shlex, sys
games = os.environ["GAMES"].split()
for path in sys.argv[1:]:
    game, pairs = "go", set()
    for raw in open(path, "rb").read().decode("latin-1").split("\n"):
        line = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", "", raw).replace("\t", " ")
        if line.startswith("#! engine-args:"):
            args = shlex.split(line.split(":", 1)[1])
            for i, a in enumerate(args[:-1]):
                if a == "--game":
                    game = args[i + 1]
            continue
        words = line.split("#", 1)[0].split()
        if words and words[0].isdigit():
            words = words[1:]
        if not words:
            continue
        pairs.add(f"{game} {words[0]}")
        if words[0] == "game" and len(words) == 2 and words[1] in games:
            game = words[1]
    print("\n".join(sorted(pairs)))
PY
)
for game in $games; do
	names=$(printf 'game %s\nlist_commands\n' "$game" | "$engine" | sed -e '1,2d' -e 's/^= //' -e '/^$/d')
	missing_doc=() missing_tst=()
	for name in $names; do
		grep -qE "^#+ .*\`?\b$name\b" "$root/protocol/PROTOCOL.md" || missing_doc+=("$name")
		case "$session_wide" in
		*[[:space:]]"$name"[[:space:]]*) grep -qE " $name\$" <<<"$played" ;;
		*) grep -qxF "$game $name" <<<"$played" ;;
		esac || missing_tst+=("$name")
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
		echo "ok $n - $game: every command is in a transcript, in this game"
	else
		echo "not ok $n - $game: in no transcript of this game: ${missing_tst[*]}"
		failed=1
	fi
	# help: group titles (a capital, a colon at the end), each followed by
	# its commands, indented, sorted within the group.
	grouped=$(printf 'game %s\nhelp\n' "$game" | "$engine" | sed -e '1,2d' -e 's/^= //' -e '/^$/d')
	helped=$(sed -n 's/^  //p' <<<"$grouped")
	titles_ok=$(grep -v '^  ' <<<"$grouped" | grep -cvE '^[A-Z][^:]*:$')
	sorted_ok=$(awk '/^[^ ]/ { prev = ""; next } { if (prev > $1) bad++; prev = $1 } END { print bad + 0 }' <<<"$grouped")
	n=$((n + 1))
	if [ "$(sed 's/[ :].*//' <<<"$helped" | sort)" = "$(sort <<<"$names")" ] &&
		! grep -qvE '^[a-z_-]+( [^:]+)?: [a-z].{4,}$' <<<"$helped" &&
		[ "$titles_ok" = 0 ] && [ "$sorted_ok" = 0 ]; then
		echo "ok $n - $game: help has one described line per command, in titled groups, sorted in each"
	else
		echo "not ok $n - $game: help and list_commands differ, a line lacks its description, or a group is untitled or unsorted"
		diff <(sed 's/[ :].*//' <<<"$helped" | sort) <(sort <<<"$names") | sed 's/^/#   /'
		failed=1
	fi
done

# --- runnable examples ------------------------------------------------------
examples=$(python3 - "$engine" "$root/README.md" "$root/protocol/PROTOCOL.md" <<'PY'
import os, re, subprocess, sys, tempfile

engine = os.path.abspath(sys.argv[1])


def run_in_scratch(argv, text):
    """Output of the engine fed text, in a fresh working directory of its
    own (its saves and players' database start empty, and go with it)."""
    with tempfile.TemporaryDirectory() as scratch:
        return subprocess.run(argv, input=text.encode(), capture_output=True,
                              timeout=120, cwd=scratch).stdout.decode()


def blocks(path):
    lines = open(path).read().split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"<!-- (example|uai-example)(?::(.*))? -->\s*$", line)
        if not m:
            continue
        kind = m.group(1)
        setup = [c.strip() for c in (m.group(2) or "").split(";") if c.strip()]
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        body = []
        if lines[j].startswith("```"):
            j += 1
            while not lines[j].startswith("```"):
                body.append(lines[j])
                j += 1
        else:
            indent = len(lines[j]) - len(lines[j].lstrip())
            while j < len(lines) and (not lines[j].strip() or
                                      len(lines[j]) - len(lines[j].lstrip()) >= indent):
                body.append(lines[j][indent:])
                j += 1
            while body and not body[-1].strip():
                body.pop()
        yield i + 1, kind, setup, body


def parse(body):
    body = [l.rstrip() for l in body if not l.startswith("$ ")]
    def is_reply(l):
        return re.match(r"[=?][0-9]*( |$)", l) is not None
    commands, replies = [], []
    for k, l in enumerate(body):
        if not l:
            continue
        nxt = next((b for b in body[k + 1:] if b), None)
        if is_reply(l):
            replies.append([l])
        elif not replies or len(replies) == len(commands) and nxt is not None and is_reply(nxt):
            commands.append(l)
        else:
            replies[-1].append(l)
    return commands, ["\n".join(r) for r in replies]


UAI_COMMANDS = {"uai", "isready", "setoption", "uainewgame", "position", "go", "stop",
                "perft", "d", "print", "quit"}


def run_uai(args, body):
    """A UAI session (`<!-- uai-example: ARGS -->`, the engine started with
    ARGS): lines opening with a UAI command are sent, the others are the
    output shown, compared as one text."""
    commands = [l for l in body if l.split()[:1] and l.split()[0] in UAI_COMMANDS]
    want = "\n".join(l.rstrip() for l in body if l.strip() and l not in commands)
    out = run_in_scratch([engine] + args, "".join(c + "\n" for c in commands))
    return commands, want, out.strip("\n")


def matches(want, got):
    got = "\n".join(l.rstrip() for l in got.split("\n"))
    want = re.sub(r" *\.\.\.", "...", want)  # "= ..." matches a reply opening with a newline
    pattern = ".*".join(re.escape(part) for part in want.split("..."))
    return re.fullmatch(pattern, got, re.S) is not None


n = 0
for path in sys.argv[2:]:
    name = path.split("/")[-1]
    count = 0
    for line, kind, setup, body in blocks(path):
        if kind == "uai-example":
            commands, want, got = run_uai(" ".join(setup).split(), body)
            count += 1
            n += 1
            if matches(want, got):
                print(f"ok {name}:{line}: the UAI example runs as shown ({len(commands)} commands)")
            else:
                print(f"not ok {name}:{line}: the UAI example's output differs")
                print(f"#   shown:  {want!r}\n#   answer: {got!r}")
            continue
        commands, want = parse(body)
        text = "".join(c + "\n" for c in setup + commands)
        out = run_in_scratch([engine], text)
        got = [r for r in out.split("\n\n") if r][len(setup):]
        count += 1
        n += 1
        bad = [(w, g) for w, g in zip(want, got) if not matches(w, g)]
        if len(want) != len(commands) or len(got) != len(want) or bad:
            print(f"not ok {name}:{line}: the example's replies differ")
            for w, g in bad or [(want, got)]:
                print(f"#   shown:  {w!r}\n#   answer: {g!r}")
        else:
            print(f"ok {name}:{line}: the example runs as shown ({len(commands)} commands)")
    if count == 0:
        print(f"not ok {name}: no runnable example marked")
PY
)
status=$?
if [ $status -ne 0 ]; then
	n=$((n + 1))
	echo "not ok $n - the example runner failed (exit status $status)"
	failed=1
fi
while IFS= read -r line; do
	case "$line" in
	"ok "*) n=$((n + 1)); echo "ok $n - ${line#ok }" ;;
	"not ok "*) n=$((n + 1)); echo "not ok $n - ${line#not ok }"; failed=1 ;;
	*) echo "$line" ;;
	esac
done <<<"$examples"

# --- README's configuration examples: every ```yaml block is a good file ------
yaml_n=0
while IFS= read -r start; do
	yaml_n=$((yaml_n + 1))
	sed -n "$((start + 1)),\$p" "$root/README.md" | sed '/^```/,$d' >"$tmp_yaml"
	n=$((n + 1))
	if out=$("$engine" --check-config "$tmp_yaml" 2>&1); then
		echo "ok $n - README.md:$start: the configuration example is a good file"
	else
		echo "not ok $n - README.md:$start: the configuration example is refused: $out"
		failed=1
	fi
done < <(grep -n '^```yaml' "$root/README.md" | cut -d: -f1)
if [ $yaml_n -eq 0 ]; then
	n=$((n + 1))
	echo "not ok $n - README.md: no configuration example"
	failed=1
fi

# --- the configuration file's header: its one-line files are good files -----
conf_n=0
while IFS= read -r example; do
	conf_n=$((conf_n + 1))
	printf '%s\n' "$example" >"$tmp_yaml"
	n=$((n + 1))
	if out=$("$engine" --check-config "$tmp_yaml" 2>&1); then
		echo "ok $n - conf/quintet.yaml's example '$example' is a good file"
	else
		echo "not ok $n - conf/quintet.yaml's example '$example' is refused: $out"
		failed=1
	fi
done < <(sed -n '/^[^#]/q; s/^#   \(games: .*\)$/\1/p' "$root/conf/quintet.yaml")
if [ $conf_n -eq 0 ]; then
	n=$((n + 1))
	echo "not ok $n - conf/quintet.yaml: no one-line example in its header"
	failed=1
fi

# --- every transcript is in PROTOCOL.md's tables ---------------------------------
# A row names its files (`a.tst`, `b.tst`) or a numbered run (`x.tst` .. `x4.tst`).
untabled=()
for f in "$root"/protocol/*.tst; do
	b=$(basename "$f")
	grep -qE "^\| ([^|]*\`|)$b\`" "$root/protocol/PROTOCOL.md" && continue
	stem=${b%%[0-9]*.tst}
	grep -qE "^\| \`${stem}\.tst\` \.\. \`${stem}[0-9]+\.tst\`" "$root/protocol/PROTOCOL.md" && continue
	untabled+=("$b")
done
n=$((n + 1))
if [ ${#untabled[@]} -eq 0 ]; then
	echo "ok $n - every protocol/*.tst has its row in PROTOCOL.md"
else
	echo "not ok $n - PROTOCOL.md's transcript tables lack ${untabled[*]}"
	failed=1
fi

# --- --help and README's command lines ---------------------------------------
help=$("$engine" --help)
games=$(printf 'list_games\n' | "$engine" | sed -e 's/^= //' -e '/^$/d')
intro=$(printf '%s\n' "$help" | sed -n '2,3p' | tr '\n' ' ')
missing=()
for game in $games; do
	grep -qi "\b$game\b" <<<"$intro" || missing+=("$game")
done
for word in $(grep -oE '\b(Go|Gomoku|Ataxx|Flood|Mastermind|Chess|Othello|Hex)\b' <<<"$intro"); do
	grep -qix "$word" <<<"$games" || missing+=("extra: $word")
done
n=$((n + 1))
if [ ${#missing[@]} -eq 0 ]; then
	echo "ok $n - --help names exactly the games list_games answers"
else
	echo "not ok $n - --help and list_games differ: ${missing[*]}"
	failed=1
fi

bare=$(grep -nE "(^|[\"' ])gnugo --mode" "$root/README.md")
n=$((n + 1))
if [ -z "$bare" ]; then
	echo "ok $n - README runs GNU Go by its full path"
else
	echo "not ok $n - README runs gnugo from PATH: $bare"
	failed=1
fi

unknown=()
for opt in $(grep -oE '(^|[ /`(])quintet( --[a-z-]+)+' "$root/README.md" | grep -oE -- '--[a-z-]+' | sort -u); do
	grep -q -- "$opt" <<<"$help" || unknown+=("$opt")
done
n=$((n + 1))
if [ ${#unknown[@]} -eq 0 ]; then
	echo "ok $n - every quintet option README names is in --help"
else
	echo "not ok $n - README names options --help lacks: ${unknown[*]}"
	failed=1
fi

# README's referee paragraph names every game; its nc comes with its package.
plays=$(grep -oE 'It plays every game quintet has \([^)]*\)' "$root/README.md")
missing=()
for game in $games; do
	grep -qi "\b$game\b" <<<"$plays" || missing+=("$game")
done
n=$((n + 1))
if [ -n "$plays" ] && [ ${#missing[@]} -eq 0 ]; then
	echo "ok $n - README's quintet-match section names every game"
else
	echo "not ok $n - README's quintet-match section lacks: ${missing[*]:-its game list}"
	failed=1
fi
n=$((n + 1))
if ! grep -q '\bnc [0-9]' "$root/README.md" || grep -q 'apt-get install netcat-openbsd' "$root/README.md"; then
	echo "ok $n - README says how to install the nc it uses"
else
	echo "not ok $n - README uses nc without apt-get install netcat-openbsd"
	failed=1
fi

echo "1..$n"
exit $failed
