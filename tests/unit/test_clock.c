/* Unit tests of the GTP clock's state: GTP's special cases (what is a
 * limit), the systems kgs-time_settings sets, time_left. What a move may
 * spend of it is timeman's (tests/unit/test_timeman.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "clock.h"

static void test_unlimited_cases(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set(&c, 0, 0, 0);
	assert_false(c.limited);
	clock_set(&c, 300, 30, 0); /* byo-yomi time with no stones: no limit */
	assert_false(c.limited);
	clock_set(&c, 300, 0, 0); /* main time alone: absolute */
	assert_true(c.limited);
	clock_set(&c, 300, 30, 5);
	assert_true(c.limited);
	assert_float_equal(c.left[1], 300, 1e-9);
	assert_float_equal(c.left[2], 300, 1e-9);
	assert_int_equal(c.stones_left[1], 0); /* in main time */
}

static void test_time_left(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set(&c, 60, 100, 10);
	clock_left(&c, 2, 40, 4);
	assert_float_equal(c.left[2], 40, 1e-9);
	assert_int_equal(c.stones_left[2], 4);
	assert_float_equal(c.left[1], 60, 1e-9); /* the other colour's is kept */
	assert_int_equal(c.stones_left[1], 0);
}

static void test_japanese(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set_byoyomi(&c, 650, 30, 5);
	assert_true(c.limited);
	assert_int_equal(c.byo_periods, 5);
	assert_float_equal(c.byo_time, 30, 1e-9);
	assert_int_equal(c.stones_left[1], 0);
	/* No main time: straight into the periods. */
	clock_set_byoyomi(&c, 0, 10, 3);
	assert_int_equal(c.stones_left[2], 3);
	assert_float_equal(c.left[2], 10, 1e-9);
	/* No periods, or periods of no time: absolute. */
	clock_set_byoyomi(&c, 400, 30, 0);
	assert_int_equal(c.byo_periods, 0);
	assert_true(c.limited);
	assert_float_equal(c.byo_time, 0, 1e-9);
	clock_set_byoyomi(&c, 0, 0, 5);
	assert_false(c.limited);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unlimited_cases),
		cmocka_unit_test(test_time_left),
		cmocka_unit_test(test_japanese),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
