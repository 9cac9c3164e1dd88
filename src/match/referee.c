/* One refereed game: engine setup, opening, the two contest drivers
 * (alternate, solve), the end and the result, the record. */
#include "match/referee.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "match/record.h"
#include "match/refclock.h"
#include "util/files.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define ENGINE_SEED_MOD 2147483647 /* engine seeds fit a C int (GNU Go) */

struct referee {
	const struct match_config *cfg; /* the match */
	struct engine *eng[3];          /* eng[COLOR_BLACK], eng[COLOR_WHITE]; [0] unused */
	struct game *game;              /* the referee's copy of the game (black's, solving) */
	struct game *solo;              /* solving: white's own copy; else NULL */
	struct match_result *res;       /* filled as the game ends */
	long nmoves;                    /* moves played, opening included (both solvers') */
	long black_moves;               /* solving: black's moves alone */
	long max_moves;                 /* move cap of this game */
	int passes;                     /* passes among the last moves played, in a row */
	bool over;                      /* res holds the result */
	time_t started;                 /* when the game began (records' date) */
	struct refclock clock[3];       /* --time, --clock: each colour's clock */
	long lead_moves;                /* --adjudicate-score: moves the lead has lasted */
	struct strbuf reply;            /* last engine reply */
	struct strbuf cmd;              /* the last line sent, for messages */
};

static double command_timeout(const struct match_config *cfg)
{
	double clock = cfg->clock_main + cfg->byo_periods * cfg->byo_time;
	double t = cfg->time > clock ? cfg->time : clock;

	return t > MATCH_COMMAND_TIMEOUT ? t : MATCH_COMMAND_TIMEOUT;
}

static const char *color_word(int color)
{
	return color == COLOR_BLACK ? "black" : "white";
}

static int other(int color)
{
	return color == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
}

static bool solving(const struct referee *r)
{
	return r->cfg->ops->contest == GAME_CONTEST_SOLVE;
}

/* The SGF RE suffix of a forfeit: R resign, T time, F anything else. */
static const char *forfeit_code(enum game_end end)
{
	return end == END_RESIGN ? "R" : end == END_TIMEOUT ? "T" : "F";
}

/* End the game: color loses for reason end; detail is printf-style. */
static void lose(struct referee *r, int color, enum game_end end, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void lose(struct referee *r, int color, enum game_end end, const char *fmt, ...)
{
	struct match_result *res = r->res;
	va_list ap;

	if (r->over)
		return;
	r->over = true;
	res->end = end;
	res->winner = other(color);
	snprintf(res->result, sizeof(res->result), "%c+%s", res->winner == COLOR_BLACK ? 'B' : 'W',
		 forfeit_code(end));
	int n = snprintf(res->detail, sizeof(res->detail), "%s ", color_word(color));
	va_start(ap, fmt);
	vsnprintf(res->detail + n, sizeof(res->detail) - (size_t)n, fmt, ap);
	va_end(ap);
}

/* End without a result (an opening that does not fit this game). */
static void void_game(struct referee *r, const char *why)
{
	r->over = true;
	r->res->end = END_VOID;
	r->res->winner = COLOR_NONE;
	snprintf(r->res->result, sizeof(r->res->result), "Void");
	/* Cut long reasons rather than warn: detail is a one-line summary. */
	snprintf(r->res->detail, sizeof(r->res->detail), "%.*s",
		 (int)sizeof(r->res->detail) - 1, why);
}

/* The end by the rules of a game whose result is gr: its reason, and
 * END_PASSES for a game counted after two passes in a row ended it (Go,
 * whose result says only that it was counted). */
static enum game_end rules_end(const struct referee *r, const struct game_result *gr)
{
	if (gr->reason == GAME_REASON_SCORE && r->passes >= 2)
		return END_PASSES;
	return match_end_of_reason(gr->reason);
}

/* End the game: by the rules (end END_SCORE: the end is what the result
 * gives as its reason, rules_end) or at the move cap (END_CAP_SCORED):
 * score it with the game's result, or call a draw when the game cannot
 * be scored. */
static void score(struct referee *r, enum game_end end)
{
	struct match_result *res = r->res;
	struct strbuf text = STRBUF_INIT;
	struct game_result gr;
	char why[128] = "";
	const char *how = end == END_CAP_SCORED ? "move cap reached" : "ended by the rules";

	if (r->over)
		return;
	r->over = true;
	int counted = r->game->ops->result(r->game, &gr, why, sizeof(why));
	if (counted == 0 && end != END_CAP_SCORED)
		end = rules_end(r, &gr);
	if (end == END_PASSES)
		how = "ended by two passes";
	/* At the cap, adjudication counts a game that cannot score itself. */
	if (counted < 0 && end == END_CAP_SCORED && r->cfg->adjudicate_margin > 0 &&
	    r->game->ops->standing) {
		r->game->ops->standing(r->game, &gr);
		counted = 0;
	}
	if (counted == 0) {
		res->end = end;
		res->winner = gr.winner;
		game_result_print(&gr, &text);
		snprintf(res->result, sizeof(res->result), "%s", sb_str(&text));
		if (gr.detail[0])
			sb_printf(&text, " %s", gr.detail);
		if (gr.reason != GAME_REASON_SCORE)
			snprintf(res->detail, sizeof(res->detail), "%s (%s); scored %s", how,
				 game_reason_name(gr.reason), sb_str(&text));
		else
			snprintf(res->detail, sizeof(res->detail), "%s; scored %s", how,
				 sb_str(&text));
	} else {
		res->end = end == END_CAP_SCORED ? END_CAP_DRAW : end;
		res->winner = COLOR_NONE;
		snprintf(res->result, sizeof(res->result), "0");
		snprintf(res->detail, sizeof(res->detail), "%s; %s: a draw", how, why);
	}
	sb_free(&text);
}

/* Turn an engine answer into a loss for color unless it was "=". */
static int judge(struct referee *r, int color, const char *cmd, enum engine_rc rc)
{
	const char *text = sb_str(&r->reply);

	switch (rc) {
	case ENGINE_OK:
		return 0;
	case ENGINE_FAILED:
		lose(r, color, END_REFUSED, "failed '%s': %s", cmd, text);
		break;
	case ENGINE_TIMEOUT:
		lose(r, color, END_TIMEOUT, "overran the time on '%s': %s", cmd, text);
		break;
	case ENGINE_DEAD:
		lose(r, color, END_CRASH, "crashed on '%s': %s", cmd, text);
		break;
	case ENGINE_MALFORMED:
		lose(r, color, END_MALFORMED, "answered '%s' with a %s", cmd, text);
		break;
	case ENGINE_INTERRUPTED:
		void_game(r, "interrupted"); /* not counted: referee_play drops it */
		break;
	case ENGINE_PROTOCOL:
		lose(r, color, END_PROTOCOL, "%s", text);
		break;
	}
	return -1;
}

/* Send a line of color's engine's protocol (a puzzle's answer). 0 when
 * it was taken; otherwise color loses (refused, time, crash, garbage)
 * with a detail naming it, and -1. */
static int send_line(struct referee *r, int color, const char *line)
{
	struct engine *e = r->eng[color];

	return judge(r, color, line, e->drv->send(e, line, command_timeout(r->cfg), &r->reply));
}

/* Tell color's engine that mover played move (its text). */
static int tell(struct referee *r, int color, int mover, const char *move)
{
	struct engine *e = r->eng[color];
	enum engine_rc rc = e->drv->play(e, mover, move, command_timeout(r->cfg), &r->cmd, &r->reply);

	return judge(r, color, sb_str(&r->cmd), rc);
}

/* Play move for side on game (the referee's copy, or a solver's), its
 * text (printed before the move is played) into text. 0, or -1 when it is
 * illegal: color's engine loses. */
static int play_checked(struct referee *r, struct game *game, int color, int side, int move,
			struct strbuf *text)
{
	const struct game_ops *ops = game->ops;
	char why[128];

	ops->print_move(game, move, text);
	if (ops->play(game, side, move, why, sizeof(why)) < 0) {
		lose(r, color, END_ILLEGAL, "played an illegal move %s (%s)", sb_str(text), why);
		return -1;
	}
	r->nmoves++;
	r->passes = strcasecmp(sb_str(text), "pass") ? 0 : r->passes + 1;
	return 0;
}

/* Play move for color on the referee's game and tell the other engine,
 * and color's own too when the referee chose the move (an opening). 0, or
 * -1 when the game ended (illegal, or an engine refused). */
static int apply(struct referee *r, int color, int move, bool tell_mover)
{
	struct strbuf text = STRBUF_INIT;
	int rc = play_checked(r, r->game, color, color, move, &text);

	if (rc == 0 && tell_mover)
		rc = tell(r, color, color, sb_str(&text));
	if (rc == 0)
		rc = tell(r, other(color), color, sb_str(&text));
	sb_free(&text);
	return rc;
}

/* The clocks color's engine is told before it moves as side. */
static struct engine_clock engine_clock_of(const struct referee *r, int color, int side)
{
	const struct match_config *cfg = r->cfg;
	struct engine_clock clk = {
		.move_time = cfg->time,
		.clock = refclock_running(cfg),
		.left = { 0, r->clock[COLOR_BLACK].main_left, r->clock[COLOR_WHITE].main_left },
		.periods = { 0, r->clock[COLOR_BLACK].periods, r->clock[COLOR_WHITE].periods },
		.increment = cfg->clock_inc,
		.period = cfg->byo_periods > 0 ? cfg->byo_time : 0,
	};

	/* A solver plays its own game as black, on its own clock. */
	clk.left[side] = r->clock[color].main_left;
	clk.periods[side] = r->clock[color].periods;
	return clk;
}

/* Charge color's clock for a reply of used seconds that arrived in time
 * (rc OK or FAILED) or not, and keep its slowest reply for the time left.
 * -1 when it lost on time: the game is over. */
static int charge(struct referee *r, int color, double used, enum engine_rc rc)
{
	struct match_timing *t = &r->res->timing[color];
	double allowed = refclock_allowed(&r->clock[color], r->cfg);
	long move = r->nmoves + 1;

	if (allowed > 0 && used / allowed > t->share)
		*t = (struct match_timing){ used / allowed, used, allowed, move, t->periods_lost };
	if (rc == ENGINE_TIMEOUT) {
		lose(r, color, END_TIMEOUT, "overran the time on '%s' (move %ld, %.3f s left): %s",
		     sb_str(&r->cmd), move, allowed, sb_str(&r->reply));
		return -1;
	}
	int lost = refclock_charge(&r->clock[color], r->cfg, used);
	if (lost > 0)
		t->periods_lost += lost;
	if (lost < 0 && (rc == ENGINE_OK || rc == ENGINE_FAILED)) {
		lose(r, color, END_TIMEOUT, "overran the time on '%s' (move %ld, %.3f s left): "
		     "the reply took %.3f s", sb_str(&r->cmd), move, allowed, used);
		return -1;
	}
	return 0;
}

/* Ask color's engine for a move (as side: the engine's colour, or black
 * when solving) and read it on game. 0 with *move, or -1 when the game
 * ended (resignation, an unreadable move, a failed command, the time). */
static int ask_move(struct referee *r, int color, int side, struct game *game, int *move)
{
	struct engine *e = r->eng[color];
	struct engine_clock clk = engine_clock_of(r, color, side);
	char why[128];

	double sent = monotime_now();
	enum engine_rc rc = e->drv->genmove(e, side, &clk,
					    refclock_deadline(&r->clock[color], r->cfg), &r->cmd,
					    &r->reply);
	if (charge(r, color, monotime_now() - sent, rc) < 0 ||
	    judge(r, color, sb_str(&r->cmd), rc) < 0)
		return -1;
	const char *text = sb_str(&r->reply);
	if (strcasecmp(text, "resign") == 0) {
		lose(r, color, END_RESIGN, "resigned");
		return -1;
	}
	if (game->ops->parse_move(game, text, move, why, sizeof(why)) < 0) {
		lose(r, color, END_ILLEGAL, "played an unreadable move '%.40s' (%s)", text, why);
		return -1;
	}
	return 0;
}

/* --adjudicate-score M/N: whether the game's standing has shown a lead of
 * at least M for N moves in a row (this one included); then the leader
 * wins, adjudicated. */
static bool adjudicated(struct referee *r)
{
	const struct match_config *cfg = r->cfg;
	struct game_result gr;
	struct strbuf text = STRBUF_INIT;

	if (cfg->adjudicate_margin <= 0 || !r->game->ops->standing)
		return false;
	r->game->ops->standing(r->game, &gr);
	bool lead = gr.winner != COLOR_NONE && gr.margin >= cfg->adjudicate_margin;
	r->lead_moves = lead ? r->lead_moves + 1 : 0;
	if (r->lead_moves < cfg->adjudicate_moves)
		return false;
	r->over = true;
	r->res->end = END_ADJUDICATED;
	r->res->winner = gr.winner;
	game_result_print(&gr, &text);
	snprintf(r->res->result, sizeof(r->res->result), "%s", sb_str(&text));
	snprintf(r->res->detail, sizeof(r->res->detail),
		 "%s led by at least %g for %ld move%s; standing %s",
		 color_word(gr.winner), cfg->adjudicate_margin, cfg->adjudicate_moves,
		 cfg->adjudicate_moves == 1 ? "" : "s", sb_str(&text));
	sb_free(&text);
	return true;
}

/* GAME_CONTEST_ALTERNATE: the side to move plays until the game ends. */
static void alternate(struct referee *r)
{
	const struct game_ops *ops = r->game->ops;
	int move;

	while (!r->over) {
		int color = ops->to_move(r->game);

		if (ops->is_over(r->game))
			score(r, END_SCORE);
		else if (r->nmoves >= r->max_moves)
			score(r, END_CAP_SCORED);
		else if (ask_move(r, color, color, r->game, &move) == 0 &&
			 apply(r, color, move, false) == 0)
			adjudicated(r);
	}
}

/* GAME_CONTEST_SOLVE: color's engine solves game alone. Its cost in moves
 * (the default cap + 1 when not solved), or -1 after a forfeit. */
static long solve(struct referee *r, int color, struct game *game)
{
	const struct game_ops *ops = game->ops;
	long fail = game_max_moves(game) + 1, cap = r->max_moves < fail ? r->max_moves : fail - 1;
	long moves = 0;
	struct game_result gr;
	char why[128];
	int move;

	while (!ops->is_over(game) && moves < cap) {
		int side = ops->to_move(game);
		struct strbuf text = STRBUF_INIT;

		if (ask_move(r, color, side, game, &move) < 0 ||
		    play_checked(r, game, color, side, move, &text) < 0) {
			sb_free(&text);
			return -1;
		}
		moves++;
		if (color == COLOR_BLACK)
			r->black_moves++;
		sb_reset(&text);
		ops->answer(game, &text);
		int rc = send_line(r, color, sb_str(&text));
		sb_free(&text);
		if (rc < 0)
			return -1;
	}
	return ops->result(game, &gr, why, sizeof(why)) == 0 && gr.winner == COLOR_BLACK ? moves
											     : fail;
}

/* "7 guesses", or "not solved" for a cost beyond the game's cap. */
static void cost_text(const struct game *g, long cost, char *buf, size_t len)
{
	if (cost > game_max_moves(g))
		snprintf(buf, len, "not solved");
	else
		snprintf(buf, len, "%ld %s", cost,
			 g->ops->moves_word ? g->ops->moves_word : "moves");
}

/* Both solvers done: fewer moves wins by the difference; the end is
 * solved, or unsolved when either did not solve it. The detail starts
 * with what the game says of the puzzle (Mastermind's secret). */
static void solve_result(struct referee *r, long black, long white)
{
	struct match_result *res = r->res;
	struct game_result gr = { .winner = black < white   ? COLOR_BLACK
					    : white < black ? COLOR_WHITE
							    : COLOR_NONE,
				  .has_margin = true,
				  .margin = (double)labs(black - white) };
	struct strbuf text = STRBUF_INIT;
	char why[128], b[48], w[48];
	long most = game_max_moves(r->game); /* a larger cost: not solved */

	r->over = true;
	res->end = black > most || white > most ? END_UNSOLVED : END_SOLVED;
	res->winner = gr.winner;
	game_result_print(&gr, &text);
	snprintf(res->result, sizeof(res->result), "%s", sb_str(&text));
	sb_reset(&text);
	if ((r->game->ops->result(r->game, &gr, why, sizeof(why)) == 0 ||
	     r->solo->ops->result(r->solo, &gr, why, sizeof(why)) == 0) && gr.detail[0])
		sb_printf(&text, "%s: ", gr.detail);
	cost_text(r->game, black, b, sizeof(b));
	cost_text(r->game, white, w, sizeof(w));
	snprintf(res->detail, sizeof(res->detail), "%sblack %s, white %s", sb_str(&text), b, w);
	sb_free(&text);
}

static void solve_both(struct referee *r)
{
	r->solo = r->game->ops->copy(r->game); /* the same puzzle for white */
	long black = solve(r, COLOR_BLACK, r->game), white = -1;

	if (black >= 0)
		white = solve(r, COLOR_WHITE, r->solo);
	if (black >= 0 && white >= 0)
		solve_result(r, black, white);
}

/* Bring color's engine to the start of a new game: restarted if it broke
 * in an earlier game, then told the game, its seed, the setup for the
 * side it plays, its init lines and the time. */
static int start_engine(struct referee *r, int color, int index, uint64_t seed)
{
	const struct match_config *cfg = r->cfg;
	struct engine *e = r->eng[color];
	struct strbuf setup = STRBUF_INIT;
	char err[256];

	if ((e->broken || e->wfd < 0) && engine_restart(e, MATCH_START_TIMEOUT, err, sizeof(err)) < 0) {
		if (e->interrupted)
			void_game(r, "interrupted");
		else
			lose(r, color, END_CRASH, "could not be restarted: %s", err);
		return -1;
	}
	if (r->game->ops->write_setup(r->game, solving(r) ? COLOR_BLACK : color, &setup, err,
				      sizeof(err)) < 0) {
		void_game(r, err);
		sb_free(&setup);
		return -1;
	}
	struct engine_game g = {
		.start = r->game,
		.setup = sb_str(&setup),
		.side = solving(r) ? COLOR_BLACK : color,
		.seed = seed % ENGINE_SEED_MOD,
		.move_time = cfg->time,
		.main_time = cfg->clock_main,
		.increment = cfg->clock_inc,
		.periods = cfg->byo_periods,
		.period = cfg->byo_time,
		.init = match_engine_init(cfg, index),
	};
	enum engine_rc rc = e->drv->new_game(e, &g, command_timeout(cfg), &r->cmd, &r->reply);
	sb_free(&setup);
	return judge(r, color, sb_str(&r->cmd), rc);
}

static int play_opening(struct referee *r, const struct opening *op)
{
	const struct game_ops *ops = r->game->ops;
	char why[128], text[256];
	int move;

	for (size_t i = 0; i < op->n && !r->over; i++) {
		int color = ops->to_move(r->game);

		if (ops->is_over(r->game) ||
		    ops->parse_move(r->game, op->moves[i], &move, why, sizeof(why)) < 0) {
			snprintf(text, sizeof(text), "opening line %d does not fit: '%s'", op->line,
				 op->moves[i]);
			void_game(r, text);
			return -1;
		}
		if (apply(r, color, move, true) < 0)
			return -1;
	}
	return 0;
}

/* --random-opening N: N plies of the game's random player after the book
 * opening, drawn from a generator seeded by the pair, so both games of a
 * pair (colours swapped) start alike. Both engines hear every move. */
static int play_random_opening(struct referee *r, long index)
{
	const struct game_ops *ops = r->game->ops;
	struct game_level random = { .name = "random", .algorithm = "random" };
	struct game_budget budget = { .level = &random };
	struct game *scratch = ops->copy(r->game);
	char why[128];
	int move, rc = 0;

	rng_seed(&scratch->rng, match_pair_seed(r->cfg, index) ^ 0x72616e646f6dULL);
	for (int i = 0; i < r->cfg->random_plies && rc == 0 && !ops->is_over(r->game); i++) {
		int color = ops->to_move(r->game);

		if (ops->genmove(scratch, color, &budget, &move, why, sizeof(why)) < 0) {
			void_game(r, why);
			rc = -1;
		} else {
			rc = apply(r, color, move, true);
		}
	}
	ops->destroy(scratch);
	return rc;
}

/* How the referee decided a game, in cuteataxx's words (PGN Adjudicated),
 * or NULL when the rules or a resignation did. */
static const char *adjudication(enum game_end end)
{
	switch (end) {
	case END_TIMEOUT: return "Out of time";
	case END_ILLEGAL: return "Illegal move";
	case END_CAP_SCORED:
	case END_CAP_DRAW: return "Max game length reached";
	case END_ADJUDICATED: return "Score margin";
	case END_MALFORMED:
	case END_CRASH:
	case END_REFUSED:
	case END_PROTOCOL: return "Engine fault";
	default: return NULL;
	}
}

static void write_record(const struct referee *r, const char *text, const char *ext)
{
	char err[256], *path = record_path(r->cfg->sgf_dir, r->res->number, ext);

	if (files_write(AT_FDCWD, false, path, text, strlen(text), err, sizeof(err)) < 0)
		fprintf(stderr, "quintet-match: cannot save game %d: %s\n", r->res->number, err);
	free(path);
}

/* Whether the rules score g as it stands (final_score answers). */
static bool rules_score(const struct game *g)
{
	struct game_result gr;
	char why[128];

	return g->ops->result(g, &gr, why, sizeof(why)) == 0;
}

/* Every game is saved as a GTP script (game-NNNN.gtp, replayable with
 * quintet); a game with a standard format is saved in it too (Go's SGF,
 * Ataxx's PGN). */
static void save_record(struct referee *r)
{
	const struct match_config *cfg = r->cfg;
	const struct game_ops *ops = cfg->ops;
	char title[64], date[16] = "", clock[16] = "";
	struct tm tm;

	snprintf(title, sizeof(title), "quintet-match game %d", r->res->number);
	if (localtime_r(&r->started, &tm)) {
		strftime(date, sizeof(date), "%Y-%m-%d", &tm);
		strftime(clock, sizeof(clock), "%H:%M:%S", &tm);
	}
	struct game_record_info info = {
		.title = title,
		.black = match_engine_name(cfg, r->res->black, r->eng[COLOR_BLACK]),
		.white = match_engine_name(cfg, r->res->white, r->eng[COLOR_WHITE]),
		.result = r->res->result,
		.comment = r->res->detail,
		.event = "quintet-match",
		.round = r->res->number,
		.date = date[0] ? date : NULL,
		.time_of_day = clock[0] ? clock : NULL,
		.move_time = cfg->time,
		.main_time = cfg->clock_main,
		.increment = cfg->clock_inc,
		.byo_periods = cfg->byo_periods,
		.byo_time = cfg->byo_time,
		.scored = match_end_by_rules(r->res->end) ||
			  (r->res->end == END_CAP_SCORED && !r->solo && rules_score(r->game)),
		.adjudication = adjudication(r->res->end),
	};
	char *text = r->solo ? record_write_solve(&info, r->game, r->solo)
			     : record_write_gtp(&info, r->game);
	write_record(r, text, "gtp");
	free(text);
	if (!r->solo && ops->write_record) {
		text = ops->write_record(r->game, &info);
		write_record(r, text, ops->record_ext ? ops->record_ext : "txt");
		free(text);
	}
}

/* A result stands only if both engines kept quiet to the end: one that
 * said something nobody asked for (a second reply to its last command, a
 * move out of turn) loses the game instead, unless it was lost already. */
static void check_quiet(struct referee *r)
{
	struct match_result *res = r->res;

	if (res->end == END_VOID || r->eng[COLOR_BLACK]->interrupted ||
	    r->eng[COLOR_WHITE]->interrupted)
		return;
	for (int color = COLOR_BLACK; color <= COLOR_WHITE; color++) {
		bool lost = match_end_is_forfeit(res->end) || res->end == END_RESIGN
				    ? res->winner == other(color)
				    : false;
		if (lost || !engine_stray_output(r->eng[color], &r->reply))
			continue;
		r->over = false;
		lose(r, color, END_PROTOCOL, "%s", sb_str(&r->reply));
		return;
	}
}

static void run_game(struct referee *r, const struct match_config *cfg, long index)
{
	/* The lower-numbered engine of the pair gets the even seed. */
	uint64_t base = cfg->seed + 2 * (uint64_t)index;
	int black = r->res->black < r->res->white ? 0 : 1;
	char why[128];

	refclock_start(&r->clock[COLOR_BLACK], cfg);
	refclock_start(&r->clock[COLOR_WHITE], cfg);
	r->res->timed = cfg->time > 0 || refclock_running(cfg);
	if (start_engine(r, COLOR_BLACK, r->res->black, base + (uint64_t)black) < 0 ||
	    start_engine(r, COLOR_WHITE, r->res->white, base + (uint64_t)(1 - black)) < 0)
		return;
	const struct opening *op = r->res->opening >= 0 ? &cfg->openings->v[r->res->opening] : NULL;
	if (solving(r) && ((op && op->n > 0) || cfg->random_plies > 0)) {
		snprintf(why, sizeof(why), "%s has no opening moves", cfg->ops->name);
		void_game(r, why);
		return;
	}
	if (op && play_opening(r, op) < 0)
		return;
	if (cfg->random_plies > 0 && play_random_opening(r, index) < 0)
		return;
	if (solving(r))
		solve_both(r);
	else
		alternate(r);
	if (!r->over)
		void_game(r, "the game driver ended without a result");
	check_quiet(r);
}

void referee_play(const struct match_config *cfg, struct engine *const *engines, long index,
		  struct match_result *res)
{
	struct referee r = { .cfg = cfg, .res = res, .started = time(NULL) };
	char err[256];
	int black, white, opening;
	bool interrupted = false;

	match_schedule(cfg, index, &black, &white, &opening);
	memset(res, 0, sizeof(*res));
	res->number = (int)index + 1;
	res->black = black;
	res->opening = opening;
	res->white = white;
	r.eng[COLOR_BLACK] = engines[black];
	r.eng[COLOR_WHITE] = engines[white];
	r.game = match_new_game(cfg, match_start_seed(cfg, index), err, sizeof(err));
	if (!r.game) {
		void_game(&r, err);
	} else {
		r.max_moves = match_max_moves(cfg, r.game);
		run_game(&r, cfg, index);
		res->tally = solving(&r) ? r.black_moves : r.nmoves;
		res->digest = record_digest(r.game, r.solo);
		interrupted = r.eng[COLOR_BLACK]->interrupted || r.eng[COLOR_WHITE]->interrupted;
		if (cfg->sgf_dir && !interrupted)
			save_record(&r);
		if (r.solo)
			r.solo->ops->destroy(r.solo);
		r.game->ops->destroy(r.game);
	}
	res->moves = r.nmoves;
	res->done = !interrupted;
	sb_free(&r.reply);
	sb_free(&r.cmd);
}
