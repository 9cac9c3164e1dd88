/* Every engine move keeps to its hard limit (game_budget.max_seconds, the
 * stop flag): a 19x19 Go move at a level with a 1 GiB tree and 0.05 s to
 * move, through a session as the command path runs it; and every
 * registered game's genmove, at each of its shipped levels, with the stop
 * flag set before it starts and with a millisecond to move, answers a move
 * the game's own rules accept.
 *
 * The time bounds are generous on purpose (a sanitizer build on a shared,
 * busy machine): they catch work done outside the budget (clearing a big
 * tree, a search that ignores its limit), not a slow machine. Speed is
 * bench/go_move_overrun's business. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "config_helpers.h"
#include "game.h"
#include "session.h"
#include "util/monotime.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#define PLIES 6             /* positions of each game tried: the start and after */
#define STOPPED_BOUND 1.0   /* seconds: a move with its stop flag set */
#define TINY_BOUND 2.0      /* seconds: a move of a millisecond */
#define BIG_TREE_BOUND 1.0  /* seconds: a 0.05 s move with a 1 GiB tree */

/* One line through s, its job (if any) run inline with the stop flag set
 * first when stop; the reply text without "= " and the final empty line
 * (malloc'd), the test failing on "?"; *elapsed: the seconds it took. */
static char *say(struct session *s, const char *line, bool stop, double *elapsed)
{
	struct strbuf wire = STRBUF_INIT;
	struct session_job *job = NULL;
	char *buf = xstrdup(line);
	double start = monotime_now();

	if (session_handle_line(s, buf, strlen(buf), start, &wire, &job) == SESSION_JOB) {
		if (stop)
			atomic_store(session_job_stop_flag(job), true);
		session_job_run(job);
		session_job_finish(s, job, true, &wire);
	}
	if (elapsed)
		*elapsed = monotime_now() - start;
	free(buf);
	if (!wire.buf || wire.buf[0] != '=')
		fail_msg("'%s' failed: %s", line, sb_str(&wire));
	char *text = xstrdup(sb_str(&wire) + 2);
	if (strlen(text) >= 2)
		text[strlen(text) - 2] = '\0';
	sb_free(&wire);
	return text;
}

static void say_ok(struct session *s, const char *line)
{
	free(say(s, line, false, NULL));
}

/* A 19x19 genmove through a session; the reply must be a point or pass
 * within bound seconds. */
static void timed_genmove(struct session *s, const char *line, double bound)
{
	double elapsed;
	char *move = say(s, line, false, &elapsed);

	if (elapsed >= bound)
		fail_msg("'%s' took %.3f s (bound %.1f s)", line, elapsed, bound);
	assert_string_not_equal(move, "resign");
	free(move);
}

/* 19x19, a level with a 1 GiB tree and 0.05 s a move: each move answers
 * well within a second, a fresh tree's first and one reused after a
 * longer search's (whose subtree is larger than a 0.05 s move can copy on
 * a slow build). */
static void test_go_big_tree_small_time(void **state)
{
	(void)state;
	use_config("games:\n  go:\n    levels:\n"
		   "      tiny: {algorithm: mcts, memory: 1024, time: 0.05, threads: 2}\n"
		   "      long: {algorithm: mcts, memory: 1024, time: 1, threads: 2}\n");
	struct session *s = session_new(7);

	say_ok(s, "game go");
	say_ok(s, "boardsize 19");
	say_ok(s, "level tiny");
	timed_genmove(s, "genmove b", BIG_TREE_BOUND);
	timed_genmove(s, "genmove w", BIG_TREE_BOUND);
	say_ok(s, "level long");
	timed_genmove(s, "genmove b", 1.0 + BIG_TREE_BOUND);
	timed_genmove(s, "genmove w", 1.0 + BIG_TREE_BOUND);
	say_ok(s, "level tiny");
	timed_genmove(s, "genmove b", BIG_TREE_BOUND);
	timed_genmove(s, "genmove w", BIG_TREE_BOUND);
	session_free(s);
	cfg_set_current(NULL);
}

/* The same through the command path with the job's stop flag set before
 * it runs (a move still queued at its deadline): a move at once. */
static void test_go_stopped_job(void **state)
{
	double elapsed;

	(void)state;
	use_config("games:\n  go:\n    levels:\n"
		   "      tiny: {algorithm: mcts, memory: 1024, time: 0.05, threads: 2}\n");
	struct session *s = session_new(7);

	say_ok(s, "game go");
	say_ok(s, "boardsize 19");
	say_ok(s, "level tiny");
	for (int i = 0; i < 4; i++) {
		char *move = say(s, i % 2 ? "genmove w" : "genmove b", true, &elapsed);

		assert_true(elapsed < STOPPED_BOUND);
		assert_string_not_equal(move, "resign");
		free(move);
	}
	session_free(s);
	cfg_set_current(NULL);
}

/* genmove on a copy of g at level lv with the stop flag set first
 * (stopped) or a millisecond to move; the move must be one the game's own
 * play accepts on another copy, within the bound. */
static void check_move(const struct game *g, const struct game_level *lv, bool stopped)
{
	const struct game_ops *ops = g->ops;
	struct game *copy = ops->copy(g), *ref = ops->copy(g);
	atomic_bool stop = stopped;
	struct game_budget budget = { .level = lv, .max_seconds = stopped ? 0 : 0.001,
				      .stop = &stop };
	int color = ops->to_move(g), move = 0;
	char err[128] = "";
	double start = monotime_now();
	int rc = ops->genmove(copy, color, &budget, &move, err, sizeof(err));
	double elapsed = monotime_now() - start, bound = stopped ? STOPPED_BOUND : TINY_BOUND;

	if (rc != 0)
		fail_msg("%s level %s (%s): genmove failed: %s", ops->name, lv->name,
			 stopped ? "stopped" : "1 ms", err);
	if (elapsed >= bound)
		fail_msg("%s level %s (%s): %.3f s (bound %.1f s)", ops->name, lv->name,
			 stopped ? "stopped" : "1 ms", elapsed, bound);
	if (ops->play(ref, color, move, err, sizeof(err)) != 0)
		fail_msg("%s level %s (%s): move %d refused: %s", ops->name, lv->name,
			 stopped ? "stopped" : "1 ms", move, err);
	ops->destroy(copy);
	ops->destroy(ref);
}

/* One game's shipped levels, PLIES positions from its configured start.
 * A puzzle (GAME_CONTEST_SOLVE) is answered as the referee does: from a
 * copy of the start, which holds the secret, each move's answer is sent
 * to the session. */
static void check_game(const struct game_ops *ops, const struct cfg_game *gc)
{
	struct session *s = session_new(11);
	char line[64];

	snprintf(line, sizeof(line), "game %s", ops->name);
	say_ok(s, line);
	struct game *referee = ops->contest == GAME_CONTEST_SOLVE ? ops->copy(s->game) : NULL;
	for (int ply = 0; ply < PLIES && !ops->is_over(s->game); ply++) {
		for (int i = 0; i < gc->nlevels; i++) {
			check_move(s->game, &gc->levels[i], true);
			check_move(s->game, &gc->levels[i], false);
		}
		/* On to the next position: the weakest level's stopped move. */
		atomic_bool stop = true;
		struct game_budget budget = { .level = &gc->levels[0], .stop = &stop };
		int move;
		char err[128];

		int color = ops->to_move(s->game);

		assert_int_equal(ops->genmove(s->game, color, &budget, &move, err, sizeof(err)), 0);
		if (referee) {
			struct strbuf answer = STRBUF_INIT;

			assert_int_equal(ops->play(referee, color, move, err, sizeof(err)), 0);
			ops->answer(referee, &answer);
			say_ok(s, sb_str(&answer));
			sb_free(&answer);
		}
	}
	if (referee)
		ops->destroy(referee);
	session_free(s);
}

static void test_every_game(void **state)
{
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load(NULL, err, sizeof(err));

	(void)state;
	assert_non_null(cfg);
	cfg_set_current(cfg);
	for (int i = 0; game_table[i]; i++) {
		const struct cfg_game *gc = cfg_game(cfg, game_table[i]->name);

		assert_non_null(gc);
		assert_true(gc->nlevels > 0);
		check_game(game_table[i], gc);
	}
	cfg_set_current(NULL);
	cfg_unref(cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_go_big_tree_small_time),
		cmocka_unit_test(test_go_stopped_job),
		cmocka_unit_test(test_every_game),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
