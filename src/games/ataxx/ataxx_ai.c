/* The Ataxx players: random (seed 004's easy level), greedy (the most
 * pieces gained now) and alphabeta (ataxx_search.c). */
#include "games/ataxx/ataxx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx_search.h"
#include "util/xalloc.h"

/* alphabeta with no limit at all: a second; 3% of the time is left for
 * unwinding and the reply. */
static const struct search_policy policy = { .default_seconds = 1.0, .hard_share = 0.97 };

/* The search's scores for analysis lines (PROTOCOL.md, "Analysis
 * (alpha-beta games)"): pieces; ten pieces ahead is a 73% win rate (the
 * evaluation's positional terms weigh a few pieces at the start). */
const struct search_scale ataxx_search_scale = {
	.win_bound = ATAXX_WIN_BOUND, .spread = 10 * ATAXX_PIECE, .unit = ATAXX_PIECE,
};

int ataxx_gain(const struct axw_pos *pos, int move)
{
	if (move == AX_PASS)
		return 0;
	int from = move >> 8, to = move & 0xff;
	return 2 * axw_count(axw_captures(pos, to)) + (from == to);
}

/* A uniformly random legal move. */
static int random_move(struct ataxx_game *ag, const struct axw_pos *pos)
{
	int *list = xmalloc(axw_MAX_MOVES * sizeof(*list));
	int n = axw_legal_moves(pos, list);
	int move = list[rng_below(&ag->base.rng, (uint32_t)n)];

	free(list);
	return move;
}

/* A move of the largest gain, uniformly among the equal ones. */
static int greedy_move(struct ataxx_game *ag, const struct axw_pos *pos)
{
	int *list = xmalloc(axw_MAX_MOVES * sizeof(*list));
	int n = axw_legal_moves(pos, list), best = -1, ties = 0, move = list[0];

	for (int i = 0; i < n; i++) {
		int gain = ataxx_gain(pos, list[i]);

		if (gain > best) {
			best = gain;
			ties = 0;
		}
		/* Reservoir sampling: the k-th equal move replaces with 1/k. */
		if (gain == best && rng_below(&ag->base.rng, (uint32_t)++ties) == 0)
			move = list[i];
	}
	free(list);
	return move;
}

static double random_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) / 9007199254740992.0;
}

static int alphabeta_move(struct ataxx_game *ag, const struct axw_pos *pos,
			  const struct game_budget *budget)
{
	const struct game_level *level = budget->level;
	struct search_limits lim;

	if (level->randomness > 0 && random_unit(&ag->base.rng) < level->randomness)
		return random_move(ag, pos);
	search_limits_of_budget(&lim, budget, &policy);
	lim.tt = search_tt_for_level(&ag->tt, level->hash_mb, ATAXX_TT_DEFAULT_MB);
	return ataxx_search(pos, ag->size, &lim, NULL);
}

int ataxx_quick_move(struct ataxx_game *ag, const struct game_level *level)
{
	struct search_limits lim = { .depth = 1, .tt_bits = 10 };
	struct game_budget budget = { .level = level };
	char err[64];
	int move = AX_PASS;

	if (axw_is_over(&ag->pos))
		return AX_PASS;
	if (!strcmp(level->algorithm, "alphabeta"))
		return ataxx_search(&ag->pos, ag->size, &lim, NULL);
	ataxx_choose(ag, &ag->pos, &budget, &move, err, sizeof(err));
	return move;
}

int ataxx_choose(struct ataxx_game *ag, const struct axw_pos *pos,
		 const struct game_budget *budget, int *move, char *err, size_t errlen)
{
	const struct game_level *level = budget ? budget->level : NULL;
	const char *algo = level ? level->algorithm : "random";

	if (level && !algo[0])
		algo = level->depth || level->nodes || level->seconds > 0 ? "alphabeta" : "random";
	/* A side stuck under yinyang has no pass to give. genmove never asks
	 * for one (the game is over when the stuck side is to move, and the
	 * other side is "out of turn"): a guard for callers' own positions. */
	if (axw_is_over(pos)) {
		snprintf(err, errlen, "no legal move");
		return -1;
	}
	if (!strcmp(algo, "random"))
		*move = random_move(ag, pos);
	else if (!strcmp(algo, "greedy"))
		*move = greedy_move(ag, pos);
	else if (!strcmp(algo, "alphabeta"))
		*move = alphabeta_move(ag, pos, budget);
	else {
		snprintf(err, errlen, "unknown algorithm %s", algo);
		return -1;
	}
	return 0;
}
