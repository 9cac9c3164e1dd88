/* Unit tests of the GTP clock: GTP's special cases and the allowance per
 * move in main time and in byo-yomi. */
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
	assert_true(clock_allowance(&c, 1) == 0);
	clock_set(&c, 300, 30, 0); /* byo-yomi time with no stones: no limit */
	assert_true(clock_allowance(&c, 1) == 0);
	clock_set(&c, 300, 30, 5);
	assert_true(clock_allowance(&c, 1) > 0);
}

static void test_main_time(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set(&c, 300, 0, 0); /* absolute: a thirtieth, less the margin */
	assert_float_equal(clock_allowance(&c, 1), 10 - 0.05, 1e-9);
	clock_left(&c, 2, 60, 0);
	assert_float_equal(clock_allowance(&c, 2), 2 - 0.05, 1e-9);
	assert_float_equal(clock_allowance(&c, 1), 10 - 0.05, 1e-9);
	clock_left(&c, 1, 0, 0); /* flag falling: still a token move */
	assert_float_equal(clock_allowance(&c, 1), 0.01, 1e-9);
}

static void test_byo_yomi(void **state)
{
	struct game_clock c;

	(void)state;
	clock_set(&c, 60, 100, 10);
	/* Main time nearly gone: a byo-yomi move's share (10 s) is larger. */
	clock_left(&c, 1, 3, 0);
	assert_float_equal(clock_allowance(&c, 1), 10 - 0.05, 1e-9);
	/* In byo-yomi: the period's time over its remaining stones. */
	clock_left(&c, 1, 40, 4);
	assert_float_equal(clock_allowance(&c, 1), 10 - 0.05, 1e-9);
	clock_left(&c, 1, 9, 3);
	assert_float_equal(clock_allowance(&c, 1), 3 - 0.05, 1e-9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unlimited_cases),
		cmocka_unit_test(test_main_time),
		cmocka_unit_test(test_byo_yomi),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
