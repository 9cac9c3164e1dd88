/* Flood's row of the referee table: move cap, engine setup and the
 * description. The referee draws the random board (its game is seeded per
 * pair of games), and both engines get that very board as text, so the
 * two games of a pair, colours swapped, are played on the same grid. */
#include "match/match_game.h"

#include "games/flood/flood.h"

long match_flood_max_moves(const struct game *g)
{
	/* A capturing move takes at least one square; only moves that take
	 * nothing can stretch a game, and no sensible engine plays many. */
	return 2L * flood_cof(g)->board.nsquares + 10;
}

void match_flood_setup(const struct game *g, const char *size, struct strbuf *out)
{
	const struct flood_game *fg = flood_cof(g);

	(void)size; /* already applied to g */
	sb_printf(out, "colors %d\nloadboard ", fg->board.ncolors);
	flood_print_text(fg, out);
	sb_printf(out, " %s", fg->pos.to_move == COLOR_BLACK ? "black" : "white");
}

void match_flood_describe(const struct game *g, struct strbuf *out)
{
	const struct flood_board *b = &flood_cof(g)->board;

	sb_printf(out, "%dx%d, %d colors", b->width, b->height, b->ncolors);
}
