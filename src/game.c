#include "game.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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
		if (strcasecmp(game_table[i]->name, name) == 0)
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

int game_parse_color(const struct game *g, const char *text)
{
	int color = gtp_parse_color(text);

	if (!color && g->ops->parse_color)
		color = g->ops->parse_color(text);
	return color;
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

int game_play_click(struct game *g, int color, int move, char *err, size_t errlen)
{
	if (g->ops->click)
		return g->ops->click(g, color, move, err, errlen);
	return g->ops->play(g, color, move, err, errlen);
}

void game_board_init(struct game_board *b, int width, int height)
{
	b->width = width;
	b->height = height;
	memset(b->cell, '.', sizeof(b->cell));
	memset(b->paint, 0, sizeof(b->paint));
	memset(b->mark, GAME_MARK_NONE, sizeof(b->mark));
	b->npalette = 0;
}

/* Go's column letters: I is left out, as it looks like J and 1. */
static const char vertex_letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
#define VERTEX_LETTERS ((int)sizeof(vertex_letters) - 1)

void game_vertex_print(int x, int y, struct strbuf *out)
{
	if (x >= VERTEX_LETTERS)
		sb_printf(out, "%c", vertex_letters[x / VERTEX_LETTERS - 1]);
	sb_printf(out, "%c%d", vertex_letters[x % VERTEX_LETTERS], y + 1);
}

/* The number of a column letter (any case), or -1. */
static int vertex_letter(char c)
{
	const char *at = c ? strchr(vertex_letters, toupper((unsigned char)c)) : NULL;

	return at ? (int)(at - vertex_letters) : -1;
}

int game_vertex_parse(const char *text, int width, int height, int *x, int *y)
{
	int col = vertex_letter(text[0]), n = 1, row = 0;

	if (col < 0)
		return -1;
	if (vertex_letter(text[1]) >= 0)
		col = (col + 1) * VERTEX_LETTERS + vertex_letter(text[n++]);
	if (text[n] < '1' || text[n] > '9')
		return -1; /* no row, a sign or a leading zero */
	for (; text[n] >= '0' && text[n] <= '9'; n++) {
		row = row * 10 + text[n] - '0';
		if (row > height)
			return -1;
	}
	if (text[n] || col >= width)
		return -1;
	*x = col;
	*y = row - 1;
	return 0;
}

void game_history_line(const struct game *g, int color, int move, struct strbuf *out)
{
	sb_puts(out, color == COLOR_WHITE ? "play w " : "play b ");
	g->ops->print_move(g, move, out);
	sb_puts(out, "\n");
}

int game_put_option(struct game_option_value *out, int n, int max, const char *key,
		    const char *value)
{
	if (n >= 0 && n < max) {
		snprintf(out[n].key, sizeof(out[n].key), "%s", key);
		snprintf(out[n].value, sizeof(out[n].value), "%s", value);
		out[n].side = false;
	}
	return n + 1;
}

int game_put_side(struct game_option_value *out, int n, int max, const char *key, int side)
{
	char text[16];

	snprintf(text, sizeof(text), "%d", side);
	game_put_option(out, n, max, key, text);
	if (n >= 0 && n < max)
		out[n].side = true;
	return n + 1;
}

const struct game_option *game_option_find(const struct game_ops *ops, const char *key)
{
	for (const struct game_option *o = ops->options; o && o->key; o++)
		if (!strcmp(o->key, key))
			return o;
	return NULL;
}

int game_option_check(const struct game_option *o, const char *value, char *err,
		      size_t errlen)
{
	long n;
	double x;

	switch (o->type) {
	case GAME_OPT_INT:
		if (gtp_parse_int(value, (long)o->min, (long)o->max, &n) == 0)
			return 0;
		snprintf(err, errlen, "expected an integer from %ld to %ld, got \"%s\"",
			 (long)o->min, (long)o->max, value);
		return -1;
	case GAME_OPT_REAL:
		if (gtp_parse_double(value, &x) == 0 && x >= o->min && x <= o->max)
			return 0;
		snprintf(err, errlen, "expected a number from %g to %g, got \"%s\"", o->min,
			 o->max, value);
		return -1;
	case GAME_OPT_BOOL:
		if (!strcmp(value, "true") || !strcmp(value, "false"))
			return 0;
		snprintf(err, errlen, "expected true or false, got \"%s\"", value);
		return -1;
	case GAME_OPT_ENUM:
		for (int i = 0; o->choices && o->choices[i]; i++)
			if (!strcmp(o->choices[i], value))
				return 0;
		snprintf(err, errlen, "\"%s\" is not one of its choices", value);
		return -1;
	}
	snprintf(err, errlen, "unknown option type");
	return -1;
}

uint64_t game_digest(const struct game *g)
{
	struct strbuf text = STRBUF_INIT;
	uint64_t h = 14695981039346656037ULL;

	g->ops->position(g, &text);
	for (size_t i = 0; i < text.len; i++)
		h = (h ^ (unsigned char)text.buf[i]) * 1099511628211ULL;
	sb_free(&text);
	return h;
}

void game_level_cap_nodes(struct game_level *level, long max_nodes)
{
	if (max_nodes <= 0)
		return;
	if (level->nodes <= 0 || level->nodes > max_nodes)
		level->nodes = max_nodes;
	if (level->playouts <= 0 || level->playouts > max_nodes)
		level->playouts = max_nodes;
}
