/* Unit tests of Gomoku's engine position (gomoku_pos.h): the line tables
 * against hand-counted lines, the incremental position against a
 * recomputation after random stones and takebacks, renju's cheap foul
 * filter against the exact test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_pos.h"
#include "util/monotime.h"
#include "util/xalloc.h"



/* ---- helpers ------------------------------------------------------------ */

static int vertex(const struct gomoku_board *b, const char *text)
{
	int p;

	if (gomoku_parse_vertex(b, text, &p) < 0)
		fail_msg("bad vertex %s", text);
	return p;
}

static char *vertex_text(const struct gomoku_board *b, int p)
{
	static char text[8];
	struct strbuf sb = STRBUF_INIT;

	gomoku_print_vertex(b, p, &sb);
	snprintf(text, sizeof(text), "%s", sb_str(&sb));
	sb_free(&sb);
	return text;
}

/* Put stones of color on the vertices of a space-separated list. */
static void put(struct gomoku_board *b, int color, const char *list)
{
	char *copy = xstrdup(list), *save = NULL;

	for (char *v = strtok_r(copy, " ", &save); v; v = strtok_r(NULL, " ", &save))
		gomoku_board_put(b, vertex(b, v), color);
	free(copy);
}

/* ---- line tables ---------------------------------------------------------- */

/* The pattern of color's stone on v along direction d of b. */
static int pattern_at(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		      const char *v, int d)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	int pat;

	gomoku_pos_init(pos, b, rules, color);
	pat = gomoku_pat_of(pos->cell[vertex(b, v)].pat[d], color);
	free(pos);
	return pat;
}

static void test_line_patterns(void **state)
{
	struct gomoku_board b;

	(void)state;
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "H8 J8 K8"); /* an open three on row 8 */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_F4);
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "G8", 0), GOMOKU_PAT_F4);
	/* H8 J8 K8 . M8: one completion point */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "M8", 0), GOMOKU_PAT_B4);
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "F8", 0), GOMOKU_PAT_B4);
	/* N8: J8 K8 . . N8, one stone more makes a four (a closed three) */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "N8", 0), GOMOKU_PAT_B3);
	/* white there blocks: its own line is one stone */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_WHITE, "L8", 0), GOMOKU_PAT_B1);
	/* column L for black: a lone stone on an open line */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 1), GOMOKU_PAT_F1);
	/* closed on one side: O H8 J8 K8 -> L8 makes a four with M8 only */
	put(&b, GOMOKU_WHITE, "G8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_B4);
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "M8", 0), GOMOKU_PAT_B4);
	/* ...and an open two there is a closed three's start */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "H8 J8");
	put(&b, GOMOKU_WHITE, "G8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "K8", 0), GOMOKU_PAT_B3);
	/* G8 H8 J8 K8 . M8: L8 makes six */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "G8 H8 J8 K8 M8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_F5);
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_OL);
	assert_int_equal(pattern_at(&b, GOMOKU_RENJU, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_OL);
	/* F8 completes exactly five (G8..K8 with F8) in every rule set */
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_BLACK, "F8", 0), GOMOKU_PAT_F5);
	/* the same stones white: renju lets white's six win */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_WHITE, "G8 H8 J8 K8 M8");
	assert_int_equal(pattern_at(&b, GOMOKU_RENJU, GOMOKU_WHITE, "L8", 0), GOMOKU_PAT_F5);
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_WHITE, "L8", 0), GOMOKU_PAT_OL);
	/* the edge blocks: A1 A2 A3, A4 makes a four with A5 only */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "A1 A2 A3");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "A4", 1), GOMOKU_PAT_B4);
	/* four cells between white stones hold no five */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_WHITE, "D8 J8");
	put(&b, GOMOKU_BLACK, "F8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "G8", 0), GOMOKU_PAT_DEAD);
	/* a 5x5 board: a row is exactly one five */
	gomoku_board_init(&b, 5);
	put(&b, GOMOKU_BLACK, "A1 B1 D1");
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_BLACK, "C1", 0), GOMOKU_PAT_B4);
}

/* ---- the incremental position ------------------------------------------- */

/* Random stones and takebacks on boards of every kind of edge; after each
 * step every invariant holds (gomoku_pos_check recomputes them), and after
 * taking everything back the position is the empty one again. */
static void test_pos_incremental(void **state)
{
	static const int sizes[] = { 5, 9, 15, 25 };
	struct gomoku_pos *pos = xmalloc(sizeof(*pos)), *empty = xmalloc(sizeof(*empty));

	(void)state;
	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
			int size = sizes[si], stack[GOMOKU_MAX_CELLS], n = 0;
			struct gomoku_board b;
			struct rng r;

			rng_seed(&r, (uint64_t)(size * 10 + rules));
			gomoku_board_init(&b, size);
			gomoku_pos_init(pos, &b, rules, GOMOKU_BLACK);
			gomoku_pos_init(empty, &b, rules, GOMOKU_BLACK);
			for (int i = 0; i < 400; i++) {
				if (n < size * size - 1 && (n == 0 || rng_below(&r, 3))) {
					int p;

					do
						p = gomoku_point(&b, (int)rng_below(&r, (uint32_t)size),
								 (int)rng_below(&r, (uint32_t)size));
					while (pos->b.cell[p] != GOMOKU_EMPTY);
					gomoku_pos_put(pos, p);
					stack[n++] = p;
				} else {
					gomoku_pos_remove(pos, stack[--n]);
				}
				if (i % 23 == 0 && !gomoku_pos_check(pos))
					fail_msg("size %d rules %d step %d: invariants broken", size,
						 rules, i);
			}
			while (n > 0)
				gomoku_pos_remove(pos, stack[--n]);
			assert_true(gomoku_pos_check(pos));
			assert_int_equal(pos->hash, empty->hash);
			assert_memory_equal(pos->cell, empty->cell, sizeof(pos->cell));
		}
	free(pos);
	free(empty);
}

/* The cheap filter never misses a forbidden point: in renju positions with
 * many black stones, gomoku_pos_forbidden agrees with gomoku_renju_foul on
 * every empty point. */
static void test_foul_filter(void **state)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	int fouls = 0;

	(void)state;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct gomoku_board b;
		struct rng r;

		rng_seed(&r, seed);
		gomoku_board_init(&b, 15);
		/* clustered stones, two black for one white */
		for (int i = 0; i < 45; i++) {
			int p = gomoku_point(&b, 4 + (int)rng_below(&r, 7), 4 + (int)rng_below(&r, 7));

			if (b.cell[p] == GOMOKU_EMPTY)
				gomoku_board_put(&b, p, i % 3 ? GOMOKU_BLACK : GOMOKU_WHITE);
		}
		gomoku_pos_init(pos, &b, GOMOKU_RENJU, GOMOKU_BLACK);
		for (int row = 0; row < 15; row++)
			for (int col = 0; col < 15; col++) {
				int p = gomoku_point(&b, col, row);

				if (b.cell[p] != GOMOKU_EMPTY)
					continue;
				bool foul = gomoku_renju_foul(&b, p) != GOMOKU_FOUL_NONE;

				fouls += foul;
				if (foul != gomoku_pos_forbidden(pos, GOMOKU_BLACK, p))
					fail_msg("seed %d %s: filter disagrees", (int)seed,
						 vertex_text(&b, p));
				assert_false(gomoku_pos_forbidden(pos, GOMOKU_WHITE, p));
			}
	}
	assert_true(fouls > 20); /* the positions did have forbidden points */
	free(pos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_patterns),
		cmocka_unit_test(test_pos_incremental),
		cmocka_unit_test(test_foul_filter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
