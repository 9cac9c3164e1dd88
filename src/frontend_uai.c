/* The UAI front end (see frontend_uai.h and protocol/PROTOCOL.md, "UAI"):
 * a translator onto the engine session every protocol shares (session.h).
 *
 *   loop thread (uai_line)                      search worker
 *   position, setoption, isready, d ... at once
 *   on the session's game and level
 *   go, perft ── session_call_job ───────────>  go_run / perft_run on the
 *                fe_start_session_job           job's snapshot (ctx)
 *                                   info ... <── ctx_emit (in order)
 *   uai_job_done: bestmove / nodes  <────────── returns (an infinite search
 *   session_call_finish                          first waits for stop)
 *
 * A go is an engine move like GTP's genmove: the same level policy, caps,
 * time manager (its clock words as a timeman_clock), arrival-relative
 * deadline and queue; its own limits (depth, nodes, a clock) make a level
 * of the go's own on the active one. */
#include "frontend_uai.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cfg.h"
#include "config.h"
#include "games/ataxx/ataxx.h"
#include "session.h"
#include "timeman.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define UAI_MAX_WORDS 4096
#define UAI_DEFAULT_HASH_MB 4
#define UAI_INFINITE_POLL_NS 2000000L /* how often a finished infinite search looks at stop */
#define UAI_FOREVER 1e9               /* s: a search with no time of its own */

struct uai_job;

struct uai {
	struct fe_conn *conn;     /* where replies go */
	struct session *s;        /* the engine session: the game (size, rules,
				   * history, its search table), level, lag */
	int hash_mb;              /* Hash option: the table's size for go */
	struct uai_job *job;      /* the go or perft in flight, or NULL */
	char **words;             /* split scratch, UAI_MAX_WORDS */
};

enum uai_job_kind { UAI_GO, UAI_PERFT };

struct uai_job {
	enum uai_job_kind kind;      /* what it runs */
	struct session_job *sj;      /* the session's job running it */
	bool infinite;               /* go: hold bestmove until stop */
	struct game_level level;     /* go: its own level (see cmd_go) */
	int depth;                   /* perft: deepest count */
	const struct cmd_ctx *ctx;   /* while it runs: its snapshot */
	int move;                    /* go's answer */
	uint64_t nodes;              /* perft's answer */
};

static const struct cfg_game *section(const struct uai *u)
{
	return cfg_game(u->s->cfg, ataxx_ops.name);
}

static struct ataxx_game *game(const struct uai *u)
{
	return ataxx_of(u->s->game);
}

static void say(struct uai *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Loop thread: one line to the client. */
static void say(struct uai *u, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_puts(&sb, "\n");
	fe_write(u->conn, sb.buf, sb.len);
	sb_free(&sb);
}

/* ------------------------------------------------------------- search */

static void move_text(int move, struct strbuf *sb)
{
	ataxx_print_move(move, true, sb);
}

/* Worker thread: the info line of a finished iteration. */
static void report(void *arg, const struct search_info *info)
{
	struct uai_job *job = arg;
	struct strbuf line = STRBUF_INIT;
	long ms = (long)(info->seconds * 1000);

	sb_printf(&line, "info depth %d", info->depth);
	if (info->seldepth > 0)
		sb_printf(&line, " seldepth %d", info->seldepth);
	sb_puts(&line, " score ");
	if (info->score > ATAXX_WIN_BOUND || info->score < -ATAXX_WIN_BOUND) {
		int plies = ATAXX_WIN - abs(info->score);
		sb_printf(&line, "mate %d", (info->score > 0 ? 1 : -1) * (plies + 1) / 2);
	} else {
		sb_printf(&line, "cp %d", info->score);
	}
	sb_printf(&line, " nodes %ld time %ld nps %ld pv", info->nodes, ms,
		  info->seconds > 0 ? (long)(info->nodes / info->seconds) : 0);
	for (int i = 0; i < info->npv; i++) {
		sb_puts(&line, " ");
		move_text(info->pv[i], &line);
	}
	ctx_emit(job->ctx, sb_str(&line));
	sb_free(&line);
}

static bool is_search_level(const struct game_level *level)
{
	return !strcmp(level->algorithm, "alphabeta");
}

/* A search until stopped: no time of its own, the command's cap, the
 * server's node cap, to the end whatever the best move's stability. */
static struct game_budget until_stopped(struct cmd_ctx *ctx, struct game_level *capped)
{
	struct game_budget b = ctx_analysis_budget(ctx);

	*capped = *b.level;
	capped->seconds = b.max_seconds > 0 ? b.max_seconds : UAI_FOREVER;
	game_level_cap_nodes(capped, ctx->max_nodes);
	b.level = capped;
	b.spend_all = true;
	return b;
}

/* Worker thread: the go's move on the snapshot, which it leaves as it was
 * but for the table and the random generator (random levels move on). */
static void go_run(struct cmd_ctx *ctx, void *arg)
{
	struct uai_job *job = arg;
	struct ataxx_game *ag = ataxx_of(ctx->game);
	struct timespec poll = { 0, UAI_INFINITE_POLL_NS };
	struct game_level capped;
	char err[64];

	job->ctx = ctx;
	job->move = AX_PASS;
	if (!axw_is_over(&ag->pos)) {
		struct game_budget budget =
			job->infinite ? until_stopped(ctx, &capped)
				      : ctx_move_budget(ctx, ctx->game->ops->to_move(ctx->game), &capped);

		budget.report = report;
		budget.report_arg = job;
		if (ataxx_choose(ag, &ag->pos, &budget, &job->move, err, sizeof(err)) < 0)
			job->move = AX_PASS;
	}
	while (job->infinite && !ctx_stopped(ctx))
		nanosleep(&poll, NULL);
}

/* Worker thread: one info line per depth, while not stopped. */
static void perft_run(struct cmd_ctx *ctx, void *arg)
{
	struct uai_job *job = arg;
	const struct ataxx_game *ag = ataxx_of(ctx->game);

	for (int d = 1; d <= job->depth && !ctx_stopped(ctx); d++) {
		struct strbuf line = STRBUF_INIT;
		double t0 = monotime_now();
		/* The server's node cap counts leaves; one past it means "over". */
		uint64_t left = ctx->max_nodes > 0 ? (uint64_t)ctx->max_nodes + 1 : UINT64_MAX;
		uint64_t nodes = ax_perft_sized(&ag->pos, ag->size, d, ctx->stop, &left);
		double s = monotime_now() - t0;

		if (ctx_stopped(ctx) || left == 0)
			break;
		job->nodes = nodes;
		sb_printf(&line, "info depth %d nodes %llu time %ld nps %.0f", d,
			  (unsigned long long)nodes, (long)(s * 1000), s > 0 ? (double)nodes / s : 0.0);
		ctx_emit(ctx, sb_str(&line));
		sb_free(&line);
	}
}

/* A bounded go is an engine move: it owes its bestmove by its hard limit
 * (counted from the line's arrival), queued or not. An infinite go and
 * perft are long jobs, within server.max_command_time. The session plans
 * and caps both as GTP's genmove and analyses. */
static void start(struct uai *u, struct uai_job *job, const struct timeman_clock *clock,
		  double arrival)
{
	bool move = job->kind == UAI_GO && !job->infinite;
	struct session_call call = {
		.kind = move ? SESSION_CALL_MOVE : SESSION_CALL_LONG,
		.run = job->kind == UAI_GO ? go_run : perft_run,
		.arg = job,
		.clock = clock,
		.level = job->kind == UAI_GO ? &job->level : NULL,
	};

	job->sj = session_call_job(u->s, &call, arrival);
	u->job = job;
	fe_start_session_job(u->conn, job->sj);
}

/* --------------------------------------------------------------- go */

static int word_long(char **w, int n, int i, long *out)
{
	char *end;

	if (i + 1 >= n)
		return -1;
	*out = strtol(w[i + 1], &end, 10);
	return *end || end == w[i + 1] ? -1 : 0;
}

/* What go's words ask (times in ms; -1: not given). */
struct go_words {
	long depth, nodes, movetime, time_ms[2], inc_ms[2], moves_to_go;
	bool infinite;
};

static void parse_go(char **w, int n, struct go_words *g)
{
	long v;

	*g = (struct go_words){ .movetime = -1, .time_ms = { -1, -1 } };
	for (int i = 1; i < n; i++) {
		if (!strcmp(w[i], "infinite"))
			g->infinite = true;
		else if (word_long(w, n, i, &v) < 0)
			continue;
		else if (!strcmp(w[i], "depth"))
			g->depth = v > 0 ? v : 1;
		else if (!strcmp(w[i], "nodes"))
			g->nodes = v > 0 ? v : 1;
		else if (!strcmp(w[i], "movetime"))
			g->movetime = v > 0 ? v : 0;
		else if (!strcmp(w[i], "btime") || !strcmp(w[i], "wtime"))
			g->time_ms[w[i][0] == 'w'] = v > 0 ? v : 0;
		else if (!strcmp(w[i], "binc") || !strcmp(w[i], "winc"))
			g->inc_ms[w[i][0] == 'w'] = v > 0 ? v : 0;
		else if (!strcmp(w[i], "movestogo"))
			g->moves_to_go = v;
	}
}

/* The go's own level: the active one (its algorithm, randomness), with
 * the Hash option's table, searching within go's limits rather than its
 * own depth, nodes and time. */
static void go_level(const struct uai *u, const struct go_words *g, struct game_level *level)
{
	const struct cfg_game *gc = section(u);

	if (gc && u->s->level >= 0 && u->s->level < gc->nlevels)
		*level = gc->levels[u->s->level];
	else
		*level = (struct game_level){ .algorithm = "alphabeta" };
	level->depth = (int)g->depth;
	level->nodes = g->nodes;
	level->seconds = 0;
	level->hash_mb = u->hash_mb;
}

static void cmd_go(struct uai *u, char **w, int n, double arrival)
{
	struct uai_job *job = xcalloc(1, sizeof(*job));
	struct timeman_clock clock;
	struct go_words g;
	int side = game(u)->pos.turn; /* btime and binc are x's, the first player */

	parse_go(w, n, &g);
	job->kind = UAI_GO;
	go_level(u, &g, &job->level);
	timeman_from_uai(&clock, g.time_ms[side], g.inc_ms[side], g.moves_to_go, g.movetime, 0, 0);
	/* Without any limit the search would not end by itself: as infinite. */
	job->infinite = g.infinite || (!g.depth && !g.nodes && !clock.limited &&
				       is_search_level(&job->level));
	start(u, job, job->infinite || !clock.limited ? NULL : &clock, arrival);
}

/* perft DEPTH: one info line per depth up to DEPTH, then "nodes N". */
static void cmd_perft(struct uai *u, char **w, int n, double arrival)
{
	long depth;

	if (n != 2 || gtp_parse_int(w[1], 1, 20, &depth) < 0) {
		say(u, "info string perft needs a depth from 1 to 20");
		return;
	}
	struct uai_job *job = xcalloc(1, sizeof(*job));
	job->kind = UAI_PERFT;
	job->depth = (int)depth;
	start(u, job, NULL, arrival);
}

/* ---------------------------------------------------------- position */

/* Play UAI moves from words[0..n) on ag; -1, or the index of the bad one. */
static int play_moves(struct ataxx_game *ag, char **w, int n)
{
	char err[64];

	for (int i = 0; i < n; i++) {
		int move, color = ag->pos.turn ? COLOR_WHITE : COLOR_BLACK;

		if (ataxx_parse_move(ag->size, w[i], &move, err, sizeof(err)) < 0 ||
		    ataxx_play(ag, color, move, err, sizeof(err)) < 0)
			return i;
	}
	return -1;
}

/* The position of w (position startpos|fen ... [moves ...]) on a copy of
 * the game, or NULL with the reason said. */
static struct ataxx_game *parse_position(struct uai *u, char **w, int n)
{
	struct ataxx_game *ag = ataxx_of(ataxx_ops.copy(u->s->game));
	char err[128];
	int i = 2, bad;

	if (n >= 2 && !strcmp(w[1], "startpos")) {
		struct ataxx_layout start = { ATAXX_CORNERS, 2 };

		ag->size = 7;
		ag->layout = start;
		ataxx_reset(ag);
	} else if (n >= 3 && !strcmp(w[1], "fen")) {
		int end = 2, size;
		struct axw_pos pos;

		while (end < n && strcmp(w[end], "moves"))
			end++;
		if (ataxx_parse_fen(end - 2, w + 2, &size, &pos, err, sizeof(err)) < 0) {
			say(u, "info string %s", err);
			goto fail;
		}
		ataxx_set_position(ag, size, &pos);
		i = end;
	} else {
		say(u, "info string position needs startpos or fen");
		goto fail;
	}
	if (i < n && !strcmp(w[i], "moves") && (bad = play_moves(ag, w + i + 1, n - i - 1)) >= 0) {
		say(u, "info string illegal move %s", w[i + 1 + bad]);
		goto fail;
	}
	return ag;
fail:
	ataxx_ops.destroy(&ag->base);
	return NULL;
}

/* The session's game becomes the position; a position on the same board
 * keeps the search table (a new game does not). */
static void set_position(struct uai *u, char **w, int n, bool keep_table)
{
	struct ataxx_game *ag = parse_position(u, w, n);

	if (!ag)
		return;
	if (keep_table)
		ataxx_keep_table(ag, game(u));
	session_replace_game(u->s, &ag->base);
}

static void cmd_position(struct uai *u, char **w, int n, double arrival)
{
	(void)arrival;
	set_position(u, w, n, true);
}

/* ------------------------------------------------------------ others */

static void cmd_uai(struct uai *u, char **w, int n, double arrival)
{
	const struct cfg_game *gc = section(u);
	struct strbuf levels = STRBUF_INIT;

	(void)w, (void)n, (void)arrival;
	for (int i = 0; gc && i < gc->nlevels; i++)
		sb_printf(&levels, " var %s", gc->levels[i].name);
	say(u, "id name quintet %s", PACKAGE_VERSION);
	say(u, "id author the quintet authors");
	say(u, "option name Hash type spin default %d min 1 max 4096", UAI_DEFAULT_HASH_MB);
	if (gc && u->s->level >= 0)
		say(u, "option name Level type combo default %s%s", gc->levels[u->s->level].name,
		    sb_str(&levels));
	say(u, "option name Rules type combo default standard var standard var yinyang");
	say(u, "uaiok");
	sb_free(&levels);
}

/* setoption name NAME value VALUE (names are case-insensitive). */
static void cmd_setoption(struct uai *u, char **w, int n, double arrival)
{
	const struct cfg_game *gc = section(u);
	char err[64];
	int level;

	(void)arrival;
	if (n != 5 || strcmp(w[1], "name") || strcmp(w[3], "value")) {
		say(u, "info string setoption name NAME value VALUE");
		return;
	}
	if (!strcasecmp(w[2], "Hash")) {
		long mb = strtol(w[4], NULL, 10);
		u->hash_mb = mb < 1 ? 1 : mb > 4096 ? 4096 : (int)mb;
		ataxx_drop_table(game(u));
	} else if (!strcasecmp(w[2], "Level")) {
		if (gc && (level = cfg_level_index(gc, w[4])) >= 0)
			u->s->level = level;
		else
			say(u, "info string unknown level %s", w[4]);
	} else if (!strcasecmp(w[2], "Rules")) {
		if (ataxx_ops.set_rules(u->s->game, w[4], err, sizeof(err)) < 0)
			say(u, "info string %s", err);
	} else {
		say(u, "info string unknown option %s", w[2]);
	}
}

static void cmd_board(struct uai *u, char **w, int n, double arrival)
{
	struct strbuf sb = STRBUF_INIT;

	(void)w, (void)n, (void)arrival;
	ataxx_ops.render(u->s->game, &sb);
	sb_puts(&sb, "\nfen ");
	ataxx_print_fen(&game(u)->pos, game(u)->size, &sb);
	say(u, "%s", sb_str(&sb) + 1);
	sb_free(&sb);
}

static void cmd_isready(struct uai *u, char **w, int n, double arrival)
{
	(void)w, (void)n, (void)arrival;
	say(u, "readyok");
}

static void cmd_newgame(struct uai *u, char **w, int n, double arrival)
{
	(void)w, (void)n, (void)arrival;
	set_position(u, (char *[]){ "position", "startpos" }, 2, false);
}

static void cmd_stop(struct uai *u, char **w, int n, double arrival)
{
	(void)w, (void)n, (void)arrival;
	if (u->job)
		fe_stop_job(u->conn);
}

static void cmd_ignore(struct uai *u, char **w, int n, double arrival)
{
	(void)u, (void)w, (void)n, (void)arrival;
}

struct uai_command {
	const char *name; /* exact, case-sensitive */
	void (*run)(struct uai *u, char **w, int n, double arrival); /* w[0] is the name */
	bool during_search; /* answered at once while a search runs */
};

static const struct uai_command uai_commands[] = {
	{ "uai", cmd_uai, false },
	{ "isready", cmd_isready, true },
	{ "uainewgame", cmd_newgame, false },
	{ "position", cmd_position, false },
	{ "go", cmd_go, false },
	{ "stop", cmd_stop, true },
	{ "setoption", cmd_setoption, false },
	{ "perft", cmd_perft, false },
	{ "d", cmd_board, false },
	{ "print", cmd_board, false },
	{ "ponderhit", cmd_ignore, true },
	{ "debug", cmd_ignore, true },
	{ NULL, NULL, false },
};

/* ------------------------------------------------------- front end */

static void *uai_open(struct fe_conn *c, const struct fe_info *info)
{
	struct uai *u = xcalloc(1, sizeof(*u));
	char err[128];

	u->conn = c;
	u->s = session_new(info->seed);
	if (session_start_game(u->s, ataxx_ops.name, CFG_FOR_TOOLS, err, sizeof(err)) < 0)
		session_replace_game(u->s, ataxx_ops.create(info->seed)); /* not configured */
	u->hash_mb = UAI_DEFAULT_HASH_MB;
	u->words = xmalloc(UAI_MAX_WORDS * sizeof(*u->words));
	ataxx_ops.set_rules(u->s->game, "standard", NULL, 0);
	cmd_newgame(u, NULL, 0, 0);
	return u;
}

/* Split line into words in place; the count, or -1 past UAI_MAX_WORDS. */
static int split(char *line, char **w)
{
	int n = 0;

	for (char *save = NULL, *t = strtok_r(line, " \t\r\n", &save); t;
	     t = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == UAI_MAX_WORDS)
			return -1;
		w[n++] = t;
	}
	return n;
}

static const struct uai_command *find(const char *name)
{
	for (const struct uai_command *c = uai_commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* A line during a search: isready and stop now, the rest after it (an
 * infinite search is stopped, so a script's next command comes). */
static enum fe_step during_search(struct uai *u, char **w, int n, double arrival)
{
	const struct uai_command *c = find(w[0]);

	if (c && c->during_search) {
		c->run(u, w, n, arrival);
		return FE_DONE;
	}
	if (u->job->infinite || !strcmp(w[0], "quit"))
		fe_stop_job(u->conn);
	return FE_LATER;
}

static enum fe_step uai_line(void *st, char *line, size_t len, double arrival, bool busy)
{
	struct uai *u = st;
	char *copy = xstrdup(line); /* split cuts it; FE_LATER keeps line intact */
	int n = split(copy, u->words);
	enum fe_step step = FE_DONE;

	(void)len;
	if (n < 0) {
		say(u, "info string too many words (at most %d): line ignored", UAI_MAX_WORDS);
	} else if (n > 0 && busy) {
		step = during_search(u, u->words, n, arrival);
	} else if (n > 0 && !strcmp(u->words[0], "quit")) {
		step = FE_CLOSE;
	} else if (n > 0) {
		const struct uai_command *c = find(u->words[0]);

		if (c)
			c->run(u, u->words, n, arrival);
		else
			say(u, "info string unknown command %s", u->words[0]);
	}
	free(copy);
	return step;
}

static enum fe_step uai_too_long(void *st, const char *prefix, size_t len, bool busy)
{
	(void)prefix, (void)len, (void)busy;
	say(st, "info string line too long: ignored");
	return FE_DONE;
}

/* A search that never ran (refused, or given up) still owes a real move,
 * made here on the loop thread (microseconds). */
static int dropped_move(struct uai *u, const struct uai_job *job)
{
	return ataxx_quick_move(game(u), &job->level);
}

static void uai_job_done(void *st, bool ran)
{
	struct uai *u = st;
	struct uai_job *job = u->job;
	struct strbuf best = STRBUF_INIT;

	u->job = NULL;
	if (!ran && fe_job_refused(u->conn))
		say(u, "info string server busy");
	if (job->kind == UAI_GO && !ran)
		job->move = dropped_move(u, job);
	session_call_finish(u->s, job->sj, ran);
	if (job->kind == UAI_GO) {
		move_text(job->move, &best);
		say(u, "bestmove %s", sb_str(&best));
	} else if (ran) {
		say(u, "nodes %llu", (unsigned long long)job->nodes);
	}
	sb_free(&best);
	free(job);
}

/* End of input is quit once the search has answered: an infinite one is
 * stopped, a bounded one finishes. */
static void uai_input_ended(void *st, bool busy)
{
	struct uai *u = st;

	if (busy && u->job->infinite)
		fe_stop_job(u->conn);
}

static void uai_close(void *st)
{
	struct uai *u = st;

	session_free(u->s);
	free(u->words);
	free(u);
}

const struct frontend_ops frontend_uai = {
	.name = "uai",
	.open = uai_open,
	.line = uai_line,
	.too_long = uai_too_long,
	.job_done = uai_job_done,
	.input_ended = uai_input_ended,
	.close = uai_close,
};
