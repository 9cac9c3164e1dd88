/* Gomoku as a game: sizes and rules, history and undo, the end and the
 * result, showboard, and what saves and the referee ask (setup, history,
 * variant key, the SGF record). */
#include "games/gomoku/gomoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgf.h"
#include "util/xalloc.h"

static const struct game_option gomoku_options[] = {
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* Whether the game has ended after the last move, and who won: a winning
 * line of the last mover's, or no legal point for the side to move. */
static void judge(struct gomoku_game *gg)
{
	gg->over = false;
	gg->winner = COLOR_NONE;
	if (gg->nmoves > 0) {
		int last = gg->moves[gg->nmoves - 1];
		int color = gg->board.cell[last];

		if (gomoku_wins(&gg->board, gg->rules, color, last)) {
			gg->over = true;
			gg->winner = color;
			return;
		}
	}
	gg->over = !gomoku_can_move(&gg->board, gg->rules, gomoku_to_move(gg));
}

/* A new game or new rules: what the table knows no longer holds. Copies
 * that share it keep their reference. */
static void drop_table(struct gomoku_game *gg)
{
	search_tt_unref(gg->tt);
	gg->tt = NULL;
}

void gomoku_reset(struct gomoku_game *gg, int size)
{
	drop_table(gg);
	gomoku_board_init(&gg->board, size);
	gg->nmoves = 0;
	judge(gg);
}

int gomoku_parse_rules(const char *name, enum gomoku_rules *rules)
{
	for (int i = 0; i < GOMOKU_RULES_COUNT; i++)
		if (!strcmp(gomoku_rule_names[i], name)) {
			*rules = (enum gomoku_rules)i;
			return 0;
		}
	return -1;
}

void gomoku_set_rules(struct gomoku_game *gg, enum gomoku_rules rules)
{
	if (rules != gg->rules)
		drop_table(gg); /* forbidden points, and so results, change */
	gg->rules = rules;
	judge(gg);
}

/* Why color may not move now, or NULL. */
static const char *cannot_move(const struct gomoku_game *gg, int color)
{
	if (gg->over)
		return "game over";
	if (color != gomoku_to_move(gg))
		return "out of turn";
	return NULL;
}

int gomoku_play(struct gomoku_game *gg, int color, int p, char *err, size_t errlen)
{
	const char *why = cannot_move(gg, color);

	if (!why && !gomoku_is_legal(&gg->board, gg->rules, color, p))
		why = "illegal move";
	if (why) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (gg->nmoves == gg->cap) {
		gg->cap = gg->cap ? 2 * gg->cap : 64;
		gg->moves = xrealloc(gg->moves, gg->cap * sizeof(*gg->moves));
	}
	gomoku_board_put(&gg->board, p, color);
	gg->moves[gg->nmoves++] = p;
	judge(gg);
	return 0;
}

static struct game *gomoku_create(uint64_t seed)
{
	struct gomoku_game *gg = xcalloc(1, sizeof(*gg));

	gg->base.ops = &gomoku_ops;
	rng_seed(&gg->base.rng, seed);
	gg->rules = GOMOKU_FREESTYLE;
	gomoku_reset(gg, GOMOKU_DEFAULT_SIZE);
	return &gg->base;
}

static struct game *gomoku_copy(const struct game *g)
{
	const struct gomoku_game *src = gomoku_cof(g);
	struct gomoku_game *gg = xmalloc(sizeof(*gg));

	*gg = *src;
	gg->moves = src->cap ? xmalloc(src->cap * sizeof(*gg->moves)) : NULL;
	if (src->nmoves)
		memcpy(gg->moves, src->moves, src->nmoves * sizeof(*gg->moves));
	search_tt_ref(gg->tt);
	return &gg->base;
}

static void gomoku_destroy(struct game *g)
{
	struct gomoku_game *gg = gomoku_of(g);

	if (!gg)
		return;
	search_tt_unref(gg->tt);
	free(gg->moves);
	free(gg);
}

static int gomoku_set_option(struct game *g, const char *key, const char *value, char *err,
			     size_t errlen)
{
	(void)g, (void)value;
	snprintf(err, errlen, "bad gomoku option %s", key);
	return -1;
}

/* An optional sign, then one or more decimal digits and nothing else. */
static bool is_integer_text(const char *s)
{
	s += *s == '+' || *s == '-';
	return *s && s[strspn(s, "0123456789")] == '\0';
}

static int gomoku_set_size(struct game *g, const char *arg, char *err, size_t errlen)
{
	long size;

	if (gtp_parse_int(arg, -__LONG_MAX__, __LONG_MAX__, &size) < 0) {
		snprintf(err, errlen, "%s", is_integer_text(arg) ? "unacceptable size"
								  : "boardsize not an integer");
		return -1;
	}
	if (size < GOMOKU_MIN_SIZE || size > GOMOKU_MAX_SIZE) {
		snprintf(err, errlen, "unacceptable size");
		return -1;
	}
	gomoku_reset(gomoku_of(g), (int)size);
	return 0;
}

static void gomoku_clear(struct game *g)
{
	struct gomoku_game *gg = gomoku_of(g);

	gomoku_reset(gg, gg->board.size);
}

static const char *gomoku_get_rules(const struct game *g)
{
	return gomoku_rule_names[gomoku_cof(g)->rules];
}

static int gomoku_ops_set_rules(struct game *g, const char *name, char *err, size_t errlen)
{
	enum gomoku_rules rules;

	if (gomoku_parse_rules(name, &rules) < 0) {
		snprintf(err, errlen, "unknown rules");
		return -1;
	}
	gomoku_set_rules(gomoku_of(g), rules);
	return 0;
}

static int gomoku_parse_move(const struct game *g, const char *text, int *move, char *err,
			     size_t errlen)
{
	if (gomoku_parse_vertex(&gomoku_cof(g)->board, text, move) == 0)
		return 0;
	snprintf(err, errlen, "invalid coordinate");
	return -1;
}

static void gomoku_print_move(const struct game *g, int move, struct strbuf *out)
{
	gomoku_print_vertex(&gomoku_cof(g)->board, move, out);
}

static int gomoku_ops_play(struct game *g, int color, int move, char *err, size_t errlen)
{
	return gomoku_play(gomoku_of(g), color, move, err, errlen);
}

static int gomoku_undo(struct game *g, char *err, size_t errlen)
{
	struct gomoku_game *gg = gomoku_of(g);

	if (gg->nmoves == 0) {
		snprintf(err, errlen, "cannot undo");
		return -1;
	}
	gomoku_board_remove(&gg->board, gg->moves[--gg->nmoves]);
	judge(gg);
	return 0;
}

static int gomoku_genmove(struct game *g, int color, const struct game_budget *budget, int *move,
			  char *err, size_t errlen)
{
	struct gomoku_game *gg = gomoku_of(g);
	const char *why = cannot_move(gg, color);

	if (why) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	/* Not over, so the side to move has a legal point. */
	*move = gomoku_choose(gg, budget);
	return gomoku_play(gg, color, *move, err, errlen);
}

static long gomoku_ops_ponder(struct game *g, const struct game_budget *budget)
{
	return gomoku_ponder(gomoku_of(g), budget);
}

static int gomoku_ops_to_move(const struct game *g)
{
	return gomoku_to_move(gomoku_cof(g));
}

static bool gomoku_is_over(const struct game *g)
{
	return gomoku_cof(g)->over;
}

/* ---- showboard ---- */

static void render_columns(int size, struct strbuf *out)
{
	sb_puts(out, "  ");
	for (int col = 0; col < size; col++)
		sb_printf(out, " %c", gomoku_column_letter(col));
}

/* One row: its number, the points ("X", "O", "."), the last move framed
 * "(X)", the number again. */
static void render_row(const struct gomoku_game *gg, int row, struct strbuf *out)
{
	static const char stone[] = { '.', 'X', 'O' };
	const struct gomoku_board *b = &gg->board;
	int last = gg->nmoves ? gg->moves[gg->nmoves - 1] : -1;

	sb_printf(out, "\n%2d", row + 1);
	for (int col = 0; col < b->size; col++) {
		int p = gomoku_point(b, col, row);
		char sep = p == last ? '(' : col > 0 && p - 1 == last ? ')' : ' ';

		sb_printf(out, "%c%c", sep, stone[b->cell[p]]);
	}
	sb_printf(out, "%c%d", gomoku_point(b, b->size - 1, row) == last ? ')' : ' ', row + 1);
}

static const char *color_word(int color)
{
	return color == COLOR_BLACK ? "black" : "white";
}

/* The stones of each colour, then the status line, every game's
 * (PROTOCOL.md, "Whose turn"): the rules, the moves, the last one with its
 * colour, then the side to move or the result. */
static void render_footer(const struct gomoku_game *gg, struct strbuf *out)
{
	const struct gomoku_board *b = &gg->board;

	sb_puts(out, "\nblack (X) ");
	sb_put_count(out, b->count[GOMOKU_BLACK], "stone", "stones");
	sb_puts(out, ", white (O) ");
	sb_put_count(out, b->count[GOMOKU_WHITE], "stone", "stones");
	sb_puts(out, "\n");
	sb_printf(out, "rules %s, moves %zu", gomoku_rule_names[gg->rules], gg->nmoves);
	if (gg->nmoves) {
		int last = gg->moves[gg->nmoves - 1];

		sb_printf(out, ", last %s ", color_word(b->cell[last]));
		gomoku_print_vertex(b, last, out);
	}
	if (!gg->over)
		sb_printf(out, ", %s to move", color_word(gomoku_to_move(gg)));
	else if (gg->winner)
		sb_printf(out, ", game over: %s (five)", gg->winner == COLOR_BLACK ? "B+" : "W+");
	else
		sb_printf(out, ", game over: 0 (no legal point for %s)",
			  color_word(gomoku_to_move(gg)));
}

static void gomoku_render(const struct game *g, struct strbuf *out)
{
	const struct gomoku_game *gg = gomoku_cof(g);

	sb_puts(out, "\n");
	render_columns(gg->board.size, out);
	for (int row = gg->board.size - 1; row >= 0; row--)
		render_row(gg, row, out);
	sb_puts(out, "\n");
	render_columns(gg->board.size, out);
	render_footer(gg, out);
}

/* ---- setup, history, result, records ---- */

/* Gomoku's setup: the size (boardsize, then clear_board, which a GTP
 * engine may need after boardsize) and the rules. Games always start from
 * the empty board, and nothing is hidden. */
static int gomoku_write_setup(const struct game *g, int side, struct strbuf *out, char *err,
			      size_t errlen)
{
	const struct gomoku_game *gg = gomoku_cof(g);

	(void)side, (void)err, (void)errlen;
	sb_printf(out, "boardsize %d\nclear_board\nrules %s\n", gg->board.size,
		  gomoku_rule_names[gg->rules]);
	return 0;
}

static void gomoku_history(const struct game *g, struct strbuf *out)
{
	const struct gomoku_game *gg = gomoku_cof(g);

	for (size_t i = 0; i < gg->nmoves; i++)
		game_history_line(g, i % 2 ? COLOR_WHITE : COLOR_BLACK, gg->moves[i], out);
}

/* A winning line (B+ or W+, no margin), or a draw when the side to move
 * has no legal point. */
static int gomoku_result(const struct game *g, struct game_result *r, char *err, size_t errlen)
{
	const struct gomoku_game *gg = gomoku_cof(g);

	if (!gg->over) {
		snprintf(err, errlen, "game not over");
		return -1;
	}
	*r = (struct game_result){
		.winner = gg->winner,
		.reason = gg->winner ? GAME_REASON_FIVE : GAME_REASON_NO_MOVES,
	};
	return 0;
}

/* gomoku/SIZE/RULES: gomoku/15/freestyle, gomoku/15/renju. */
static void gomoku_variant_key(const struct game *g, struct strbuf *out)
{
	const struct gomoku_game *gg = gomoku_cof(g);

	sb_printf(out, "gomoku/%d/%s", gg->board.size, gomoku_rule_names[gg->rules]);
}

static void gomoku_describe(const struct game *g, struct strbuf *out)
{
	int n = gomoku_cof(g)->board.size;

	sb_printf(out, "%dx%d", n, n);
}

/* One stone a move and no pass: the board is full after size² moves. */
static long gomoku_max_moves(const struct game *g)
{
	int n = gomoku_cof(g)->board.size;

	return (long)n * n;
}

void gomoku_sgf_record(const struct gomoku_game *gg, struct sgf_record *rec)
{
	const struct gomoku_board *b = &gg->board;

	memset(rec, 0, sizeof(*rec));
	rec->game = SGF_GAME_GOMOKU;
	rec->size = b->size;
	rec->rules = xstrdup(gomoku_rule_names[gg->rules]);
	if (gg->over)
		rec->result = xstrdup(gg->winner == COLOR_BLACK   ? "B+"
				      : gg->winner == COLOR_WHITE ? "W+"
								  : "0");
	rec->items = xmalloc((gg->nmoves + 1) * sizeof(*rec->items));
	for (size_t i = 0; i < gg->nmoves; i++)
		rec->items[i] = (struct sgf_item){ SGF_PLAY, i % 2 ? COLOR_WHITE : COLOR_BLACK,
						   gomoku_col(b, gg->moves[i]),
						   gomoku_row(b, gg->moves[i]) };
	rec->nitems = gg->nmoves;
}

/* The game as SGF (GM[4]), with what info says (sgf_write_info). */
static char *gomoku_write_record(const struct game *g, const struct game_record_info *info)
{
	struct sgf_record rec;

	gomoku_sgf_record(gomoku_cof(g), &rec);
	free(rec.result);
	rec.result = info->result ? xstrdup(info->result) : NULL;
	char *text = sgf_write_info(&rec, info);
	sgf_record_free(&rec);
	return text;
}

/* The variant: the board side and the rules (the level is the session's). */
static int gomoku_get_options(const struct game *g, struct game_option_value *out, int max)
{
	const struct gomoku_game *gg = gomoku_cof(g);
	int n = 0;

	n = game_put_side(out, n, max, "size", gg->board.size);
	n = game_put_option(out, n, max, "rules", gomoku_rule_names[gg->rules]);
	return n < max ? n : max;
}

/* The rows from the top as . X O, then the side to move, the end and the
 * moves played: ".....|..X..|... b over - moves 1". */
static void gomoku_position(const struct game *g, struct strbuf *out)
{
	const struct gomoku_game *gg = gomoku_cof(g);
	const struct gomoku_board *b = &gg->board;
	static const char glyph[] = ".XO";

	for (int row = b->size - 1; row >= 0; row--) {
		for (int col = 0; col < b->size; col++)
			sb_printf(out, "%c", glyph[b->cell[gomoku_point(b, col, row)]]);
		sb_puts(out, row ? "|" : "");
	}
	sb_printf(out, " %c %s %s moves %zu", gg->nmoves % 2 ? 'w' : 'b',
		  gomoku_rule_names[gg->rules], !gg->over ? "on" : gg->winner == COLOR_BLACK ? "B"
								 : gg->winner == COLOR_WHITE ? "W" : "draw",
		  gg->nmoves);
}

/* The board for GoGui's rules extension: the stones, and under renju
 * black's forbidden points marked while the game goes on. */
static int gomoku_board_view(const struct game *g, struct game_board *v, char *err,
			     size_t errlen)
{
	static const char stone[] = { '.', 'X', 'O' };
	const struct gomoku_game *gg = gomoku_cof(g);
	const struct gomoku_board *b = &gg->board;
	int points[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE], n = 0;

	(void)err, (void)errlen; /* every Gomoku board fits GoGui's */
	game_board_init(v, b->size, b->size);
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++)
			v->cell[game_board_at(v, col, row)] =
				stone[b->cell[gomoku_point(b, col, row)]];
	if (!gg->over)
		n = gomoku_forbidden_points(b, gg->rules, points);
	for (int i = 0; i < n; i++)
		v->mark[game_board_at(v, gomoku_col(b, points[i]), gomoku_row(b, points[i]))] =
			GAME_MARK_CROSS;
	return 0;
}

const struct game_ops gomoku_ops = {
	.name = "gomoku",
	.move_syntax = "a vertex, a column letter (no I) and a row number (H8); there is no pass",
	.result_syntax = "once the game is over, B+ or W+ (a winning line, no margin) or 0 (a draw: "
			 "no point left to play); before, game not over",
	.commands = gomoku_commands,
	.rules = gomoku_rule_names,
	.algorithms = gomoku_algorithms,
	.options = gomoku_options,
	.create = gomoku_create,
	.copy = gomoku_copy,
	.destroy = gomoku_destroy,
	.set_option = gomoku_set_option,
	.set_size = gomoku_set_size,
	.clear = gomoku_clear,
	.get_rules = gomoku_get_rules,
	.set_rules = gomoku_ops_set_rules,
	.parse_move = gomoku_parse_move,
	.print_move = gomoku_print_move,
	.play = gomoku_ops_play,
	.undo = gomoku_undo,
	.genmove = gomoku_genmove,
	.ponder = gomoku_ops_ponder,
	.ponder_unit = "nodes",
	.to_move = gomoku_ops_to_move,
	.is_over = gomoku_is_over,
	.render = gomoku_render,
	.final_score = game_final_score,
	.write_setup = gomoku_write_setup,
	.history = gomoku_history,
	.result = gomoku_result,
	.variant_key = gomoku_variant_key,
	.describe = gomoku_describe,
	.max_moves = gomoku_max_moves,
	.record_ext = "sgf",
	.write_record = gomoku_write_record,
	.get_options = gomoku_get_options,
	.position = gomoku_position,
	.search_scale = &gomoku_search_scale,
	.board_view = gomoku_board_view,
};
