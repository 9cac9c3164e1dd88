/* The per-game rows of the referee (see match_game.h). Rows for games that
 * are not written yet carry only defaults from their issues; their hooks
 * are filled in as the games land. */
#include "match/match_game.h"

#include <string.h>

static const struct match_game rows[] = {
	{
		.name = "go",
		.max_moves_of = match_go_max_moves,
		.set_komi = match_go_set_komi,
		.setup = match_go_setup,
		.describe = match_go_describe,
		.record_ext = "sgf",
		.write_record = match_go_write_sgf,
	},
	/* Gomoku: a full 15x15 board is a draw by the rules long before. */
	{ .name = "gomoku", .max_moves = 400 },
	/* Ataxx: engines get the referee's size and layout; the cap stops
	 * yinyang games that jump about for ever. */
	{
		.name = "ataxx",
		.max_moves_of = match_ataxx_max_moves,
		.setup = match_ataxx_setup,
		.describe = match_ataxx_describe,
	},
	/* Flood: both engines get the referee's random board as text. */
	{
		.name = "flood",
		.max_moves_of = match_flood_max_moves,
		.setup = match_flood_setup,
		.describe = match_flood_describe,
	},
	/* Mastermind: the referee makes the code, both engines break it
	 * (games/mastermind/mastermind_match.c); the tally is black's guesses. */
	{
		.name = "mastermind",
		.max_moves_of = match_mastermind_max_moves,
		.setup = match_mastermind_setup,
		.describe = match_mastermind_describe,
		.record_ext = "gtp",
		.write_record = match_mastermind_write_record,
		.tally_name = "guesses",
		.tally = match_mastermind_tally,
		.play_game = match_mastermind_play,
	},
};

static const struct match_game generic = { .name = NULL, .max_moves = 1000 };

const struct match_game *match_game_for(const char *name)
{
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (strcmp(rows[i].name, name) == 0)
			return &rows[i];
	return &generic;
}

bool match_game_planned(const char *name)
{
	return match_game_for(name) != &generic;
}

long match_game_max_moves(const struct match_game *mg, const struct game *g)
{
	return mg->max_moves_of ? mg->max_moves_of(g) : mg->max_moves;
}

void match_game_setup(const struct match_game *mg, const struct game *g,
		      const char *size, struct strbuf *out)
{
	if (mg->setup) {
		mg->setup(g, size, out);
		return;
	}
	if (size)
		sb_printf(out, "boardsize %s\n", size);
	sb_puts(out, "clear_board");
}
