/* The failed-login table (store/throttle.h), on the caller's clock:
 *   - failures count per key, lock at max, are forgotten after the memory;
 *   - a flood of junk failures from many addresses never evicts a live
 *     lock (issue 46: 980 from 49 addresses lifted one), and evicts the
 *     oldest unlocked key instead;
 *   - a table full of live locks refuses a key it cannot count, and takes
 *     it again once a lock expires;
 *   - a success clears a key; max 0 never locks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "store/throttle.h"

#define MEMORY 900.0

static void counts_locks_forgets(void **state)
{
	struct throttle *t = throttle_new(8, 3, MEMORY);

	(void)state;
	assert_int_equal(throttle_fail(t, "alice", 0), 1);
	assert_int_equal(throttle_fail(t, "alice", 1), 2);
	assert_false(throttle_locked(t, "alice", 2));
	assert_int_equal(throttle_fail(t, "alice", 2), 3);
	assert_true(throttle_locked(t, "alice", 3));
	assert_false(throttle_locked(t, "bob", 3));
	assert_int_equal(throttle_failures(t, "alice", 2 + MEMORY), 3);
	assert_false(throttle_locked(t, "alice", 2 + MEMORY + 1));
	assert_int_equal(throttle_failures(t, "alice", 2 + MEMORY + 1), 0);
	throttle_free(t);
}

/* The attack, scaled: one lock, then junk failures (a name and an
 * address each) from many addresses, far more than the table holds. */
static void junk_never_evicts_a_lock(void **state)
{
	struct throttle *t = throttle_new(64, 20, MEMORY);
	char key[THROTTLE_KEY];

	(void)state;
	for (int i = 0; i < 20; i++)
		throttle_fail(t, "alice", i * 0.1);
	assert_true(throttle_locked(t, "alice", 3));
	for (int i = 0; i < 1000; i++) {
		snprintf(key, sizeof(key), "junk%d", i);
		throttle_fail(t, key, 10 + i * 0.01);
		snprintf(key, sizeof(key), "@10.0.%d.%d", i / 20, i % 20);
		throttle_fail(t, key, 10 + i * 0.01);
	}
	assert_true(throttle_locked(t, "alice", 30));
	assert_int_equal(throttle_failures(t, "alice", 30), 20);
	/* The junk took the oldest unlocked slots: the latest is there. */
	assert_int_equal(throttle_failures(t, "junk999", 30), 1);
	assert_int_equal(throttle_failures(t, "junk0", 30), 0);
	throttle_free(t);
}

static void full_of_locks_refuses_then_frees(void **state)
{
	struct throttle *t = throttle_new(4, 2, MEMORY);
	char key[THROTTLE_KEY];

	(void)state;
	for (int i = 0; i < 4; i++) {
		snprintf(key, sizeof(key), "locked%d", i);
		throttle_fail(t, key, i);
		throttle_fail(t, key, i);
	}
	assert_true(throttle_locked(t, "locked0", 5));
	/* No slot for a newcomer: not counted, and refused. */
	assert_int_equal(throttle_fail(t, "newcomer", 5), 0);
	assert_true(throttle_locked(t, "newcomer", 5));
	for (int i = 0; i < 4; i++) {
		snprintf(key, sizeof(key), "locked%d", i);
		assert_true(throttle_locked(t, key, 6));
	}
	/* locked0's memory runs out: its slot is free again. */
	assert_false(throttle_locked(t, "newcomer", MEMORY + 0.5));
	assert_int_equal(throttle_fail(t, "newcomer", MEMORY + 0.5), 1);
	assert_true(throttle_locked(t, "locked3", MEMORY + 0.5));
	throttle_free(t);
}

static void success_clears_and_no_max(void **state)
{
	struct throttle *t = throttle_new(2, 2, MEMORY);
	struct throttle *free_for_all = throttle_new(2, 0, MEMORY);

	(void)state;
	throttle_fail(t, "alice", 0);
	throttle_fail(t, "alice", 0);
	assert_true(throttle_locked(t, "alice", 1));
	throttle_clear(t, "alice");
	assert_false(throttle_locked(t, "alice", 1));
	assert_int_equal(throttle_failures(t, "alice", 1), 0);
	/* max 0: counted for the delays, never locked, the oldest evicted. */
	for (int i = 0; i < 10; i++)
		throttle_fail(free_for_all, i % 2 ? "a" : "b", i);
	assert_int_equal(throttle_fail(free_for_all, "c", 11), 1);
	assert_false(throttle_locked(free_for_all, "a", 11));
	assert_false(throttle_locked(free_for_all, "zzz", 11));
	assert_int_equal(throttle_failures(free_for_all, "a", 11), 5);
	throttle_free(t);
	throttle_free(free_for_all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_locks_forgets),
		cmocka_unit_test(junk_never_evicts_a_lock),
		cmocka_unit_test(full_of_locks_refuses_then_frees),
		cmocka_unit_test(success_clears_and_no_max),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
