#!/usr/bin/env python3
"""tcp-bridge.py PORTFILE CMD...: a stand-in for quintet's TCP daemon in tests.

Listens on a free 127.0.0.1 port, writes the port number to PORTFILE, and
for every connection starts CMD with its stdin and stdout on the socket, so
each connection is an independent session. Runs until killed."""
import os
import socket
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    portfile, cmd = sys.argv[1], sys.argv[2:]
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    tmp = portfile + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % server.getsockname()[1])
    os.rename(tmp, portfile)
    children = []
    while True:
        conn, _ = server.accept()
        children.append(subprocess.Popen(cmd, stdin=conn.fileno(), stdout=conn.fileno(),
                                         stderr=subprocess.DEVNULL))
        conn.close()
        children = [c for c in children if c.poll() is None]


if __name__ == "__main__":
    sys.exit(main())
