/* Openings for a match: a text file, one opening per line, moves separated
 * by spaces or commas, played alternately from the start position
 * (`D5 E4 C3`). Empty lines and text after '#' are ignored. Every opening
 * is checked against the referee's rules before the match starts. */
#ifndef QUINTET_MATCH_OPENINGS_H
#define QUINTET_MATCH_OPENINGS_H

#include <stddef.h>

#include "game.h"

struct opening {
	char **moves; /* move texts as written */
	size_t n;     /* number of moves */
	int line;     /* 1-based line of the file */
};

struct openings {
	struct opening *v; /* the openings in file order */
	size_t n;          /* number of openings */
};

/* Parse the text of an openings file. Returns 0 (possibly with no
 * openings), filling *out; free it with openings_free. */
int openings_parse(const char *text, struct openings *out);

/* Read and parse path, then check every opening on a copy of start.
 * Returns 0, or -1 with a message in err: "cannot read FILE: ...",
 * "FILE: no openings", "FILE:LINE: illegal move 'X'". */
int openings_load(const char *path, const struct game *start, struct openings *out,
		  char *err, size_t errlen);

/* Play each opening on a copy of start; -1 with "LINE: MESSAGE 'MOVE'"
 * (prefixed by name) for the first move that does not parse or play. */
int openings_check(const struct openings *o, const struct game *start, const char *name,
		   char *err, size_t errlen);

void openings_free(struct openings *o);

#endif
