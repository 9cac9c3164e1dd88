/* The registration list: every game quintet plays, in the order list_games
 * gives them (the first is a new session's game when the configuration
 * names none). A new game adds its folder and one line here; HACKING.md's
 * "Adding a game" lists the rest of its folder, and
 * tests/integration/games.py checks each registered game has every piece. */
#include "game.h"

#include "games/ataxx/ataxx.h"
#include "games/flood/flood.h"
#include "games/go/go.h"
#include "games/gomoku/gomoku.h"
#include "games/mastermind/mastermind.h"

const struct game_ops *const game_table[] = {
	&go_ops,
	&flood_ops,
	&ataxx_ops,
	&mastermind_ops,
	&gomoku_ops,
	NULL,
};
