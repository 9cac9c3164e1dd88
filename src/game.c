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

bool game_has_op(const struct game_ops *ops, size_t offset)
{
	const unsigned char *member = (const unsigned char *)ops + offset;

	if (offset == 0)
		return true;
	/* An optional member is a pointer (to a function, or a table such as
	 * rules); NULL is all zero bits on every platform quintet builds on. */
	for (size_t i = 0; i < sizeof(void (*)(void)); i++)
		if (member[i])
			return true;
	return false;
}
