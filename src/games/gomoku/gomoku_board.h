/* The Gomoku board and the rules that judge a stone on it: the base every
 * Gomoku player, command and front end builds on.
 *
 * Representation. A point is an index into cell[], a square array of
 * stride = size + 2 cells a side: the board and one ring of GOMOKU_EDGE
 * around it. Point (col, row), both 0-based from the bottom left (A1), is
 * (row + 1) * stride + col + 1. The four line directions are steps of
 * gomoku_step(b, d): east +1, north +stride, north-east +stride + 1,
 * north-west +stride - 1; their negatives walk the other way.
 *
 * Invariants. Every cell off the board is GOMOKU_EDGE and every cell on it
 * is EMPTY, BLACK or WHITE (the same numbers as COLOR_NONE, COLOR_BLACK and
 * COLOR_WHITE of game.h). The eight neighbours of an on-board point are
 * inside cell[], so a walk along a line that stops at the first cell which
 * is not what it follows (a colour, or EMPTY) stops at the ring at the
 * latest: no scan needs a bounds check. count[c] is the number of cells
 * holding c (count[GOMOKU_EMPTY]: the empty points), kept by put and
 * remove, which are exact inverses.
 *
 * Copy rule. A struct gomoku_board is plain data, copied with '=' (a
 * search either copies it or puts and removes stones in place). It knows
 * nothing of turns, moves or results: gomoku.c keeps the history and the
 * game's end.
 *
 * The rules (gomoku_rules.c), all pure functions of a board:
 * - freestyle: five or more in a row wins;
 * - standard: exactly five wins, for either colour (an overline does not);
 * - renju (RIF): black wins only with exactly five, white with five or
 *   more; a black stone that makes no five but makes an overline (six or
 *   more), two fours (a "four" being a line that one more stone turns into
 *   exactly five; a straight four counts once, two fours on one line
 *   twice) or two threes (a "three" being a line that one more stone, on a
 *   point that is not itself forbidden, turns into a straight four: both
 *   ends empty, each making exactly five) is forbidden, and so illegal.
 *   The test of a three's completion point recurses; each question may
 *   test at most GOMOKU_RENJU_BUDGET points below it, beyond which a
 *   completion point counts as allowed (no real game comes near).
 * Nothing else is forbidden: white has no forbidden point, and no colour
 * may pass. */
#ifndef QUINTET_GOMOKU_BOARD_H
#define QUINTET_GOMOKU_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "util/strbuf.h"

#define GOMOKU_MIN_SIZE 5
#define GOMOKU_MAX_SIZE 25
#define GOMOKU_MAX_STRIDE (GOMOKU_MAX_SIZE + 2)
#define GOMOKU_MAX_CELLS (GOMOKU_MAX_STRIDE * GOMOKU_MAX_STRIDE)
#define GOMOKU_DIRS 4 /* east, north, north-east, north-west */
#define GOMOKU_RENJU_BUDGET 256

enum gomoku_cell { GOMOKU_EMPTY = 0, GOMOKU_BLACK = 1, GOMOKU_WHITE = 2, GOMOKU_EDGE = 3 };

enum gomoku_rules {
	GOMOKU_FREESTYLE, /* five or more wins */
	GOMOKU_STANDARD,  /* exactly five wins, for both */
	GOMOKU_RENJU,     /* RIF renju: black exactly five and forbidden points */
	GOMOKU_RULES_COUNT
};

/* Why a black point is forbidden under renju. */
enum gomoku_foul {
	GOMOKU_FOUL_NONE,         /* allowed (possibly because it makes five) */
	GOMOKU_FOUL_OVERLINE,     /* six or more in a row */
	GOMOKU_FOUL_DOUBLE_FOUR,  /* two fours, on two lines or on one */
	GOMOKU_FOUL_DOUBLE_THREE, /* two real threes */
};

struct gomoku_board {
	int size;                          /* N, GOMOKU_MIN_SIZE..GOMOKU_MAX_SIZE */
	int stride;                        /* N + 2 */
	int count[3];                      /* cells holding EMPTY, BLACK, WHITE */
	uint8_t cell[GOMOKU_MAX_CELLS];    /* enum gomoku_cell of each cell */
};

static inline int gomoku_other(int color)
{
	return 3 - color;
}

/* The point of column col and row row, 0-based from the bottom left. */
static inline int gomoku_point(const struct gomoku_board *b, int col, int row)
{
	return (row + 1) * b->stride + col + 1;
}

static inline int gomoku_col(const struct gomoku_board *b, int p)
{
	return p % b->stride - 1;
}

static inline int gomoku_row(const struct gomoku_board *b, int p)
{
	return p / b->stride - 1;
}

/* Whether points p and q share a line (row, column or diagonal) at most
 * reach cells apart. */
static inline bool gomoku_in_line(const struct gomoku_board *b, int p, int q, int reach)
{
	int dc = gomoku_col(b, p) - gomoku_col(b, q), dr = gomoku_row(b, p) - gomoku_row(b, q);
	int ac = dc < 0 ? -dc : dc, ar = dr < 0 ? -dr : dr;

	return (dc == 0 || dr == 0 || ac == ar) && ac <= reach && ar <= reach;
}

/* The step of direction d (0..GOMOKU_DIRS-1) along its line. */
static inline int gomoku_step(const struct gomoku_board *b, int d)
{
	static const int extra[GOMOKU_DIRS] = { 0, 0, 1, -1 };

	return d == 0 ? 1 : b->stride + extra[d];
}

/* Whether p is a point of the board (not the ring, not outside cell[]). */
static inline bool gomoku_on_board(const struct gomoku_board *b, int p)
{
	return p >= 0 && p < b->stride * b->stride && b->cell[p] != GOMOKU_EDGE;
}

/* An empty board of size x size (GOMOKU_MIN_SIZE..GOMOKU_MAX_SIZE; the
 * caller checks). */
void gomoku_board_init(struct gomoku_board *b, int size);

/* Put a stone of color (GOMOKU_BLACK or GOMOKU_WHITE) on empty point p. */
void gomoku_board_put(struct gomoku_board *b, int p, int color);

/* Take the stone off point p (which holds one). */
void gomoku_board_remove(struct gomoku_board *b, int p);

/* The stones of color in an unbroken row through p along direction d, p
 * counted as one of them whatever it holds. */
int gomoku_run(const struct gomoku_board *b, int p, int d, int color);

/* Parse a vertex ("H8", any case; columns A..Z without I, rows from 1 at
 * the bottom, no sign or leading zero) on b; 0 with *p, or -1 (off the
 * board, malformed, or "pass": Gomoku has no pass). */
int gomoku_parse_vertex(const struct gomoku_board *b, const char *text, int *p);

/* The letter of column col (0-based): A..H, J..Z. */
char gomoku_column_letter(int col);

/* Append the vertex of p ("H8"). */
void gomoku_print_vertex(const struct gomoku_board *b, int p, struct strbuf *out);

/* Sort points as vertex lists are printed: top row first, then left to
 * right (GNU Go's order, as list_stones prints it). */
void gomoku_sort_points(const struct gomoku_board *b, int *points, int n);

/* Sort points and append them as "A1 B2 ...". */
void gomoku_print_points(const struct gomoku_board *b, int *points, int n, struct strbuf *out);

/* ---- the rules (gomoku_rules.c) ---- */

extern const char *const gomoku_rule_names[GOMOKU_RULES_COUNT + 1]; /* NULL-ended */

/* Whether a stone of color on p (empty, or holding color already) makes a
 * winning line under rules. */
bool gomoku_wins(const struct gomoku_board *b, enum gomoku_rules rules, int color, int p);

/* Why black may not play empty point p under renju, or GOMOKU_FOUL_NONE
 * (also for a stone that makes exactly five, whatever else it makes). b is
 * not changed. */
enum gomoku_foul gomoku_renju_foul(const struct gomoku_board *b, int p);

/* Whether color may play p under rules: p is an empty point of the board
 * and, under renju, not a forbidden point of black's. */
bool gomoku_is_legal(const struct gomoku_board *b, enum gomoku_rules rules, int color, int p);

/* Whether color has some legal point. */
bool gomoku_can_move(const struct gomoku_board *b, enum gomoku_rules rules, int color);

/* Black's forbidden points under renju into out (room for size * size),
 * in the order of gomoku_sort_points; returns how many (0 under the other
 * rules). */
int gomoku_forbidden_points(const struct gomoku_board *b, enum gomoku_rules rules, int *out);

#endif
