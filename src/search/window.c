/* Aspiration windows (see window.h). */
#include "search/window.h"

void search_window_start(struct search_window *w, const struct search_window_shape *shape,
			 bool narrow, int last)
{
	w->shape = shape;
	w->delta = shape->delta;
	w->alpha = -shape->win - 1;
	w->beta = shape->win + 1;
	if (narrow && last > -shape->bound && last < shape->bound) {
		w->alpha = last - w->delta;
		w->beta = last + w->delta;
	}
}

bool search_window_failed(struct search_window *w, int score)
{
	const struct search_window_shape *sh = w->shape;

	if (score > w->alpha && score < w->beta)
		return false;
	w->delta *= 2;
	if (score <= w->alpha)
		w->alpha = score - w->delta > -sh->bound ? score - w->delta : -sh->win - 1;
	else
		w->beta = score + w->delta < sh->bound ? score + w->delta : sh->win + 1;
	return true;
}
