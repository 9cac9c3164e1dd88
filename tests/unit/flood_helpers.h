/* Helpers shared by the Flood unit tests (include after cmocka.h). */
#ifndef QUINTET_TEST_FLOOD_HELPERS_H
#define QUINTET_TEST_FLOOD_HELPERS_H

#include "games/flood/flood.h"

static inline struct flood_game *new_game(uint64_t seed)
{
	return flood_of(flood_ops.create(seed));
}

static inline void free_game(struct flood_game *fg)
{
	flood_ops.destroy(&fg->base);
}

/* loadboard text with to_move to play; fails the test if it is refused. */
static inline void load(struct flood_game *fg, const char *text, int to_move)
{
	char err[128] = "";

	if (flood_load_text(fg, text, to_move, err, sizeof(err)) < 0)
		fail_msg("loadboard %s: %s", text, err);
}

#endif
