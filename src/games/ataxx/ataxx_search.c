/* The Ataxx search (see ataxx_search.h). The width-free parts live here:
 * the transposition table, the limits and the clock; the search itself is
 * ataxx_search_tmpl.h, compiled once per bitboard width.
 *
 *   ataxx_search ─┬─ size <= 8:  ax64_run  ─ ax64_iterate  ─ ax64_negamax ...
 *                 ├─ size <= 11: ax128_run ─ ax128_iterate ─ ax128_negamax ...
 *                 └─ otherwise:  axw_run   ─ axw_iterate   ─ axw_negamax ...
 *
 * One search is one thread; callers run it on a copy of their position. */
#include "games/ataxx/ataxx_search.h"

#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx_weights.h"
#include "util/monotime.h"
#include "util/xalloc.h"

const int ataxx_weights[2][ATAXX_NFEATURES] = { { ATAXX_WEIGHTS_YINYANG },
						 { ATAXX_WEIGHTS_STANDARD } };

const char *const ataxx_feature_names[ATAXX_NFEATURES] = {
	[ATAXX_F_MATERIAL] = "material",
	[ATAXX_F_MATERIAL_LATE] = "material_late",
	[ATAXX_F_SAFE] = "safe",
	[ATAXX_F_MOBILITY] = "mobility",
	[ATAXX_F_CLONES] = "clones",
	[ATAXX_F_FRONTIER] = "frontier",
	[ATAXX_F_TEMPO] = "tempo",
	[ATAXX_F_THREAT] = "threat",
	[ATAXX_F_THREAT_THEM] = "threat_them",
	[ATAXX_F_PARITY] = "parity",
	[ATAXX_F_EDGE] = "edge",
	[ATAXX_F_YY_STUCK] = "yy_stuck",
};

#define RFP_DEPTH 5      /* reverse futility pruning up to this depth */
#define RFP_MARGIN 120   /* ... when the static score beats beta by this a ply */

/* Razoring's margins by plies left (up to RAZOR_DEPTH): a null-window
 * node whose static score falls short of alpha by this much is taken as a
 * fail-low. Wider than reverse futility's, since a side that is behind
 * has captures to come back with: at 100,000 nodes these beat 260, 350,
 * 480, 770 (+118.6 Elo over no razoring, against +219.3) and 600, 800,
 * 1100, 1600 (-16.5 against these); git log. */
#define RAZOR_DEPTH 4
static const int razor_margin[RAZOR_DEPTH + 1] = {0, 400, 550, 750, 1100};

#define LMP_DEPTH 3                        /* late-move pruning up to this depth */
#define LMP_MOVES(d) (4 + 4 * (d) * (d))    /* ... of the quiet moves past these */
#define LMP_CAPTURES(d) (2 * LMP_MOVES(d) + 8) /* ... and of the captures past these */

#define LMR_TWO_FROM 3       /* late-move reductions: two plies from this move */
#define LMR_THREE_FROM 9     /* ... three from this one (one before) */

#define ASPIRATION_DEPTH 4   /* root windows from this depth on */
#define ASPIRATION_WINDOW 60 /* ... of this half-width at first */

/* An ordering key's high part: the gain (pieces turned twice, a clone
 * once) then the jump term (0..7); killers and history fill the 20 bits
 * below. Keys from QUIET_KEY on turn a piece. */
#define ORDER_KEY(gain, jump) ((8 * (gain) + (jump)) << 20)
#define QUIET_KEY ORDER_KEY(2, 0)

#define PICK_MOVES 3 /* moves picked one by one before the rest are sorted */

#define CHECK_EVERY 256 /* nodes between looks at the clock and the flag */
#define HISTORY_SIZE 0x10000

/* The plies cut from the null-window search of move i >= 1 (in key
 * order): one, two from the third, three from the ninth, quiet or
 * capture, at every depth (a cut past the leaves is the static score; a
 * null-window result above alpha is searched again in full). Moves come
 * by pieces turned, so the late ones are small captures or quiet. This
 * replaced cuts of one or two plies from depth 3 (quiet moves from the
 * third, captures from the eighth): +74.0 Elo at 100,000 nodes, and the
 * depth reached in a second from the start went from 13 to 14 (git log). */
static inline int late_move_reduction(int i)
{
	return i < LMR_TWO_FROM ? 1 : i < LMR_THREE_FROM ? 2 : 3;
}

enum { TT_UPPER = ATAXX_TT_UPPER, TT_LOWER = ATAXX_TT_LOWER, TT_EXACT = ATAXX_TT_EXACT };

struct search_common {
	const struct ataxx_limits *lim; /* what the caller allows */
	struct ataxx_tt *table;         /* the table: leased or private */
	bool leased;                    /* table is the caller's, leased */
	struct ataxx_tt_entry *tt;      /* its entries */
	uint64_t tt_mask;               /* entries - 1 */
	unsigned age;                   /* its generation for this search */
	int killers[ATAXX_MAX_PLY][2];  /* quiet moves that cut off, per ply */
	int *history;                   /* cut-off credit per move */
	long nodes;                     /* positions made so far */
	long next_check;                /* node count of the next look at limits */
	bool aborted;                   /* a limit was hit: unwind */
	bool must_finish;               /* depth 1 is running: ignore limits */
	double start;                   /* the clock at the start */
};

/* The search's clock: monotonic, or the thread's CPU time (benchmarks on
 * a shared machine). */
static double now_of(bool cpu)
{
	return cpu ? monotime_cpu_now() : monotime_now();
}

static double elapsed(const struct search_common *c)
{
	return now_of(c->lim->cpu_clock) - c->start;
}

static bool stop_requested(const struct search_common *c)
{
	return c->lim->stop && atomic_load_explicit(c->lim->stop, memory_order_relaxed);
}

/* Whether to unwind now: checked at every node, but the flag, the node
 * limit and the clock are looked at only every CHECK_EVERY nodes. */
static bool search_should_stop(struct search_common *c)
{
	const struct ataxx_limits *lim = c->lim;

	if (c->aborted)
		return true;
	if (c->must_finish || c->nodes < c->next_check)
		return false;
	c->next_check = c->nodes + CHECK_EVERY;
	if (stop_requested(c) || (lim->nodes > 0 && c->nodes >= lim->nodes) ||
	    (lim->seconds > 0 && elapsed(c) >= lim->seconds))
		c->aborted = true;
	return c->aborted;
}

/* Whether another iteration is not worth starting, after one that left
 * the best move unchanged for `stable` iterations (0: it just changed).
 * An iteration takes a few times the one before, so past 60% of the hard
 * limit the next would not finish; the soft limit is the time the move
 * should take, longer while the search changes its mind, shorter once it
 * has settled. With spend_all the time is used to the end (the last
 * iteration's best root move so far counts). */
static bool search_out_of_budget(const struct search_common *c, int stable)
{
	const struct ataxx_limits *lim = c->lim;

	if (stop_requested(c) || (lim->nodes > 0 && c->nodes >= lim->nodes))
		return true;
	if (lim->seconds <= 0 || lim->spend_all)
		return false;
	double spent = elapsed(c);
	double soft = lim->soft_seconds > 0 ? lim->soft_seconds : 0.5 * lim->seconds;
	double scale = stable == 0 ? 1.5 : stable >= 3 ? 0.6 : 1.0;

	return spent >= 0.6 * lim->seconds || spent >= soft * scale;
}

static void search_report(struct search_common *c, struct ataxx_info *info)
{
	info->nodes = c->nodes;
	info->seconds = elapsed(c);
	if (c->lim->report)
		c->lim->report(c->lim->ctx, info);
}

/* The totals of the whole search (an aborted iteration included). */
static void search_finish(const struct search_common *c, struct ataxx_info *info)
{
	info->nodes = c->nodes;
	info->seconds = elapsed(c);
}

/* Won-game scores are stored relative to the node, read back relative to
 * the root. */
static int tt_score_from(int score, int ply)
{
	return score > ATAXX_WIN_BOUND ? score - ply : score < -ATAXX_WIN_BOUND ? score + ply : score;
}

/* Replacement: an entry of an older search always goes; one of this
 * search goes unless it is deeper (by more than 2 plies for another
 * position) and the new result is only a bound. */
static void tt_store(struct ataxx_tt_entry *e, unsigned age, uint64_t key, int score, int move,
		     int depth, int ply, int flag)
{
	if (e->age == age && flag != TT_EXACT &&
	    (e->key == key ? (int)e->depth > depth : (int)e->depth > depth + 2))
		return;
	e->key = key;
	e->age = age;
	e->score = score > ATAXX_WIN_BOUND ? score + ply
		   : score < -ATAXX_WIN_BOUND ? score - ply : score;
	e->move = move;
	e->depth = (unsigned)depth;
	e->flag = (unsigned)flag;
}

#define AX(name) ax64_##name
#include "games/ataxx/ataxx_search_tmpl.h"
#undef AX

#define AX(name) ax128_##name
#include "games/ataxx/ataxx_search_tmpl.h"
#undef AX

#define AX(name) axw_##name
#include "games/ataxx/ataxx_search_tmpl.h"
#undef AX

static int ax64_to_wide(int move)
{
	return ax_movew(move);
}

static int ax128_to_wide(int move)
{
	return ax_movew_of128(move);
}

static int axw_to_wide(int move)
{
	return move;
}

int ataxx_evaluate(const struct axw_pos *pos)
{
	return axw_evaluate(pos);
}

void ataxx_features(const struct axw_pos *pos, int f[ATAXX_NFEATURES])
{
	axw_features(pos, f, NULL);
}

static void common_init(struct search_common *c, const struct ataxx_limits *lim)
{
	memset(c, 0, sizeof(*c));
	c->lim = lim;
	c->leased = lim->tt && ataxx_tt_lease(lim->tt);
	c->table = c->leased ? lim->tt
			     : ataxx_tt_new(lim->tt_bits ? lim->tt_bits : ATAXX_DEFAULT_TT_BITS);
	c->tt = c->table->e;
	c->tt_mask = c->table->mask;
	c->age = c->table->age;
	c->history = xcalloc(HISTORY_SIZE, sizeof(*c->history));
	c->next_check = CHECK_EVERY;
	c->start = now_of(lim->cpu_clock);
}

static void common_free(struct search_common *c)
{
	if (c->leased)
		ataxx_tt_release(c->table);
	else
		ataxx_tt_unref(c->table);
	free(c->history);
}

int ataxx_search(const struct axw_pos *pos, int size, const struct ataxx_limits *limits,
		 struct ataxx_info *info)
{
	struct ataxx_info local;
	int max_depth = limits->depth > 0 && limits->depth < ATAXX_MAX_PLY - 1
				? limits->depth : ATAXX_MAX_PLY - 1;

	if (!info)
		info = &local;
	memset(info, 0, sizeof(*info));
	if (limits->wide_only)
		return axw_run(pos, limits, max_depth, info);
	if (size <= 8) {
		struct ax64_pos root = ax_pos64(pos);
		return ax64_run(&root, limits, max_depth, info);
	}
	if (size <= AX128_MAX_SIZE) {
		struct ax128_pos root = ax_pos128(pos);
		return ax128_run(&root, limits, max_depth, info);
	}
	return axw_run(pos, limits, max_depth, info);
}
