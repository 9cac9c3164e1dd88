/* The Gomoku players: random (a uniformly random legal point),
 * "weights", seed 002's computer, and "alphabeta", the engine of
 * gomoku_search.c within the level's and the budget's limits.
 *
 * Seed 002 is a report on a C# Gomoku program; its text breaks off just
 * before the weight function. The program it excerpts is published (a
 * WinForms MainForm with GetGobangPower, ConnectGobangsCount,
 * ActiveConnectGobangs, BreakActiveConnectGobangs, FindBestPoint and
 * FindBestFivePointsAndFormAStackElement, whose code the seed quotes line
 * for line), and this file reproduces that program's weights and search
 * in our terms. For the point p and each of its four lines:
 *
 * - connected count (ConnectGobangsCount): with a stone of colour C on p,
 *   the most C stones in a window of five cells through p holding no
 *   opposing stone (0 when every window holds one);
 * - live count n (ActiveConnectGobangs): somewhere on the line, extended
 *   up to 5 - n cells beyond p's four on each side, a window of four cells
 *   holding n stones of C and no opposing one, with an empty cell just
 *   before it and just after it. A line whose connected count n is also
 *   live counts as "active n", else as "connected n";
 * - for the opponent, the point is weighed as a block (BreakActive...):
 *   the opponent's stone on p makes a live n, and for n < 4 our stone on
 *   p leaves the opponent no live n - 1 either;
 * - tempActive3: lines where the opponent's stone on p makes a live three
 *   but no four.
 *
 * The counts go through a fixed ladder (tier_black, tier_white: the
 * program ranks differently when it plays black and when white) down to a
 * weighted sum. The five best points (ties: columns from the left, each
 * from the top, the program's scan) are then tried on a backtracking stack
 * (the program's StackElement): each point tried for the side to move is
 * a win if it makes five, a draw ("equal") at the horizon of depth plies,
 * else the opponent's five best replies are tried below it; a finished
 * element hands its best result, negated, to the point that led to it:
 * a win preferring the fewest plies, a draw or loss the most. The first
 * of the best points with the best result and plies is played.
 *
 * Where our rules and the program's differ, the rules decide, and these
 * are the only changes: the program judged black's forbidden points by
 * its own approximations of renju (two live threes, two live fours, six
 * in a row) and forbade them under every rule; here a point is a
 * candidate when the rules allow it (gomoku_is_legal), "makes five" (own
 * and opponent's) is gomoku_wins, and "black may not play here" in the
 * white ladder is renju's foul test. A side with no legal point below a
 * tried point makes that point a draw (the program scored it a win), as
 * the game is then drawn. The program clipped lines at the board by the
 * row and column of both ends whatever the direction (so, for one, no
 * vertical line in the left column was ever live); here a line is clipped
 * at the board along itself. Its search depth M was 1 (the five best
 * points checked for an immediate win); depth is the level's. */
#include "games/gomoku/gomoku.h"

#include <string.h>

#include "games/gomoku/gomoku_search.h"

#define LINE_R 10       /* cells read on each side of a point: 4 + 6 at most */
#define BEST 5          /* points tried at each ply */
#define MAX_DEPTH 16    /* plies of the stack, at most */
#define DEFAULT_DEPTH 1 /* the program's M */

/* alphabeta with no limit at all: a second; 3% of the time is left for
 * unwinding and the reply. */
static const struct search_policy alphabeta_policy = { .default_seconds = 1.0,
						       .hard_share = 0.97 };

/* The search's scores for analysis lines (PROTOCOL.md, "Analysis
 * (alpha-beta games)"): the evaluation's units (gomoku_eval.c: an open
 * three's line weighs 45, an open four's 120); 200 ahead is a 73% win
 * rate. A game of five has no margin. */
const struct search_scale gomoku_search_scale = { .win_bound = GOMOKU_WIN_BOUND, .spread = 200 };

/* Level keys by algorithm (game.h, struct game_algorithm): hash sizes the
 * table of the analysis commands whatever the level's algorithm; weights
 * reads depth, nodes, time and randomness (gomoku_choose), alphabeta its
 * limits, randomness and ponder. No playouts, no threads: both searches
 * are one thread of alpha-beta. */
static const char *const random_keys[] = { "hash", NULL };
static const char *const weights_keys[] = { "depth", "nodes", "time", "randomness", "hash",
					    "follow_clock", NULL };
static const char *const alphabeta_keys[] = { "depth", "nodes", "time", "randomness", "hash",
					      "ponder", "follow_clock", NULL };
const struct game_algorithm gomoku_algorithms[] = {
	{ "random", random_keys },
	{ "weights", weights_keys },
	{ "alphabeta", alphabeta_keys },
	{ NULL, NULL },
};

/* ---- weights ---------------------------------------------------------- */

/* A line through a point: cells at offsets -LINE_R..LINE_R, EDGE beyond
 * the board, and how many on-board cells lie behind and ahead. */
struct line {
	uint8_t cell[2 * LINE_R + 1]; /* enum gomoku_cell by offset + LINE_R */
	int behind, ahead;            /* on-board cells at offsets < 0, > 0 (<= LINE_R) */
};

#define AT(l, k) ((l)->cell[(k) + LINE_R])

static void read_line(const struct gomoku_board *b, int p, int d, struct line *l)
{
	int step = gomoku_step(b, d);

	memset(l->cell, GOMOKU_EDGE, sizeof(l->cell));
	AT(l, 0) = b->cell[p];
	l->ahead = l->behind = 0;
	for (int q = p + step; l->ahead < LINE_R && b->cell[q] != GOMOKU_EDGE; q += step)
		AT(l, ++l->ahead) = b->cell[q];
	for (int q = p - step; l->behind < LINE_R && b->cell[q] != GOMOKU_EDGE; q -= step)
		AT(l, -++l->behind) = b->cell[q];
}

static int min(int a, int b)
{
	return a < b ? a : b;
}

/* The color stones in the len cells of l from offset s, or 0 when one of
 * them holds an opposing stone (the program's window sum). */
static int window(const struct line *l, int color, int s, int len)
{
	int sum = 0;

	for (int j = 0; j < len; j++) {
		int c = AT(l, s + j);

		if (c == color)
			sum++;
		else if (c != GOMOKU_EMPTY)
			return 0;
	}
	return sum;
}

/* ConnectGobangsCount: the most color stones in a five-cell window through
 * the point that holds no opposing stone. */
static int connected(const struct line *l, int color)
{
	int lo = -min(4, l->behind), hi = min(4, l->ahead), best = 0;

	for (int s = lo; s + 4 <= hi; s++) {
		int sum = window(l, color, s, 5);

		if (sum > best)
			best = sum;
	}
	return best;
}

/* ActiveConnectGobangs: a four-cell window of the line, extended 5 - count
 * cells beyond the point's four on each side, holding count color stones
 * and no opposing one (a window broken by one counts as holding none, as
 * in the program), with empty cells just before and just after it. */
static bool live(const struct line *l, int color, int count)
{
	int a = min(4, l->behind), b = min(4, l->ahead);
	int lo = -(a + min(5 - count, l->behind - a)), hi = b + min(5 - count, l->ahead - b);

	for (int s = lo; s + 4 <= hi; s++)
		if (s - 1 >= -l->behind && window(l, color, s, 4) == count &&
		    AT(l, s - 1) == GOMOKU_EMPTY && AT(l, s + 4) == GOMOKU_EMPTY)
			return true;
	return false;
}

/* BreakActiveConnectGobangs, with color's stone on the point: color has a
 * live count there, and (below four) the other colour's stone on the
 * point would leave it no live count - 1. */
static bool breaks_live(struct line *l, int color, int count)
{
	if (!live(l, color, count) || count == 5)
		return false;
	if (count == 4)
		return true;
	AT(l, 0) = (uint8_t)gomoku_other(color);
	bool broken = !live(l, color, count - 1);
	AT(l, 0) = (uint8_t)color;
	return broken;
}

/* The line counts of a point (the program's GobangPointAttributinton):
 * own for the side weighing, opp for the other. */
struct point_counts {
	int own_connect[6], own_active[6]; /* own lines by connected count */
	int opp_connect[6], opp_active[6]; /* the opponent's, as blocks */
	int opp_three;                     /* tempActive3 */
	bool own_five, opp_five;           /* a stone here wins, by the rules */
	bool opp_forbidden;                /* black (the opponent) may not play here */
};

/* Black's ladder. */
static int tier_black(const struct point_counts *k)
{
	const int *oc = k->own_connect, *oa = k->own_active;
	const int *pc = k->opp_connect, *pa = k->opp_active;

	if (k->own_five)
		return 150000;
	if (k->opp_five)
		return 140000;
	if (oa[4] > 0 || oc[4] > 1)
		return 130000;
	if (oc[4] == 1 && oa[3] == 1)
		return 120000;
	if (oc[4] == 1 && oc[3] > 0)
		return 110000;
	if (pa[4] > 0 || pc[4] > 1)
		return 100000;
	if (pc[4] == 1 && k->opp_three == 1)
		return 90000;
	if (pa[3] > 1)
		return 80000;
	if (pc[4] == 1 && pc[3] > 0)
		return 70000;
	return (oc[4] + oa[3]) * 6250 + (oc[3] + oa[2] + pc[4] + pa[3]) * 1250 +
	       (oc[2] + pc[3] + pa[2]) * 250 + oa[1] * 50 + (oc[1] + pc[2] + pa[1]) * 10 +
	       pc[1] * 2;
}

/* White's ladder: its own double threat before blocking black's, and no
 * block of a threat black may not make. */
static int tier_white(const struct point_counts *k)
{
	const int *oc = k->own_connect, *oa = k->own_active;
	const int *pc = k->opp_connect, *pa = k->opp_active;
	bool allowed = !k->opp_forbidden;

	if (k->own_five)
		return 150000;
	if (k->opp_five)
		return 140000;
	if (oa[4] > 0 || oc[4] > 1)
		return 130000;
	if (oc[4] == 1 && oa[3] > 0)
		return 120000;
	if ((pa[4] == 1 || pc[4] > 1) && allowed)
		return 110000;
	if (oc[4] == 1 && oc[3] > 0)
		return 100000;
	if (pc[4] > 0 && k->opp_three == 1 && allowed)
		return 90000;
	if (oa[3] > 1)
		return 80000;
	if (pc[4] > 0 && pc[3] > 0 && allowed)
		return 70000;
	return (oc[4] + oa[3]) * 6250 + (oc[3] + oa[2] + pc[4] + pa[3]) * 1250 +
	       (oc[2] + pc[3] + pa[2]) * 250 + oa[1] * 50 + (oc[1] + pc[2] + pa[1]) * 10 +
	       pc[1] * 2;
}

long gomoku_seed_weight(const struct gomoku_board *b, enum gomoku_rules rules, int color, int p)
{
	struct point_counts k;
	int you = gomoku_other(color);

	memset(&k, 0, sizeof(k));
	for (int d = 0; d < GOMOKU_DIRS; d++) {
		struct line l;
		int c;

		read_line(b, p, d, &l);
		AT(&l, 0) = (uint8_t)color;
		c = connected(&l, color);
		(live(&l, color, c) ? k.own_active : k.own_connect)[c]++;
		AT(&l, 0) = (uint8_t)you;
		c = connected(&l, you);
		(breaks_live(&l, you, c) ? k.opp_active : k.opp_connect)[c]++;
		k.opp_three += live(&l, you, 3) && c <= 3;
	}
	k.own_five = gomoku_wins(b, rules, color, p);
	k.opp_five = gomoku_wins(b, rules, you, p);
	if (color == GOMOKU_BLACK)
		return tier_black(&k);
	/* Only the rungs about black's fours ask whether black may play here. */
	if (rules == GOMOKU_RENJU && (k.opp_active[4] > 0 || k.opp_connect[4] > 0))
		k.opp_forbidden = gomoku_renju_foul(b, p) != GOMOKU_FOUL_NONE;
	return tier_white(&k);
}

/* ---- the backtracking stack (FindBestPoint) ---------------------------- */

enum outcome { LOSE = -1, EQUAL = 0, WIN = 1 };

/* The program's StackElement: the best points of one side at one ply. */
struct element {
	int color;         /* who plays these points */
	int points[BEST];  /* best first */
	int count;         /* how many, 0..BEST */
	int next;          /* the next to try (pointNumber) */
	int result[BEST];  /* enum outcome of each point tried */
	int steps[BEST];   /* plies to that outcome */
};

struct search {
	struct gomoku_board b;   /* the position; stones put and taken back */
	enum gomoku_rules rules; /* the rules judging it */
	long nodes;              /* stones tried so far */
	struct search_limits lim; /* nodes, time, stop, looked at every stone;
				   * must_finish for the first depth */
};

/* FindBestFivePointsAndFormAStackElement: color's BEST heaviest legal
 * points, ties in the program's scan order (columns from the left, each
 * from the top). */
static void best_points(const struct search *s, int color, struct element *e)
{
	const struct gomoku_board *b = &s->b;
	long weight[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE];
	int point[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE], n = 0;

	memset(e, 0, sizeof(*e));
	e->color = color;
	for (int col = 0; col < b->size; col++)
		for (int row = b->size - 1; row >= 0; row--) {
			int p = gomoku_point(b, col, row);

			point[n] = p;
			weight[n++] = gomoku_is_legal(b, s->rules, color, p)
					      ? gomoku_seed_weight(b, s->rules, color, p)
					      : -1;
		}
	while (e->count < BEST) {
		int best = -1;

		for (int i = 0; i < n; i++)
			if (weight[i] >= 0 && (best < 0 || weight[i] > weight[best]))
				best = i;
		if (best < 0)
			break;
		e->points[e->count++] = point[best];
		weight[best] = -1;
	}
}

/* The best result and plies of a finished element: a win in the fewest
 * plies, else the longest draw or loss. */
static void element_best(const struct element *e, int *total, int *steps)
{
	*total = LOSE;
	for (int i = 0; i < e->count; i++)
		if (e->result[i] > *total)
			*total = e->result[i];
	*steps = *total == WIN ? MAX_DEPTH + 2 : 0;
	for (int i = 0; i < e->count; i++)
		if (e->result[i] == *total &&
		    (*total == WIN ? e->steps[i] < *steps : e->steps[i] > *steps))
			*steps = e->steps[i];
}

/* Hand a finished result back to the point of the element on top that led
 * to it, and take that point's stone back. */
static void hand_back(struct search *s, struct element *stack, int top, int result, int steps)
{
	struct element *e = &stack[top - 1];
	int i = e->next - 1;

	e->result[i] = result;
	e->steps[i] = steps;
	gomoku_board_remove(&s->b, e->points[i]);
}

/* One search of depth plies from root (count > 0). Returns the point to
 * play, or -1 when aborted (s->b then still holds the stones tried). */
static int search_depth(struct search *s, const struct element *root, int depth)
{
	struct element stack[MAX_DEPTH];
	int top = 0, total = LOSE, steps = 0;

	stack[top++] = *root;
	while (top > 0) {
		struct element *e = &stack[top - 1];

		if (e->next < e->count) {
			int p = e->points[e->next++];

			gomoku_board_put(&s->b, p, e->color);
			s->nodes++;
			if (search_should_stop(&s->lim, s->nodes))
				return -1;
			if (gomoku_wins(&s->b, s->rules, e->color, p))
				hand_back(s, stack, top, WIN, top);
			else if (top == depth)
				hand_back(s, stack, top, EQUAL, depth);
			else
				best_points(s, gomoku_other(e->color), &stack[top++]);
		} else if (e->count == 0) {
			/* The side to move has no legal point: a draw. */
			top--;
			hand_back(s, stack, top, EQUAL, top);
		} else {
			element_best(e, &total, &steps);
			if (--top > 0)
				hand_back(s, stack, top, -total, steps);
		}
	}
	/* stack[0] is the root, every point's result filled in. */
	for (int i = 0; i < stack[0].count; i++)
		if (stack[0].result[i] == total && stack[0].steps[i] == steps)
			return stack[0].points[i];
	return stack[0].points[0];
}

/* The centre, where the program opens. */
static int centre(const struct gomoku_board *b)
{
	return gomoku_point(b, b->size / 2, b->size / 2);
}

int gomoku_seed_move(const struct gomoku_board *b, enum gomoku_rules rules, int color, int depth,
		     long nodes, double seconds, atomic_bool *stop,
		     struct gomoku_search_info *info)
{
	struct search s = { .b = *b, .rules = rules,
			    .lim = { .nodes = nodes, .seconds = seconds, .stop = stop } };
	struct element root;
	int move = -1, done = 0;

	if (depth < 1)
		depth = DEFAULT_DEPTH;
	if (depth > MAX_DEPTH)
		depth = MAX_DEPTH;
	search_limits_start(&s.lim, 1, 0);
	s.lim.must_finish = true;
	if (b->count[GOMOKU_BLACK] + b->count[GOMOKU_WHITE] == 0) {
		move = centre(b);
	} else {
		best_points(&s, color, &root);
		/* Deepen one ply at a time, so that a search cut short by its
		 * limits still answers with the last whole depth's move; the
		 * first depth is always whole. */
		for (int d = 1; d <= depth && root.count > 0; d++) {
			int m = search_depth(&s, &root, d);

			if (m < 0)
				break;
			move = m;
			done = d;
			s.lim.must_finish = false;
		}
	}
	if (info)
		*info = (struct gomoku_search_info){ s.nodes, done };
	return move;
}

int gomoku_random_move(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		       struct rng *r)
{
	int legal[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE], n = 0;

	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = gomoku_point(b, col, row);

			if (gomoku_is_legal(b, rules, color, p))
				legal[n++] = p;
		}
	return n ? legal[rng_below(r, (uint32_t)n)] : -1;
}

static double uniform(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1p-53;
}

/* The engine's limits: the level's depth, nodes and time, the budget's cap,
 * and the game's transposition table at the level's size. */
static void level_limits(struct gomoku_game *gg, const struct game_level *lv,
			 const struct game_budget *budget, struct search_limits *lim)
{
	search_limits_of_budget(lim, budget, &alphabeta_policy);
	lim->tt = search_tt_for_level(&gg->tt, lv->hash_mb, GOMOKU_TT_DEFAULT_MB);
}

/* The engine (gomoku_search.c) within level_limits; randomness: one of its
 * five best-ordered points instead, unless there is a five to make or a
 * four to block. */
static int alphabeta_move(struct gomoku_game *gg, const struct game_level *lv,
			  const struct game_budget *budget)
{
	struct search_limits lim;
	int color = gomoku_to_move(gg);

	if (lv->randomness > 0 && uniform(&gg->base.rng) < lv->randomness) {
		int best[BEST], n = gomoku_search_candidates(&gg->board, gg->rules, color, best, BEST);

		if (n > 0)
			return best[rng_below(&gg->base.rng, (uint32_t)n)];
	}
	level_limits(gg, lv, budget, &lim);
	return gomoku_search(&gg->board, gg->rules, color, &lim, NULL);
}

long gomoku_ponder(struct gomoku_game *gg, const struct game_budget *budget)
{
	const struct game_level *lv = budget->level;
	struct search_limits lim;
	struct search_info info;

	if (gg->over || !lv || strcmp(lv->algorithm, "alphabeta"))
		return 0;
	level_limits(gg, lv, budget, &lim);
	/* no limit of the level's: only the stop flag and the command's cap */
	lim.depth = 0;
	lim.nodes = 0;
	lim.seconds = budget->max_seconds;
	lim.soft_seconds = 0;
	lim.spend_all = true;
	gomoku_search(&gg->board, gg->rules, gomoku_to_move(gg), &lim, &info);
	return info.nodes;
}

int gomoku_choose(struct gomoku_game *gg, const struct game_budget *budget)
{
	const struct game_level *lv = budget ? budget->level : NULL;
	int color = gomoku_to_move(gg);
	double seconds = budget ? budget->max_seconds : 0;
	atomic_bool *stop = budget ? budget->stop : NULL;

	if (lv && !strcmp(lv->algorithm, "random"))
		return gomoku_random_move(&gg->board, gg->rules, color, &gg->base.rng);
	if (lv && !strcmp(lv->algorithm, "alphabeta"))
		return alphabeta_move(gg, lv, budget);
	if (lv && lv->randomness > 0 && uniform(&gg->base.rng) < lv->randomness) {
		/* One of the five best points, at random. */
		struct search s = { .b = gg->board, .rules = gg->rules };
		struct element e;

		best_points(&s, color, &e);
		if (e.count > 0)
			return e.points[rng_below(&gg->base.rng, (uint32_t)e.count)];
	}
	return gomoku_seed_move(&gg->board, gg->rules, color, lv ? lv->depth : DEFAULT_DEPTH,
				lv ? lv->nodes : 0, seconds, stop, NULL);
}
