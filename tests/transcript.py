#!/usr/bin/env python3
"""Replay GTP transcripts (GNU Go regression style) against an engine; print TAP.

usage: tests/transcript.py ENGINE FILE...

ENGINE is a command line (split like a shell would). Each FILE is sent to a
fresh engine process verbatim, as bytes, on stdin; stdin is then closed. The
engine's stdout is split into replies and checked against the `#?` lines of
the file. See tests/README.md for the format; in short:

    1 boardsize 9
    #? []                       success, empty result
    2 play b z1
    #? [?invalid .*]            error whose message fullmatches the regex
    3 list_stones black
    #? [A1 B2|B2 A1]            success, result fullmatches the regex

A `#! engine-args: ARGS` line before the first command adds ARGS to the
engine's command line for that file. Each engine runs in a fresh, empty
working directory, removed afterwards.

Per file the output holds one TAP test per expectation plus one framing test
(reply count, `=`/`?` prefix, ids echoed, blank-line terminators, nothing
after the last reply, exit status 0, no sanitizer report on stderr).
Exit status: 0 when every test passed, 1 otherwise, 2 on bad usage.
"""

import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile

TIMEOUT = int(os.environ.get("TRANSCRIPT_TIMEOUT", "60"))  # seconds per file
SANITIZER_MARKS = (b"ERROR: AddressSanitizer", b"runtime error:",
                   b"LeakSanitizer", b"ERROR: ThreadSanitizer",
                   b"ERROR: MemorySanitizer")
# Control characters GTP preprocessing removes: all but HT and LF.
CONTROL = bytes(c for c in list(range(32)) + [127] if c not in (9, 10))
ID_RE = re.compile(rb"\s*([0-9]+)(?=\s|$)")
ARGS_RE = re.compile(rb"#!\s*engine-args:(.*)$")


def show(data, limit=200):
    """Printable one-line rendering of bytes for TAP output."""
    text = data.decode("utf-8", "backslashreplace")
    out = []
    for ch in text:
        if ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    text = "".join(out)
    if len(text) > limit:
        text = text[:limit] + "..."
    return text


class Command:
    """A line of the file that the engine must answer."""

    def __init__(self, lineno, raw, clean):
        self.lineno = lineno  # 1-based line number in the file
        self.raw = raw        # the line as in the file (without LF)
        self.clean = clean    # after GTP preprocessing
        m = ID_RE.match(clean)
        self.id = m.group(1) if m else None
        rest = clean[m.end():] if m else clean
        words = rest.split()
        self.name = words[0] if words else b""
        self.argc = max(len(words) - 1, 0)
        self.expectations = []  # (lineno, pattern bytes)


class Transcript:
    """A parsed .tst file: commands, expectations, errors in the file."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.relpath(path) if not os.path.isabs(path) else path
        with open(path, "rb") as f:
            self.data = f.read()
        self.commands = []    # Command, in order, up to and including quit
        self.errors = []      # (lineno, message): malformed file content
        self.engine_args = []
        self._parse()

    def _parse(self):
        lines = self.data.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()  # the file ends with LF: no extra empty line
        after_quit = False
        seen_command = False
        for lineno, raw in enumerate(lines, 1):
            stripped = raw.rstrip(b"\r")
            if stripped.startswith(b"#?"):
                self._expectation(lineno, stripped, after_quit)
                continue
            m = ARGS_RE.match(stripped)
            if m:
                if seen_command:
                    self.errors.append((lineno, "#! engine-args after the first command"))
                else:
                    try:
                        self.engine_args += shlex.split(m.group(1).decode())
                    except ValueError as e:
                        self.errors.append((lineno, "bad engine-args: %s" % e))
                continue
            clean = raw.translate(None, CONTROL)
            clean = clean.split(b"#", 1)[0].replace(b"\t", b" ")
            if not clean.strip():
                continue
            seen_command = True
            if after_quit:
                after_quit = "ignored"  # lines after quit get no reply
                continue
            cmd = Command(lineno, raw, clean)
            if not cmd.name:
                continue  # an id alone gets no reply (as in GNU Go)
            self.commands.append(cmd)
            if cmd.name == b"quit" and cmd.argc == 0:
                after_quit = True

    def _expectation(self, lineno, line, after_quit):
        start = line.find(b"[")
        end = line.rfind(b"]")
        if start < 0 or end < start:
            self.errors.append((lineno, "malformed expectation, want #? [PATTERN]"))
            return
        tail = line[end + 1:]
        if tail.strip() == b"*":
            self.errors.append((lineno, "expected-failure marker '*' is not supported"))
            return
        if tail.strip() or line[2:start].strip():
            self.errors.append((lineno, "junk around #? [PATTERN]"))
            return
        if not self.commands:
            self.errors.append((lineno, "expectation before any command"))
            return
        if after_quit == "ignored":
            self.errors.append((lineno, "expectation for a command after quit"))
            return
        pattern = line[start + 1:end]
        try:
            re.compile(self._regex(pattern)[1])
        except re.error as e:
            self.errors.append((lineno, "bad regex [%s]: %s" % (show(pattern), e)))
            return
        self.commands[-1].expectations.append((lineno, pattern))

    @staticmethod
    def _regex(pattern):
        """(want_error, regex bytes) for an expectation pattern."""
        if pattern.startswith(b"?"):
            rest = pattern[1:]
            if rest.startswith(b" "):
                rest = rest[1:]
            return True, rest
        return False, pattern


class Reply:
    def __init__(self, chunk):
        self.chunk = chunk  # bytes, without the terminating blank line
        first, _, more = chunk.partition(b"\n")
        self.ok = first[:1] == b"="
        self.error = first[:1] == b"?"
        m = re.match(rb"[=?]([0-9]*)(?: (.*)|$)", first, re.DOTALL)
        self.wellformed = bool(m) and (self.ok or self.error)
        self.id = m.group(1) if m and m.group(1) else None
        text = (m.group(2) or b"") if m else first[1:]
        if b"\n" in chunk:
            text = text + b"\n" + more
        self.text = text


def split_replies(out):
    """Split stdout into reply chunks; returns (chunks, trailing bytes)."""
    chunks = []
    pos = 0
    while True:
        end = out.find(b"\n\n", pos)
        if end < 0:
            return chunks, out[pos:]
        chunks.append(out[pos:end])
        pos = end + 2


def run_engine(argv, data):
    """Run the engine on data, in a fresh empty working directory (what an
    engine writes there, such as quintet's save files with its default data
    directory, goes with it); returns (stdout, stderr, status, timed_out)."""
    with tempfile.TemporaryDirectory(prefix="quintet-tst-cwd.") as cwd:
        return run_engine_in(argv, data, cwd)


def run_engine_in(argv, data, cwd):
    if os.sep in argv[0]:
        argv = [os.path.abspath(argv[0])] + argv[1:]
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True, cwd=cwd)
    except OSError as e:
        return b"", str(e).encode(), None, False
    try:
        out, err = proc.communicate(data, timeout=TIMEOUT)
        return out, err, proc.returncode, False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            proc.kill()
        out, err = proc.communicate()
        return out, err, proc.returncode, True


class Tap:
    def __init__(self):
        self.count = 0
        self.failed = 0

    def result(self, ok, desc, diag=()):
        self.count += 1
        if not ok:
            self.failed += 1
        # An unescaped '#' in a description would start a TAP directive.
        desc = desc.replace("#", "\\#")
        print("%s %d - %s" % ("ok" if ok else "not ok", self.count, desc))
        for line in diag:
            print("#   " + line)
        sys.stdout.flush()

    def comment(self, text):
        print("# " + text)


def id_matches(cmd_id, reply_id):
    if cmd_id is None:
        return reply_id is None
    if reply_id is None:
        return False
    return reply_id == cmd_id or reply_id == str(int(cmd_id)).encode()


def check_file(tap, engine, path):
    try:
        tr = Transcript(path)
    except OSError as e:
        tap.result(False, "%s: cannot read: %s" % (path, e))
        return
    name = tr.name
    for lineno, msg in tr.errors:
        tap.result(False, "%s:%d %s" % (name, lineno, msg))

    argv = engine + tr.engine_args
    out, err, status, timed_out = run_engine(argv, tr.data)
    chunks, trailing = split_replies(out)
    replies = [Reply(c) for c in chunks]

    # Expectations: one test each.
    for i, cmd in enumerate(tr.commands):
        reply = replies[i] if i < len(replies) else None
        for lineno, pattern in cmd.expectations:
            want_error, regex = Transcript._regex(pattern)
            where = "%s:%d %s" % (name, lineno, show(cmd.clean.strip(), 60))
            if reply is None:
                tap.result(False, "%s expected [%s] got no reply" % (where, show(pattern)))
                continue
            good = reply.wellformed and reply.error == want_error and \
                re.fullmatch(regex, reply.text, re.DOTALL) is not None
            if good:
                tap.result(True, "%s -> %s" % (where, show(reply.chunk, 80)))
            else:
                tap.result(False, "%s expected [%s] got %s" %
                           (where, show(pattern), show(reply.chunk)))

    # Framing: one test per file.
    problems = []
    if timed_out:
        problems.append("timed out after %d s (killed)" % TIMEOUT)
    for i, reply in enumerate(replies):
        cmd = tr.commands[i] if i < len(tr.commands) else None
        label = ("line %d %s" % (cmd.lineno, show(cmd.clean.strip(), 40))) if cmd \
            else "extra reply %d" % (i + 1)
        if not reply.wellformed:
            if reply.chunk.startswith(b"\n") or reply.chunk == b"":
                problems.append("%s: extra blank line: %s" % (label, show(reply.chunk)))
            else:
                problems.append("%s: malformed reply, want '=ID text' or '?ID text' "
                                "(blank line inside a reply?): %s" % (label, show(reply.chunk)))
            continue
        if b"\r" in reply.chunk:
            problems.append("%s: CR in reply: %s" % (label, show(reply.chunk)))
        if cmd and not id_matches(cmd.id, reply.id):
            if cmd.id is None:
                what = "the line has no id, the reply has %s" % reply.id.decode()
            elif reply.id is None:
                what = "id %s not echoed" % cmd.id.decode()
            else:
                what = "id %s, the reply has %s" % (cmd.id.decode(), reply.id.decode())
            problems.append("%s: %s (replies out of step?): %s" % (label, what, show(reply.chunk)))
    if len(replies) < len(tr.commands):
        cmd = tr.commands[len(replies)]
        problems.append("%d replies for %d commands; first unanswered: line %d %s" % (
            len(replies), len(tr.commands), cmd.lineno, show(cmd.clean.strip(), 60)))
    elif len(replies) > len(tr.commands):
        problems.append("%d replies for %d commands" % (len(replies), len(tr.commands)))
    if trailing:
        problems.append("output after the last complete reply: %s" % show(trailing))
    if status is None:
        problems.append("cannot start engine: %s" % err.decode(errors="replace"))
    elif status < 0:
        problems.append("engine killed by signal %d" % -status)
    elif status != 0:
        problems.append("engine exit status %d" % status)
    marks = [m.decode() for m in SANITIZER_MARKS if m in err]
    if marks:
        problems.append("sanitizer report on stderr (%s)" % ", ".join(marks))
    diag = problems[:10]
    if len(problems) > 10:
        diag.append("... %d more" % (len(problems) - 10))
    if (marks or status) and err:
        diag.append("engine stderr (tail):")
        diag += [show(line, 300) for line in err.rstrip(b"\n").split(b"\n")[-40:]]
    tap.result(not problems, "%s framing: %d commands, %d replies" % (
        name, len(tr.commands), len(replies)), diag)


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        sys.stderr.write("usage: %s ENGINE FILE...\n" % argv[0])
        return 2
    engine = shlex.split(argv[1])
    if not engine:
        sys.stderr.write("transcript.py: empty ENGINE\n")
        return 2
    tap = Tap()
    for path in argv[2:]:
        check_file(tap, engine, path)
    print("1..%d" % tap.count)
    if tap.failed:
        tap.comment("%d of %d failed" % (tap.failed, tap.count))
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
