/* Unit tests of the Ataxx evaluation tuner's pieces (ataxx_tune.h): the
 * logistic fit recovers known weights from synthetic data (exactly from
 * exact probabilities, closely from sampled results), dropped features
 * stay 0 and a singular system is refused; scaling to engine units; the
 * weights table as written; data lines parsed (features of a known
 * position under both rules, the result turned for o to move, a gap
 * counted as an edge, every error); the evaluation is the weighted
 * features, and a walled-in opponent's empties count under yinyang;
 * self-play writes lines that read back, the same for the same seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx.h"
#include "games/ataxx/ataxx_tune.h"
#include "util/logistic.h"
#include "util/rng.h"
#include "util/xalloc.h"

#define K 4

static const double true_w[K] = { 0.3, -0.7, 1.2, 0.05 };

/* n rows of K synthetic features: a constant 1, then small integers
 * (-5..5, -5..5, -20..20); y[r] the model's probability, or a result drawn
 * from it when sampled. */
static void synthetic(size_t n, bool sampled, double *x, double *y)
{
	struct rng r;

	rng_seed(&r, 42);
	for (size_t i = 0; i < n; i++) {
		double *row = x + i * K, z = 0;

		row[0] = 1;
		row[1] = (double)rng_below(&r, 11) - 5;
		row[2] = (double)rng_below(&r, 11) - 5;
		row[3] = (double)rng_below(&r, 41) - 20;
		for (int j = 0; j < K; j++)
			z += true_w[j] * row[j];
		double p = 1 / (1 + exp(-z));
		y[i] = sampled ? (double)(rng_next(&r) >> 11) / 9007199254740992.0 < p : p;
	}
}

static void test_fit_exact(void **state)
{
	size_t n = 2000;
	double *x = xmalloc(n * K * sizeof(*x)), *y = xmalloc(n * sizeof(*y)), w[K];

	(void)state;
	synthetic(n, false, x, y);
	int steps = logistic_fit(x, y, n, K, NULL, 0, w);
	assert_true(steps > 1 && steps < 100);
	for (int j = 0; j < K; j++)
		assert_true(fabs(w[j] - true_w[j]) < 1e-6);
	/* the fit's loss is the least: any move raises it */
	double best = logistic_loss(x, y, n, K, w);
	w[1] += 0.01;
	assert_true(logistic_loss(x, y, n, K, w) > best);
	free(x);
	free(y);
}

static void test_fit_sampled(void **state)
{
	size_t n = 40000;
	double *x = xmalloc(n * K * sizeof(*x)), *y = xmalloc(n * sizeof(*y)), w[K];

	(void)state;
	synthetic(n, true, x, y);
	assert_true(logistic_fit(x, y, n, K, NULL, 1e-6, w) > 0);
	for (int j = 0; j < K; j++)
		assert_true(fabs(w[j] - true_w[j]) < 0.06);
	free(x);
	free(y);
}

static void test_fit_drop_and_singular(void **state)
{
	size_t n = 2000;
	double *x = xmalloc(n * K * sizeof(*x)), *y = xmalloc(n * sizeof(*y)), w[K];
	bool use[K] = { true, true, true, false };

	(void)state;
	synthetic(n, false, x, y);
	assert_true(logistic_fit(x, y, n, K, use, 0, w) > 0);
	assert_true(w[3] == 0);
	assert_true(w[2] > 1); /* the rest still carries the signal */
	for (size_t i = 0; i < n; i++)
		x[i * K + 3] = 0; /* a feature never set: no weight fits it */
	assert_int_equal(logistic_fit(x, y, n, K, NULL, 0, w), -1);
	assert_true(logistic_fit(x, y, n, K, NULL, 1e-6, w) > 0);
	assert_true(fabs(w[3]) < 1e-9);
	free(x);
	free(y);
}

static void test_scale(void **state)
{
	double w[ATAXX_NFEATURES] = { 0 };
	int out[ATAXX_NFEATURES];

	(void)state;
	w[ATAXX_F_MATERIAL] = 0.5;
	w[ATAXX_F_SAFE] = 0.1;
	w[ATAXX_F_TEMPO] = -0.126;
	assert_int_equal(ataxx_tune_scale(w, out), 0);
	assert_int_equal(out[ATAXX_F_MATERIAL], ATAXX_PIECE);
	assert_int_equal(out[ATAXX_F_SAFE], 20);
	assert_int_equal(out[ATAXX_F_TEMPO], -25);
	assert_int_equal(out[ATAXX_F_MOBILITY], 0);
	w[ATAXX_F_MATERIAL_LATE] = 0.05; /* a piece is now 0.5 + 8 x 0.05 */
	assert_int_equal(ataxx_tune_scale(w, out), 0);
	assert_int_equal(out[ATAXX_F_MATERIAL], 56);
	assert_int_equal(out[ATAXX_F_MATERIAL_LATE], 6);
	assert_int_equal(out[ATAXX_F_SAFE], 11);
	w[ATAXX_F_MATERIAL] = -0.4;
	assert_int_equal(ataxx_tune_scale(w, out), -1);
}

static void test_write_weights(void **state)
{
	int weights[2][ATAXX_NFEATURES] = { { 0 } };
	char text[4096];
	FILE *f = tmpfile();

	(void)state;
	weights[0][ATAXX_F_MATERIAL] = 90;
	weights[1][ATAXX_F_MATERIAL] = 100;
	weights[1][ATAXX_F_THREAT_THEM] = -7;
	assert_non_null(f);
	assert_int_equal(ataxx_tune_write_weights(f, weights, "a note"), 0);
	rewind(f);
	size_t len = fread(text, 1, sizeof(text) - 1, f);
	text[len] = '\0';
	fclose(f);
	assert_non_null(strstr(text, "(doc/ataxx-tuning.md):\n * a note\n"));
	const char *yy = strstr(text, "#define ATAXX_WEIGHTS_YINYANG \\\n\t[ATAXX_F_MATERIAL] = 90, \\\n");
	const char *std = strstr(text, "#define ATAXX_WEIGHTS_STANDARD \\\n\t[ATAXX_F_MATERIAL] = 100, \\\n");
	assert_true(yy && std && yy < std);
	assert_non_null(strstr(std, "\t[ATAXX_F_THREAT_THEM] = -7, \\\n"));
	assert_non_null(strstr(yy, "\t[ATAXX_F_YY_STUCK] = 0,\n\n#define"));
	assert_non_null(strstr(std, "\t[ATAXX_F_YY_STUCK] = 0,\n\n#endif\n"));
}

/* A 5x5 position: x at a1, o at a5 walled in by gaps (it reaches no
 * square); 15 empty squares. */
#define WALLED "o--2/---2/---2/5/x4"

static void test_parse_known(void **state)
{
	double x[ATAXX_NFEATURES], y;
	bool standard;
	char err[128];

	(void)state;
	assert_int_equal(ataxx_tune_parse(WALLED " x 0 1 ; yinyang ; 1", x, &y, &standard, err, sizeof(err)), 0);
	assert_true(y == 1 && !standard);
	assert_true(x[ATAXX_F_MATERIAL] == 0);
	assert_true(x[ATAXX_F_SAFE] == 0);         /* neither can be turned */
	assert_true(x[ATAXX_F_MOBILITY] == 5);     /* a2 b2 c2 b1 c1 */
	assert_true(x[ATAXX_F_CLONES] == 3);       /* a2 b2 b1 */
	assert_true(x[ATAXX_F_FRONTIER] == 1);     /* a1; a5 touches gaps only */
	assert_true(x[ATAXX_F_TEMPO] == 1);
	assert_true(x[ATAXX_F_THREAT] == 0);
	assert_true(x[ATAXX_F_THREAT_THEM] == 0);
	assert_true(x[ATAXX_F_PARITY] == 1);       /* 5 squares in reach: odd */
	assert_true(x[ATAXX_F_EDGE] == 0);         /* a1 and a5 both on the edge */
	assert_true(x[ATAXX_F_YY_STUCK] == 15);
	/* standard rules: no yinyang terms; the result for o to move turns */
	assert_int_equal(ataxx_tune_parse(WALLED " x ; standard ; 0.5", x, &y, &standard, err, sizeof(err)), 0);
	assert_true(y == 0.5 && standard && x[ATAXX_F_YY_STUCK] == 0);
	assert_int_equal(ataxx_tune_parse(WALLED " o ; standard ; 1", x, &y, &standard, err, sizeof(err)), 0);
	assert_true(y == 0 && x[ATAXX_F_MOBILITY] == -5 && x[ATAXX_F_PARITY] == 1);
	/* material counts more as the board fills: 16 x 2 x 4 / 25 */
	assert_int_equal(ataxx_tune_parse("xxx2/5/5/5/o4 x ; standard ; 1", x, &y, &standard,
					  err, sizeof(err)), 0);
	assert_true(x[ATAXX_F_MATERIAL] == 2 && x[ATAXX_F_MATERIAL_LATE] == 5);
	assert_true(x[ATAXX_F_EDGE] == 2); /* a5 b5 c5 against a1 */
	/* a gap is an edge too (d3 next to the gap c2); b4 and d4 are inside */
	assert_int_equal(ataxx_tune_parse("5/1x1o1/3x1/2-2/5 x ; standard ; 1", x, &y, &standard,
					  err, sizeof(err)), 0);
	assert_true(x[ATAXX_F_EDGE] == 1);
	/* the Ataxx start: everything even but the tempo */
	assert_int_equal(ataxx_tune_parse("x5o/7/7/7/7/7/o5x x 0 1;standard;0", x, &y, &standard,
					  err, sizeof(err)), 0);
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		assert_true(x[i] == (i == ATAXX_F_TEMPO));
}

static struct axw_pos position(const char *fen, bool standard)
{
	char buf[256], *words[8], *save = NULL, err[128];
	int n = 0, size;
	struct axw_pos pos;

	snprintf(buf, sizeof(buf), "%s", fen);
	for (char *w = strtok_r(buf, " ", &save); w && n < 8; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	if (ataxx_parse_fen(n, words, &size, &pos, err, sizeof(err)) < 0)
		fail_msg("%s: %s", fen, err);
	pos.standard = standard;
	return pos;
}

/* The evaluation is the weighted sum of the features (the search's own
 * forms and ataxx_features agree), and under yinyang a walled-in
 * opponent hands its empties to the side to move: yy_stuck is worth its
 * weight a square. */
static void test_eval_weighs_features(void **state)
{
	static const char *const fens[] = {
		WALLED " x", "x5o/7/7/7/7/7/o5x x", "xxx2/5/5/5/o4 x", "x1o4/1xo4/2x4/7/3-3/7/o5x o",
		"x7o/9/2-3--1/9/4x4/9/1--3-2/9/o7x o", "x11o/13/13/3-9/13/13/13/13/13/9-3/13/1o11/o11x x",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(fens) / sizeof(fens[0]); i++)
		for (int standard = 0; standard < 2; standard++) {
			struct axw_pos pos = position(fens[i], standard);
			int f[ATAXX_NFEATURES], v = 0;

			ataxx_features(&pos, f);
			for (int k = 0; k < ATAXX_NFEATURES; k++)
				v += ataxx_weights[standard][k] * f[k];
			assert_int_equal(ataxx_evaluate(&pos), v);
		}
	/* the walled-in opponent's 15 empty squares, under yinyang only */
	struct axw_pos yy = position(WALLED " x", false), std = position(WALLED " x", true);
	int f[ATAXX_NFEATURES], without = 0;
	ataxx_features(&yy, f);
	for (int k = 0; k < ATAXX_NFEATURES; k++)
		without += k == ATAXX_F_YY_STUCK ? 0 : ataxx_weights[0][k] * f[k];
	assert_int_equal(ataxx_evaluate(&yy) - without, 15 * ataxx_weights[0][ATAXX_F_YY_STUCK]);
	ataxx_features(&std, f);
	assert_int_equal(f[ATAXX_F_YY_STUCK], 0);
}

static void test_parse_errors(void **state)
{
	static const struct {
		const char *line, *err;
	} bad[] = {
		{ "x5o/7/7/7/7/7/o5x x ; standard", "expected FEN ; RULES ; RESULT" },
		{ "x5o/7/7/7/7/7/o5x x ; go ; 1", "rules must be standard or yinyang" },
		{ "x5o/7/7/7/7/7/o5x x ; standard yinyang ; 1", "rules must be standard or yinyang" },
		{ "x5o/7/7/7/7/7/o5x x ; standard ; 0.7", "result must be 1, 0.5 or 0" },
		{ "x5o/7/7/7/7/7/o5x x ; standard ; 1 1", "result must be 1, 0.5 or 0" },
		{ "x5o/7/7/7/7/7/o5x x ; standard ;", "result must be 1, 0.5 or 0" },
		{ "x5o/7/7/7/7/7/o5x x 0 1 a b c d e ; standard ; 1", "too many FEN words" },
		{ WALLED " o ; yinyang ; 1", "the game is over in that position" },
	};
	double x[ATAXX_NFEATURES], y;
	bool standard;
	char err[128], line[ATAXX_TUNE_LINE + 8];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(ataxx_tune_parse(bad[i].line, x, &y, &standard, err, sizeof(err)), -1);
		assert_string_equal(err, bad[i].err);
	}
	assert_int_equal(ataxx_tune_parse("x5z/7 x ; standard ; 1", x, &y, &standard, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "invalid fen"));
	memset(line, 'x', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	assert_int_equal(ataxx_tune_parse(line, x, &y, &standard, err, sizeof(err)), -1);
	assert_string_equal(err, "line too long");
}

static void test_read_errors(void **state)
{
	struct ataxx_tune_set set = { 0 };
	char err[128];
	FILE *f = tmpfile();

	(void)state;
	fputs("# a comment\n\nx5o/7/7/7/7/7/o5x x ; standard ; 1\n", f);
	fputs("x5o/7/7/7/7/7/o5x o ; standard ; 2\n", f);
	rewind(f);
	assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), -1);
	assert_string_equal(err, "line 4: result must be 1, 0.5 or 0");
	assert_int_equal(set.n, 1);
	fclose(f);
	ataxx_tune_set_free(&set);
}

static char *selfplay_text(uint64_t seed, bool standard, long *lines)
{
	struct ataxx_selfplay sp = { .size = 5, .standard = standard, .games = 3, .nodes = 200,
				     .random_plies = 4, .margin = 300, .seed = seed };
	FILE *f = tmpfile();
	long size;

	*lines = ataxx_tune_selfplay(&sp, f);
	size = ftell(f);
	rewind(f);
	char *text = xmalloc((size_t)size + 1);
	assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
	text[size] = '\0';
	fclose(f);
	return text;
}

static void test_selfplay(void **state)
{
	(void)state;
	for (int standard = 0; standard < 2; standard++) {
		long lines, again;
		char *a = selfplay_text(7, standard, &lines), *b = selfplay_text(7, standard, &again);
		struct ataxx_tune_set set = { 0 };
		char err[128];

		assert_true(lines > 10);
		assert_int_equal(lines, again);
		assert_string_equal(a, b);
		assert_non_null(strstr(a, standard ? " ; standard ; " : " ; yinyang ; "));
		FILE *f = fmemopen(a, strlen(a), "r");
		assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), 0);
		fclose(f);
		assert_int_equal(set.n, lines);
		for (size_t i = 0; i < set.n; i++)
			assert_true(set.y[i] == 0 || set.y[i] == 0.5 || set.y[i] == 1);
		ataxx_tune_set_free(&set);
		free(a);
		free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_exact),
		cmocka_unit_test(test_fit_sampled),
		cmocka_unit_test(test_fit_drop_and_singular),
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_write_weights),
		cmocka_unit_test(test_parse_known),
		cmocka_unit_test(test_eval_weighs_features),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_selfplay),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
