/* Flood as a game: options, new games and the starting-player rule,
 * history and undo, the board text, showboard and scoring. */
#include "games/flood/flood.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/xalloc.h"

const char *const flood_color_names[FLOOD_MAX_COLORS + 1] = {
	"", "red", "green", "blue", "yellow", "purple", "orange", "cyan", "magenta", "teal",
};

const char *const flood_mode_names[] = { "two-player", "computer", NULL };

static const char *const flood_rule_names[] = { "standard", NULL };
static const char *const flood_human_names[] = { "black", "white", NULL };

static const struct game_option flood_options[] = {
	{ "colors", GAME_OPT_INT, FLOOD_MIN_COLORS, FLOOD_MAX_COLORS, NULL,
	  "colours on the board" },
	{ "width", GAME_OPT_INT, FLOOD_MIN_SIDE, FLOOD_MAX_SIDE, NULL, "a new game's width" },
	{ "height", GAME_OPT_INT, FLOOD_MIN_SIDE, FLOOD_MAX_SIDE, NULL, "a new game's height" },
	{ "mode", GAME_OPT_ENUM, 0, 0, flood_mode_names,
	  "two-player (the loser of the last move starts the next game) or computer" },
	{ "human", GAME_OPT_ENUM, 0, 0, flood_human_names,
	  "in computer mode, the colour the human plays (and starts with)" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

int flood_next_starter(const struct flood_game *fg)
{
	if (fg->mode == FLOOD_COMPUTER)
		return fg->human;
	if (fg->nmoves == 0)
		return fg->starter;
	return flood_other(fg->moves[fg->nmoves - 1].color);
}

void flood_begin(struct flood_game *fg, const uint64_t *black, const uint64_t *white,
		 int starter)
{
	fg->starter = starter ? starter : flood_next_starter(fg);
	if (black)
		flood_pos_setup(&fg->start, &fg->board, black, white, fg->starter);
	else
		flood_pos_init(&fg->start, &fg->board, fg->starter);
	flood_pos_copy(&fg->pos, &fg->start);
	fg->nmoves = 0;
}

void flood_new_game(struct flood_game *fg)
{
	flood_board_init(&fg->board, fg->width, fg->height, fg->ncolors);
	flood_board_randomize(&fg->board, &fg->base.rng);
	flood_begin(fg, NULL, NULL, 0);
}

int flood_set_dims(struct flood_game *fg, long width, long height, char *err, size_t errlen)
{
	if (width < FLOOD_MIN_SIDE || width > FLOOD_MAX_SIDE || height < FLOOD_MIN_SIDE ||
	    height > FLOOD_MAX_SIDE) {
		snprintf(err, errlen, "unacceptable size");
		return -1;
	}
	fg->width = (int)width;
	fg->height = (int)height;
	flood_new_game(fg);
	return 0;
}

int flood_set_colors(struct flood_game *fg, long ncolors, char *err, size_t errlen)
{
	if (ncolors < FLOOD_MIN_COLORS || ncolors > FLOOD_MAX_COLORS) {
		snprintf(err, errlen, "unacceptable colors");
		return -1;
	}
	fg->ncolors = (int)ncolors;
	flood_new_game(fg);
	return 0;
}

static struct game *flood_create(uint64_t seed)
{
	struct flood_game *fg = xcalloc(1, sizeof(*fg));

	fg->base.ops = &flood_ops;
	rng_seed(&fg->base.rng, seed);
	fg->width = fg->height = FLOOD_DEFAULT_SIDE;
	fg->ncolors = FLOOD_DEFAULT_COLORS;
	fg->mode = FLOOD_TWO_PLAYER;
	fg->human = COLOR_BLACK;
	fg->starter = COLOR_BLACK;
	fg->cap = 64;
	fg->moves = xmalloc(fg->cap * sizeof(*fg->moves));
	flood_new_game(fg);
	return &fg->base;
}

static struct game *flood_copy(const struct game *g)
{
	const struct flood_game *src = flood_cof(g);
	struct flood_game *fg = xmalloc(sizeof(*fg));

	*fg = *src;
	fg->moves = xmalloc(src->cap * sizeof(*fg->moves));
	memcpy(fg->moves, src->moves, src->nmoves * sizeof(*fg->moves));
	return &fg->base;
}

static void flood_destroy(struct game *g)
{
	struct flood_game *fg = flood_of(g);

	if (!fg)
		return;
	free(fg->moves);
	free(fg);
}

/* The index of word in a NULL-terminated list, or -1. */
static int word_index(const char *const *list, const char *word)
{
	for (int i = 0; list[i]; i++)
		if (!strcasecmp(list[i], word))
			return i;
	return -1;
}

static int flood_set_option(struct game *g, const char *key, const char *value, char *err,
			    size_t errlen)
{
	struct flood_game *fg = flood_of(g);
	long n = 0;
	int k = -1;

	if (!strcmp(key, "mode") && (k = word_index(flood_mode_names, value)) >= 0) {
		fg->mode = (enum flood_mode)k;
		return 0;
	}
	if (!strcmp(key, "human") && (k = word_index(flood_human_names, value)) >= 0) {
		fg->human = k == 0 ? COLOR_BLACK : COLOR_WHITE;
		return 0;
	}
	bool number = gtp_parse_int(value, -1000, 1000, &n) == 0;
	if (number && !strcmp(key, "colors"))
		return flood_set_colors(fg, n, err, errlen);
	if (number && !strcmp(key, "width"))
		return flood_set_dims(fg, n, fg->height, err, errlen);
	if (number && !strcmp(key, "height"))
		return flood_set_dims(fg, fg->width, n, err, errlen);
	snprintf(err, errlen, "bad flood option %s", key);
	return -1;
}

static int flood_set_size(struct game *g, const char *arg, char *err, size_t errlen)
{
	long size;

	int r = gtp_parse_size(arg, FLOOD_MIN_SIDE, FLOOD_MAX_SIDE, &size);

	if (r < 0) {
		snprintf(err, errlen, "%s", r == GTP_SIZE_RANGE ? "unacceptable size"
							: "boardsize not an integer");
		return -1;
	}
	return flood_set_dims(flood_of(g), size, size, err, errlen);
}

static void flood_clear(struct game *g)
{
	flood_new_game(flood_of(g));
}

static const char *flood_get_rules(const struct game *g)
{
	(void)g;
	return flood_rule_names[0];
}

static int flood_set_rules(struct game *g, const char *name, char *err, size_t errlen)
{
	(void)g;
	if (!strcmp(name, flood_rule_names[0]))
		return 0;
	snprintf(err, errlen, "unknown rules");
	return -1;
}

int flood_parse_paint(const struct flood_game *fg, const char *text, int *paint)
{
	long n;

	for (int c = 1; c <= fg->board.ncolors; c++)
		if (!strcasecmp(text, flood_color_names[c])) {
			*paint = c;
			return 0;
		}
	if (gtp_parse_int(text, 1, fg->board.ncolors, &n) < 0)
		return -1;
	*paint = (int)n;
	return 0;
}

/* A move is one of the board's colours, by number or name, or a square
 * (a vertex, as GoGui clicks one): its colour, or 0 when a player owns
 * it. The error
 * names the word and the board's colours, so that `play black 7` cannot be
 * read as a complaint about the player (that one is "invalid color"). */
static int flood_parse_move(const struct game *g, const char *text, int *move, char *err,
			    size_t errlen)
{
	const struct flood_game *fg = flood_cof(g);
	const struct flood_board *b = &fg->board;
	size_t used;
	int x, y;

	if (flood_parse_paint(fg, text, move) == 0)
		return 0;
	if (game_vertex_parse(text, b->width, b->height, &x, &y) == 0) {
		int i = flood_square(b, x, y);
		bool owned = flood_bit(flood_cown(&fg->pos, COLOR_BLACK), i) ||
			     flood_bit(flood_cown(&fg->pos, COLOR_WHITE), i);

		*move = owned ? 0 : b->color[i]; /* 0: no colour, which play refuses */
		return 0;
	}
	used = (size_t)snprintf(err, errlen, "unknown color %.20s (this board's: 1-%d or", text,
				b->ncolors);
	for (int c = 1; c <= b->ncolors && used < errlen; c++)
		used += (size_t)snprintf(err + used, errlen - used, " %s%s", flood_color_names[c],
					 c < b->ncolors ? "," : ")");
	return -1;
}

static void flood_print_move(const struct game *g, int move, struct strbuf *out)
{
	(void)g;
	sb_printf(out, "%d", move);
}

static void history_push(struct flood_game *fg, int color, int paint)
{
	if (fg->nmoves == fg->cap) {
		fg->cap *= 2;
		fg->moves = xrealloc(fg->moves, fg->cap * sizeof(*fg->moves));
	}
	fg->moves[fg->nmoves++] = (struct flood_move){ color, paint };
}

/* Why color may not move now, or NULL. */
static const char *cannot_move(const struct flood_game *fg, int color)
{
	if (fg->pos.over)
		return "game over";
	if (color != fg->pos.to_move)
		return "out of turn";
	if (fg->nmoves >= GAME_MAX_HISTORY)
		return "game too long"; /* a move that captures nothing is legal */
	return NULL;
}

int flood_play(struct flood_game *fg, int color, int paint, char *err, size_t errlen)
{
	const char *why = cannot_move(fg, color);

	if (!why && (paint < 1 || paint > fg->board.ncolors))
		why = "illegal move"; /* a square a player owns (flood_parse_move) */
	if (why) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	flood_pos_play(&fg->pos, &fg->board, paint);
	history_push(fg, color, paint);
	return 0;
}

static int flood_ops_play(struct game *g, int color, int move, char *err, size_t errlen)
{
	return flood_play(flood_of(g), color, move, err, errlen);
}

static int flood_undo(struct game *g, char *err, size_t errlen)
{
	struct flood_game *fg = flood_of(g);

	if (fg->nmoves == 0) {
		snprintf(err, errlen, "cannot undo");
		return -1;
	}
	/* Replay from the start: a move is a few shifts, undo is rare. */
	fg->nmoves--;
	flood_pos_copy(&fg->pos, &fg->start);
	for (size_t i = 0; i < fg->nmoves; i++)
		flood_pos_play(&fg->pos, &fg->board, fg->moves[i].paint);
	return 0;
}

static int flood_genmove(struct game *g, int color, const struct game_budget *budget, int *move,
			 char *err, size_t errlen)
{
	struct flood_game *fg = flood_of(g);
	const char *why = cannot_move(fg, color);

	if (why) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	*move = flood_choose(fg, budget);
	return flood_play(fg, color, *move, err, errlen);
}

static int flood_to_move(const struct game *g)
{
	return flood_cof(g)->pos.to_move;
}

static bool flood_is_over(const struct game *g)
{
	return flood_cof(g)->pos.over;
}

static const char *color_word(int color)
{
	return color == COLOR_BLACK ? "black" : "white";
}

/* SGF RE style: B+n, W+n or 0. */
static void print_result(const struct flood_pos *p, struct strbuf *out)
{
	int m = flood_margin(p);

	if (m == 0)
		sb_puts(out, "0");
	else
		sb_printf(out, "%c+%d", m > 0 ? 'B' : 'W', m > 0 ? m : -m);
}

/* ---- setup, history, result ---- */

/* Flood's setup: the colour count, the mode (with the human's colour,
 * which two-player mode keeps for later), then the start as board text
 * with its first player (loadboard), so an engine gets the very board of a
 * random game. */
static int flood_write_setup(const struct game *g, int side, struct strbuf *out, char *err,
			     size_t errlen)
{
	const struct flood_game *fg = flood_cof(g);

	(void)side, (void)err, (void)errlen; /* nothing hidden, always expressible */
	sb_printf(out, "colors %d\n", fg->board.ncolors);
	if (fg->mode == FLOOD_COMPUTER || fg->human != COLOR_BLACK)
		sb_printf(out, "mode computer %s\n", color_word(fg->human));
	if (fg->mode == FLOOD_TWO_PLAYER)
		sb_puts(out, "mode two-player\n");
	sb_puts(out, "loadboard ");
	flood_print_position(fg, &fg->start, out);
	sb_printf(out, " %s\n", color_word(fg->starter));
	return 0;
}

static void flood_history(const struct game *g, struct strbuf *out)
{
	const struct flood_game *fg = flood_cof(g);

	for (size_t i = 0; i < fg->nmoves; i++)
		game_history_line(g, fg->moves[i].color, fg->moves[i].paint, out);
}

/* A game ends when a player can gain nothing more; the other gets the
 * rest, and the squares are counted. */
static int flood_result(const struct game *g, struct game_result *r, char *err, size_t errlen)
{
	const struct flood_pos *p = &flood_cof(g)->pos;
	int m = flood_margin(p);

	if (!p->over) {
		snprintf(err, errlen, "game not over");
		return -1;
	}
	*r = (struct game_result){
		.winner = m > 0 ? COLOR_BLACK : m < 0 ? COLOR_WHITE : COLOR_NONE,
		.has_margin = true,
		.margin = abs(m),
		.reason = GAME_REASON_NO_MOVES,
		.unit = "square",
	};
	return 0;
}

/* The squares each side owns now. */
static void flood_standing(const struct game *g, struct game_result *r)
{
	int m = flood_margin(&flood_cof(g)->pos);

	*r = (struct game_result){
		.winner = m > 0 ? COLOR_BLACK : m < 0 ? COLOR_WHITE : COLOR_NONE,
		.has_margin = true,
		.margin = abs(m),
		.reason = GAME_REASON_SCORE,
	};
}

/* flood/WIDTHxHEIGHT/COLORS: flood/20x20/6. Boards are random, so the key
 * is their shape; mode and human say who starts, not how to play. */
static void flood_variant_key(const struct game *g, struct strbuf *out)
{
	const struct flood_board *b = &flood_cof(g)->board;

	sb_printf(out, "flood/%dx%d/%d", b->width, b->height, b->ncolors);
}

static void flood_describe(const struct game *g, struct strbuf *out)
{
	const struct flood_board *b = &flood_cof(g)->board;

	sb_printf(out, "%dx%d, %d colors", b->width, b->height, b->ncolors);
}

/* A capturing move takes at least one square; only moves that take
 * nothing can stretch a game, and no sensible engine plays many. */
static long flood_max_moves(const struct game *g)
{
	return 2L * flood_cof(g)->board.nsquares + 10;
}

/* The showboard character of square (x, y): B or W for a player's, else
 * the colour's number (as loadboard and play take it), so an owned square
 * never looks like a colour (B beside blue's b, as letters were). */
static char square_char(const struct flood_game *fg, int x, int y)
{
	const struct flood_board *b = &fg->board;
	int i = flood_square(b, x, y);

	if (flood_bit(flood_cown(&fg->pos, COLOR_BLACK), i))
		return 'B';
	if (flood_bit(flood_cown(&fg->pos, COLOR_WHITE), i))
		return 'W';
	return (char)('0' + b->color[i]);
}

/* The squares of each, then the status line, every game's (PROTOCOL.md,
 * "Whose turn"): the moves, the last one with its player (the colour's
 * number, as genmove answers, and its name), the player to move or the
 * result; then the colour key. */
static void render_footer(const struct flood_game *fg, struct strbuf *out)
{
	const struct flood_pos *p = &fg->pos;
	const struct flood_board *b = &fg->board;

	sb_printf(out, "black (B) %d, white (W) %d, free %d\n", p->count[COLOR_BLACK],
		  p->count[COLOR_WHITE], p->nfree);
	sb_printf(out, "moves %d", p->moves);
	if (fg->nmoves) {
		const struct flood_move *m = &fg->moves[fg->nmoves - 1];

		sb_printf(out, ", last %s %d (%s)", color_word(m->color), m->paint,
			  flood_color_names[m->paint]);
	}
	if (p->over) {
		sb_puts(out, ", game over: ");
		print_result(p, out);
	} else {
		sb_printf(out, ", %s to move", color_word(p->to_move));
	}
	sb_puts(out, "\ncolors:");
	for (int c = 1; c <= b->ncolors; c++)
		sb_printf(out, " %d %s%s", c, flood_color_names[c], c < b->ncolors ? "," : "");
}

static void flood_render(const struct game *g, struct strbuf *out)
{
	const struct flood_game *fg = flood_cof(g);
	const struct flood_board *b = &fg->board;

	sb_printf(out, "\nflood %dx%d, %d colors, %s mode\n", b->width, b->height, b->ncolors,
		  flood_mode_names[fg->mode]);
	for (int y = b->height - 1; y >= 0; y--) {
		for (int x = 0; x < b->width; x++)
			sb_printf(out, "%s%c", x ? " " : "", square_char(fg, x, y));
		sb_puts(out, "\n");
	}
	render_footer(fg, out);
}

/* ---- saves ---- */

/* width, height, colors (of the next random board), mode, human. */
static int flood_get_options(const struct game *g, struct game_option_value *out, int max)
{
	const struct flood_game *fg = flood_cof(g);
	char text[16];
	int n = 0;

	n = game_put_side(out, n, max, "width", fg->width);
	n = game_put_side(out, n, max, "height", fg->height);
	snprintf(text, sizeof(text), "%d", fg->ncolors);
	n = game_put_option(out, n, max, "colors", text);
	n = game_put_option(out, n, max, "mode", flood_mode_names[fg->mode]);
	n = game_put_option(out, n, max, "human", color_word(fg->human));
	return n < max ? n : max;
}

/* The position as board text (rows from the top, '/' between them; B and
 * W for owned squares, whose colours no longer matter: captures grow
 * through free squares only), then the colour count, the counts, the side
 * to move, whether it is over, the moves and who started:
 * "BW/34 4 black 1 white 1 free 2 next b over no moves 0 starter b". */
static void flood_position(const struct game *g, struct strbuf *out)
{
	const struct flood_game *fg = flood_cof(g);
	const struct flood_pos *p = &fg->pos;

	flood_print_position(fg, p, out);
	sb_printf(out, " %d", fg->board.ncolors);
	sb_printf(out, " black %d white %d free %d next %c over %s moves %d starter %c",
		  p->count[COLOR_BLACK], p->count[COLOR_WHITE], p->nfree,
		  p->to_move == COLOR_WHITE ? 'w' : 'b', p->over ? "yes" : "no", p->moves,
		  fg->starter == COLOR_WHITE ? 'w' : 'b');
}

/* The board for GoGui's rules extension: black's and white's squares as
 * their stones, the others painted their colour (the web page's). */
static int flood_board_view(const struct game *g, struct game_board *v, char *err,
			    size_t errlen)
{
	static const uint32_t rgb[FLOOD_MAX_COLORS + 1] = {
		0, 0xe53935, 0x43a047, 0x1e88e5, 0xfdd835, 0x8e24aa, 0xfb8c00, 0x00acc1,
		0xd81b60, 0x00796b,
	};
	const struct flood_game *fg = flood_cof(g);
	const struct flood_board *b = &fg->board;

	if (b->width > GAME_BOARD_MAX_SIDE || b->height > GAME_BOARD_MAX_SIDE) {
		snprintf(err, errlen, "no gogui board over %dx%d", GAME_BOARD_MAX_SIDE,
			 GAME_BOARD_MAX_SIDE);
		return -1;
	}
	game_board_init(v, b->width, b->height);
	v->npalette = b->ncolors;
	for (int c = 1; c <= b->ncolors; c++)
		v->palette[c - 1] = rgb[c];
	for (int y = 0; y < b->height; y++)
		for (int x = 0; x < b->width; x++) {
			int i = flood_square(b, x, y), at = game_board_at(v, x, y);

			if (flood_bit(flood_cown(&fg->pos, COLOR_BLACK), i))
				v->cell[at] = 'X';
			else if (flood_bit(flood_cown(&fg->pos, COLOR_WHITE), i))
				v->cell[at] = 'O';
			else
				v->paint[at] = b->color[i];
		}
	return 0;
}

const struct game_ops flood_ops = {
	.name = "flood",
	.random_start = true,
	.move_syntax = "a colour, by number (1 to the board's count of colours) "
		       "or by name (red, green, blue, yellow, purple, orange, ...)",
	.result_syntax = "once the game is over, B+N or W+N (N: how many more squares the "
			 "winner owns) or 0 for a draw; before, game not over",
	.commands = flood_commands,
	.rules = flood_rule_names,
	.algorithms = flood_algorithms,
	.options = flood_options,
	.create = flood_create,
	.copy = flood_copy,
	.destroy = flood_destroy,
	.set_option = flood_set_option,
	.set_size = flood_set_size,
	.clear = flood_clear,
	.get_rules = flood_get_rules,
	.set_rules = flood_set_rules,
	.parse_move = flood_parse_move,
	.print_move = flood_print_move,
	.play = flood_ops_play,
	.undo = flood_undo,
	.genmove = flood_genmove,
	.to_move = flood_to_move,
	.is_over = flood_is_over,
	.render = flood_render,
	.final_score = game_final_score,
	.write_setup = flood_write_setup,
	.history = flood_history,
	.result = flood_result,
	.standing = flood_standing,
	.variant_key = flood_variant_key,
	.describe = flood_describe,
	.max_moves = flood_max_moves,
	.get_options = flood_get_options,
	.position = flood_position,
	.search_scale = &flood_search_scale,
	.board_view = flood_board_view,
};
