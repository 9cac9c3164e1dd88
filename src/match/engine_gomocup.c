/* The Gomocup driver ("gomocup:CMD"): the Gomocup (Piskvork) brain
 * protocol, for Gomoku engines (and `quintet --protocol gomocup`). The
 * referee is the manager:
 *
 *   handshake   ABOUT: name="N", version="V" gives the name (a brain that
 *               answers ERROR or UNKNOWN is named by its command's
 *               basename, engine_name_default)
 *   new game    INFO rule R, INFO timeout_turn / timeout_match / time_left
 *               (milliseconds; --time: timeout_turn S, timeout_match 0;
 *               --clock: timeout_match and time_left M, timeout_turn M,
 *               or S with --time S beside it; --clock M+PxS, which
 *               Gomocup cannot say: timeout_match and time_left M + P x
 *               S, the time before a loss on time, and timeout_turn S,
 *               so a brain keeping to it never loses a period),
 *               then START N, answered OK; then the init lines
 *   a move      nothing is sent: the moves are kept
 *   genmove     (--clock: INFO time_left first: main time and every
 *               period left) BEGIN on the empty board,
 *               TURN x,y when the brain knows every move but the
 *               opponent's last, otherwise BOARD, x,y,F per stone in the
 *               order played (F 1: the brain's, 2: the opponent's), DONE;
 *               answered x,y
 *
 * INFO is sent before START, so a brain that reads its rule at START (as
 * quintet's does) plays the right one. Coordinates are translated by
 * gomocup.c, as the front end does. MESSAGE and DEBUG lines are the
 * brain's chatter, skipped anywhere; an answer ERROR or UNKNOWN is a
 * refusal. Gomocup has no way to sync, so init lines (INFO lines: no
 * answer) are sent without waiting, and an answer to one is output
 * nobody asked for. */
#include "match/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "gomocup.h"
#include "util/monotime.h"
#include "util/xalloc.h"

struct gomocup_move {
	int x, y;  /* its point */
	int color; /* who played it */
};

struct gomocup_state {
	int size;                   /* the board's side */
	int rule;                   /* INFO rule bits */
	struct gomocup_move *moves; /* the game's moves so far */
	size_t n, cap;              /* their count and room */
	size_t known;               /* how many of them the brain has been told */
	double answered;            /* monotime_now() of its last answer, 0 = none yet */
};

/* Brains may lose a line that arrives just after they answer (Rapfi reads
 * its next command while its search thread is still finishing): the
 * referee writes no sooner than this after an answer. */
#define GOMOCUP_SETTLE 0.05

static struct gomocup_state *state(struct engine *e)
{
	if (!e->state)
		e->state = xcalloc(1, sizeof(struct gomocup_state));
	return e->state;
}

static void gomocup_release(struct engine *e)
{
	struct gomocup_state *g = e->state;

	if (!g)
		return;
	free(g->moves);
	free(g);
	e->state = NULL;
}

/* Whether line (n bytes) starts with word, then a space or its end. */
static bool starts_with(const char *line, size_t n, const char *word)
{
	size_t w = strlen(word);

	return n >= w && !strncasecmp(line, word, w) && (n == w || line[w] == ' ');
}

static bool chatter(const char *line, size_t n)
{
	return starts_with(line, n, "MESSAGE") || starts_with(line, n, "DEBUG");
}

/* Write each line of cmd (one or more, newline-separated); 0 or -1. */
static int write_lines(struct engine *e, const char *cmd)
{
	struct strbuf line = STRBUF_INIT;
	int rc = 0;

	for (const char *p = cmd; rc == 0 && *p;) {
		size_t n = strcspn(p, "\n");
		sb_reset(&line);
		sb_append(&line, p, n);
		rc = engine_write(e, sb_str(&line));
		p += n + (p[n] == '\n');
	}
	sb_free(&line);
	return rc;
}

/* Wait until GOMOCUP_SETTLE has passed since the brain's last answer. */
static void settle(const struct gomocup_state *g)
{
	double wait = g->answered + GOMOCUP_SETTLE - monotime_now();

	if (g->answered > 0 && wait > 0) {
		struct timespec ts = { 0, (long)(wait * 1e9) };
		nanosleep(&ts, NULL);
	}
}

/* Send cmd's lines and read the answer: the first line that is not
 * chatter. ENGINE_FAILED for ERROR and UNKNOWN (reply: the line). */
static enum engine_rc exchange(struct engine *e, const char *cmd, double timeout,
			       struct strbuf *reply)
{
	struct gomocup_state *g = state(e);
	enum engine_rc rc;

	if (engine_interrupt_pending())
		return engine_interrupted(e, reply);
	settle(g);
	double deadline = timeout > 0 ? monotime_now() + timeout : 0;
	if (e->wfd < 0 || write_lines(e, cmd) < 0)
		return engine_dead(e, reply);
	while ((rc = engine_read_line(e, deadline, timeout, reply)) == ENGINE_OK) {
		const char *l = sb_str(reply);
		if (reply->len == 0 || chatter(l, reply->len))
			continue;
		g->answered = monotime_now();
		if (starts_with(l, reply->len, "ERROR") || starts_with(l, reply->len, "UNKNOWN"))
			return ENGINE_FAILED;
		return ENGINE_OK;
	}
	return rc;
}

/* The value of key="..." in an ABOUT answer, into out; false when absent. */
static bool about_value(const char *about, const char *key, char *out, size_t len)
{
	char pattern[32];
	const char *p;

	snprintf(pattern, sizeof(pattern), "%s=\"", key);
	p = strstr(about, pattern);
	if (!p)
		return false;
	p += strlen(pattern);
	size_t n = strcspn(p, "\"");
	snprintf(out, len, "%.*s", (int)n, p);
	return true;
}

static int gomocup_handshake(struct engine *e, double timeout, char *err, size_t errlen)
{
	struct strbuf reply = STRBUF_INIT;
	char name[64], version[32];
	enum engine_rc rc = exchange(e, "ABOUT", timeout, &reply);

	engine_name_default(e);
	if (rc == ENGINE_OK && about_value(sb_str(&reply), "name", name, sizeof(name))) {
		if (about_value(sb_str(&reply), "version", version, sizeof(version)))
			snprintf(e->name, sizeof(e->name), "%s %s", name, version);
		else
			snprintf(e->name, sizeof(e->name), "%s", name);
	}
	if (rc != ENGINE_OK && rc != ENGINE_FAILED)
		snprintf(err, errlen, "'%s' did not answer ABOUT: %s", e->spec, sb_str(&reply));
	sb_free(&reply);
	return rc == ENGINE_OK || rc == ENGINE_FAILED ? 0 : -1;
}

/* The board side and INFO rule bits of g's variant (rule -1: Gomocup
 * has none for its rules). */
static void board_of(const struct game *g, int *size, int *rule)
{
	struct game_option_value opts[GAME_MAX_OPTIONS];
	int n = g->ops->get_options(g, opts, GAME_MAX_OPTIONS);

	*size = 0;
	for (int i = 0; i < n; i++)
		if (!strcmp(opts[i].key, "size"))
			*size = (int)strtol(opts[i].value, NULL, 10);
	*rule = g->ops->get_rules ? gomocup_rule_bits(g->ops->get_rules(g)) : -1;
}

static int gomocup_select(struct engine *e, const struct game *start, double timeout, char *err,
			  size_t errlen)
{
	int size, rule;

	(void)timeout;
	if (strcmp(start->ops->name, GOMOCUP_GAME)) {
		snprintf(err, errlen, "'%s': Gomocup engines play Gomoku, not %s", e->spec,
			 start->ops->name);
		return -1;
	}
	board_of(start, &size, &rule);
	if (rule < 0) {
		snprintf(err, errlen, "'%s': Gomocup has no rule for %s", e->spec,
			 start->ops->get_rules(start));
		return -1;
	}
	return 0;
}

static long ms(double seconds)
{
	return seconds > 0 ? (long)(seconds * 1000) : 0;
}

/* The INFO lines of a new game: the rule and the time control. */
static void game_info(const struct gomocup_state *g, const struct engine_game *eg,
		      struct strbuf *out)
{
	double match = eg->main_time + eg->periods * eg->period;
	double turn = eg->move_time > 0 ? eg->move_time : eg->periods > 0 ? eg->period : match;

	sb_printf(out, "INFO rule %d\n", g->rule);
	if (match > 0)
		sb_printf(out, "INFO timeout_match %ld\nINFO timeout_turn %ld\nINFO time_left %ld\n",
			  ms(match), ms(turn), ms(match));
	else if (eg->move_time > 0)
		sb_printf(out, "INFO timeout_turn %ld\nINFO timeout_match 0\n", ms(eg->move_time));
}

static enum engine_rc gomocup_new_game(struct engine *e, const struct engine_game *eg,
				       double timeout, struct strbuf *cmd, struct strbuf *reply)
{
	struct gomocup_state *g = state(e);
	struct strbuf lines = STRBUF_INIT;
	enum engine_rc rc;

	g->n = g->known = 0;
	board_of(eg->start, &g->size, &g->rule);
	game_info(g, eg, &lines);
	sb_printf(&lines, "START %d", g->size);
	rc = exchange(e, sb_str(&lines), timeout, reply);
	sb_free(&lines);
	sb_reset(cmd);
	sb_printf(cmd, "START %d", g->size);
	if (rc == ENGINE_OK && strcasecmp(sb_str(reply), "OK")) {
		struct strbuf what = STRBUF_INIT;

		sb_printf(&what, "answered '%.60s', not OK", sb_str(reply));
		sb_reset(reply);
		sb_puts(reply, sb_str(&what));
		sb_free(&what);
		e->broken = true;
		rc = ENGINE_MALFORMED;
	}
	for (int i = 0; rc == ENGINE_OK && eg->init && eg->init[i]; i++) {
		sb_reset(cmd);
		sb_puts(cmd, eg->init[i]);
		settle(state(e));
		if (engine_write(e, eg->init[i]) < 0)
			rc = engine_dead(e, reply);
	}
	return rc;
}

static void add_move(struct gomocup_state *g, int x, int y, int color)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->moves = xrealloc(g->moves, g->cap * sizeof(*g->moves));
	}
	g->moves[g->n++] = (struct gomocup_move){ x, y, color };
}

static enum engine_rc gomocup_play(struct engine *e, int color, const char *move, double timeout,
				   struct strbuf *cmd, struct strbuf *reply)
{
	struct gomocup_state *g = state(e);
	int x, y;

	(void)timeout;
	sb_reset(cmd);
	sb_puts(cmd, move);
	sb_reset(reply);
	if (gomocup_vertex_xy(g->size, move, &x, &y) < 0) {
		sb_printf(reply, "'%s' is not a point Gomocup can name", move);
		return ENGINE_FAILED;
	}
	add_move(g, x, y, color);
	return ENGINE_OK;
}

/* The command that brings the brain up to date and asks for color's move. */
static void move_request(const struct gomocup_state *g, int color, struct strbuf *cmd)
{
	sb_reset(cmd);
	if (g->n == 0) {
		sb_puts(cmd, "BEGIN");
	} else if (g->known + 1 == g->n && g->moves[g->n - 1].color != color) {
		sb_printf(cmd, "TURN %d,%d", g->moves[g->n - 1].x, g->moves[g->n - 1].y);
	} else {
		sb_puts(cmd, "BOARD\n");
		for (size_t i = 0; i < g->n; i++)
			sb_printf(cmd, "%d,%d,%d\n", g->moves[i].x, g->moves[i].y,
				  g->moves[i].color == color ? 1 : 2);
		sb_puts(cmd, "DONE");
	}
}

static enum engine_rc gomocup_genmove(struct engine *e, int color,
				      const struct engine_clock *clk, double timeout,
				      struct strbuf *cmd, struct strbuf *reply)
{
	struct gomocup_state *g = state(e);
	struct strbuf lines = STRBUF_INIT;
	enum engine_rc rc;
	int x, y;

	move_request(g, color, cmd);
	if (clk->clock)
		sb_printf(&lines, "INFO time_left %ld\n", ms(engine_clock_total(clk, color)));
	sb_puts(&lines, sb_str(cmd));
	if (!strncmp(sb_str(cmd), "BOARD", 5)) { /* messages name it in one line */
		sb_reset(cmd);
		sb_printf(cmd, "BOARD (%zu stones) DONE", g->n);
	}
	rc = e->drv->stray(e, reply) ? ENGINE_PROTOCOL : exchange(e, sb_str(&lines), timeout, reply);
	sb_free(&lines);
	if (rc != ENGINE_OK)
		return rc;
	g->known = g->n;
	const char *comma = strchr(sb_str(reply), ',');
	if (gomocup_parse_xy(sb_str(reply), g->size, &x, &y) < 0 || strchr(comma + 1, ','))
		return ENGINE_OK; /* not x,y on the board: the referee finds it unreadable */
	/* Its own move is played from now on, and the brain knows it. */
	add_move(g, x, y, color);
	g->known = g->n;
	char vertex[8];
	gomocup_vertex_text(g->size, x, y, vertex, sizeof(vertex));
	sb_reset(reply);
	sb_puts(reply, vertex);
	return ENGINE_OK;
}

/* A line of Gomocup has no answer to wait for (INFO lines). */
static enum engine_rc gomocup_send(struct engine *e, const char *line, double timeout,
				   struct strbuf *reply)
{
	(void)timeout;
	sb_reset(reply);
	if (engine_interrupt_pending())
		return engine_interrupted(e, reply);
	settle(state(e));
	return engine_write(e, line) < 0 ? engine_dead(e, reply) : ENGINE_OK;
}

/* Complete lines buffered that are not MESSAGE or DEBUG are unrequested. */
static bool gomocup_stray(struct engine *e, struct strbuf *reply)
{
	return engine_stray_lines(e, chatter, reply);
}

static void gomocup_quit(struct engine *e, double timeout)
{
	(void)timeout;
	engine_write(e, "END");
}

const struct engine_driver engine_gomocup = {
	.prefix = "gomocup:",
	.name = "Gomocup",
	.ready = true,
	.handshake = gomocup_handshake,
	.select = gomocup_select,
	.new_game = gomocup_new_game,
	.play = gomocup_play,
	.genmove = gomocup_genmove,
	.send = gomocup_send,
	.stray = gomocup_stray,
	.quit = gomocup_quit,
	.release = gomocup_release,
};
