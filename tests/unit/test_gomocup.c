/* The Gomocup front end's time planning (frontend_gomocup.c): what a move
 * may spend from INFO timeout_turn, timeout_match and time_left; and the
 * wire forms it shares with the referee's driver (gomocup.c). The
 * protocol's transcripts are tests/integration/gomocup.py. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "frontend_gomocup.h"
#include "gomocup.h"

#include <string.h>

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

/* x,y from the top left against vertices from the bottom left, both
 * ways, on 15x15 and 20x20 (no I column); out-of-board and garbage. */
static void test_coordinates(void **state)
{
	char text[8];
	int x, y;

	(void)state;
	gomocup_vertex_text(15, 7, 7, text, sizeof(text));
	assert_string_equal(text, "H8");
	gomocup_vertex_text(15, 8, 0, text, sizeof(text));
	assert_string_equal(text, "J15");
	gomocup_vertex_text(20, 19, 19, text, sizeof(text));
	assert_string_equal(text, "U1");
	assert_int_equal(gomocup_vertex_xy(15, "j15", &x, &y), 0);
	assert_int_equal(x, 8);
	assert_int_equal(y, 0);
	assert_int_equal(gomocup_vertex_xy(15, "I5", &x, &y), -1);
	assert_int_equal(gomocup_vertex_xy(15, "Q1", &x, &y), -1); /* column 15 */
	assert_int_equal(gomocup_vertex_xy(15, "pass", &x, &y), -1);
	assert_int_equal(gomocup_parse_xy("14,3", 15, &x, &y), 0);
	assert_int_equal(x, 14);
	assert_int_equal(y, 3);
	assert_int_equal(gomocup_parse_xy("1,2,1", 15, &x, &y), 0); /* a BOARD line */
	assert_int_equal(gomocup_parse_xy("15,0", 15, &x, &y), -1);
	assert_int_equal(gomocup_parse_xy("7 7", 15, &x, &y), -1);
	assert_int_equal(gomocup_parse_xy("7,", 15, &x, &y), -1);
}

/* INFO rule bits and quintet's rules names, both ways. */
static void test_rules(void **state)
{
	(void)state;
	assert_string_equal(gomocup_rules_name(0), "freestyle");
	assert_string_equal(gomocup_rules_name(1), "standard");
	assert_string_equal(gomocup_rules_name(4), "renju");
	assert_string_equal(gomocup_rules_name(5), "renju");
	const char *names[] = { "freestyle", "standard", "renju" };
	for (int i = 0; i < 3; i++)
		assert_string_equal(gomocup_rules_name(gomocup_rule_bits(names[i])), names[i]);
	assert_int_equal(gomocup_rule_bits("caro"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn_limit),
		cmocka_unit_test(test_time_left_share),
		cmocka_unit_test(test_coordinates),
		cmocka_unit_test(test_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
