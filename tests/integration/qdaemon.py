"""What the daemon-starting integration tests share: a quintet daemon on a
port it picked itself (port 0, read back from the address it logs), its
stderr kept in a temporary file, a stop that fails on a non-zero exit or a
sanitizer report; TCP connections and GTP replies read off them; and the
checks themselves: each a TAP line, and whatever daemon a check started
and left running (an assertion failed before its stop) killed on its way
out, so no daemon outlives its test. A test's subclass starts the daemon
with its own command line and may add its own way of connecting."""
import os
import re
import select
import signal
import socket
import subprocess
import tempfile
import time

# A quintet listening for TCP or HTTP: group 1 is the port (IPv6 in brackets).
LISTENING = r"listening on \[?[0-9a-fA-F.:]+?\]?:(\d+)\n"
SANITIZER_WORDS = ("Sanitizer", "runtime error")


class Skip(Exception):
    """A check that cannot run here (a tool is missing): reported as a skip."""


def assert_no_report(err, words=SANITIZER_WORDS):
    """No sanitizer report in a process's stderr text."""
    for bad in words:
        assert bad not in err, f"sanitizer report: {err[-2000:]}"


def assert_clean(code, err, words=SANITIZER_WORDS):
    """A daemon's end: exit code 0 and no sanitizer report in its stderr."""
    assert code == 0, f"exit code {code}: {err[-1500:]}"
    assert_no_report(err, words)


class Daemon:
    LOG_TIMEOUT = 60  # seconds wait_log waits by default
    STOP_WORDS = SANITIZER_WORDS  # none may be in the log at exit
    running = []  # every Daemon started and not yet stopped or killed

    def start(self, argv, address=LISTENING, env=None):
        """Run argv; address is a pattern whose group 1 is the port."""
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=self.err, env=env)
        Daemon.running.append(self)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            m = re.search(address, self.log())
            if m:
                self.port = int(m.group(1))
                return
            assert self.proc.poll() is None, "daemon exited at start: " + self.log()[-1500:]
            time.sleep(0.05)
        self.kill()
        raise AssertionError("daemon did not print its address")

    def log(self):
        """The daemon's stderr so far. Read with pread, never moving the
        file's offset: the daemon writes at that offset, which it shares
        with us (a seek to 0 racing its write made it overwrite the log's
        first lines, and a write racing the read made it read nothing)."""
        fd, chunks, at = self.err.fileno(), [], 0
        while chunk := os.pread(fd, 1 << 20, at):
            chunks.append(chunk)
            at += len(chunk)
        return b"".join(chunks).decode(errors="replace")

    def wait_log(self, pattern, timeout=None):
        deadline = time.monotonic() + (timeout or self.LOG_TIMEOUT)
        while time.monotonic() < deadline:
            m = re.search(pattern, self.log())
            if m:
                return m
            time.sleep(0.05)
        raise AssertionError(f"no /{pattern}/ in the log: {self.log()[-1500:]}")

    def connect(self, src=None, host="127.0.0.1", timeout=60, rcvbuf=None):
        """A TCP connection to the daemon's port on host (IPv4 or IPv6), from
        the local address src when given (127.0.0.2: another client address)."""
        s = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET,
                          socket.SOCK_STREAM)
        if rcvbuf:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        s.settimeout(timeout)
        if src:
            s.bind((src, 0))
        s.connect((host, self.port))
        return s

    def terminate(self, timeout=30):
        """SIGTERM, then its end: (exit code, or "hung" after timeout seconds
        and a SIGKILL; stderr text; seconds it took)."""
        start = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            code = "hung"
        self._gone()
        return code, self.log(), time.monotonic() - start

    def stop(self):
        """SIGTERM; its stderr text, once it has exited 0 without a sanitizer report."""
        code, err, _ = self.terminate()
        assert_clean(code, err, self.STOP_WORDS)
        return err

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._gone()

    def _gone(self):
        if self in Daemon.running:
            Daemon.running.remove(self)


def wait_for(cond, what, limit=60):
    """Poll cond until it holds, at most limit seconds (a hang bound)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def read_replies_rest(sock, n, buf=b"", timeout=None):
    """Read n GTP replies (texts, without the empty line ending each) within
    timeout seconds (None: each read within the socket's own timeout);
    returns them and the bytes read past them."""
    deadline = None if timeout is None else time.monotonic() + timeout
    replies = []
    while len(replies) < n:
        end = buf.find(b"\n\n")
        if end >= 0:
            replies.append(buf[:end].decode(errors="replace"))
            buf = buf[end + 2:]
            continue
        if deadline is not None:
            left = deadline - time.monotonic()
            assert left > 0, f"no reply within {timeout} s (got {replies})"
            sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            raise AssertionError(f"no reply in time (got {replies})") from None
        assert chunk, f"connection closed after {len(replies)} of {n} replies"
        buf += chunk
    return replies, buf


def read_replies(sock, n, timeout=None, buf=b""):
    """read_replies_rest's replies only."""
    return read_replies_rest(sock, n, buf, timeout)[0]


def ask(sock, *commands, timeout=None):
    """Send command lines at once; their replies."""
    sock.sendall("".join(c + "\n" for c in commands).encode())
    return read_replies(sock, len(commands), timeout)


class Client:
    """A connection that keeps what it read past a reply for the next."""

    def __init__(self, sock):
        self.s = sock
        self.buf = b""

    def send(self, *lines):
        self.s.sendall("".join(l + "\n" for l in lines).encode())

    def read(self, n, timeout=None):
        replies, self.buf = read_replies_rest(self.s, n, self.buf, timeout)
        return replies

    def ask(self, *lines):
        self.send(*lines)
        return self.read(len(lines))

    def close(self):
        self.s.close()



class Lines:
    """Lines read off a file descriptor (a pipe's or a socket's), each
    within wait seconds; write sends bytes the other way."""

    def __init__(self, fd, write, wait=30):
        self.fd, self.write, self.wait, self.buf = fd, write, wait, b""

    def send(self, *lines):
        self.write("".join(l + "\n" for l in lines).encode())

    def line(self):
        deadline = time.monotonic() + self.wait
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            assert left > 0, f"no line within {self.wait} s (have {self.buf[-200:]!r})"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                chunk = os.read(self.fd, 1 << 20)
                assert chunk, f"end of output (have {self.buf[-200:]!r})"
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def reply(self):
        """A whole ordinary reply: its lines up to the empty one."""
        lines = [self.line()]
        while lines[-1] != "":
            lines.append(self.line())
        return lines[:-1]

    def ask(self, command):
        """command's reply: its text (the "= " taken off); fails on "?"."""
        self.send(command)
        lines = self.reply()
        assert lines[0].startswith("="), f"{command}: {lines}"
        return "\n".join([lines[0][2:]] + lines[1:])


def checker(results):
    """The check decorator of a test file: @check(name) runs the function at
    once and appends (ok, name, why, todo) to results; todo marks a known
    bug (TAP TODO: counted as neither pass nor fail). A daemon the function
    started and left running is killed afterwards, pass or fail."""
    def check(name, todo=None):
        def wrap(fn):
            before = list(Daemon.running)
            try:
                fn()
                results.append((True, name, "", todo))
            except Skip as e:
                results.append((True, name, f"SKIP {e}", todo))
            except Exception as e:  # a failed assertion, a timeout, a broken socket
                results.append((False, name, f"{type(e).__name__}: {e}", todo))
            finally:
                for d in [d for d in Daemon.running if d not in before]:
                    d.kill()
            return fn
        return wrap
    return check


def report(results):
    """Print results ((ok, name, why) or (ok, name, why, todo)) as TAP: a
    failure's why on "#" lines after it, a skip's ("SKIP ...") or todo's as
    its directive. Returns the exit status: 0 when none failed (todos aside)."""
    failed = False
    for i, (ok, name, why, *rest) in enumerate(results, 1):
        todo = rest[0] if rest else None
        line = f"{'ok' if ok else 'not ok'} {i} - {name}"
        if todo:
            line += f" # TODO {todo}" + (f": {why}" if why else "")
        elif ok and why.startswith("SKIP"):
            line += f" # {why}"
        print(line)
        if not ok and not todo:
            failed = True
            for text in why.splitlines() or [""]:
                print(f"# {text}")
    print(f"1..{len(results)}")
    return 1 if failed or not results else 0
