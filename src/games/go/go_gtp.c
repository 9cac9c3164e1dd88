/* The Go-only protocol commands (GNU Go's names and error strings). They
 * sit apart from go.c because some touch files (loadsgf, printsgf). */
#include "games/go/go.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "games/go/go_analyze.h"
#include "games/go/go_rules.h"
#include "sgf_commands.h"
#include "games/go/go_status.h"
#include "ctx.h"
#include "util/xalloc.h"


static struct go_game *go_game_of(struct cmd_ctx *ctx)
{
	return go_of(ctx->game);
}

static int parse_color(const char *text, enum go_color *c)
{
	*c = (enum go_color)gtp_parse_color(text);
	return *c ? 0 : -1;
}

/* A vertex on the board (not pass). */
static int parse_point(const struct go_game *gg, const char *text, int *p)
{
	return go_parse_vertex(&gg->board, text, p) < 0 || *p == GO_PASS ? -1 : 0;
}

/* Function:  set komi
 * Arguments: a real number
 * Fails:     komi not a float
 * Returns:   nothing */
static enum gtp_status cmd_komi(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	double komi;

	(void)argc;
	if (gtp_parse_double(argv[0], &komi) < 0 || komi > 1000 || komi < -1000)
		return gtp_fail(out, "komi not a float");
	go_game_of(ctx)->komi = komi;
	return GTP_OK;
}

static enum gtp_status cmd_get_komi(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	(void)argc, (void)argv;
	sb_put_real(out, go_game_of(ctx)->komi);
	return GTP_OK;
}

/* Function:  list the stones of a colour
 * Arguments: colour
 * Fails:     invalid color
 * Returns:   vertices, top row first */
static enum gtp_status cmd_list_stones(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	const struct go_board *b = &go_game_of(ctx)->board;
	int points[GO_MAX_POINTS], n = 0;
	enum go_color c;

	(void)argc;
	if (parse_color(argv[0], &c) < 0)
		return gtp_fail(out, "invalid color");
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++)
			if (b->color[go_point(b, col, row)] == c)
				points[n++] = go_point(b, col, row);
	go_print_points(b, points, n, out);
	return GTP_OK;
}

/* Function:  tell whether a move would be legal
 * Arguments: colour, vertex
 * Fails:     invalid color, invalid coordinate
 * Returns:   1 or 0 */
static enum gtp_status cmd_is_legal(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	struct go_game *gg = go_game_of(ctx);
	enum go_color c;
	int p;

	(void)argc;
	if (parse_color(argv[0], &c) < 0)
		return gtp_fail(out, "invalid color");
	if (go_parse_vertex(&gg->board, argv[1], &p) < 0)
		return gtp_fail(out, "invalid coordinate");
	sb_puts(out, go_is_legal(gg, c, p) ? "1" : "0");
	return GTP_OK;
}

static enum gtp_status cmd_captures(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	enum go_color c;

	(void)argc;
	if (parse_color(argv[0], &c) < 0)
		return gtp_fail(out, "invalid color");
	sb_printf(out, "%d", go_game_of(ctx)->board.captures[c]);
	return GTP_OK;
}

/* Function:  the stones each side has captured, as GoGui's rules
 *            extension asks (gogui-rules_captured_count)
 * Arguments: none
 * Fails:     never
 * Returns:   "B W": the stones black has captured, then white's */
static enum gtp_status cmd_gogui_captured_count(struct cmd_ctx *ctx, int argc, char **argv,
						struct strbuf *out)
{
	const struct go_board *b = &go_game_of(ctx)->board;

	(void)argc, (void)argv;
	sb_printf(out, "%d %d", b->captures[GO_BLACK], b->captures[GO_WHITE]);
	return GTP_OK;
}

static bool board_is_empty(const struct go_game *gg)
{
	return gg->nmoves == 0 && gg->board.nempty == gg->board.size * gg->board.size;
}

static void place_handicap(struct go_game *gg, const int *points, int n, struct strbuf *out)
{
	int sorted[GO_MAX_POINTS];

	for (int i = 0; i < n; i++) {
		go_setup_stone(gg, GO_BLACK, points[i]);
		sorted[i] = points[i];
	}
	gg->handicap = n;
	go_print_points(&gg->board, sorted, n, out);
}

/* Function:  place handicap stones at GNU Go's fixed points
 * Arguments: number of stones
 * Fails:     invalid handicap (not 2..9, or more than the size allows),
 *            board not empty
 * Returns:   the vertices */
static enum gtp_status cmd_fixed_handicap(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	struct go_game *gg = go_game_of(ctx);
	int points[9], n;
	long count;

	(void)argc;
	if (gtp_parse_int(argv[0], 0, 9, &count) < 0 ||
	    !(n = go_fixed_handicap_points(&gg->board, (int)count, points)))
		return gtp_fail(out, "invalid handicap");
	if (!board_is_empty(gg))
		return gtp_fail(out, "board not empty");
	place_handicap(gg, points, n, out);
	return GTP_OK;
}

static bool has_stone_beside(const struct go_board *b, int p)
{
	const int nb[4] = { p - b->stride, p - 1, p + 1, p + b->stride };

	for (int i = 0; i < 4; i++)
		if (b->color[nb[i]] == GO_BLACK || b->color[nb[i]] == GO_WHITE)
			return true;
	return false;
}

/* Free handicap placement: the fixed points as far as they go, then random
 * empty points with no stone beside them, then any empty points. */
static int choose_free_handicap(struct go_game *gg, int n, int *points)
{
	struct go_board b = gg->board;
	int k = go_fixed_handicap_points(&b, n < 9 ? n : 9, points);

	for (int i = 0; i < k; i++)
		go_board_place(&b, GO_BLACK, points[i]);
	while (k < n && b.nempty > 0) {
		int cand[GO_MAX_POINTS], m = 0;

		for (int i = 0; i < b.nempty; i++)
			if (!has_stone_beside(&b, b.empty[i]))
				cand[m++] = b.empty[i];
		if (m == 0) {
			for (int i = 0; i < b.nempty; i++)
				cand[i] = b.empty[i];
			m = b.nempty;
		}
		int p = cand[rng_below(&gg->base.rng, (uint32_t)m)];
		go_board_place(&b, GO_BLACK, p);
		points[k++] = p;
	}
	return k;
}

static long max_free_handicap(const struct go_game *gg)
{
	return (long)gg->board.size * gg->board.size - 1;
}

/* Function:  let the engine place free handicap stones
 * Arguments: number of stones
 * Fails:     invalid handicap (below 2 or above size*size-1), board not empty
 * Returns:   the vertices */
static enum gtp_status cmd_place_free_handicap(struct cmd_ctx *ctx, int argc, char **argv,
					       struct strbuf *out)
{
	struct go_game *gg = go_game_of(ctx);
	int points[GO_MAX_POINTS];
	long n;

	(void)argc;
	if (gtp_parse_int(argv[0], 2, max_free_handicap(gg), &n) < 0)
		return gtp_fail(out, "invalid handicap");
	if (!board_is_empty(gg))
		return gtp_fail(out, "board not empty");
	int k = choose_free_handicap(gg, (int)n, points);
	place_handicap(gg, points, k, out);
	return GTP_OK;
}

/* Function:  place handicap stones where the controller says
 * Arguments: two or more vertices
 * Fails:     invalid coordinate, repeated vertex, invalid handicap (fewer
 *            than 2 or more than size*size-1), board not empty
 * Returns:   nothing */
static enum gtp_status cmd_set_free_handicap(struct cmd_ctx *ctx, int argc, char **argv,
					     struct strbuf *out)
{
	struct go_game *gg = go_game_of(ctx);
	int points[GTP_MAX_ARGS];
	struct strbuf ignored = STRBUF_INIT;

	for (int i = 0; i < argc; i++) {
		if (parse_point(gg, argv[i], &points[i]) < 0)
			return gtp_fail(out, "invalid coordinate");
		for (int j = 0; j < i; j++)
			if (points[j] == points[i])
				return gtp_fail(out, "repeated vertex");
	}
	if (argc < 2 || argc > max_free_handicap(gg))
		return gtp_fail(out, "invalid handicap");
	if (!board_is_empty(gg))
		return gtp_fail(out, "board not empty");
	place_handicap(gg, points, argc, &ignored);
	sb_free(&ignored);
	return GTP_OK;
}

/* Parse the vertex of a string query: on the board and occupied. */
static enum gtp_status string_at(struct cmd_ctx *ctx, const char *arg, int *p,
				 struct strbuf *out)
{
	struct go_game *gg = go_game_of(ctx);

	if (parse_point(gg, arg, p) < 0)
		return gtp_fail(out, "invalid coordinate");
	if (gg->board.color[*p] == GO_EMPTY)
		return gtp_fail(out, "vertex must not be empty");
	return GTP_OK;
}

/* Function:  count the liberties of the string at a vertex
 * Arguments: vertex
 * Fails:     invalid coordinate, vertex must not be empty
 * Returns:   the number of liberties */
static enum gtp_status cmd_countlib(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	int p, libs[GO_MAX_POINTS];

	(void)argc;
	if (string_at(ctx, argv[0], &p, out) != GTP_OK)
		return GTP_FAIL;
	sb_printf(out, "%d", go_board_string_libs(&go_game_of(ctx)->board, p, libs));
	return GTP_OK;
}

/* Function:  list the liberties of the string at a vertex
 * Arguments: vertex
 * Fails:     invalid coordinate, vertex must not be empty
 * Returns:   the liberties, top row first */
static enum gtp_status cmd_findlib(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	const struct go_board *b = &go_game_of(ctx)->board;
	int p, libs[GO_MAX_POINTS];

	(void)argc;
	if (string_at(ctx, argv[0], &p, out) != GTP_OK)
		return GTP_FAIL;
	go_print_points(b, libs, go_board_string_libs(b, p, libs), out);
	return GTP_OK;
}

/* Function:  list the stones of the string at a vertex
 * Arguments: vertex
 * Fails:     invalid coordinate, vertex must not be empty
 * Returns:   the stones, top row first */
static enum gtp_status cmd_worm_stones(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	const struct go_board *b = &go_game_of(ctx)->board;
	int p, stones[GO_MAX_POINTS];

	(void)argc;
	if (string_at(ctx, argv[0], &p, out) != GTP_OK)
		return GTP_FAIL;
	go_print_points(b, stones, go_board_string_stones(b, p, stones), out);
	return GTP_OK;
}

static const char *const point_names[] = { "empty", "black", "white" };

/* Function:  what stands on a point and on its orthogonal neighbours
 * Arguments: vertex
 * Fails:     invalid coordinate
 * Returns:   one line per point, "D4 black", the asked point first, then
 *            its neighbours on the board, top row first */
static enum gtp_status cmd_point_info(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	struct go_game *gg = go_game_of(ctx);
	const struct go_board *b = &gg->board;
	int p, nb[4], n = 0;

	(void)argc;
	if (parse_point(gg, argv[0], &p) < 0)
		return gtp_fail(out, "invalid coordinate");
	const int around[4] = { p - b->stride, p - 1, p + 1, p + b->stride };
	for (int i = 0; i < 4; i++)
		if (b->color[around[i]] != GO_EDGE)
			nb[n++] = around[i];
	go_sort_points(b, nb, n);
	go_print_vertex(b, p, out);
	sb_printf(out, " %s", point_names[b->color[p]]);
	for (int i = 0; i < n; i++) {
		sb_puts(out, "\n");
		go_print_vertex(b, nb[i], out);
		sb_printf(out, " %s", point_names[b->color[nb[i]]]);
	}
	return GTP_OK;
}

/* Replay rec on gg (already reset to rec's size) up to, not including, move
 * number stop (1-based; 0 = all). 0, or -1 with err. */
static int replay_record(struct go_game *gg, const struct sgf_record *rec, long stop,
			 char *err, size_t errlen)
{
	long number = 1; /* of the next move */

	for (size_t i = 0; i < rec->nitems; i++) {
		const struct sgf_item *it = &rec->items[i];
		int p = it->col < 0 ? GO_PASS : go_point(&gg->board, it->col, it->row);

		if (it->kind == SGF_SETUP) {
			if (it->color == GO_EMPTY || go_setup_stone(gg, it->color, p) < 0) {
				snprintf(err, errlen, "unsupported setup at move %ld", number);
				return -1;
			}
			continue;
		}
		if (stop && number >= stop)
			break;
		if (go_play(gg, it->color, p) < 0) {
			snprintf(err, errlen, "illegal move %ld in sgf", number);
			return -1;
		}
		number++;
	}
	return 0;
}

/* Build the game of an SGF file into a fresh copy of the current game. */
/* A copy of the context's game set up as rec says and replayed to stop
 * (sgf_replay_fn). */
static struct game *replay_sgf(const struct cmd_ctx *ctx, const struct sgf_record *rec,
			       long stop, char *err, size_t errlen)
{
	struct go_game *gg;

	if (rec->size < GO_MIN_SIZE) {
		snprintf(err, errlen, "unsupported board size");
		return NULL;
	}
	gg = go_of(go_ops.copy(ctx->game));
	go_reset(gg, rec->size);
	if (rec->has_komi)
		gg->komi = rec->komi;
	if (replay_record(gg, rec, stop, err, errlen) < 0) {
		go_ops.destroy(&gg->base);
		return NULL;
	}
	if (rec->handicap > 0)
		gg->handicap = rec->handicap;
	return &gg->base;
}

/* Function:  load a game from an SGF file
 * Arguments: file name, optional move number (stop before that move)
 * Fails:     cannot open file, syntax or content errors of the file, an
 *            illegal move in it; the current game is then unchanged
 * Returns:   the colour to play */
static enum gtp_status cmd_loadsgf(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	return sgf_cmd_loadsgf(ctx, argc, argv, SGF_GAME_GO, replay_sgf, out);
}

/* Function:  write the game as SGF
 * Arguments: optional file name
 * Fails:     cannot write file
 * Returns:   the SGF text when no file is named, else nothing */
static enum gtp_status cmd_printsgf(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	struct sgf_record rec;

	go_sgf_record(go_game_of(ctx), &rec);
	return sgf_cmd_printsgf(ctx, argc, argv, &rec, out);
}

/* Function:  estimate the position by random playouts (slow: runs on a
 *            worker, stops early when asked)
 * Arguments: number of playouts, 1..1000000000
 * Fails:     invalid playout count
 * Returns:   "score B+2.3 black_winrate 0.613 playouts 1000": mean area
 *            score with komi, share of playouts black won, playouts done */
static enum gtp_status cmd_playout_score(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out)
{
	struct go_game *gg = go_game_of(ctx);
	long n, done = 0, black_wins = 0;
	double total = 0;

	(void)argc;
	if (gtp_parse_int(argv[0], 1, 1000000000, &n) < 0)
		return gtp_fail(out, "invalid playout count");
	if (ctx->max_nodes > 0 && n > ctx->max_nodes)
		n = ctx->max_nodes; /* the server's cap on any command */
	for (; done < n && !ctx_stopped(ctx); done++) {
		struct go_board b = gg->board;
		int max_moves = 3 * b.size * b.size;
		double score = go_board_playout(&b, go_to_move(gg), &gg->base.rng, max_moves) -
			       go_compensation(gg);

		total += score;
		black_wins += score > 0;
	}
	double mean = done ? total / (double)done : 0;
	sb_printf(out, "score %s%.1f black_winrate %.3f playouts %ld",
		  mean >= 0 ? "B+" : "W+", mean >= 0 ? mean : -mean,
		  done ? (double)black_wins / (double)done : 0.0, done);
	return GTP_OK;
}

const struct gtp_command go_commands[] = {
	{ "captures", cmd_captures, 1, 1, 0, 0, "COLOR", "stones the colour has captured" },
	{ "countlib", cmd_countlib, 1, 1, 0, 0, "VERTEX", "liberties of the string there" },
	{ "final_score", go_cmd_final_score, 0, 0, GTP_SLOW, 0,
	  "", "the score with the dead stones removed (B+N, W+N, 0)" },
	{ "final_status_list", go_cmd_final_status_list, 1, 1, GTP_SLOW, 0,
	  "alive|dead|seki", "the strings of that status at the end, one a line" },
	{ "findlib", cmd_findlib, 1, 1, 0, 0, "VERTEX", "list the liberties of the string there" },
	{ "fixed_handicap", cmd_fixed_handicap, 1, 1, 0, 0,
	  "N", "place N handicap stones on the usual points" },
	{ "get_komi", cmd_get_komi, 0, 0, 0, 0, "", "the komi" },
	{ "gogui-analyze_commands", go_cmd_gogui_analyze_commands, 0, 0, 0, 0,
	  "", "the analyze commands GoGui offers (TYPE/LABEL/COMMAND lines)" },
	{ "gogui-interrupt", go_cmd_gogui_interrupt, 0, 0, 0, 0,
	  "", "say that a line '# interrupt' stops the running command" },
	{ "gogui-rules_captured_count", cmd_gogui_captured_count, 0, 0, 0, 0,
	  "", "the stones black and white have captured, for GoGui (B W)" },
	{ "is_legal", cmd_is_legal, 2, 2, 0, 0,
	  "COLOR VERTEX", "whether the move is legal (1 or 0)" },
	{ "kata-get-rules", go_cmd_kata_get_rules, 0, 0, 0, 0,
	  "", "the rules as KataGo's JSON of its fields" },
	{ "kata-set-rules", go_cmd_kata_set_rules, 1, GTP_ANY, GTP_REPLAY, 0,
	  "NAME|JSON", "set the rules as KataGo names them (tromp-taylor, chinese, ...)" },
	{ "kgs-genmove_cleanup", go_cmd_kgs_genmove_cleanup, 1, 1,
	  GTP_SLOW | GTP_ENGINE_MOVE, 0,
	  "COLOR", "genmove that captures every dead stone before it passes" },
	{ "kgs-rules", go_cmd_kgs_rules, 1, 1, 0, 0,
	  "chinese|aga|japanese|new_zealand", "set the rules as KGS names them" },
	{ "komi", cmd_komi, 1, 1, GTP_REPLAY, 0, "KOMI", "set the komi" },
	{ "list_stones", cmd_list_stones, 1, 1, 0, 0,
	  "COLOR", "the vertices of the colour's stones" },
	{ "loadsgf", cmd_loadsgf, 1, 2, GTP_SHORT, 0,
	  "FILE [MOVE]", "load an SGF game (up to before move MOVE)" },
	{ "place_free_handicap", cmd_place_free_handicap, 1, 1, 0, 0,
	  "N", "let the engine place N handicap stones" },
	{ "playout_score", cmd_playout_score, 1, 1, GTP_SLOW, 0,
	  "N", "estimate the score by N random playouts" },
	{ "point_info", cmd_point_info, 1, 1, 0, 0,
	  "VERTEX", "what stands on a point and its neighbours" },
	{ "printsgf", cmd_printsgf, 0, 1, GTP_SHORT, 0,
	  "[FILE]", "the game as SGF, or write it to FILE" },
	{ "quintet-ownership", go_cmd_quintet_ownership, 0, 1, GTP_SLOW, 0,
	  "[COLOR]", "search, then each point's expected owner (GoGui dboard)" },
	{ "quintet-pv", go_cmd_quintet_pv, 0, 1, GTP_SLOW, 0,
	  "[COLOR]", "search, then the principal variation (GoGui var)" },
	{ "quintet-winrates", go_cmd_quintet_winrates, 0, 1, GTP_SLOW, 0,
	  "[COLOR]", "search, then the candidates' win rates (GoGui pspairs)" },
	{ "set_free_handicap", cmd_set_free_handicap, 1, GTP_ANY, GTP_REPLAY, 0,
	  "VERTEX...", "place handicap stones on these points" },
	{ "worm_stones", cmd_worm_stones, 1, 1, 0, 0, "VERTEX", "the stones of the string there" },
	ANALYSIS_ROWS(go_cmd_lz_analyze, go_cmd_kata_analyze, go_cmd_lz_genmove_analyze,
		      go_cmd_kata_genmove_analyze),
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};
