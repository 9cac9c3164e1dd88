"""src/games/mastermind/openings.py: how scripts/make-openings chooses mastermind's
openings (src/games/mastermind/openings.txt, whose header says it again):
seeds with distinct secrets (4 digits of 1-9, as shipped), each with the
number of guesses quintet's minimax breaker needs (quintet-match); no colour
has an advantage here, the seeds only give a fixed, reproducible set of
codes.

make(build) prints the file; BUILDDIR's quintet (and quintet-match) do
the judging."""
import re

from openings_tools import match_pairs


def make(build):
    print("# Mastermind openings for quintet-match --openings: seeds of secrets.")
    print("# A puzzle takes no opening moves; `seed N` is the secret of --seed N's")
    print("# first game, so a file of seeds is a fixed set of codes to break. Neither")
    print("# side has an advantage (both break the same code); these 60 seeds give 60")
    print("# codes with quintet's minimax breaker (level medium) needing the number of")
    print("# guesses after each #, on the default variant (4 distinct digits of 1-9).")
    print("\n[mastermind]")
    seen = set()
    for seed, pair in match_pairs(build, "mastermind", "medium", list(range(1, 121))):
        detail = pair[0][10]
        secret = re.search(r"secret (\S+)", detail)
        guesses = re.search(r"black (\d+) guesses", detail)
        if not secret or secret.group(1) in seen or len(seen) >= 60:
            continue
        seen.add(secret.group(1))
        print(f"seed {seed:<4} # {guesses.group(1) if guesses else '?'} guesses")
