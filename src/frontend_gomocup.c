/* The Gomocup front end (see frontend_gomocup.h and protocol/PROTOCOL.md,
 * "Gomocup"): a translator onto the engine session every protocol shares
 * (session.h).
 *
 *   loop thread (gomocup_line)                  search worker
 *   START, INFO, TAKEBACK, ABOUT ... at once
 *   on the session's game
 *   BEGIN, TURN, DONE ── session_call_job ───>  think: ops->genmove on the
 *   gomocup_job_done: "x,y"           <───────  job's snapshot, the budget
 *   (session_call_finish adopts the move)       ctx_move_budget plans from
 *   END: stop the job, close                    INFO's timeout_turn/time_left
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
#include "session.h"
#include "timeman.h"
#include "util/xalloc.h"

#define GOMOCUP_MAX_SIDE 25

struct stone {
	int x, y, field; /* BOARD line: 1 own, 2 opponent, 3 winning-line marker */
};

struct gomocup_job;

struct gomocup {
	struct fe_conn *conn;         /* where replies go */
	struct session *s;            /* the engine session: the game, level,
				       * lag, configuration */
	const struct cfg_game *gc;    /* Gomoku's section of its configuration */
	bool started;                 /* START came: the session's game is the board */
	int size;                     /* its side */
	int own;                      /* the colour quintet plays, COLOR_NONE until known */
	long timeout_turn;            /* INFO, milliseconds; -1 unknown */
	long timeout_match;           /* milliseconds, 0 = unlimited; -1 unknown */
	long time_left;               /* milliseconds; -1 unknown */
	int rule;                     /* INFO rule bits */
	bool in_board;                /* between BOARD and DONE */
	struct stone *stones;         /* BOARD's lines */
	int nstones, cap;             /* their count and room */
	struct gomocup_job *job;      /* the move being thought, or NULL */
};

struct gomocup_job {
	struct session_job *sj;       /* the session's job running it */
	const struct cmd_ctx *ctx;    /* while it runs: its snapshot */
	int color;                    /* whose move */
	int size;                     /* the board's side, for its points */
	int move;                     /* the answer, played on the snapshot */
	int rc;                       /* genmove's result */
	char err[128];                /* its error */
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

	struct game *game = g->s->game;

	gomocup_vertex_text(g->size, x, y, text, sizeof(text));
	if (game->ops->parse_move(game, text, &move, err, errlen) < 0)
		return -1;
	return game->ops->play(game, color, move, err, errlen);
}

/* ------------------------------------------------------------ games */

/* A new empty game of the current size and INFO rule; 0, or -1 with err. */
static int new_game(struct gomocup *g, int size, char *err, size_t errlen)
{
	struct game *game = cfg_new_game(g->gc, g->s->seed++);
	char text[16];

	snprintf(text, sizeof(text), "%d", size);
	if (game->ops->set_size(game, text, err, errlen) < 0 ||
	    (g->rule >= 0 && game->ops->set_rules &&
	     game->ops->set_rules(game, gomocup_rules_name(g->rule), err, errlen) < 0)) {
		game->ops->destroy(game);
		return -1;
	}
	session_replace_game(g->s, game);
	g->started = true;
	g->size = size;
	g->own = COLOR_NONE;
	return 0;
}

static int other(int color)
{
	return color == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
}

/* ------------------------------------------------------------ think */

/* Worker thread: a finished iteration of the search as a MESSAGE line,
 * which Piskvork shows and managers skip: depth, score (the search's
 * units, for the side to move), nodes, speed and the principal variation
 * as x,y points. */
static void report_iteration(void *arg, const struct search_info *info)
{
	struct gomocup_job *job = arg;
	const struct game *game = job->ctx->game;
	struct strbuf line = STRBUF_INIT, text = STRBUF_INIT;
	int x, y;

	sb_printf(&line, "MESSAGE depth %d ev %d nodes %ld nps %ld pv", info->depth, info->score,
		  info->nodes, info->seconds > 0 ? (long)(info->nodes / info->seconds) : 0);
	for (int i = 0; i < info->npv; i++) {
		sb_reset(&text);
		game->ops->print_move(game, info->pv[i], &text);
		if (gomocup_vertex_xy(job->size, sb_str(&text), &x, &y) < 0)
			break;
		sb_printf(&line, " %d,%d", x, y);
	}
	ctx_emit(job->ctx, sb_str(&line));
	sb_free(&line);
	sb_free(&text);
}

/* Worker thread: the move, played on the snapshot (the session adopts
 * it), within the budget the time manager plans from INFO's values (the
 * call's clock) under the level's and the server's limits. */
static void think(struct cmd_ctx *ctx, void *arg)
{
	struct gomocup_job *job = arg;
	struct game_level capped;
	struct game_budget budget = ctx_move_budget(ctx, job->color, &capped);

	job->ctx = ctx;
	budget.report = report_iteration;
	budget.report_arg = job;
	job->rc = ctx->game->ops->genmove(ctx->game, job->color, &budget, &job->move, job->err,
					  sizeof(job->err));
}

/* A move: answered by its hard limit, queued or not (worker.h). */
static void start_thinking(struct gomocup *g, double arrival)
{
	struct gomocup_job *job = xcalloc(1, sizeof(*job));
	struct timeman_clock clock;

	if (g->own == COLOR_NONE)
		g->own = g->s->game->ops->to_move(g->s->game);
	job->color = g->own;
	job->size = g->size;
	timeman_from_gomocup(&clock, g->timeout_turn, g->timeout_match, g->time_left, 0, 0);
	struct session_call call = { .kind = SESSION_CALL_MOVE, .run = think, .arg = job,
				     .clock = clock.limited ? &clock : NULL };
	job->sj = session_call_job(g->s, &call, arrival);
	g->job = job;
	fe_start_session_job(g->conn, job->sj);
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
	if (g->started)
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
		g->own = other(g->s->game->ops->to_move(g->s->game));
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
	g->own = g->s->game->ops->to_move(g->s->game);
	start_thinking(g, arrival);

}

/* Whether x,y is the last move played (history's last line ends with its
 * vertex). */
static bool is_last_move(struct gomocup *g, int x, int y)
{
	struct strbuf history = STRBUF_INIT;
	char want[8];

	g->s->game->ops->history(g->s->game, &history);
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
	if (g->s->game->ops->undo(g->s->game, err, sizeof(err)) < 0)
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
	char err[128];

	g->conn = c;
	g->s = session_new(info->seed);
	g->gc = cfg_game(g->s->cfg, GOMOCUP_GAME);
	if (session_start_game(g->s, GOMOCUP_GAME, CFG_FOR_TOOLS, err, sizeof(err)) < 0)
		g->gc = NULL; /* START answers that there is no Gomoku */
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
	int x, y;

	g->job = NULL;
	session_call_finish(g->s, job->sj, ran); /* the move played, when it ran */
	if (!ran) {
		say(g, fe_job_refused(g->conn) ? "ERROR server busy" : "ERROR interrupted");
	} else if (job->rc < 0) {
		say(g, "ERROR %s", job->err);
	} else {
		g->s->game->ops->print_move(g->s->game, job->move, &text);
		if (gomocup_vertex_xy(g->size, sb_str(&text), &x, &y) < 0)
			say(g, "ERROR cannot play %s", sb_str(&text));
		else
			say(g, "%d,%d", x, y);
	}
	sb_free(&text);
	free(job);
}

static void gomocup_close(void *st)
{
	struct gomocup *g = st;

	session_free(g->s);
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
