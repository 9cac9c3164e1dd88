/* Unit tests for the match statistics (src/match/stats.c). Reference values
 * were computed independently with Python's math module. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "match/stats.h"

#define EPS 1e-6

static void test_score_counts_draws_half(void **state)
{
	struct stats_wdl r = { .wins = 3, .draws = 2, .losses = 5 };
	struct stats_wdl none = { 0 };

	(void)state;
	assert_int_equal(stats_games(&r), 10);
	assert_float_equal(stats_score(&r), 0.4, EPS);
	assert_float_equal(stats_score(&none), 0.5, EPS);
}

static void test_wilson_interval(void **state)
{
	struct stats_wdl r = { .wins = 8, .losses = 2 };
	struct stats_wdl all = { .wins = 5 };
	struct stats_wdl none = { 0 };

	(void)state;
	struct stats_interval ci = stats_wilson(&r);
	assert_float_equal(ci.low, 0.49016247, EPS);
	assert_float_equal(ci.high, 0.94331785, EPS);
	/* Wilson stays inside [0, 1] and is not degenerate at 100%. */
	ci = stats_wilson(&all);
	assert_true(ci.low > 0.4 && ci.low < 1.0);
	assert_float_equal(ci.high, 1.0, EPS);
	ci = stats_wilson(&none);
	assert_float_equal(ci.low, 0.0, EPS);
	assert_float_equal(ci.high, 1.0, EPS);
}

static void test_elo_of_score(void **state)
{
	(void)state;
	assert_float_equal(stats_elo(0.75), 190.848502, EPS);
	assert_float_equal(stats_elo(0.5), 0.0, EPS);
	assert_float_equal(stats_elo(0.25), -190.848502, EPS);
	assert_true(isinf(stats_elo(1.0)) && stats_elo(1.0) > 0);
	assert_true(isinf(stats_elo(0.0)) && stats_elo(0.0) < 0);
}

/* The bars are the Elo of the Wilson bounds: finite whenever the
 * interval is inside (0, 1), asymmetric like it (values from Python). */
static void test_elo_interval(void **state)
{
	struct stats_wdl r = { .wins = 6, .draws = 2, .losses = 2 };
	struct stats_wdl four = { .wins = 4, .losses = 1 };
	struct stats_wdl few = { .wins = 2, .draws = 1, .losses = 1 };
	struct stats_wdl sweep = { .wins = 5 };
	struct stats_wdl lost = { .losses = 3 };
	struct stats_wdl none = { 0 };
	double elo, low, high;

	(void)state;
	stats_elo_interval(&r, &elo, &low, &high);
	assert_float_equal(elo, 147.190714, EPS);
	assert_float_equal(low, -72.771728, EPS);
	assert_float_equal(high, 367.153157, EPS);
	/* The normal approximation's bar was infinite here. */
	stats_elo_interval(&four, &elo, &low, &high);
	assert_float_equal(elo, 240.823997, EPS);
	assert_float_equal(low, -88.343347, EPS);
	assert_float_equal(high, 569.991340, EPS);
	stats_elo_interval(&few, &elo, &low, &high);
	assert_float_equal(low, -220.449871, EPS);
	assert_float_equal(high, 397.928870, EPS);
	stats_elo_interval(&sweep, &elo, &low, &high);
	assert_true(isinf(elo) && elo > 0);
	assert_float_equal(low, 45.789529, EPS);
	assert_true(isinf(high) && high > 0);
	stats_elo_interval(&lost, &elo, &low, &high);
	assert_true(isinf(low) && low < 0);
	assert_float_equal(high, 42.949971, EPS);
	stats_elo_interval(&none, &elo, &low, &high);
	assert_true(isnan(elo) && isnan(low) && isnan(high));
}

static void test_sprt_llr_and_bounds(void **state)
{
	struct sprt t = { .elo0 = 0, .elo1 = 50, .alpha = 0.05, .beta = 0.05 };
	struct stats_wdl r = { .wins = 60, .draws = 20, .losses = 40 };
	struct stats_wdl sweep = { .wins = 10 };
	struct stats_wdl none = { 0 };
	double lower, upper;

	(void)state;
	stats_sprt_bounds(&t, &lower, &upper);
	assert_float_equal(lower, -2.944439, EPS);
	assert_float_equal(upper, 2.944439, EPS);
	assert_float_equal(stats_sprt_llr(&r, &t), 2.030455, EPS);
	assert_float_equal(stats_sprt_llr(&sweep, &t), 6.623094, EPS);
	assert_float_equal(stats_sprt_llr(&none, &t), 0.0, EPS);
}

static void test_sprt_decisions(void **state)
{
	struct sprt t = { .elo0 = 0, .elo1 = 50, .alpha = 0.05, .beta = 0.05 };
	struct stats_wdl strong = { .wins = 30 };
	struct stats_wdl weak = { .losses = 30 };
	struct stats_wdl even = { .wins = 5, .losses = 5 };
	struct stats_wdl one = { .wins = 1 };

	(void)state;
	assert_int_equal(stats_sprt_decide(&strong, &t), SPRT_H1);
	assert_int_equal(stats_sprt_decide(&weak, &t), SPRT_H0);
	assert_int_equal(stats_sprt_decide(&even, &t), SPRT_CONTINUE);
	/* One win is never enough, thanks to the smoothed variance. */
	assert_int_equal(stats_sprt_decide(&one, &t), SPRT_CONTINUE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_score_counts_draws_half),
		cmocka_unit_test(test_wilson_interval),
		cmocka_unit_test(test_elo_of_score),
		cmocka_unit_test(test_elo_interval),
		cmocka_unit_test(test_sprt_llr_and_bounds),
		cmocka_unit_test(test_sprt_decisions),
	};

	return cmocka_run_group_tests_name("match_stats", tests, NULL, NULL);
}
