/* Unit tests for the match statistics (src/match/stats.c). Reference values
 * were computed independently with Python's math module. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

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

/* ---- pentanomial ---- */

/* The reference for stats_penta_llr, computed another way: the profile
 * log-likelihood. For a mean s, G(s) = max over theta of
 * sum q_i log(1 + theta (a_i - s)) is the log-likelihood ratio (per pair)
 * of the observed frequencies q against the distribution of largest
 * likelihood with mean s (its dual), so LLR = N (G(s0) - G(s1)). The
 * maximum of that concave function is found by golden-section search,
 * not by the root of its derivative as stats.c does. Counts of 0 are
 * 0.001, as fishtest regularises them. */
static double ref_profile(const double *q, double s)
{
	static const double a[5] = { 0, 0.25, 0.5, 0.75, 1 };
	const double phi = (sqrt(5.0) - 1) / 2;
	double lo = -1 / (1 - s) + 1e-12, hi = 1 / s - 1e-12;

	for (int k = 0; k < 300 && hi - lo > 1e-14; k++) {
		double x1 = hi - phi * (hi - lo), x2 = lo + phi * (hi - lo), g1 = 0, g2 = 0;
		for (int i = 0; i < 5; i++) {
			g1 += q[i] * log(1 + x1 * (a[i] - s));
			g2 += q[i] * log(1 + x2 * (a[i] - s));
		}
		if (g1 < g2)
			lo = x1;
		else
			hi = x2;
	}
	double theta = (lo + hi) / 2, g = 0;
	for (int i = 0; i < 5; i++)
		g += q[i] * log(1 + theta * (a[i] - s));
	return g;
}

static double ref_penta_llr(const long *counts, double elo0, double elo1)
{
	double c[5], q[5], n = 0;

	for (int i = 0; i < 5; i++) {
		c[i] = counts[i] ? (double)counts[i] : 1e-3;
		n += c[i];
	}
	for (int i = 0; i < 5; i++)
		q[i] = c[i] / n;
	double s0 = 1 / (1 + pow(10, -elo0 / 400)), s1 = 1 / (1 + pow(10, -elo1 / 400));
	return n * (ref_profile(q, s0) - ref_profile(q, s1));
}

static void test_penta_llr_against_the_reference(void **state)
{
	static const long cases[][5] = {
		{ 1, 4, 10, 5, 2 }, { 0, 0, 0, 0, 3 }, { 0, 0, 0, 0, 1 }, { 3, 10, 40, 12, 2 },
		{ 2, 0, 7, 0, 1 },  { 5, 0, 0, 0, 0 }, { 0, 9, 80, 30, 0 },
		{ 120, 300, 900, 310, 130 },
	};
	static const double elos[][2] = { { 0, 50 }, { -5, 5 }, { 0, 20 }, { 0, 2 }, { -100, 300 } };

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (size_t j = 0; j < sizeof(elos) / sizeof(elos[0]); j++) {
			struct stats_penta p;
			struct sprt t = { .elo0 = elos[j][0], .elo1 = elos[j][1], .alpha = 0.05,
					  .beta = 0.05 };
			memcpy(p.pairs, cases[i], sizeof(p.pairs));
			double want = ref_penta_llr(cases[i], elos[j][0], elos[j][1]);
			assert_float_equal(stats_penta_llr(&p, &t), want,
					   1e-7 * fmax(1, fabs(want)));
		}
}

/* Values from a third computation, Newton's method in Python (the one
 * tests/integration/match.sh checks the report against). */
static void test_penta_llr_values(void **state)
{
	struct sprt t = { .elo0 = 0, .elo1 = 50, .alpha = 0.05, .beta = 0.05 };
	struct stats_penta mixed = { { 1, 4, 10, 5, 2 } }, sweep = { { 0, 0, 0, 0, 3 } };
	struct stats_penta one = { { 0, 0, 0, 0, 1 } }, none = { { 0 } };
	struct stats_penta even = { { 2, 0, 7, 0, 1 } };
	struct sprt t20 = { .elo0 = 0, .elo1 = 20, .alpha = 0.05, .beta = 0.05 };

	(void)state;
	assert_float_equal(stats_penta_llr(&mixed, &t), -0.042383825, EPS);
	assert_float_equal(stats_penta_llr(&sweep, &t), 0.401021601, EPS);
	assert_float_equal(stats_penta_llr(&one, &t), 0.133836946, EPS);
	assert_float_equal(stats_penta_llr(&even, &t20), -0.240210670, EPS);
	assert_float_equal(stats_penta_llr(&none, &t), 0.0, EPS);
	assert_int_equal(stats_sprt_state(stats_penta_llr(&one, &t), &t), SPRT_CONTINUE);
}

/* Score, interval and Elo with the pentanomial variance, from the
 * definitions: the mean and variance of a pair's score, the normal
 * interval, the Elo of each bound. */
static void test_penta_score_and_elo(void **state)
{
	struct stats_penta p = { { 1, 4, 10, 5, 2 } }, none = { { 0 } };
	struct stats_penta sweep = { { 0, 0, 0, 0, 4 } };
	double a[5] = { 0, 0.25, 0.5, 0.75, 1 }, n = 22, mean = 0, var = 0, elo, low, high;

	(void)state;
	for (int i = 0; i < 5; i++)
		mean += (double)p.pairs[i] * a[i] / n;
	for (int i = 0; i < 5; i++)
		var += (double)p.pairs[i] * (a[i] - mean) * (a[i] - mean) / n;
	double half = 1.959963984540054 * sqrt(var / n);
	assert_int_equal(stats_penta_pairs(&p), 22);
	assert_float_equal(stats_penta_score(&p), 11.75 / 22, EPS);
	struct stats_interval ci = stats_penta_interval(&p);
	assert_float_equal(ci.low, mean - half, EPS);
	assert_float_equal(ci.high, mean + half, EPS);
	stats_penta_elo_interval(&p, &elo, &low, &high);
	assert_float_equal(elo, -400 * log10(1 / mean - 1), EPS);
	assert_float_equal(low, -400 * log10(1 / (mean - half) - 1), EPS);
	assert_float_equal(high, -400 * log10(1 / (mean + half) - 1), EPS);
	/* Every pair won twice: no variance, the score 1 and an infinite Elo. */
	stats_penta_elo_interval(&sweep, &elo, &low, &high);
	assert_true(isinf(elo) && elo > 0 && isinf(low) && isinf(high));
	stats_penta_elo_interval(&none, &elo, &low, &high);
	assert_true(isnan(elo) && isnan(low) && isnan(high));
	assert_float_equal(stats_penta_score(&none), 0.5, EPS);
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
		cmocka_unit_test(test_penta_llr_against_the_reference),
		cmocka_unit_test(test_penta_llr_values),
		cmocka_unit_test(test_penta_score_and_elo),
	};

	return cmocka_run_group_tests_name("match_stats", tests, NULL, NULL);
}
