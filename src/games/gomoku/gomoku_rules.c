/* The rules of Gomoku on a board: winning lines under freestyle, standard
 * and renju, and renju's forbidden points for black (RIF), false threes
 * included.
 *
 * The forbidden-point test works on one line at a time, with the stone
 * under test put on a private copy of the board:
 * - a five through p is an unbroken run of exactly five; an overline one
 *   of six or more;
 * - the fours of p on a line are the empty points q that turn the line
 *   into exactly five through p. Such a q is the first non-black cell on
 *   either side of p's run (every cell between p and q must be black), so
 *   a line has at most two; both are one straight four when p's run is
 *   four long (.XXXX.), else two fours on one line (X.XXX.X, XX.XX.XX);
 * - p has a three on a line (with no four) when one of the same two
 *   candidate points, once black, makes a straight four through p (a run
 *   of four whose two ends each make exactly five) and is not itself
 *   forbidden with p on the board. That last test is the recursion: each
 *   top-level question may make GOMOKU_RENJU_BUDGET of them, after which a
 *   completion point is taken as allowed, so a hostile position costs a
 *   bounded amount of work. A point with fewer than four black stones
 *   within five cells on its lines can be nothing but allowed, which keeps
 *   the usual question (a point far from the fight) to one quick look. */
#include "games/gomoku/gomoku_board.h"

#include <stddef.h>

const char *const gomoku_rule_names[GOMOKU_RULES_COUNT + 1] = {
	[GOMOKU_FREESTYLE] = "freestyle",
	[GOMOKU_STANDARD] = "standard",
	[GOMOKU_RENJU] = "renju",
	[GOMOKU_RULES_COUNT] = NULL,
};

bool gomoku_wins(const struct gomoku_board *b, enum gomoku_rules rules, int color, int p)
{
	bool exact = rules == GOMOKU_STANDARD || (rules == GOMOKU_RENJU && color == GOMOKU_BLACK);

	for (int d = 0; d < GOMOKU_DIRS; d++) {
		int n = gomoku_run(b, p, d, color);

		if (n == 5 || (n > 5 && !exact))
			return true;
	}
	return false;
}

/* A forbidden-point question: its own board, and what is left of its
 * budget of recursive tests. */
struct renju {
	struct gomoku_board b; /* the position, with the stones under test */
	int budget;            /* recursive tests still allowed */
};

/* The points that make exactly five through black p on line d (p black):
 * up to two, into q[]; returns how many. */
static int five_points(const struct gomoku_board *b, int p, int d, int q[2])
{
	int step = gomoku_step(b, d), n = 0;

	for (int sign = -1; sign <= 1; sign += 2) {
		int c = p + sign * step;

		while (b->cell[c] == GOMOKU_BLACK)
			c += sign * step;
		if (b->cell[c] == GOMOKU_EMPTY && gomoku_run(b, c, d, GOMOKU_BLACK) == 5)
			q[n++] = c;
	}
	return n;
}

/* The fours black p makes on line d: 0, 1 or 2. */
static int fours_on_line(const struct gomoku_board *b, int p, int d)
{
	int q[2], n = five_points(b, p, d, q);

	return n == 2 && gomoku_run(b, p, d, GOMOKU_BLACK) == 4 ? 1 : n;
}

/* Whether black p stands in a straight four on line d: a run of four whose
 * two ends both make exactly five. */
static bool straight_four(const struct gomoku_board *b, int p, int d)
{
	int q[2];

	return gomoku_run(b, p, d, GOMOKU_BLACK) == 4 && five_points(b, p, d, q) == 2;
}

static enum gomoku_foul foul(struct renju *r, int p);

/* Whether black p (on a line d without a four) makes a real three there:
 * a candidate point completes a straight four and is not forbidden. */
static bool real_three(struct renju *r, int p, int d)
{
	struct gomoku_board *b = &r->b;
	int step = gomoku_step(b, d);

	for (int sign = -1; sign <= 1; sign += 2) {
		int q = p + sign * step;

		while (b->cell[q] == GOMOKU_BLACK)
			q += sign * step;
		if (b->cell[q] != GOMOKU_EMPTY)
			continue;
		gomoku_board_put(b, q, GOMOKU_BLACK);
		bool four = straight_four(b, p, d);
		gomoku_board_remove(b, q);
		if (!four)
			continue;
		if (r->budget <= 0)
			return true; /* out of budget: the completion counts as allowed */
		r->budget--;
		if (foul(r, q) == GOMOKU_FOUL_NONE)
			return true;
	}
	return false;
}

/* Fewer than four black stones within five cells of p on its lines: no
 * overline, double four or double three can go through p. */
static bool too_few_stones(const struct gomoku_board *b, int p)
{
	int n = 0;

	for (int d = 0; d < GOMOKU_DIRS; d++) {
		int step = gomoku_step(b, d);

		for (int sign = -1; sign <= 1; sign += 2)
			for (int k = 1, c = p + sign * step; k <= 5 && b->cell[c] != GOMOKU_EDGE;
			     k++, c += sign * step)
				n += b->cell[c] == GOMOKU_BLACK;
	}
	return n < 4;
}

/* The foul of black on empty p in r's position (r->b unchanged on return). */
static enum gomoku_foul foul(struct renju *r, int p)
{
	struct gomoku_board *b = &r->b;
	enum gomoku_foul why = GOMOKU_FOUL_NONE;
	int fours[GOMOKU_DIRS], nfours = 0, nthrees = 0;
	bool overline = false;

	if (too_few_stones(b, p))
		return GOMOKU_FOUL_NONE;
	gomoku_board_put(b, p, GOMOKU_BLACK);
	for (int d = 0; d < GOMOKU_DIRS; d++) {
		int n = gomoku_run(b, p, d, GOMOKU_BLACK);

		if (n == 5)
			goto out_remove; /* a five wins, whatever else the stone makes */
		overline |= n > 5;
	}
	if (overline) {
		why = GOMOKU_FOUL_OVERLINE;
		goto out_remove;
	}
	for (int d = 0; d < GOMOKU_DIRS; d++)
		nfours += fours[d] = fours_on_line(b, p, d);
	if (nfours >= 2) {
		why = GOMOKU_FOUL_DOUBLE_FOUR;
		goto out_remove;
	}
	for (int d = 0; d < GOMOKU_DIRS && nthrees < 2; d++)
		nthrees += !fours[d] && real_three(r, p, d);
	if (nthrees >= 2)
		why = GOMOKU_FOUL_DOUBLE_THREE;
out_remove:
	gomoku_board_remove(b, p);
	return why;
}

enum gomoku_foul gomoku_renju_foul(const struct gomoku_board *b, int p)
{
	struct renju r;

	if (too_few_stones(b, p))
		return GOMOKU_FOUL_NONE;
	r.b = *b;
	r.budget = GOMOKU_RENJU_BUDGET;
	return foul(&r, p);
}

bool gomoku_is_legal(const struct gomoku_board *b, enum gomoku_rules rules, int color, int p)
{
	if (!gomoku_on_board(b, p) || b->cell[p] != GOMOKU_EMPTY)
		return false;
	return rules != GOMOKU_RENJU || color != GOMOKU_BLACK ||
	       gomoku_renju_foul(b, p) == GOMOKU_FOUL_NONE;
}

bool gomoku_can_move(const struct gomoku_board *b, enum gomoku_rules rules, int color)
{
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++)
			if (gomoku_is_legal(b, rules, color, gomoku_point(b, col, row)))
				return true;
	return false;
}

int gomoku_forbidden_points(const struct gomoku_board *b, enum gomoku_rules rules, int *out)
{
	int n = 0;

	if (rules != GOMOKU_RENJU)
		return 0;
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = gomoku_point(b, col, row);

			if (b->cell[p] == GOMOKU_EMPTY && gomoku_renju_foul(b, p) != GOMOKU_FOUL_NONE)
				out[n++] = p;
		}
	gomoku_sort_points(b, out, n);
	return n;
}
