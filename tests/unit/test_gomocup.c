/* The Gomocup wire forms the front end shares with the referee's driver
 * (gomocup.c). What a move may spend from INFO timeout_turn, timeout_match
 * and time_left is timeman's (tests/unit/test_timeman.c); the protocol's
 * transcripts are tests/integration/gomocup.py. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gomocup.h"

#include <string.h>

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
		cmocka_unit_test(test_coordinates),
		cmocka_unit_test(test_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
