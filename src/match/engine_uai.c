/* The UAI driver ("uai:CMD"): the Universal Ataxx Interface, UCI for
 * Ataxx, as cuteataxx speaks it (and `quintet --protocol uai`).
 *
 *   handshake   uai ... id name N ... option name Rules ... uaiok; isready
 *               readyok
 *   new game    uainewgame, setoption name Rules value R (when the engine
 *               has a Rules option), the init lines, isready readyok
 *   a move      nothing is sent: the moves are kept (its own bestmoves too)
 *   genmove     position fen FEN moves M..., then go movetime MS (--time)
 *               or go btime wtime binc winc (--clock; btime is x's, the
 *               first player's, quintet's black), then info lines until
 *               bestmove M; 0000 is a pass. UAI has no byo-yomi: under
 *               --clock M+PxS btime and wtime are the time before a loss
 *               on time (main time and every period left), binc and winc
 *               0, so an engine that spreads its time over the game
 *               never reaches the last period
 *
 * Times are milliseconds, so fractions of a second are told exactly. A
 * UAI search without a limit waits for `stop`, so these engines need
 * --time or --clock. Without a Rules option an engine plays standard
 * Ataxx only. Output before a command that is not an info line is an
 * unrequested reply. */
#include "match/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/monotime.h"
#include "util/xalloc.h"

struct uai_state {
	struct strbuf position; /* "fen FEN": the start */
	struct strbuf moves;    /* " m1 m2 ..." played since */
	bool has_rules;         /* the engine offers a Rules option */
};

static struct uai_state *state(struct engine *e)
{
	if (!e->state)
		e->state = xcalloc(1, sizeof(struct uai_state));
	return e->state;
}

static void uai_release(struct engine *e)
{
	struct uai_state *u = e->state;

	if (!u)
		return;
	sb_free(&u->position);
	sb_free(&u->moves);
	free(u);
	e->state = NULL;
}

/* Send line, then read lines until one starting with the word want;
 * that line goes to reply. Others are passed to seen (may be NULL). */
static enum engine_rc exchange(struct engine *e, const char *line, const char *want,
			       double timeout, struct strbuf *reply,
			       void (*seen)(struct engine *e, const char *line))
{
	double deadline = timeout > 0 ? monotime_now() + timeout : 0;
	size_t n = strlen(want);
	enum engine_rc rc;

	if (engine_interrupt_pending())
		return engine_interrupted(e, reply);
	if (e->wfd < 0 || engine_write(e, line) < 0)
		return engine_dead(e, reply);
	while ((rc = engine_read_line(e, deadline, timeout, reply)) == ENGINE_OK) {
		const char *l = sb_str(reply);
		if (!strncmp(l, want, n) && (l[n] == ' ' || l[n] == '\0'))
			return ENGINE_OK;
		if (seen)
			seen(e, l);
	}
	return rc;
}

/* A line of the uai reply: the name, the options. */
static void identify(struct engine *e, const char *line)
{
	if (!strncmp(line, "id name ", 8))
		snprintf(e->name, sizeof(e->name), "%s", line + 8);
	else if (!strncmp(line, "option name Rules ", 18))
		state(e)->has_rules = true;
}

static int uai_handshake(struct engine *e, double timeout, char *err, size_t errlen)
{
	struct strbuf reply = STRBUF_INIT;
	enum engine_rc rc;

	engine_name_default(e);
	state(e)->has_rules = false;
	rc = exchange(e, "uai", "uaiok", timeout, &reply, identify);
	if (rc == ENGINE_OK)
		rc = exchange(e, "isready", "readyok", timeout, &reply, NULL);
	if (rc != ENGINE_OK)
		snprintf(err, errlen, "'%s' did not answer: %s", e->spec, sb_str(&reply));
	sb_free(&reply);
	return rc == ENGINE_OK ? 0 : -1;
}

/* The rules a UAI engine must be told, or NULL: standard Ataxx is what
 * UAI means. */
static const char *rules_of(const struct game *start)
{
	const char *rules = start->ops->get_rules ? start->ops->get_rules(start) : NULL;

	return rules && strcmp(rules, "standard") ? rules : NULL;
}

/* The game UAI is the protocol of: the driver translates from the game's
 * generic members (its notation, print_move's moves), and no game knows
 * about UAI. */
#define UAI_GAME "ataxx"

static int uai_select(struct engine *e, const struct game *start, double timeout, char *err,
		      size_t errlen)
{
	(void)timeout;
	if (strcmp(start->ops->name, UAI_GAME) || !start->ops->notation) {
		snprintf(err, errlen, "'%s': UAI engines play Ataxx, not %s", e->spec,
			 start->ops->name);
		return -1;
	}
	if (rules_of(start) && !state(e)->has_rules) {
		snprintf(err, errlen, "'%s' has no Rules option, so it plays standard rules only, "
			 "not %s", e->spec, rules_of(start));
		return -1;
	}
	return 0;
}

static enum engine_rc uai_new_game(struct engine *e, const struct engine_game *g,
				   double timeout, struct strbuf *cmd, struct strbuf *reply)
{
	struct uai_state *u = state(e);
	enum engine_rc rc = ENGINE_OK;

	sb_reset(&u->position);
	sb_reset(&u->moves);
	sb_puts(&u->position, "fen ");
	g->start->ops->notation(g->start, &u->position);
	sb_reset(cmd);
	sb_puts(cmd, "uainewgame");
	if (engine_interrupt_pending())
		return engine_interrupted(e, reply);
	if (engine_write(e, "uainewgame") < 0)
		return engine_dead(e, reply);
	if (u->has_rules && g->start->ops->get_rules) {
		sb_reset(cmd);
		sb_printf(cmd, "setoption name Rules value %s", g->start->ops->get_rules(g->start));
		if (engine_write(e, sb_str(cmd)) < 0)
			return engine_dead(e, reply);
	}
	for (int i = 0; g->init && g->init[i]; i++) {
		sb_reset(cmd);
		sb_puts(cmd, g->init[i]);
		if (engine_write(e, g->init[i]) < 0)
			return engine_dead(e, reply);
	}
	rc = exchange(e, "isready", "readyok", timeout, reply, NULL);
	if (rc != ENGINE_OK) {
		sb_reset(cmd);
		sb_puts(cmd, "isready");
	}
	return rc;
}

static enum engine_rc uai_play(struct engine *e, int color, const char *move, double timeout,
			       struct strbuf *cmd, struct strbuf *reply)
{
	struct uai_state *u = state(e);

	(void)color, (void)timeout;
	sb_reset(cmd);
	sb_puts(cmd, move);
	sb_printf(&u->moves, " %s", strcmp(move, "pass") ? move : "0000");
	sb_reset(reply);
	return ENGINE_OK;
}

static long ms(double seconds)
{
	return seconds > 0 ? (long)(seconds * 1000) : 0;
}

static enum engine_rc uai_genmove(struct engine *e, int color, const struct engine_clock *clk,
				  double timeout, struct strbuf *cmd, struct strbuf *reply)
{
	struct uai_state *u = state(e);
	struct strbuf position = STRBUF_INIT;
	enum engine_rc rc;

	(void)color;
	sb_printf(&position, "position %s%s%s", sb_str(&u->position), u->moves.len ? " moves" : "",
		  sb_str(&u->moves));
	sb_reset(cmd);
	if (clk->clock)
		sb_printf(cmd, "go btime %ld wtime %ld binc %ld winc %ld",
			  ms(engine_clock_total(clk, COLOR_BLACK)),
			  ms(engine_clock_total(clk, COLOR_WHITE)), ms(clk->increment),
			  ms(clk->increment));
	else
		sb_printf(cmd, "go movetime %ld", ms(clk->move_time));
	if (e->drv->stray(e, reply))
		rc = ENGINE_PROTOCOL;
	else if (engine_write(e, sb_str(&position)) < 0)
		rc = engine_dead(e, reply);
	else
		rc = exchange(e, sb_str(cmd), "bestmove", timeout, reply, NULL);
	sb_free(&position);
	if (rc != ENGINE_OK)
		return rc;
	/* "bestmove M [ponder P]": M in quintet's text */
	char move[64] = "";
	sscanf(sb_str(reply) + 8, "%63s", move);
	sb_reset(reply);
	sb_puts(reply, strcmp(move, "0000") ? move : "pass");
	/* Its own move is in the position from now on (GTP's genmove plays
	 * it; a UAI engine only suggests it). */
	sb_printf(&u->moves, " %s", move);
	return ENGINE_OK;
}

static enum engine_rc uai_send(struct engine *e, const char *line, double timeout,
			       struct strbuf *reply)
{
	if (engine_interrupt_pending())
		return engine_interrupted(e, reply);
	if (engine_write(e, line) < 0)
		return engine_dead(e, reply);
	return exchange(e, "isready", "readyok", timeout, reply, NULL);
}

static bool info_line(const char *line, size_t n)
{
	return !strncmp(line, "info", 4) && (n == 4 || line[4] == ' ');
}

/* Complete lines buffered that are not info lines are unrequested; info
 * lines are dropped. */
static bool uai_stray(struct engine *e, struct strbuf *reply)
{
	return engine_stray_lines(e, info_line, reply);
}

static void uai_quit(struct engine *e, double timeout)
{
	(void)timeout;
	engine_write(e, "quit");
}

const struct engine_driver engine_uai = {
	.prefix = "uai:",
	.name = "UAI",
	.needs_time = true,
	.ready = true,
	.handshake = uai_handshake,
	.select = uai_select,
	.new_game = uai_new_game,
	.play = uai_play,
	.genmove = uai_genmove,
	.send = uai_send,
	.stray = uai_stray,
	.quit = uai_quit,
	.release = uai_release,
};
