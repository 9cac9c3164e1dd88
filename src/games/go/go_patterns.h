/* 3x3 shape knowledge for Go: whether the shape around an empty point makes
 * it a good move for the side to play (hane, cut, connection, edge block).
 *
 * The shape is the eight neighbours of the point, two bits each (empty,
 * black, white, edge), in the order NW N NE W E SW S SE: a 16-bit code.
 * go_patterns.c writes a small hand-made set of shapes as 3x3 pictures,
 * expands each under the eight symmetries of the square and both colours,
 * and fills one table per colour to play, built once (pthread_once) and
 * read-only afterwards, so any thread may look up. */
#ifndef QUINTET_GO_PATTERNS_H
#define QUINTET_GO_PATTERNS_H

#include <stdbool.h>
#include <stdint.h>

#include "games/go/go_board.h"

/* The 16-bit shape code of the neighbours of p. */
static inline unsigned go_pattern_code(const struct go_board *b, int p)
{
	const int s = b->stride;
	const uint8_t *c = b->color;

	return (unsigned)c[p + s - 1] | (unsigned)c[p + s] << 2 | (unsigned)c[p + s + 1] << 4 |
	       (unsigned)c[p - 1] << 6 | (unsigned)c[p + 1] << 8 | (unsigned)c[p - s - 1] << 10 |
	       (unsigned)c[p - s] << 12 | (unsigned)c[p - s + 1] << 14;
}

/* The table for colour c to play: table[code] != 0 when the shape is good. */
const uint8_t *go_pattern_table(enum go_color c);

/* Whether empty p has a good shape for c. */
static inline bool go_pattern_match(const uint8_t *table, const struct go_board *b, int p)
{
	return table[go_pattern_code(b, p)] != 0;
}

#endif
