/* Helpers shared by the referee's unit tests (include after cmocka.h). */
#ifndef QUINTET_TEST_MATCH_HELPERS_H
#define QUINTET_TEST_MATCH_HELPERS_H

#include "match/engine.h"
#include "match/referee.h"

/* Play game index of cfg between engines e1 and e2 (command lines the
 * referee starts itself); fills res. */
static inline void play(const struct match_config *cfg, const char *e1, const char *e2,
			long index, struct match_result *res)
{
	struct engine a, b, *engines[2] = { &a, &b };

	engine_init(&a, e1, 1, false);
	engine_init(&b, e2, 2, false);
	a.broken = b.broken = true; /* not started: the referee starts them */
	referee_play(cfg, engines, index, res);
	engine_destroy(&a);
	engine_destroy(&b);
}

#endif
