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

static void test_elo_error_bar(void **state)
{
	struct stats_wdl r = { .wins = 6, .draws = 2, .losses = 2 };
	struct stats_wdl sweep = { .wins = 4 };
	struct stats_wdl none = { 0 };
	double elo, err;

	(void)state;
	stats_elo_error(&r, &elo, &err);
	assert_float_equal(elo, 147.190714, EPS);
	assert_float_equal(err, 268.716321, EPS);
	stats_elo_error(&sweep, &elo, &err);
	assert_true(isinf(elo));
	assert_true(isinf(err));
	stats_elo_error(&none, &elo, &err);
	assert_true(isnan(elo) && isnan(err));
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
		cmocka_unit_test(test_elo_error_bar),
		cmocka_unit_test(test_sprt_llr_and_bounds),
		cmocka_unit_test(test_sprt_decisions),
	};

	return cmocka_run_group_tests_name("match_stats", tests, NULL, NULL);
}
