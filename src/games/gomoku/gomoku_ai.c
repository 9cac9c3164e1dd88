/* The Gomoku players: random, a uniformly random legal point. Seed 002's
 * computer comes next. */
#include "games/gomoku/gomoku.h"

const char *const gomoku_algorithms[] = { "random", NULL };

int gomoku_random_move(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		       struct rng *r)
{
	int legal[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE], n = 0;

	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = gomoku_point(b, col, row);

			if (gomoku_is_legal(b, rules, color, p))
				legal[n++] = p;
		}
	return n ? legal[rng_below(r, (uint32_t)n)] : -1;
}

int gomoku_choose(struct gomoku_game *gg, const struct game_budget *budget)
{
	(void)budget;
	return gomoku_random_move(&gg->board, gg->rules, gomoku_to_move(gg), &gg->base.rng);
}
