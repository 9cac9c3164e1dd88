/* Unit tests of search/order.h, search/pv.h and search/window.h: killers
 * (two a ply, the latest first, no duplicate), history (depth-squared
 * credit, halved past its limit), counter-moves, the picker (selection
 * first, then one stable sort), the principal variation's triangular
 * table, and the aspiration windows (widened on the failing side,
 * doubling, opened fully past the win bound). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "search/order.h"
#include "search/pv.h"
#include "search/window.h"

static void test_killers(void **state)
{
	struct search_killers k;

	(void)state;
	search_killers_clear(&k);
	assert_false(search_killers_has(&k, 3, 0)); /* move 0 is a move like another */
	search_killers_add(&k, 3, 10);
	search_killers_add(&k, 3, 11);
	search_killers_add(&k, 3, 11); /* already first: kept once */
	assert_int_equal(k.move[3][0], 11);
	assert_int_equal(k.move[3][1], 10);
	search_killers_add(&k, 3, 12);
	assert_true(search_killers_has(&k, 3, 12) && search_killers_has(&k, 3, 11));
	assert_false(search_killers_has(&k, 3, 10));
	assert_false(search_killers_has(&k, 4, 12)); /* per ply */
	search_killers_add(&k, SEARCH_MAX_PLY, 1); /* out of range: ignored */
	assert_false(search_killers_has(&k, SEARCH_MAX_PLY, 1));
}

static void test_history(void **state)
{
	struct search_history h;

	(void)state;
	search_history_init(&h, 8, 100);
	search_history_reward(&h, 2, 3);
	search_history_reward(&h, 2, 5);
	search_history_reward(&h, 7, 6);
	assert_int_equal(search_history_get(&h, 2), 34);
	assert_int_equal(search_history_get(&h, 7), 36);
	assert_int_equal(search_history_get(&h, 0), 0);
	search_history_reward(&h, 7, 8); /* 100: not past the limit */
	assert_int_equal(search_history_get(&h, 7), 100);
	search_history_reward(&h, 7, 1); /* 101: every entry halves */
	assert_int_equal(search_history_get(&h, 7), 50);
	assert_int_equal(search_history_get(&h, 2), 17);
	search_history_free(&h);
}

static void test_counters(void **state)
{
	struct search_counters c;

	(void)state;
	search_counters_init(&c, 16);
	assert_int_equal(search_counters_get(&c, 5), SEARCH_NO_MOVE);
	search_counters_set(&c, 5, 9);
	search_counters_set(&c, 6, 0);
	assert_int_equal(search_counters_get(&c, 5), 9);
	assert_int_equal(search_counters_get(&c, 6), 0);
	search_counters_set(&c, 5, 3); /* the last refutation wins */
	assert_int_equal(search_counters_get(&c, 5), 3);
	search_counters_free(&c);
}

/* The picker hands moves out by key, highest first: the first `pick` by
 * selection, then the rest sorted once, equal keys in the given order. */
static void test_picker(void **state)
{
	int moves[] = { 10, 11, 12, 13, 14, 15, 16 };
	int keys[] = { 1, 5, 3, 5, SEARCH_KEY_TT, 3, 3 };
	int want[] = { 14, 11, 13, 12, 15, 16, 10 };
	struct search_picker p;
	int i, n = 0;

	(void)state;
	search_picker_init(&p, moves, keys, 7, 2);
	while ((i = search_picker_next(&p)) >= 0) {
		assert_int_equal(i, n);
		assert_int_equal(moves[i], want[n]);
		n++;
	}
	assert_int_equal(n, 7);
	assert_int_equal(search_picker_next(&p), -1);
	/* SEARCH_PICK_ALL: selection all the way, the same order here. */
	int m2[] = { 10, 11, 12 }, k2[] = { 2, 9, 4 };
	search_picker_init(&p, m2, k2, 3, SEARCH_PICK_ALL);
	assert_int_equal(m2[search_picker_next(&p)], 11);
	assert_int_equal(m2[search_picker_next(&p)], 12);
	assert_int_equal(m2[search_picker_next(&p)], 10);
	/* An empty list. */
	search_picker_init(&p, m2, k2, 0, 3);
	assert_int_equal(search_picker_next(&p), -1);
}

/* The triangular PV: a node's line is its move and the child's line; a
 * node entered again starts empty; an empty root line names the fallback. */
static void test_pv(void **state)
{
	static struct search_pv pv; /* 16 KiB: not on the stack */
	struct search_info info;

	(void)state;
	search_pv_clear(&pv, 0);
	search_pv_to_info(&pv, &info, 42);
	assert_int_equal(info.npv, 1);
	assert_int_equal(info.pv[0], 42);
	/* Leaves up: ply 2 decided (a win), then 1, then the root. */
	search_pv_set1(&pv, 2, 7);
	search_pv_update(&pv, 1, 6);
	search_pv_update(&pv, 0, 5);
	search_pv_to_info(&pv, &info, 42);
	assert_int_equal(info.npv, 3);
	assert_int_equal(info.pv[0], 5);
	assert_int_equal(info.pv[1], 6);
	assert_int_equal(info.pv[2], 7);
	/* Another root move raises alpha with a child whose line is empty. */
	search_pv_clear(&pv, 1);
	search_pv_update(&pv, 0, 8);
	search_pv_to_info(&pv, &info, 42);
	assert_int_equal(info.npv, 1);
	assert_int_equal(info.pv[0], 8);
	/* The deepest lines are cut at SEARCH_MAX_PLY - 1 moves. */
	search_pv_clear(&pv, SEARCH_MAX_PLY - 1);
	for (int ply = SEARCH_MAX_PLY - 1; ply >= 0; ply--)
		search_pv_update(&pv, ply, ply);
	assert_int_equal(pv.len[0], SEARCH_MAX_PLY - 1);
	assert_int_equal(pv.move[0][SEARCH_MAX_PLY - 2], SEARCH_MAX_PLY - 2);
}

static void test_window(void **state)
{
	const struct search_window_shape shape = { .win = 1000, .bound = 900, .delta = 10 };
	struct search_window w;

	(void)state;
	search_window_start(&w, &shape, false, 50); /* not narrow: the full window */
	assert_int_equal(w.alpha, -1001);
	assert_int_equal(w.beta, 1001);
	search_window_start(&w, &shape, true, 950); /* a decided game's score: full */
	assert_int_equal(w.alpha, -1001);
	search_window_start(&w, &shape, true, 50);
	assert_int_equal(w.alpha, 40);
	assert_int_equal(w.beta, 60);
	assert_false(search_window_failed(&w, 55)); /* inside: the score */
	assert_true(search_window_failed(&w, 40));  /* fail low: alpha widens by 20 */
	assert_int_equal(w.alpha, 20);
	assert_int_equal(w.beta, 60);
	assert_true(search_window_failed(&w, 70)); /* fail high: beta by 40 */
	assert_int_equal(w.beta, 110);
	assert_int_equal(w.alpha, 20);
	assert_true(search_window_failed(&w, 880)); /* past the bound: opened */
	assert_int_equal(w.beta, 1001);
	assert_true(search_window_failed(&w, -890));
	assert_int_equal(w.alpha, -1001);
	assert_false(search_window_failed(&w, -890));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_killers),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_picker),
		cmocka_unit_test(test_pv),
		cmocka_unit_test(test_window),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
