/* The Gomocup front end's time planning (frontend_gomocup.c): what a move
 * may spend from INFO timeout_turn, timeout_match and time_left. The
 * protocol's transcripts are tests/integration/gomocup.py. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "frontend_gomocup.h"

#define NEAR(a, b) assert_true((a) > (b) - 1e-9 && (a) < (b) + 1e-9)

static void test_turn_limit(void **state)
{
	(void)state;
	/* timeout_turn alone: all of it but the reply margin. */
	NEAR(gomocup_move_seconds(1000, -1, -1), 0.940);
	NEAR(gomocup_move_seconds(5000, 0, 100), 4.940); /* match unlimited: time_left ignored */
	/* 0 means as fast as possible. */
	NEAR(gomocup_move_seconds(0, 100000, 50000), 0.050);
	/* A turn limit below the margin still leaves the minimum. */
	NEAR(gomocup_move_seconds(30, -1, -1), 0.010);
}

static void test_time_left_share(void **state)
{
	(void)state;
	/* A twentieth of what is left, when that is less than the turn limit. */
	NEAR(gomocup_move_seconds(5000, 180000, 20000), 1.000);
	NEAR(gomocup_move_seconds(5000, 180000, 200000), 4.940);
	/* No turn limit, a match clock: the share. */
	NEAR(gomocup_move_seconds(-1, 180000, 40000), 2.000);
	/* Almost out of time: the minimum, never zero or negative. */
	NEAR(gomocup_move_seconds(5000, 180000, 10), 0.010);
	/* Nothing known: 0, the level decides. */
	NEAR(gomocup_move_seconds(-1, -1, -1), 0.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn_limit),
		cmocka_unit_test(test_time_left_share),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
