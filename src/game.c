#include "game.h"

#include <string.h>

#include "games/go/go.h"
#include "games/flood/flood.h"
#include "games/ataxx/ataxx.h"
#include "games/mastermind/mastermind.h"

const struct game_ops *const game_table[] = {
	&go_ops,
	&flood_ops,
	&ataxx_ops,
	&mastermind_ops,
	NULL,
};

const struct game_ops *game_find(const char *name)
{
	for (int i = 0; game_table[i]; i++)
		if (strcmp(game_table[i]->name, name) == 0)
			return game_table[i];
	return NULL;
}
