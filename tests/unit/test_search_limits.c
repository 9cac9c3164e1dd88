/* Unit tests of search/limits.h: the budget -> limits mapping of a level
 * and a game_budget; search_should_stop on the node limit, the
 * stop flag and the deadline (looked at every check_every nodes, with a
 * job checkpoint there), nothing while must_finish; the soft limit and
 * its stability scaling. Times are set so that the test never waits on
 * the clock but for one short deadline. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <time.h>

#include "search/limits.h"
#include "util/checkpoint.h"

static const struct search_policy timed = { .default_seconds = 1.0, .hard_share = 0.97 };
static const struct search_policy counted = { .default_nodes = 20000, .hard_share = 0.9 };

static void test_of_budget(void **state)
{
	struct game_level level = { .name = "x", .depth = 3, .nodes = 5000, .seconds = 4 };
	struct game_budget budget = { .level = &level, .max_seconds = 2, .soft_seconds = 1 };
	atomic_bool stop = false;
	struct search_limits lim;

	(void)state;
	budget.stop = &stop;
	search_limits_of_budget(&lim, &budget, &timed);
	assert_int_equal(lim.depth, 3);
	assert_int_equal(lim.nodes, 5000);
	assert_true(lim.seconds > 1.93 && lim.seconds < 1.95); /* the budget caps, less 3% */
	assert_true(lim.soft_seconds > 0.96 && lim.soft_seconds < 0.98);
	assert_ptr_equal(lim.stop, &stop);
	assert_null(lim.tt);
	/* No limit at all: the policy's own. */
	struct game_level none = { .name = "y" };
	budget = (struct game_budget){ .level = &none };
	search_limits_of_budget(&lim, &budget, &timed);
	assert_true(lim.seconds > 0.96 && lim.seconds < 0.98);
	assert_int_equal(lim.nodes, 0);
	search_limits_of_budget(&lim, &budget, &counted);
	assert_int_equal(lim.nodes, 20000);
	assert_true(lim.seconds == 0);
	/* A soft limit past the hard one is no soft limit. */
	budget = (struct game_budget){ .level = &level, .max_seconds = 2, .soft_seconds = 3 };
	search_limits_of_budget(&lim, &budget, &timed);
	assert_true(lim.soft_seconds == 0);
}

static int checkpoints;

static void count_checkpoint(void *arg)
{
	(void)arg;
	checkpoints++;
}

static void test_should_stop_nodes(void **state)
{
	struct search_limits lim = { .nodes = 1000 };
	long n = 0;

	(void)state;
	job_checkpoint_set(count_checkpoint, NULL);
	checkpoints = 0;
	search_limits_start(&lim, 100, 0.5);
	while (!search_should_stop(&lim, n))
		n++;
	assert_int_equal(n, 1000); /* at a check */
	assert_true(lim.aborted);
	assert_true(search_should_stop(&lim, 0)); /* latched */
	assert_int_equal(checkpoints, 10); /* at 100, 200, ... 1000 */
	/* Between checks the node limit is not looked at. */
	lim = (struct search_limits){ .nodes = 1050 };
	search_limits_start(&lim, 100, 0.5);
	for (n = 0; !search_should_stop(&lim, n); n++)
		;
	assert_int_equal(n, 1100);
	/* While the first iteration must finish, nothing stops it. */
	lim = (struct search_limits){ .nodes = 10 };
	search_limits_start(&lim, 1, 0.5);
	lim.must_finish = true;
	assert_false(search_should_stop(&lim, 50));
	lim.must_finish = false;
	assert_true(search_should_stop(&lim, 51));
	job_checkpoint_set(NULL, NULL);
}

static void test_should_stop_flag(void **state)
{
	atomic_bool stop = false;
	struct search_limits lim = { .stop = &stop };

	(void)state;
	search_limits_start(&lim, 64, 0.5);
	assert_false(search_should_stop(&lim, 64));
	atomic_store(&stop, true);
	assert_false(search_should_stop(&lim, 65)); /* not looked at between checks */
	assert_true(search_stop_requested(&lim));
	assert_true(search_should_stop(&lim, 128));
	assert_true(search_soft_stop(&lim, 128, 5));
}

static void test_should_stop_deadline(void **state)
{
	struct search_limits lim = { .seconds = 0.02 };
	struct timespec nap = { 0, 30 * 1000 * 1000 };
	long n = 0;

	(void)state;
	search_limits_start(&lim, 10, 0.5);
	assert_true(lim.deadline > lim.start);
	assert_false(search_should_stop(&lim, 10));
	assert_false(search_limit_reached(&lim, 10));
	nanosleep(&nap, NULL);
	assert_true(search_limit_reached(&lim, 11));
	while (!search_should_stop(&lim, n))
		n++;
	assert_int_equal(n, 20); /* the next check */
	/* The CPU clock counts the thread's time only: a nap costs none. */
	lim = (struct search_limits){ .seconds = 0.02, .cpu_clock = true };
	search_limits_start(&lim, 1, 0.5);
	nanosleep(&nap, NULL);
	assert_true(search_elapsed(&lim) < 0.02);
	assert_false(search_should_stop(&lim, 1));
	/* Busy, it stops once its CPU time passes the limit, not before (the
	 * clock that spares the CPU-clock reads never hides the deadline). */
	n = 1;
	while (!search_should_stop(&lim, ++n))
		;
	assert_true(search_elapsed(&lim) >= 0.02);
	assert_true(search_elapsed(&lim) < 1.0);
}

/* The soft limit: by default a share of the hard one; 1.5 times it while
 * the best move just changed, 0.6 once it has held 3 iterations; never a
 * new iteration past 60% of the hard limit; none with spend_all. The
 * start is moved back instead of waiting. */
static void test_soft_stop(void **state)
{
	struct search_limits lim = { .seconds = 10 };

	(void)state;
	search_limits_start(&lim, 1, 0.5);
	assert_true(lim.soft_seconds == 5);
	assert_false(search_soft_stop(&lim, 0, 1));
	lim.start -= 4; /* 4 s spent */
	assert_false(search_soft_stop(&lim, 0, 1));
	assert_true(search_soft_stop(&lim, 0, 3));  /* settled: 3 s */
	lim.start -= 1.5; /* 5.5 s */
	assert_true(search_soft_stop(&lim, 0, 1));
	assert_false(search_soft_stop(&lim, 0, 0)); /* just changed: 7.5 s */
	lim.start -= 1; /* 6.5 s: past 60% of the hard limit */
	assert_true(search_soft_stop(&lim, 0, 0));
	lim.spend_all = true;
	assert_false(search_soft_stop(&lim, 0, 0));
	/* A given soft limit is kept; the node limit ends iterating too. */
	lim = (struct search_limits){ .seconds = 10, .soft_seconds = 1, .nodes = 100 };
	search_limits_start(&lim, 1, 0.5);
	assert_true(lim.soft_seconds == 1);
	assert_false(search_soft_stop(&lim, 99, 1));
	assert_true(search_soft_stop(&lim, 100, 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_of_budget),
		cmocka_unit_test(test_should_stop_nodes),
		cmocka_unit_test(test_should_stop_flag),
		cmocka_unit_test(test_should_stop_deadline),
		cmocka_unit_test(test_soft_stop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
