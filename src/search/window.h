/* Aspiration windows for the alpha-beta searches' root: an iteration
 * searched first in a window around the last score, widened on the side
 * that failed, doubling the margin each time, until the score falls
 * inside; a score past the game's win bound opens that side fully.
 *
 *   struct search_window w;
 *   search_window_start(&w, &shape, depth >= FROM, last);
 *   do score = negamax(..., w.alpha, w.beta);
 *   while (!aborted && search_window_failed(&w, score));
 */
#ifndef QUINTET_SEARCH_WINDOW_H
#define QUINTET_SEARCH_WINDOW_H

#include <stdbool.h>

/* A game's scores: wins at win - plies, anything beyond bound a decided
 * game; the first window half-width. */
struct search_window_shape {
	int win;   /* the full window is -(win + 1) .. win + 1 */
	int bound; /* scores beyond it are won or lost games */
	int delta; /* the first window: last - delta .. last + delta */
};

struct search_window {
	int alpha, beta; /* the window to search */
	int delta;       /* the margin of the next widening */
	const struct search_window_shape *shape;
};

/* The first window: around last when narrow and last is no decided
 * game's score, else the full window. */
void search_window_start(struct search_window *w, const struct search_window_shape *shape,
			 bool narrow, int last);

/* Whether score fell outside the window (it is then widened on that side,
 * to be searched again); false when it is the iteration's score. */
bool search_window_failed(struct search_window *w, int score);

#endif
