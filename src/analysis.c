/* The GTP analysis commands shared by every game with a search (see
 * analysis.h): the arguments, a candidate's numbers, and the handlers of
 * the alpha-beta games, whose lines come from the search's reports
 * (search/info.h) through the game's genmove. Nothing here names a game. */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ctx.h"
#include "game.h"
#include "search/info.h"
#include "util/checkpoint.h"
#include "util/monotime.h"

#define INTERVAL_MAX 360000  /* centiseconds: an hour */
#define INTERVAL_DEFAULT 100 /* centiseconds between lines when none is given */
#define MOVES_MAX 1000
#define IDLE_NS (10 * 1000 * 1000) /* a finished analysis looks at its stop flag this often */

/* ---- arguments and numbers (every game) ---- */

static int parse_bool(const char *text, bool *out)
{
	if (!strcmp(text, "true") || !strcmp(text, "1"))
		*out = true;
	else if (!strcmp(text, "false") || !strcmp(text, "0"))
		*out = false;
	else
		return -1;
	return 0;
}

/* One KEY VALUE pair; -1 for an unknown key or a bad value. */
static int parse_pair(const char *key, const char *value, struct analysis_args *a)
{
	if (!strcmp(key, "interval"))
		return gtp_parse_int(value, 0, INTERVAL_MAX, &a->interval);
	if (!strcmp(key, "maxmoves"))
		return gtp_parse_int(value, 0, MOVES_MAX, &a->maxmoves);
	if (!strcmp(key, "minmoves"))
		return gtp_parse_int(value, 0, MOVES_MAX, &a->minmoves);
	if (a->kata && !strcmp(key, "ownership"))
		return parse_bool(value, &a->ownership);
	return -1;
}

static bool is_number(const char *text)
{
	return *text && strspn(text, "0123456789") == strlen(text);
}

int analysis_parse_args(const struct game *g, int argc, char **argv, bool kata,
			struct analysis_args *a)
{
	int i = 0;

	*a = (struct analysis_args){ .interval = INTERVAL_DEFAULT, .kata = kata };
	if (i < argc && game_parse_color(g, argv[i]))
		a->color = game_parse_color(g, argv[i++]);
	if (i < argc && is_number(argv[i]) &&
	    gtp_parse_int(argv[i++], 0, INTERVAL_MAX, &a->interval) < 0)
		return -1;
	for (; i + 1 < argc; i += 2)
		if (parse_pair(argv[i], argv[i + 1], a) < 0)
			return -1;
	return i == argc ? 0 : -1;
}

/* Leela Zero's integers: 10000 times a fraction, rounded. */
static int permyriad(double x)
{
	return (int)lround(x * 10000);
}

/* KataGo's utility is the win rate mapped to [-1, 1] (quintet's searches
 * value nothing else); scoreMean and scoreSelfplay equal scoreLead. */
void analysis_put_numbers(const struct analysis_candidate *k, bool kata, struct strbuf *sb)
{
	if (!kata) {
		sb_printf(sb, " visits %ld winrate %d prior %d lcb %d order %d", k->visits,
			  permyriad(k->winrate), permyriad(k->prior), permyriad(k->lcb), k->order);
		return;
	}
	sb_printf(sb, " visits %ld utility %.6f winrate %.6f scoreMean %.3f scoreStdev %.3f"
		      " scoreLead %.3f scoreSelfplay %.3f prior %.6f lcb %.6f utilityLcb %.6f"
		      " order %d",
		  k->visits, 2 * k->winrate - 1, k->winrate, k->score_lead, k->score_stdev,
		  k->score_lead, k->score_lead, k->prior, k->lcb, 2 * k->lcb - 1, k->order);
}

/* ---- the alpha-beta games ---- */

/* A score for the side to move as an analysis line's candidate: nodes as
 * visits; a proven result is a win rate of 1 or 0, with its margin where
 * the score carries one; else the logistic win rate of the scale and the
 * score in the game's units. The only candidate has the whole prior, and
 * no visit statistics to bound the win rate: lcb is the win rate. */
static struct analysis_candidate candidate_of(const struct search_scale *sc,
					      const struct search_info *info)
{
	struct analysis_candidate k = { .visits = info->nodes, .prior = 1 };
	int score = info->score, sign = score > 0 ? 1 : -1;

	if (score > sc->win_bound || score < -sc->win_bound) {
		k.winrate = score > 0;
		if (sc->win && sc->unit)
			k.score_lead = sign * (double)(abs(score) - sc->win) / sc->unit;
	} else {
		k.winrate = 1 / (1 + exp(-score / sc->spread));
		if (sc->unit)
			k.score_lead = (double)score / sc->unit;
	}
	k.lcb = k.winrate;
	return k;
}

/* Where an analysis's lines go, at most one an interval: the newest
 * iteration's line waits in line until it is due. */
struct sink {
	const struct cmd_ctx *ctx;        /* ctx_emit's */
	const struct game *game;          /* prints the moves (read only) */
	const struct analysis_args *args; /* the line's format */
	double interval;                  /* seconds between lines, 0: none */
	double due;                       /* monotime_now() from which a line may go */
	struct strbuf line;               /* the newest iteration's line */
	bool pending;                     /* ... not sent yet */
	bool start;                       /* start the reply at the first report */
	bool started;                     /* ... done */
};

/* start: the reply's "=" at the first report, whether a line is due or
 * not (an analysis: once the search runs it cannot fail). */
static void sink_init(struct sink *k, const struct cmd_ctx *ctx, const struct game *g,
		      const struct analysis_args *args, bool start)
{
	*k = (struct sink){ .ctx = ctx, .game = g, .args = args,
			    .interval = args->interval / 100.0, .line = STRBUF_INIT,
			    .start = start };
	k->due = monotime_now() + k->interval;
}

/* Send the waiting line if it is due (or at once: now). */
static void sink_flush(struct sink *k, bool now)
{
	if (!k->pending || (!now && monotime_now() < k->due))
		return;
	ctx_emit(k->ctx, sb_str(&k->line));
	k->pending = false;
	k->due = monotime_now() + k->interval;
}

/* The search's listener (its thread: the job's): the iteration's line,
 * sent when due. An iteration without a line (no PV) says nothing. */
static void report(void *arg, const struct search_info *info)
{
	struct sink *k = arg;
	const struct game *g = k->game;
	struct analysis_candidate c = candidate_of(g->ops->search_scale, info);

	if (k->start && !k->started) {
		ctx_emit_start(k->ctx);
		k->started = true;
	}
	if (k->interval <= 0 || info->npv == 0)
		return;
	sb_reset(&k->line);
	sb_puts(&k->line, "info move ");
	g->ops->print_move(g, info->pv[0], &k->line);
	analysis_put_numbers(&c, k->args->kata, &k->line);
	sb_puts(&k->line, " pv");
	for (int i = 0; i < info->npv; i++) {
		sb_puts(&k->line, " ");
		g->ops->print_move(g, info->pv[i], &k->line);
	}
	k->pending = true;
	sink_flush(k, false);
}

/* The level an analysis searches with: the active one's table size, its
 * algorithm the alpha-beta search, as deep as it goes, no randomness, the
 * server's node cap; its time is the command's (ctx_analysis_budget). */
static struct game_level analysis_level(const struct cmd_ctx *ctx)
{
	const struct game_level *lv = ctx_level(ctx);
	struct game_level a = { .hash_mb = lv ? lv->hash_mb : 0 };

	snprintf(a.name, sizeof(a.name), "analysis");
	snprintf(a.algorithm, sizeof(a.algorithm), "alphabeta");
	a.depth = SEARCH_MAX_PLY;
	a.nodes = ctx->max_nodes > 0 ? ctx->max_nodes : 0;
	return a;
}

static enum gtp_status analyze(struct cmd_ctx *ctx, int argc, char **argv, bool kata,
			       struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	struct timespec nap = { 0, IDLE_NS };
	struct analysis_args args;
	char err[128];
	int move;

	if (analysis_parse_args(ctx->game, argc, argv, kata, &args) < 0)
		return gtp_fail(out, ANALYSIS_BAD_ARGUMENT);
	/* The move is played on a copy: an analysis changes nothing. */
	struct game *scratch = ops->copy(ctx->game);
	int color = args.color ? args.color : ops->to_move(scratch);
	struct game_level lv = analysis_level(ctx);
	struct game_budget budget = ctx_analysis_budget(ctx);
	struct sink sink;

	sink_init(&sink, ctx, scratch, &args, true);
	budget.level = &lv;
	budget.report = report;
	budget.report_arg = &sink;
	int rc = ops->genmove(scratch, color, &budget, &move, err, sizeof(err));
	if (rc < 0 && !sink.started) { /* refused before it searched: game over, ... */
		sb_free(&sink.line);
		ops->destroy(scratch);
		return gtp_fail(out, err);
	}
	if (!sink.started)
		ctx_emit_start(ctx);
	/* The search has said all it knows: its last line when due, then
	 * nothing until the client's next line. */
	while (!ctx_stopped(ctx)) {
		sink_flush(&sink, false);
		job_checkpoint();
		nanosleep(&nap, NULL);
	}
	sb_free(&sink.line);
	ops->destroy(scratch);
	return GTP_OK;
}

/* Function:  analyse the position until the client's next line, streaming
 *            Leela Zero's info lines (lz-analyze) or KataGo's (kata-analyze),
 *            one candidate a line: the search's best move after each
 *            iteration, at most one line an interval
 * Arguments: [COLOR] [INTERVAL] {KEY VALUE}: interval, maxmoves, minmoves,
 *            and for kata-analyze ownership true|false (accepted; no list)
 * Fails:     invalid analysis argument, and as genmove (game over, out of
 *            turn, ...), before any line
 * Returns:   nothing after the streamed lines */
enum gtp_status analysis_cmd_lz_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out)
{
	return analyze(ctx, argc, argv, false, out);
}

enum gtp_status analysis_cmd_kata_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	return analyze(ctx, argc, argv, true, out);
}

static enum gtp_status genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv, bool kata,
				       struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	struct analysis_args args;
	struct game_level capped;
	struct sink sink;
	char err[128];
	int move;

	if (analysis_parse_args(ctx->game, argc, argv, kata, &args) < 0)
		return gtp_fail(out, ANALYSIS_BAD_ARGUMENT);
	int color = args.color ? args.color : ops->to_move(ctx->game);
	struct game_budget budget = ctx_move_budget(ctx, color, &capped);

	sink_init(&sink, ctx, ctx->game, &args, false);
	budget.report = report;
	budget.report_arg = &sink;
	int rc = ops->genmove(ctx->game, color, &budget, &move, err, sizeof(err));
	if (rc == 0)
		sink_flush(&sink, true); /* the last word: the line the move came from */
	sb_free(&sink.line);
	if (rc < 0)
		return gtp_fail(out, err);
	sb_puts(out, "play ");
	ops->print_move(ctx->game, move, out);
	return GTP_OK;
}

/* Function:  genmove, streaming lz-analyze's (kata-analyze's) lines while
 *            it thinks, the last iteration's line before the move; not
 *            stopped by the client's next line
 * Arguments: as lz-analyze (kata-analyze)
 * Fails:     invalid analysis argument, and as genmove
 * Returns:   play MOVE */
enum gtp_status analysis_cmd_lz_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
						struct strbuf *out)
{
	return genmove_analyze(ctx, argc, argv, false, out);
}

enum gtp_status analysis_cmd_kata_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
						  struct strbuf *out)
{
	return genmove_analyze(ctx, argc, argv, true, out);
}
