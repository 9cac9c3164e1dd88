/* The registration list: every game quintet plays, in the order list_games
 * gives them (the first is a new session's game when the configuration
 * names none). The list is Makefile.am's, one `include` of a game's
 * game.mk each, which the build writes here as games_list.h, GAME(NAME) per
 * game. HACKING.md's "Adding a game" lists the rest of a game's folder,
 * and tests/integration/games.py checks each registered game has every
 * piece. */
#include "game.h"

#define GAME(name) extern const struct game_ops name##_ops;
#include "games/games_list.h"
#undef GAME

const struct game_ops *const game_table[] = {
#define GAME(name) &name##_ops,
#include "games/games_list.h"
#undef GAME
	NULL,
};
