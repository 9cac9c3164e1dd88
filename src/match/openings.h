/* Openings for a match: a text file, one opening per line, moves separated
 * by spaces or commas, played alternately from the start position
 * (`D5 E4 C3`). Empty lines and text after '#' are ignored.
 *
 * A line may start with `seed N`: the game's start is made with seed N
 * instead of the match's (games with a random start: Flood's board,
 * Mastermind's secret); the moves, if any, follow. A line `[KEY]` starts
 * a section: the openings after it apply only to games whose variant key
 * (game_ops.variant_key) is KEY or starts with KEY and '/' (`[go/9]` is
 * every 9x9 Go game, `[ataxx/7/standard/corners2]` the tournament start);
 * `[*]`, like the lines before any section, applies to every variant. So
 * one file serves a game's sizes and rules: openings_load keeps the
 * openings of the configured variant and checks each against the rules. */
#ifndef QUINTET_MATCH_OPENINGS_H
#define QUINTET_MATCH_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

struct opening {
	char **moves;  /* move texts as written */
	size_t n;      /* number of moves */
	int line;      /* 1-based line of the file */
	bool has_seed; /* the line gives the start's seed */
	uint64_t seed; /* that seed */
	char *section; /* the [KEY] it is under, or NULL for every variant */
};

struct openings {
	struct opening *v; /* the openings in file order */
	size_t n;          /* number of openings */
};

/* The start of a game made with seed (match_new_game), for checking
 * openings with a seed of their own; NULL with a message in err. */
typedef struct game *(*openings_start_fn)(void *arg, uint64_t seed, char *err, size_t errlen);

/* Parse the text of an openings file. Returns 0 (possibly with no
 * openings), filling *out, or -1 with "LINE: bad seed" / "LINE: bad
 * section" in err; free it with openings_free. */
int openings_parse(const char *text, struct openings *out, char *err, size_t errlen);

/* Keep only the openings for variant key (their section is every variant,
 * key, or a '/'-prefix of key), in file order. */
void openings_select(struct openings *o, const char *key);

/* Whether section (NULL: every variant) applies to variant key. */
bool openings_section_fits(const char *section, const char *key);

/* Read and parse path, keep the openings of start's variant, then check
 * each on a copy of start (or, for a line with a seed, on make(arg, SEED)).
 * Returns 0, or -1 with a message in err: "cannot read FILE: ...",
 * "FILE: no openings for VARIANT", "FILE:LINE: illegal move 'X'". */
int openings_load(const char *path, const struct game *start, openings_start_fn make,
		  void *arg, struct openings *out, char *err, size_t errlen);

/* Play each opening on a copy of start (make(arg, SEED) for a line with a
 * seed; make may be NULL when none has one); -1 with "LINE: MESSAGE
 * 'MOVE'" (prefixed by name) for the first move that does not parse or
 * play. */
int openings_check(const struct openings *o, const struct game *start, openings_start_fn make,
		   void *arg, const char *name, char *err, size_t errlen);

void openings_free(struct openings *o);

#endif
