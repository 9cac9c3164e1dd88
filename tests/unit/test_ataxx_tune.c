/* Unit tests of the Ataxx evaluation tuner's pieces (ataxx_tune.h): the
 * logistic fit recovers known weights from synthetic data (exactly from
 * exact probabilities, closely from sampled results), dropped features
 * stay 0 and a singular system is refused; scaling to engine units; the
 * weights table as written; data lines parsed (features of a known
 * position under both rules, the result turned for o to move, a gap
 * counted as an edge, every error); the evaluation is the weighted
 * features, and a walled-in opponent's empties count under yinyang;
 * positions labelled with search scores, written and read back;
 * self-play writes game lines that read back, the same for the same seed;
 * game lines replayed into rows (one in `every`), bad ones refused; the
 * sparse fit on a synthetic set with a known answer, equal to the dense
 * fit to the last bit. */
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
#include "games/ataxx/ataxx_search.h"
#include "games/ataxx/ataxx_tuple.h"
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
	int16_t (*tuples)[ATAXX_TUPLE_INDICES] = xcalloc(2, sizeof(*tuples));
	char *text = xmalloc(1 << 17);
	FILE *f = tmpfile();

	(void)state;
	weights[0][ATAXX_F_MATERIAL] = 90;
	weights[1][ATAXX_F_MATERIAL] = 100;
	weights[1][ATAXX_F_THREAT_THEM] = -7;
	tuples[1][1] = -3;
	tuples[1][17] = 250;
	assert_non_null(f);
	assert_int_equal(ataxx_tune_write_weights(f, weights, (const int16_t(*)[ATAXX_TUPLE_INDICES])tuples,
						  "a note"), 0);
	rewind(f);
	size_t len = fread(text, 1, (1 << 17) - 1, f);
	text[len] = '\0';
	fclose(f);
	assert_non_null(strstr(text, "(doc/ataxx-tuning.md):\n * a note\n"));
	const char *yy = strstr(text, "#define ATAXX_WEIGHTS_YINYANG \\\n\t[ATAXX_F_MATERIAL] = 90, \\\n");
	const char *std = strstr(text, "#define ATAXX_WEIGHTS_STANDARD \\\n\t[ATAXX_F_MATERIAL] = 100, \\\n");
	assert_true(yy && std && yy < std);
	assert_non_null(strstr(std, "\t[ATAXX_F_THREAT_THEM] = -7, \\\n"));
	assert_non_null(strstr(yy, "\t[ATAXX_F_YY_STUCK] = 0,\n\n#define"));
	assert_non_null(strstr(std, "\t[ATAXX_F_YY_STUCK] = 0,\n\n#define ATAXX_TUPLES_YINYANG_ON 0\n"
				    "#define ATAXX_TUPLES_YINYANG 0\n\n"
				    "#define ATAXX_TUPLES_STANDARD_ON 1\n#define ATAXX_TUPLES_STANDARD \\\n"
				    "\t0, -3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, \\\n\t0, 250, 0,"));
	assert_non_null(strstr(std, "\t0,\n\n#endif\n")); /* 6561 = 16 x 410 + 1 */
	free(text);
	free(tuples);
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
	assert_int_equal(ataxx_tune_parse(WALLED " x 0 1 ; yinyang ; 1", x, &y, &standard, NULL, err, sizeof(err)), 0);
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
	assert_int_equal(ataxx_tune_parse(WALLED " x ; standard ; 0.5", x, &y, &standard, NULL, err, sizeof(err)), 0);
	assert_true(y == 0.5 && standard && x[ATAXX_F_YY_STUCK] == 0);
	assert_int_equal(ataxx_tune_parse(WALLED " o ; standard ; 1", x, &y, &standard, NULL, err, sizeof(err)), 0);
	assert_true(y == 0 && x[ATAXX_F_MOBILITY] == -5 && x[ATAXX_F_PARITY] == 1);
	/* a label between the results, turned for o to move as well */
	assert_int_equal(ataxx_tune_parse(WALLED " o ; standard ; 0.75", x, &y, &standard, NULL, err, sizeof(err)), 0);
	assert_true(y == 0.25);
	/* material counts more as the board fills: 16 x 2 x 4 / 25 */
	assert_int_equal(ataxx_tune_parse("xxx2/5/5/5/o4 x ; standard ; 1", x, &y, &standard,
					  NULL, err, sizeof(err)), 0);
	assert_true(x[ATAXX_F_MATERIAL] == 2 && x[ATAXX_F_MATERIAL_LATE] == 5);
	assert_true(x[ATAXX_F_EDGE] == 2); /* a5 b5 c5 against a1 */
	/* a gap is an edge too (d3 next to the gap c2); b4 and d4 are inside */
	assert_int_equal(ataxx_tune_parse("5/1x1o1/3x1/2-2/5 x ; standard ; 1", x, &y, &standard,
					  NULL, err, sizeof(err)), 0);
	assert_true(x[ATAXX_F_EDGE] == 1);
	/* the Ataxx start: everything even but the tempo */
	assert_int_equal(ataxx_tune_parse("x5o/7/7/7/7/7/o5x x 0 1;standard;0", x, &y, &standard,
					  NULL, err, sizeof(err)), 0);
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
 * forms and ataxx_features agree) and the tuple table where it is on, and
 * under yinyang a walled-in
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
			assert_int_equal(ataxx_evaluate_with(&pos, NULL), v);
			/* and the rules' tuple table on top, when it is on */
			assert_int_equal(ataxx_evaluate(&pos),
					 ataxx_evaluate_with(&pos, ataxx_tuple_on[standard]
									   ? ataxx_tuple_weights[standard]
									   : NULL));
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
		{ "x5o/7/7/7/7/7/o5x x ; standard ; 1.5", "result must be a number from 0 to 1" },
		{ "x5o/7/7/7/7/7/o5x x ; standard ; -0.1", "result must be a number from 0 to 1" },
		{ "x5o/7/7/7/7/7/o5x x ; standard ; 1 1", "result must be a number from 0 to 1" },
		{ "x5o/7/7/7/7/7/o5x x ; standard ;", "result must be a number from 0 to 1" },
		{ "x5o/7/7/7/7/7/o5x x 0 1 a b c d e ; standard ; 1", "too many FEN words" },
		{ WALLED " o ; yinyang ; 1", "the game is over in that position" },
	};
	double x[ATAXX_NFEATURES], y;
	bool standard;
	char err[128], line[ATAXX_TUNE_LINE + 8];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(ataxx_tune_parse(bad[i].line, x, &y, &standard, NULL, err, sizeof(err)), -1);
		assert_string_equal(err, bad[i].err);
	}
	assert_int_equal(ataxx_tune_parse("x5z/7 x ; standard ; 1", x, &y, &standard, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "invalid fen"));
	memset(line, 'x', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	assert_int_equal(ataxx_tune_parse(line, x, &y, &standard, NULL, err, sizeof(err)), -1);
	assert_string_equal(err, "line too long");
}

/* Search scores as labels: a won game is 1 for its winner, a balanced
 * position's label is its search score through the logistic, and the
 * lines written read back as the rows labelled. */
static void test_label(void **state)
{
	static const char *const lines[] = {
		"7/7/7/1ooo3/1o5/1x5/7 x 0 1 ; standard ; 0", /* c3 takes every o */
		"7/7/7/1xxx3/1x5/1o5/7 o 0 1 ; standard ; 1", /* c3 takes every x */
		"x5o/7/7/7/7/7/o5x x 0 1 ; standard ; 0.5",
	};
	struct ataxx_tune_set set = { 0 }, back = { 0 };
	char err[128], *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	(void)state;
	for (size_t i = 0; i < 3; i++)
		assert_int_equal(ataxx_tune_add_line(lines[i], &set, err, sizeof(err)), 0);
	assert_int_equal(ataxx_tune_label(&set, 2, 200, out), 3);
	fclose(out);
	assert_true(set.y[0] == 1 && set.y[1] == 1); /* for the side to move */
	struct search_limits lim = { .depth = 2, .tt_bits = 14 };
	struct search_info info;
	ataxx_search(&set.pos[2], 7, &lim, &info);
	assert_true(set.y[2] == 1 / (1 + exp(-info.score / 200.0)));
	assert_non_null(strstr(text, "7/7/7/1ooo3/1o5/1x5/7 x 0 1 ; standard ; 1.0000\n"));
	assert_non_null(strstr(text, "7/7/7/1xxx3/1x5/1o5/7 o 0 1 ; standard ; 0.0000\n"));
	FILE *in = fmemopen(text, len, "r");
	assert_int_equal(ataxx_tune_read(in, &back, err, sizeof(err)), 0);
	fclose(in);
	assert_int_equal(back.n, 3);
	for (size_t i = 0; i < 3; i++)
		assert_true(fabs(back.y[i] - set.y[i]) <= 0.00005);
	free(text);
	ataxx_tune_set_free(&set);
	ataxx_tune_set_free(&back);
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
	assert_string_equal(err, "line 4: result must be a number from 0 to 1");
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

		assert_int_equal(lines, 3); /* a game a line */
		assert_int_equal(lines, again);
		assert_string_equal(a, b);
		assert_non_null(strstr(a, standard ? "game 5 standard " : "game 5 yinyang "));
		FILE *f = fmemopen(a, strlen(a), "r");
		assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), 0);
		fclose(f);
		assert_int_equal(set.games, 3);
		assert_true(set.n > 10);
		for (size_t i = 0; i < set.n; i++)
			assert_true(set.y[i] == 0 || set.y[i] == 0.5 || set.y[i] == 1);
		ataxx_tune_set_free(&set);
		free(a);
		free(b);
	}
}

/* A game line is replayed: its quiet positions past the random opening
 * become rows (one in `every`, by ply and game), each with the result for
 * its side to move; a bad line is an error naming what is wrong. */
static void test_game_lines(void **state)
{
	/* x clones to b6, o to f6, x jumps b6 to d5, o clones to b2 (the
	 * start: x a7 g1, o g7 a1); the last one's position was not quiet */
	static const char game[] = "game 7 standard 1 ; b6* f6* b6d5* b2 ; 1\n";
	struct ataxx_tune_set set = { 0 };
	char err[160];
	FILE *f = fmemopen((void *)game, strlen(game), "r");

	(void)state;
	assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), 0);
	fclose(f);
	assert_int_equal(set.n, 2); /* plies 1 and 2 */
	assert_true(set.pos[0].turn == 1 && set.y[0] == 0);
	assert_true(set.pos[1].turn == 0 && set.y[1] == 1);
	assert_true(set.standard[0] && set.pos[1].size == 7);
	assert_true(axw_count(set.pos[1].piece[0]) == 3 && axw_count(set.pos[1].piece[1]) == 3);
	assert_true(set.x[ATAXX_F_TEMPO] == 1);
	ataxx_tune_set_free(&set);

	/* one in two: plies 1 + 0 of the first game, ply 2 (+ 1) of the second */
	set.every = 2;
	f = fmemopen((void *)game, strlen(game), "r");
	assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), 0);
	fclose(f);
	f = fmemopen((void *)game, strlen(game), "r");
	assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), 0);
	fclose(f);
	assert_int_equal(set.games, 2);
	assert_int_equal(set.n, 2);
	assert_true(set.pos[0].turn == 0 && set.pos[1].turn == 1);
	ataxx_tune_set_free(&set);

	/* from ply 2 on: ply 2 alone */
	set.from_ply = 2;
	f = fmemopen((void *)game, strlen(game), "r");
	assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), 0);
	fclose(f);
	assert_int_equal(set.n, 1);
	assert_true(set.pos[0].turn == 0 && set.y[0] == 1);
	ataxx_tune_set_free(&set);

	static const struct {
		const char *line, *err;
	} bad[] = {
		{ "game 7 standard 1 ; b6 b6 ; 1", "line 1: move 2 (b6) is not legal" },
		{ "game 7 standard 1 ; b6 zz ; 1", "line 1: move 2 (zz) is not legal" },
		{ "game 7 standard 1 ; b6 * ; 1", "line 1: move 2 (*) is not legal" },
		{ "game 3 standard 1 ; b6 ; 1", "line 1: expected game SIZE RULES RANDOM" },
		{ "game 7 go 1 ; b6 ; 1", "line 1: expected game SIZE RULES RANDOM" },
		{ "game 7 standard ; b6 ; 1", "line 1: expected game SIZE RULES RANDOM" },
		{ "game 7 standard 0 ; b6 ; 2", "line 1: result must be 1, 0.5 or 0" },
		{ "game 7 standard 0 ; b6", "line 1: expected game SIZE RULES RANDOM ; MOVES ; RESULT" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = fmemopen((void *)bad[i].line, strlen(bad[i].line), "r");
		assert_int_equal(ataxx_tune_read(f, &set, err, sizeof(err)), -1);
		fclose(f);
		assert_string_equal(err, bad[i].err);
		ataxx_tune_set_free(&set);
	}
}

/* The sparse fit on a synthetic set with a known answer: rows of a
 * constant and one to three of 40 "patterns" (as a position shows a few
 * windows of many), results the model's own probabilities: the fit finds
 * the weights; and a dense fit is the sparse one to the last bit. */
#define SPARSE_K 41

static void test_fit_sparse(void **state)
{
	size_t n = 6000, *start = xmalloc((n + 1) * sizeof(*start));
	int *idx = xmalloc(n * 4 * sizeof(*idx));
	double *val = xmalloc(n * 4 * sizeof(*val)), *y = xmalloc(n * sizeof(*y));
	double *x = xcalloc(n * SPARSE_K, sizeof(*x)), truth[SPARSE_K], w[SPARSE_K], wd[SPARSE_K];
	struct rng r;

	(void)state;
	rng_seed(&r, 9);
	truth[0] = -0.2;
	for (int j = 1; j < SPARSE_K; j++)
		truth[j] = ((double)rng_below(&r, 201) - 100) / 100;
	for (size_t i = 0; i < n; i++) {
		int picks[3] = { 1 + (int)rng_below(&r, 40), 1 + (int)rng_below(&r, 40),
				 1 + (int)rng_below(&r, 40) }, npicks = 1 + (int)rng_below(&r, 3);
		double z = truth[0];

		x[i * SPARSE_K] = 1;
		for (int k = 0; k < npicks; k++) {
			x[i * SPARSE_K + picks[k]] += 1;
			z += truth[picks[k]];
		}
		y[i] = 1 / (1 + exp(-z));
	}
	size_t e = 0;
	for (size_t i = 0; i < n; i++) {
		start[i] = e;
		for (int j = 0; j < SPARSE_K; j++)
			if (x[i * SPARSE_K + j] != 0) {
				idx[e] = j;
				val[e++] = x[i * SPARSE_K + j];
			}
	}
	start[n] = e;
	struct logistic_rows d = { .n = n, .k = SPARSE_K, .start = start, .idx = idx, .val = val,
				   .y = y };
	assert_true(logistic_fit_rows(&d, NULL, w) > 1);
	for (int j = 0; j < SPARSE_K; j++)
		assert_true(fabs(w[j] - truth[j]) < 1e-6);
	assert_true(logistic_fit(x, y, n, SPARSE_K, NULL, 0, wd) > 1);
	assert_memory_equal(w, wd, sizeof(w));
	/* a feature's own L2 weight pulls it alone towards 0 */
	double lambda_of[SPARSE_K] = { 0 };
	lambda_of[5] = 1;
	d.lambda_of = lambda_of;
	assert_true(logistic_fit_rows(&d, NULL, w) > 1);
	assert_true(fabs(w[5]) < fabs(truth[5]) / 2 && fabs(w[6] - truth[6]) < 0.1);
	free(start);
	free(idx);
	free(val);
	free(y);
	free(x);
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
		cmocka_unit_test(test_label),
		cmocka_unit_test(test_selfplay),
		cmocka_unit_test(test_game_lines),
		cmocka_unit_test(test_fit_sparse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
