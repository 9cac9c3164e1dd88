/* Flood's evaluation: a linear function of features of a position, each
 * the side to move's count minus the opponent's (flood_features), weighed
 * in units where a square reached first is FLOOD_REACH_UNIT. The weights
 * are set by hand: the logistic fits of issue 18 (doc/flood-tuning.md)
 * never beat them. */
#ifndef QUINTET_FLOOD_EVAL_H
#define QUINTET_FLOOD_EVAL_H

#include "games/flood/flood.h"

#define FLOOD_REACH_UNIT 256 /* a weight's units: a square reached first */
#define FLOOD_EVAL_SCALE 16  /* flood_evaluate's units: 1/16 square */

enum flood_feature {
	FLOOD_F_REACH, /* squares reached first in the race of distance fields
			* (ties to the side to move; owned squares included) */
	FLOOD_F_OWNED, /* squares owned */
	FLOOD_F_FRONT, /* unowned squares next to the territory */
	FLOOD_NFEATURES
};

/* The weights the search uses, by feature. */
extern const int flood_weights[FLOOD_NFEATURES];

struct flood_regions;

/* The features of p for its side to move (mine minus the opponent's); p
 * must not be over. With regions (flood_regions.h: p reached from their
 * root) the race walks them, the same race much faster on large boards;
 * with NULL it grows bitsets. */
void flood_features(const struct flood_pos *p, const struct flood_board *b,
		    struct flood_regions *regions, int f[FLOOD_NFEATURES]);

/* flood_evaluate with regions (or NULL), as flood_features. */
int flood_evaluate_in(const struct flood_pos *p, const struct flood_board *b,
		      struct flood_regions *regions);

#endif
