#include "games/go/go.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/go/go_ai.h"
#include "games/go/go_mcts.h"
#include "games/go/go_rules.h"
#include "sgf.h"
#include "util/xalloc.h"

#define GO_DEFAULT_SIZE 19
#define GO_DEFAULT_KOMI 7.5
#define GO_COLUMNS "ABCDEFGHJKLMNOPQRSTUVWXYZ"

static const char *const go_rule_names[] = { "chinese", "superko", "tromp-taylor", "japanese",
					     NULL };
/* A hard limit below this many seconds gets the light policy's move (a
 * random legal move that fills no own eye) instead of a search. */
#define GO_MIN_SEARCH_SECONDS 0.005

/* Level keys by algorithm (game.h, struct game_algorithm). Whatever the
 * level's algorithm, the analysis commands search the tree with its
 * threads and memory, quintet_ownership, _winrates and _pv at its budget
 * too (playouts, time; go_analyze.c), and the status estimate with its
 * memory (go_status.c); montecarlo reads randomness besides (go_ai.c); the
 * tree search resign and ponder (go_mcts.c, go_ponder). */
static const char *const go_random_keys[] = { "playouts", "time", "threads", "memory",
					      "follow_clock", NULL };
static const char *const go_montecarlo_keys[] = { "playouts", "time", "randomness", "threads",
						  "memory", "follow_clock", NULL };
static const char *const go_mcts_keys[] = { "playouts", "time", "threads", "resign", "memory",
					    "ponder", "follow_clock", NULL };
static const struct game_algorithm go_algorithms[] = {
	{ "random", go_random_keys },
	{ "montecarlo", go_montecarlo_keys },
	{ "mcts", go_mcts_keys },
	{ "mcts-light", go_mcts_keys },
	{ NULL, NULL },
};

static const struct game_option go_options[] = {
	{ "komi", GAME_OPT_REAL, -1000, 1000, NULL, "points white gets for moving second" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static bool allow_suicide(const struct go_game *gg)
{
	return gg->rules == GO_RULES_TROMP_TAYLOR;
}

static bool use_superko(const struct go_game *gg)
{
	return gg->rules == GO_RULES_SUPERKO || gg->rules == GO_RULES_TROMP_TAYLOR;
}

static void history_reserve(struct go_game *gg, size_t n)
{
	if (n < gg->cap)
		return;
	gg->cap = gg->cap ? gg->cap * 2 : 256;
	while (gg->cap <= n)
		gg->cap *= 2;
	gg->moves = xrealloc(gg->moves, gg->cap * sizeof(*gg->moves));
	gg->hashes = xrealloc(gg->hashes, (gg->cap + 1) * sizeof(*gg->hashes));
}

void go_reset(struct go_game *gg, int size)
{
	go_board_init(&gg->setup, size);
	gg->board = gg->setup;
	gg->handicap = 0;
	gg->nmoves = 0;
	history_reserve(gg, 0);
	gg->hashes[0] = gg->board.hash;
}

static bool repeats_position(const struct go_game *gg, uint64_t hash)
{
	for (size_t i = 0; i <= gg->nmoves; i++)
		if (gg->hashes[i] == hash)
			return true;
	return false;
}

bool go_is_legal(const struct go_game *gg, enum go_color c, int p)
{
	if (!go_board_is_legal(&gg->board, c, p, allow_suicide(gg)))
		return false;
	if (p == GO_PASS || !use_superko(gg))
		return true;
	struct go_board next = gg->board;
	go_board_play(&next, c, p, allow_suicide(gg));
	return !repeats_position(gg, next.hash);
}

int go_play(struct go_game *gg, enum go_color c, int p)
{
	if (!go_is_legal(gg, c, p))
		return -1;
	if (gg->nmoves >= GAME_MAX_HISTORY)
		return GO_TOO_LONG;
	go_board_play(&gg->board, c, p, allow_suicide(gg));
	history_reserve(gg, gg->nmoves + 1);
	gg->moves[gg->nmoves++] = (struct go_move){ c, p };
	gg->hashes[gg->nmoves] = gg->board.hash;
	return 0;
}

int go_setup_stone(struct go_game *gg, enum go_color c, int p)
{
	if (gg->nmoves > 0 || go_board_place(&gg->setup, c, p) < 0)
		return -1;
	gg->board = gg->setup;
	gg->hashes[0] = gg->board.hash;
	return 0;
}

static int handicap_limit(int size)
{
	if (size < 7)
		return 0;
	return size % 2 == 0 || size == 7 ? 4 : 9;
}

int go_fixed_handicap_points(const struct go_board *b, int n, int *out)
{
	int size = b->size, edge = size >= 12 ? 3 : 2;
	int lo = edge, hi = size - 1 - edge, mid = size / 2, k = 0;

	if (n < 2 || n > handicap_limit(size))
		return 0;
	out[k++] = go_point(b, hi, hi);
	out[k++] = go_point(b, lo, lo);
	if (n >= 3)
		out[k++] = go_point(b, lo, hi);
	if (n >= 4)
		out[k++] = go_point(b, hi, lo);
	if (n >= 6) {
		out[k++] = go_point(b, lo, mid);
		out[k++] = go_point(b, hi, mid);
	}
	if (n >= 8) {
		out[k++] = go_point(b, mid, hi);
		out[k++] = go_point(b, mid, lo);
	}
	if (n >= 5 && n % 2 == 1)
		out[k++] = go_point(b, mid, mid);
	return k;
}

int go_parse_vertex(const struct go_board *b, const char *text, int *p)
{
	if (!strcasecmp(text, "pass")) {
		*p = GO_PASS;
		return 0;
	}
	const char *col = strchr(GO_COLUMNS, toupper((unsigned char)text[0]));
	if (!text[0] || !col || !isdigit((unsigned char)text[1]))
		return -1;
	char *end;
	long row = strtol(text + 1, &end, 10);
	long c = col - GO_COLUMNS;
	if (*end || text[1] == '0' || row < 1 || row > b->size || c >= b->size)
		return -1;
	*p = go_point(b, (int)c, (int)row - 1);
	return 0;
}

void go_print_vertex(const struct go_board *b, int p, struct strbuf *out)
{
	if (p == GO_PASS) {
		sb_puts(out, "pass");
		return;
	}
	if (p == GO_RESIGN) {
		sb_puts(out, "resign");
		return;
	}
	sb_printf(out, "%c%d", GO_COLUMNS[go_point_col(b, p)], go_point_row(b, p) + 1);
}

/* GNU Go's listing order: top row first, left to right within a row. */
static int listing_key(const struct go_board *b, int p)
{
	return (b->size - go_point_row(b, p)) * b->stride + go_point_col(b, p);
}

void go_sort_points(const struct go_board *b, int *points, int n)
{
	/* Insertion sort: lists are at most a board long and mostly short. */
	for (int i = 1; i < n; i++) {
		int v = points[i], key = listing_key(b, v), j = i;

		while (j > 0 && listing_key(b, points[j - 1]) > key) {
			points[j] = points[j - 1];
			j--;
		}
		points[j] = v;
	}
}

void go_print_points(const struct go_board *b, int *points, int n, struct strbuf *out)
{
	go_sort_points(b, points, n);
	for (int i = 0; i < n; i++) {
		if (i)
			sb_puts(out, " ");
		go_print_vertex(b, points[i], out);
	}
}

bool go_is_over(const struct go_game *gg)
{
	size_t n = gg->nmoves;

	return n >= 2 && gg->moves[n - 1].point == GO_PASS && gg->moves[n - 2].point == GO_PASS;
}

double go_score(const struct go_game *gg)
{
	if (gg->rules == GO_RULES_JAPANESE)
		return go_territory_score(gg, &gg->board, NULL, NULL);
	return go_board_area_score(&gg->board) - go_compensation(gg);
}

double go_count_gap(const struct go_game *gg)
{
	const struct go_board *b = &gg->board;
	int stones = 0;

	if (gg->rules != GO_RULES_JAPANESE)
		return 0;
	for (int p = b->stride; p < b->stride * (b->size + 1); p++)
		stones += b->color[p] == GO_BLACK ? 1 : b->color[p] == GO_WHITE ? -1 : 0;
	return stones - (b->captures[GO_BLACK] - b->captures[GO_WHITE]);
}

double go_territory_score(const struct go_game *gg, const struct go_board *b, const uint8_t *dead,
			  const uint8_t *seki)
{
	struct go_board *alive = xmalloc(sizeof(*alive));
	int prisoners = b->captures[GO_BLACK] - b->captures[GO_WHITE];

	go_board_init(alive, b->size);
	for (int p = b->stride; p < b->stride * (b->size + 1); p++) {
		int c = b->color[p];

		if (c != GO_BLACK && c != GO_WHITE)
			continue;
		if (dead && dead[p])
			prisoners += c == GO_WHITE ? 1 : -1;
		else
			go_board_place(alive, (enum go_color)c, p);
	}
	int territory = go_board_territory(alive, seki);
	free(alive);
	return territory + prisoners - go_compensation(gg);
}

enum go_color go_to_move(const struct go_game *gg)
{
	if (gg->nmoves > 0)
		return go_other(gg->moves[gg->nmoves - 1].color);
	return gg->handicap > 0 ? GO_WHITE : GO_BLACK;
}

static int go_ops_to_move(const struct game *g)
{
	return (int)go_to_move(go_cof(g));
}

static bool go_ops_is_over(const struct game *g)
{
	return go_is_over(go_cof(g));
}

void go_sgf_record(const struct go_game *gg, struct sgf_record *rec)
{
	const struct go_board *b = &gg->setup;
	size_t n = 0;

	memset(rec, 0, sizeof(*rec));
	rec->game = SGF_GAME_GO;
	rec->size = b->size;
	rec->komi = gg->komi;
	rec->has_komi = true;
	rec->handicap = gg->handicap;
	rec->items = xmalloc((GO_MAX_POINTS + gg->nmoves) * sizeof(*rec->items));
	for (int row = b->size - 1; row >= 0; row--)
		for (int col = 0; col < b->size; col++) {
			int c = b->color[go_point(b, col, row)];

			if (c == GO_BLACK || c == GO_WHITE)
				rec->items[n++] = (struct sgf_item){ SGF_SETUP, c, col, row };
		}
	for (size_t i = 0; i < gg->nmoves; i++) {
		int p = gg->moves[i].point;
		bool pass = p == GO_PASS;

		rec->items[n++] = (struct sgf_item){ SGF_PLAY, (int)gg->moves[i].color,
						     pass ? -1 : go_point_col(b, p),
						     pass ? -1 : go_point_row(b, p) };
	}
	rec->nitems = n;
}

static struct game *go_create(uint64_t seed)
{
	struct go_game *gg = xcalloc(1, sizeof(*gg));

	gg->base.ops = &go_ops;
	rng_seed(&gg->base.rng, seed);
	gg->rules = GO_RULES_CHINESE;
	gg->komi = GO_DEFAULT_KOMI;
	go_reset(gg, GO_DEFAULT_SIZE);
	return &gg->base;
}

static struct game *go_copy(const struct game *g)
{
	const struct go_game *src = go_cof(g);
	struct go_game *gg = xmalloc(sizeof(*gg));

	*gg = *src;
	gg->moves = xmalloc(src->cap * sizeof(*gg->moves));
	gg->hashes = xmalloc((src->cap + 1) * sizeof(*gg->hashes));
	memcpy(gg->moves, src->moves, src->nmoves * sizeof(*gg->moves));
	memcpy(gg->hashes, src->hashes, (src->nmoves + 1) * sizeof(*gg->hashes));
	if (gg->mcts)
		go_mcts_cache_ref(gg->mcts);
	gg->watch = NULL;
	return &gg->base;
}

static void go_destroy(struct game *g)
{
	struct go_game *gg = go_of(g);

	if (!gg)
		return;
	free(gg->moves);
	free(gg->hashes);
	go_mcts_cache_unref(gg->mcts);
	free(gg);
}

static int go_set_option(struct game *g, const char *key, const char *value,
			 char *err, size_t errlen)
{
	double komi;

	if (strcmp(key, "komi") != 0) {
		snprintf(err, errlen, "bad go option %s", key);
		return -1;
	}
	if (gtp_parse_double(value, &komi) < 0 || komi > 1000 || komi < -1000) {
		snprintf(err, errlen, "komi not a float");
		return -1;
	}
	go_of(g)->komi = komi;
	return 0;
}

static int go_set_size(struct game *g, const char *arg, char *err, size_t errlen)
{
	long size;

	int r = gtp_parse_size(arg, GO_MIN_SIZE, GO_MAX_SIZE, &size);

	if (r < 0) {
		snprintf(err, errlen, "%s", r == GTP_SIZE_RANGE ? "unacceptable size"
							: "boardsize not an integer");
		return -1;
	}
	go_reset(go_of(g), (int)size);
	return 0;
}

static void go_clear(struct game *g)
{
	go_reset(go_of(g), go_of(g)->board.size);
}

static const char *go_get_rules(const struct game *g)
{
	return go_rule_names[go_cof(g)->rules];
}

static int go_set_rules(struct game *g, const char *name, char *err, size_t errlen)
{
	for (int i = 0; go_rule_names[i]; i++)
		if (!strcmp(go_rule_names[i], name)) {
			go_of(g)->rules = (enum go_rules)i;
			return 0;
		}
	snprintf(err, errlen, "unknown rules");
	return -1;
}

static int go_parse_move(const struct game *g, const char *text, int *move,
			 char *err, size_t errlen)
{
	if (go_parse_vertex(&go_cof(g)->board, text, move) == 0)
		return 0;
	snprintf(err, errlen, "invalid coordinate");
	return -1;
}

static void go_print_move(const struct game *g, int move, struct strbuf *out)
{
	go_print_vertex(&go_cof(g)->board, move, out);
}

/* go_play's answer as a game_ops result: 0, or -1 with its error. */
static int play_result(int rc, char *err, size_t errlen)
{
	if (rc == 0)
		return 0;
	snprintf(err, errlen, "%s", rc == GO_TOO_LONG ? "game too long" : "illegal move");
	return -1;
}

static int go_ops_play(struct game *g, int color, int move, char *err, size_t errlen)
{
	return play_result(go_play(go_of(g), (enum go_color)color, move), err, errlen);
}

static int go_undo(struct game *g, char *err, size_t errlen)
{
	struct go_game *gg = go_of(g);
	size_t n = gg->nmoves;

	if (n == 0) {
		snprintf(err, errlen, "cannot undo");
		return -1;
	}
	/* Replay from the setup position: undo is rare, play is hot, so the
	 * board keeps no undo log. Every move was legal when played, perhaps
	 * under other rules (a suicide before a switch to chinese), so the
	 * replay allows suicide rather than judge them again. */
	gg->board = gg->setup;
	gg->nmoves = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		go_board_play(&gg->board, gg->moves[i].color, gg->moves[i].point, true);
		gg->nmoves++;
	}
	return 0;
}

/* Whether the budget leaves no time for a search: stopped already (a move
 * still queued at its deadline), or a hard limit shorter than any search's
 * set-up (a 19x19 root's priors take about a millisecond). */
static bool no_time_to_search(const struct game_budget *budget)
{
	return (budget->stop && atomic_load(budget->stop)) ||
	       (budget->max_seconds > 0 && budget->max_seconds < GO_MIN_SEARCH_SECONDS);
}

static int go_genmove(struct game *g, int color, const struct game_budget *budget,
		      int *move, char *err, size_t errlen)
{
	struct go_game *gg = go_of(g);
	const struct game_level *lv = budget->level;
	enum go_color c = (enum go_color)color;

	if (go_is_over(gg))
		*move = GO_PASS; /* two passes ended it: play may go on, the engine does not */
	else if (no_time_to_search(budget))
		*move = go_random_move(gg, c); /* the light policy's move, at once */
	else if (lv && !strncmp(lv->algorithm, "mcts", 4))
		*move = go_mcts_search(gg, c, lv, budget, go_mcts_policy(lv), gg->watch, NULL);
	else if (lv && !strcmp(lv->algorithm, "montecarlo"))
		*move = go_montecarlo_move(gg, c, lv, budget);
	else
		*move = go_random_move(gg, c);
	if (*move == GO_RESIGN)
		return 0; /* nothing is played: the game is lost */
	/* The players only choose legal moves, but a move that was not played
	 * must not be answered as if it had been. */
	return play_result(go_play(gg, c, *move), err, errlen);
}

static void render_row_note(const struct go_game *gg, int row, struct strbuf *out)
{
	int size = gg->board.size;

	if (row == size / 2 + 1 || (size < 3 && row == size - 1)) {
		sb_puts(out, "     WHITE (O) has captured ");
		sb_put_count(out, gg->board.captures[GO_WHITE], "stone", "stones");
	} else if (row == size / 2 || (size < 3 && row == 0)) {
		sb_puts(out, "     BLACK (X) has captured ");
		sb_put_count(out, gg->board.captures[GO_BLACK], "stone", "stones");
	}
}

static void render_columns(int size, struct strbuf *out)
{
	sb_puts(out, "   ");
	for (int col = 0; col < size; col++)
		sb_printf(out, "%c%s", GO_COLUMNS[col], col + 1 < size ? " " : "");
}

/* The point of the last move, or -1 (none, or a pass). */
static int last_point(const struct go_game *gg)
{
	return gg->nmoves && gg->moves[gg->nmoves - 1].point != GO_PASS
		       ? gg->moves[gg->nmoves - 1].point : -1;
}

/* One row: its number, the points, the last move framed "(X)", the number
 * again, and beside the middle rows the capture counts. */
static void render_row(const struct go_game *gg, int row, struct strbuf *out)
{
	static const char stone[] = { '.', 'X', 'O' };
	const struct go_board *b = &gg->board;
	int last = last_point(gg);

	sb_printf(out, "\n%2d", row + 1);
	for (int col = 0; col < b->size; col++) {
		int p = go_point(b, col, row);
		bool after = col > 0 && go_point(b, col - 1, row) == last;
		char sep = p == last ? '(' : after ? ')' : ' ';

		sb_printf(out, "%c%c", sep, stone[b->color[p]]);
	}
	sb_printf(out, "%c%d", go_point(b, b->size - 1, row) == last ? ')' : ' ', row + 1);
	render_row_note(gg, row, out);
}

/* Below the board, the status line, every game's (PROTOCOL.md, "Whose
 * turn"): komi, the move count and the last move with its colour, then the
 * side to move, or that two passes ended the game. */
static void render_footer(const struct go_game *gg, struct strbuf *out)
{
	sb_puts(out, "\nkomi ");
	sb_put_real(out, gg->komi);
	sb_printf(out, ", moves %zu", gg->nmoves);
	if (gg->nmoves) {
		const struct go_move *m = &gg->moves[gg->nmoves - 1];

		sb_printf(out, ", last %s ", m->color == GO_BLACK ? "black" : "white");
		go_print_vertex(&gg->board, m->point, out);
	}
	if (go_is_over(gg))
		sb_puts(out, ", game over: two passes (final_score scores it; play may go on)");
	else
		sb_printf(out, ", %s to move", go_to_move(gg) == GO_WHITE ? "white" : "black");
}

static void go_render(const struct game *g, struct strbuf *out)
{
	const struct go_game *gg = go_cof(g);
	const struct go_board *b = &gg->board;

	sb_puts(out, "\n");
	render_columns(b->size, out);
	for (int row = b->size - 1; row >= 0; row--)
		render_row(gg, row, out);
	sb_puts(out, "\n");
	render_columns(b->size, out);
	render_footer(gg, out);
}

/* ---- setup, history, result, records ---- */

/* Go's setup: the size (boardsize, then clear_board for GTP engines, which
 * may leave the board arbitrary after boardsize), komi, rules (and
 * kata-set-rules when there is a handicap bonus), and the
 * handicap stones as set_free_handicap. The protocol has no command for
 * other setup stones (white ones, or black ones that are not a handicap,
 * as an SGF file may hold), so such a start is refused. */
static int go_write_setup(const struct game *g, int side, struct strbuf *out, char *err,
			  size_t errlen)
{
	const struct go_game *gg = go_cof(g);
	const struct go_board *b = &gg->setup;
	int black[GO_MAX_POINTS], nblack = 0, nwhite = 0;

	(void)side; /* nothing is hidden */
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = go_point(b, col, row);

			if (b->color[p] == GO_BLACK)
				black[nblack++] = p;
			nwhite += b->color[p] == GO_WHITE;
		}
	if (nwhite > 0 || nblack != gg->handicap || nblack == 1) {
		snprintf(err, errlen, "setup stones not expressible");
		return -1;
	}
	sb_printf(out, "boardsize %d\nclear_board\nkomi ", b->size);
	sb_put_real(out, gg->komi);
	sb_printf(out, "\nrules %s\n", go_rule_names[gg->rules]);
	if (gg->bonus != GO_BONUS_NONE) { /* the variant's KataGo rules and the bonus */
		sb_puts(out, "kata-set-rules ");
		go_rules_json(gg, out);
		sb_puts(out, "\n");
	}
	if (nblack > 0) {
		sb_puts(out, "set_free_handicap ");
		go_print_points(b, black, nblack, out);
		sb_puts(out, "\n");
	}
	return 0;
}

static void go_history(const struct game *g, struct strbuf *out)
{
	const struct go_game *gg = go_cof(g);

	for (size_t i = 0; i < gg->nmoves; i++)
		game_history_line(g, (int)gg->moves[i].color, gg->moves[i].point, out);
}

/* Area score with komi, at any time: Go needs no end to be counted. */
static int go_result(const struct game *g, struct game_result *r, char *err, size_t errlen)
{
	double score = go_score(go_cof(g));

	(void)err, (void)errlen;
	*r = (struct game_result){
		.winner = score > 0 ? COLOR_BLACK : score < 0 ? COLOR_WHITE : COLOR_NONE,
		.has_margin = true,
		.margin = score < 0 ? -score : score,
		.reason = GAME_REASON_SCORE,
		.unit = "point",
	};
	return 0;
}

/* go/SIZE/RULES/KOMI, then /hN with N handicap stones: go/19/chinese/7.5,
 * go/9/tromp-taylor/0.5/h2. Komi in its shortest exact decimal form. */
static void go_variant_key(const struct game *g, struct strbuf *out)
{
	const struct go_game *gg = go_cof(g);

	sb_printf(out, "go/%d/%s/", gg->board.size, go_rule_names[gg->rules]);
	sb_put_real(out, gg->komi);
	if (gg->handicap > 0)
		sb_printf(out, "/h%d", gg->handicap);
}

static void go_describe(const struct game *g, struct strbuf *out)
{
	const struct go_game *gg = go_cof(g);

	sb_printf(out, "%dx%d, komi ", gg->board.size, gg->board.size);
	sb_put_real(out, gg->komi);
	if (gg->handicap > 0)
		sb_printf(out, ", handicap %d", gg->handicap);
}

/* Random players on an open board take about size² moves; three times
 * that only stops games stuck in long capture cycles. */
static long go_max_moves(const struct game *g)
{
	int size = go_cof(g)->board.size;

	return 3L * size * size + 10;
}

/* SGF RU of a rules variant: SGF's "Chinese" for chinese (area scoring,
 * simple ko), the others by their own names. */
static const char *go_sgf_rules(const char *rules)
{
	if (!strcmp(rules, "chinese"))
		return "Chinese";
	if (!strcmp(rules, "tromp-taylor"))
		return "Tromp-Taylor";
	if (!strcmp(rules, "japanese"))
		return "Japanese";
	return "Chinese, positional superko"; /* superko */
}

/* The game as SGF, with what info says in the root node (sgf_write_info)
 * and the rules as RU. */
static char *go_write_record(const struct game *g, const struct game_record_info *info)
{
	struct sgf_record sgf;

	go_sgf_record(go_cof(g), &sgf);
	sgf.result = (char *)info->result;
	sgf.rules = (char *)go_sgf_rules(go_ops.get_rules(g));
	char *text = sgf_write_info(&sgf, info);
	sgf.result = NULL; /* borrowed, not ours to free */
	sgf.rules = NULL;
	sgf_record_free(&sgf);
	return text;
}

/* ---- saves ---- */

/* size, rules, komi. */
static int go_get_options(const struct game *g, struct game_option_value *out, int max)
{
	const struct go_game *gg = go_cof(g);
	struct strbuf komi = STRBUF_INIT;
	int n = 0;

	sb_put_real(&komi, gg->komi);
	n = game_put_side(out, n, max, "size", gg->board.size);
	n = game_put_option(out, n, max, "rules", go_rule_names[gg->rules]);
	n = game_put_option(out, n, max, "komi", sb_str(&komi));
	sb_free(&komi);
	return n < max ? n : max;
}

/* The rows from the top (. X O, '/' between rows), the captures of black
 * and white, the ko point and the colour it bars (or "-"), the side to
 * move and the moves played: ".X./.../O.. 1 0 ko - next b moves 4". */
static void go_position(const struct game *g, struct strbuf *out)
{
	const struct go_game *gg = go_cof(g);
	const struct go_board *b = &gg->board;
	static const char stone[] = { '.', 'X', 'O', '#' };

	for (int row = b->size - 1; row >= 0; row--) {
		for (int col = 0; col < b->size; col++)
			sb_append(out, &stone[b->color[go_point(b, col, row)] & 3], 1);
		if (row)
			sb_puts(out, "/");
	}
	sb_printf(out, " %d %d ko ", b->captures[GO_BLACK], b->captures[GO_WHITE]);
	if (b->ko) {
		go_print_vertex(b, b->ko, out);
		sb_puts(out, b->ko_color == GO_WHITE ? " w" : " b");
	} else {
		sb_puts(out, "-");
	}
	sb_printf(out, " next %c moves %zu", go_to_move(gg) == GO_WHITE ? 'w' : 'b', gg->nmoves);
}

/* Go scores a game in progress the way it scores the end. */
static void go_standing(const struct game *g, struct game_result *r)
{
	char err[64];

	go_result(g, r, err, sizeof(err));
}

/* A game lasts about 0.7 moves a point (quintet's 19x19 games against
 * GNU Go: 225 on average): half of what remains is the side to move's,
 * and never fewer than a twelfth of the points (the game may go long). */
static int go_moves_left(const struct game *g)
{
	const struct go_game *gg = go_cof(g);
	int points = gg->board.size * gg->board.size;
	int left = (points * 7 / 10 - (int)gg->nmoves) / 2;

	return left > points / 12 ? left : points / 12;
}

/* The search for the side to move, endless until stopped, on the tree
 * the next genmove reuses (after the opponent's move, its subtree). */
static long go_ponder(struct game *g, const struct game_budget *budget)
{
	struct go_game *gg = go_of(g);
	const struct game_level *lv = budget->level;
	struct game_level search = lv ? *lv : (struct game_level){ 0 };
	struct go_watch w = { .endless = true };
	struct go_mcts_info info;

	if (go_is_over(gg) || strncmp(search.algorithm, "mcts", 4))
		return 0;
	search.playouts = 0;
	go_mcts_search(gg, go_to_move(gg), &search, budget, go_mcts_policy(&search), &w, &info);
	return info.playouts;
}

/* The board for GoGui's rules extension: the stones as they stand. */
static int go_board_view(const struct game *g, struct game_board *v, char *err, size_t errlen)
{
	static const char stone[] = { '.', 'X', 'O' };
	const struct go_board *b = &go_cof(g)->board;

	(void)err, (void)errlen; /* every Go board fits GoGui's */
	game_board_init(v, b->size, b->size);
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++)
			v->cell[game_board_at(v, col, row)] = stone[b->color[go_point(b, col, row)]];
	return 0;
}

const struct game_ops go_ops = {
	.name = "go",
	.move_syntax = "a vertex, a column letter (A-T, no I) and a row number (D4, Q16), or pass",
	.result_syntax = "the area score at any time, komi included: B+3.5, W+12, or 0 for a draw; "
			 "once two passes end the game, the stones final_status_list dead names "
			 "are removed first",
	.commands = go_commands,
	.rules = go_rule_names,
	.algorithms = go_algorithms,
	.options = go_options,
	.set_option = go_set_option,
	.create = go_create,
	.copy = go_copy,
	.destroy = go_destroy,
	.set_size = go_set_size,
	.clear = go_clear,
	.get_rules = go_get_rules,
	.set_rules = go_set_rules,
	.parse_move = go_parse_move,
	.print_move = go_print_move,
	.play = go_ops_play,
	.undo = go_undo,
	.genmove = go_genmove,
	.to_move = go_ops_to_move,
	.is_over = go_ops_is_over,
	.render = go_render,
	/* final_score: go_gtp.c's own row (dead stones removed, a slow job) */
	.write_setup = go_write_setup,
	.history = go_history,
	.result = go_result,
	.standing = go_standing,
	.variant_key = go_variant_key,
	.describe = go_describe,
	.max_moves = go_max_moves,
	.moves_left = go_moves_left,
	.ponder = go_ponder,
	.record_ext = "sgf",
	.write_record = go_write_record,
	.get_options = go_get_options,
	.position = go_position,
	.board_view = go_board_view,
};
