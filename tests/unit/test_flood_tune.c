/* Unit tests of the Flood evaluation tuner's pieces (flood_tune.h): the
 * logistic fit recovers known weights from positions whose results follow
 * a known relation of their features; scaling to engine units; the
 * weights table as written; data lines parsed (the result turned for
 * white to move, every error with its line number); the evaluation is the
 * weighted features; self-play writes lines that read back, the same for
 * the same seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/flood_tune.h"
#include "util/logistic.h"
#include "util/rng.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

/* A synthetic relation: P(side to move wins) from the features. */
static const double true_w[FLOOD_NFEATURES] = {
	[FLOOD_F_REACH] = 0.25,   [FLOOD_F_NEAR] = 0.1,     [FLOOD_F_OWNED] = -0.05,
	[FLOOD_F_FRONT] = 0.08,   [FLOOD_F_MOBILITY] = -0.3, [FLOOD_F_CAPTURE] = 0.04,
	[FLOOD_F_TEMPO] = 0.2,    [FLOOD_F_ROLLOUT] = 0.03,
};

/* The data lines of every position of random games on 10x10/4 boards
 * into set, each with the relation's probability as its result. */
static void synthetic_set(struct flood_tune_set *set, int games)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	char line[FLOOD_TUNE_LINE], moves[512], err[128];
	struct rng r;

	rng_seed(&r, 5);
	for (int g = 0; g < games; g++) {
		struct rng br;
		int n = 0;

		rng_seed(&br, (uint64_t)g + 100);
		flood_board_init(b, 10, 10, 4);
		flood_board_randomize(b, &br);
		flood_pos_init(p, b, COLOR_BLACK);
		while (!p->over) {
			double *x = set->x + set->n * FLOOD_NFEATURES, z = 0;

			moves[n] = '\0';
			snprintf(line, sizeof(line), "10x10/4 %d %s ; 1\n", g + 100, n ? moves : "-");
			assert_int_equal(flood_tune_parse(line, x, &set->y[set->n], err, sizeof(err)), 0);
			for (int i = 0; i < FLOOD_NFEATURES; i++)
				z += true_w[i] * x[i];
			set->y[set->n++] = 1 / (1 + exp(-z));
			int c = flood_random(p, b, &r);
			moves[n++] = (char)('0' + c);
			flood_pos_play(p, b, c);
		}
	}
	free(b);
	free(p);
}

static void test_fit_known_relation(void **state)
{
	struct flood_tune_set set = { 0 };
	double w[FLOOD_NFEATURES];
	int out[FLOOD_NFEATURES];

	(void)state;
	set.cap = 40 * 200;
	set.x = xmalloc(set.cap * FLOOD_NFEATURES * sizeof(double));
	set.y = xmalloc(set.cap * sizeof(double));
	synthetic_set(&set, 40);
	assert_true(set.n > 300);
	int steps = logistic_fit(set.x, set.y, set.n, FLOOD_NFEATURES, NULL, 0, w);
	assert_true(steps > 1 && steps < 100);
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		assert_true(fabs(w[i] - true_w[i]) < 1e-5);
	assert_int_equal(flood_tune_scale(w, out), 0);
	assert_int_equal(out[FLOOD_F_REACH], FLOOD_REACH_UNIT);
	assert_int_equal(out[FLOOD_F_MOBILITY], -307); /* -0.3 / 0.25 * 256 */
	assert_int_equal(out[FLOOD_F_NEAR], 102);
	/* a dropped feature stays 0 */
	bool use[FLOOD_NFEATURES];
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		use[i] = i != FLOOD_F_NEAR;
	assert_true(logistic_fit(set.x, set.y, set.n, FLOOD_NFEATURES, use, 0, w) > 0);
	assert_true(w[FLOOD_F_NEAR] == 0);
	w[FLOOD_F_REACH] = -1;
	assert_int_equal(flood_tune_scale(w, out), -1);
	flood_tune_set_free(&set);
}

static char *read_all(FILE *f)
{
	long len;
	char *text;

	fflush(f);
	len = ftell(f);
	rewind(f);
	text = xmalloc((size_t)len + 1);
	assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
	text[len] = '\0';
	return text;
}

static void test_write_weights(void **state)
{
	const int w[FLOOD_NFEATURES] = { 256, 10, -3, 4, 5, 6, 7, 8 };
	FILE *f = tmpfile();

	(void)state;
	assert_int_equal(flood_tune_write_weights(f, w, "a note"), 0);
	char *text = read_all(f);
	assert_non_null(strstr(text, " * a note\n"));
	assert_non_null(strstr(text, "#define FLOOD_WEIGHTS \\\n\t[FLOOD_F_REACH] = 256, \\\n"));
	assert_non_null(strstr(text, "\t[FLOOD_F_OWNED] = -3, \\\n"));
	assert_non_null(strstr(text, "\t[FLOOD_F_TEMPO] = 7, \\\n"));
	assert_non_null(strstr(text, "\t[FLOOD_F_ROLLOUT] = 8\n\n#endif\n"));
	free(text);
	fclose(f);
}

/* "6x6/3 1 MOVES ; 1": the moves of a greedy game to its end, and one
 * more when extra. */
static void ended_game_line(bool extra, char *line, size_t len)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	char moves[128];
	int n = 0;
	struct rng r;

	rng_seed(&r, 1);
	flood_board_init(b, 6, 6, 3);
	flood_board_randomize(b, &r);
	flood_pos_init(p, b, COLOR_BLACK);
	while (!p->over) {
		int c = flood_greedy(p, b);
		moves[n++] = (char)('0' + c);
		flood_pos_play(p, b, c);
	}
	if (extra)
		moves[n++] = '1';
	moves[n] = '\0';
	snprintf(line, len, "6x6/3 1 %s ; 1", moves);
	free(b);
	free(p);
}

static void test_parse(void **state)
{
	double x[FLOOD_NFEATURES], y, x2[FLOOD_NFEATURES];
	char err[128], line[256];

	(void)state;
	assert_int_equal(flood_tune_parse("12x12/4 7 - ; 1\n", x, &y, err, sizeof(err)), 0);
	assert_true(y == 1);
	assert_true(x[FLOOD_F_OWNED] == 0 && x[FLOOD_F_TEMPO] == 1);
	/* after one move white is to move: the result turns */
	assert_int_equal(flood_tune_parse("12x12/4 7 3 ; 1", x2, &y, err, sizeof(err)), 0);
	assert_true(y == 0);
	assert_int_equal(flood_tune_parse("12x12/4 7 3 ; 0.5", x2, &y, err, sizeof(err)), 0);
	assert_true(y == 0.5);
	static const struct {
		const char *line, *why;
	} bad[] = {
		{ "12x12/4 7 - 1", "expected WxH/C SEED MOVES ; RESULT" },
		{ "12x12/4 7 ; 1", "expected WxH/C SEED MOVES ; RESULT" },
		{ "12x12/4 7 - x ; 1", "expected WxH/C SEED MOVES ; RESULT" },
		{ "12x1/4 7 - ; 1", "unacceptable shape" },
		{ "12x12/10 7 - ; 1", "unacceptable shape" },
		{ "12x12/4 7 35 ; 2", "result must be 1, 0.5 or 0" },
		{ "12x12/4 7 15 ; 1", "moves must be colours 1..C, or -" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (flood_tune_parse(bad[i].line, x, &y, err, sizeof(err)) != -1)
			fail_msg("accepted: %s", bad[i].line);
		assert_string_equal(err, bad[i].why);
	}
	ended_game_line(false, line, sizeof(line));
	assert_int_equal(flood_tune_parse(line, x, &y, err, sizeof(err)), -1);
	assert_string_equal(err, "the game is over in that position");
	ended_game_line(true, line, sizeof(line));
	assert_int_equal(flood_tune_parse(line, x, &y, err, sizeof(err)), -1);
	assert_string_equal(err, "the game is over before the last move");
}

/* read numbers its lines and skips comments and blank lines. */
static void test_read(void **state)
{
	struct flood_tune_set set = { 0 };
	char err[128];
	FILE *f = tmpfile();

	(void)state;
	fputs("# a comment\n\n12x12/4 7 - ; 1\n12x12/4 7 3 ; 0\n12x12/4 7 3 ; 3\n", f);
	rewind(f);
	assert_int_equal(flood_tune_read(f, &set, err, sizeof(err)), -1);
	assert_string_equal(err, "line 5: result must be 1, 0.5 or 0");
	assert_int_equal(set.n, 2);
	assert_true(set.y[0] == 1 && set.y[1] == 1);
	flood_tune_set_free(&set);
	fclose(f);
}

/* The evaluation is the weighted features, in 1/16 squares. */
static void test_evaluation_is_weighted_features(void **state)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	struct rng r;

	(void)state;
	rng_seed(&r, 3);
	flood_board_init(b, 20, 20, 6);
	flood_board_randomize(b, &r);
	flood_pos_init(p, b, COLOR_BLACK);
	while (!p->over) {
		int f[FLOOD_NFEATURES], sum = 0;

		flood_features(p, b, NULL, f);
		for (int i = 0; i < FLOOD_NFEATURES; i++)
			sum += flood_weights[i] * f[i];
		assert_int_equal(flood_evaluate(p, b), sum / (FLOOD_REACH_UNIT / FLOOD_EVAL_SCALE));
		assert_true(f[FLOOD_F_CAPTURE] >= -p->nfree && f[FLOOD_F_CAPTURE] <= p->nfree);
		flood_pos_play(p, b, flood_greedy(p, b));
	}
	free(b);
	free(p);
}

static void test_selfplay(void **state)
{
	struct flood_selfplay sp = { .width = 8, .height = 8, .ncolors = 4, .games = 3,
				     .nodes = 200, .random_plies = 2, .margin = 32, .seed = 9 };
	struct flood_tune_set set = { 0 };
	char err[128];
	FILE *a = tmpfile(), *b = tmpfile();

	(void)state;
	long n = flood_tune_selfplay(&sp, a);
	assert_true(n > 0);
	assert_int_equal(flood_tune_selfplay(&sp, b), n);
	char *ta = read_all(a), *tb = read_all(b);
	assert_string_equal(ta, tb);
	rewind(a);
	assert_int_equal(flood_tune_read(a, &set, err, sizeof(err)), 0);
	assert_int_equal(set.n, (size_t)n);
	free(ta);
	free(tb);
	flood_tune_set_free(&set);
	fclose(a);
	fclose(b);
	/* with no random opening and every position quiet, the first one is
	 * written, its moves as "-" */
	sp = (struct flood_selfplay){ .width = 20, .height = 20, .ncolors = 6, .games = 1,
				      .nodes = 200, .margin = 100000, .seed = 9 };
	a = tmpfile();
	assert_true(flood_tune_selfplay(&sp, a) > 0);
	ta = read_all(a);
	assert_non_null(strstr(ta, " - ; "));
	assert_int_equal(strncmp(ta, "20x20/6 ", 8), 0);
	free(ta);
	fclose(a);
}

/* The tuners' shared options: a seed is a whole number; --drop takes
 * known features other than the fixed one, and a bad name drops nothing
 * after it. */
static void test_options(void **state)
{
	bool use[FLOOD_NFEATURES];
	uint64_t seed = 7;
	char good[] = "near,tempo", fixed[] = "near,reach", unknown[] = "bogus";

	(void)state;
	assert_true(tune_parse_seed("18446744073709551615", &seed));
	assert_true(seed == UINT64_MAX);
	assert_false(tune_parse_seed("12x", &seed));
	assert_false(tune_parse_seed("", &seed));
	assert_false(tune_parse_seed("18446744073709551616", &seed));
	assert_true(seed == UINT64_MAX);
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		use[i] = true;
	assert_true(tune_parse_drop("test", good, flood_feature_names, FLOOD_NFEATURES,
				    FLOOD_F_REACH, use));
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		assert_int_equal(use[i], strcmp(flood_feature_names[i], "near") &&
						 strcmp(flood_feature_names[i], "tempo"));
	assert_false(tune_parse_drop("test", fixed, flood_feature_names, FLOOD_NFEATURES,
				     FLOOD_F_REACH, use));
	assert_true(use[FLOOD_F_REACH]);
	assert_false(tune_parse_drop("test", unknown, flood_feature_names, FLOOD_NFEATURES,
				     FLOOD_F_REACH, use));
	assert_int_equal(tune_feature_index("test", flood_feature_names, FLOOD_NFEATURES,
					    FLOOD_F_REACH, "tempo") >= 0, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_known_relation),
		cmocka_unit_test(test_write_weights),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_evaluation_is_weighted_features),
		cmocka_unit_test(test_selfplay),
		cmocka_unit_test(test_options),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
