#include "games/ataxx/ataxx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static const char *const ataxx_rule_names[] = { "yinyang", "standard", NULL };
/* Level keys by algorithm (game.h, struct game_algorithm): hash sizes the
 * table of the analysis commands whatever the level's algorithm;
 * alphabeta reads its limits and randomness (ataxx_ai.c). No threads: the
 * search is one thread. */
static const char *const ataxx_instant_keys[] = { "hash", NULL };
static const char *const ataxx_alphabeta_keys[] = { "depth", "nodes", "time", "randomness",
						    "hash", "follow_clock", NULL };
static const struct game_algorithm ataxx_algorithms[] = {
	{ "random", ataxx_instant_keys },
	{ "greedy", ataxx_instant_keys },
	{ "alphabeta", ataxx_alphabeta_keys },
	{ NULL, NULL },
};
static const char *const ataxx_layout_names[] = {
	"corners", "corners 2", "rows 1", "rows 2", "rows 3", "rows 4", "rows 5", "rows 6",
	"rows 7", NULL,
};

static const struct game_option ataxx_options[] = {
	{ "layout", GAME_OPT_ENUM, 0, 0, ataxx_layout_names,
	  "a new game's start: corners, corners 2, or rows K on each side's edge" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

int ataxx_max_rows(int size)
{
	return size >= 6 ? (size - 2) / 2 : 1;
}

void ataxx_empty_position(int size, struct axw_pos *pos)
{
	memset(pos, 0, sizeof(*pos));
	pos->blocked = axw_not(axw_zero());
	for (int row = 0; row < size; row++)
		for (int col = 0; col < size; col++)
			pos->blocked = axw_andnot(pos->blocked, axw_bit(row * AXW_STRIDE + col));
	pos->fullmoves = 1;
	pos->size = (uint8_t)size;
}

static void put(struct axw_pos *pos, int side, int row, int col)
{
	pos->piece[side] = axw_or(pos->piece[side], axw_bit(row * AXW_STRIDE + col));
}

void ataxx_layout_position(int size, const struct ataxx_layout *layout, bool standard,
			   struct axw_pos *out)
{
	int top = size - 1;

	ataxx_empty_position(size, out);
	out->standard = standard;
	if (layout->kind == ATAXX_CORNERS && layout->k == 2) {
		put(out, 0, top, 0);
		put(out, 0, 0, top);
		put(out, 1, top, top);
		put(out, 1, 0, 0);
		return;
	}
	if (layout->kind == ATAXX_CORNERS) {
		put(out, 0, 0, 0);
		put(out, 1, top, top);
		return;
	}
	int k = layout->k < ataxx_max_rows(size) ? layout->k : ataxx_max_rows(size);
	for (int row = 0; row < k; row++)
		for (int col = 0; col < size; col++) {
			put(out, 0, row, col);
			put(out, 1, top - row, col);
		}
}

/* A new game or new rules: what the table knows no longer holds. Copies
 * that share it keep their reference. */
void ataxx_drop_table(struct ataxx_game *ag)
{
	search_tt_unref(ag->tt);
	ag->tt = NULL;
}

void ataxx_keep_table(struct ataxx_game *to, const struct ataxx_game *from)
{
	if (to == from || !from->tt || to->size != from->size || to->rules != from->rules ||
	    !axw_equal(to->pos.blocked, from->pos.blocked))
		return;
	ataxx_drop_table(to);
	to->tt = search_tt_ref(from->tt);
}

void ataxx_reset(struct ataxx_game *ag)
{
	ataxx_layout_position(ag->size, &ag->layout, ag->rules == ATAXX_STANDARD, &ag->setup);
	ag->pos = ag->setup;
	ag->nmoves = 0;
	ag->picked = -1;
	ag->npicks = 0;
	ataxx_drop_table(ag);
}

void ataxx_set_position(struct ataxx_game *ag, int size, const struct axw_pos *pos)
{
	ag->size = size;
	ag->setup = *pos;
	ag->setup.standard = ag->rules == ATAXX_STANDARD;
	ag->pos = ag->setup;
	ag->nmoves = 0;
	ag->picked = -1;
	ag->npicks = 0;
	ataxx_drop_table(ag);
}

bool ataxx_is_over(const struct ataxx_game *ag)
{
	return axw_is_over(&ag->pos);
}

struct axw_pos ataxx_pos_for(const struct ataxx_game *ag, int color)
{
	struct axw_pos p = ag->pos;

	p.turn = color == COLOR_WHITE;
	return p;
}

int ataxx_legal_moves(const struct ataxx_game *ag, int color, int *list)
{
	struct axw_pos p = ataxx_pos_for(ag, color);

	if (ataxx_is_over(ag))
		return 0;
	return axw_legal_moves(&p, list);
}

static void history_push(struct ataxx_game *ag, int color, int move)
{
	if (ag->nmoves == ag->cap) {
		ag->cap = ag->cap ? ag->cap * 2 : 128;
		ag->moves = xrealloc(ag->moves, ag->cap * sizeof(*ag->moves));
	}
	ag->moves[ag->nmoves++] = (struct ataxx_move){ color, move, ag->picked };
	ag->picked = -1; /* a move puts the piece picked up down */
}

/* Why color may not move now, or NULL; any_turn: whoever is to move. */
static const char *cannot_move(const struct ataxx_game *ag, int color, bool any_turn)
{
	if (ataxx_is_over(ag))
		return "game over";
	if (!any_turn && color != (ag->pos.turn ? COLOR_WHITE : COLOR_BLACK))
		return "out of turn";
	return NULL;
}

static int play(struct ataxx_game *ag, int color, int move, bool any_turn, char *err, size_t errlen)
{
	struct axw_pos p = ataxx_pos_for(ag, color);
	const char *why = cannot_move(ag, color, any_turn);

	if (why) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (!axw_is_legal(&p, move)) {
		snprintf(err, errlen, "illegal move");
		return -1;
	}
	if (ag->nmoves >= GAME_MAX_HISTORY) {
		snprintf(err, errlen, "game too long");
		return -1;
	}
	axw_make(&p, move);
	ag->pos = p;
	history_push(ag, color, move);
	return 0;
}

/* What a click (ataxx_click) does. */
enum click_kind {
	CLICK_MOVE,    /* play the move (a whole move, or a square resolved) */
	CLICK_PICK,    /* pick up the piece on the square */
	CLICK_DROP,    /* put down the piece picked up */
	CLICK_ILLEGAL, /* the mover's piece that cannot move */
};

/* What move by color means as a click now; *move becomes the move to
 * play for CLICK_MOVE (a jump from the piece picked up). */
static enum click_kind click_kind(const struct ataxx_game *ag, int color, int *move)
{
	struct axw_pos p = ataxx_pos_for(ag, color);
	int sq = *move & 0xff;
	bool to_move = color == (ag->pos.turn ? COLOR_WHITE : COLOR_BLACK);

	if (*move == AX_PASS || *move >> 8 != sq || ataxx_is_over(ag))
		return CLICK_MOVE; /* a whole move, or "game over": play judges it */
	if (axw_test(p.piece[p.turn], sq)) {
		if (!to_move)
			return CLICK_MOVE; /* ataxx_play: "out of turn" */
		if (sq == ag->picked)
			return CLICK_DROP;
		axw_bb reach = axw_and(axw_or(axw_near(sq), axw_far(sq)), axw_empty(&p));
		return axw_any(reach) ? CLICK_PICK : CLICK_ILLEGAL;
	}
	if (ag->picked >= 0 && to_move && axw_test(axw_far(ag->picked), sq))
		*move = ag->picked << 8 | sq;
	return CLICK_MOVE;
}

int ataxx_click(struct ataxx_game *ag, int color, int move, char *err, size_t errlen)
{
	enum click_kind kind = click_kind(ag, color, &move);

	if (kind == CLICK_MOVE)
		return ataxx_play(ag, color, move, err, errlen);
	if (kind == CLICK_ILLEGAL || ag->npicks >= GAME_MAX_HISTORY) {
		snprintf(err, errlen, "%s", kind == CLICK_ILLEGAL ? "illegal move" : "game too long");
		return -1;
	}
	if (ag->npicks == ag->picks_cap) {
		ag->picks_cap = ag->picks_cap ? ag->picks_cap * 2 : 16;
		ag->picks = xrealloc(ag->picks, ag->picks_cap * sizeof(*ag->picks));
	}
	ag->picks[ag->npicks++] = (struct ataxx_pick){ ag->nmoves, ag->picked };
	ag->picked = kind == CLICK_PICK ? (move & 0xff) : -1;
	return 0;
}

bool ataxx_click_is_legal(const struct ataxx_game *ag, int color, int move)
{
	struct axw_pos p = ataxx_pos_for(ag, color);

	switch (click_kind(ag, color, &move)) {
	case CLICK_PICK:
	case CLICK_DROP:
		return true;
	case CLICK_MOVE:
		return !ataxx_is_over(ag) && axw_is_legal(&p, move);
	default:
		return false;
	}
}

int ataxx_play(struct ataxx_game *ag, int color, int move, char *err, size_t errlen)
{
	return play(ag, color, move, false, err, errlen);
}

int ataxx_play_any_turn(struct ataxx_game *ag, int color, int move, char *err, size_t errlen)
{
	return play(ag, color, move, true, err, errlen);
}

int ataxx_parse_rules(const char *name, enum ataxx_rules *out)
{
	for (int i = 0; ataxx_rule_names[i]; i++)
		if (!strcmp(ataxx_rule_names[i], name)) {
			*out = (enum ataxx_rules)i;
			return 0;
		}
	return -1;
}

/* ----------------------------------------------------------- game_ops */

static int ataxx_ops_to_move(const struct game *g)
{
	return ataxx_cof(g)->pos.turn ? COLOR_WHITE : COLOR_BLACK;
}

static bool ataxx_ops_is_over(const struct game *g)
{
	return ataxx_is_over(ataxx_cof(g));
}

static struct game *ataxx_create(uint64_t seed)
{
	struct ataxx_game *ag = xcalloc(1, sizeof(*ag));

	ag->base.ops = &ataxx_ops;
	rng_seed(&ag->base.rng, seed);
	ag->size = ATAXX_DEFAULT_SIZE;
	ag->rules = ATAXX_YINYANG;
	ag->layout = (struct ataxx_layout){ ATAXX_ROWS, 2 };
	ataxx_reset(ag);
	return &ag->base;
}

static struct game *ataxx_copy(const struct game *g)
{
	const struct ataxx_game *src = ataxx_cof(g);
	struct ataxx_game *ag = xmalloc(sizeof(*ag));

	*ag = *src;
	ag->moves = src->cap ? xmalloc(src->cap * sizeof(*ag->moves)) : NULL;
	if (src->nmoves)
		memcpy(ag->moves, src->moves, src->nmoves * sizeof(*ag->moves));
	ag->picks = src->picks_cap ? xmalloc(src->picks_cap * sizeof(*ag->picks)) : NULL;
	if (src->npicks)
		memcpy(ag->picks, src->picks, src->npicks * sizeof(*ag->picks));
	search_tt_ref(ag->tt);
	return &ag->base;
}

static void ataxx_destroy(struct game *g)
{
	struct ataxx_game *ag = ataxx_of(g);

	if (!ag)
		return;
	search_tt_unref(ag->tt);
	free(ag->moves);
	free(ag->picks);
	free(ag);
}

/* Split a configured value ("rows 2") into at most 3 words in buf. */
static int split_words(const char *value, char *buf, size_t len, char **words)
{
	int n = 0;

	snprintf(buf, len, "%s", value);
	for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && n < 3;
	     w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	return n;
}

static int ataxx_set_option(struct game *g, const char *key, const char *value, char *err,
			    size_t errlen)
{
	struct ataxx_game *ag = ataxx_of(g);
	struct ataxx_layout layout;
	char buf[64], *words[3];

	if (strcmp(key, "layout") != 0) {
		snprintf(err, errlen, "bad ataxx option %s", key);
		return -1;
	}
	int n = split_words(value, buf, sizeof(buf), words);
	if (ataxx_parse_layout(n, words, 0, &layout, err, errlen) < 0)
		return -1;
	ag->layout = layout;
	ataxx_reset(ag);
	return 0;
}

static int ataxx_set_size(struct game *g, const char *arg, char *err, size_t errlen)
{
	struct ataxx_game *ag = ataxx_of(g);
	long size;

	int r = gtp_parse_size(arg, ATAXX_MIN_SIZE, ATAXX_MAX_SIZE, &size);

	if (r < 0) {
		snprintf(err, errlen, "%s", r == GTP_SIZE_RANGE ? "unacceptable size"
							: "boardsize not an integer");
		return -1;
	}
	ag->size = (int)size;
	ataxx_reset(ag);
	return 0;
}

static void ataxx_clear(struct game *g)
{
	ataxx_reset(ataxx_of(g));
}

static const char *ataxx_get_rules(const struct game *g)
{
	return ataxx_rule_names[ataxx_cof(g)->rules];
}

static int ataxx_set_rules(struct game *g, const char *name, char *err, size_t errlen)
{
	struct ataxx_game *ag = ataxx_of(g);
	enum ataxx_rules rules;

	if (ataxx_parse_rules(name, &rules) < 0) {
		snprintf(err, errlen, "unknown rules");
		return -1;
	}
	if (ag->rules != rules)
		ataxx_drop_table(ag); /* terminal scores change */
	ag->rules = rules;
	ag->setup.standard = ag->pos.standard = rules == ATAXX_STANDARD;
	return 0;
}

static int ataxx_ops_parse_move(const struct game *g, const char *text, int *move, char *err,
				size_t errlen)
{
	return ataxx_parse_move(ataxx_cof(g)->size, text, move, err, errlen);
}

static void ataxx_ops_print_move(const struct game *g, int move, struct strbuf *out)
{
	(void)g;
	ataxx_print_move(move, false, out);
}

static int ataxx_ops_play(struct game *g, int color, int move, char *err, size_t errlen)
{
	return ataxx_play(ataxx_of(g), color, move, err, errlen);
}

static int ataxx_ops_click(struct game *g, int color, int move, char *err, size_t errlen)
{
	return ataxx_click(ataxx_of(g), color, move, err, errlen);
}

static int ataxx_play_saved(struct game *g, int color, int move, char *err, size_t errlen)
{
	return ataxx_play_any_turn(ataxx_of(g), color, move, err, errlen);
}

static int ataxx_undo(struct game *g, char *err, size_t errlen)
{
	struct ataxx_game *ag = ataxx_of(g);

	/* One click at a time: the last click that picked up or put down,
	 * else the last move, with the piece picked up before it. */
	if (ag->npicks && ag->picks[ag->npicks - 1].at == ag->nmoves) {
		ag->picked = ag->picks[--ag->npicks].before;
		return 0;
	}
	if (ag->nmoves == 0) {
		snprintf(err, errlen, "cannot undo");
		return -1;
	}
	/* Replay from the setup: moves are cheap and undo is rare. */
	ag->nmoves--;
	ag->picked = ag->moves[ag->nmoves].picked;
	ag->pos = ag->setup;
	ag->pos.standard = ag->rules == ATAXX_STANDARD;
	for (size_t i = 0; i < ag->nmoves; i++) {
		ag->pos.turn = ag->moves[i].color == COLOR_WHITE;
		axw_make(&ag->pos, ag->moves[i].move);
	}
	return 0;
}

static int ataxx_genmove(struct game *g, int color, const struct game_budget *budget,
			 int *move, char *err, size_t errlen)
{
	struct ataxx_game *ag = ataxx_of(g);
	const char *why = cannot_move(ag, color, false);

	if (why) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	struct axw_pos p = ataxx_pos_for(ag, color);
	if (ataxx_choose(ag, &p, budget, move, err, errlen) < 0)
		return -1;
	return ataxx_play(ag, color, *move, err, errlen);
}

static char square_char(const struct axw_pos *p, int sq)
{
	return axw_test(p->piece[0], sq) ? 'x' : axw_test(p->piece[1], sq) ? 'o'
						: axw_test(p->blocked, sq)  ? '-' : '.';
}

static void render_columns(int size, struct strbuf *out)
{
	sb_puts(out, "   ");
	for (int col = 0; col < size; col++)
		sb_printf(out, "%c%s", 'a' + col, col + 1 < size ? " " : "");
}

static void print_result(int outcome, struct strbuf *out)
{
	if (outcome == 0)
		sb_puts(out, "0");
	else
		sb_printf(out, "%c+%d", outcome > 0 ? 'B' : 'W', abs(outcome));
}

/* The status line, every game's (PROTOCOL.md, "Whose turn"): the moves
 * since the start or loadfen, the last one with its colour, then the side
 * to move or the result. */
static void render_status(const struct ataxx_game *ag, struct strbuf *out)
{
	sb_printf(out, "moves %zu", ag->nmoves);
	if (ag->nmoves) {
		const struct ataxx_move *m = &ag->moves[ag->nmoves - 1];

		sb_printf(out, ", last %s ", m->color == COLOR_WHITE ? "white" : "black");
		ataxx_print_move(m->move, false, out);
	}
	if (ataxx_is_over(ag)) {
		sb_puts(out, ", game over: ");
		print_result(axw_outcome(&ag->pos), out);
	} else {
		sb_printf(out, ", %s to move", ag->pos.turn ? "white" : "black");
	}
}

static void ataxx_render(const struct game *g, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);
	const struct axw_pos *p = &ag->pos;

	sb_puts(out, "\n");
	render_columns(ag->size, out);
	for (int row = ag->size - 1; row >= 0; row--) {
		int first = row * AXW_STRIDE, last = first + ag->size - 1;

		/* A piece picked up (ataxx_click) is framed: [x]. */
		sb_printf(out, "\n%2d", row + 1);
		for (int sq = first; sq <= last; sq++)
			sb_printf(out, "%c%c",
				  sq == ag->picked ? '[' : sq > first && sq - 1 == ag->picked ? ']' : ' ',
				  square_char(p, sq));
		sb_printf(out, "%c%d", last == ag->picked ? ']' : ' ', row + 1);
	}
	sb_puts(out, "\n");
	render_columns(ag->size, out);
	sb_printf(out, "\nblack (x) %d, white (o) %d\n", axw_count(p->piece[0]),
		  axw_count(p->piece[1]));
	render_status(ag, out);
}

/* ---- setup, history, result ---- */

static bool same_pos(const struct axw_pos *a, const struct axw_pos *b)
{
	return axw_equal(a->piece[0], b->piece[0]) && axw_equal(a->piece[1], b->piece[1]) &&
	       axw_equal(a->blocked, b->blocked) && a->turn == b->turn &&
	       a->halfmoves == b->halfmoves && a->fullmoves == b->fullmoves;
}

/* Whether the game began from its layout (else from loadfen). */
static bool starts_from_layout(const struct ataxx_game *ag)
{
	struct axw_pos start;

	ataxx_layout_position(ag->size, &ag->layout, ag->rules == ATAXX_STANDARD, &start);
	return same_pos(&start, &ag->setup);
}

/* Ataxx's setup: size, layout and rules, then the start as a FEN when it
 * is not the layout's (loadfen). */
static int ataxx_write_setup(const struct game *g, int side, struct strbuf *out, char *err,
			     size_t errlen)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	(void)side, (void)err, (void)errlen; /* nothing hidden, always expressible */
	sb_printf(out, "boardsize %d\nlayout ", ag->size);
	ataxx_print_layout(&ag->layout, ag->size, out);
	sb_printf(out, "\nrules %s\n", ataxx_rule_names[ag->rules]);
	if (!starts_from_layout(ag)) {
		sb_puts(out, "loadfen ");
		ataxx_print_fen(&ag->setup, ag->size, out);
		sb_puts(out, "\n");
	}
	return 0;
}

static void ataxx_history(const struct game *g, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	for (size_t i = 0; i < ag->nmoves; i++)
		game_history_line(g, ag->moves[i].color, ag->moves[i].move, out);
}

/* Why a finished game ended: yinyang, by a side stuck with empty squares
 * left (they go to the other side), else by a full board; standard, by a
 * side without pieces, by no empty square in reach (pieces counted), or
 * by the 50-move rule (a draw). */
static enum game_reason end_reason(const struct axw_pos *p)
{
	if (!p->standard)
		return axw_any(axw_empty(p)) ? GAME_REASON_NO_MOVES : GAME_REASON_SCORE;
	if (!axw_any(p->piece[0]) || !axw_any(p->piece[1]))
		return GAME_REASON_WIPEOUT;
	return axw_is_over_stuck(p) ? GAME_REASON_SCORE : GAME_REASON_MOVE_RULE;
}

static int ataxx_result(const struct game *g, struct game_result *r, char *err, size_t errlen)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	if (!ataxx_is_over(ag)) {
		snprintf(err, errlen, "game not over");
		return -1;
	}
	int outcome = axw_outcome(&ag->pos);
	*r = (struct game_result){
		.winner = outcome > 0 ? COLOR_BLACK : outcome < 0 ? COLOR_WHITE : COLOR_NONE,
		.has_margin = true,
		.margin = abs(outcome),
		.reason = end_reason(&ag->pos),
		.unit = ag->pos.standard ? "piece" : "square",
	};
	return 0;
}

/* ataxx/SIZE/RULES/START: START is the layout without its space (corners1,
 * corners2, rowsK with K as the size allows), or fen for a game begun by
 * loadfen: ataxx/7/yinyang/rows2, ataxx/7/standard/corners2. */
static void ataxx_variant_key(const struct game *g, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);
	int max = ataxx_max_rows(ag->size);

	sb_printf(out, "ataxx/%d/%s/", ag->size, ataxx_rule_names[ag->rules]);
	if (!starts_from_layout(ag))
		sb_puts(out, "fen");
	else if (ag->layout.kind == ATAXX_CORNERS)
		sb_printf(out, "corners%d", ag->layout.k);
	else
		sb_printf(out, "rows%d", ag->layout.k < max ? ag->layout.k : max);
}

static void ataxx_describe(const struct game *g, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	sb_printf(out, "%dx%d, layout ", ag->size, ag->size);
	ataxx_print_layout(&ag->layout, ag->size, out);
	if (!starts_from_layout(ag))
		sb_puts(out, ", from a FEN");
}

/* Every clone fills a square, but jumps do not: yinyang has no 50-move
 * rule, and random players can jump about for long. Ten moves a square
 * only stops games that go nowhere. */
static long ataxx_max_moves(const struct game *g)
{
	int size = ataxx_cof(g)->size;

	return 10L * size * size + 100;
}

/* A PGN tag pair with '"' and '\' escaped (PGN's string rule). */
static void pgn_tag(struct strbuf *out, const char *name, const char *value)
{
	sb_printf(out, "[%s \"", name);
	for (const char *p = value ? value : "?"; *p; p++) {
		if (*p == '"' || *p == '\\')
			sb_puts(out, "\\");
		if (*p != '\n')
			sb_append(out, p, 1);
	}
	sb_puts(out, "\"]\n");
}

/* PGN's result of an SGF-style result: x (black) first, as cuteataxx. */
static const char *pgn_result(const char *result)
{
	if (!result || !*result)
		return "*";
	if (result[0] == 'B')
		return "1-0";
	if (result[0] == 'W')
		return "0-1";
	return !strcmp(result, "0") ? "1/2-1/2" : "*";
}

/* PGN TimeControl: "60+0.5" for a clock, "1/5" (a move in 5 s) for a time
 * per move, "-" for none. PGN has no byo-yomi: "?" (unknown to PGN), and
 * the clock in quintet-match's spelling in a tag of its own, ByoYomi
 * "5+3x1" (5 s main time, 3 periods of 1 s). */
static void pgn_time_control(const struct game_record_info *info, struct strbuf *out)
{
	struct strbuf tc = STRBUF_INIT;

	if (info->byo_periods > 0) {
		sb_put_real(&tc, info->main_time);
		sb_printf(&tc, "+%dx", info->byo_periods);
		sb_put_real(&tc, info->byo_time);
		pgn_tag(out, "TimeControl", "?");
		pgn_tag(out, "ByoYomi", sb_str(&tc));
		sb_free(&tc);
		return;
	}
	if (info->main_time > 0) {
		sb_put_real(&tc, info->main_time);
		sb_puts(&tc, "+");
		sb_put_real(&tc, info->increment);
	} else if (info->move_time > 0) {
		sb_puts(&tc, "1/");
		sb_put_real(&tc, info->move_time);
	} else {
		sb_puts(&tc, "-");
	}
	pgn_tag(out, "TimeControl", sb_str(&tc));
	sb_free(&tc);
}

/* The record as PGN with cuteataxx's tags (Event, Site, Date, Round,
 * Black, White, Result, FEN, FinalFEN, Adjudicated, Winner, Loser,
 * PlyCount, Material) and TimeControl; moves as UAI writes them (a pass
 * is 0000), numbered from the start position's side to move. */
static char *ataxx_write_record(const struct game *g, const struct game_record_info *info)
{
	const struct ataxx_game *ag = ataxx_cof(g);
	const char *result = pgn_result(info->result);
	struct strbuf out = STRBUF_INIT, text = STRBUF_INIT;

	pgn_tag(&out, "Event", info->event);
	pgn_tag(&out, "Site", "quintet-match");
	if (info->date)
		sb_printf(&text, "%s%s%s", info->date, info->time_of_day ? " " : "",
			  info->time_of_day ? info->time_of_day : "");
	pgn_tag(&out, "Date", info->date ? sb_str(&text) : "?");
	sb_reset(&text);
	sb_printf(&text, "%d", info->round);
	pgn_tag(&out, "Round", info->round > 0 ? sb_str(&text) : "?");
	pgn_tag(&out, "Black", info->black);
	pgn_tag(&out, "White", info->white);
	pgn_tag(&out, "Result", result);
	sb_reset(&text);
	ataxx_print_fen(&ag->setup, ag->size, &text);
	pgn_tag(&out, "FEN", sb_str(&text));
	sb_reset(&text);
	ataxx_print_fen(&ag->pos, ag->size, &text);
	pgn_tag(&out, "FinalFEN", sb_str(&text));
	if (info->adjudication)
		pgn_tag(&out, "Adjudicated", info->adjudication);
	if (!strcmp(result, "1-0") || !strcmp(result, "0-1")) {
		bool black = !strcmp(result, "1-0");
		pgn_tag(&out, "Winner", black ? info->black : info->white);
		pgn_tag(&out, "Loser", black ? info->white : info->black);
	}
	sb_reset(&text);
	sb_printf(&text, "%zu", ag->nmoves);
	pgn_tag(&out, "PlyCount", sb_str(&text));
	int material = axw_count(ag->pos.piece[0]) - axw_count(ag->pos.piece[1]);
	sb_reset(&text);
	sb_printf(&text, "%+d", material);
	pgn_tag(&out, "Material", sb_str(&text));
	pgn_time_control(info, &out);
	sb_puts(&out, "\n");
	size_t ply = ag->setup.turn ? 1 : 0;
	if (ply)
		sb_puts(&out, "1... ");
	for (size_t i = 0; i < ag->nmoves; i++, ply++) {
		if (ply % 2 == 0)
			sb_printf(&out, "%zu. ", ply / 2 + 1);
		ataxx_print_move(ag->moves[i].move, true, &out);
		sb_puts(&out, " ");
	}
	sb_printf(&out, "%s\n", result);
	sb_free(&text);
	return out.buf;
}

/* The pieces now, x's less o's (empty squares count for nobody). */
static void ataxx_standing(const struct game *g, struct game_result *r)
{
	const struct ataxx_game *ag = ataxx_cof(g);
	int diff = axw_count(ag->pos.piece[0]) - axw_count(ag->pos.piece[1]);

	*r = (struct game_result){
		.winner = diff > 0 ? COLOR_BLACK : diff < 0 ? COLOR_WHITE : COLOR_NONE,
		.has_margin = true,
		.margin = abs(diff),
		.reason = GAME_REASON_SCORE,
	};
}

/* The notation of the game's start: its FEN (a tool sends the moves
 * played since after it). */
static void ataxx_notation(const struct game *g, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	ataxx_print_fen(&ag->setup, ag->size, out);
}

/* ---- saves ---- */

/* size, layout, rules: the order write_setup gives them. */
static int ataxx_get_options(const struct game *g, struct game_option_value *out, int max)
{
	const struct ataxx_game *ag = ataxx_cof(g);
	struct strbuf layout = STRBUF_INIT;
	int n = 0;

	ataxx_print_layout(&ag->layout, ag->size, &layout);
	n = game_put_side(out, n, max, "size", ag->size);
	n = game_put_option(out, n, max, "layout", sb_str(&layout));
	n = game_put_option(out, n, max, "rules", ataxx_rule_names[ag->rules]);
	sb_free(&layout);
	return n < max ? n : max;
}

/* The current position as a FEN (pieces, side to move, half-move and
 * full-move counters), then the rules it is played under and the moves
 * played: "x5o/7/7/7/7/7/o5x x 0 1 yinyang moves 0". */
static void ataxx_position(const struct game *g, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_cof(g);

	ataxx_print_fen(&ag->pos, ag->size, out);
	sb_printf(out, " %s moves %zu", ag->pos.standard ? "standard" : "yinyang", ag->nmoves);
}

/* The board for GoGui's rules extension: the pieces, the gaps as holes,
 * and a piece picked up (ataxx_click) marked with its destinations: a
 * cross where it clones, a triangle where it jumps. GoGui writes column 9
 * J, where Ataxx writes i: boards up to 8x8 only. */
static int ataxx_board_view(const struct game *g, struct game_board *v, char *err,
			    size_t errlen)
{
	const struct ataxx_game *ag = ataxx_cof(g);
	const struct axw_pos *p = &ag->pos;
	static const char shown[] = { ['x'] = 'X', ['o'] = 'O', ['-'] = '?', ['.'] = '.' };

	if (ag->size > 8) {
		snprintf(err, errlen, "no gogui board over 8x8 (gogui skips column i)");
		return -1;
	}
	game_board_init(v, ag->size, ag->size);
	for (int row = 0; row < ag->size; row++)
		for (int col = 0; col < ag->size; col++) {
			int sq = row * AXW_STRIDE + col, at = game_board_at(v, col, row);

			v->cell[at] = shown[(unsigned char)square_char(p, sq)];
			if (ag->picked < 0 || !axw_test(axw_empty(p), sq))
				continue;
			if (axw_test(axw_near(ag->picked), sq))
				v->mark[at] = GAME_MARK_CROSS;
			else if (axw_test(axw_far(ag->picked), sq))
				v->mark[at] = GAME_MARK_TRIANGLE;
		}
	if (ag->picked >= 0)
		v->mark[game_board_at(v, axw_col(ag->picked), axw_row(ag->picked))] =
			GAME_MARK_SQUARE;
	return 0;
}

const struct game_ops ataxx_ops = {
	.name = "ataxx",
	.move_syntax = "a clone is the empty square it fills (c3), a jump its from and to squares "
		       "(a1c3); pass (or 0000) only for a side with no move",
	.result_syntax = "once the game is over, B+N or W+N (N squares or pieces more, as the "
			 "rules in force count them) or 0 for a draw; before, game not over",
	.commands = ataxx_commands,
	.rules = ataxx_rule_names,
	.algorithms = ataxx_algorithms,
	.options = ataxx_options,
	.set_option = ataxx_set_option,
	.create = ataxx_create,
	.copy = ataxx_copy,
	.destroy = ataxx_destroy,
	.set_size = ataxx_set_size,
	.clear = ataxx_clear,
	.get_rules = ataxx_get_rules,
	.set_rules = ataxx_set_rules,
	.parse_move = ataxx_ops_parse_move,
	.print_move = ataxx_ops_print_move,
	.play = ataxx_ops_play,
	.click = ataxx_ops_click,
	.play_saved = ataxx_play_saved,
	.undo = ataxx_undo,
	.genmove = ataxx_genmove,
	.parse_color = ataxx_parse_color,
	.to_move = ataxx_ops_to_move,
	.is_over = ataxx_ops_is_over,
	.render = ataxx_render,
	.final_score = game_final_score,
	.write_setup = ataxx_write_setup,
	.history = ataxx_history,
	.result = ataxx_result,
	.variant_key = ataxx_variant_key,
	.describe = ataxx_describe,
	.max_moves = ataxx_max_moves,
	.get_options = ataxx_get_options,
	.position = ataxx_position,
	.record_ext = "pgn",
	.write_record = ataxx_write_record,
	.notation = ataxx_notation,
	.standing = ataxx_standing,
	.search_scale = &ataxx_search_scale,
	.board_view = ataxx_board_view,
};
