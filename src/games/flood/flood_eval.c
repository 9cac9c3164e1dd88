/* Flood's evaluation (see flood_eval.h).
 *
 * The race of distance fields: from both territories at once, each side
 * in turn (the side to move first) takes every unowned square next to
 * what it has reached, together with the squares of the same colour
 * connected to those (what one move of that colour would take), never a
 * square the other side has reached. A square thus goes to whoever
 * reaches it in fewer colour changes, ties to the side to move. */
#include "games/flood/flood_eval.h"

#include <string.h>

#include "games/flood/flood_regions.h"

const int flood_weights[FLOOD_NFEATURES] = {
	[FLOOD_F_REACH] = FLOOD_REACH_UNIT,
	[FLOOD_F_OWNED] = FLOOD_REACH_UNIT / 4,
	[FLOOD_F_FRONT] = FLOOD_REACH_UNIT / 8,
};

/* The race on bitsets: squares reached first, mine minus the opponent's.
 * Each side grows only from the squares it took last (flood_race_step). */
static int race(const struct flood_pos *p, const struct flood_board *b)
{
	uint64_t edge[2][FLOOD_MAX_WORDS], open[FLOOD_MAX_WORDS];
	int me = p->to_move, nw = b->nw;
	int reach[2] = { p->count[me], p->count[flood_other(me)] };
	bool grew = true;

	memcpy(edge[0], flood_cown(p, me), (size_t)nw * sizeof(uint64_t));
	memcpy(edge[1], flood_cown(p, flood_other(me)), (size_t)nw * sizeof(uint64_t));
	memcpy(open, flood_cfree(p), (size_t)nw * sizeof(open[0]));
	while (grew) {
		grew = false;
		for (int s = 0; s < 2; s++) {
			int n = flood_race_step(b, edge[s], open);
			reach[s] += n;
			grew |= n > 0;
		}
	}
	return reach[0] - reach[1];
}

void flood_features(const struct flood_pos *p, const struct flood_board *b,
		    struct flood_regions *regions, int f[FLOOD_NFEATURES])
{
	int me = p->to_move, you = flood_other(me), nw = b->nw;

	f[FLOOD_F_REACH] = regions ? flood_regions_race(regions, p) : race(p, b);
	f[FLOOD_F_OWNED] = p->count[me] - p->count[you];
	f[FLOOD_F_FRONT] = flood_popcount(flood_cfront(p, me), nw) -
			   flood_popcount(flood_cfront(p, you), nw);
}

int flood_evaluate_in(const struct flood_pos *p, const struct flood_board *b,
		      struct flood_regions *regions)
{
	int f[FLOOD_NFEATURES], sum = 0;

	flood_features(p, b, regions, f);
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		sum += flood_weights[i] * f[i];
	return sum / (FLOOD_REACH_UNIT / FLOOD_EVAL_SCALE);
}

int flood_evaluate(const struct flood_pos *p, const struct flood_board *b)
{
	return flood_evaluate_in(p, b, NULL);
}
