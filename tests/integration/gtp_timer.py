"""A GTP engine between a referee and the real one, timing its moves.

Usage: python3 gtp_timer.py LOG ENGINE [ARG]...

Starts ENGINE, passes each command line to it and each reply back, one at
a time as GTP goes, and appends a line to LOG for every genmove:
"COLOR<TAB>TOLD<TAB>TOOK", where TOLD is the seconds of the last
time_left for that colour (-1: none yet) and TOOK the seconds from the
command's hand-over to its reply's end. The engine's stderr goes to
LOG.err (a referee sends its engines' to /dev/null), for the sanitizers'
reports. go_clock.sh judges the engine's own decisions from it: what the
referee's clock says also counts the machine's load.
"""
import subprocess
import sys
import time

COLORS = {"b": "b", "black": "b", "w": "w", "white": "w"}


def command_words(line):
    """The command's words without its id."""
    words = line.split()
    if words and words[0].isdigit():
        words = words[1:]
    return words


def main():
    log_path, argv = sys.argv[1], sys.argv[2:]
    with open(log_path + ".err", "a", encoding="utf-8") as err:
        engine = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=err, text=True, bufsize=1)
    told = {"b": -1.0, "w": -1.0}
    with open(log_path, "a", encoding="utf-8") as log:
        for line in sys.stdin:
            words = command_words(line)
            start = time.monotonic()
            engine.stdin.write(line)
            engine.stdin.flush()
            reply = []
            while True:
                out = engine.stdout.readline()
                if out == "":
                    return 1  # the engine is gone: so is its referee's game
                reply.append(out)
                if out == "\n":
                    break
            took = time.monotonic() - start
            sys.stdout.write("".join(reply))
            sys.stdout.flush()
            if len(words) >= 3 and words[0] == "time_left" and words[1] in COLORS:
                told[COLORS[words[1]]] = float(words[2])
            elif len(words) >= 2 and words[0] == "genmove" and words[1] in COLORS:
                color = COLORS[words[1]]
                log.write(f"{color}\t{told[color]:.3f}\t{took:.3f}\n")
                log.flush()
            if words and words[0] == "quit":
                break
    engine.stdin.close()
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main())
