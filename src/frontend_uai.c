/* The UAI front end (see frontend_uai.h and protocol/PROTOCOL.md, "UAI").
 *
 *   loop thread (uai_line)                     search worker
 *   position, setoption, isready, d ... at once
 *   go, perft ── fe_start_job ──────────────>  search_run / perft_run
 *                                  info ... <── fe_emit (in order)
 *   uai_job_done: bestmove / nodes  <──────── returns (an infinite search
 *   stop: the job's flag                        first waits for stop)
 *
 * The job owns copies of the position and of the game (for the random
 * levels' generator); the loop never touches them while it runs, and adopts
 * the generator's state back when it returns. */
#include "frontend_uai.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cfg.h"
#include "config.h"
#include "games/ataxx/ataxx.h"
#include "games/ataxx/ataxx_search.h"
#include "timeman.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define UAI_MAX_WORDS 4096
#define UAI_DEFAULT_HASH_MB 4
#define UAI_INFINITE_POLL_NS 2000000L /* how often a finished infinite search looks at stop */

struct uai_job;

struct uai {
	struct fe_conn *conn;     /* where replies go */
	struct config *cfg;       /* the configuration (a reference): levels, caps */
	struct ataxx_game *game;  /* the position (size, rules, history) */
	int level;                /* Level option: index in games.ataxx.levels, or -1 */
	int hash_mb;              /* Hash option */
	struct search_tt *tt;      /* the search's table, kept from go to go;
				   * NULL until the first go, dropped by
				   * uainewgame, Hash, Rules or a new board */
	struct uai_job *job;      /* the go or perft in flight, or NULL */
	struct timeman_lag lag;   /* how late bestmoves have come past their
				   * hard limits (timeman.h) */
	char **words;             /* split scratch, UAI_MAX_WORDS */
};

enum uai_job_kind { UAI_GO, UAI_PERFT };

struct uai_job {
	struct uai *u;             /* the front end (its conn for fe_emit) */
	enum uai_job_kind kind;    /* what run does */
	struct axw_pos pos;        /* the position (the job's copy) */
	int size;                  /* its board size */
	struct search_limits lim;   /* go: depth, nodes, time */
	struct timeman_plan plan;  /* go: the clock's limits, from arrival */
	double arrival;            /* go: when its line arrived (monotime) */
	struct game_level level;   /* go: the level (a copy) */
	struct ataxx_game *game;   /* go: a copy of the game, for random levels */
	bool infinite;             /* go: hold bestmove until stop */
	int depth;                 /* perft: deepest count */
	long max_nodes;            /* perft: the server's cap on leaves, 0 none */
	atomic_bool stop;          /* answer now */
	int move;                  /* go's answer */
	uint64_t nodes;            /* perft's answer */
};

static const struct cfg_game *section(const struct uai *u)
{
	return cfg_game(u->cfg, ataxx_ops.name);
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

/* Worker thread: one line ahead of the job's end. */
static void emit(struct uai_job *job, const struct strbuf *line)
{
	fe_emit(job->u->conn, line->buf, line->len);
}

/* ------------------------------------------------------------- search */

static void move_text(int move, struct strbuf *sb)
{
	ataxx_print_move(move, true, sb);
}

/* Worker thread: the info line of a finished iteration. */
static void report(void *ctx, const struct search_info *info)
{
	struct uai_job *job = ctx;
	struct strbuf line = STRBUF_INIT;
	long ms = (long)(info->seconds * 1000);

	sb_printf(&line, "info depth %d score ", info->depth);
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
	emit(job, &line);
	sb_free(&line);
}

static bool is_search_level(const struct game_level *level)
{
	return !strcmp(level->algorithm, "alphabeta");
}

/* The move of a level that does not search (random, greedy). */
static int level_move(struct uai_job *job)
{
	struct game_budget budget = { .level = &job->level, .stop = &job->stop };
	char err[64];
	int move = AX_PASS;

	ataxx_choose(job->game, &job->pos, &budget, &move, err, sizeof(err));
	return move;
}

/* Worker thread: the plan's limits as what is left of them now (the job
 * may have waited for a worker since its line arrived). */
static void count_from_arrival(struct uai_job *job)
{
	if (job->plan.hard <= 0)
		return;
	job->lim.seconds = timeman_left(job->plan.hard, job->arrival);
	if (job->lim.soft_seconds > 0)
		job->lim.soft_seconds = timeman_left(job->plan.soft, job->arrival);
}

/* Worker thread. */
static void search_run(void *arg)
{
	struct uai_job *job = arg;
	struct timespec poll = { 0, UAI_INFINITE_POLL_NS };

	count_from_arrival(job);
	job->move = AX_PASS;
	if (!axw_is_over(&job->pos))
		job->move = is_search_level(&job->level)
				    ? ataxx_search(&job->pos, job->size, &job->lim, NULL)
				    : level_move(job);
	while (job->infinite && !atomic_load(&job->stop))
		nanosleep(&poll, NULL);
}

/* Worker thread: one info line per depth, while not stopped. */
static void perft_run(void *arg)
{
	struct uai_job *job = arg;

	for (int d = 1; d <= job->depth && !atomic_load(&job->stop); d++) {
		struct strbuf line = STRBUF_INIT;
		double t0 = monotime_now();
		/* The server's node cap counts leaves; one past it means "over". */
		uint64_t left = job->max_nodes > 0 ? (uint64_t)job->max_nodes + 1 : UINT64_MAX;
		uint64_t nodes = ax_perft_sized(&job->pos, job->size, d, &job->stop, &left);
		double s = monotime_now() - t0;

		if (atomic_load(&job->stop) || left == 0)
			break;
		job->nodes = nodes;
		sb_printf(&line, "info depth %d nodes %llu time %ld nps %.0f", d,
			  (unsigned long long)nodes, (long)(s * 1000), s > 0 ? (double)nodes / s : 0.0);
		emit(job, &line);
		sb_free(&line);
	}
}

static void job_free(struct uai_job *job)
{
	search_tt_unref(job->lim.tt);
	if (job->game)
		ataxx_ops.destroy(&job->game->base);
	free(job);
}

static struct uai_job *job_new(struct uai *u, enum uai_job_kind kind)
{
	struct uai_job *job = xcalloc(1, sizeof(*job));

	job->u = u;
	job->kind = kind;
	job->pos = u->game->pos;
	job->size = u->game->size;
	atomic_init(&job->stop, false);
	return job;
}

/* A bounded go is an engine move: it owes its bestmove by its hard limit
 * (counted from the line's arrival), queued or not. An infinite go and
 * perft are long jobs, within server.max_command_time. */
static void start(struct uai *u, struct uai_job *job, double arrival)
{
	double cap = u->cfg->server.max_command_time;
	bool move = job->kind == UAI_GO && !job->infinite;

	if (job->arrival <= 0)
		job->arrival = arrival > 0 ? arrival : monotime_now();
	double deadline = timeman_deadline(job->arrival, move ? job->lim.seconds : 0, cap);
	u->job = job;
	fe_start_job(u->conn, FE_QUEUE_SEARCH, move ? WORKER_MOVE : WORKER_LONG,
		     job->kind == UAI_GO ? search_run : perft_run, job, &job->stop, deadline);
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

/* Forget what the table knows (a new game, new rules, another size). */
static void drop_table(struct uai *u)
{
	search_tt_unref(u->tt);
	u->tt = NULL;
}

/* The session's table, made at the Hash size on first use; the job gets
 * its own reference. */
static struct search_tt *job_table(struct uai *u)
{
	if (!u->tt)
		u->tt = search_tt_new(search_tt_bits_for_mb(u->hash_mb));
	return search_tt_ref(u->tt);
}

/* The clock's words of go (times in ms; -1: not given) as the job's plan
 * (timeman.h) and the search's limits. */
static void plan_clock(struct uai *u, struct uai_job *job, long time_ms, long inc_ms,
		       long moves_to_go, long movetime_ms)
{
	const struct game_ops *ops = &ataxx_ops;
	struct timeman_clock clock;

	timeman_from_uai(&clock, time_ms, inc_ms, moves_to_go, movetime_ms,
			 ops->moves_left ? ops->moves_left(&u->game->base) : 0,
			 timeman_lag_estimate(&u->lag));
	job->plan = timeman_plan(&clock);
	job->lim.seconds = job->plan.hard;
	job->lim.spend_all = job->plan.spend_all;
	job->lim.soft_seconds = job->plan.spend_all ? 0 : job->plan.soft;
	timeman_lag_plan(&u->lag, job->plan.hard);
}

/* The words of go into the job's limits; returns whether it is infinite. */
static bool parse_go(struct uai *u, char **w, int n, struct uai_job *job)
{
	long v, time_ms[2] = { -1, -1 }, inc_ms[2] = { 0, 0 }, moves_to_go = 0, movetime = -1;
	struct search_limits *lim = &job->lim;
	bool infinite = false;

	for (int i = 1; i < n; i++) {
		if (!strcmp(w[i], "infinite"))
			infinite = true;
		else if (word_long(w, n, i, &v) < 0)
			continue;
		else if (!strcmp(w[i], "depth"))
			lim->depth = v > 0 ? (int)v : 1;
		else if (!strcmp(w[i], "nodes"))
			lim->nodes = v > 0 ? v : 1;
		else if (!strcmp(w[i], "movetime"))
			movetime = v > 0 ? v : 0;
		else if (!strcmp(w[i], "btime") || !strcmp(w[i], "wtime"))
			time_ms[w[i][0] == 'w'] = v > 0 ? v : 0;
		else if (!strcmp(w[i], "binc") || !strcmp(w[i], "winc"))
			inc_ms[w[i][0] == 'w'] = v > 0 ? v : 0;
		else if (!strcmp(w[i], "movestogo"))
			moves_to_go = v;
	}
	int side = u->game->pos.turn; /* btime and binc are x's, the first player */
	if (!infinite)
		plan_clock(u, job, time_ms[side], inc_ms[side], moves_to_go, movetime);
	return infinite;
}

static void cmd_go(struct uai *u, char **w, int n, double arrival)
{
	const struct cfg_game *gc = section(u);
	struct uai_job *job = job_new(u, UAI_GO);

	if (gc && u->level >= 0)
		job->level = gc->levels[u->level];
	else
		snprintf(job->level.algorithm, sizeof(job->level.algorithm), "alphabeta");
	job->arrival = arrival > 0 ? arrival : monotime_now();
	job->infinite = parse_go(u, w, n, job);
	/* Without any limit the search would not end by itself: as infinite. */
	if (!job->lim.depth && !job->lim.nodes && job->lim.seconds <= 0 &&
	    is_search_level(&job->level))
		job->infinite = true;
	/* The server's node cap bounds every search (an infinite one then
	 * holds its bestmove until stop, as it would at its own end). */
	long cap = u->cfg->server.max_command_nodes;
	if (cap > 0 && (!job->lim.nodes || job->lim.nodes > cap))
		job->lim.nodes = cap;
	job->game = ataxx_of(ataxx_ops.copy(&u->game->base));
	job->lim.stop = &job->stop;
	job->lim.tt = job_table(u);
	job->lim.report = report;
	job->lim.ctx = job;
	start(u, job, arrival);
}

/* perft DEPTH: one info line per depth up to DEPTH, then "nodes N". */
static void cmd_perft(struct uai *u, char **w, int n, double arrival)
{
	long depth;

	if (n != 2 || gtp_parse_int(w[1], 1, 20, &depth) < 0) {
		say(u, "info string perft needs a depth from 1 to 20");
		return;
	}
	struct uai_job *job = job_new(u, UAI_PERFT);
	job->depth = (int)depth;
	job->max_nodes = u->cfg->server.max_command_nodes;
	start(u, job, arrival);
}

/* ---------------------------------------------------------- position */

/* Play UAI moves from words[0..n) on a copy; -1, or the index of the bad one. */
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

static void cmd_position(struct uai *u, char **w, int n, double arrival)
{
	struct ataxx_game *ag = ataxx_of(ataxx_ops.copy(&u->game->base));
	char err[128];
	int i = 2, bad;

	(void)arrival;
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
	if (ag->size != u->game->size || !axw_equal(ag->pos.blocked, u->game->pos.blocked))
		drop_table(u); /* another board: other positions */
	ataxx_ops.destroy(&u->game->base);
	u->game = ag;
	return;
fail:
	ataxx_ops.destroy(&ag->base);
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
	if (gc && u->level >= 0)
		say(u, "option name Level type combo default %s%s", gc->levels[u->level].name,
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
		drop_table(u);
	} else if (!strcasecmp(w[2], "Level")) {
		if (gc && (level = cfg_level_index(gc, w[4])) >= 0)
			u->level = level;
		else
			say(u, "info string unknown level %s", w[4]);
	} else if (!strcasecmp(w[2], "Rules")) {
		if (ataxx_ops.set_rules(&u->game->base, w[4], err, sizeof(err)) < 0)
			say(u, "info string %s", err);
		else
			drop_table(u);
	} else {
		say(u, "info string unknown option %s", w[2]);
	}
}

static void cmd_board(struct uai *u, char **w, int n, double arrival)
{
	struct strbuf sb = STRBUF_INIT;

	(void)w, (void)n, (void)arrival;
	ataxx_ops.render(&u->game->base, &sb);
	sb_puts(&sb, "\nfen ");
	ataxx_print_fen(&u->game->pos, u->game->size, &sb);
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
	(void)w, (void)n;
	drop_table(u);
	cmd_position(u, (char *[]){ "position", "startpos" }, 2, arrival);
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

	u->conn = c;
	u->cfg = cfg_ref(cfg_current());
	u->hash_mb = UAI_DEFAULT_HASH_MB;
	u->level = cfg_start_level(section(u), CFG_FOR_TOOLS);
	u->words = xmalloc(UAI_MAX_WORDS * sizeof(*u->words));
	u->game = ataxx_of(ataxx_ops.create(info->seed));
	ataxx_ops.set_rules(&u->game->base, "standard", NULL, 0);
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

/* A search stopped before a worker took it (stop came first) still owes
 * a real move: the first iteration, which costs microseconds, here. */
static int dropped_move(struct uai_job *job)
{
	struct search_limits lim = { .depth = 1, .tt_bits = 10 };

	if (axw_is_over(&job->pos))
		return AX_PASS;
	return is_search_level(&job->level) ? ataxx_search(&job->pos, job->size, &lim, NULL)
					    : level_move(job);
}

static void uai_job_done(void *st, bool ran)
{
	struct uai *u = st;
	struct uai_job *job = u->job;
	struct strbuf best = STRBUF_INIT;

	u->job = NULL;
	if (!ran && fe_job_refused(u->conn))
		say(u, "info string server busy");
	if (job->kind == UAI_GO) {
		timeman_lag_observe(&u->lag, monotime_now() - job->arrival);
		if (!ran)
			job->move = dropped_move(job);
		move_text(job->move, &best);
		say(u, "bestmove %s", sb_str(&best));
		u->game->base.rng = job->game->base.rng; /* random levels move on */
	} else if (ran) {
		say(u, "nodes %llu", (unsigned long long)job->nodes);
	}
	sb_free(&best);
	job_free(job);
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

	drop_table(u);
	ataxx_ops.destroy(&u->game->base);
	cfg_unref(u->cfg);
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
