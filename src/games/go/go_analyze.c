/* The Go analysis commands: Leela Zero's and KataGo's live analysis
 * (lz-analyze, kata-analyze and their genmove forms), as Sabaki, Lizzie
 * and KaTrain speak them, with every key KataGo documents (the root's
 * figures, visits along each line, ownership and its deviation, per
 * candidate too, moves avoided or allowed near the root), and GoGui's
 * analyze commands (gogui-analyze_commands and the
 * quintet-* commands it lists, each answering once after a search at the
 * active level's budget). Each runs one search
 * (go_mcts_search) with a watch whose reports become lines streamed to the
 * client (ctx_emit); the session stops lz-analyze and kata-analyze at the
 * client's next line (GTP_STREAM). */
#include "games/go/go_analyze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "ctx.h"
#include "games/go/go_mcts.h"
#include "util/xalloc.h"

static void put_pv(const struct go_board *b, const struct go_candidate *k, struct strbuf *sb)
{
	sb_puts(sb, " pv");
	for (int j = 0; j < k->npv; j++) {
		sb_puts(sb, " ");
		go_print_vertex(b, k->pv[j], sb);
	}
}

/* " KEY" and the candidate's playouts along its pv (pvVisits; pvEdgeVisits
 * too: a tree without transpositions reaches each node by one edge). */
static void put_pv_visits(const struct go_candidate *k, const char *key, struct strbuf *sb)
{
	sb_printf(sb, " %s", key);
	for (int j = 0; j < k->npv; j++)
		sb_printf(sb, " %ld", k->pv_visits[j]);
}

/* One number in [-1, 1] or [0, 1], four decimals, never -0.0000. */
static void put_share(double v, struct strbuf *sb)
{
	sb_printf(sb, " %.4f", round(v * 1e4) / 1e4 + 0.0);
}

/* The standard deviation of a point's final owner (+1, -1, or 0 for
 * neither) over the playouts, from its mean and its share of neither. */
static double owner_stdev(double mean, double neutral)
{
	double var = 1 - neutral - mean * mean;

	return var > 0 ? sqrt(var) : 0;
}

/* " KEY" and a number per point, top row first, each row from the left:
 * the ownership own (black's view) for the side to move, or with neutral
 * its standard deviation. own and neutral are doubles or (f) floats. */
static void put_points(const struct go_board *b, const struct go_analysis *a, const char *key,
		       const void *own, const void *neutral, bool f, bool stdev,
		       struct strbuf *sb)
{
	double sign = a->to_move == GO_BLACK ? 1 : -1;

	sb_printf(sb, " %s", key);
	for (int row = b->size - 1; row >= 0; row--)
		for (int col = 0; col < b->size; col++) {
			int p = go_point(b, col, row);
			double m = f ? ((const float *)own)[p] : ((const double *)own)[p];
			double q = f ? ((const float *)neutral)[p] : ((const double *)neutral)[p];

			put_share(stdev ? owner_stdev(m, q) : sign * m, sb);
		}
}

/* One candidate (the k-th) in Leela Zero's format or, kata, KataGo's with
 * what the arguments ask for after its pv. */
static void put_candidate(const struct go_board *b, const struct analysis_args *args,
			  const struct go_analysis *a, int k, struct strbuf *sb)
{
	const struct go_candidate *c = &a->cand[k];
	struct analysis_candidate n = { .visits = c->visits, .winrate = c->winrate,
					.prior = c->prior, .lcb = c->lcb,
					.score_lead = c->score_lead,
					.score_stdev = c->score_stdev, .order = k };

	sb_puts(sb, "info move ");
	go_print_vertex(b, c->move, sb);
	analysis_put_numbers(&n, args, sb);
	put_pv(b, c, sb);
	if (!args->kata)
		return;
	if (args->pv_visits)
		put_pv_visits(c, "pvVisits", sb);
	if (args->pv_edge_visits)
		put_pv_visits(c, "pvEdgeVisits", sb);
	if (!a->moves_own)
		return;
	if (args->moves_ownership)
		put_points(b, a, "movesOwnership", a->moves_own[k], a->moves_neutral[k], true, false,
			   sb);
	if (args->moves_ownership_stdev)
		put_points(b, a, "movesOwnershipStdev", a->moves_own[k], a->moves_neutral[k], true,
			   true, sb);
}

/* A report's line into sb: the candidates, best first, then (kata, when
 * asked) the root's figures, the ownership and its deviation. Empty when
 * there is nothing to say yet. */
static void format_line(const struct go_board *b, const struct analysis_args *args,
			const struct go_analysis *a, struct strbuf *sb)
{
	for (int i = 0; i < a->ncand; i++) {
		if (i > 0)
			sb_puts(sb, " ");
		put_candidate(b, args, a, i, sb);
	}
	if (a->ncand == 0 || !args->kata)
		return;
	if (args->root_info) {
		struct analysis_candidate root = { .visits = a->playouts,
						   .winrate = a->root_winrate,
						   .score_lead = a->score_lead,
						   .score_stdev = a->score_stdev };

		analysis_put_root(&root, sb);
	}
	if (args->ownership && a->has_ownership)
		put_points(b, a, "ownership", a->ownership, a->neutral, false, false, sb);
	if (args->ownership_stdev && a->has_ownership)
		put_points(b, a, "ownershipStdev", a->ownership, a->neutral, false, true, sb);
}

struct report_sink {
	const struct cmd_ctx *ctx;        /* where lines go */
	const struct go_board *board;     /* the position analysed (read only) */
	const struct analysis_args *args;  /* the line's format */
	struct strbuf line;               /* reused for each line */
};

/* The search's reporter: one line, never an empty one (it would end the
 * reply). */
static void emit_report(void *arg, const struct go_analysis *a)
{
	struct report_sink *sink = arg;

	sb_reset(&sink->line);
	format_line(sink->board, sink->args, a, &sink->line);
	if (sink->line.len > 0)
		ctx_emit(sink->ctx, sb_str(&sink->line));
}

/* The tree search's table of the arguments' avoid and allow clauses
 * (malloc'd), or NULL when there are none. */
static struct go_avoid *avoid_table(const struct analysis_args *args)
{
	struct go_avoid *v;

	if (!args->restricted)
		return NULL;
	v = xcalloc(1, sizeof(*v));
	for (int c = GO_BLACK; c <= GO_WHITE; c++)
		for (int m = 0; m < GO_MAX_POINTS && args->allow_until[c]; m++)
			v->until[c][m] = (int)args->allow_until[c]; /* its moves: 0 below */
	for (int i = 0; i < args->nmoves; i++)
		v->until[args->moves[i].color][args->moves[i].move] = (int)args->moves[i].until;
	for (int c = GO_BLACK; c <= GO_WHITE; c++)
		for (int m = 0; m < GO_MAX_POINTS; m++)
			if (v->until[c][m] > v->deepest)
				v->deepest = v->until[c][m];
	return v;
}

/* The watch of an analysis command's search: its arguments' interval,
 * bounds, lists and moves left out (avoid), lines to sink; endless for
 * lz-analyze and kata-analyze. */
static struct go_watch watch_for(const struct analysis_args *args, const struct go_avoid *avoid,
				 struct report_sink *sink, bool endless)
{
	bool moves = args->kata && (args->moves_ownership || args->moves_ownership_stdev);

	return (struct go_watch){ .interval = args->interval / 100.0,
				  .maxmoves = (int)args->maxmoves,
				  .minmoves = (int)args->minmoves,
				  .ownership = args->kata && (args->ownership ||
							     args->ownership_stdev || moves),
				  .moves_ownership = moves,
				  .avoid = avoid,
				  .endless = endless,
				  .report = emit_report,
				  .arg = sink };
}

/* The level an analysis searches with: the active one's threads and
 * memory, no playout or time budget but the server's node cap. */
static struct game_level analysis_level(const struct cmd_ctx *ctx)
{
	const struct game_level *lv = ctx_level(ctx);
	struct game_level a = lv ? *lv : (struct game_level){ 0 };

	a.playouts = ctx->max_nodes > 0 ? ctx->max_nodes : 0;
	a.seconds = 0;
	a.resign = 0;
	return a;
}

static enum gtp_status analyze(struct cmd_ctx *ctx, int argc, char **argv, bool kata,
			       struct strbuf *out)
{
	struct go_game *gg = go_of(ctx->game);
	struct analysis_args args;

	if (analysis_parse_args(ctx->game, argc, argv, kata, &args) < 0) {
		analysis_args_free(&args);
		return gtp_fail(out, ANALYSIS_BAD_ARGUMENT);
	}
	struct report_sink sink = { ctx, &gg->board, &args, STRBUF_INIT };
	struct go_avoid *avoid = avoid_table(&args);
	struct go_watch w = watch_for(&args, avoid, &sink, true);
	struct game_level lv = analysis_level(ctx);
	struct game_budget budget = ctx_analysis_budget(ctx);
	enum go_color c = args.color ? (enum go_color)args.color : go_to_move(gg);

	budget.level = &lv;
	ctx_emit_start(ctx); /* "=" at once, as Leela Zero and KataGo answer */
	go_mcts_search(gg, c, &lv, &budget, go_mcts_policy(&lv), &w, NULL);
	sb_free(&sink.line);
	free(avoid);
	analysis_args_free(&args);
	return GTP_OK;
}

/* Function:  analyse the position until the client's next line, streaming
 *            Leela Zero's info lines (lz-analyze) or KataGo's (kata-analyze)
 * Arguments: [COLOR] [INTERVAL] {KEY VALUE}: interval, maxmoves, minmoves,
 *            avoid, allow, and for kata-analyze rootInfo, ownership,
 *            ownershipStdev, movesOwnership, movesOwnershipStdev, pvVisits,
 *            pvEdgeVisits, noResultValue (analysis.h)
 * Fails:     invalid analysis argument
 * Returns:   nothing after the streamed lines */
enum gtp_status go_cmd_lz_analyze(struct cmd_ctx *ctx, int argc, char **argv,
				  struct strbuf *out)
{
	return analyze(ctx, argc, argv, false, out);
}

enum gtp_status go_cmd_kata_analyze(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	return analyze(ctx, argc, argv, true, out);
}

static enum gtp_status genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv, bool kata,
				       struct strbuf *out)
{
	struct go_game *gg = go_of(ctx->game);
	struct analysis_args args;
	char err[128];
	int move;

	if (analysis_parse_args(ctx->game, argc, argv, kata, &args) < 0) {
		analysis_args_free(&args);
		return gtp_fail(out, ANALYSIS_BAD_ARGUMENT);
	}
	int color = args.color ? args.color : (int)go_to_move(gg);
	struct game_level capped;
	struct game_budget budget = ctx_move_budget(ctx, color, &capped);

	/* Only the tree search leaves moves out: not a level that plays at
	 * random or by flat Monte-Carlo. */
	if (args.restricted && !(budget.level && !strncmp(budget.level->algorithm, "mcts", 4))) {
		sb_printf(out, "%s%s", ANALYSIS_UNSUPPORTED, args.restricted);
		analysis_args_free(&args);
		return GTP_FAIL;
	}
	struct report_sink sink = { ctx, &gg->board, &args, STRBUF_INIT };
	struct go_avoid *avoid = avoid_table(&args);
	struct go_watch w = watch_for(&args, avoid, &sink, false);

	gg->watch = &w;
	int rc = ctx->game->ops->genmove(ctx->game, color, &budget, &move, err, sizeof(err));
	gg->watch = NULL;
	sb_free(&sink.line);
	free(avoid);
	analysis_args_free(&args);
	if (rc < 0)
		return gtp_fail(out, err);
	sb_puts(out, "play ");
	ctx->game->ops->print_move(ctx->game, move, out);
	return GTP_OK;
}

/* Function:  genmove, streaming lz-analyze's (kata-analyze's) lines while
 *            it thinks; not stopped by the client's next line
 * Arguments: as lz-analyze (kata-analyze)
 * Fails:     invalid analysis argument, unsupported analysis key: avoid
 *            (allow) at a level whose algorithm is not mcts or mcts-light,
 *            and as genmove
 * Returns:   play MOVE (a vertex, pass or resign) */
enum gtp_status go_cmd_lz_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	return genmove_analyze(ctx, argc, argv, false, out);
}

enum gtp_status go_cmd_kata_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					    struct strbuf *out)
{
	return genmove_analyze(ctx, argc, argv, true, out);
}

/* ---- GoGui ---- */

/* GoGui's analyze commands, TYPE/LABEL/COMMAND: what its Analyze menu
 * offers (%m: the colour to move). */
static const char *const gogui_commands[] = {
	"dboard/Ownership/quintet-ownership %m",
	"pspairs/Win rates/quintet-winrates %m",
	"var/Principal variation/quintet-pv %m",
	"plist/Dead stones/final_status_list dead",
	"string/Score/final_score",
	NULL,
};

/* Function:  GoGui's analyze commands of the engine
 * Arguments: none
 * Fails:     never
 * Returns:   one TYPE/LABEL/COMMAND line each */
enum gtp_status go_cmd_gogui_analyze_commands(struct cmd_ctx *ctx, int argc, char **argv,
					      struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv;
	for (int i = 0; gogui_commands[i]; i++)
		sb_printf(out, "%s%s", i ? "\n" : "", gogui_commands[i]);
	return GTP_OK;
}

/* Function:  tell GoGui that "# interrupt" stops a command
 * Arguments: none
 * Fails:     never
 * Returns:   nothing */
enum gtp_status go_cmd_gogui_interrupt(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv, (void)out;
	return GTP_OK;
}

/* One search for the colour of argv[0] (the side to move without one) at
 * the level's budget, as genmove's, nothing played; its snapshot into a
 * (malloc'd, the caller frees). NULL with the error in out. */
static struct go_analysis *searched(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	struct go_game *gg = go_of(ctx->game);
	int color = argc > 0 ? gtp_parse_color(argv[0]) : (int)go_to_move(gg);

	if (!color) {
		gtp_fail(out, "invalid color");
		return NULL;
	}
	struct go_analysis *a = xmalloc(sizeof(*a));
	struct go_watch w = { .ownership = true, .final = a };
	struct game_level capped;
	struct game_budget budget = ctx_move_budget(ctx, color, &capped);
	const struct game_level *lv = budget.level;

	go_mcts_search(gg, (enum go_color)color, lv, &budget, go_mcts_policy(lv), &w, NULL);
	return a;
}

/* Function:  the expected ownership of every point (GoGui dboard)
 * Arguments: [COLOR] the side to search for (default: to move)
 * Fails:     invalid color
 * Returns:   a row per line, the top row first: numbers in [-1, 1],
 *            positive for black */
enum gtp_status go_cmd_quintet_ownership(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out)
{
	const struct go_board *b = &go_of(ctx->game)->board;
	struct go_analysis *a = searched(ctx, argc, argv, out);

	if (!a)
		return GTP_FAIL;
	for (int row = b->size - 1; row >= 0; row--) {
		for (int col = 0; col < b->size; col++) {
			double v = a->ownership[go_point(b, col, row)];

			sb_printf(out, "%s%.2f", col ? " " : "", round(v * 100) / 100 + 0.0);
		}
		if (row > 0)
			sb_puts(out, "\n");
	}
	free(a);
	return GTP_OK;
}

/* Function:  the candidates' win rates (GoGui pspairs)
 * Arguments: [COLOR]
 * Fails:     invalid color
 * Returns:   VERTEX PERCENT pairs, most searched first (at most 10) */
enum gtp_status go_cmd_quintet_winrates(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out)
{
	const struct go_board *b = &go_of(ctx->game)->board;
	struct go_analysis *a = searched(ctx, argc, argv, out);

	if (!a)
		return GTP_FAIL;
	for (int i = 0; i < a->ncand && i < 10; i++) {
		if (i > 0)
			sb_puts(out, " ");
		go_print_vertex(b, a->cand[i].move, out);
		sb_printf(out, " %.0f%%", 100 * a->cand[i].winrate);
	}
	free(a);
	return GTP_OK;
}

/* Function:  the principal variation (GoGui var)
 * Arguments: [COLOR]
 * Fails:     invalid color
 * Returns:   the vertices of the most searched line, colours alternating
 *            from COLOR's; empty when nothing was searched */
enum gtp_status go_cmd_quintet_pv(struct cmd_ctx *ctx, int argc, char **argv,
				  struct strbuf *out)
{
	const struct go_board *b = &go_of(ctx->game)->board;
	struct go_analysis *a = searched(ctx, argc, argv, out);

	if (!a)
		return GTP_FAIL;
	if (a->ncand > 0)
		for (int j = 0; j < a->cand[0].npv; j++) {
			if (j > 0)
				sb_puts(out, " ");
			go_print_vertex(b, a->cand[0].pv[j], out);
		}
	free(a);
	return GTP_OK;
}
