/* Unit tests of search/tt.h, the shared transposition table: sizes,
 * the entry's fields (move range, payload, depth clamp), won-game scores
 * relative to the node, the cut-off test, the replacement policy and
 * ageing across leases, the reference count, the lease and the private
 * fallback (search_tt_acquire), a session's table per level size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "search/tt.h"

static int refs(struct search_tt *tt)
{
	return atomic_load(&tt->refs);
}

static void test_sizes_and_fields(void **state)
{
	struct search_tt *tt = search_tt_new(3);
	struct search_tt_entry *e;

	(void)state;
	assert_int_equal(sizeof(struct search_tt_entry), 16);
	assert_int_equal(tt->bits, SEARCH_TT_MIN_BITS); /* clamped */
	assert_int_equal(search_tt_bits_for_mb(1), 16);  /* 2^16 entries of 16 bytes */
	assert_int_equal(search_tt_bits_for_mb(8), 19);
	assert_int_equal(search_tt_bits_for_mb(0), SEARCH_TT_MIN_BITS);
	e = search_tt_slot(tt, 0x12345);
	assert_ptr_equal(e, &tt->e[0x12345 & tt->mask]);
	assert_int_equal(search_tt_move(e), SEARCH_TT_NO_MOVE); /* zeroed: no move */
	assert_true(search_tt_store(e, 0, 0x12345, -7, SEARCH_TT_MAX_MOVE, 300, SEARCH_TT_LOWER,
				    true));
	assert_int_equal(search_tt_move(e), SEARCH_TT_MAX_MOVE);
	assert_int_equal(e->depth, 255);
	assert_int_equal(e->score, -7);
	assert_int_equal(e->bound, SEARCH_TT_LOWER);
	assert_true(e->payload);
	/* A later store of an exact result replaces it whatever its depth. */
	assert_true(search_tt_store(e, 0, 0x12345, 3, SEARCH_TT_NO_MOVE, -2, SEARCH_TT_EXACT,
				    false));
	assert_int_equal(search_tt_move(e), SEARCH_TT_NO_MOVE);
	assert_int_equal(e->depth, 0);
	assert_false(e->payload);
	search_tt_unref(tt);
}

/* Won games: stored relative to the node, read relative to the root. */
static void test_scores_and_cuts(void **state)
{
	struct search_tt_entry e = { .key = 1, .depth = 4, .bound = SEARCH_TT_LOWER };

	(void)state;
	assert_int_equal(search_tt_score_in(995, 3, 900), 998);
	assert_int_equal(search_tt_score_out(998, 5, 900), 993);
	assert_int_equal(search_tt_score_in(-995, 3, 900), -998);
	assert_int_equal(search_tt_score_out(-998, 5, 900), -993);
	assert_int_equal(search_tt_score_in(50, 3, 900), 50);
	/* A lower bound cuts at or above beta, deep enough only. */
	assert_true(search_tt_cuts(&e, 10, 4, 0, 10));
	assert_false(search_tt_cuts(&e, 9, 4, 0, 10));
	assert_false(search_tt_cuts(&e, 10, 5, 0, 10));
	e.bound = SEARCH_TT_UPPER;
	assert_true(search_tt_cuts(&e, 0, 3, 0, 10));
	assert_false(search_tt_cuts(&e, 1, 3, 0, 10));
	e.bound = SEARCH_TT_EXACT;
	assert_true(search_tt_cuts(&e, 5, 4, 0, 10));
}

/* In one generation a deeper entry keeps its slot against a bound (of
 * the same position; of another one only when deeper by more than 2),
 * never against an exact result; an older generation always gives way. */
static void test_replacement_and_ageing(void **state)
{
	struct search_tt *tt = search_tt_new(10);
	struct search_tt_entry *e = &tt->e[5];

	(void)state;
	assert_true(search_tt_lease(tt));
	unsigned age = tt->age;
	assert_int_equal(age, 1);
	assert_true(search_tt_store(e, age, 5, 1, 7, 6, SEARCH_TT_LOWER, false));
	assert_false(search_tt_store(e, age, 5, 2, 8, 5, SEARCH_TT_UPPER, false));
	assert_true(search_tt_store(e, age, 5, 2, 8, 6, SEARCH_TT_UPPER, false)); /* as deep */
	assert_false(search_tt_store(e, age, 5 + 1024, 3, 9, 3, SEARCH_TT_LOWER, false));
	assert_true(search_tt_store(e, age, 5 + 1024, 3, 9, 4, SEARCH_TT_LOWER, false));
	assert_int_equal(e->key, 5 + 1024);
	assert_true(search_tt_store(e, age, 5, 4, 1, 12, SEARCH_TT_LOWER, false));
	assert_true(search_tt_store(e, age, 5 + 2048, 5, 2, 1, SEARCH_TT_EXACT, false));
	assert_true(search_tt_store(e, age, 5, 4, 1, 12, SEARCH_TT_LOWER, false));
	search_tt_release(tt);
	/* The next search: a new generation, and the old entry gives way to
	 * anything. */
	assert_true(search_tt_lease(tt));
	assert_int_equal(tt->age, age + 1);
	assert_int_equal(search_tt_permille(tt), 0); /* nothing of this generation */
	assert_true(search_tt_store(e, tt->age, 5 + 1024, 6, 3, 1, SEARCH_TT_UPPER, false));
	assert_int_equal(e->age, age + 1);
	assert_int_equal(search_tt_permille(tt), 1); /* one of the first 1000 */
	search_tt_release(tt);
	/* Generations wrap in 4 bits. */
	for (int i = 0; i < 16; i++) {
		assert_true(search_tt_lease(tt));
		search_tt_release(tt);
	}
	assert_int_equal(tt->age, age + 1);
	search_tt_unref(tt);
}

/* References: copies share one table and the last unref frees it. One
 * search at a time holds the lease; a second gets a private table, which
 * giving back frees; the session's lease is given back. */
static void test_refs_and_lease(void **state)
{
	struct search_tt *tt = search_tt_new(12);

	(void)state;
	assert_ptr_equal(search_tt_ref(tt), tt);
	assert_int_equal(refs(tt), 2);
	assert_null(search_tt_ref(NULL));
	search_tt_unref(NULL);
	struct search_tt *a = search_tt_acquire(tt, 11);
	assert_ptr_equal(a, tt);
	assert_false(search_tt_lease(tt));
	struct search_tt *b = search_tt_acquire(tt, 11);
	assert_ptr_not_equal(b, tt);
	assert_int_equal(b->bits, 11);
	search_tt_give_back(b, tt);
	search_tt_give_back(a, tt);
	assert_true(search_tt_lease(tt)); /* given back */
	search_tt_release(tt);
	struct search_tt *c = search_tt_acquire(NULL, 10); /* no session: private */
	assert_int_equal(refs(c), 1);
	search_tt_give_back(c, NULL);
	search_tt_unref(tt);
	assert_int_equal(refs(tt), 1);
	search_tt_unref(tt);
}

/* A session's table: made on first use at the level's size (or the
 * default), kept while the size holds, remade when it changes; whoever
 * still holds the old one keeps it. */
static void test_for_level(void **state)
{
	struct search_tt *slot = NULL;

	(void)state;
	struct search_tt *t1 = search_tt_for_level(&slot, 0, 1);
	assert_ptr_equal(t1, slot);
	assert_int_equal(t1->bits, search_tt_bits_for_mb(1));
	assert_ptr_equal(search_tt_for_level(&slot, 1, 4), t1);
	struct search_tt *held = search_tt_ref(t1);
	struct search_tt *t2 = search_tt_for_level(&slot, 2, 1);
	assert_int_equal(t2->bits, search_tt_bits_for_mb(2));
	assert_int_equal(refs(held), 1);
	search_tt_unref(held);
	search_tt_unref(slot);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes_and_fields),
		cmocka_unit_test(test_scores_and_cuts),
		cmocka_unit_test(test_replacement_and_ageing),
		cmocka_unit_test(test_refs_and_lease),
		cmocka_unit_test(test_for_level),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
