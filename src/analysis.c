/* The GTP analysis commands shared by every game with a search (see
 * analysis.h): the arguments, a candidate's numbers, and the handlers of
 * the alpha-beta games, whose lines come from the search's reports
 * (search/info.h) through the game's genmove. Nothing here names a game. */
#include "analysis.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ctx.h"
#include "game.h"
#include "search/info.h"
#include "util/checkpoint.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define INTERVAL_MAX 360000  /* centiseconds: an hour */
#define INTERVAL_DEFAULT 100 /* centiseconds between lines when none is given */
#define MOVES_KEY_MAX 999999999 /* maxmoves, minmoves: KataGo's bound */
#define DEPTH_MAX 1000000000    /* avoid's and allow's UNTILDEPTH */
#define IDLE_NS (10 * 1000 * 1000) /* a finished analysis looks at its stop flag this often */

/* ---- arguments and numbers (every game) ---- */

/* true or false in any case, as KataGo reads them, or 1 or 0. */
static int parse_bool(const char *text, bool *out)
{
	if (!strcasecmp(text, "true") || !strcmp(text, "1"))
		*out = true;
	else if (!strcasecmp(text, "false") || !strcmp(text, "0"))
		*out = false;
	else
		return -1;
	return 0;
}

/* A centisecond interval, 0..INTERVAL_MAX, a fraction allowed as KataGo
 * does. */
static int parse_interval(const char *text, double *out)
{
	double v;

	if (gtp_parse_double(text, &v) < 0 || v < 0 || v > INTERVAL_MAX)
		return -1;
	*out = v;
	return 0;
}

/* maxmoves and minmoves: 0..MOVES_KEY_MAX, kept at most ANALYSIS_MOVES_MAX
 * (no position has more moves). */
static int parse_moves(const char *text, long *out)
{
	if (gtp_parse_int(text, 0, MOVES_KEY_MAX, out) < 0)
		return -1;
	if (*out > ANALYSIS_MOVES_MAX)
		*out = ANALYSIS_MOVES_MAX;
	return 0;
}

/* The KataGo keys that take true or false. */
static bool *kata_flag(struct analysis_args *a, const char *key)
{
	static const struct {
		const char *key;
		size_t offset;
	} flags[] = {
		{ "rootInfo", offsetof(struct analysis_args, root_info) },
		{ "ownership", offsetof(struct analysis_args, ownership) },
		{ "ownershipStdev", offsetof(struct analysis_args, ownership_stdev) },
		{ "movesOwnership", offsetof(struct analysis_args, moves_ownership) },
		{ "movesOwnershipStdev", offsetof(struct analysis_args, moves_ownership_stdev) },
		{ "pvVisits", offsetof(struct analysis_args, pv_visits) },
		{ "pvEdgeVisits", offsetof(struct analysis_args, pv_edge_visits) },
		{ "noResultValue", offsetof(struct analysis_args, no_result) },
	};

	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (!strcmp(flags[i].key, key))
			return (bool *)((char *)a + flags[i].offset);
	return NULL;
}

static void add_move(struct analysis_args *a, int color, int move, long until)
{
	if ((a->nmoves & (a->nmoves - 1)) == 0) /* 0, 1, 2, 4, ...: full */
		a->moves = xrealloc(a->moves, (size_t)(a->nmoves ? 2 * a->nmoves : 1) *
						      sizeof(*a->moves));
	a->moves[a->nmoves++] = (struct analysis_move){ color, move, until };
}

/* KataGo's avoid or allow clause, COLOR MOVE,MOVE,... UNTILDEPTH: the
 * moves split at commas (empty pieces skipped), each one the game's;
 * allow once a colour and never with avoid for it. -1 when bad. */
static int parse_clause(const struct game *g, struct analysis_args *a, bool allow,
			const char *color_text, const char *moves_text, const char *until_text)
{
	int color = game_parse_color(g, color_text);
	char buf[64], err[64];
	long until;

	if (!color || gtp_parse_int(until_text, 1, DEPTH_MAX, &until) < 0)
		return -1;
	if (a->allow_until[color] || (allow && a->avoided[color]))
		return -1;
	for (const char *p = moves_text; *p;) {
		size_t n = strcspn(p, ",");
		int move;

		if (n > 0) {
			if (n >= sizeof(buf))
				return -1;
			memcpy(buf, p, n);
			buf[n] = '\0';
			if (g->ops->parse_move(g, buf, &move, err, sizeof(err)) < 0)
				return -1;
			add_move(a, color, move, allow ? 0 : until);
		}
		p += n + (p[n] == ',');
	}
	if (allow)
		a->allow_until[color] = until;
	else
		a->avoided[color] = true;
	if (!a->restricted)
		a->restricted = allow ? "allow" : "avoid";
	return 0;
}

/* One KEY VALUE pair at argv[*i] (avoid and allow take two words more);
 * *i steps past it. -1 for an unknown key, a bad value or words missing. */
static int parse_pair(const struct game *g, int argc, char **argv, int *i,
		      struct analysis_args *a)
{
	const char *key = argv[*i], *value = argv[*i + 1];
	bool *flag;

	*i += 2;
	if (!strcmp(key, "interval"))
		return parse_interval(value, &a->interval);
	if (!strcmp(key, "maxmoves"))
		return parse_moves(value, &a->maxmoves);
	if (!strcmp(key, "minmoves"))
		return parse_moves(value, &a->minmoves);
	if (!strcmp(key, "avoid") || !strcmp(key, "allow")) {
		if (*i + 2 > argc)
			return -1;
		*i += 2;
		return parse_clause(g, a, key[1] == 'l', value, argv[*i - 2], argv[*i - 1]);
	}
	if (a->kata && (flag = kata_flag(a, key)))
		return parse_bool(value, flag);
	return -1;
}

int analysis_parse_args(const struct game *g, int argc, char **argv, bool kata,
			struct analysis_args *a)
{
	int i = 0;

	*a = (struct analysis_args){ .interval = INTERVAL_DEFAULT, .kata = kata };
	if (i < argc && game_parse_color(g, argv[i]))
		a->color = game_parse_color(g, argv[i++]);
	/* A number next is the interval (KataGo takes a word that reads as one
	 * in range; one out of range would be a key without a value). */
	if (i < argc && strspn(argv[i], "0123456789.+-eE") == strlen(argv[i]) &&
	    parse_interval(argv[i++], &a->interval) < 0)
		return -1;
	while (i + 1 < argc)
		if (parse_pair(g, argc, argv, &i, a) < 0)
			return -1;
	return i == argc ? 0 : -1;
}

void analysis_args_free(struct analysis_args *a)
{
	free(a->moves);
	a->moves = NULL;
	a->nmoves = 0;
}

/* Leela Zero's integers: 10000 times a fraction, rounded. */
static int permyriad(double x)
{
	return (int)lround(x * 10000);
}

/* KataGo's utility is the win rate mapped to [-1, 1] (quintet's searches
 * value nothing else); scoreMean and scoreSelfplay equal scoreLead; no
 * game of quintet's ends without a result: noResultValue is 0. */
void analysis_put_numbers(const struct analysis_candidate *k, const struct analysis_args *a,
			  struct strbuf *sb)
{
	if (!a->kata) {
		sb_printf(sb, " visits %ld winrate %d prior %d lcb %d order %d", k->visits,
			  permyriad(k->winrate), permyriad(k->prior), permyriad(k->lcb), k->order);
		return;
	}
	sb_printf(sb, " visits %ld utility %.6f winrate %.6f scoreMean %.3f scoreStdev %.3f"
		      " scoreLead %.3f scoreSelfplay %.3f",
		  k->visits, 2 * k->winrate - 1, k->winrate, k->score_lead, k->score_stdev,
		  k->score_lead, k->score_lead);
	if (a->no_result)
		sb_puts(sb, " noResultValue 0.000000");
	sb_printf(sb, " prior %.6f lcb %.6f utilityLcb %.6f order %d", k->prior, k->lcb,
		  2 * k->lcb - 1, k->order);
}

/* Every visit weighs one: weight is the visits. */
void analysis_put_root(const struct analysis_candidate *root, struct strbuf *sb)
{
	sb_printf(sb, " rootInfo visits %ld utility %.6f winrate %.6f scoreMean %.3f"
		      " scoreStdev %.3f scoreLead %.3f scoreSelfplay %.3f weight %ld",
		  root->visits, 2 * root->winrate - 1, root->winrate, root->score_lead,
		  root->score_stdev, root->score_lead, root->score_lead, root->visits);
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
	analysis_put_numbers(&c, k->args, &k->line);
	sb_puts(&k->line, " pv");
	for (int i = 0; i < info->npv; i++) {
		sb_puts(&k->line, " ");
		g->ops->print_move(g, info->pv[i], &k->line);
	}
	/* The root's value is its best move's (minimax), its visits the
	 * search's. */
	if (k->args->root_info)
		analysis_put_root(&c, &k->line);
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

/* The keys an alpha-beta search cannot honour: no visits along its lines,
 * no root moves set aside. The one asked for first, or NULL. (The
 * ownership keys ask for lists that have nothing to say here; they are
 * accepted and give none.) */
static const char *unsupported_key(const struct analysis_args *a)
{
	if (a->pv_visits)
		return "pvVisits";
	if (a->pv_edge_visits)
		return "pvEdgeVisits";
	return a->restricted;
}

/* Parse the arguments for an alpha-beta game's analysis into a (freed
 * here on failure): GTP_OK, or the reply's error. */
static enum gtp_status parse_args(struct cmd_ctx *ctx, int argc, char **argv, bool kata,
				  struct analysis_args *a, struct strbuf *out)
{
	const char *key;

	if (analysis_parse_args(ctx->game, argc, argv, kata, a) < 0) {
		analysis_args_free(a);
		return gtp_fail(out, ANALYSIS_BAD_ARGUMENT);
	}
	if ((key = unsupported_key(a))) {
		sb_printf(out, "%s%s", ANALYSIS_UNSUPPORTED, key);
		analysis_args_free(a);
		return GTP_FAIL;
	}
	return GTP_OK;
}

static enum gtp_status analyze(struct cmd_ctx *ctx, int argc, char **argv, bool kata,
			       struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	struct timespec nap = { 0, IDLE_NS };
	struct analysis_args args;
	char err[128];
	int move;

	if (parse_args(ctx, argc, argv, kata, &args, out) != GTP_OK)
		return GTP_FAIL;
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
		analysis_args_free(&args);
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
	analysis_args_free(&args);
	return GTP_OK;
}

/* Function:  analyse the position until the client's next line, streaming
 *            Leela Zero's info lines (lz-analyze) or KataGo's (kata-analyze),
 *            one candidate a line: the search's best move after each
 *            iteration, at most one line an interval
 * Arguments: [COLOR] [INTERVAL] {KEY VALUE}: interval, maxmoves, minmoves
 *            (accepted: one candidate a line), and for kata-analyze
 *            rootInfo, noResultValue (0), the ownership keys (accepted; no
 *            list)
 * Fails:     invalid analysis argument, unsupported analysis key: KEY
 *            (pvVisits, pvEdgeVisits, avoid, allow), and as genmove (game
 *            over, out of turn, ...), before any line
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

	if (parse_args(ctx, argc, argv, kata, &args, out) != GTP_OK)
		return GTP_FAIL;
	int color = args.color ? args.color : ops->to_move(ctx->game);
	struct game_budget budget = ctx_move_budget(ctx, color, &capped);

	sink_init(&sink, ctx, ctx->game, &args, false);
	budget.report = report;
	budget.report_arg = &sink;
	int rc = ops->genmove(ctx->game, color, &budget, &move, err, sizeof(err));
	if (rc == 0)
		sink_flush(&sink, true); /* the last word: the line the move came from */
	sb_free(&sink.line);
	analysis_args_free(&args);
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
 * Fails:     invalid analysis argument, unsupported analysis key: KEY, and
 *            as genmove
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
