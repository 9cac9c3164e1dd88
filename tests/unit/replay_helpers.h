/* Helpers shared by the setup + history tests of every game (include after
 * cmocka.h): a game's write_setup and history are sent, line by line,
 * through a fresh engine session (the game's own commands, as a save or a
 * referee's engine would get them), and the session's game must then be
 * the same as the original: the same showboard, turn, end, result, variant
 * key, and the same setup and history again. */
#ifndef QUINTET_TEST_REPLAY_HELPERS_H
#define QUINTET_TEST_REPLAY_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "session.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* One line through a session (a slow command runs inline). Returns the
 * reply text without "= " and the final empty line (malloc'd), or NULL
 * when the session answered "?" (the test fails unless may_fail). */
static inline char *replay_say(struct session *s, const char *line, bool may_fail)
{
	struct strbuf wire = STRBUF_INIT;
	struct session_job *job = NULL;
	char *buf = xstrdup(line);

	if (session_handle_line(s, buf, strlen(buf), 0, &wire, &job) == SESSION_JOB) {
		session_job_run(job);
		session_job_finish(s, job, true, &wire);
	}
	free(buf);
	bool ok = wire.buf && wire.buf[0] == '=';
	if (!ok && !may_fail)
		fail_msg("'%s' failed: %s", line, sb_str(&wire));
	char *text = ok ? xstrdup(sb_str(&wire) + 2) : NULL;
	if (text && strlen(text) >= 2)
		text[strlen(text) - 2] = '\0';
	sb_free(&wire);
	return text;
}

/* Send every line of text to s. */
static inline void replay_lines(struct session *s, const char *text)
{
	char *lines = xstrdup(text), *save = NULL;

	for (char *l = strtok_r(lines, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		free(replay_say(s, l, false));
	free(lines);
}

/* write_setup(g, side) + history(g) (history only with side COLOR_NONE),
 * malloc'd. */
static inline char *replay_script(const struct game *g, int side)
{
	struct strbuf out = STRBUF_INIT;
	char err[128] = "";

	if (g->ops->write_setup(g, side, &out, err, sizeof(err)) < 0)
		fail_msg("write_setup: %s", err);
	if (side == COLOR_NONE)
		g->ops->history(g, &out);
	return out.buf ? out.buf : xstrdup("");
}

/* A fresh session (seeded with seed) of g's game after g's script. */
static inline struct session *replay_session(const struct game *g, uint64_t seed)
{
	struct session *s = session_new(seed);
	char line[64];
	char *script = replay_script(g, COLOR_NONE);

	snprintf(line, sizeof(line), "game %s", g->ops->name);
	free(replay_say(s, line, false));
	replay_lines(s, script);
	free(script);
	return s;
}

static inline char *replay_render(const struct game *g)
{
	struct strbuf out = STRBUF_INIT;

	g->ops->render(g, &out);
	return out.buf ? out.buf : xstrdup("");
}

static inline char *replay_key(const struct game *g)
{
	struct strbuf out = STRBUF_INIT;

	g->ops->variant_key(g, &out);
	return out.buf ? out.buf : xstrdup("");
}

static inline void assert_same_text(char *a, char *b)
{
	assert_string_equal(a, b);
	free(a);
	free(b);
}

/* Check that copy is the same game as g, by everything the ops show. */
static inline void assert_same_game(const struct game *g, const struct game *copy)
{
	struct game_result r1, r2;
	char err[128];

	assert_ptr_equal(copy->ops, g->ops);
	assert_same_text(replay_render(copy), replay_render(g));
	assert_same_text(replay_script(copy, COLOR_NONE), replay_script(g, COLOR_NONE));
	assert_same_text(replay_key(copy), replay_key(g));
	assert_int_equal(copy->ops->to_move(copy), g->ops->to_move(g));
	assert_int_equal(copy->ops->is_over(copy), g->ops->is_over(g));
	int rc = g->ops->result(g, &r1, err, sizeof(err));
	assert_int_equal(copy->ops->result(copy, &r2, err, sizeof(err)), rc);
	if (rc == 0) {
		assert_int_equal(r2.winner, r1.winner);
		assert_int_equal(r2.has_margin, r1.has_margin);
		assert_true(r2.margin == r1.margin);
		assert_int_equal(r2.reason, r1.reason);
		assert_string_equal(r2.detail, r1.detail);
	}
}

/* Replay g's script in a fresh session and check the session's game is g. */
static inline void assert_replays(const struct game *g)
{
	struct session *s = replay_session(g, 4242);

	assert_same_game(g, s->game);
	session_free(s);
}

/* Play text (a move) for color on g through the ops; fails the test when
 * the move is refused. */
static inline void replay_play(struct game *g, int color, const char *text)
{
	char err[128] = "";
	int move;

	if (g->ops->parse_move(g, text, &move, err, sizeof(err)) < 0 ||
	    g->ops->play(g, color, move, err, sizeof(err)) < 0)
		fail_msg("play %s: %s", text, err);
}

/* The result of g, which must be over. */
static inline struct game_result replay_result(const struct game *g)
{
	struct game_result r;
	char err[128] = "";

	if (g->ops->result(g, &r, err, sizeof(err)) < 0)
		fail_msg("result: %s", err);
	return r;
}

#endif
