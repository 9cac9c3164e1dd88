/* Mastermind's referee row. The referee is the codemaker: the secret is
 * the random one of its own game, made from --seed and the game number
 * (both games of a pair share it). Both engines break that same code,
 * black first: each is asked `genmove b`, the guess is checked and scored
 * on the referee's copy, and the answer goes back with `feedback`. Fewer
 * guesses wins, by the difference (B+2); equal counts are a draw (0); a
 * code not broken within the tries counts as tries + 1 guesses. The tally
 * is black's number of guesses, so the report's "engine N black" averages
 * are each engine's own. */
#include "match/match_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/mastermind/mastermind.h"
#include "match/referee.h"
#include "util/xalloc.h"

static double genmove_timeout(const struct match_config *cfg)
{
	return cfg->time > 0 ? cfg->time * 1.05 + 0.05 : 0;
}

static double command_timeout(const struct match_config *cfg)
{
	return cfg->time > MATCH_COMMAND_TIMEOUT ? cfg->time : MATCH_COMMAND_TIMEOUT;
}

long match_mastermind_max_moves(const struct game *g)
{
	return mm_cof(g)->v.tries;
}

void match_mastermind_setup(const struct game *g, const char *size, struct strbuf *out)
{
	(void)size;
	sb_puts(out, "variant ");
	mm_variant_print(&mm_cof(g)->v, out);
	sb_puts(out, "\nclear_board");
}

void match_mastermind_describe(const struct game *g, struct strbuf *out)
{
	const struct mm_variant *v = &mm_cof(g)->v;

	sb_printf(out, "%s (%d pegs, colors %c-%c, %s, %s feedback, %d tries)",
		  mm_variant_name(v), v->pegs, mm_digit(v, 0), mm_digit(v, v->colors - 1),
		  v->repeats ? "repeats" : "no repeats",
		  v->style == MM_COUNTS ? "counts" : "positional", v->tries);
}

long match_mastermind_tally(const struct game *g, long moves)
{
	(void)moves;
	return mm_answered(mm_cof(g));
}

static void record_move(struct referee *r, int color, const char *text)
{
	if (r->nmoves == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 32;
		r->moves = xrealloc(r->moves, r->cap * sizeof(*r->moves));
	}
	r->moves[r->nmoves++] = (struct record_move){ color, xstrdup(text) };
}

/* One guess of color's engine on game: genmove, check, score, feedback.
 * 0, or -1 when the game ended by a forfeit. */
static int one_guess(struct referee *r, int color, struct game *game)
{
	const struct game_ops *ops = game->ops;
	struct mm_game *mg = mm_of(game);
	struct strbuf text = STRBUF_INIT;
	char why[128], cmd[64];
	int move;

	if (referee_send(r, color, "genmove b", genmove_timeout(r->cfg)) < 0)
		return -1;
	const char *reply = sb_str(&r->reply);
	if (ops->parse_move(game, reply, &move, why, sizeof(why)) < 0 ||
	    ops->play(game, COLOR_BLACK, move, why, sizeof(why)) < 0) {
		referee_lose(r, color, END_ILLEGAL, "guessed '%.40s' (%s)", reply, why);
		return -1;
	}
	ops->print_move(game, move, &text);
	record_move(r, color, sb_str(&text));
	sb_reset(&text);
	mm_fb_print(&mg->v, mg->tries[mg->ntries - 1].fb, &text);
	snprintf(cmd, sizeof(cmd), "feedback %s", sb_str(&text));
	sb_free(&text);
	return referee_send(r, color, cmd, command_timeout(r->cfg));
}

/* Let color's engine break the code of game; its cost in guesses (tries +
 * 1 when not broken), or -1 after a forfeit. */
static long break_code(struct referee *r, int color, struct game *game)
{
	struct mm_game *mg = mm_of(game);
	long cap = r->max_moves < mg->v.tries ? r->max_moves : mg->v.tries;

	while (!mm_is_over(mg) && mm_answered(mg) < cap)
		if (one_guess(r, color, game) < 0)
			return -1;
	return mm_solved(mg) ? mm_answered(mg) : mg->v.tries + 1;
}

static void cost_text(long cost, const struct mm_game *mg, char *buf, size_t len)
{
	if (cost > mg->v.tries)
		snprintf(buf, len, "not broken");
	else
		snprintf(buf, len, "%ld guesses", cost);
}

static void finish(struct referee *r, long black, long white, const struct mm_game *mg)
{
	struct match_result *res = r->res;
	struct strbuf secret = STRBUF_INIT;
	char b[32], w[32];

	r->over = true;
	res->end = END_SCORE;
	res->winner = black < white ? COLOR_BLACK : white < black ? COLOR_WHITE : COLOR_NONE;
	if (res->winner == COLOR_NONE)
		snprintf(res->result, sizeof(res->result), "0");
	else
		snprintf(res->result, sizeof(res->result), "%c+%ld",
			 res->winner == COLOR_BLACK ? 'B' : 'W', labs(black - white));
	mm_code_print(&mg->v, &mg->secret, &secret);
	cost_text(black, mg, b, sizeof(b));
	cost_text(white, mg, w, sizeof(w));
	snprintf(res->detail, sizeof(res->detail), "secret %s: black %s, white %s",
		 sb_str(&secret), b, w);
	sb_free(&secret);
}

int match_mastermind_play(struct referee *r)
{
	if (r->nmoves > 0) { /* an opening was played: it means nothing here */
		r->over = true;
		r->res->end = END_VOID;
		r->res->winner = COLOR_NONE;
		snprintf(r->res->result, sizeof(r->res->result), "Void");
		snprintf(r->res->detail, sizeof(r->res->detail),
			 "mastermind has no openings");
		return 0;
	}
	struct game *second = r->game->ops->copy(r->game); /* same secret for white */
	long black = break_code(r, COLOR_BLACK, r->game), white = -1;

	if (black >= 0)
		white = break_code(r, COLOR_WHITE, second);
	if (black >= 0 && white >= 0)
		finish(r, black, white, mm_cof(r->game));
	second->ops->destroy(second);
	return 0;
}

/* A GTP script replaying both breakers' games (each as the codebreaker,
 * black, against the secret set with setcode). */
char *match_mastermind_write_record(const struct game *g, const struct game_record *rec)
{
	struct strbuf out = STRBUF_INIT;
	struct strbuf secret = STRBUF_INIT;

	mm_code_print(&mm_cof(g)->v, &mm_cof(g)->secret, &secret);
	sb_printf(&out, "# quintet-match game %d\n# game: %s\n# black: %s\n# white: %s\n"
			"# result: %s\n# end: %s\ngame %s\n",
		  rec->number, rec->game, rec->black, rec->white, rec->result, rec->comment,
		  rec->game);
	for (int color = COLOR_BLACK; color <= COLOR_WHITE; color++) {
		sb_printf(&out, "# %s breaks the code\n%s\nsetcode %s\n",
			  color == COLOR_BLACK ? "black" : "white", rec->setup, sb_str(&secret));
		for (size_t i = 0; i < rec->nmoves; i++)
			if (rec->moves[i].color == color)
				sb_printf(&out, "play b %s\n", rec->moves[i].text);
		sb_puts(&out, "showboard\n");
	}
	sb_free(&secret);
	return out.buf;
}
