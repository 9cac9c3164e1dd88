/* The Gomocup front end (see frontend_gomocup.h and protocol/PROTOCOL.md,
 * "Gomocup").
 *
 *   loop thread (gomocup_line)                  search worker
 *   START, INFO, TAKEBACK, ABOUT ... at once
 *   BEGIN, TURN, DONE ── fe_start_job ───────>  think: ops->genmove on a
 *   gomocup_job_done: play it, "x,y"  <───────  copy of the game, budget
 *   END: stop the job, close                    planned by timeman.h from
 *                                               timeout_turn/time_left
 *
 * The manager's coordinates are 0-based x (column) and y (row from the
 * top); the game's are vertices (H8, rows from the bottom), translated
 * by gomocup.c (shared with the referee's Gomocup driver). The game is
 * driven only through game_ops, so this file names Gomoku only to find
 * it. */
#include "frontend_gomocup.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfg.h"
#include "config.h"
#include "gomocup.h"
#include "gtp.h"
#include "timeman.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define GOMOCUP_MAX_SIDE 25

struct stone {
	int x, y, field; /* BOARD line: 1 own, 2 opponent, 3 winning-line marker */
};

struct gomocup_job;

struct gomocup {
	struct fe_conn *conn;         /* where replies go */
	struct config *cfg;           /* a reference: sizes, levels, caps */
	const struct cfg_game *gc;    /* Gomoku's section of cfg */
	uint64_t seed;                /* for new games */
	struct game *game;            /* the position, NULL before START */
	int size;                     /* its side */
	int own;                      /* the colour quintet plays, COLOR_NONE until known */
	int level;                    /* index in gc's levels */
	long timeout_turn;            /* INFO, milliseconds; -1 unknown */
	long timeout_match;           /* milliseconds, 0 = unlimited; -1 unknown */
	long time_left;               /* milliseconds; -1 unknown */
	int rule;                     /* INFO rule bits */
	bool in_board;                /* between BOARD and DONE */
	struct stone *stones;         /* BOARD's lines */
	int nstones, cap;             /* their count and room */
	struct gomocup_job *job;      /* the move being thought, or NULL */
	struct timeman_lag lag;       /* how late moves have come past their
				       * hard limits (timeman.h) */
};

struct gomocup_job {
	struct game *game;            /* the worker's copy */
	int color;                    /* whose move */
	struct game_level level;      /* the level, time capped by the budget */
	struct game_budget budget;    /* what the move may spend, from arrival
				       * until the worker takes it */
	double arrival;               /* when the command's line arrived */
	atomic_bool stop;             /* answer now */
	int move;                     /* the answer */
	int rc;                       /* genmove's result */
	char err[128];                /* its error */
	struct fe_conn *conn;         /* where its MESSAGE lines go */
	int size;                     /* the board's side, for their points */
};

static void say(struct gomocup *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(struct gomocup *g, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_puts(&sb, "\n");
	fe_write(g->conn, sb.buf, sb.len);
	sb_free(&sb);
}

/* ---------------------------------------------------- coordinates */

/* Play x,y for color; 0, or -1 with err. */
static int play_xy(struct gomocup *g, int color, int x, int y, char *err, size_t errlen)
{
	char text[8];
	int move;

	gomocup_vertex_text(g->size, x, y, text, sizeof(text));
	if (g->game->ops->parse_move(g->game, text, &move, err, errlen) < 0)
		return -1;
	return g->game->ops->play(g->game, color, move, err, errlen);
}

/* ------------------------------------------------------------ games */

/* A new empty game of the current size and INFO rule; 0, or -1 with err. */
static int new_game(struct gomocup *g, int size, char *err, size_t errlen)
{
	struct game *game = cfg_new_game(g->gc, g->seed++);
	char text[16];

	snprintf(text, sizeof(text), "%d", size);
	if (game->ops->set_size(game, text, err, errlen) < 0 ||
	    (g->rule >= 0 && game->ops->set_rules &&
	     game->ops->set_rules(game, gomocup_rules_name(g->rule), err, errlen) < 0)) {
		game->ops->destroy(game);
		return -1;
	}
	if (g->game)
		g->game->ops->destroy(g->game);
	g->game = game;
	g->size = size;
	g->own = COLOR_NONE;
	return 0;
}

static int other(int color)
{
	return color == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
}

/* ------------------------------------------------------------ think */

/* The limits of the move, from INFO's values and the lag, in seconds
 * from the line's arrival (timeman.h); no time at all: the level's own
 * limits, under the server's max_move_time. */
static void plan_move(struct gomocup *g, struct gomocup_job *job)
{
	const struct game_ops *ops = g->game->ops;
	double cap = g->cfg->server.max_move_time;
	struct timeman_clock clock;

	timeman_from_gomocup(&clock, g->timeout_turn, g->timeout_match, g->time_left,
			     ops->moves_left ? ops->moves_left(g->game) : 0,
			     timeman_lag_estimate(&g->lag));
	struct timeman_plan plan = timeman_plan(&clock);
	job->budget.max_seconds = plan.hard;
	job->budget.soft_seconds = plan.soft;
	if (cap > 0 && (plan.hard <= 0 || plan.hard > cap)) {
		job->budget.max_seconds = cap;
		if (job->budget.soft_seconds >= cap)
			job->budget.soft_seconds = 0; /* the search's own share */
	}
	timeman_lag_plan(&g->lag, job->budget.max_seconds);
}

/* Worker thread: the budget's limits as what is left of them now. */
static void count_from_arrival(struct gomocup_job *job)
{
	struct game_budget *b = &job->budget;

	b->max_seconds = timeman_left(b->max_seconds, job->arrival);
	b->soft_seconds = timeman_left(b->soft_seconds, job->arrival);
}

/* Worker thread: a finished iteration of the search as a MESSAGE line,
 * which Piskvork shows and managers skip: depth, score (the search's
 * units, for the side to move), nodes, speed and the principal variation
 * as x,y points. */
static void report_iteration(void *arg, const struct search_info *info)
{
	struct gomocup_job *job = arg;
	struct strbuf line = STRBUF_INIT, text = STRBUF_INIT;
	int x, y;

	sb_printf(&line, "MESSAGE depth %d ev %d nodes %ld nps %ld pv", info->depth, info->score,
		  info->nodes, info->seconds > 0 ? (long)(info->nodes / info->seconds) : 0);
	for (int i = 0; i < info->npv; i++) {
		sb_reset(&text);
		job->game->ops->print_move(job->game, info->pv[i], &text);
		if (gomocup_vertex_xy(job->size, sb_str(&text), &x, &y) < 0)
			break;
		sb_printf(&line, " %d,%d", x, y);
	}
	fe_emit(job->conn, line.buf, line.len);
	sb_free(&line);
	sb_free(&text);
}

/* Worker thread. */
static void think(void *arg)
{
	struct gomocup_job *job = arg;

	count_from_arrival(job);
	job->rc = job->game->ops->genmove(job->game, job->color, &job->budget, &job->move,
					  job->err, sizeof(job->err));
}

static void start_thinking(struct gomocup *g, double arrival)
{
	struct gomocup_job *job = xcalloc(1, sizeof(*job));
	double cap = g->cfg->server.max_command_time;

	if (g->own == COLOR_NONE)
		g->own = g->game->ops->to_move(g->game);
	job->game = g->game->ops->copy(g->game);
	job->color = g->own;
	if (g->level >= 0) {
		job->level = g->gc->levels[g->level];
		game_level_cap_nodes(&job->level, g->cfg->server.max_command_nodes);
	}
	atomic_init(&job->stop, false);
	job->budget = (struct game_budget){ .level = g->level >= 0 ? &job->level : NULL,
					    .stop = &job->stop, .report = report_iteration,
					    .report_arg = job };
	job->conn = g->conn;
	job->size = g->size;
	job->arrival = arrival > 0 ? arrival : monotime_now();
	plan_move(g, job);
	g->job = job;
	/* A move: answered by its hard limit, queued or not (worker.h). */
	double deadline = timeman_deadline(job->arrival, job->budget.max_seconds, cap);
	fe_start_job(g->conn, FE_QUEUE_SEARCH, WORKER_MOVE, think, job, &job->stop, deadline);
}

/* ---------------------------------------------------------- commands */

static void cmd_start(struct gomocup *g, char *args)
{
	char err[128];
	long n;

	if (!g->gc || !g->gc->enabled) {
		say(g, "ERROR gomoku is not available in this configuration");
		return;
	}
	if (!args || gtp_parse_int(args, 1, GOMOCUP_MAX_SIDE, &n) < 0 ||
	    !cfg_size_allowed(g->gc, n)) {
		say(g, "ERROR unsupported board size %s", args ? args : "");
		return;
	}
	if (new_game(g, (int)n, err, sizeof(err)) < 0) {
		say(g, "ERROR %s", err);
		return;
	}
	say(g, "OK");
}

/* RECTSTART w,h: square boards only, as START w. */
static void cmd_rectstart(struct gomocup *g, char *args)
{
	char *comma = args ? strchr(args, ',') : NULL;

	if (comma) {
		*comma = '\0';
		if (!strcmp(args, comma + 1)) {
			cmd_start(g, args);
			return;
		}
	}
	say(g, "ERROR rectangular boards are not supported");
}

static bool need_game(struct gomocup *g)
{
	if (g->game)
		return true;
	say(g, "ERROR no board: START first");
	return false;
}

static void cmd_restart(struct gomocup *g, char *args)
{
	char err[128];

	(void)args;
	if (!need_game(g))
		return;
	if (new_game(g, g->size, err, sizeof(err)) < 0)
		say(g, "ERROR %s", err);
	else
		say(g, "OK");
}

/* TURN x,y: the opponent's move, then ours. */
static void cmd_turn(struct gomocup *g, char *args, double arrival)
{
	char err[128];
	int x, y;

	if (!need_game(g))
		return;
	if (!args || gomocup_parse_xy(args, g->size, &x, &y) < 0) {
		say(g, "ERROR bad coordinates %s", args ? args : "");
		return;
	}
	if (g->own == COLOR_NONE)
		g->own = other(g->game->ops->to_move(g->game));
	if (play_xy(g, other(g->own), x, y, err, sizeof(err)) < 0) {
		say(g, "ERROR %s", err);
		return;
	}
	start_thinking(g, arrival);

}

/* BEGIN: we move first. */
static void cmd_begin(struct gomocup *g, double arrival)
{
	if (!need_game(g))
		return;
	g->own = g->game->ops->to_move(g->game);
	start_thinking(g, arrival);

}

/* Whether x,y is the last move played (history's last line ends with its
 * vertex). */
static bool is_last_move(struct gomocup *g, int x, int y)
{
	struct strbuf history = STRBUF_INIT;
	char want[8];

	g->game->ops->history(g->game, &history);
	const char *h = sb_str(&history);
	size_t n = strlen(h);
	while (n > 0 && h[n - 1] == '\n')
		n--;
	size_t start = n;
	while (start > 0 && h[start - 1] != ' ' && h[start - 1] != '\n')
		start--;
	gomocup_vertex_text(g->size, x, y, want, sizeof(want));
	bool last = n > start && n - start == strlen(want) &&
		    !strncasecmp(h + start, want, n - start);
	sb_free(&history);
	return last;
}

/* TAKEBACK x,y: the last move, which must be at x,y, goes. */
static void cmd_takeback(struct gomocup *g, char *args)
{
	char err[128];
	int x, y;

	if (!need_game(g))
		return;
	if (!args || gomocup_parse_xy(args, g->size, &x, &y) < 0) {
		say(g, "ERROR bad coordinates %s", args ? args : "");
		return;
	}
	if (!is_last_move(g, x, y)) {
		say(g, "ERROR %d,%d is not the last move", x, y);
		return;
	}
	if (g->game->ops->undo(g->game, err, sizeof(err)) < 0)
		say(g, "ERROR %s", err);
	else
		say(g, "OK");
}

/* A BOARD line "x,y,field". */
static void board_line(struct gomocup *g, const char *line)
{
	int x, y, field;
	char tail;

	if (sscanf(line, "%d,%d,%d%c", &x, &y, &field, &tail) != 3 || x < 0 || y < 0 ||
	    x >= g->size || y >= g->size || field < 1 || field > 3) {
		say(g, "ERROR bad board line %s", line);
		return;
	}
	if (g->nstones == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->stones = xrealloc(g->stones, (size_t)g->cap * sizeof(*g->stones));
	}
	g->stones[g->nstones++] = (struct stone){ x, y, field };
}

/* The k-th stone of a field, or NULL. */
static const struct stone *nth(const struct gomocup *g, int field, int k)
{
	for (int i = 0; i < g->nstones; i++)
		if (g->stones[i].field == field && k-- == 0)
			return &g->stones[i];
	return NULL;
}

/* DONE: rebuild the position (the side with fewer stones is to move:
 * us), black's and white's stones alternating in the order given. */
static void board_done(struct gomocup *g, double arrival)
{
	int mine = 0, theirs = 0;
	char err[128];

	g->in_board = false;
	for (int i = 0; i < g->nstones; i++)
		mine += g->stones[i].field == 1, theirs += g->stones[i].field == 2;
	if (new_game(g, g->size, err, sizeof(err)) < 0 || (mine != theirs && mine + 1 != theirs)) {
		say(g, "ERROR %s", mine != theirs && mine + 1 != theirs ? "impossible stone counts"
									: err);
		return;
	}
	g->own = mine == theirs ? COLOR_BLACK : COLOR_WHITE;
	int black = g->own == COLOR_BLACK ? 1 : 2;
	for (int k = 0; k < mine + theirs; k++) {
		int color = k % 2 == 0 ? COLOR_BLACK : COLOR_WHITE;
		const struct stone *s = nth(g, color == COLOR_BLACK ? black : 3 - black, k / 2);

		if (play_xy(g, color, s->x, s->y, err, sizeof(err)) < 0) {
			say(g, "ERROR %s at %d,%d", err, s->x, s->y);
			return;
		}
	}
	start_thinking(g, arrival);

}

/* INFO key value: never answered. */
static void cmd_info(struct gomocup *g, char *args)
{
	char *value = args ? strchr(args, ' ') : NULL;
	long v;

	if (!value)
		return;
	*value++ = '\0';
	if (gtp_parse_int(value, -1, 1L << 40, &v) < 0)
		return; /* folder and other text values */
	if (!strcmp(args, "timeout_turn"))
		g->timeout_turn = v;
	else if (!strcmp(args, "timeout_match"))
		g->timeout_match = v;
	else if (!strcmp(args, "time_left"))
		g->time_left = v;
	else if (!strcmp(args, "rule"))
		g->rule = (int)v;
}

static void cmd_about(struct gomocup *g)
{
	say(g, "name=\"quintet\", version=\"%s\", author=\"the quintet authors\", "
	       "country=\"-\"", PACKAGE_VERSION);
}

/* ---------------------------------------------------------- front end */

static void *gomocup_open(struct fe_conn *c, const struct fe_info *info)
{
	struct gomocup *g = xcalloc(1, sizeof(*g));

	g->conn = c;
	g->cfg = cfg_ref(cfg_current());
	g->gc = cfg_game(g->cfg, GOMOCUP_GAME);
	g->seed = info->seed;
	g->level = cfg_start_level(g->gc, CFG_FOR_TOOLS);
	g->timeout_turn = g->timeout_match = g->time_left = -1;
	g->rule = -1;
	return g;
}

/* Split "NAME rest" in place: the name upper-cased, *args the rest or NULL. */
static char *split(char *line, char **args)
{
	while (*line == ' ' || *line == '\t')
		line++;
	char *end = line + strlen(line);
	while (end > line && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		*--end = '\0';
	char *space = strpbrk(line, " \t");
	*args = NULL;
	if (space) {
		*space = '\0';
		*args = space + 1;
		while (**args == ' ' || **args == '\t')
			(*args)++;
	}
	for (char *p = line; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	return line;
}

/* One command while idle. */
static enum fe_step command(struct gomocup *g, char *name, char *args, double arrival)
{
	if (!strcmp(name, "START"))
		cmd_start(g, args);
	else if (!strcmp(name, "RECTSTART"))
		cmd_rectstart(g, args);
	else if (!strcmp(name, "RESTART"))
		cmd_restart(g, args);
	else if (!strcmp(name, "BEGIN"))
		cmd_begin(g, arrival);
	else if (!strcmp(name, "TURN"))
		cmd_turn(g, args, arrival);
	else if (!strcmp(name, "BOARD")) {
		if (need_game(g)) {
			g->in_board = true;
			g->nstones = 0;
		}
	} else if (!strcmp(name, "TAKEBACK"))
		cmd_takeback(g, args);
	else if (!strcmp(name, "INFO"))
		cmd_info(g, args);
	else if (!strcmp(name, "ABOUT"))
		cmd_about(g);
	else if (!strcmp(name, "END"))
		return FE_CLOSE;
	else
		say(g, "UNKNOWN command %s", name);
	return FE_DONE;
}

static enum fe_step gomocup_line(void *st, char *line, size_t len, double arrival, bool busy)
{
	struct gomocup *g = st;
	char *copy = xstrdup(line), *args;
	char *name = split(copy, &args);
	enum fe_step step = FE_DONE;

	(void)len;
	if (busy) {
		/* While thinking: INFO is taken at once, END stops us and
		 * closes; anything else waits for our move. */
		if (!strcmp(name, "INFO"))
			cmd_info(g, args);
		else if (!strcmp(name, "END"))
			fe_stop_job(g->conn), step = FE_CLOSE;
		else
			step = FE_LATER;
	} else if (!*name) {
		step = FE_DONE;
	} else if (g->in_board && strcmp(name, "DONE")) {
		board_line(g, name);
	} else if (g->in_board) {
		board_done(g, arrival);
	} else {
		step = command(g, name, args, arrival);
	}
	free(copy);
	return step;
}

static enum fe_step gomocup_too_long(void *st, const char *prefix, size_t len, bool busy)
{
	(void)prefix, (void)len, (void)busy;
	say(st, "ERROR line too long");
	return FE_DONE;
}

static void gomocup_job_done(void *st, bool ran)
{
	struct gomocup *g = st;
	struct gomocup_job *job = g->job;
	struct strbuf text = STRBUF_INIT;
	char err[128];
	int x, y;

	g->job = NULL;
	timeman_lag_observe(&g->lag, monotime_now() - job->arrival);
	if (!ran) {
		say(g, fe_job_refused(g->conn) ? "ERROR server busy" : "ERROR interrupted");
	} else if (job->rc < 0) {
		say(g, "ERROR %s", job->err);
	} else {
		g->game->ops->print_move(g->game, job->move, &text);
		if (gomocup_vertex_xy(g->size, sb_str(&text), &x, &y) < 0 ||
		    g->game->ops->play(g->game, job->color, job->move, err, sizeof(err)) < 0)
			say(g, "ERROR cannot play %s", sb_str(&text));
		else
			say(g, "%d,%d", x, y);
	}
	g->game->rng = job->game->rng; /* random choices move on */
	sb_free(&text);
	job->game->ops->destroy(job->game);
	free(job);
}

static void gomocup_close(void *st)
{
	struct gomocup *g = st;

	if (g->game)
		g->game->ops->destroy(g->game);
	cfg_unref(g->cfg);
	free(g->stones);
	free(g);
}

const struct frontend_ops frontend_gomocup = {
	.name = "gomocup",
	.open = gomocup_open,
	.line = gomocup_line,
	.too_long = gomocup_too_long,
	.job_done = gomocup_job_done,
	.close = gomocup_close,
};
