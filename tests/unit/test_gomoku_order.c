/* Unit tests of the Gomoku move ordering's learner (gomoku_tune.h,
 * gomoku_order_fit.c): a game line's competitions (one per quiet position
 * from GOMOKU_ORDER_FROM on, every candidate a team of its two codes, the
 * played point's won); bad lines refused with their reason and nothing
 * added; the fit ranks the played moves of self-play games first far more
 * often than chance; the table as written; the shipped keys as loaded, and
 * renju's (no learned table) the hand-set ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_order.h"
#include "games/gomoku/gomoku_tune.h"
#include "util/xalloc.h"

#define ROLE_FEATURES (GOMOKU_CODES + 1)

/* A short freestyle game: the competitions are the positions before
 * moves 5..8 (all quiet), each of the empty points near the stones. */
static void test_competitions(void **state)
{
	static const char *const moves[] = { "H8", "J9", "G7", "J7", "H9", "H10", "G9", "F10" };
	struct gomoku_order_set *set = xcalloc(1, sizeof(*set));
	const struct mm_builder *c = &set->comps[GOMOKU_FREESTYLE];
	struct gomoku_board b;
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	char why[128];

	(void)state;
	assert_int_equal(gomoku_tune_order_line("freestyle 15 ; H8 J9 G7 J7 H9 H10 G9 F10 ; 0.5",
						set, why, sizeof(why)),
			 0);
	assert_int_equal(set->games, 1);
	assert_int_equal(c->ncomp, 8 - GOMOKU_ORDER_FROM);
	gomoku_board_init(&b, 15);
	gomoku_pos_init(pos, &b, GOMOKU_FREESTYLE, GOMOKU_BLACK);
	for (int i = 0; i < 8; i++) {
		int p, points[GOMOKU_MAX_CELLS];

		assert_int_equal(gomoku_parse_vertex(&pos->b, moves[i], &p), 0);
		if (i >= GOMOKU_ORDER_FROM) {
			size_t k = (size_t)(i - GOMOKU_ORDER_FROM), w = c->winner[k];
			int us = pos->turn, them = gomoku_other(us);
			double total = 0;

			for (size_t j = c->cand_start[k]; j < c->cand_start[k + 1]; j++) {
				assert_int_equal(c->feat_start[j + 1] - c->feat_start[j], 2);
				assert_true(c->feat[c->feat_start[j]] < ROLE_FEATURES);
				assert_true(c->feat[c->feat_start[j] + 1] >= ROLE_FEATURES);
				total += c->weight[j];
			}
			assert_int_equal((int)total, gomoku_bits_list(&pos->cand, points));
			assert_int_equal(c->feat[c->feat_start[w]], pos->cell[p].code[us - 1]);
			assert_int_equal(c->feat[c->feat_start[w] + 1],
					 ROLE_FEATURES + pos->cell[p].code[them - 1]);
		}
		gomoku_pos_put(pos, p);
	}
	free(pos);
	gomoku_tune_order_free(set);
	free(set);
}

/* Each bad line is refused with its reason; nothing of it is kept, even
 * when its first moves were good. */
static void test_line_errors(void **state)
{
	static const struct {
		const char *line, *why;
	} bad[] = {
		{ "freestyle 15 ; H8 J9", "expected RULES SIZE ; MOVES ; RESULT" },
		{ "gomoku 15 ; H8 J9 ; 1", "rules must be freestyle, standard or renju" },
		{ "freestyle 4 ; H8 ; 1", "size must be a whole number 5..25" },
		{ "freestyle 15 ; H8 J9 G7 J7 H9 H10 G9 H8 ; 1", "illegal move H8" },
		{ "freestyle 15 ; H8 J9 G7 J7 H9 H10 G9 Z99 ; 1", "illegal move Z99" },
		{ "freestyle 15 ; A1 B1 A2 B2 A3 B3 A4 B4 A5 B5 ; 1", "a move after the game's end" },
	};
	struct gomoku_order_set *set = xcalloc(1, sizeof(*set));
	char why[128], *long_line = xmalloc(GOMOKU_TUNE_LINE + 2);

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(gomoku_tune_order_line(bad[i].line, set, why, sizeof(why)), -1);
		assert_string_equal(why, bad[i].why);
		assert_int_equal(set->games, 0);
		for (int r = 0; r < GOMOKU_RULES_COUNT; r++) {
			assert_int_equal(set->comps[r].ncomp, 0);
			assert_int_equal(set->comps[r].ncand, 0);
		}
	}
	memset(long_line, 'x', GOMOKU_TUNE_LINE + 1);
	long_line[GOMOKU_TUNE_LINE + 1] = '\0';
	assert_int_equal(gomoku_tune_order_line(long_line, set, why, sizeof(why)), -1);
	assert_string_equal(why, "line too long");
	free(long_line);
	gomoku_tune_order_free(set);
	free(set);
}

/* Self-play games' moves: the fitted keys rank the played move first far
 * more often than a uniform choice among the candidates would, under
 * every rules; codes the games never showed keep key 0. */
static void test_fit(void **state)
{
	struct gomoku_selfplay sp = { .size = 11, .games = 12, .nodes = 400, .random_plies = 2,
				      .seed = 9 };

	(void)state;
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		struct gomoku_order_set *set = xcalloc(1, sizeof(*set));
		struct gomoku_order_report report;
		int keys[2][GOMOKU_CODES + 1];
		char *text = NULL, why[128];
		size_t len = 0;
		double chance = 0;
		FILE *f = open_memstream(&text, &len);

		sp.rules = (enum gomoku_rules)rules;
		assert_int_equal(gomoku_tune_selfplay(&sp, f), sp.games);
		fclose(f);
		for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			assert_int_equal(gomoku_tune_order_line(line, set, why, sizeof(why)), 0);
		const struct mm_builder *c = &set->comps[rules];
		for (size_t k = 0; k < c->ncomp; k++) {
			double total = 0;

			for (size_t j = c->cand_start[k]; j < c->cand_start[k + 1]; j++)
				total += c->weight[j];
			chance += 1 / total;
		}
		chance /= (double)c->ncomp;
		gomoku_tune_order_fit(set, sp.rules, 50, keys, &report);
		assert_int_equal(report.positions, c->ncomp);
		assert_true(report.positions > 100);
		assert_true(report.top1 > 3 * chance);
		assert_true(report.log_likelihood < 0);
		assert_int_equal(keys[0][GOMOKU_CODES], 0);
		assert_int_equal(keys[1][GOMOKU_CODES], 0);
		free(text);
		gomoku_tune_order_free(set);
		free(set);
	}
}

/* The table as written: an entry per code with a key, the end; read back
 * by the build, the shipped keys are the loaded ones. */
static void test_write_and_shipped(void **state)
{
	static const struct gomoku_code_weight shipped[] = GOMOKU_ORDER_FREESTYLE;
	int (*keys)[2][GOMOKU_CODES + 1] = xcalloc(GOMOKU_RULES_COUNT, sizeof(*keys));
	const int (*loaded)[GOMOKU_CODES + 1] = gomoku_order_keys(GOMOKU_FREESTYLE);
	char *text = NULL, name[32], want[128];
	size_t len = 0, n = 0;

	(void)state;
	keys[GOMOKU_STANDARD][0][11] = 40;
	keys[GOMOKU_STANDARD][1][500] = -7;
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(gomoku_tune_write_order(f, (const int(*)[2][GOMOKU_CODES + 1])keys,
						 "the note"),
			 0);
	fclose(f);
	assert_non_null(strstr(text, " * the note\n"));
	assert_non_null(strstr(text, "#define GOMOKU_ORDER_FREESTYLE { \\\n\t{ -1, 0, 0 } \\\n}\n"));
	assert_non_null(strstr(text, "#define GOMOKU_ORDER_RENJU { \\\n\t{ -1, 0, 0 } \\\n}\n"));
	gomoku_code_name(11, name, sizeof(name));
	snprintf(want, sizeof(want), "#define GOMOKU_ORDER_STANDARD { \\\n\t{ 11, 40, 0 }, /* %s */",
		 name);
	assert_non_null(strstr(text, want));
	gomoku_code_name(500, name, sizeof(name));
	snprintf(want, sizeof(want), "\t{ 500, 0, -7 }, /* %s */ \\\n\t{ -1, 0, 0 }", name);
	assert_non_null(strstr(text, want));
	for (; shipped[n].code >= 0; n++) {
		assert_int_equal(loaded[0][shipped[n].code], shipped[n].own);
		assert_int_equal(loaded[1][shipped[n].code], shipped[n].their);
	}
	assert_true(n > 100);
	assert_int_equal(loaded[0][GOMOKU_CODES], 0);
	free(keys);
	free(text);
}

/* Renju has no learned keys: its are the hand-set ones, by the threat
 * class a code makes and its lines (an open three's point: 600 + 10 + 45
 * for the side to move, 400 + 10 + 45 for the side waiting). */
static void test_renju_hand_set(void **state)
{
	static const struct gomoku_code_weight renju[] = GOMOKU_ORDER_RENJU;
	const int (*keys)[GOMOKU_CODES + 1] = gomoku_order_keys(GOMOKU_RENJU);
	int three = -1, nothing = -1;

	(void)state;
	assert_int_equal(renju[0].code, -1);
	for (int k = 0; k < GOMOKU_CODES; k++) {
		char name[32];

		gomoku_code_name(k, name, sizeof(name));
		if (!strcmp(name, "F3 DEAD DEAD DEAD"))
			three = k;
		if (!strcmp(name, "DEAD DEAD DEAD DEAD"))
			nothing = k;
	}
	assert_true(three >= 0 && nothing >= 0);
	assert_int_equal(keys[0][three], 655);
	assert_int_equal(keys[1][three], 455);
	assert_int_equal(keys[0][nothing], 0);
	assert_int_equal(keys[1][nothing], 0);
	assert_int_equal(keys[0][GOMOKU_CODES], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_competitions),
		cmocka_unit_test(test_line_errors),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_write_and_shipped),
		cmocka_unit_test(test_renju_hand_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
