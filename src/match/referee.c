/* One refereed game: engine setup, opening, the alternating driver, the
 * end and the result, the record. */
#include "match/referee.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/atomic_file.h"
#include "util/xalloc.h"

#define ENGINE_SEED_MOD 2147483647 /* engine seeds fit a C int (GNU Go) */

/* Slack on --time for the pipe and process switch, matching the engine's
 * own budget of 5% or 50 ms. */
static double genmove_timeout(const struct match_config *cfg)
{
	return cfg->time > 0 ? cfg->time * 1.05 + 0.05 : 0;
}

static double command_timeout(const struct match_config *cfg)
{
	return cfg->time > MATCH_COMMAND_TIMEOUT ? cfg->time : MATCH_COMMAND_TIMEOUT;
}

static const char *color_word(int color)
{
	return color == COLOR_BLACK ? "black" : "white";
}

static const char *color_letter(int color)
{
	return color == COLOR_BLACK ? "b" : "w";
}

static int other(int color)
{
	return color == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
}

/* The SGF RE suffix of a forfeit: R resign, T time, F anything else. */
static const char *forfeit_code(enum game_end end)
{
	return end == END_RESIGN ? "R" : end == END_TIMEOUT ? "T" : "F";
}

void referee_lose(struct referee *r, int color, enum game_end end, const char *fmt, ...)
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

static int winner_of(const char *score)
{
	int c = toupper((unsigned char)score[0]);

	return c == 'B' ? COLOR_BLACK : c == 'W' ? COLOR_WHITE : COLOR_NONE;
}

void referee_score(struct referee *r, enum game_end end)
{
	struct match_result *res = r->res;
	struct strbuf score = STRBUF_INIT;
	char why[128] = "";
	bool cap = end == END_CAP_SCORED;

	if (r->over)
		return;
	r->over = true;
	if (r->game->ops->final_score(r->game, &score, why, sizeof(why)) == 0) {
		res->end = end;
		res->winner = winner_of(sb_str(&score));
		snprintf(res->result, sizeof(res->result), "%s", sb_str(&score));
		snprintf(res->detail, sizeof(res->detail), "%s; scored %s",
			 cap ? "move cap reached" : "ended by the rules", sb_str(&score));
	} else {
		res->end = cap ? END_CAP_DRAW : end;
		res->winner = COLOR_NONE;
		snprintf(res->result, sizeof(res->result), "0");
		snprintf(res->detail, sizeof(res->detail), "%s; %s: a draw",
			 cap ? "move cap reached" : "ended by the rules", why);
	}
	sb_free(&score);
}

/* Turn an engine answer into a loss for color unless it was "=". */
static int judge(struct referee *r, int color, const char *cmd, enum engine_rc rc)
{
	const char *text = sb_str(&r->reply);

	switch (rc) {
	case ENGINE_OK:
		return 0;
	case ENGINE_FAILED:
		referee_lose(r, color, END_REFUSED, "failed '%s': %s", cmd, text);
		break;
	case ENGINE_TIMEOUT:
		referee_lose(r, color, END_TIMEOUT, "overran the time on '%s': %s", cmd, text);
		break;
	case ENGINE_DEAD:
		referee_lose(r, color, END_CRASH, "crashed on '%s': %s", cmd, text);
		break;
	case ENGINE_MALFORMED:
		referee_lose(r, color, END_MALFORMED, "answered '%s' with a %s", cmd, text);
		break;
	}
	return -1;
}

int referee_send(struct referee *r, int color, const char *cmd, double timeout)
{
	return judge(r, color, cmd, engine_command(r->eng[color], cmd, timeout, &r->reply));
}

static void record_move(struct referee *r, int color, char *text)
{
	if (r->nmoves == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 128;
		r->moves = xrealloc(r->moves, r->cap * sizeof(*r->moves));
	}
	r->moves[r->nmoves++] = (struct record_move){ color, text };
}

int referee_apply(struct referee *r, int color, int move)
{
	const struct game_ops *ops = r->game->ops;
	struct strbuf text = STRBUF_INIT;
	char why[128], cmd[160];

	ops->print_move(r->game, move, &text);
	if (ops->play(r->game, color, move, why, sizeof(why)) < 0) {
		referee_lose(r, color, END_ILLEGAL, "played an illegal move %s (%s)",
			     sb_str(&text), why);
		sb_free(&text);
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "play %s %s", color_letter(color), sb_str(&text));
	record_move(r, color, text.buf ? text.buf : xstrdup(""));
	return referee_send(r, other(color), cmd, command_timeout(r->cfg));
}

/* Ask color's engine for a move and apply it; -1 when the game ended. */
static int genmove(struct referee *r, int color)
{
	char cmd[32], why[128];
	int move;

	snprintf(cmd, sizeof(cmd), "genmove %s", color_letter(color));
	if (referee_send(r, color, cmd, genmove_timeout(r->cfg)) < 0)
		return -1;
	const char *text = sb_str(&r->reply);
	if (strcasecmp(text, "resign") == 0) {
		referee_lose(r, color, END_RESIGN, "resigned");
		return -1;
	}
	if (r->game->ops->parse_move(r->game, text, &move, why, sizeof(why)) < 0) {
		referee_lose(r, color, END_ILLEGAL, "played an unreadable move '%.40s' (%s)",
			     text, why);
		return -1;
	}
	return referee_apply(r, color, move);
}

int referee_alternate(struct referee *r)
{
	const struct game_ops *ops = r->game->ops;

	while (!r->over) {
		if (ops->is_over(r->game))
			referee_score(r, END_SCORE);
		else if ((long)r->nmoves >= r->max_moves)
			referee_score(r, END_CAP_SCORED);
		else
			genmove(r, ops->to_move(r->game));
	}
	return 0;
}

/* Send a command an engine may not support: only a dead, hung or garbled
 * answer loses. */
static int send_optional(struct referee *r, int color, const char *cmd)
{
	enum engine_rc rc = engine_command(r->eng[color], cmd, command_timeout(r->cfg), &r->reply);

	return rc == ENGINE_FAILED ? 0 : judge(r, color, cmd, rc);
}

/* The engine-specific part of setting up a new game. */
static int engine_preamble(struct referee *r, int color, uint64_t seed)
{
	const struct match_config *cfg = r->cfg;
	struct engine *e = r->eng[color];
	char cmd[96];

	if (e->knows_game) {
		snprintf(cmd, sizeof(cmd), "game %s", cfg->ops->name);
		if (referee_send(r, color, cmd, command_timeout(cfg)) < 0)
			return -1;
	} else if (strcmp(cfg->ops->name, game_table[0]->name) != 0) {
		referee_lose(r, color, END_REFUSED, "cannot switch to %s", cfg->ops->name);
		return -1;
	}
	if (e->knows_seed) {
		snprintf(cmd, sizeof(cmd), "set_random_seed %llu",
			 (unsigned long long)(seed % ENGINE_SEED_MOD));
		if (referee_send(r, color, cmd, command_timeout(cfg)) < 0)
			return -1;
	}
	return 0;
}

/* Bring color's engine to the start of a new game. */
static int start_engine(struct referee *r, int color, uint64_t seed)
{
	const struct match_config *cfg = r->cfg;
	struct engine *e = r->eng[color];
	char err[256], cmd[96];

	if ((e->broken || e->wfd < 0) && engine_restart(e, MATCH_START_TIMEOUT, err, sizeof(err)) < 0) {
		referee_lose(r, color, END_CRASH, "could not be restarted: %s", err);
		return -1;
	}
	if (engine_preamble(r, color, seed) < 0)
		return -1;
	char *lines = xstrdup(sb_str(&r->setup)), *save = NULL;
	int rc = 0;
	for (char *l = strtok_r(lines, "\n", &save); l && rc == 0; l = strtok_r(NULL, "\n", &save))
		rc = referee_send(r, color, l, command_timeout(cfg));
	free(lines);
	if (rc == 0 && cfg->rules && e->knows_rules) {
		snprintf(cmd, sizeof(cmd), "rules %s", cfg->rules);
		rc = referee_send(r, color, cmd, command_timeout(cfg));
	}
	if (rc == 0 && cfg->time > 0 && e->knows_time) {
		snprintf(cmd, sizeof(cmd), "time_settings 0 %ld 1", (long)(cfg->time + 0.999));
		rc = send_optional(r, color, cmd);
	}
	return rc;
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
		if (referee_apply(r, color, move) < 0)
			return -1;
	}
	return 0;
}

static void save_record(struct referee *r)
{
	const struct match_config *cfg = r->cfg;
	const struct match_game *mg = cfg->mg;
	struct game_record rec = {
		.number = r->res->number,
		.game = cfg->ops->name,
		.black = r->eng[COLOR_BLACK]->name,
		.white = r->eng[COLOR_WHITE]->name,
		.result = r->res->result,
		.comment = r->res->detail,
		.setup = sb_str(&r->setup),
		.moves = r->moves,
		.nmoves = r->nmoves,
	};
	char err[256];
	char *text = mg->write_record ? mg->write_record(r->game, &rec) : record_write_gtp(&rec);
	char *path = record_path(cfg->sgf_dir, rec.number, mg->write_record ? mg->record_ext : "gtp");

	if (atomic_write_file(path, text, strlen(text), err, sizeof(err)) < 0)
		fprintf(stderr, "quintet-match: cannot save game %d: %s\n", rec.number, err);
	free(path);
	free(text);
}

static void run_game(struct referee *r, const struct match_config *cfg, long index,
		     int black)
{
	uint64_t base = cfg->seed + 2 * (uint64_t)index;

	if (start_engine(r, COLOR_BLACK, base + (uint64_t)black) < 0 ||
	    start_engine(r, COLOR_WHITE, base + (uint64_t)(1 - black)) < 0)
		return;
	if (r->res->opening >= 0 &&
	    play_opening(r, &cfg->openings->v[r->res->opening]) < 0)
		return;
	if (cfg->mg->play_game)
		cfg->mg->play_game(r);
	else
		referee_alternate(r);
	if (!r->over)
		void_game(r, "the game driver ended without a result");
}

void referee_play(const struct match_config *cfg, struct engine *engines[2], long index,
		  struct match_result *res)
{
	struct referee r = { .cfg = cfg, .res = res };
	char err[256];
	int black, opening;

	match_schedule(cfg, index, &black, &opening);
	memset(res, 0, sizeof(*res));
	res->number = (int)index + 1;
	res->black = black;
	res->opening = opening;
	r.eng[COLOR_BLACK] = engines[black];
	r.eng[COLOR_WHITE] = engines[1 - black];
	/* Both games of a pair (same opening, colours swapped) share a seed,
	 * so a randomly generated start position is the same for both. */
	r.game = match_new_game(cfg, cfg->seed + (uint64_t)index / 2, err, sizeof(err));
	if (!r.game) {
		void_game(&r, err);
	} else {
		r.max_moves = match_max_moves(cfg, r.game);
		match_game_setup(cfg->mg, r.game, cfg->size, &r.setup);
		run_game(&r, cfg, index, black);
		res->tally = cfg->mg->tally ? cfg->mg->tally(r.game, (long)r.nmoves)
					    : (long)r.nmoves;
		if (cfg->sgf_dir)
			save_record(&r);
		r.game->ops->destroy(r.game);
	}
	res->moves = (long)r.nmoves;
	res->done = true;
	for (size_t i = 0; i < r.nmoves; i++)
		free(r.moves[i].text);
	free(r.moves);
	sb_free(&r.setup);
	sb_free(&r.reply);
}
