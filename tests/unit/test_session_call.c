/* The front ends other than GTP (UAI, Gomocup) translate onto the engine
 * session (session.h's calls): a call runs on a snapshot of the session,
 * is planned by the same time manager from the protocol's clock within
 * the same caps (the level's, server.max_move_time,
 * server.max_command_nodes) and with the same deadline, and the session
 * adopts what it did. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdatomic.h>
#include <string.h>

#include "cfg.h"
#include "config_helpers.h"
#include "ctx.h"
#include "game.h"
#include "session.h"
#include "timeman.h"
#include "util/monotime.h"
#include "util/strbuf.h"

/* What a call saw of its budget. */
struct probe {
	double max_seconds;  /* the budget's hard limit */
	double soft_seconds; /* its soft limit */
	bool spend_all;      /* movetime: to the end */
	int depth;           /* its level's */
	long nodes;
	bool moved;          /* the call played a move */
};

static void plan(struct cmd_ctx *ctx, void *arg)
{
	struct probe *p = arg;
	struct game_level capped;
	struct game_budget b = ctx_move_budget(ctx, ctx->game->ops->to_move(ctx->game), &capped);

	p->max_seconds = b.max_seconds;
	p->soft_seconds = b.soft_seconds;
	p->spend_all = b.spend_all;
	p->depth = b.level ? b.level->depth : -1;
	p->nodes = b.level ? b.level->nodes : -1;
}

/* A move on the snapshot, as Gomocup's turns do. */
static void move(struct cmd_ctx *ctx, void *arg)
{
	struct probe *p = arg;
	struct game_level one = { .algorithm = "random" };
	struct game_budget b = { .level = &one };
	char err[128];
	int m;

	p->moved = ctx->game->ops->genmove(ctx->game, ctx->game->ops->to_move(ctx->game), &b, &m,
					   err, sizeof(err)) == 0;
}

/* Make text (YAML) the current configuration. */
static struct session *ataxx_session(void)
{
	struct session *s = session_new(7);
	char err[128];

	assert_int_equal(session_start_game(s, "ataxx", CFG_FOR_TOOLS, err, sizeof(err)), 0);
	return s;
}

/* Run call on s now and finish it; the job's deadline from its start in
 * *deadline_in. */
static void call_now(struct session *s, const struct session_call *call, bool ran,
		     double *deadline_in)
{
	double now = monotime_now();
	struct session_job *job = session_call_job(s, call, now);
	double deadline = session_job_deadline(job);

	if (deadline_in)
		*deadline_in = deadline > 0 ? deadline - now : 0;
	if (ran)
		session_job_run(job);
	session_call_finish(s, job, ran);
}

/* UAI's movetime 500: the time manager's plan, used to the end, and the
 * job's deadline at its hard limit. */
static void test_protocol_clock(void **state)
{
	struct session *s = ataxx_session();
	struct timeman_clock clock;
	struct probe p = { 0 };
	double deadline_in;

	(void)state;
	timeman_from_uai(&clock, -1, 0, 0, 500, 0, 0);
	struct session_call call = { SESSION_CALL_MOVE, plan, &p, &clock, NULL };
	call_now(s, &call, true, &deadline_in);
	assert_true(p.max_seconds > 0.3 && p.max_seconds <= 0.5);
	assert_true(p.spend_all);
	assert_true(deadline_in > 0.3 && deadline_in <= 0.5);
	/* The lag was measured against the plan: one sample, in time. */
	assert_int_equal(s->lag.count, 1);
	session_free(s);
}

/* Without a clock of its own a call plans from the session's GTP clock:
 * none set, no limit but the level's and the server's. */
static void test_no_clock(void **state)
{
	struct session *s = ataxx_session();
	struct game_level own = { .algorithm = "alphabeta", .depth = 3 };
	struct probe p = { 0 };

	(void)state;
	struct session_call call = { SESSION_CALL_MOVE, plan, &p, NULL, &own };
	call_now(s, &call, true, NULL);
	assert_int_equal(p.depth, 3); /* the call's own level */
	assert_false(p.spend_all);
	session_free(s);
}

/* The server's caps bound a call as they bound genmove: max_move_time
 * under a long clock, max_command_nodes on the call's own level. */
static void test_server_caps(void **state)
{
	struct game_level own = { .algorithm = "alphabeta", .nodes = 1000000 };
	struct timeman_clock clock;
	struct probe p = { 0 };
	double deadline_in;

	(void)state;
	use_config("server:\n  max_move_time: 0.2\n  max_command_nodes: 300\n");
	struct session *s = ataxx_session();
	timeman_from_uai(&clock, 600000, 0, 0, -1, 0, 0);
	struct session_call call = { SESSION_CALL_MOVE, plan, &p, &clock, &own };
	call_now(s, &call, true, &deadline_in);
	assert_true(p.max_seconds > 0 && p.max_seconds <= 0.2);
	assert_true(deadline_in > 0 && deadline_in <= 0.2 + 1e-3); /* arrival + the cap */
	assert_int_equal(p.nodes, 300);
	session_free(s);
	cfg_set_current(NULL);
}

/* What a call did to its snapshot becomes the session's when it ran;
 * nothing changes when it did not. */
static void test_finish_adopts(void **state)
{
	struct session *s = ataxx_session();
	struct probe p = { 0 };
	struct strbuf before = STRBUF_INIT, after = STRBUF_INIT;

	(void)state;
	s->game->ops->history(s->game, &before);
	struct session_call call = { SESSION_CALL_MOVE, move, &p, NULL, NULL };
	call_now(s, &call, false, NULL);
	s->game->ops->history(s->game, &after);
	assert_string_equal(sb_str(&after), sb_str(&before));
	call_now(s, &call, true, NULL);
	assert_true(p.moved);
	sb_reset(&after);
	s->game->ops->history(s->game, &after);
	assert_true(strlen(sb_str(&after)) > strlen(sb_str(&before)));
	sb_free(&before);
	sb_free(&after);
	session_free(s);
}

/* A long call keeps to the command's cap, not a move's limits. */
static void test_long_call(void **state)
{
	struct probe p = { 0 };
	double deadline_in;

	(void)state;
	use_config("server:\n  max_command_time: 7\n");
	struct session *s = ataxx_session();
	struct session_call call = { SESSION_CALL_LONG, move, &p, NULL, NULL };
	call_now(s, &call, true, &deadline_in);
	assert_true(deadline_in > 6 && deadline_in <= 7);
	assert_int_equal(s->lag.count, 0); /* not a move: nothing measured */
	session_free(s);
	cfg_set_current(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_protocol_clock),
		cmocka_unit_test(test_no_clock),
		cmocka_unit_test(test_server_caps),
		cmocka_unit_test(test_finish_adopts),
		cmocka_unit_test(test_long_call),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
