/* The Go board: stones, strings and liberties kept incrementally.
 *
 * Points are indices into a padded array (one ring of GO_EDGE around the
 * board), so neighbours are p±1 and p±stride with no bounds checks. Each
 * string keeps a circular list of its stones and "pseudo-liberties": the
 * count, sum and sum of squares of (stone, empty neighbour) pairs. A string
 * is captured when the count is 0, and is in atari exactly when all its
 * pseudo-liberties are the same point, i.e. count * sumsq == sum * sum.
 * Exact liberty lists are computed on demand by walking the string.
 * Each point also keeps its neighbour counts (nbr: empty, black or edge,
 * white or edge, four bits each), so the common eye and legality tests of a
 * playout read one word. The string of head 0 (empty and edge points) is
 * all zero, never in atari; the strings of points 1 to 4 (edge) are scratch
 * for the branchless updates that concern no string.
 *
 * A struct go_board is plain data: copy it with '=', memcpy or (faster, for
 * small boards) go_board_copy for search.
 * No undo here: callers keep a history and replay (see go.c). */
#ifndef QUINTET_GO_BOARD_H
#define QUINTET_GO_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "util/rng.h"

#define GO_MIN_SIZE 2
#define GO_MAX_SIZE 25
#define GO_MAX_STRIDE (GO_MAX_SIZE + 2)
#define GO_MAX_POINTS (GO_MAX_STRIDE * GO_MAX_STRIDE)
#define GO_PASS 0 /* point index 0 is padding, never on the board */

enum go_color { GO_EMPTY = 0, GO_BLACK = 1, GO_WHITE = 2, GO_EDGE = 3 };

static inline enum go_color go_other(enum go_color c)
{
	return (enum go_color)(3 - c);
}

struct go_string {
	uint16_t stones;  /* number of stones */
	uint16_t plibs;   /* pseudo-liberty count */
	uint32_t lib_sum; /* sum of pseudo-liberty points */
	uint32_t lib_sq;  /* sum of squares of pseudo-liberty points */
};

struct go_board {
	int size;                              /* 2..25 */
	int stride;                            /* size + 2 */
	uint8_t color[GO_MAX_POINTS];          /* enum go_color of each point */
	uint16_t head[GO_MAX_POINTS];          /* string head of a stone, 0 if empty */
	uint16_t next[GO_MAX_POINTS];          /* next stone in the circular string list */
	struct go_string str[GO_MAX_POINTS];   /* string data, valid at head points */
	uint16_t nbr[GO_MAX_POINTS];           /* neighbour counts, GO_NBR_* fields */
	uint16_t empty[GO_MAX_POINTS];         /* the empty points, unordered */
	uint16_t empty_at[GO_MAX_POINTS];      /* index of a point in empty[] */
	int nempty;                            /* number of empty points */
	int ko;                                /* point the side to recapture may not play, or 0 */
	enum go_color ko_color;                /* colour barred from ko */
	int captures[3];                       /* stones captured by black [1], white [2] */
	uint64_t hash;                         /* Zobrist hash of the stones */
	int last_captured;                     /* stones removed by the last move */
};

/* The fields of nbr[p]: empty neighbours in the low four bits, then black
 * or edge neighbours (shift 4 * GO_BLACK), then white or edge (4 * GO_WHITE). */
#define GO_NBR_EMPTY 1u
#define GO_NBR_ONE(c) (1u << (4 * (c)))

/* Empty neighbours of p. */
static inline int go_board_empty_nbrs(const struct go_board *b, int p)
{
	return b->nbr[p] & 15;
}

/* Whether all four neighbours of p are c's stones or the edge. */
static inline bool go_board_surrounded_by(const struct go_board *b, enum go_color c, int p)
{
	return ((b->nbr[p] >> (4 * c)) & 15) == 4;
}

/* Visit the four neighbours n of p (up, left, right, down). */
#define GO_FOR_NEIGHBOURS(b, p, n)                                              \
	for (int n##_i = 0, n##_off[4] = { -(b)->stride, -1, 1, (b)->stride },  \
		 n = (p) + n##_off[0];                                          \
	     n##_i < 4; n##_i++, n = (p) + n##_off[n##_i & 3])

/* Whether the string with the stone at p has exactly one liberty. */
static inline bool go_board_in_atari(const struct go_board *b, int p)
{
	const struct go_string *s = &b->str[b->head[p]];

	return s->plibs > 0 &&
	       (uint64_t)s->plibs * s->lib_sq == (uint64_t)s->lib_sum * s->lib_sum;
}

/* The only liberty of the string at p, which is in atari. */
static inline int go_board_atari_lib(const struct go_board *b, int p)
{
	const struct go_string *s = &b->str[b->head[p]];

	return (int)(s->lib_sum / s->plibs);
}

/* Empty board of size x size (GO_MIN_SIZE..GO_MAX_SIZE; caller checks). */
void go_board_init(struct go_board *b, int size);

/* Copy src into dst like '=' but only the part of each array that src's
 * size uses (a 9x9 board is a sixth of the struct). dst's other entries
 * are left as they were: nothing reads them. */
void go_board_copy(struct go_board *dst, const struct go_board *src);

/* Point of column col and row row, both 0-based from the bottom left. */
static inline int go_point(const struct go_board *b, int col, int row)
{
	return (row + 1) * b->stride + col + 1;
}

static inline int go_point_col(const struct go_board *b, int p)
{
	return p % b->stride - 1;
}

static inline int go_point_row(const struct go_board *b, int p)
{
	return p / b->stride - 1;
}

/* The lines of p counted from the nearest edge sideways (*x) and up or
 * down (*y), the edge being 1; returns the smaller. */
static inline int go_point_lines(const struct go_board *b, int p, int *x, int *y)
{
	int col = go_point_col(b, p), row = go_point_row(b, p), size = b->size;

	*x = (col < size - 1 - col ? col : size - 1 - col) + 1;
	*y = (row < size - 1 - row ? row : size - 1 - row) + 1;
	return *x < *y ? *x : *y;
}

/* Whether c may play at p: p empty, not a ko recapture, not suicide unless
 * allow_suicide and the move is not a single-stone suicide that changes
 * nothing. GO_PASS is always legal. */
bool go_board_is_legal(const struct go_board *b, enum go_color c, int p,
		       bool allow_suicide);

/* Play c at p (or pass). Returns 0, or -1 and changes nothing when the move
 * is illegal (see go_board_is_legal). */
int go_board_play(struct go_board *b, enum go_color c, int p, bool allow_suicide);

/* Put a setup stone (handicap, SGF AB/AW) at empty p, capturing as a move
 * would but without ko. Returns -1 if p is occupied. */
int go_board_place(struct go_board *b, enum go_color c, int p);

/* Stones of the string at p, into out (room for size*size); returns count. */
int go_board_string_stones(const struct go_board *b, int p, int *out);

/* Liberties of the string at p, into out (room for size*size); returns count. */
int go_board_string_libs(const struct go_board *b, int p, int *out);

/* Whether p is an eye of c: its neighbours are c or edge and at most one
 * diagonal (none on the edge) is the opponent's. */
bool go_board_is_eye(const struct go_board *b, enum go_color c, int p);

/* Play a uniformly random legal move for c that does not fill c's own eye
 * (suicide never chosen). Returns the point played, or GO_PASS (played). */
int go_board_play_random(struct go_board *b, enum go_color c, struct rng *r);

/* An extra test a random move must pass (go_board_play_random_if). */
typedef bool (*go_board_filter)(const struct go_board *b, enum go_color c, int p, void *arg);

/* go_board_play_random, among the moves ok (if not NULL) also accepts. */
int go_board_play_random_if(struct go_board *b, enum go_color c, struct rng *r,
			    go_board_filter ok, void *arg);

/* The moves of one playout, for AMAF statistics: who played where. */
struct go_trace {
	uint16_t point[GO_MAX_POINTS * 3]; /* the points played, passes included */
	uint8_t color[GO_MAX_POINTS * 3];  /* who played each */
	int n;                             /* moves recorded */
	int cap;                           /* room (a playout stops when full) */
};

/* Append c's move p to trace, if not NULL and while it has room. */
static inline void go_trace_add(struct go_trace *trace, int p, enum go_color c)
{
	if (trace && trace->n < trace->cap) {
		trace->point[trace->n] = (uint16_t)p;
		trace->color[trace->n++] = (uint8_t)c;
	}
}

/* Play go_board_play_random moves from c to move until two passes in a row
 * (passed: the move before was a pass) or max_moves moves; each move is
 * appended to trace, when not NULL, while it has room. Draws from r as
 * that many go_board_play_random calls would. Returns the moves played. */
int go_board_playout_random(struct go_board *b, enum go_color c, bool passed, struct rng *r,
			    int max_moves, struct go_trace *trace);

/* Up to max distinct liberties of the string at p into out; returns how
 * many (stops walking the string at max). */
int go_board_libs_upto(const struct go_board *b, int p, int max, int *out);

/* Whether c playing at empty p leaves its string with at most one liberty
 * (captures counted: the captured neighbours become liberties). When it
 * does, *stones (when not NULL) gets the size the string would have; it is
 * left alone otherwise, so the answer comes at the second liberty found. */
bool go_board_is_self_atari(const struct go_board *b, enum go_color c, int p, int *stones);

/* The liberties, up to max (at most 4), the string of c playing at empty
 * p would have, for a move that captures nothing. */
int go_board_libs_after(const struct go_board *b, enum go_color c, int p, int max);

/* Whether c playing at empty p captures a neighbouring string. */
bool go_board_captures(const struct go_board *b, enum go_color c, int p);

/* Whether a string of the other colour next to the string at s is in
 * atari: s's owner may capture it. */
bool go_board_can_capture_around(const struct go_board *b, int s);

/* The area score of a finished playout, quickly: stones, and each empty
 * point whose neighbours are all one colour (every region left at the end
 * of a playout is an eye or a point of dame). Black minus white. */
int go_board_eye_score(const struct go_board *b);

/* Who p counts for at the end of a playout, as go_board_eye_score counts
 * it: its stone's colour, or an empty point's when all its neighbours are
 * that colour (or edge); GO_EMPTY for dame. */
static inline enum go_color go_board_final_owner(const struct go_board *b, int p)
{
	if (b->color[p] != GO_EMPTY)
		return (enum go_color)b->color[p];
	unsigned nb = b->nbr[p], e = nb & 15;
	unsigned fb = (nb >> (4 * GO_BLACK)) & 15, fw = (nb >> (4 * GO_WHITE)) & 15;

	if (fb + e == 4 && fw + e < 4)
		return GO_BLACK;
	if (fw + e == 4 && fb + e < 4)
		return GO_WHITE;
	return GO_EMPTY;
}

/* Area score (Tromp-Taylor): black stones and empty regions touching only
 * black, minus the same for white. Komi not included. */
int go_board_area_score(const struct go_board *b);

/* Black's territory minus white's: empty regions only one colour borders,
 * none of their stones marked in seki (per point; NULL: none), which are
 * nobody's under territory counting. */
int go_board_territory(const struct go_board *b, const uint8_t *seki);

/* Whether some empty region touches both colours or none (the game is
 * not finished there). */
bool go_board_has_dame(const struct go_board *b);

/* Play random moves from c to move until two passes or max_moves moves;
 * returns the area score (black minus white) of the final position. */
int go_board_playout(struct go_board *b, enum go_color c, struct rng *r, int max_moves);

#endif
