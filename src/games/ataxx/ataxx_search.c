/* The Ataxx search (see ataxx_search.h). The width-free parts live here:
 * the transposition table and the reports; the search itself is
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

#include "games/ataxx/ataxx_tuple.h"
#include "games/ataxx/ataxx_weights.h"
#include "search/window.h"
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

/* The tuple tables' part of an evaluation lies within this of 0 (with
 * the shipped standard table, searching from the start and from a
 * midgame, beyond 100 at 0.5% and 5.6% of the leaves, beyond 150 at
 * 0.008% and 0.5%, beyond 200 at 6 in 6.4 million and 0.03%), so a score
 * this far outside a window is taken outside without it
 * (ataxx_search_tmpl.h, tuple_matters; doc/ataxx-tuning.md, section 3). */
#ifndef TUPLE_BOUND
#define TUPLE_BOUND 200
#endif

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

static const struct search_window_shape aspiration = { .win = ATAXX_WIN,
							.bound = ATAXX_WIN_BOUND,
							.delta = ASPIRATION_WINDOW };

/* An ordering key's high part: the gain (pieces turned twice, a clone
 * once) then the jump term (0..7); killers and history fill the 20 bits
 * below. Keys from QUIET_KEY on turn a piece. */
#define ORDER_KEY(gain, jump) ((8 * (gain) + (jump)) << 20)
#define QUIET_KEY ORDER_KEY(2, 0)

#define PICK_MOVES 3 /* moves picked one by one before the rest are sorted (a
		      * cut-off comes early or not at all) */

#define CHECK_EVERY 256 /* nodes between looks at the clock and the flag */
#define SOFT_SHARE 0.5  /* of the hard limit: the soft limit when none is given */
#define HISTORY_SIZE 0x10000
#define HISTORY_LIMIT (1 << 30) /* credit halves past it (never in a move's search) */

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

struct search_common {
	struct search_limits lim;       /* the caller's limits, started */
	struct search_tt *table;        /* the table: leased or private */
	struct search_tt_entry *tt;      /* its entries */
	uint64_t tt_mask;               /* entries - 1 */
	unsigned age;                   /* its generation for this search */
	struct search_killers killers;  /* quiet moves that cut off, per ply */
	struct search_history history;  /* cut-off credit per move (low 16 bits) */
	long nodes;                     /* positions made so far */
	int seldepth;                   /* deepest ply reached */
};

/* Whether to unwind now (search/limits.h: the limits are looked at every
 * CHECK_EVERY nodes, none during the first iteration). */
static bool stopped(struct search_common *c)
{
	return search_should_stop(&c->lim, c->nodes);
}

static void search_report(struct search_common *c, struct search_info *info)
{
	info->nodes = c->nodes;
	info->seldepth = c->seldepth;
	info->seconds = search_elapsed(&c->lim);
	if (c->lim.report)
		c->lim.report(c->lim.ctx, info);
}

/* The totals of the whole search (an aborted iteration included). */
static void search_finish(const struct search_common *c, struct search_info *info)
{
	info->nodes = c->nodes;
	info->seldepth = c->seldepth;
	info->seconds = search_elapsed(&c->lim);
}

#define AX(name) ax64_##name
#define AX_DIRECT 1 /* ataxx_tuple_sum64's width */
#include "games/ataxx/ataxx_search_tmpl.h"
#undef AX_DIRECT
#undef AX

#define AX(name) ax128_##name
#define AX_DIRECT 0 /* ataxx_tuple_sum64's width */
#include "games/ataxx/ataxx_search_tmpl.h"
#undef AX_DIRECT
#undef AX

#define AX(name) axw_##name
#define AX_DIRECT 0 /* ataxx_tuple_sum64's width */
#include "games/ataxx/ataxx_search_tmpl.h"
#undef AX_DIRECT
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

int ataxx_evaluate_with(const struct axw_pos *pos, const int16_t *w)
{
	int idx[400], n = w ? ataxx_tuple_indices(pos, idx) : 0, v = axw_evaluate(pos);

	for (int i = 0; i < n; i++)
		v += w[idx[i]];
	return v;
}

int ataxx_evaluate(const struct axw_pos *pos)
{
	return ataxx_evaluate_with(pos, ataxx_tuple_on[pos->standard]
						? ataxx_tuple_weights[pos->standard]
						: NULL);
}

int ataxx_tuple_replay(const struct axw_pos *pos, const int *moves, int n, const int16_t *w,
		       bool wide)
{
	int *mine = xmalloc(((size_t)n + 1) * sizeof(*mine)), rc;

	if (!wide && pos->size <= 8) {
		struct ax64_pos root = ax_pos64(pos);
		for (int i = 0; i < n; i++)
			mine[i] = ax_move64(moves[i]);
		rc = ax64_tuple_replay(pos, &root, moves, mine, n, w);
	} else if (!wide && pos->size <= AX128_MAX_SIZE) {
		struct ax128_pos root = ax_pos128(pos);
		for (int i = 0; i < n; i++)
			mine[i] = ax_move128(moves[i]);
		rc = ax128_tuple_replay(pos, &root, moves, mine, n, w);
	} else {
		rc = axw_tuple_replay(pos, pos, moves, moves, n, w);
	}
	free(mine);
	return rc;
}

void ataxx_features(const struct axw_pos *pos, int f[ATAXX_NFEATURES])
{
	axw_features(pos, f, NULL);
}

static void common_init(struct search_common *c, const struct search_limits *lim)
{
	memset(c, 0, sizeof(*c));
	c->lim = *lim;
	search_limits_start(&c->lim, CHECK_EVERY, SOFT_SHARE);
	c->table = search_tt_acquire(lim->tt, lim->tt_bits ? lim->tt_bits : ATAXX_DEFAULT_TT_BITS);
	c->tt = c->table->e;
	c->tt_mask = c->table->mask;
	c->age = c->table->age;
	search_killers_clear(&c->killers);
	search_history_init(&c->history, HISTORY_SIZE, HISTORY_LIMIT);
}

static void common_free(struct search_common *c)
{
	search_tt_give_back(c->table, c->lim.tt);
	search_history_free(&c->history);
}

/* The deepest iteration limits allow. */
static int max_depth_of(const struct search_limits *limits)
{
	return limits->depth > 0 && limits->depth < ATAXX_MAX_PLY - 1 ? limits->depth
								     : ATAXX_MAX_PLY - 1;
}

int ataxx_search(const struct axw_pos *pos, int size, const struct search_limits *limits,
		 struct search_info *info)
{
	struct search_info local;
	int max_depth = max_depth_of(limits);

	if (!info)
		info = &local;
	memset(info, 0, sizeof(*info));
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

int ataxx_search_wide(const struct axw_pos *pos, const struct search_limits *limits,
		      struct search_info *info)
{
	struct search_info local;

	if (!info)
		info = &local;
	memset(info, 0, sizeof(*info));
	return axw_run(pos, limits, max_depth_of(limits), info);
}
