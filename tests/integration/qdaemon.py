"""What the daemon-starting integration tests share: a quintet daemon on a
port it picked itself (port 0, read back from the address it logs), its
stderr kept in a temporary file, and a stop that fails on a non-zero exit
or a sanitizer report. A test's subclass starts it with its own command
line and adds its own way of connecting."""
import re
import signal
import subprocess
import tempfile
import time


class Daemon:
    LOG_TIMEOUT = 60  # seconds wait_log waits by default
    STOP_WORDS = ("Sanitizer", "runtime error")  # none may be in the log at exit

    def start(self, argv, address, env=None):
        """Run argv; address is a pattern whose group 1 is the port."""
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=self.err, env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            m = re.search(address, self.log())
            if m:
                self.port = int(m.group(1))
                return
            assert self.proc.poll() is None, "daemon exited at start: " + self.log()
            time.sleep(0.05)
        raise AssertionError("daemon did not print its address")

    def log(self):
        self.err.seek(0)
        return self.err.read().decode(errors="replace")

    def wait_log(self, pattern, timeout=None):
        deadline = time.monotonic() + (timeout or self.LOG_TIMEOUT)
        while time.monotonic() < deadline:
            m = re.search(pattern, self.log())
            if m:
                return m
            time.sleep(0.05)
        raise AssertionError(f"no /{pattern}/ in the log: {self.log()[-1500:]}")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            code = "hung"
        err = self.log()
        assert code == 0, f"exit code {code}: {err[-1500:]}"
        for bad in self.STOP_WORDS:
            assert bad not in err, f"sanitizer report: {err[-2000:]}"
        return err
