/* Ataxx's row of the referee table: the move cap, the engine setup (size
 * and layout, so engines with other defaults start from the referee's
 * position) and the description. Records are the generic GTP script. */
#include "match/match_game.h"

#include "games/ataxx/ataxx.h"

/* Every clone fills a square, but jumps do not: yinyang has no 50-move
 * rule, and random players can jump about for long. Ten moves a square
 * only stops games that go nowhere. */
long match_ataxx_max_moves(const struct game *g)
{
	int size = ataxx_cof(g)->size;

	return 10L * size * size + 100;
}

void match_ataxx_setup(const struct game *g, const char *size, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	(void)size; /* already applied to g */
	sb_printf(out, "boardsize %d\nlayout ", ag->size);
	ataxx_print_layout(&ag->layout, ag->size, out);
	sb_puts(out, "\nclear_board");
}

void match_ataxx_describe(const struct game *g, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	sb_printf(out, "%dx%d, layout ", ag->size, ag->size);
	ataxx_print_layout(&ag->layout, ag->size, out);
}
