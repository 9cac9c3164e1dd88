/* Unit tests of the Gomoku evaluation's features and tuner's pieces
 * (gomoku_pos.h, gomoku_tune.h): the features of a known position; the
 * evaluation is the weighted features after random stones and takebacks
 * (every rules, boards 5..25); the quiet test; game lines replayed into
 * rows (results for the side to move) and every error leaving the set
 * unchanged; self-play lines that read back, the same for the same seed;
 * scaling and the weights table as written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_search.h"
#include "games/gomoku/gomoku_tune.h"
#include "search/tt.h"
#include "util/rng.h"
#include "util/xalloc.h"

/* pos (15x15 freestyle) after moves, played alternately from black. */
static void play(struct gomoku_pos *pos, enum gomoku_rules rules, int size, const char *moves)
{
	struct gomoku_board b;
	char *copy = xstrdup(moves), *save = NULL;

	gomoku_board_init(&b, size);
	gomoku_pos_init(pos, &b, rules, GOMOKU_BLACK);
	for (char *v = strtok_r(copy, " ", &save); v; v = strtok_r(NULL, " ", &save)) {
		int p;

		assert_int_equal(gomoku_parse_vertex(&pos->b, v, &p), 0);
		gomoku_pos_put(pos, p);
	}
	free(copy);
}

static int feature(const char *name)
{
	for (int i = 0; i < GOMOKU_NFEATURES; i++)
		if (!strcmp(gomoku_feature_names[i], name))
			return i;
	fail_msg("no feature %s", name);
	return -1;
}

/* Black's open three G8 H8 J8 (white's stones far away), white to move:
 * black has two open-four points (F8, K8) and two four points (E8, L8)
 * in the group of the side waiting; white to move, the tempo is 1. */
static void test_features_known(void **state)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	int f[GOMOKU_NFEATURES];

	(void)state;
	play(pos, GOMOKU_FREESTYLE, 15, "G8 A1 H8 A15 J8");
	gomoku_features(pos, f);
	assert_int_equal(f[feature("their_flex4")], 2);
	assert_int_equal(f[feature("their_block4")], 2);
	assert_int_equal(f[feature("their_f4")], 2);
	assert_int_equal(f[feature("their_b4")], 2);
	assert_int_equal(f[feature("own_flex4")], 0);
	assert_int_equal(f[feature("own_five")], 0);
	assert_int_equal(f[feature("tempo")], 1);
	assert_true(gomoku_tune_quiet(pos));
	/* black to move with the open three: a win, not quiet */
	gomoku_pos_pass(pos);
	gomoku_features(pos, f);
	assert_int_equal(f[feature("own_flex4")], 2);
	assert_int_equal(f[feature("their_flex4")], 0);
	assert_false(gomoku_tune_quiet(pos));
	free(pos);
}

static long weighted(const struct gomoku_pos *pos)
{
	int f[GOMOKU_NFEATURES], (*counts)[GOMOKU_CODES] = xmalloc(2 * sizeof(*counts));
	long v = 0;

	gomoku_features(pos, f);
	for (int i = 0; i < GOMOKU_NFEATURES; i++)
		v += (long)f[i] * gomoku_weight(pos->rules, i);
	gomoku_code_counts(pos, counts);
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < GOMOKU_CODES; k++)
			v += (long)counts[role][k] * gomoku_code_weight(pos->rules, role, k);
	free(counts);
	return v;
}

/* The codes: GOMOKU_CODES distinct names of four patterns, strongest
 * first, the first all dead, the last four fives; every empty point has
 * one code per colour; the shipped freestyle and renju tables have codes, of points
 * that threaten nothing (the fit's rule), so that the evaluation test
 * below checks them too. */
static void test_codes(void **state)
{
	static const char *const order[] = { "DEAD", "B1", "F1", "B2", "F2",
					     "B3",   "F3", "B4", "F4", "F5" };
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	int (*counts)[GOMOKU_CODES] = xmalloc(2 * sizeof(*counts)), coded = 0, renju_coded = 0;
	char names[GOMOKU_CODES][32];

	(void)state;
	for (int k = 0; k < GOMOKU_CODES; k++) {
		int rank[4], n = 0;

		char copy[32], *save = NULL;

		gomoku_code_name(k, names[k], sizeof(names[k]));
		strcpy(copy, names[k]);
		for (char *w = strtok_r(copy, " ", &save); w && n < 4; w = strtok_r(NULL, " ", &save)) {
			rank[n] = -1;
			for (int i = 0; i < 10; i++)
				if (!strcmp(w, order[i]))
					rank[n] = i;
			assert_true(rank[n] >= 0);
			assert_true(n == 0 || rank[n] <= rank[n - 1]);
			n++;
		}
		assert_int_equal(n, 4);
		assert_int_equal(gomoku_code_strongest(k),
				 rank[0] ? GOMOKU_PAT_B1 + rank[0] - 1 : GOMOKU_PAT_DEAD);
		for (int j = 0; j < k; j++)
			assert_string_not_equal(names[j], names[k]);
		for (int role = 0; role < 2; role++)
			for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++)
				if (gomoku_code_weight(rules, role, k)) {
					assert_true(gomoku_code_strongest(k) <= GOMOKU_PAT_B3);
					coded += rules == GOMOKU_FREESTYLE;
					renju_coded += rules == GOMOKU_RENJU;
				}
	}
	assert_string_equal(names[0], "DEAD DEAD DEAD DEAD");
	assert_string_equal(names[GOMOKU_CODES - 1], "F5 F5 F5 F5");
	assert_true(coded > 100);
	assert_true(renju_coded > 100);
	play(pos, GOMOKU_FREESTYLE, 15, "G8 A1 H8 A15 J8");
	gomoku_code_counts(pos, counts);
	for (int role = 0; role < 2; role++) {
		int sum = 0;

		for (int k = 0; k < GOMOKU_CODES; k++)
			sum += counts[role][k];
		assert_int_equal(sum, 15 * 15 - 5);
	}
	free(counts);
	free(pos);
}

/* The incremental evaluation equals the weighted features recomputed from
 * the cells, for both sides to move, after random stones and takebacks. */
static void test_eval_is_weighted_features(void **state)
{
	static const int sizes[] = { 5, 8, 15, 19, 25 };
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));

	(void)state;
	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
			int size = sizes[si], stack[GOMOKU_MAX_CELLS], n = 0;
			struct gomoku_board b;
			struct rng r;

			rng_seed(&r, (uint64_t)(size * 7 + rules));
			gomoku_board_init(&b, size);
			gomoku_pos_init(pos, &b, rules, GOMOKU_BLACK);
			for (int i = 0; i < 300; i++) {
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
				for (int side = 0; side < 2; side++) {
					if (gomoku_pos_evaluate(pos) != weighted(pos))
						fail_msg("size %d rules %d step %d: %d, features %ld",
							 size, rules, i, gomoku_pos_evaluate(pos),
							 weighted(pos));
					gomoku_pos_pass(pos);
				}
			}
		}
	free(pos);
}

/* A game replayed, read GOMOKU_TUNE_STRIDE times: a row per quiet
 * position at one ply in STRIDE, the n-th game from ply n % STRIDE (so
 * together they take every quiet position once), its features those of
 * the position, its result turned for the side to move. */
static void test_add_line(void **state)
{
	struct gomoku_tune_set set = { 0 };
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	char why[128];
	static const char *const moves[] = { "H8", "J9", "H9", "J10", "H10", "J11", "H11" };
	int f[GOMOKU_NFEATURES];
	size_t row = 0, quiet = 0;

	(void)state;
	for (int g = 0; g < GOMOKU_TUNE_STRIDE; g++) {
		/* black wins with a five on H7..H11 */
		assert_int_equal(gomoku_tune_add_line("freestyle 15 ; H8 J9 H9 J10 H10 J11 H11 J12 "
						      "H7 ; 1",
						      &set, why, sizeof(why)),
				 0);
		assert_int_equal(set.games, g + 1);
		play(pos, GOMOKU_FREESTYLE, 15, "");
		for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++) {
			if (gomoku_tune_quiet(pos) && (i + (size_t)g) % GOMOKU_TUNE_STRIDE == 0) {
				gomoku_features(pos, f);
				assert_true(row < set.n);
				for (int k = 0; k < GOMOKU_NFEATURES; k++)
					assert_true(set.x[row * GOMOKU_NFEATURES + k] == f[k]);
				assert_true(set.y[row] == (pos->turn == GOMOKU_BLACK ? 1.0 : 0.0));
				assert_int_equal(set.rules[row], GOMOKU_FREESTYLE);
				row++;
			}
			quiet += g == 0 && gomoku_tune_quiet(pos);
			int p;
			assert_int_equal(gomoku_parse_vertex(&pos->b, moves[i], &p), 0);
			gomoku_pos_put(pos, p);
		}
		/* from here black has an open four or a four: nothing more is quiet */
		assert_int_equal(set.n, row);
	}
	assert_int_equal(set.n, quiet);
	assert_true(quiet >= 5);
	gomoku_tune_set_free(&set);
	free(pos);
}

/* Every error names itself and adds nothing. */
static void test_add_line_errors(void **state)
{
	static const struct {
		const char *line, *why;
	} bad[] = {
		{ "freestyle 15 ; H8 J9", "expected RULES SIZE ; MOVES ; RESULT" },
		{ "freestyle 15 ; H8 J9 ; 2", "result must be 1, 0.5 or 0" },
		{ "gomoku 15 ; H8 J9 ; 1", "rules must be freestyle, standard or renju" },
		{ "freestyle 4 ; H8 ; 1", "size must be a whole number 5..25" },
		{ "freestyle 15 16 ; H8 ; 1", "size must be a whole number 5..25" },
		{ "freestyle 15 ; H8 H8 ; 1", "illegal move H8" },
		{ "freestyle 15 ; H8 Z99 ; 1", "illegal move Z99" },
		{ "freestyle 15 ; A1 B1 A2 B2 A3 B3 A4 B4 A5 B5 ; 1", "a move after the game's end" },
		/* renju: black's double four on H8 is forbidden */
		{ "renju 15 ; F8 A1 G8 A3 J8 A5 H6 A7 H7 A9 H10 A11 H8 ; 1", "illegal move H8" },
	};
	struct gomoku_tune_set set = { 0 };
	char why[128], *long_line = xmalloc(GOMOKU_TUNE_LINE + 2);

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(gomoku_tune_add_line(bad[i].line, &set, why, sizeof(why)), -1);
		assert_string_equal(why, bad[i].why);
		assert_int_equal(set.n, 0);
		assert_int_equal(set.games, 0);
	}
	memset(long_line, 'x', GOMOKU_TUNE_LINE + 1);
	long_line[GOMOKU_TUNE_LINE + 1] = '\0';
	assert_int_equal(gomoku_tune_add_line(long_line, &set, why, sizeof(why)), -1);
	assert_string_equal(why, "line too long");
	free(long_line);
	gomoku_tune_set_free(&set);
}

/* Self-play: the same seed writes the same games; each reads back, and
 * its last move makes the five its result gives (or the board is full). */
static void test_selfplay(void **state)
{
	struct gomoku_selfplay sp = { .size = 9, .rules = GOMOKU_FREESTYLE, .games = 4,
				      .nodes = 300, .random_plies = 3, .seed = 5 };
	char *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;

	(void)state;
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		struct gomoku_tune_set set = { 0 };
		char why[128];
		FILE *fa = open_memstream(&a, &alen), *fb = open_memstream(&b, &blen);

		sp.rules = (enum gomoku_rules)rules;
		assert_int_equal(gomoku_tune_selfplay(&sp, fa), sp.games);
		assert_int_equal(gomoku_tune_selfplay(&sp, fb), sp.games);
		fclose(fa);
		fclose(fb);
		assert_string_equal(a, b);
		for (char *save = NULL, *line = strtok_r(a, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			assert_int_equal(strncmp(line, gomoku_rule_names[rules],
						 strlen(gomoku_rule_names[rules])),
					 0);
			assert_int_equal(gomoku_tune_add_line(line, &set, why, sizeof(why)), 0);
			const char *result = strrchr(line, ';') + 2;
			size_t nmoves = 1;
			for (const char *s = strchr(line, ';') + 2; *s != ';'; s++)
				nmoves += *s == ' ';
			nmoves--; /* the blank before the second ';' */
			if (strcmp(result, "0.5"))
				assert_int_equal(!strcmp(result, "1"), nmoves % 2 == 1);
		}
		assert_int_equal(set.games, sp.games);
		for (size_t i = 0; i < set.n; i++)
			assert_int_equal(set.rules[i], rules);
		gomoku_tune_set_free(&set);
		free(a);
		free(b);
		a = b = NULL;
	}
}

/* Fitted logits scaled to units (one logit GOMOKU_EVAL_SPREAD), kept
 * weights as given; the tables as written name every rules and feature. */
static void test_scale_and_write(void **state)
{
	double w[GOMOKU_NFEATURES];
	bool use[GOMOKU_NFEATURES];
	int keep[GOMOKU_NFEATURES], out[GOMOKU_RULES_COUNT][GOMOKU_NFEATURES];
	static const char *const macro[GOMOKU_RULES_COUNT] = {
		[GOMOKU_FREESTYLE] = "FREESTYLE", [GOMOKU_STANDARD] = "STANDARD",
		[GOMOKU_RENJU] = "RENJU",
	};
	int (*codes)[2][GOMOKU_CODES] = xcalloc(GOMOKU_RULES_COUNT, sizeof(*codes));
	char *text = NULL;
	size_t len = 0;

	(void)state;
	codes[GOMOKU_RENJU][1][7] = -12;
	codes[GOMOKU_RENJU][0][300] = 5;
	for (int i = 0; i < GOMOKU_NFEATURES; i++) {
		w[i] = 0.01 * i - 0.2;
		use[i] = i % 5 != 0;
		keep[i] = 1000 + i;
	}
	gomoku_tune_scale(w, use, keep, out[0]);
	for (int i = 0; i < GOMOKU_NFEATURES; i++) {
		assert_int_equal(out[0][i], use[i] ? (int)(w[i] * GOMOKU_EVAL_SPREAD +
							   (w[i] < 0 ? -0.5 : 0.5))
						   : 1000 + i);
		out[1][i] = 2000 + i;
		out[2][i] = -3000 - i;
	}
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(gomoku_tune_write_weights(f, out, (const int(*)[2][GOMOKU_CODES])codes,
						   "the note"),
			 0);
	fclose(f);
	assert_non_null(strstr(text, " * the note\n"));
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		char want[64];

		snprintf(want, sizeof(want), "#define GOMOKU_WEIGHTS_%s { \\\n", macro[rules]);
		const char *table = strstr(text, want);
		assert_non_null(table);
		for (int i = 0; i < GOMOKU_NFEATURES; i++) {
			snprintf(want, sizeof(want), "\t%d, /* %s */ \\\n", out[rules][i],
				 gomoku_feature_names[i]);
			assert_non_null(strstr(table, want));
		}
		/* codes: an entry for each non-zero one, in order, then the end */
		snprintf(want, sizeof(want), "#define GOMOKU_CODE_WEIGHTS_%s { \\\n", macro[rules]);
		table = strstr(text, want);
		assert_non_null(table);
		const char *entries = table + strlen(want), *end_mark = "\t{ -1, 0, 0 } \\\n}\n";
		char name[32], entry[2][96];

		gomoku_code_name(7, name, sizeof(name));
		snprintf(entry[0], sizeof(entry[0]), "\t{ 7, 0, -12 }, /* %s */ \\\n", name);
		gomoku_code_name(300, name, sizeof(name));
		snprintf(entry[1], sizeof(entry[1]), "\t{ 300, 5, 0 }, /* %s */ \\\n", name);
		if (rules == GOMOKU_RENJU)
			for (int e = 0; e < 2; entries += strlen(entry[e++]))
				assert_int_equal(strncmp(entries, entry[e], strlen(entry[e])), 0);
		assert_int_equal(strncmp(entries, end_mark, strlen(end_mark)), 0);
	}
	free(codes);
	free(text);
}

/* Labelled positions: from a self-play game, every quiet position one ply
 * in GOMOKU_TUNE_STRIDE as a line of the moves before it and black's rate
 * from the search's score (the same search run again gives it); each line
 * read back as one row, its result for the side to move. */
static void test_label(void **state)
{
	struct gomoku_selfplay sp = { .size = 9, .rules = GOMOKU_FREESTYLE, .games = 1,
				      .nodes = 300, .random_plies = 3, .seed = 9 };
	struct gomoku_label lb = { .nodes = 200, .every = 1 };
	struct gomoku_tune_set games = { 0 }, scored = { 0 };
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	char *game = NULL, *out = NULL, why[128];
	size_t glen = 0, olen = 0, n = 0;
	FILE *f = open_memstream(&game, &glen);

	(void)state;
	assert_int_equal(gomoku_tune_selfplay(&sp, f), 1);
	fclose(f);
	*strchr(game, '\n') = '\0';
	lb.out = open_memstream(&out, &olen);
	assert_int_equal(gomoku_tune_label_line(game, &lb, why, sizeof(why)), 0);
	fclose(lb.out);
	assert_int_equal(gomoku_tune_add_line(game, &games, why, sizeof(why)), 0);
	/* the same positions as the fit of games takes from the game */
	assert_int_equal(lb.written, (long)games.n);
	for (char *save = NULL, *line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		char moves[GOMOKU_TUNE_LINE];
		const char *semi = strchr(line, ';'), *last = strrchr(line, ';');
		struct search_info info = { 0 };
		double rate = strtod(last + 1, NULL), p;

		assert_int_equal(strncmp(line, "freestyle 9 ; ", 14), 0);
		snprintf(moves, sizeof(moves), "%.*s", (int)(last - semi - 3), semi + 2);
		assert_int_equal(strncmp(strchr(game, ';') + 2, moves, strlen(moves)), 0);
		play(pos, GOMOKU_FREESTYLE, 9, moves);
		struct search_limits lim = { .nodes = lb.nodes, .tt = search_tt_new(16) };
		assert_true(gomoku_search(&pos->b, pos->rules, pos->turn, &lim, &info) >= 0);
		search_tt_unref(lim.tt);
		p = info.score > GOMOKU_WIN_BOUND    ? 1
		    : info.score < -GOMOKU_WIN_BOUND ? 0
						     : 1 / (1 + exp(-info.score / 200.0));
		assert_true(fabs((pos->turn == GOMOKU_BLACK ? p : 1 - p) - rate) < 1e-4);
		assert_int_equal(gomoku_tune_add_position_line(line, &scored, why, sizeof(why)), 0);
		assert_int_equal(scored.n, n + 1);
		assert_true(fabs(scored.y[n] - (pos->turn == GOMOKU_BLACK ? rate : 1 - rate)) < 1e-12);
		assert_memory_equal(scored.x + n * GOMOKU_NFEATURES, games.x + n * GOMOKU_NFEATURES,
				    GOMOKU_NFEATURES * sizeof(double));
	}
	assert_int_equal(n, games.n);
	gomoku_tune_set_free(&games);
	gomoku_tune_set_free(&scored);
	free(game);
	free(out);
	free(pos);
}

/* A bad position line is refused with its reason; the set unchanged. */
static void test_position_line_errors(void **state)
{
	static const struct {
		const char *line, *why;
	} bad[] = {
		{ "freestyle 15 ; H8 J9", "expected RULES SIZE ; MOVES ; RATE" },
		{ "freestyle 15 ; H8 J9 ; 1.5", "rate must be a number from 0 to 1" },
		{ "freestyle 15 ; H8 J9 ; x", "rate must be a number from 0 to 1" },
		{ "gomoku 15 ; H8 J9 ; 1", "rules must be freestyle, standard or renju" },
		{ "freestyle 15 ; H8 H8 ; 0.25", "illegal move H8" },
	};
	struct gomoku_tune_set set = { 0 };
	char why[128];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(gomoku_tune_add_position_line(bad[i].line, &set, why, sizeof(why)),
				 -1);
		assert_string_equal(why, bad[i].why);
		assert_int_equal(set.n, 0);
	}
	assert_int_equal(gomoku_tune_add_position_line("freestyle 15 ; ; 0.25\n", &set, why,
						       sizeof(why)),
			 0);
	assert_int_equal(set.n, 1);
	assert_true(set.y[0] == 0.25); /* black to move on the empty board */
	gomoku_tune_set_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_features_known),
		cmocka_unit_test(test_eval_is_weighted_features),
		cmocka_unit_test(test_add_line),
		cmocka_unit_test(test_add_line_errors),
		cmocka_unit_test(test_selfplay),
		cmocka_unit_test(test_scale_and_write),
		cmocka_unit_test(test_codes),
		cmocka_unit_test(test_label),
		cmocka_unit_test(test_position_line_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
