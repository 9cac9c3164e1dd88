"""A throw-away PostgreSQL server for tests and benchmarks (a module, not a
test: tests/run-all runs only the executables here). initdb into a new
temporary directory (as the postgres user when run as root, since initdb
refuses root), pg_ctl start on a Unix socket in that directory and no TCP
port, fsync off; stop() stops it and removes the directory; pause() and
resume() stop it and start it again on the same data (an outage)."""
import glob
import os
import shutil
import subprocess
import tempfile

PORT = 54329  # only names the socket file, in a private directory


def pg_bin(name):
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def as_postgres(cmd):
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


class Server:
    """Started by the constructor; conninfo reaches it."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="quintet-pg.")
        os.chmod(self.dir, 0o755)
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self.data = os.path.join(self.dir, "data")
        self.started = False
        init = subprocess.run(as_postgres([pg_bin("initdb"), "-D", self.data, "-U", "quintet",
                                           "--auth=trust", "-E", "UTF8", "--no-sync"]),
                              capture_output=True, timeout=120)
        assert init.returncode == 0, init.stderr.decode(errors="replace")[-1000:]
        self.resume()
        self.conninfo = f"host={self.dir} port={PORT} user=quintet dbname=postgres"

    def resume(self):
        """Start the server (again) on its data."""
        opts = f"-k {self.dir} -c listen_addresses='' -p {PORT} -c fsync=off"
        start = subprocess.run(as_postgres([pg_bin("pg_ctl"), "-D", self.data, "-o", opts,
                                            "-l", os.path.join(self.dir, "log"), "-w",
                                            "-t", "60", "start"]),
                               capture_output=True, timeout=120)
        assert start.returncode == 0, (start.stderr + start.stdout).decode()[-1000:]
        self.started = True

    def pause(self):
        """Stop the server, keeping its data (resume starts it again)."""
        subprocess.run(as_postgres([pg_bin("pg_ctl"), "-D", self.data, "-m", "fast", "-w",
                                    "stop"]), capture_output=True, timeout=120, check=True)
        self.started = False

    def stop(self):
        if self.started:
            subprocess.run(as_postgres([pg_bin("pg_ctl"), "-D", self.data, "-m", "fast", "-w",
                                        "stop"]), capture_output=True, timeout=120)
        shutil.rmtree(self.dir, ignore_errors=True)


