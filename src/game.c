#include "game.h"

#include <string.h>

#include "games/go/go.h"
#include "games/flood/flood.h"
#include "games/ataxx/ataxx.h"
#include "games/mastermind/mastermind.h"
#include "games/gomoku/gomoku.h"

const struct game_ops *const game_table[] = {
	&go_ops,
	&flood_ops,
	&ataxx_ops,
	&mastermind_ops,
	&gomoku_ops,
	NULL,
};

/* Games quintet plans that are not in game_table yet. */
static const char *const game_planned[] = { NULL };

static const char *const reason_names[GAME_REASON_COUNT] = {
	[GAME_REASON_SCORE] = "score",
	[GAME_REASON_NO_MOVES] = "no-moves",
	[GAME_REASON_WIPEOUT] = "wipeout",
	[GAME_REASON_MOVE_RULE] = "move-rule",
	[GAME_REASON_SOLVED] = "solved",
	[GAME_REASON_UNSOLVED] = "unsolved",
	[GAME_REASON_FIVE] = "five",
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

bool game_is_planned(const char *name)
{
	if (game_find(name))
		return true;
	for (int i = 0; game_planned[i]; i++)
		if (strcmp(game_planned[i], name) == 0)
			return true;
	return false;
}

long game_max_moves(const struct game *g)
{
	return g->ops->max_moves ? g->ops->max_moves(g) : GAME_DEFAULT_MAX_MOVES;
}

void game_result_print(const struct game_result *r, struct strbuf *out)
{
	if (r->winner != COLOR_BLACK && r->winner != COLOR_WHITE) {
		sb_puts(out, "0");
		return;
	}
	sb_puts(out, r->winner == COLOR_BLACK ? "B+" : "W+");
	if (r->has_margin)
		sb_put_real(out, r->margin);
}

int game_final_score(const struct game *g, struct strbuf *out, char *err, size_t errlen)
{
	struct game_result r;

	if (g->ops->result(g, &r, err, errlen) < 0)
		return -1;
	game_result_print(&r, out);
	if (r.detail[0])
		sb_printf(out, " %s", r.detail);
	return 0;
}

const char *game_reason_name(enum game_reason reason)
{
	return (unsigned)reason < GAME_REASON_COUNT ? reason_names[reason] : "?";
}

void game_history_line(const struct game *g, int color, int move, struct strbuf *out)
{
	sb_puts(out, color == COLOR_WHITE ? "play w " : "play b ");
	g->ops->print_move(g, move, out);
	sb_puts(out, "\n");
}
