/* The Gomocup front end (see frontend_gomocup.h and protocol/PROTOCOL.md,
 * "Gomocup"): a translator onto the engine session every protocol shares
 * (session.h).
 *
 *   loop thread (gomocup_line)                  search worker
 *   START, INFO, TAKEBACK, PLAY, ABOUT,
 *   YXBOARD, YXSHOWFORBID ... at once
 *   on the session's game
 *   BEGIN, TURN, DONE,
 *   YXNBEST ─────────── session_call_job ───>  think: ops->genmove on the
 *   SWAP2BOARD's DONE                           job's snapshot, the budget
 *                                               ctx_move_budget plans from
 *                                               INFO's timeout_turn/time_left;
 *                                               swap2, YXNBEST: searches on
 *                                               copies (probe)
 *   gomocup_job_done: "x,y"           <───────  (probe), then its answer
 *   (session_call_finish adopts the move)       played on the snapshot
 *   END: stop the job, close; YXSTOP: stop it, the move found so far
 *
 * The manager's coordinates are 0-based x (column) and y (row from the
 * top); the game's are vertices (H8, rows from the bottom), translated
 * by gomocup.c (shared with the referee's Gomocup driver). The game is
 * driven only through game_ops, so this file names Gomoku only to find
 * it. */
#include "frontend_gomocup.h"

#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
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
#include "util/monotime.h"
#include "util/xalloc.h"

#define GOMOCUP_MAX_SIDE 25
#define GOMOCUP_NBEST_MAX 30 /* YXNBEST's largest count */

struct stone {
	int x, y, field; /* BOARD line: 1 own, 2 opponent, 3 winning-line marker;
			  * SWAP2BOARD's: 0 (the colours alternate) */
};

/* What a position's lines (up to DONE) are for. */
enum board_kind {
	BOARD_NONE,  /* not reading a position */
	BOARD_MOVE,  /* BOARD: then quintet moves */
	BOARD_QUIET, /* YXBOARD: the position only */
	BOARD_SWAP2, /* SWAP2BOARD: then quintet's swap2 choice */
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
	long time_increment;          /* milliseconds the match clock gains a move */
	long max_memory;              /* bytes quintet may use; 0 = no limit */
	long thread_num;              /* threads quintet may use; 0 = no limit */
	int rule;                     /* INFO rule bits; -1 until told */
	enum board_kind board;        /* between BOARD (or its kin) and DONE */
	struct stone *stones;         /* the position's lines */
	int nstones, cap;             /* their count and room */
	struct gomocup_job *job;      /* the move being thought, or NULL */
};

struct gomocup_job {
	struct session_job *sj;       /* the session's job running it */
	const struct cmd_ctx *ctx;    /* while it runs: its snapshot */
	struct game_level level;      /* the active level within INFO's
				       * max_memory and thread_num */
	int swap2;                    /* SWAP2BOARD's stones (0, 3, 5), or -1: a move */
	int nbest;                    /* YXNBEST's count, or 0: one move */
	int color;                    /* whose move */
	int size;                     /* the board's side, for its points */
	int move;                     /* the answer, played on the snapshot */
	int rc;                       /* genmove's result */
	int own;                      /* swap2: the colour quintet took, or COLOR_NONE */
	char answer[80];              /* swap2: the reply line */
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

/* Play x,y for color on game, a board of side size; 0, or -1 with err. */
static int play_at(struct game *game, int size, int color, int x, int y, char *err,
		   size_t errlen)
{
	char text[8];
	int move;

	gomocup_vertex_text(size, x, y, text, sizeof(text));
	if (game->ops->parse_move(game, text, &move, err, errlen) < 0)
		return -1;
	return game->ops->play(game, color, move, err, errlen);
}

/* Play x,y for color on the session's game; 0, or -1 with err. */
static int play_xy(struct gomocup *g, int color, int x, int y, char *err, size_t errlen)
{
	return play_at(g->s->game, g->size, color, x, y, err, errlen);
}

/* Append move's point on game (side size) as " x,y" (lead: with the
 * space); -1 when it is no point of the board. */
static int put_point(const struct game *game, int size, int move, bool lead, char *out,
		     size_t len)
{
	struct strbuf text = STRBUF_INIT;
	int x, y;

	game->ops->print_move(game, move, &text);
	int rc = gomocup_vertex_xy(size, sb_str(&text), &x, &y);
	sb_free(&text);
	if (rc == 0) {
		size_t used = strlen(out);
		snprintf(out + used, len - used, "%s%d,%d", lead ? " " : "", x, y);
	}
	return rc;
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

/* ------------------------------------------------------------ swap2 */

/* One search of a swap2 choice: its move's budget shared out. */
struct probe {
	struct gomocup_job *job;    /* the job it serves (its MESSAGE lines) */
	struct game_budget base;    /* the whole choice's budget */
	struct game_level capped;   /* base's level under the server's node cap */
	struct game_level level;    /* base's level, its nodes shared out */
	double deadline;            /* monotime_now() when base's time ends; 0: none */
	int parts;                  /* searches still to share it */
	bool seen;                  /* the search reported an iteration */
	struct search_info last;    /* its last report */
	bool has_prev;              /* it reported one before that */
	int prev_score;             /* ... with this score */
};

/* Worker thread: keep a search's last report and show it as MESSAGE. */
static void report_probe(void *arg, const struct search_info *info)
{
	struct probe *p = arg;

	p->has_prev = p->seen;
	p->prev_score = p->last.score;
	p->last = *info;
	p->seen = true;
	report_iteration(p->job, info);
}

/* Worker thread: search game (a copy, or the snapshot itself) for its side
 * to move with an even share of what is left of p's budget, the move
 * played there into *move; the search's last report in p (p->seen false
 * when it gave none: a level without an alpha-beta search). 0, or -1 with
 * the job's err. */
static int probe(struct probe *p, struct game *game, int *move)
{
	struct game_budget b = p->base;
	int share = p->parts > 1 ? p->parts : 1;

	if (p->deadline > 0) {
		double left = p->deadline - monotime_now();
		b.max_seconds = left / share > 0.001 ? left / share : 0.001;
	}
	b.soft_seconds = 0;
	b.spend_all = false;
	b.level = &p->level;
	b.report = report_probe;
	b.report_arg = p;
	p->seen = p->has_prev = false;
	p->parts = share - 1;
	return game->ops->genmove(game, game->ops->to_move(game), &b, move, p->job->err,
				  sizeof(p->job->err));
}

/* Worker thread: p over the job's budget, to be shared by parts searches
 * (a level's node budget divided alike). */
static void probe_init(struct probe *p, struct gomocup_job *job, struct cmd_ctx *ctx, int parts)
{
	memset(p, 0, sizeof(*p));
	p->job = job;
	p->base = ctx_move_budget(ctx, job->nbest ? job->color : COLOR_WHITE, &p->capped);
	if (p->base.level)
		p->level = *p->base.level;
	if (p->level.nodes > parts)
		p->level.nodes /= parts;
	if (p->base.max_seconds > 0)
		p->deadline = monotime_now() + p->base.max_seconds;
	p->parts = parts;
}

/* The score of a probe for the side to move, 0 when it reported none:
 * the mean of its last two iterations' (an alpha-beta score swings with
 * the parity of the depth, the side that moves last looking better),
 * unless the last is a proven win or loss (beyond the scale's bound). */
static int probe_score(const struct probe *p, const struct game_ops *ops)
{
	if (!p->seen)
		return 0;
	int bound = ops->search_scale ? ops->search_scale->win_bound : 0;
	if (!p->has_prev || (bound > 0 && abs(p->last.score) > bound))
		return p->last.score;
	return (p->last.score + p->prev_score) / 2;
}

/* Worker thread: YXNBEST's moves, each a search of a copy of the
 * snapshot with an even share of the move's budget that leaves out the
 * ranks before, shown as "MESSAGE nbest RANK x,y ev SCORE"; the first is
 * played on the snapshot and answered. The list ends early when a search
 * finds no other move (a level that cannot leave moves out repeats one). */
static void think_nbest(struct cmd_ctx *ctx, void *arg)
{
	struct gomocup_job *job = arg;
	const struct game_ops *ops = ctx->game->ops;
	int *moves = xcalloc((size_t)job->nbest, sizeof(*moves)), n = 0;
	struct strbuf text = STRBUF_INIT;
	struct probe p;

	job->ctx = ctx;
	probe_init(&p, job, ctx, job->nbest);
	for (job->rc = 0; n < job->nbest && job->rc == 0;) {
		struct game *copy = ops->copy(ctx->game);
		int m, x, y;

		p.base.exclude = moves;
		p.base.nexclude = n;
		job->rc = probe(&p, copy, &m);
		ops->destroy(copy);
		bool again = false;
		for (int i = 0; i < n; i++)
			again |= moves[i] == m;
		if (job->rc < 0 || again)
			break;
		moves[n++] = m;
		sb_reset(&text);
		ops->print_move(ctx->game, m, &text);
		if (gomocup_vertex_xy(job->size, sb_str(&text), &x, &y) == 0) {
			sb_reset(&text);
			sb_printf(&text, "MESSAGE nbest %d %d,%d ev %d", n, x, y,
				  probe_score(&p, ops));
			ctx_emit(ctx, sb_str(&text));
		}
	}
	if (n > 0) {
		job->move = moves[0];
		job->rc = ops->play(ctx->game, job->color, moves[0], job->err, sizeof(job->err));
	}
	sb_free(&text);
	free(moves);
}

/* Worker thread: play opening o on game; 0, or -1 (off a small board). */
static int play_opening(struct game *game, int size, const struct gomocup_opening *o)
{
	char err[128];

	for (int i = 0; i < 3; i++) {
		int x = size / 2 + o->dx[i], y = size / 2 + o->dy[i];

		if (x < 0 || y < 0 || x >= size || y >= size ||
		    play_at(game, size, i % 2 ? COLOR_WHITE : COLOR_BLACK, x, y, err, sizeof(err)))
			return -1;
	}
	return 0;
}

/* Worker thread: SWAP2BOARD on an empty board: the opening of
 * gomocup_swap2_openings the engine values closest to even (for white, to
 * move), each searched with an even share of the move's budget; it is
 * played on the snapshot. */
static void swap2_open(struct gomocup_job *job, struct cmd_ctx *ctx)
{
	const struct game_ops *ops = ctx->game->ops;
	int best = -1, best_score = INT_MAX, move;
	struct probe p;

	probe_init(&p, job, ctx, gomocup_swap2_nopenings);
	for (int i = 0; i < gomocup_swap2_nopenings; i++) {
		struct game *copy = ops->copy(ctx->game);
		const struct gomocup_opening *o = &gomocup_swap2_openings[i];

		if (play_opening(copy, job->size, o) == 0 && probe(&p, copy, &move) == 0) {
			int score = abs(probe_score(&p, ops));
			if (best < 0 || score < best_score)
				best = i, best_score = score;
		}
		ops->destroy(copy);
	}
	if (best < 0 || play_opening(ctx->game, job->size, &gomocup_swap2_openings[best]) < 0) {
		snprintf(job->err, sizeof(job->err), "no opening fits a %dx%d board", job->size,
			 job->size);
		job->rc = -1;
		return;
	}
	const struct gomocup_opening *o = &gomocup_swap2_openings[best];
	int c = job->size / 2;
	snprintf(job->answer, sizeof(job->answer), "%d,%d %d,%d %d,%d", c + o->dx[0], c + o->dy[0],
		 c + o->dx[1], c + o->dy[1], c + o->dx[2], c + o->dy[2]);
}

/* Worker thread: SWAP2BOARD after 3 or 5 stones, white to move: one search
 * of the position decides (gomocup_swap2_choose, an advantage being a
 * quarter of the game's score spread); the stones answered are played on
 * the snapshot. Two stones are white's best move and black's best reply
 * (the search's line, else a second search in the time left), which keeps
 * the balance the search saw. */
static void swap2_choose(struct gomocup_job *job, struct cmd_ctx *ctx)
{
	const struct game_ops *ops = ctx->game->ops;
	int margin = ops->search_scale ? (int)(ops->search_scale->spread / 4) : 0;
	struct game *copy = ops->copy(ctx->game);
	int move, reply;
	struct probe p;

	probe_init(&p, job, ctx, 1); /* the reply to two stones is mostly the search's line */
	job->rc = probe(&p, copy, &move);
	ops->destroy(copy);
	if (job->rc < 0)
		return;
	int score = probe_score(&p, ops);
	enum gomocup_swap2_action action = gomocup_swap2_choose(job->swap2, score, margin);
	if (action == GOMOCUP_SWAP2_SWAP) {
		snprintf(job->answer, sizeof(job->answer), "SWAP");
		job->own = COLOR_BLACK;
		return;
	}
	job->rc = ops->play(ctx->game, COLOR_WHITE, move, job->err, sizeof(job->err));
	if (job->rc < 0)
		return;
	put_point(ctx->game, job->size, move, false, job->answer, sizeof(job->answer));
	if (action == GOMOCUP_SWAP2_ONE) {
		job->own = COLOR_WHITE;
		return;
	}
	char err[128];
	if (p.seen && p.last.npv >= 2 && p.last.pv[0] == move &&
	    ops->play(ctx->game, COLOR_BLACK, p.last.pv[1], err, sizeof(err)) == 0)
		reply = p.last.pv[1];
	else if ((job->rc = probe(&p, ctx->game, &reply)) < 0)
		return;
	put_point(ctx->game, job->size, reply, true, job->answer, sizeof(job->answer));
}

/* Worker thread: a SWAP2BOARD choice (job->answer; rc and err on failure). */
static void think_swap2(struct cmd_ctx *ctx, void *arg)
{
	struct gomocup_job *job = arg;

	job->ctx = ctx;
	job->own = COLOR_NONE;
	if (job->swap2 == 0)
		swap2_open(job, ctx);
	else
		swap2_choose(job, ctx);
}

/* The active level within INFO's max_memory (half of it for the search's
 * table, which a level without its own size then takes whole) and
 * thread_num; NULL when there is no active level (the game's weakest). */
static const struct game_level *info_level(const struct gomocup *g, struct game_level *out)
{
	if (!g->gc || g->s->level < 0 || g->s->level >= g->gc->nlevels)
		return NULL;
	*out = g->gc->levels[g->s->level];
	if (g->max_memory > 0) {
		long mb = g->max_memory / 2 / (1024 * 1024);
		if (mb < 1)
			mb = 1;
		if (mb > 4096)
			mb = 4096;
		if (out->hash_mb == 0 || out->hash_mb > mb)
			out->hash_mb = (int)mb;
	}
	if (g->thread_num > 0 && out->threads > g->thread_num)
		out->threads = (int)g->thread_num;
	return out;
}

/* Start job (its color, swap2 and size set) as a move, answered by its
 * hard limit, queued or not (worker.h). */
static void start_job(struct gomocup *g, struct gomocup_job *job, double arrival)
{
	struct timeman_clock clock;

	timeman_from_gomocup(&clock, g->timeout_turn, g->timeout_match, g->time_left, 0, 0);
	if (clock.left >= 0 && g->time_increment > 0)
		clock.increment = g->time_increment / 1000.0;
	struct session_call call = { .kind = SESSION_CALL_MOVE,
				     .run = job->swap2 >= 0 ? think_swap2
					    : job->nbest ? think_nbest : think,
				     .arg = job,
				     .clock = clock.limited ? &clock : NULL,
				     .level = info_level(g, &job->level) };
	job->sj = session_call_job(g->s, &call, arrival);
	g->job = job;
	fe_start_session_job(g->conn, job->sj);
}

/* A move: answered by its hard limit, queued or not (worker.h). */
static void start_thinking(struct gomocup *g, double arrival)
{
	struct gomocup_job *job = xcalloc(1, sizeof(*job));

	if (g->own == COLOR_NONE)
		g->own = g->s->game->ops->to_move(g->s->game);
	job->color = g->own;
	job->size = g->size;
	job->swap2 = -1;
	start_job(g, job, arrival);
}

/* ---------------------------------------------------------- commands */

/* Every command: its words after the name (or NULL), the line's arrival. */
typedef void (*gomocup_handler)(struct gomocup *g, char *args, double arrival);

static void cmd_start(struct gomocup *g, char *args, double arrival)
{
	char err[128];
	long n;

	(void)arrival;
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
static void cmd_rectstart(struct gomocup *g, char *args, double arrival)
{
	char *comma = args ? strchr(args, ',') : NULL;

	if (comma) {
		*comma = '\0';
		if (!strcmp(args, comma + 1)) {
			cmd_start(g, args, arrival);
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

static void cmd_restart(struct gomocup *g, char *args, double arrival)
{
	char err[128];

	(void)args, (void)arrival;
	if (!need_game(g))
		return;
	if (new_game(g, g->size, err, sizeof(err)) < 0)
		say(g, "ERROR %s", err);
	else
		say(g, "OK");
}

/* x,y of a command's argument; false (answered) when it is not a point. */
static bool point_arg(struct gomocup *g, const char *args, int *x, int *y)
{
	if (args && gomocup_parse_xy(args, g->size, x, y) == 0 && !strchr(strchr(args, ',') + 1, ','))
		return true;
	say(g, "ERROR bad coordinates %s", args ? args : "");
	return false;
}

/* TURN x,y: the opponent's move, then ours. */
static void cmd_turn(struct gomocup *g, char *args, double arrival)
{
	char err[128];
	int x, y;

	if (!need_game(g) || !point_arg(g, args, &x, &y))
		return;
	if (g->own == COLOR_NONE)
		g->own = other(g->s->game->ops->to_move(g->s->game));
	if (play_xy(g, other(g->own), x, y, err, sizeof(err)) < 0) {
		say(g, "ERROR %s", err);
		return;
	}
	start_thinking(g, arrival);
}

/* BEGIN: we move first. */
static void cmd_begin(struct gomocup *g, char *args, double arrival)
{
	(void)args;
	if (!need_game(g))
		return;
	g->own = g->s->game->ops->to_move(g->s->game);
	start_thinking(g, arrival);
}

/* YXNBEST N: the N best moves for the side to move as MESSAGE lines, the
 * first played (quintet takes the side to move, as BEGIN) and answered. */
static void cmd_yxnbest(struct gomocup *g, char *args, double arrival)
{
	long n;

	if (!need_game(g))
		return;
	if (!args || gtp_parse_int(args, 1, GOMOCUP_NBEST_MAX, &n) < 0) {
		say(g, "ERROR YXNBEST wants a number of moves 1..%d", GOMOCUP_NBEST_MAX);
		return;
	}
	if (g->s->game->ops->is_over(g->s->game)) {
		say(g, "ERROR the game is over");
		return;
	}
	struct gomocup_job *job = xcalloc(1, sizeof(*job));

	g->own = g->s->game->ops->to_move(g->s->game);
	job->color = g->own;
	job->size = g->size;
	job->swap2 = -1;
	job->nbest = (int)n;
	start_job(g, job, arrival);
}

/* PLAY x,y: quintet's move, chosen by the manager (after SUGGEST, or a
 * human's correction): played for the side to move, which becomes
 * quintet's colour, and echoed. */
static void cmd_play(struct gomocup *g, char *args, double arrival)
{
	char err[128];
	int x, y;

	(void)arrival;
	if (!need_game(g) || !point_arg(g, args, &x, &y))
		return;
	int color = g->s->game->ops->to_move(g->s->game);
	if (g->own != COLOR_NONE && g->own != color) {
		say(g, "ERROR not quintet's turn");
		return;
	}
	if (play_xy(g, color, x, y, err, sizeof(err)) < 0) {
		say(g, "ERROR %s", err);
		return;
	}
	g->own = color;
	say(g, "%d,%d", x, y);
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
static void cmd_takeback(struct gomocup *g, char *args, double arrival)
{
	char err[128];
	int x, y;

	(void)arrival;
	if (!need_game(g) || !point_arg(g, args, &x, &y))
		return;
	if (!is_last_move(g, x, y)) {
		say(g, "ERROR %d,%d is not the last move", x, y);
		return;
	}
	if (g->s->game->ops->undo(g->s->game, err, sizeof(err)) < 0)
		say(g, "ERROR %s", err);
	else
		say(g, "OK");
}

/* ------------------------------------------------------- positions */

/* Start reading a position's lines, up to DONE. */
static void begin_board(struct gomocup *g, enum board_kind kind)
{
	if (!need_game(g))
		return;
	g->board = kind;
	g->nstones = 0;
}

static void cmd_board(struct gomocup *g, char *args, double arrival)
{
	(void)args, (void)arrival;
	begin_board(g, BOARD_MOVE);
}

static void cmd_yxboard(struct gomocup *g, char *args, double arrival)
{
	(void)args, (void)arrival;
	begin_board(g, BOARD_QUIET);
}

static void cmd_swap2board(struct gomocup *g, char *args, double arrival)
{
	(void)args, (void)arrival;
	begin_board(g, BOARD_SWAP2);
}

/* A position's line: "x,y,field" (BOARD, YXBOARD), "x,y" (SWAP2BOARD). */
static void board_line(struct gomocup *g, const char *line)
{
	int x, y, field = 0;
	char tail;
	bool ok;

	if (g->board == BOARD_SWAP2)
		ok = sscanf(line, "%d,%d%c", &x, &y, &tail) == 2;
	else
		ok = sscanf(line, "%d,%d,%d%c", &x, &y, &field, &tail) == 3 && field >= 1 &&
		     field <= 3;
	if (!ok || x < 0 || y < 0 || x >= g->size || y >= g->size) {
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

/* Rebuild a BOARD position (the side with fewer stones is to move: us),
 * black's and white's stones alternating in the order given; 0, or -1
 * answered. */
static int rebuild_board(struct gomocup *g)
{
	int mine = 0, theirs = 0;
	char err[128];

	for (int i = 0; i < g->nstones; i++)
		mine += g->stones[i].field == 1, theirs += g->stones[i].field == 2;
	if (mine != theirs && mine + 1 != theirs) {
		say(g, "ERROR impossible stone counts");
		return -1;
	}
	if (new_game(g, g->size, err, sizeof(err)) < 0) {
		say(g, "ERROR %s", err);
		return -1;
	}
	g->own = mine == theirs ? COLOR_BLACK : COLOR_WHITE;
	int black = g->own == COLOR_BLACK ? 1 : 2;
	for (int k = 0; k < mine + theirs; k++) {
		int color = k % 2 == 0 ? COLOR_BLACK : COLOR_WHITE;
		const struct stone *s = nth(g, color == COLOR_BLACK ? black : 3 - black, k / 2);

		if (play_xy(g, color, s->x, s->y, err, sizeof(err)) < 0) {
			say(g, "ERROR %s at %d,%d", err, s->x, s->y);
			return -1;
		}
	}
	return 0;
}

/* SWAP2BOARD's DONE: the stones (0, 3 or 5, black first, alternating)
 * on a new board, then quintet's choice (a job). */
static void swap2_done(struct gomocup *g, double arrival)
{
	char err[128];

	if (g->nstones != 0 && g->nstones != 3 && g->nstones != 5) {
		say(g, "ERROR SWAP2BOARD takes 0, 3 or 5 stones, not %d", g->nstones);
		return;
	}
	if (new_game(g, g->size, err, sizeof(err)) < 0) {
		say(g, "ERROR %s", err);
		return;
	}
	for (int k = 0; k < g->nstones; k++) {
		const struct stone *s = &g->stones[k];

		if (play_xy(g, k % 2 ? COLOR_WHITE : COLOR_BLACK, s->x, s->y, err, sizeof(err)) < 0) {
			say(g, "ERROR %s at %d,%d", err, s->x, s->y);
			return;
		}
	}
	struct gomocup_job *job = xcalloc(1, sizeof(*job));
	job->color = g->s->game->ops->to_move(g->s->game);
	job->size = g->size;
	job->swap2 = g->nstones;
	start_job(g, job, arrival);
}

/* DONE: the position read, for what it was sent. */
static void board_done(struct gomocup *g, double arrival)
{
	enum board_kind kind = g->board;

	g->board = BOARD_NONE;
	if (kind == BOARD_SWAP2)
		swap2_done(g, arrival);
	else if (rebuild_board(g) == 0 && kind == BOARD_MOVE)
		start_thinking(g, arrival);
}

/* YXSHOWFORBID: black's forbidden points when black is to move (none
 * otherwise, as Rapfi answers), from the game's `forbidden` command:
 * "FORBID " and each point as two digits of x and two of y, then ".". */
static void cmd_yxshowforbid(struct gomocup *g, char *args, double arrival)
{
	struct strbuf wire = STRBUF_INIT, reply = STRBUF_INIT;
	struct session_job *job = NULL;
	char line[] = "forbidden";
	int x, y;

	(void)args;
	if (!need_game(g))
		return;
	sb_puts(&reply, "FORBID ");
	if (g->s->game->ops->to_move(g->s->game) == COLOR_BLACK &&
	    session_handle_line(g->s, line, strlen(line), arrival, &wire, &job) == SESSION_REPLY &&
	    sb_str(&wire)[0] == '=') {
		char *save, *text = (char *)sb_str(&wire) + 1;
		for (char *v = strtok_r(text, " \n", &save); v; v = strtok_r(NULL, " \n", &save))
			if (gomocup_vertex_xy(g->size, v, &x, &y) == 0)
				sb_printf(&reply, "%02d%02d", x, y);
	}
	sb_puts(&reply, ".");
	say(g, "%s", sb_str(&reply));
	sb_free(&wire);
	sb_free(&reply);
}

/* --------------------------------------------------------------- INFO */

/* An INFO key with a number: its range and where it goes. */
struct info_key {
	const char *name;                   /* as the manager writes it */
	long min, max;                      /* accepted values */
	size_t offset;                      /* long member of struct gomocup,
					     * or 0: checked, not kept */
};

#define INFO_MS (1L << 40) /* any time a manager could mean, in ms */
#define INFO_KEEP(member) offsetof(struct gomocup, member)

static const struct info_key info_keys[] = {
	{ "timeout_turn", 0, INFO_MS, INFO_KEEP(timeout_turn) },
	{ "timeout_match", 0, INFO_MS, INFO_KEEP(timeout_match) },
	{ "time_left", -INFO_MS, INFO_MS, INFO_KEEP(time_left) },
	{ "time_increment", 0, INFO_MS, INFO_KEEP(time_increment) },
	{ "max_memory", 0, 1L << 50, INFO_KEEP(max_memory) },
	{ "thread_num", 1, 1L << 20, INFO_KEEP(thread_num) },
	{ "game_type", 0, 3, 0 },
	{ "rule", 0, 15, 0 },
	{ NULL, 0, 0, 0 },
};

/* INFO rule: the rules of new games, and of the current one at once (its
 * stones stay; not while a search runs on it: then from the next). */
static void set_rule(struct gomocup *g, long value, bool busy)
{
	char err[128];
	struct game *game = g->s->game;

	if (!gomocup_rule_supported(value)) {
		say(g, "ERROR unsupported rule %ld", value);
		return;
	}
	g->rule = (int)value;
	if (g->started && !busy && game->ops->set_rules &&
	    game->ops->set_rules(game, gomocup_rules_name(g->rule), err, sizeof(err)) < 0)
		say(g, "ERROR %s", err);
}

/* INFO key value: answered only for a bad value ("ERROR bad INFO value
 * KEY VALUE"; nothing changes); unknown keys are ignored, as the protocol
 * asks. */
static void cmd_info(struct gomocup *g, char *args, bool busy)
{
	char *value = args ? strchr(args, ' ') : NULL;
	int x, y;
	long v;

	if (!value)
		return;
	*value++ = '\0';
	if (!strcmp(args, "folder"))
		return; /* persistent files: quintet keeps none */
	if (!strcmp(args, "evaluate")) {
		/* The cursor's point, for an evaluation quintet does not show. */
		if (sscanf(value, "%d,%d", &x, &y) != 2 || x < 0 || y < 0)
			say(g, "ERROR bad INFO value evaluate %s", value);
		return;
	}
	for (const struct info_key *k = info_keys; k->name; k++) {
		if (strcmp(args, k->name))
			continue;
		if (gtp_parse_int(value, k->min, k->max, &v) < 0)
			say(g, "ERROR bad INFO value %s %s", k->name, value);
		else if (!strcmp(k->name, "rule"))
			set_rule(g, v, busy);
		else if (k->offset) /* time_left < 0: the time is up, none left */
			*(long *)((char *)g + k->offset) = v < 0 ? 0 : v;
		return;
	}
}

static void cmd_info_idle(struct gomocup *g, char *args, double arrival)
{
	(void)arrival;
	cmd_info(g, args, false);
}

static void cmd_about(struct gomocup *g, char *args, double arrival)
{
	(void)args, (void)arrival;
	say(g, "name=\"quintet\", version=\"%s\", author=\"the quintet authors\", "
	       "country=\"-\", www=\"%s\"",
	    PACKAGE_VERSION, *PACKAGE_URL ? PACKAGE_URL : "-");
}

/* YXSTOP while idle: nothing to stop. */
static void cmd_yxstop(struct gomocup *g, char *args, double arrival)
{
	(void)g, (void)args, (void)arrival;
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

/* The commands answered while idle (END aside). */
static const struct {
	const char *name;
	gomocup_handler handler;
} commands[] = {
	{ "START", cmd_start },       { "RECTSTART", cmd_rectstart },
	{ "RESTART", cmd_restart },   { "BEGIN", cmd_begin },
	{ "TURN", cmd_turn },         { "PLAY", cmd_play },
	{ "TAKEBACK", cmd_takeback }, { "BOARD", cmd_board },
	{ "YXBOARD", cmd_yxboard },   { "SWAP2BOARD", cmd_swap2board },
	{ "INFO", cmd_info_idle },    { "ABOUT", cmd_about },
	{ "YXSHOWFORBID", cmd_yxshowforbid }, { "YXSTOP", cmd_yxstop },
	{ "YXNBEST", cmd_yxnbest },
};

/* One command while idle. */
static enum fe_step command(struct gomocup *g, char *name, char *args, double arrival)
{
	if (!strcmp(name, "END"))
		return FE_CLOSE;
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(name, commands[i].name)) {
			commands[i].handler(g, args, arrival);
			return FE_DONE;
		}
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
		/* While thinking: INFO is taken at once, YXSTOP stops the
		 * search (its move so far answers), END stops it and closes;
		 * anything else waits for our move. */
		if (!strcmp(name, "INFO"))
			cmd_info(g, args, true);
		else if (!strcmp(name, "YXSTOP"))
			fe_stop_job(g->conn);
		else if (!strcmp(name, "END"))
			fe_stop_job(g->conn), step = FE_CLOSE;
		else
			step = FE_LATER;
	} else if (!*name) {
		step = FE_DONE;
	} else if (g->board != BOARD_NONE && strcmp(name, "DONE")) {
		board_line(g, name);
	} else if (g->board != BOARD_NONE) {
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

/* A finished job's reply: the move's point, or the swap2 choice. */
static void answer(struct gomocup *g, const struct gomocup_job *job)
{
	char point[16] = "";

	if (job->rc < 0) {
		say(g, "ERROR %s", job->err);
	} else if (job->swap2 >= 0) {
		if (job->swap2 > 0)
			g->own = job->own;
		say(g, "%s", job->answer);
	} else if (put_point(g->s->game, g->size, job->move, false, point, sizeof(point)) < 0) {
		say(g, "ERROR cannot play that move");
	} else {
		say(g, "%s", point);
	}
}

static void gomocup_job_done(void *st, bool ran)
{
	struct gomocup *g = st;
	struct gomocup_job *job = g->job;

	g->job = NULL;
	session_call_finish(g->s, job->sj, ran); /* the move played, when it ran */
	if (!ran)
		say(g, fe_job_refused(g->conn) ? "ERROR server busy" : "ERROR interrupted");
	else
		answer(g, job);
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
