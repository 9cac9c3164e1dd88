/* The GTP driver: quintet's own protocol (and GNU Go's). Every command
 * carries an id and its reply must carry it back; replies end with an
 * empty line. A new game is `game NAME` (engines without it play only the
 * default game), set_random_seed, the game's setup lines, the init lines,
 * and time_settings; a game clock is told with time_left before each
 * genmove. GTP takes whole seconds, so times are rounded down: an engine
 * never plans for more than the referee allows. */
#include "match/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/monotime.h"
#include "util/xalloc.h"

static void trim_into(struct strbuf *out, const char *s, size_t n)
{
	while (n > 0 && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	sb_reset(out);
	sb_append(out, s, n);
}

/* The id after a reply's '=' or '?' at s ("=12 ..."), or -1 for none;
 * *end is where the text starts. */
static long reply_id(const char *s, const char **end)
{
	const char *p = s + 1;
	long id = 0;

	while (*p >= '0' && *p <= '9' && id < 1000000000L)
		id = id * 10 + (*p++ - '0');
	*end = p;
	return p == s + 1 ? -1 : id;
}

/* The first line of s, cut, for messages. */
static void first_line(const char *s, struct strbuf *out)
{
	size_t line = strcspn(s, "\n");

	sb_printf(out, "%.*s", (int)(line < 60 ? line : 60), s);
}

/* Read one reply: leading empty lines skipped, then lines up to an empty
 * one. Its status, id (-1: none) and text (trimmed, after the id). */
static enum engine_rc read_reply(struct engine *e, double deadline, double timeout,
				 struct strbuf *reply, long *id)
{
	struct strbuf line = STRBUF_INIT, text = STRBUF_INIT;
	enum engine_rc rc;
	const char *p;

	*id = -1;
	for (;;) {
		rc = engine_read_line(e, deadline, timeout, &line);
		if (rc != ENGINE_OK) {
			sb_reset(reply);
			sb_puts(reply, sb_str(&line));
			goto out;
		}
		if (line.len == 0 && text.len == 0)
			continue;
		if (line.len == 0)
			break;
		if (text.len)
			sb_puts(&text, "\n");
		sb_append(&text, line.buf, line.len);
		if (text.len > ENGINE_MAX_REPLY) {
			e->broken = true;
			sb_reset(reply);
			sb_puts(reply, "reply too long");
			rc = ENGINE_MALFORMED;
			goto out;
		}
	}
	const char *t = sb_str(&text);
	if (t[0] != '=' && t[0] != '?') {
		sb_reset(reply);
		sb_puts(reply, "malformed reply '");
		first_line(t, reply);
		sb_puts(reply, "'");
		e->broken = true;
		rc = ENGINE_MALFORMED;
		goto out;
	}
	rc = t[0] == '=' ? ENGINE_OK : ENGINE_FAILED;
	*id = reply_id(t, &p);
	trim_into(reply, p, strlen(p));
out:
	sb_free(&line);
	sb_free(&text);
	return rc;
}

static bool gtp_stray(struct engine *e, struct strbuf *reply)
{
	struct strbuf what = STRBUF_INIT;
	const char *text;

	if (!engine_pending(e))
		return false;
	const char *s = e->buf + strspn(e->buf, "\n");
	first_line(s, &what);
	long id = s[0] == '=' || s[0] == '?' ? reply_id(s, &text) : -1;
	sb_reset(reply);
	if (id > 0 && id == e->last_id)
		sb_printf(reply, "answered '%s' twice ('%s')", e->last_cmd, sb_str(&what));
	else if (e->last_id > 0)
		sb_printf(reply, "sent an unrequested reply '%s' (after answering '%s')",
			  sb_str(&what), e->last_cmd);
	else
		sb_printf(reply, "sent an unrequested reply '%s'", sb_str(&what));
	sb_free(&what);
	e->broken = true;
	return true;
}

/* A reply carried id got to command id (cmd): not its own. */
static enum engine_rc out_of_turn(struct engine *e, const char *cmd, long id, long got,
				  char kind, struct strbuf *reply)
{
	struct strbuf text = STRBUF_INIT;

	sb_printf(&text, "%c", kind);
	if (got >= 0)
		sb_printf(&text, "%ld", got);
	if (reply->len)
		sb_printf(&text, " %.50s", sb_str(reply));
	sb_reset(reply);
	if (got > 0 && got == e->last_id)
		sb_printf(reply, "answered '%s' twice ('%s')", e->last_cmd, sb_str(&text));
	else if (got < 0)
		sb_printf(reply, "answered '%.50s' without its id %ld ('%s')", cmd, id, sb_str(&text));
	else
		sb_printf(reply, "answered '%.50s' with id %ld, not %ld ('%s')", cmd, got, id,
			  sb_str(&text));
	sb_free(&text);
	e->broken = true;
	return ENGINE_PROTOCOL;
}

enum engine_rc engine_command(struct engine *e, const char *cmd, double timeout,
			      struct strbuf *reply)
{
	double deadline = timeout > 0 ? monotime_now() + timeout : 0;
	struct strbuf line = STRBUF_INIT;
	enum engine_rc rc;
	long id = e->last_id + 1, got = -1;

	if (e->wfd < 0) {
		sb_reset(reply);
		sb_puts(reply, e->death[0] ? e->death : "not running");
		return ENGINE_DEAD;
	}
	if (engine_interrupt_pending())
		return engine_interrupted(e, reply);
	if (gtp_stray(e, reply))
		return ENGINE_PROTOCOL;
	sb_printf(&line, "%ld %s", id, cmd);
	rc = engine_write(e, sb_str(&line)) < 0 ? engine_dead(e, reply)
						: read_reply(e, deadline, timeout, reply, &got);
	sb_free(&line);
	if ((rc == ENGINE_OK || rc == ENGINE_FAILED) && got != id)
		rc = out_of_turn(e, cmd, id, got, rc == ENGINE_OK ? '=' : '?', reply);
	if (rc == ENGINE_OK || rc == ENGINE_FAILED) {
		e->last_id = id;
		snprintf(e->last_cmd, sizeof(e->last_cmd), "%.*s", (int)sizeof(e->last_cmd) - 1, cmd);
	}
	return rc;
}

/* Ask a yes/no question; false when the engine does not answer "true". */
static enum engine_rc knows(struct engine *e, const char *command, double timeout, bool *out,
			    struct strbuf *cmd, struct strbuf *reply)
{
	sb_reset(cmd);
	sb_printf(cmd, "known_command %s", command);
	enum engine_rc rc = engine_command(e, sb_str(cmd), timeout, reply);
	*out = rc == ENGINE_OK && strcmp(sb_str(reply), "true") == 0;
	return rc == ENGINE_FAILED ? ENGINE_OK : rc;
}

static int gtp_handshake(struct engine *e, double timeout, char *err, size_t errlen)
{
	struct strbuf reply = STRBUF_INIT, name = STRBUF_INIT, cmd = STRBUF_INIT;
	enum engine_rc rc = engine_command(e, "name", timeout, &reply);
	int ok = -1;

	if (rc != ENGINE_OK && rc != ENGINE_FAILED)
		goto out;
	engine_name_default(e);
	sb_puts(&name, rc == ENGINE_OK && *sb_str(&reply) ? sb_str(&reply) : e->name);
	rc = engine_command(e, "version", timeout, &reply);
	if (rc != ENGINE_OK && rc != ENGINE_FAILED)
		goto out;
	if (rc == ENGINE_OK && *sb_str(&reply))
		sb_printf(&name, " %s", sb_str(&reply));
	snprintf(e->name, sizeof(e->name), "%s", sb_str(&name));
	if (knows(e, "game", timeout, &e->knows_game, &cmd, &reply) != ENGINE_OK)
		goto out;
	ok = 0;
out:
	if (ok < 0)
		snprintf(err, errlen, "'%s' did not answer: %s", e->spec, sb_str(&reply));
	sb_free(&reply);
	sb_free(&name);
	sb_free(&cmd);
	return ok;
}

static enum engine_rc probe(struct engine *e, double timeout, struct strbuf *cmd,
			    struct strbuf *reply)
{
	enum engine_rc rc = knows(e, "set_random_seed", timeout, &e->knows_seed, cmd, reply);

	if (rc == ENGINE_OK)
		rc = knows(e, "rules", timeout, &e->knows_rules, cmd, reply);
	if (rc == ENGINE_OK)
		rc = knows(e, "time_settings", timeout, &e->knows_time, cmd, reply);
	if (rc == ENGINE_OK)
		rc = knows(e, "kgs-time_settings", timeout, &e->knows_kgs_time, cmd, reply);
	e->probed = rc == ENGINE_OK;
	return rc;
}

int engine_probe(struct engine *e, double timeout, char *err, size_t errlen)
{
	struct strbuf reply = STRBUF_INIT, cmd = STRBUF_INIT;
	int ok = probe(e, timeout, &cmd, &reply) == ENGINE_OK ? 0 : -1;

	if (ok < 0)
		snprintf(err, errlen, "'%s' did not answer: %s", e->spec, sb_str(&reply));
	sb_free(&reply);
	sb_free(&cmd);
	return ok;
}

/* `game NAME`, or for an engine without it, only the default game. */
static enum engine_rc switch_game(struct engine *e, const struct game_ops *ops, double timeout,
				  struct strbuf *cmd, struct strbuf *reply)
{
	sb_reset(cmd);
	sb_printf(cmd, "game %s", ops->name);
	if (e->knows_game)
		return engine_command(e, sb_str(cmd), timeout, reply);
	if (!strcmp(ops->name, game_table[0]->name))
		return ENGINE_OK;
	sb_reset(reply);
	sb_printf(reply, "no 'game' command, so it cannot play %s", ops->name);
	return ENGINE_FAILED;
}

static int gtp_select(struct engine *e, const struct game *start, double timeout, char *err,
		      size_t errlen)
{
	struct strbuf reply = STRBUF_INIT, cmd = STRBUF_INIT;
	enum engine_rc rc = switch_game(e, start->ops, timeout, &cmd, &reply);

	if (rc == ENGINE_OK)
		rc = probe(e, timeout, &cmd, &reply);
	if (rc != ENGINE_OK)
		snprintf(err, errlen, "'%s' failed '%s': %s", e->spec, sb_str(&cmd), sb_str(&reply));
	sb_free(&reply);
	sb_free(&cmd);
	return rc == ENGINE_OK ? 0 : -1;
}

/* Send a command the engine may refuse: only a dead, hung or garbled
 * answer counts. */
static enum engine_rc optional(struct engine *e, double timeout, struct strbuf *cmd,
			       struct strbuf *reply)
{
	enum engine_rc rc = engine_command(e, sb_str(cmd), timeout, reply);

	return rc == ENGINE_FAILED ? ENGINE_OK : rc;
}

/* Whether line is a `rules` command, which an engine without one (GNU Go)
 * is spared: only the referee applies the rules then. */
static bool is_rules_line(const char *line)
{
	return strncmp(line, "rules", 5) == 0 && (line[5] == ' ' || line[5] == '\0');
}

/* Send each line of text (one a line); stop at the first that fails. */
static enum engine_rc send_lines(struct engine *e, const char *text, double timeout,
				 struct strbuf *cmd, struct strbuf *reply)
{
	char *lines = xstrdup(text), *save = NULL;
	enum engine_rc rc = ENGINE_OK;

	for (char *l = strtok_r(lines, "\n", &save); l && rc == ENGINE_OK;
	     l = strtok_r(NULL, "\n", &save)) {
		if (!e->knows_rules && is_rules_line(l))
			continue;
		sb_reset(cmd);
		sb_puts(cmd, l);
		rc = engine_command(e, l, timeout, reply);
	}
	free(lines);
	return rc;
}

/* The command that tells e the time control, into cmd; false when there
 * is none to tell or e knows no way to hear it. Japanese byo-yomi is
 * kgs-time_settings byoyomi; an engine without it gets Canadian byo-yomi
 * of one stone a period (time_settings M S 1), which is one period of
 * the same length: it plans for the last period only, never for more
 * than it has. A game clock is absolute time, time_left telling the rest;
 * a time per move is one stone every S seconds. Whole seconds, rounded
 * down, so an engine never plans for more than the referee allows. */
static bool time_command(const struct engine *e, const struct engine_game *g,
			 struct strbuf *cmd)
{
	sb_reset(cmd);
	if (g->periods > 0 && e->knows_kgs_time)
		sb_printf(cmd, "kgs-time_settings byoyomi %ld %ld %d", (long)g->main_time,
			  (long)g->period, g->periods);
	else if (!e->knows_time)
		return false;
	else if (g->periods > 0)
		sb_printf(cmd, "time_settings %ld %ld 1", (long)g->main_time, (long)g->period);
	else if (g->main_time > 0)
		sb_printf(cmd, "time_settings %ld 0 0", (long)g->main_time);
	else if (g->move_time > 0)
		sb_printf(cmd, "time_settings 0 %ld 1", (long)g->move_time);
	else
		return false;
	return true;
}

static enum engine_rc gtp_new_game(struct engine *e, const struct engine_game *g,
				   double timeout, struct strbuf *cmd, struct strbuf *reply)
{
	enum engine_rc rc = switch_game(e, g->start->ops, timeout, cmd, reply);

	/* What the engine knows depends on the game it plays: ask in it. */
	if (rc == ENGINE_OK && !e->probed)
		rc = probe(e, timeout, cmd, reply);
	if (rc == ENGINE_OK && e->knows_seed) {
		sb_reset(cmd);
		sb_printf(cmd, "set_random_seed %llu", (unsigned long long)g->seed);
		rc = engine_command(e, sb_str(cmd), timeout, reply);
	}
	if (rc == ENGINE_OK)
		rc = send_lines(e, g->setup, timeout, cmd, reply);
	for (int i = 0; rc == ENGINE_OK && g->init && g->init[i]; i++) {
		sb_reset(cmd);
		sb_puts(cmd, g->init[i]);
		rc = engine_command(e, g->init[i], timeout, reply);
	}
	if (rc == ENGINE_OK && time_command(e, g, cmd))
		rc = optional(e, timeout, cmd, reply);
	return rc;
}

static const char *color_letter(int color)
{
	return color == COLOR_BLACK ? "b" : "w";
}

static enum engine_rc gtp_play(struct engine *e, int color, const char *move, double timeout,
			       struct strbuf *cmd, struct strbuf *reply)
{
	sb_reset(cmd);
	sb_printf(cmd, "play %s %s", color_letter(color), move);
	return engine_command(e, sb_str(cmd), timeout, reply);
}

/* time_left COLOR T N, in whole seconds rounded down. In main time T is
 * what is left of it and N 0; in byo-yomi (KGS's convention) T is the
 * period's seconds and N the periods left, or for an engine told
 * time_settings M S 1 instead, the one stone of its period. */
static void time_left(const struct engine *e, int color, const struct engine_clock *clk,
		      struct strbuf *cmd)
{
	double t = clk->left[color];
	int n = 0;

	if (clk->period > 0 && t <= 0) {
		t = clk->period;
		n = e->knows_kgs_time ? clk->periods[color] : 1;
	}
	sb_reset(cmd);
	sb_printf(cmd, "time_left %s %ld %d", color_letter(color), t > 0 ? (long)t : 0L, n);
}

static enum engine_rc gtp_genmove(struct engine *e, int color, const struct engine_clock *clk,
				  double timeout, struct strbuf *cmd, struct strbuf *reply)
{
	if (clk->clock && (e->knows_time || e->knows_kgs_time)) {
		time_left(e, color, clk, cmd);
		enum engine_rc rc = optional(e, timeout, cmd, reply);
		if (rc != ENGINE_OK)
			return rc;
	}
	sb_reset(cmd);
	sb_printf(cmd, "genmove %s", color_letter(color));
	return engine_command(e, sb_str(cmd), timeout, reply);
}

static enum engine_rc gtp_send(struct engine *e, const char *line, double timeout,
			       struct strbuf *reply)
{
	return engine_command(e, line, timeout, reply);
}

static void gtp_quit(struct engine *e, double timeout)
{
	struct strbuf reply = STRBUF_INIT;

	engine_command(e, "quit", timeout, &reply);
	sb_free(&reply);
}

const struct engine_driver engine_gtp = {
	.prefix = "",
	.name = "GTP",
	.whole_seconds = true,
	.solves = true,
	.ready = true,
	.handshake = gtp_handshake,
	.select = gtp_select,
	.new_game = gtp_new_game,
	.play = gtp_play,
	.genmove = gtp_genmove,
	.send = gtp_send,
	.stray = gtp_stray,
	.quit = gtp_quit,
};
