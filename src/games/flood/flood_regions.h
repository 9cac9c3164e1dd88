/* Flood's regions: the same-colour connected parts of the unowned squares
 * of a search's root position, with their adjacency, for a fast race of
 * distance fields (flood_eval.c).
 *
 * From the root on, a capture takes the whole unowned same-colour part
 * connected to the squares it touches, so every region stays wholly
 * unowned until one move takes all of it: in any position the search
 * reaches, a region is open exactly when its first square is unowned, and
 * one colour step of the race takes whole regions. The race then walks a
 * graph of a few thousand regions instead of growing bitsets a square at
 * a time (on 100x100 a race has some 70 steps, each a handful of passes
 * over the whole board). Valid only for positions reached from the root
 * by flood_pos_play. */
#ifndef QUINTET_FLOOD_REGIONS_H
#define QUINTET_FLOOD_REGIONS_H

#include "games/flood/flood.h"

/* One region, its fields together: the race looks at all of them. */
struct flood_region {
	int first;     /* one square (bit index) */
	int size;      /* squares */
	unsigned mark; /* == the regions' stamp when claimed in the current race */
	unsigned listed[2]; /* == the stamp when on that side's frontier list (rollout) */
	int adj_start; /* its neighbours in adj: adj_start .. the next region's */
	int color;     /* its colour */
};

struct flood_regions {
	int n;          /* regions */
	int *of;        /* region of each square (bit index), -1 if owned at the root */
	struct flood_region *reg; /* n + 1 regions (the last one ends adj) */
	int *adj;       /* the regions next to each region, region by region */
	unsigned stamp; /* the current race's mark */
	int *layer[2];  /* per side: the regions it claimed in its last step */
};

/* The regions of root's unowned squares on b; free with flood_regions_free. */
struct flood_regions *flood_regions_new(const struct flood_board *b, const struct flood_pos *root);

void flood_regions_free(struct flood_regions *r);

/* The race of distance fields on p (reached from the root): the squares
 * the side to move reaches first minus the opponent's (owned included). */
int flood_regions_race(struct flood_regions *r, const struct flood_pos *p);

/* A game of greedy against greedy (each side takes the colour that
 * captures most, ties to the lowest number: seed 000's computer) from p
 * (reached from the root) to its end, on the regions: the final margin
 * for p's side to move. */
int flood_regions_rollout(struct flood_regions *r, const struct flood_pos *p, int ncolors);

#endif
