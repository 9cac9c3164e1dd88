/* Unit tests of the Ataxx evaluation's tuple tables (ataxx_tuple.h): the
 * pattern digits and classes; the search's incremental window indices
 * equal to a whole recomputation after every move of random games on
 * every board size 4..16 (both rules, gaps too), in the form the size gets
 * and in the wide form, and the evaluation with them (their sum, and on
 * a CPU with AVX-512 the search's sum read whole from the bitboards,
 * ataxx_tuple_sum64); the evaluation with
 * a table tied by classes unchanged by the board's eight symmetries and
 * by swapping the colours with the turn (and changed by a table that is
 * not tied, so the test can tell); which searches add a table (boards up
 * to 8 x 8). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx.h"
#include "games/ataxx/ataxx_search.h"
#include "games/ataxx/ataxx_tuple.h"
#include "util/rng.h"
#include "util/xalloc.h"

/* A table of random weights (-500..500): tied by class, or not. */
static int16_t *random_table(uint64_t seed, bool tied)
{
	int16_t *w = xmalloc(ATAXX_TUPLE_INDICES * sizeof(*w)), by_class[ATAXX_TUPLE_CLASSES];
	int *cls = xmalloc(ATAXX_TUPLE_INDICES * sizeof(*cls));
	struct rng r;

	rng_seed(&r, seed);
	assert_int_equal(ataxx_tuple_classes(cls), ATAXX_TUPLE_CLASSES);
	for (int c = 0; c < ATAXX_TUPLE_CLASSES; c++)
		by_class[c] = (int16_t)((int)rng_below(&r, 1001) - 500);
	for (int i = 0; i < ATAXX_TUPLE_INDICES; i++)
		w[i] = tied ? by_class[cls[i]] : (int16_t)((int)rng_below(&r, 1001) - 500);
	free(cls);
	return w;
}

static void test_digits_and_classes(void **state)
{
	int *cls = xmalloc(ATAXX_TUPLE_INDICES * sizeof(*cls));

	(void)state;
	/* bit i of a 4 x 2 window is worth 3^i; a 2 x 4 window's bit 2 r + c
	 * is canonical cell 4 c + r */
	assert_int_equal(ataxx_tuple_tern[0x01], 1);
	assert_int_equal(ataxx_tuple_tern[0x10], 81);
	assert_int_equal(ataxx_tuple_tern[0xff], 3280);
	assert_int_equal(ataxx_tuple_tern_v[0x02], 81);  /* (0, 1) -> cell 4 */
	assert_int_equal(ataxx_tuple_tern_v[0x04], 3);   /* (1, 0) -> cell 1 */
	assert_int_equal(ataxx_tuple_tern_v[0x80], 2187); /* (3, 1) -> cell 7 */
	assert_int_equal(ataxx_tuple_index(0x01, 0x80, false), 1 + 2 * 2187);
	assert_int_equal(ataxx_tuple_classes(cls), ATAXX_TUPLE_CLASSES);
	/* a pattern, its mirrors (columns, rows, both) share a class; another does not */
	int a = 1 + 2 * 3 + 27 * 2, cols = 27 + 2 * 9 + 2, rows = 81 + 2 * 243 + 2187 * 2;
	int both = 2187 + 2 * 729 + 2 * 81;
	assert_int_equal(cls[a], cls[cols]);
	assert_int_equal(cls[a], cls[rows]);
	assert_int_equal(cls[a], cls[both]);
	assert_int_not_equal(cls[a], cls[1 + 2 * 3]);
	assert_int_equal(cls[0], 0);
	assert_int_equal(cls[ATAXX_TUPLE_INDICES - 1], ATAXX_TUPLE_CLASSES - 1);
	free(cls);
}

/* The Ataxx start on an n x n board, with gaps at a few symmetric places
 * when gaps (n >= 7). */
static struct axw_pos start(int n, bool standard, bool gaps)
{
	static const struct ataxx_layout corners = { ATAXX_CORNERS, 2 };
	struct axw_pos p;

	ataxx_layout_position(n, &corners, standard, &p);
	if (gaps && n >= 7) {
		int m = n / 2;

		p.blocked = axw_or(p.blocked, axw_bit(m * AXW_STRIDE + 2));
		p.blocked = axw_or(p.blocked, axw_bit((m - 1) * AXW_STRIDE + n - 2));
		p.blocked = axw_or(p.blocked, axw_bit(2 * AXW_STRIDE + m));
	}
	return p;
}

/* A random game from p: its moves into moves (room for max), returns how
 * many (it stops when the game ends). */
static int random_game(struct axw_pos p, struct rng *r, int *moves, int max)
{
	int list[axw_MAX_MOVES], n = 0;

	while (n < max) {
		int k = axw_legal_moves(&p, list);

		if (k == 0)
			break;
		moves[n] = list[rng_below(r, (uint32_t)k)];
		axw_make(&p, moves[n++]);
	}
	return n;
}

static void test_incremental_equals_whole(void **state)
{
	int16_t *w = random_table(3, false);
	int moves[600], total = 0;
	struct rng r;

	(void)state;
	rng_seed(&r, 17);
	for (int n = ATAXX_MIN_SIZE; n <= ATAXX_MAX_SIZE; n++)
		for (int k = 0; k < 4; k++) {
			struct axw_pos p = start(n, k & 1, k & 2);
			int played = random_game(p, &r, moves, n <= 8 ? 600 : 150);

			total += played;
			assert_int_equal(ataxx_tuple_replay(&p, moves, played, w, false), -1);
			assert_int_equal(ataxx_tuple_replay(&p, moves, played, w, true), -1);
		}
	assert_true(total > 2000); /* the games were games */
	free(w);
}

/* pos turned a quarter (square (row, col) to (col, N-1-row)) when turn,
 * then mirrored ((row, col) to (row, N-1-col)) when mirror. */
static struct axw_pos transformed(const struct axw_pos *pos, bool turn, bool mirror)
{
	int n = pos->size;
	struct axw_pos q;

	ataxx_empty_position(n, &q);
	q.turn = pos->turn;
	q.standard = pos->standard;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int sq = r * AXW_STRIDE + c, r2 = turn ? c : r, c2 = turn ? n - 1 - r : c;
			axw_bb to = axw_bit(r2 * AXW_STRIDE + (mirror ? n - 1 - c2 : c2));

			for (int side = 0; side < 2; side++)
				if (axw_test(pos->piece[side], sq))
					q.piece[side] = axw_or(q.piece[side], to);
			if (axw_test(pos->blocked, sq))
				q.blocked = axw_or(q.blocked, to);
		}
	return q;
}

/* Along random games on several sizes: the evaluation with table w is the
 * same under the eight symmetries and the colour swap. Returns how many
 * positions showed a difference (asserting none when must_hold). */
static int symmetry_breaks(const int16_t *w, bool must_hold)
{
	static const int sizes[] = { 4, 5, 7, 8, 9, 11, 12, 16 };
	int moves[200], breaks = 0;
	struct rng r;

	rng_seed(&r, 29);
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		struct axw_pos p = start(sizes[s], s & 1, true);
		int played = random_game(p, &r, moves, 60);

		for (int i = 0; i < played; i++) {
			axw_make(&p, moves[i]);
			int v = ataxx_evaluate_with(&p, w);
			struct axw_pos swapped = p;

			swapped.piece[0] = p.piece[1];
			swapped.piece[1] = p.piece[0];
			swapped.turn = !p.turn;
			breaks += ataxx_evaluate_with(&swapped, w) != v;
			for (int t = 1; t < 8; t++) {
				struct axw_pos q = transformed(&p, t & 1, t & 2);

				if (t & 4) /* a half turn more: the other four */
					q = transformed(&q, true, false), q = transformed(&q, true, false);
				breaks += ataxx_evaluate_with(&q, w) != v;
			}
			if (must_hold)
				assert_int_equal(breaks, 0);
		}
	}
	return breaks;
}

static void test_symmetries(void **state)
{
	int16_t *tied = random_table(5, true), *loose = random_table(5, false);

	(void)state;
	symmetry_breaks(tied, true);
	assert_true(symmetry_breaks(loose, false) > 100);
	free(tied);
	free(loose);
}

/* A search adds a rules' table only when it is on and the board is up
 * to 8 x 8 (whatever the CPU); never over 8 x 8. */
static void test_searched(void **state)
{
	(void)state;
	for (int standard = 0; standard < 2; standard++) {
		for (int n = 4; n <= 8; n++)
			assert_int_equal(ataxx_tuple_searched(n, standard), ataxx_tuple_on[standard]);
		for (int n = 9; n <= 16; n++)
			assert_false(ataxx_tuple_searched(n, standard));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_digits_and_classes),
		cmocka_unit_test(test_incremental_equals_whole),
		cmocka_unit_test(test_symmetries),
		cmocka_unit_test(test_searched),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
