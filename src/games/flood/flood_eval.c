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
#include "games/flood/flood_weights.h"

const char *const flood_feature_names[FLOOD_NFEATURES] = {
	[FLOOD_F_REACH] = "reach",       [FLOOD_F_NEAR] = "near",
	[FLOOD_F_OWNED] = "owned",       [FLOOD_F_FRONT] = "front",
	[FLOOD_F_MOBILITY] = "mobility", [FLOOD_F_CAPTURE] = "capture",
	[FLOOD_F_TEMPO] = "tempo",       [FLOOD_F_ROLLOUT] = "rollout",
};

const int flood_weights[FLOOD_NFEATURES] = { FLOOD_WEIGHTS };

#define NEAR_STEPS 2 /* colour steps of the near feature */

/* The race: f[FLOOD_F_REACH] and f[FLOOD_F_NEAR]. Each side grows only
 * from the squares it took last (flood_race_step). */
static void race(const struct flood_pos *p, const struct flood_board *b, int f[])
{
	uint64_t edge[2][FLOOD_MAX_WORDS], open[FLOOD_MAX_WORDS];
	int me = p->to_move, nw = b->nw, steps = 0;
	int reach[2] = { p->count[me], p->count[flood_other(me)] };
	bool grew = true;

	memcpy(edge[0], flood_cown(p, me), (size_t)nw * sizeof(uint64_t));
	memcpy(edge[1], flood_cown(p, flood_other(me)), (size_t)nw * sizeof(uint64_t));
	memcpy(open, flood_cfree(p), (size_t)nw * sizeof(open[0]));
	f[FLOOD_F_NEAR] = 0;
	while (grew) {
		grew = false;
		for (int s = 0; s < 2; s++) {
			int n = flood_race_step(b, edge[s], open);
			reach[s] += n;
			grew |= n > 0;
		}
		if (++steps == NEAR_STEPS || (!grew && steps < NEAR_STEPS))
			f[FLOOD_F_NEAR] = reach[0] - reach[1];
	}
	f[FLOOD_F_REACH] = reach[0] - reach[1];
}

/* The most one colour captures for color, and how many colours capture. */
static void captures(const struct flood_pos *p, const struct flood_board *b, int color,
		     int *most, int *colors)
{
	int gains[FLOOD_MAX_COLORS + 1];

	flood_pos_gains(p, b, color, gains);
	*most = *colors = 0;
	for (int c = 1; c <= b->ncolors; c++) {
		*most = gains[c] > *most ? gains[c] : *most;
		*colors += gains[c] > 0;
	}
}

/* The features, the costly ones (captures, rollout) only where w (NULL:
 * all) weighs them; the race on regions when there are any (the rollout
 * always: regions of p itself without). */
static void features(const struct flood_pos *p, const struct flood_board *b,
		     struct flood_regions *regions, const int *w, int f[FLOOD_NFEATURES])
{
	int me = p->to_move, you = flood_other(me), nw = b->nw;
	bool need_captures = !w || w[FLOOD_F_MOBILITY] || w[FLOOD_F_CAPTURE];

	if (regions)
		flood_regions_race(regions, p, NEAR_STEPS, &f[FLOOD_F_REACH], &f[FLOOD_F_NEAR]);
	else
		race(p, b, f);
	f[FLOOD_F_OWNED] = p->count[me] - p->count[you];
	f[FLOOD_F_FRONT] = flood_popcount(flood_cfront(p, me), nw) -
			   flood_popcount(flood_cfront(p, you), nw);
	f[FLOOD_F_MOBILITY] = f[FLOOD_F_CAPTURE] = 0;
	if (need_captures) {
		int most[2], colors[2];

		captures(p, b, me, &most[0], &colors[0]);
		captures(p, b, you, &most[1], &colors[1]);
		f[FLOOD_F_MOBILITY] = colors[0] - colors[1];
		f[FLOOD_F_CAPTURE] = most[0] - most[1];
	}
	f[FLOOD_F_TEMPO] = 1;
	f[FLOOD_F_ROLLOUT] = 0;
	if (!w || w[FLOOD_F_ROLLOUT]) {
		struct flood_regions *own = regions ? NULL : flood_regions_new(b, p);

		f[FLOOD_F_ROLLOUT] = flood_regions_rollout(regions ? regions : own, p, b->ncolors);
		flood_regions_free(own);
	}
}

void flood_features(const struct flood_pos *p, const struct flood_board *b,
		    struct flood_regions *regions, int f[FLOOD_NFEATURES])
{
	features(p, b, regions, NULL, f);
}

int flood_evaluate_in(const struct flood_pos *p, const struct flood_board *b,
		      struct flood_regions *regions)
{
	const int *w = flood_weights;
	int f[FLOOD_NFEATURES], sum = 0;

	features(p, b, regions, w, f);
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		sum += w[i] * f[i];
	return sum / (FLOOD_REACH_UNIT / FLOOD_EVAL_SCALE);
}

int flood_evaluate(const struct flood_pos *p, const struct flood_board *b)
{
	return flood_evaluate_in(p, b, NULL);
}
