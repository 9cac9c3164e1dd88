/* Unit tests of the GTP clock: GTP's special cases and the allowance per
 * move in each system (absolute, Canadian, Japanese byo-yomi), in main
 * time and in byo-yomi, with and without the game's guess of the moves
 * left. Every allowance is its share less 50 ms and 5%. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "clock.h"

/* A share of t seconds, less the margin. */
static double less_margin(double t)
{
	return t - 0.05 - 0.05 * t;
}

static void test_unlimited_cases(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set(&c, 0, 0, 0);
	assert_true(clock_allowance(&c, 1, 0) == 0);
	clock_set(&c, 300, 30, 0); /* byo-yomi time with no stones: no limit */
	assert_true(clock_allowance(&c, 1, 0) == 0);
	clock_set(&c, 300, 30, 5);
	assert_true(clock_allowance(&c, 1, 0) > 0);
}

static void test_absolute(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set(&c, 400, 0, 0); /* no guess: 30 moves, and 10 kept back */
	assert_float_equal(clock_allowance(&c, 1, 0), less_margin(10), 1e-9);
	clock_left(&c, 2, 80, 0);
	assert_float_equal(clock_allowance(&c, 2, 0), less_margin(2), 1e-9);
	assert_float_equal(clock_allowance(&c, 1, 0), less_margin(10), 1e-9);
	/* The game's guess of the moves left, never below 8. */
	assert_float_equal(clock_allowance(&c, 1, 90), less_margin(4), 1e-9);
	assert_float_equal(clock_allowance(&c, 1, 2), less_margin(400.0 / 18), 1e-9);
	/* Short of time: 10 ms, or half the share when that is less. */
	clock_left(&c, 1, 0.9, 0);
	assert_float_equal(clock_allowance(&c, 1, 8), 0.01, 1e-9);
	clock_left(&c, 1, 0.18, 0);
	assert_float_equal(clock_allowance(&c, 1, 8), 0.005, 1e-9);
	clock_left(&c, 1, 0, 0); /* the flag has fallen: nothing is left */
	assert_float_equal(clock_allowance(&c, 1, 0), 0, 1e-9);
}

/* 10 s absolute on 9x9 (Go's guess: 28 moves a side at first, falling
 * to 8) lasts 150 moves a side, twice a long game's, though each reply
 * also takes 5 ms to travel. */
static void test_absolute_lasts(void **state)
{
	struct game_clock c;
	double left = 10;

	(void)state;
	clock_set(&c, 10, 0, 0);
	for (int move = 0; move < 150; move++) {
		int guess = 28 - move;

		clock_left(&c, 1, left, 0);
		left -= clock_allowance(&c, 1, guess > 6 ? guess : 6) + 0.005;
		assert_true(left > 0);
	}
}

static void test_canadian(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set(&c, 60, 100, 10);
	/* Main time nearly gone: a byo-yomi move's share (10 s) is larger. */
	clock_left(&c, 1, 3, 0);
	assert_float_equal(clock_allowance(&c, 1, 0), less_margin(10), 1e-9);
	/* In byo-yomi: the period's time over its remaining stones. */
	clock_left(&c, 1, 40, 4);
	assert_float_equal(clock_allowance(&c, 1, 0), less_margin(10), 1e-9);
	clock_left(&c, 1, 9, 3);
	assert_float_equal(clock_allowance(&c, 1, 0), less_margin(3), 1e-9);
}

static void test_japanese(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set_byoyomi(&c, 650, 30, 5);
	assert_true(c.limited);
	/* Main time: its share, and a period a move spends for free. */
	assert_float_equal(clock_allowance(&c, 1, 120), less_margin(5 + 30), 1e-9);
	/* In byo-yomi (time_left: the period's time, the periods left). */
	clock_left(&c, 1, 30, 3);
	assert_float_equal(clock_allowance(&c, 1, 120), less_margin(30), 1e-9);
	clock_left(&c, 1, 30, 1); /* the last period: the same, never more */
	assert_float_equal(clock_allowance(&c, 1, 120), less_margin(30), 1e-9);
	/* No main time: straight into the periods. */
	clock_set_byoyomi(&c, 0, 10, 3);
	assert_int_equal(c.stones_left[2], 3);
	assert_float_equal(clock_allowance(&c, 2, 0), less_margin(10), 1e-9);
	/* No periods, or periods of no time: absolute. */
	clock_set_byoyomi(&c, 400, 30, 0);
	assert_int_equal(c.byo_periods, 0);
	assert_float_equal(clock_allowance(&c, 1, 0), less_margin(10), 1e-9);
	clock_set_byoyomi(&c, 0, 0, 5);
	assert_false(c.limited);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unlimited_cases),
		cmocka_unit_test(test_absolute),
		cmocka_unit_test(test_absolute_lasts),
		cmocka_unit_test(test_canadian),
		cmocka_unit_test(test_japanese),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
