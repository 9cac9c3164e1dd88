/* Go move choice for genmove (go_ai.c). Both play nothing: they return a
 * point (or GO_PASS) legal for c under gg's rules. */
#ifndef QUINTET_GO_AI_H
#define QUINTET_GO_AI_H

#include "games/go/go.h"

/* A uniformly random legal move for c that does not fill c's own eye, or
 * GO_PASS when there is none. Draws from gg's rng. */
int go_random_move(struct go_game *gg, enum go_color c);

/* Flat Monte-Carlo: lv->playouts random playouts (default 5000) shared
 * equally by the candidates, stopped early by lv->seconds, the budget's
 * max_seconds or its stop flag; the best win rate among the candidates
 * played is chosen. With
 * lv->randomness r, a random candidate instead with probability r. */
int go_montecarlo_move(struct go_game *gg, enum go_color c, const struct game_level *lv,
		       const struct game_budget *budget);

#endif
