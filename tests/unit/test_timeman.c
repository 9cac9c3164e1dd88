/* Unit tests of the time manager (timeman.c): each protocol's inputs
 * (GTP's absolute, Canadian and Japanese clocks; UAI's wtime/winc,
 * movestogo and movetime; Gomocup's timeout_turn, timeout_match and
 * time_left) against the soft and hard limits expected, row by row; the
 * plan's properties over every row and a range of lags (more lag, smaller
 * limits; hard at least soft; never more than the time left less the
 * margin, but for a token move); whole games spent at the hard limit; and
 * the lag estimate; and through a session, a genmove's budget and the
 * lag it measures. Every expected limit is a raw one less its margin:
 * 50 ms, 5% and 1.5 times the lag (movetime: 4 ms and 1.5 lag). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>

#include <string.h>

#include "ctx.h"
#include "search/limits.h"
#include "session.h"
#include "timeman.h"
#include "util/monotime.h"
#include "util/strbuf.h"

#define EPS 1e-9

/* A raw limit of t seconds less its margin. */
#define LESS(t, lag) ((t) - 0.05 - 0.05 * (t) - 1.5 * (lag))

/* A GTP row: the clock as the commands set it, then time_left. */
struct gtp_row {
	const char *what;  /* the case, for failures */
	char system;       /* 'a' absolute, 'c' Canadian, 'j' Japanese, 'n' none */
	double main_time;  /* time_settings' / kgs-time_settings' main time */
	double byo_time;   /* seconds of a period */
	int byo_n;         /* stones (Canadian) or periods (Japanese) */
	double left;       /* time_left's seconds; < 0: none sent */
	int stones;        /* and its stones or periods left */
	int moves_left;    /* the game's guess */
	double lag;        /* the session's lag */
	double soft, hard; /* expected */
};

static const struct gtp_row gtp_rows[] = {
	{ "no clock", 'n', 0, 0, 0, -1, 0, 0, 0, 0, 0 },
	{ "byo-yomi time, no stones: no limit", 'c', 300, 30, 0, -1, 0, 0, 0, 0, 0 },
	{ "absolute, no guess: 400/(30+10)", 'a', 400, 0, 0, -1, 0, 0, 0, LESS(10, 0),
	  LESS(30, 0) },
	{ "absolute, 80 s left", 'a', 400, 0, 0, 80, 0, 0, 0, LESS(2, 0), LESS(6, 0) },
	{ "absolute, guess 90", 'a', 400, 0, 0, -1, 0, 90, 0, LESS(4, 0), LESS(12, 0) },
	{ "absolute, guess 2 (taken as 8)", 'a', 400, 0, 0, -1, 0, 2, 0, LESS(400.0 / 18, 0),
	  LESS(40, 0) },
	{ "absolute, lag 0.2 s", 'a', 400, 0, 0, -1, 0, 0, 0.2, LESS(10, 0.2), LESS(30, 0.2) },
	{ "absolute, 0.9 s: a token soft limit", 'a', 10, 0, 0, 0.9, 0, 8, 0, 0.01, LESS(0.09, 0) },
	{ "absolute, 0.18 s: half the share", 'a', 10, 0, 0, 0.18, 0, 8, 0, 0.005, 0.005 },
	{ "absolute, the flag has fallen: 1 ms", 'a', 10, 0, 0, 0, 0, 0, 0, 0.001, 0.001 },
	{ "Canadian, main nearly gone: a period's move", 'c', 60, 100, 10, 3, 0, 0, 0, LESS(10, 0),
	  LESS(10, 0) },
	{ "Canadian period, 40 s for 4 stones", 'c', 60, 100, 10, 40, 4, 0, 0, LESS(10, 0),
	  LESS(12, 0) },
	{ "Canadian period, 9 s for 3 stones", 'c', 60, 100, 10, 9, 3, 0, 0, LESS(3, 0),
	  LESS(3, 0) },
	{ "Canadian period, the last stone", 'c', 60, 100, 10, 9, 1, 0, 0, LESS(9, 0), LESS(9, 0) },
	{ "Canadian, no main time: 5 s a move", 'c', 0, 5, 1, -1, 0, 0, 0, LESS(5, 0), LESS(5, 0) },
	{ "Japanese main time, and a period", 'j', 650, 30, 5, -1, 0, 120, 0, LESS(35, 0),
	  LESS(45, 0) },
	{ "Japanese period", 'j', 650, 30, 5, 30, 3, 120, 0, LESS(30, 0), LESS(30, 0) },
	{ "Japanese, the last period", 'j', 650, 30, 5, 30, 1, 120, 0, LESS(30, 0), LESS(30, 0) },
	{ "Japanese, no main time", 'j', 0, 10, 3, -1, 0, 0, 0, LESS(10, 0), LESS(10, 0) },
	{ "Japanese, no periods: absolute", 'j', 400, 30, 0, -1, 0, 0, 0, LESS(10, 0),
	  LESS(30, 0) },
};

static void gtp_clock(const struct gtp_row *r, struct game_clock *gc)
{
	if (r->system == 'j')
		clock_set_byoyomi(gc, r->main_time, r->byo_time, r->byo_n);
	else
		clock_set(gc, r->main_time, r->byo_time, r->byo_n);
	if (r->left >= 0)
		clock_left(gc, 1, r->left, r->stones);
}

/* Whether a plan is the one expected; prints the row otherwise. */
static bool plan_is(const char *what, struct timeman_plan p, double soft, double hard)
{
	if (p.soft > soft - EPS && p.soft < soft + EPS && p.hard > hard - EPS &&
	    p.hard < hard + EPS)
		return true;
	print_error("%s: soft %.6f hard %.6f, expected %.6f %.6f\n", what, p.soft, p.hard, soft,
		    hard);
	return false;
}

static void test_gtp(void **state)
{
	int bad = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(gtp_rows) / sizeof(gtp_rows[0]); i++) {
		const struct gtp_row *r = &gtp_rows[i];
		struct game_clock gc;
		struct timeman_clock c;

		gtp_clock(r, &gc);
		timeman_from_gtp(&c, &gc, 1, r->moves_left, r->lag);
		bad += !plan_is(r->what, timeman_plan(&c), r->soft, r->hard);
	}
	assert_int_equal(bad, 0);
}

/* A UAI row: go's numbers for the side to move (-1: not given). */
struct uai_row {
	const char *what;  /* the case, for failures */
	long time_ms, inc_ms, moves_to_go, movetime_ms; /* go's numbers */
	double lag;        /* the connection's lag */
	double soft, hard; /* expected */
	bool spend_all;    /* expected: search to the hard limit */
};

static const struct uai_row uai_rows[] = {
	{ "nothing: no limit", -1, 0, 0, -1, 0, 0, 0, false },
	{ "wtime 60 s winc 1 s", 60000, 1000, 0, -1, 0, LESS(2.25, 0), LESS(6.5, 0), false },
	{ "btime 1 s: a token soft limit", 1000, 0, 0, -1, 0, 0.01, LESS(0.075, 0), false },
	{ "movestogo 5", 10000, 0, 5, -1, 0, LESS(2, 0), LESS(3, 0), false },
	{ "movestogo 1: all of it", 10000, 0, 1, -1, 0, LESS(10, 0), LESS(10, 0), false },
	{ "an increment larger than the time left", 100, 2000, 0, -1, 0, LESS(0.1, 0),
	  LESS(0.1, 0), false },
	{ "movetime 1 s: to its end", -1, 0, 0, 1000, 0, 0.996, 0.996, true },
	{ "movetime 1 s, lag 10 ms", -1, 0, 0, 1000, 0.01, 0.981, 0.981, true },
	{ "movetime 0", -1, 0, 0, 0, 0, 0.001, 0.001, true },
	{ "movetime 100 ms, 500 ms on the clock", 500, 0, 0, 100, 0, 0.00625, 0.00625, false },
	{ "movetime under a roomy clock", 60000, 0, 0, 500, 0, 0.496, 0.496, true },
};

static void test_uai(void **state)
{
	int bad = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(uai_rows) / sizeof(uai_rows[0]); i++) {
		const struct uai_row *r = &uai_rows[i];
		struct timeman_clock c;

		timeman_from_uai(&c, r->time_ms, r->inc_ms, r->moves_to_go, r->movetime_ms, 0,
				 r->lag);
		struct timeman_plan p = timeman_plan(&c);
		bad += !plan_is(r->what, p, r->soft, r->hard);
		if (p.spend_all != r->spend_all) {
			print_error("%s: spend_all %d\n", r->what, p.spend_all);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

/* A Gomocup row: INFO's milliseconds (-1: not given). */
struct gomocup_row {
	const char *what;       /* the case, for failures */
	long turn, match, left; /* timeout_turn, timeout_match, time_left */
	double lag;             /* the connection's lag */
	double soft, hard;      /* expected */
};

static const struct gomocup_row gomocup_rows[] = {
	{ "nothing: the level's limits", -1, -1, -1, 0, 0, 0 },
	{ "timeout_turn 1 s alone", 1000, -1, -1, 0, LESS(1, 0), LESS(1, 0) },
	{ "match unlimited: time_left ignored", 5000, 0, 100, 0, LESS(5, 0), LESS(5, 0) },
	{ "timeout_turn 0: a token move", 0, 100000, 50000, 0, 0.01, 0.01 },
	{ "timeout_turn 30 ms: a token move", 30, -1, -1, 0, 0.01, 0.01 },
	{ "time_left 20 s of 180", 5000, 180000, 20000, 0, LESS(0.5, 0), LESS(1.5, 0) },
	{ "time_left 200 s: the turn caps both", 5000, 180000, 200000, 0, LESS(5, 0), LESS(5, 0) },
	{ "a match clock alone", -1, 180000, 40000, 0, LESS(1, 0), LESS(3, 0) },
	{ "before the first time_left: all of the match", -1, 180000, -1, 0, LESS(4.5, 0),
	  LESS(13.5, 0) },
	{ "10 ms left: 1 ms", 5000, 180000, 10, 0, 0.001, 0.001 },
	{ "lag 0.1 s", 5000, 180000, 20000, 0.1, LESS(0.5, 0.1), LESS(1.5, 0.1) },
};

static void test_gomocup(void **state)
{
	int bad = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(gomocup_rows) / sizeof(gomocup_rows[0]); i++) {
		const struct gomocup_row *r = &gomocup_rows[i];
		struct timeman_clock c;

		timeman_from_gomocup(&c, r->turn, r->match, r->left, 0, r->lag);
		bad += !plan_is(r->what, timeman_plan(&c), r->soft, r->hard);
	}
	assert_int_equal(bad, 0);
}

/* A Gomocup turn without a match clock is searched to its hard limit (what
 * a move leaves is lost), with the ordinary margin; with a match clock the
 * soft limit stands. */
static void test_gomocup_turn_only(void **state)
{
	static const struct {
		long turn, match, left;
		bool all;
	} rows[] = {
		{ 2000, 0, -1, true },         { 2000, -1, -1, true },
		{ 5000, 0, 100, true },        { 5000, 180000, 20000, false },
		{ 5000, 180000, 200000, false }, { -1, 180000, 40000, false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct timeman_clock c;

		timeman_from_gomocup(&c, rows[i].turn, rows[i].match, rows[i].left, 0, 0);
		struct timeman_plan p = timeman_plan(&c);
		if (p.spend_all != rows[i].all || (p.spend_all && p.soft != p.hard))
			fail_msg("row %zu: spend_all %d, soft %g, hard %g", i, p.spend_all, p.soft,
				 p.hard);
	}
	/* the margin stays the ordinary one: 2 s less 50 ms and 5% */
	struct timeman_clock c;
	timeman_from_gomocup(&c, 2000, 0, -1, 0, 0);
	assert_true(fabs(timeman_plan(&c).hard - LESS(2, 0)) < 1e-9);
}

/* Every row's clock, for the properties. */
static int all_clocks(struct timeman_clock *out, int max)
{
	int n = 0;

	for (size_t i = 0; i < sizeof(gtp_rows) / sizeof(gtp_rows[0]) && n < max; i++) {
		struct game_clock gc;

		gtp_clock(&gtp_rows[i], &gc);
		timeman_from_gtp(&out[n++], &gc, 1, gtp_rows[i].moves_left, 0);
	}
	for (size_t i = 0; i < sizeof(uai_rows) / sizeof(uai_rows[0]) && n < max; i++) {
		const struct uai_row *r = &uai_rows[i];

		timeman_from_uai(&out[n++], r->time_ms, r->inc_ms, r->moves_to_go, r->movetime_ms,
				 0, 0);
	}
	for (size_t i = 0; i < sizeof(gomocup_rows) / sizeof(gomocup_rows[0]) && n < max; i++) {
		const struct gomocup_row *r = &gomocup_rows[i];

		timeman_from_gomocup(&out[n++], r->turn, r->match, r->left, 0, 0);
	}
	return n;
}

/* What a move may spend before its clock falls: the time left (and in
 * main time a Japanese period, or a Canadian period's move), or the fixed
 * time per move; the least of them. */
static double spendable(const struct timeman_clock *c)
{
	double t = -1;

	if (c->left >= 0) {
		t = c->left;
		if (c->byo_left == 0 && c->byo == TIMEMAN_BYO_JAPANESE)
			t += c->byo_time;
		else if (c->byo_left == 0 && c->byo == TIMEMAN_BYO_CANADIAN && c->byo_stones > 0 &&
			 c->byo_time / c->byo_stones > t)
			t = c->byo_time / c->byo_stones;
	}
	if (c->move_time > 0 && (t < 0 || c->move_time < t))
		t = c->move_time;
	return t;
}

static void test_properties(void **state)
{
	static const double lags[] = { 0, 0.005, 0.02, 0.05, 0.1, 0.3, 1, 5, 60 };
	struct timeman_clock clocks[64];
	int n = all_clocks(clocks, 64);

	(void)state;
	for (int i = 0; i < n; i++) {
		struct timeman_plan last = { 1e9, 1e9, false };

		for (size_t k = 0; k < sizeof(lags) / sizeof(lags[0]); k++) {
			struct timeman_clock c = clocks[i];

			c.lag = lags[k];
			struct timeman_plan p = timeman_plan(&c);
			if (!c.limited) {
				assert_true(p.soft == 0 && p.hard == 0);
				continue;
			}
			/* More lag: smaller limits, never none. */
			assert_true(p.hard <= last.hard + EPS && p.soft <= last.soft + EPS);
			assert_true(p.soft >= 0.001 - EPS && p.hard >= p.soft);
			/* Never past what can be spent less the margin, but
			 * for a token move of at most 10 ms. */
			double room = spendable(&c) - (c.spend_all ? 0.004 : 0.05) - 1.5 * c.lag;
			assert_true(p.hard <= room + EPS || p.hard <= 0.01 + EPS);
			last = p;
		}
	}
}

/* A game on an absolute clock of seconds: moves moves, every hard_every-th
 * spending its whole hard limit (an unstable position), the others their
 * soft limit, each reply overrun seconds late (its travel, a loaded
 * machine), which the session measures into its lag; the game's guess of
 * the moves left falls by one a move from guess to floor (Go's: 28 to 6
 * on 9x9, 126 to 30 on 19x19). The clock left at the end, or -1 when it
 * fell. */
static double play_out(double seconds, int moves, int hard_every, double overrun, int guess,
		       int floor)
{
	struct timeman_lag lag = { 0 };
	double left = seconds;

	for (int move = 0; move < moves; move++) {
		struct timeman_clock c = { .limited = true, .left = left };

		c.moves_left = guess - move > floor ? guess - move : floor;
		c.lag = timeman_lag_estimate(&lag);
		struct timeman_plan p = timeman_plan(&c);
		double spent = (move % hard_every == 0 ? p.hard : p.soft) + overrun;
		timeman_lag_plan(&lag, p.hard);
		timeman_lag_observe(&lag, spent);
		left -= spent;
		if (left < 0)
			return -1;
	}
	return left;
}

static void test_games_last(void **state)
{
	(void)state;
	/* 10 s on 9x9 at the soft limit, 5 ms of travel: 150 moves a side,
	 * twice a long game's (as before soft and hard limits). */
	assert_true(play_out(10, 150, 1000, 0.005, 28, 6) > 0);
	/* At the hard limit every move: 100 moves. */
	assert_true(play_out(10, 100, 1, 0.005, 28, 6) > 0);
	/* A loaded machine answering 40 ms late, every fourth move at the
	 * hard limit: a 9x9 game's 60 moves, half a second to spare. */
	assert_true(play_out(10, 60, 4, 0.040, 28, 6) > 0.5);
	/* 5 minutes on 19x19, 100 ms late: 150 moves, every fourth at the
	 * hard limit; 120 all at it. */
	assert_true(play_out(300, 150, 4, 0.100, 126, 30) > 1);
	assert_true(play_out(300, 120, 1, 0.100, 126, 30) > 0);
}

static void test_lag(void **state)
{
	struct timeman_lag lag = { 0 };
	double floor = timeman_build_lag();

	(void)state;
	assert_float_equal(timeman_lag_estimate(&lag), floor, EPS);
	/* No plan: nothing recorded. */
	timeman_lag_observe(&lag, 5);
	assert_int_equal(lag.count, 0);
	/* A reply in time counts 0; one 0.5 s late counts 0.5. */
	timeman_lag_plan(&lag, 1);
	timeman_lag_observe(&lag, 0.4);
	assert_int_equal(lag.count, 1);
	assert_float_equal(lag.last_reply, 0.4, EPS);
	timeman_lag_plan(&lag, 1);
	timeman_lag_observe(&lag, 1.5);
	assert_float_equal(timeman_lag_estimate(&lag), floor > 0.5 ? floor : 0.5, EPS);
	/* The plan is used up by its reply. */
	timeman_lag_observe(&lag, 9);
	assert_int_equal(lag.count, 2);
	/* It decays by 0.8 a move, and is forgotten after 8. */
	for (int i = 1; i <= 8; i++) {
		timeman_lag_plan(&lag, 1);
		timeman_lag_observe(&lag, 1);
		double want = i < 8 ? 0.5 * pow(0.8, i) : 0;
		assert_float_equal(timeman_lag_estimate(&lag), floor > want ? floor : want, EPS);
	}
	/* The largest of the recent ones, not the newest. */
	timeman_lag_plan(&lag, 1);
	timeman_lag_observe(&lag, 1.3);
	timeman_lag_plan(&lag, 1);
	timeman_lag_observe(&lag, 1.1);
	assert_float_equal(timeman_lag_estimate(&lag), floor > 0.24 ? floor : 0.24, EPS);
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	assert_true(floor > 0); /* a slow build plans for itself */
#endif
}

/* One line through a session, a job run at once; the framed reply. */
static const char *exchange(struct session *s, const char *line, struct strbuf *wire)
{
	char buf[256];
	struct session_job *job = NULL;

	sb_reset(wire);
	snprintf(buf, sizeof(buf), "%s", line);
	if (session_handle_line(s, buf, strlen(buf), 0, wire, &job) == SESSION_JOB) {
		session_job_run(job);
		session_job_finish(s, job, true, wire);
	}
	return sb_str(wire);
}

/* GTP's clock reaches the plan: ctx_move_budget fills both limits and
 * records the hard one, and the session measures the genmove's reply
 * against it (a command that is no move measures nothing). */
static void test_session(void **state)
{
	struct session *s = session_new(1);
	struct strbuf wire = STRBUF_INIT;
	struct game_level capped;

	(void)state;
	assert_string_equal(exchange(s, "boardsize 9", &wire), "= \n\n");
	assert_string_equal(exchange(s, "time_settings 10 0 0", &wire), "= \n\n");
	struct cmd_ctx ctx = { .game = s->game, .cfg = s->cfg, .level = s->level,
			       .clock = s->clock, .arrival = monotime_now() };
	struct game_budget b = ctx_move_budget(&ctx, 1, &capped);
	assert_true(b.max_seconds > 0 && b.max_seconds < 1.2);
	assert_true(b.soft_seconds > 0 && b.soft_seconds < b.max_seconds);
	assert_true(ctx.lag.planned >= b.max_seconds);
	assert_int_equal(s->lag.count, 0);
	assert_string_equal(exchange(s, "level easy", &wire), "= \n\n");
	assert_true(strncmp(exchange(s, "genmove b", &wire), "= ", 2) == 0);
	assert_int_equal(s->lag.count, 1);
	assert_true(s->lag.planned == 0 && s->lag.last_reply > 0);
	exchange(s, "showboard", &wire);
	assert_int_equal(s->lag.count, 1);
	sb_free(&wire);
	session_free(s);
}

/* The limits genmove's search gets from ctx_move_budget on session s. */
static struct search_limits move_limits(struct session *s, const struct timeman_clock *move_clock)
{
	struct game_level capped;
	struct cmd_ctx ctx = { .game = s->game, .cfg = s->cfg, .level = s->level,
			       .clock = s->clock, .move_clock = move_clock,
			       .arrival = monotime_now() };
	struct game_budget b = ctx_move_budget(&ctx, 1, &capped);
	struct search_limits lim;

	search_limits_of_budget(&lim, &b, &(struct search_policy){ .default_seconds = 1,
								   .hard_share = 1 });
	return lim;
}

/* Gomoku's hard level (follow_clock): untimed, its node cap; under a GTP
 * clock or Gomocup's timeout_turn no node cap, the clock's time; max the
 * same; medium (no follow_clock) keeps its nodes under a clock. */
static void test_follow_clock(void **state)
{
	struct session *s = session_new(1);
	struct strbuf wire = STRBUF_INIT;
	struct timeman_clock turn;

	(void)state;
	timeman_from_gomocup(&turn, 2000, 0, -1, 0, 0);
	assert_string_equal(exchange(s, "game gomoku", &wire), "= \n\n");
	assert_string_equal(exchange(s, "level hard", &wire), "= \n\n");
	struct search_limits lim = move_limits(s, NULL);
	assert_int_equal(lim.nodes, 500000);
	assert_true(lim.seconds > 4 && lim.seconds <= 5);
	lim = move_limits(s, &turn);
	assert_int_equal(lim.nodes, 0);
	assert_true(lim.seconds > 1.5 && lim.seconds <= 2);
	assert_string_equal(exchange(s, "time_settings 600 0 0", &wire), "= \n\n");
	lim = move_limits(s, NULL);
	assert_int_equal(lim.nodes, 0);
	assert_true(lim.seconds > 5 && lim.seconds < 60);
	assert_string_equal(exchange(s, "level max", &wire), "= \n\n");
	lim = move_limits(s, &turn);
	assert_int_equal(lim.nodes, 0);
	assert_true(lim.seconds > 1.5 && lim.seconds <= 2);
	assert_string_equal(exchange(s, "level medium", &wire), "= \n\n");
	lim = move_limits(s, &turn);
	assert_int_equal(lim.nodes, 20000);
	sb_free(&wire);
	session_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gtp),
		cmocka_unit_test(test_uai),
		cmocka_unit_test(test_gomocup),
		cmocka_unit_test(test_gomocup_turn_only),
		cmocka_unit_test(test_properties),
		cmocka_unit_test(test_games_last),
		cmocka_unit_test(test_lag),
		cmocka_unit_test(test_session),
		cmocka_unit_test(test_follow_clock),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
