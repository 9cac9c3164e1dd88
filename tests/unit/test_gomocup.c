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

#include <stdlib.h>
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
	assert_string_equal(gomocup_rules_name(2), "renju"); /* Yixin's numbering */
	assert_string_equal(gomocup_rules_name(3), "standard"); /* 2: continuous, the manager's */
	assert_string_equal(gomocup_rules_name(6), "renju");
	const char *names[] = { "freestyle", "standard", "renju" };
	for (int i = 0; i < 3; i++)
		assert_string_equal(gomocup_rules_name(gomocup_rule_bits(names[i])), names[i]);
	assert_int_equal(gomocup_rule_bits("caro"), -1);
}

/* INFO rule values quintet plays: 0..15 but caro's bit. */
static void test_rule_supported(void **state)
{
	(void)state;
	for (long v = 0; v < 16; v++)
		assert_int_equal(gomocup_rule_supported(v), !(v & 8));
	assert_false(gomocup_rule_supported(-1));
	assert_false(gomocup_rule_supported(16));
}

/* Swap2's choice: after three stones a margin each way, between them two
 * stones; after five the sign alone. */
static void test_swap2_choose(void **state)
{
	(void)state;
	assert_int_equal(gomocup_swap2_choose(3, -51, 50), GOMOCUP_SWAP2_SWAP);
	assert_int_equal(gomocup_swap2_choose(3, -50, 50), GOMOCUP_SWAP2_TWO);
	assert_int_equal(gomocup_swap2_choose(3, 0, 50), GOMOCUP_SWAP2_TWO);
	assert_int_equal(gomocup_swap2_choose(3, 50, 50), GOMOCUP_SWAP2_TWO);
	assert_int_equal(gomocup_swap2_choose(3, 51, 50), GOMOCUP_SWAP2_ONE);
	assert_int_equal(gomocup_swap2_choose(5, -1, 50), GOMOCUP_SWAP2_SWAP);
	assert_int_equal(gomocup_swap2_choose(5, 0, 50), GOMOCUP_SWAP2_ONE);
	assert_int_equal(gomocup_swap2_choose(5, -30, 50), GOMOCUP_SWAP2_SWAP);
}

/* The openings: black in the centre, three distinct points within 4 of it
 * (on the board from 9x9), no two alike. */
static void test_swap2_openings(void **state)
{
	(void)state;
	assert_true(gomocup_swap2_nopenings >= 4);
	for (int i = 0; i < gomocup_swap2_nopenings; i++) {
		const struct gomocup_opening *o = &gomocup_swap2_openings[i];

		assert_int_equal(o->dx[0], 0);
		assert_int_equal(o->dy[0], 0);
		for (int k = 0; k < 3; k++) {
			assert_true(abs(o->dx[k]) <= 4 && abs(o->dy[k]) <= 4);
			for (int j = 0; j < k; j++)
				assert_false(o->dx[j] == o->dx[k] && o->dy[j] == o->dy[k]);
		}
		for (int j = 0; j < i; j++)
			assert_memory_not_equal(o, &gomocup_swap2_openings[j], sizeof(*o));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_coordinates),
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_rule_supported),
		cmocka_unit_test(test_swap2_choose),
		cmocka_unit_test(test_swap2_openings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
