/* Flood's players: random, greedy (seed 000's computer: the colour that
 * captures most now) and alpha-beta.
 *
 * The search is a negamax alpha-beta over the colours that capture
 * something, deepened one ply at a time, with a transposition table whose
 * best moves order the next iteration. Positions are copied down a stack
 * (copy-make): a position is a few hundred bytes on 20x20.
 *
 * The evaluation (flood_eval.c) is linear in features of a race of
 * distance fields, the territories and their frontiers, with weights
 * fitted by the tuner (doc/flood-tuning.md).
 *
 * Exact results: a position is decided when it is over or settled (no
 * unowned region touches both sides, flood_pos_settled), and its value is
 * then the final margin. With few unowned squares the root is first
 * solved for win, draw or loss with a null window around a draw, in a
 * share of the budget. A game proven lost (or drawn) is not given up:
 * the rest of the budget looks for a line that wins against an opponent
 * who always takes the colour that captures most (the natural reply, and
 * seed 000's computer), and plays it if there is one.
 *
 * Against such an opponent: once it has made four moves, every one
 * greedy's colour (flood_choose looks at the game's history), the search
 * first looks for a line that beats greedy (its replies are then known,
 * so only the engine's colours branch) and plays it when it proves a win;
 * the opponent's first other move ends that. Best play loses few games
 * to greedy; its best response loses only the boards greedy wins against
 * anything (bench/flood_bench ceiling). */
#include "games/flood/flood.h"
#include "games/flood/flood_eval.h"
#include "games/flood/flood_regions.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "search/limits.h"
#include "search/order.h"
#include "search/pv.h"
#include "search/tt.h"
#include "util/xalloc.h"

#define SCALE         FLOOD_EVAL_SCALE /* evaluation units per square */
#define WIN           FLOOD_WIN
#define INF           (1 << 30)
#define MAX_PLY       64
#define TT_BITS       16 /* the table's entries: 2^16 (1 MiB), private to a search */
#define CHECK_EVERY   16 /* nodes between looks at the limits; every node with a
			  * node budget (it ends at its exact node) */
#define HISTORY_LIMIT (1 << 28) /* history credit halves past it (below the order's keys) */
#define BIG_BOARD     1600 /* squares from which a node costs enough to look every node */
#define DEFAULT_NODES 20000
#define SWINDLE_NODES 20000 /* for a lost game, without a node budget */
#define EXACT_SQUARES 160 /* unowned squares at most for a try at the exact result */
#define SETTLED_SQUARES 600 /* unowned squares at most to look for a settled game */
#define SOFT_SHARE    0.5  /* of the hard limit: no new iteration after it */
#define GREEDY_SHARE  0.28 /* of the hard limit: to look for a line that beats greedy */

/* A level without limits gets a node budget of its own: the server's cap
 * is a ceiling, not a time to fill. The hard limit is cut at 90% of the
 * time: the reply still has to travel, and a node on a large board is
 * slow. */
static const struct search_policy policy = { .default_nodes = DEFAULT_NODES, .hard_share = 0.9 };

/* The search's scores for analysis lines (PROTOCOL.md, "Analysis
 * (alpha-beta games)"): squares; 40 squares ahead (a tenth of the default
 * 20x20 board) is a 73% win rate: the race of distance fields gives one
 * side a hundred squares and more a few moves into a game. */
const struct search_scale flood_search_scale = {
	.win_bound = WIN - 1, .spread = 40 * SCALE, .unit = SCALE, .win = WIN,
};

/* Level keys by algorithm (game.h, struct game_algorithm): randomness is
 * the chance of random's move instead (flood_choose), so random itself
 * takes nothing; alphabeta reads its limits too. No hash: the table's
 * size is the search's own. */
static const char *const random_keys[] = { NULL };
static const char *const greedy_keys[] = { "randomness", NULL };
static const char *const alphabeta_keys[] = { "depth", "nodes", "time", "randomness",
					      "follow_clock", NULL };
const struct game_algorithm flood_algorithms[] = {
	{ "random", random_keys },
	{ "greedy", greedy_keys },
	{ "alphabeta", alphabeta_keys },
	{ NULL, NULL },
};

/* The colours that capture something for the side to move, best first
 * (most squares, then the lowest number); returns how many. */
static int capturing_moves(const struct flood_pos *p, const struct flood_board *b, int moves[],
			   int gains_out[])
{
	int gains[FLOOD_MAX_COLORS + 1], n = 0;

	flood_pos_gains(p, b, p->to_move, gains);
	for (int c = 1; c <= b->ncolors; c++) {
		if (gains[c] == 0)
			continue;
		int j = n++;
		while (j > 0 && gains[moves[j - 1]] < gains[c]) {
			moves[j] = moves[j - 1];
			j--;
		}
		moves[j] = c;
	}
	if (gains_out)
		memcpy(gains_out, gains, sizeof(gains));
	return n;
}

int flood_greedy(const struct flood_pos *p, const struct flood_board *b)
{
	int moves[FLOOD_MAX_COLORS];

	return capturing_moves(p, b, moves, NULL) > 0 ? moves[0] : 1;
}

int flood_random(const struct flood_pos *p, const struct flood_board *b, struct rng *r)
{
	int moves[FLOOD_MAX_COLORS], n = capturing_moves(p, b, moves, NULL);

	return n > 0 ? moves[rng_below(r, (uint32_t)n)] : 1;
}

/* The exact value for the side to move of a game whose final counts are
 * gets[] (a finished game, or a settled one: see flood_pos_settled). */
static int exact_value(const struct flood_pos *p, const int gets[3])
{
	int m = gets[p->to_move] - gets[flood_other(p->to_move)];

	return m > 0 ? WIN + SCALE * m : m < 0 ? -WIN + SCALE * m : 0;
}

/* Whether some unowned square is next to both sides. */
static bool fronts_meet(const struct flood_pos *p)
{
	const uint64_t *fb = flood_cfront(p, COLOR_BLACK), *fw = flood_cfront(p, COLOR_WHITE);

	for (int i = 0; i < p->nw; i++)
		if (fb[i] & fw[i])
			return true;
	return false;
}

/* Whether p's result is known; *value is it for the side to move. */
static bool decided(const struct flood_pos *p, const struct flood_board *b, int *value)
{
	int gets[3];

	if (p->over) {
		*value = exact_value(p, p->count);
		return true;
	}
	/* Settled games are looked for only where they are common enough to
	 * pay for the fills, and not when a square touches both sides. */
	if (p->nfree > SETTLED_SQUARES || fronts_meet(p))
		return false;
	if (!flood_pos_settled(p, b, gets))
		return false;
	*value = exact_value(p, gets);
	return true;
}

/* --- search ---------------------------------------------------------------- */

struct search {
	const struct flood_board *b;     /* the grid */
	struct flood_pos *stack;         /* positions by ply */
	struct search_tt *tt;            /* transposition table (search/tt.h); an
					  * entry's payload: the value rests on
					  * evaluated leaves, not only ends */
	struct flood_regions *regions;   /* the root's regions, for the evaluation */
	long nodes;                      /* visited */
	struct search_limits lim;        /* the caller's, started; narrowed by
					  * the solvers (nodes, deadline) */
	bool horizon;                    /* some leaf was evaluated, not final */
	struct search_history history;   /* cut-off credit per ply and colour */
	struct search_pv pv;             /* the principal variation (search/pv.h) */
};

static uint64_t position_key(const struct flood_pos *p)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL * (uint64_t)p->to_move;

	for (int i = 0; i < 2 * p->nw; i++) {
		h = (h ^ p->bits[i]) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 31;
	}
	return h | 1;
}

/* Whether a limit has been reached; latched in s->lim.aborted. */
static bool out_of_budget(struct search *s)
{
	return search_should_stop(&s->lim, s->nodes);
}

/* Put move first in moves[0..n). */
static void move_to_front(int moves[], int n, int move)
{
	for (int i = 0; i < n; i++)
		if (moves[i] == move) {
			memmove(moves + 1, moves, (size_t)i * sizeof(moves[0]));
			moves[0] = move;
			return;
		}
}

/* A colour's history index: its ply's row, the colour. */
static size_t history_index(int ply, int color)
{
	return (size_t)ply * (FLOOD_MAX_COLORS + 1) + (size_t)color;
}

/* moves[0..n) (gain order) in search order: the table's move, then the
 * greatest gain, then the rest by the history of cut-offs at this ply,
 * keeping the gain order among equals (the sort is stable). */
static void order(const struct search *s, int ply, int moves[], int n, int tt_move)
{
	int keys[FLOOD_MAX_COLORS];

	for (int i = 0; i < n; i++)
		keys[i] = moves[i] == tt_move ? SEARCH_KEY_TT
			  : i == 0 ? SEARCH_KEY_TT - 1
				   : search_history_get(&s->history, history_index(ply, moves[i]));
	search_sort_from(moves, keys, 0, n);
}

/* A table hit that decides the node; *move gets its best move anyway. */
static bool tt_cutoff(struct search *s, const struct search_tt_entry *e, uint64_t key, int depth,
		      int alpha, int beta, int *value, int *move)
{
	if (e->key != key)
		return false;
	*move = search_tt_move(e) > 0 ? search_tt_move(e) : 0;
	/* A value with no evaluated leaf below is exact at any depth. */
	if (e->depth < depth && e->payload)
		return false;
	*value = e->score;
	if (search_tt_cuts(e, e->score, 0, alpha, beta)) {
		s->horizon |= e->payload;
		return true;
	}
	return false;
}

/* A result without an evaluated leaf below is stored as deep as any
 * search goes: it holds at every depth. */
static void tt_store(struct search *s, uint64_t key, int depth, int value, int alpha0, int beta,
		     int move, bool horizon)
{
	search_tt_store(search_tt_slot(s->tt, key), s->tt->age, key, value, move,
			horizon ? depth : MAX_PLY,
			value <= alpha0 ? SEARCH_TT_UPPER
			: value >= beta ? SEARCH_TT_LOWER : SEARCH_TT_EXACT,
			horizon);
}

static int negamax(struct search *s, int ply, int depth, int alpha, int beta)
{
	struct flood_pos *p = &s->stack[ply];
	int moves[FLOOD_MAX_COLORS], best = -INF, best_move = 0, value, tt_move = 0;
	int alpha0 = alpha;

	if (ply < SEARCH_MAX_PLY)
		search_pv_clear(&s->pv, ply);
	if (out_of_budget(s))
		return 0;
	s->nodes++;
	if (decided(p, s->b, &value))
		return value;
	if (depth == 0 || ply >= MAX_PLY) {
		s->horizon = true;
		return flood_evaluate_in(p, s->b, s->regions);
	}
	uint64_t key = position_key(p);
	if (tt_cutoff(s, search_tt_slot(s->tt, key), key, depth, alpha, beta, &value, &tt_move))
		return value;
	/* Whether this subtree met the horizon, for the table. */
	bool outer = s->horizon;
	s->horizon = false;
	int n = capturing_moves(p, s->b, moves, NULL);
	order(s, ply, moves, n, tt_move);
	for (int i = 0; i < n && alpha < beta; i++) {
		struct flood_pos *child = &s->stack[ply + 1];

		flood_pos_copy(child, p);
		flood_pos_play(child, s->b, moves[i]);
		value = -negamax(s, ply + 1, depth - 1, -beta, -alpha);
		if (s->lim.aborted)
			return 0;
		if (value > best) {
			best = value;
			best_move = moves[i];
		}
		if (value > alpha) {
			alpha = value;
			search_pv_update(&s->pv, ply, moves[i]);
		}
	}
	if (best >= beta)
		search_history_reward(&s->history, history_index(ply, best_move), depth);
	tt_store(s, key, depth, best, alpha0, beta, best_move, s->horizon);
	s->horizon |= outer;
	return best;
}

/* One iteration at the root; moves[] is reordered best first. Returns the
 * best score, or -INF when aborted before the first move was done. */
static int search_root(struct search *s, int depth, int moves[], int n)
{
	int best = -INF, alpha = -INF, best_i = 0;

	search_pv_clear(&s->pv, 0);
	for (int i = 0; i < n; i++) {
		struct flood_pos *child = &s->stack[1];

		flood_pos_copy(child, &s->stack[0]);
		flood_pos_play(child, s->b, moves[i]);
		int value = -negamax(s, 1, depth - 1, -INF, -alpha);
		if (s->lim.aborted)
			break;
		if (value > best) {
			best = value;
			best_i = i;
		}
		if (value > alpha) {
			alpha = value;
			search_pv_update(&s->pv, 0, moves[i]);
		}
	}
	move_to_front(moves, n, moves[best_i]);
	return best;
}

/* --- against a greedy opponent -------------------------------------------- */

/* An opponent who always takes the colour that captures most (greedy: the
 * most natural reply, and seed 000's computer) has one reply to each of my
 * colours, so a line that beats it is a search over my colours only, to
 * the end of the game or to a settled position. My colours are tried in
 * the order of how greedy against greedy would end after them, and the
 * search is a limited discrepancy search: first the line that always
 * takes the first colour, then the lines that leave that order once, then
 * twice..., so a win that the order nearly finds is found in a few hundred
 * nodes, where depth-first search would first exhaust the first colour's
 * subtree. What it proves holds against that opponent, not best play. */

#define GREEDY_TT_MIN_BITS 16 /* entries of its table: 2^16 .. */
#define GREEDY_TT_MAX_BITS 22 /* .. 2^22 (64 MiB), as many as it has nodes */
#define SOLVE_TT_MAX_BITS  26 /* .. 2^26 (1 GiB) for flood_versus_greedy */
#define GREEDY_MAX_K   (MAX_PLY / 2) /* discrepancies: more is the whole tree */

struct greedy_solver {
	int me;
	bool aborted; /* the budget ran out */
	size_t tt_mask; /* entries - 1 */
	struct greedy_entry {
		uint64_t key;
		int8_t proven; /* the best outcome (1, 0, -1) known to be reachable */
		bool exact;    /* and nothing better is */
		int8_t k;      /* the discrepancies searched below */
	} *tt;
};

/* The outcome (1, 0, -1) for me at p when it is known without search. */
static bool outcome_known(const struct search *s, const struct flood_pos *p, int me, int *outcome)
{
	int half = s->b->nsquares / 2, value;

	if (p->over || p->count[me] > half || p->count[flood_other(me)] > half) {
		int m = p->count[me] - p->count[flood_other(me)]; /* counts only grow */
		*outcome = (m > 0) - (m < 0);
		return true;
	}
	if (!decided(p, s->b, &value))
		return false;
	*outcome = ((value > 0) - (value < 0)) * (p->to_move == me ? 1 : -1);
	return true;
}

/* s->stack[ply + 1] = s->stack[ply] after my colour and greedy's reply. */
static void play_against_greedy(struct search *s, int ply, int color)
{
	struct flood_pos *child = &s->stack[ply + 1];

	flood_pos_copy(child, &s->stack[ply]);
	flood_pos_play(child, s->b, color);
	if (!child->over)
		flood_pos_play(child, s->b, flood_greedy(child, s->b));
}

/* My colours at s->stack[ply] (my turn), likeliest to beat greedy first;
 * *first_end: how the first one ends with greedy on both sides after it.
 * That is a line too (my colours then greedy's), so its outcome is proven. */
static int greedy_order(struct search *s, int ply, int me, int moves[], int *first_end)
{
	int ends[FLOOD_MAX_COLORS], n = capturing_moves(&s->stack[ply], s->b, moves, NULL);

	for (int i = 0; i < n; i++) {
		const struct flood_pos *c = &s->stack[ply + 1];
		int m = moves[i], end;

		play_against_greedy(s, ply, m);
		s->nodes++;
		if (c->over)
			end = c->count[me] - c->count[flood_other(me)];
		else
			end = flood_regions_rollout(s->regions, c, s->b->ncolors) *
			      (c->to_move == me ? 1 : -1);
		int j = i;
		for (; j > 0 && ends[j - 1] < end; j--) {
			ends[j] = ends[j - 1];
			moves[j] = moves[j - 1];
		}
		ends[j] = end;
		moves[j] = m;
	}
	*first_end = n > 0 ? ends[0] : -1;
	return n;
}

/* The best outcome for g->me at s->stack[ply] (its turn) against greedy
 * proven on the lines that leave the order at most k times; *exact is
 * whether nothing better exists; *move (may be NULL) gets its colour. */
static int beat_greedy(struct search *s, struct greedy_solver *g, int ply, int k, bool *exact,
		       int *move)
{
	int moves[FLOOD_MAX_COLORS], proven = -1, outcome;
	const struct flood_pos *p = &s->stack[ply];

	*exact = true;
	if (outcome_known(s, p, g->me, &outcome))
		return outcome;
	uint64_t key = position_key(p);
	struct greedy_entry *e = &g->tt[key & g->tt_mask];
	if (e->key == key && !move && (e->exact || e->k >= k)) {
		*exact = e->exact;
		return e->proven;
	}
	if (ply >= MAX_PLY || out_of_budget(s)) {
		g->aborted = ply < MAX_PLY;
		*exact = false;
		return -1;
	}
	int first_end, n = greedy_order(s, ply, g->me, moves, &first_end);
	if (n > 0 && first_end >= 0) {
		proven = first_end > 0 ? 1 : 0; /* greedy's own colours from here on */
		if (move)
			*move = moves[0];
	}
	for (int i = 0; i < n && proven < 1 && !g->aborted; i++) {
		bool sure;

		if (i > 0 && k == 0) {
			*exact = false; /* a line left unsearched */
			break;
		}
		play_against_greedy(s, ply, moves[i]);
		int v = beat_greedy(s, g, ply + 1, i > 0 ? k - 1 : k, &sure, NULL);
		*exact &= sure;
		if (v > proven || (move && !*move)) {
			proven = v > proven ? v : proven;
			if (move)
				*move = moves[i];
		}
	}
	if (proven == 1)
		*exact = true;
	if (g->aborted)
		*exact &= proven == 1;
	else {
		e->key = key;
		e->proven = (int8_t)proven;
		e->exact = *exact;
		e->k = (int8_t)k;
	}
	return proven;
}

/* The best outcome against greedy from the root that can be proven within
 * nodes more nodes (0: to the node cap) and seconds from the start (0: to
 * the deadline): 1 or 0 with a colour that wins or draws at least in
 * *move, else -1 (*move untouched); *exact (may be NULL): whether nothing
 * better exists. */
static int solve_against_greedy(struct search *s, long nodes, double seconds, int max_bits,
				int *move, bool *exact_out)
{
	long cap = s->lim.nodes;
	double deadline = s->lim.deadline;
	struct greedy_solver g = { .me = s->stack[0].to_move };
	int best = -1, bits = GREEDY_TT_MIN_BITS;
	bool exact = false;

	if (nodes && (!cap || s->nodes + nodes < cap))
		s->lim.nodes = s->nodes + nodes;
	if (seconds > 0 && (!deadline || s->lim.start + seconds < deadline))
		s->lim.deadline = s->lim.start + seconds;
	while (bits < max_bits && s->lim.nodes - s->nodes > (1L << bits))
		bits++;
	g.tt = xcalloc((size_t)1 << bits, sizeof(*g.tt));
	g.tt_mask = ((size_t)1 << bits) - 1;
	for (int k = 0; k <= GREEDY_MAX_K && best < 1 && !exact && !g.aborted; k++) {
		int found = 0, proven = beat_greedy(s, &g, 0, k, &exact, &found);

		if (proven > best && found) {
			best = proven;
			*move = found;
		}
	}
	if (exact_out)
		*exact_out = exact || best == 1;
	s->lim.nodes = cap;
	s->lim.deadline = deadline;
	s->lim.aborted = false;
	free(g.tt);
	return best;
}

/* The search proved the game lost (drawn: drawn is true) against best
 * play: play a line that does better against a greedy opponent (wins, or
 * draws a lost game) if one is found in the budget left (SWINDLE_NODES
 * without a node budget); else fallback (the smallest loss, or the draw). */
static int swindle(struct search *s, int fallback, bool drawn)
{
	int move = fallback;
	int outcome = solve_against_greedy(s, s->lim.nodes ? 0 : SWINDLE_NODES, 0, GREEDY_TT_MAX_BITS,
					   &move, NULL);

	return outcome == 1 || (!drawn && outcome == 0) ? move : fallback;
}

/* --- the exact endgame ------------------------------------------------------ */

/* Win, draw or loss of each root move, searched to the end with a null
 * window around a draw (much cheaper than exact margins) within a share of
 * the budget. Returns 1 with a winning colour in *move, 0 with a drawing
 * one, -1 when every colour loses, or -2 when that is not known. */
static int solve_root(struct search *s, int moves[], int n, long nodes, double seconds, int *move)
{
	long cap = s->lim.nodes;
	double deadline = s->lim.deadline;
	int result = -1;

	s->lim.nodes = nodes && (!cap || s->nodes + nodes < cap) ? s->nodes + nodes : cap;
	if (seconds > 0)
		s->lim.deadline = s->lim.start + seconds;
	for (int i = 0; i < n && result < 1; i++) {
		flood_pos_copy(&s->stack[1], &s->stack[0]);
		flood_pos_play(&s->stack[1], s->b, moves[i]);
		s->horizon = false;
		int value = -negamax(s, 1, MAX_PLY, -1, 1);
		if (s->lim.aborted || s->horizon) {
			result = -2; /* not solved: the heuristic search decides */
			break;
		}
		int outcome = value > 0 ? 1 : value < 0 ? -1 : 0;
		if (outcome > result) {
			result = outcome;
			*move = moves[i];
		}
	}
	s->lim.nodes = cap;
	s->lim.deadline = deadline;
	s->lim.aborted = false;
	return result;
}

static void search_init(struct search *s, const struct flood_pos *p, const struct flood_board *b,
			const struct search_limits *lim)
{
	memset(s, 0, sizeof(*s));
	s->b = b;
	s->stack = xmalloc((MAX_PLY + 2) * sizeof(*s->stack));
	flood_pos_copy(&s->stack[0], p);
	s->tt = search_tt_acquire(lim->tt, lim->tt_bits ? lim->tt_bits : TT_BITS);
	s->regions = flood_regions_new(b, p);
	search_history_init(&s->history, history_index(MAX_PLY + 2, 0), HISTORY_LIMIT);
	/* An iteration costs a few times the one before, so none starts past
	 * the soft limit. */
	s->lim = *lim;
	search_limits_start(&s->lim, lim->nodes > 0 || b->nsquares >= BIG_BOARD ? 1 : CHECK_EVERY,
			    SOFT_SHARE);
}

static void search_free(struct search *s)
{
	free(s->stack);
	search_tt_give_back(s->tt, s->lim.tt);
	search_history_free(&s->history);
	flood_regions_free(s->regions);
	free(s);
}

int flood_versus_greedy(const struct flood_pos *p, const struct flood_board *b, long nodes,
			int *move, bool *exact)
{
	struct search *s = xmalloc(sizeof(*s));
	struct search_limits lim = { .nodes = nodes };
	int moves[FLOOD_MAX_COLORS];

	search_init(s, p, b, &lim);
	*move = capturing_moves(p, b, moves, NULL) > 0 ? moves[0] : 1;
	int outcome = solve_against_greedy(s, 0, 0, SOLVE_TT_MAX_BITS, move, exact);
	search_free(s);
	return outcome;
}

/* Hand the caller's listener (lim->report) what the search knows now:
 * depth iterations done, the score for the side to move, the line (the
 * iterations' PV, or move alone for a decision taken outside them, which
 * how names). */
static void report(struct search *s, long solver_nodes, int depth, int score, const char *how,
		   int move)
{
	struct search_info info = { .depth = depth, .seldepth = depth, .score = score,
				    .nodes = solver_nodes + s->nodes,
				    .seconds = search_elapsed(&s->lim), .how = how };

	if (!s->lim.report)
		return;
	if (how)
		info.pv[info.npv++] = move;
	else
		search_pv_to_info(&s->pv, &info, move);
	s->lim.report(s->lim.ctx, &info);
}

int flood_search(const struct flood_pos *p, const struct flood_board *b,
		 const struct search_limits *lim, bool greedy_opponent,
		 struct flood_search_info *info)
{
	struct search *s = xmalloc(sizeof(*s));
	int moves[FLOOD_MAX_COLORS], n, best = 0, max_depth = lim->depth > 0 ? lim->depth : MAX_PLY;
	int done = 0, move;
	long solver_nodes = 0;
	bool exact = false;
	const char *how = NULL; /* a decision outside the iterations: its word */

	search_init(s, p, b, lim);
	n = capturing_moves(p, b, moves, NULL);
	move = n > 0 ? moves[0] : 1;
	/* A level of fixed depth plays to its horizon only. */
	if (n > 1 && p->nfree <= EXACT_SQUARES && lim->depth <= 0) {
		int solved = solve_root(s, moves, n, lim->nodes / 2, s->lim.soft_seconds, &move);
		if (solved != -2) {
			exact = true;
			best = solved * WIN;
			how = "exact";
			if (solved <= 0)
				move = swindle(s, move, solved == 0);
			goto done;
		}
	}
	if (greedy_opponent && n > 1 && lim->depth <= 0) {
		/* As many nodes as the search's (each a rollout on the regions,
		 * cheaper than the search's) and a share of the time. */
		if (solve_against_greedy(s, lim->nodes, lim->seconds * GREEDY_SHARE, GREEDY_TT_MAX_BITS,
					 &move, NULL) == 1) {
			best = WIN;
			how = "greedy";
			goto done;
		}
		/* The search after it keeps its whole node budget. */
		solver_nodes = s->nodes;
		s->nodes = 0;
	}
	for (int depth = 1; depth <= max_depth && n > 1; depth++) {
		s->horizon = false;
		int score = search_root(s, depth, moves, n);
		if (score > -INF)
			best = score; /* a partial iteration's best beats the last one's */
		if (s->lim.aborted)
			break;
		done = depth;
		report(s, solver_nodes, depth, score, NULL, moves[0]);
		if (!s->horizon) {
			exact = true; /* every line reached the end: the result is exact */
			break;
		}
		if (search_soft_stop(&s->lim, s->nodes, 1))
			break; /* the next iteration would not finish */
	}
	move = n > 0 ? moves[0] : 1;
	if (exact && best <= 0 && (move = swindle(s, moves[0], best == 0)) != moves[0])
		how = "swindle";
	else if (n <= 1)
		how = "only"; /* nothing to search: no iteration ran */
done:
	if (how)
		report(s, solver_nodes, done, best, how, move);
	if (info)
		*info = (struct flood_search_info){ solver_nodes + s->nodes, done, best, exact };
	search_free(s);
	return move;
}

static double uniform(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1p-53;
}

/* Whether the opponent of the side to move has made at least
 * FLOOD_GREEDY_EVIDENCE moves since the game began, every one greedy's colour. */
static bool opponent_plays_greedy(const struct flood_game *fg)
{
	struct flood_pos *q = xmalloc(sizeof(*q));
	int me = fg->pos.to_move, seen = 0;
	bool greedy = true;

	flood_pos_copy(q, &fg->start);
	for (size_t i = 0; i < fg->nmoves && greedy && !q->over; i++) {
		if (q->to_move != me) {
			greedy = flood_greedy(q, &fg->board) == fg->moves[i].paint;
			seen++;
		}
		flood_pos_play(q, &fg->board, fg->moves[i].paint);
	}
	free(q);
	return greedy && seen >= FLOOD_GREEDY_EVIDENCE;
}

int flood_choose(struct flood_game *fg, const struct game_budget *budget)
{
	const struct game_level *lv = budget ? budget->level : NULL;
	const struct flood_pos *p = &fg->pos;
	const struct flood_board *b = &fg->board;

	if (!lv)
		return flood_greedy(p, b);
	if (lv->randomness > 0 && uniform(&fg->base.rng) < lv->randomness)
		return flood_random(p, b, &fg->base.rng);
	if (!strcmp(lv->algorithm, "random"))
		return flood_random(p, b, &fg->base.rng);
	if (!strcmp(lv->algorithm, "alphabeta")) {
		struct search_limits lim;

		search_limits_of_budget(&lim, budget, &policy);
		return flood_search(p, b, &lim, opponent_plays_greedy(fg), NULL);
	}
	return flood_greedy(p, b);
}
