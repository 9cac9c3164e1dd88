/* ataxx_tune: the Ataxx evaluation tuner (doc/ataxx-tuning.md).
 *
 *   ataxx_tune selfplay [--size N] [--rules standard|yinyang] [--games G]
 *                       [--nodes N] [--random-plies R] [--margin M] [--seed S]
 *       plays G games of the search against itself at N nodes a move and
 *       writes the quiet positions with the results to stdout;
 *   ataxx_tune fit [--drop F,F...] [--set F=W] [--lambda L] DATA...
 *       fits the weights to the data files, a table per rules (a rules
 *       without positions keeps its table; a feature of --drop stays 0,
 *       one of --set is given the weight W in engine units, unfitted) and
 *       writes ataxx_weights.h to stdout, the fit's report to stderr.
 *
 * Built by make (not installed); the engine is never linked against data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx_tune.h"
#include "util/logistic.h"
#include "util/strbuf.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: ataxx_tune selfplay [--size N] [--rules standard|yinyang] [--games G]\n"
		"                           [--nodes N] [--random-plies R] [--margin M] [--seed S]\n"
		"       ataxx_tune fit [--drop FEATURE,...] [--set FEATURE=WEIGHT] [--lambda L] DATA...\n");
	return 2;
}

/* One "--name value" option of selfplay into sp; false when bad. */
static bool selfplay_option(struct ataxx_selfplay *sp, const char *name, const char *value)
{
	long v;

	if (!strcmp(name, "--rules")) {
		if (strcmp(value, "standard") && strcmp(value, "yinyang"))
			return false;
		sp->standard = !strcmp(value, "standard");
		return true;
	}
	if (!strcmp(name, "--seed"))
		return tune_parse_seed(value, &sp->seed);
	if (!strcmp(name, "--size") && tune_parse_long(value, 4, 16, &v))
		sp->size = (int)v;
	else if (!strcmp(name, "--games") && tune_parse_long(value, 1, 10000000, &v))
		sp->games = (int)v;
	else if (!strcmp(name, "--nodes") && tune_parse_long(value, 1, 100000000, &v))
		sp->nodes = v;
	else if (!strcmp(name, "--random-plies") && tune_parse_long(value, 0, 100, &v))
		sp->random_plies = (int)v;
	else if (!strcmp(name, "--margin") && tune_parse_long(value, 0, 100000, &v))
		sp->margin = (int)v;
	else
		return false;
	return true;
}

static int run_selfplay(int argc, char **argv)
{
	struct ataxx_selfplay sp = { .size = 7, .standard = true, .games = 100, .nodes = 2000,
				     .random_plies = 8, .margin = 150, .seed = 1 };

	for (int i = 0; i < argc; i += 2)
		if (i + 1 >= argc || !selfplay_option(&sp, argv[i], argv[i + 1]))
			return usage();
	long lines = ataxx_tune_selfplay(&sp, stdout);
	if (lines < 0) {
		perror("ataxx_tune: stdout");
		return 1;
	}
	fprintf(stderr, "ataxx_tune: %d games, %ld positions\n", sp.games, lines);
	return 0;
}

/* The rows of one rules, copied out of data. */
static size_t subset(const struct ataxx_tune_set *data, bool standard, double **x, double **y)
{
	size_t n = 0;

	*x = xmalloc((data->n + 1) * ATAXX_NFEATURES * sizeof(**x));
	*y = xmalloc((data->n + 1) * sizeof(**y));
	for (size_t r = 0; r < data->n; r++) {
		if (data->standard[r] != standard)
			continue;
		memcpy(*x + n * ATAXX_NFEATURES, data->x + r * ATAXX_NFEATURES,
		       ATAXX_NFEATURES * sizeof(**x));
		(*y)[n++] = data->y[r];
	}
	return n;
}

/* The report: the present table's loss (its scores scaled by the best
 * factor), the fit's, and each weight. */
static void report(const double *x, const double *y, size_t n, const int *present,
		   const double *w, const int *scaled, int steps)
{
	double *x1 = xmalloc((n + 1) * sizeof(*x1)), k;

	for (size_t r = 0; r < n; r++) {
		double v = 0;
		for (int i = 0; i < ATAXX_NFEATURES; i++)
			v += present[i] * x[r * ATAXX_NFEATURES + i];
		x1[r] = v / ATAXX_PIECE;
	}
	if (logistic_fit(x1, y, n, 1, NULL, 0, &k) >= 0)
		fprintf(stderr, "  present table: log-loss %.5f (%.3f a piece)\n",
			logistic_loss(x1, y, n, 1, &k), k);
	free(x1);
	fprintf(stderr, "  fit: %zu positions, %d Newton steps, log-loss %.5f\n", n, steps,
		logistic_loss(x, y, n, ATAXX_NFEATURES, w));
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		fprintf(stderr, "    %-13s %9.5f  %5d (now %d)\n", ataxx_feature_names[i], w[i],
			scaled[i], present[i]);
}

/* Fit the table of one rules (standard or yinyang) to its rows of data
 * into out; with no rows the present table is kept. 0, or -1. */
static int fit_rules(const struct ataxx_tune_set *data, bool standard, const bool *use,
		     const int *given, double lambda, int out[ATAXX_NFEATURES])
{
	const int *present = ataxx_weights[standard];
	double *x, *y, w[ATAXX_NFEATURES];
	size_t n = subset(data, standard, &x, &y);
	int rc = 0;

	fprintf(stderr, "%s:\n", standard ? "standard" : "yinyang");
	if (n == 0) {
		fprintf(stderr, "  no positions: the present table is kept\n");
		memcpy(out, present, ATAXX_NFEATURES * sizeof(*out));
		goto out;
	}
	int steps = logistic_fit(x, y, n, ATAXX_NFEATURES, use, lambda, w);
	if (steps < 0 || ataxx_tune_scale(w, out) < 0) {
		fprintf(stderr, "ataxx_tune: the fit failed (singular, or material not positive)\n");
		rc = -1;
		goto out;
	}
	for (int j = 0; j < ATAXX_NFEATURES; j++)
		if (!use[j])
			out[j] = given[j];
	report(x, y, n, present, w, out, steps);
out:
	free(x);
	free(y);
	return rc;
}

static int run_fit(int argc, char **argv)
{
	bool use[ATAXX_NFEATURES];
	double lambda = 1e-6;
	int tables[2][ATAXX_NFEATURES], given[ATAXX_NFEATURES], i = 0, rc = 1;
	struct ataxx_tune_set data = { 0 };
	struct strbuf note = STRBUF_INIT;

	for (int j = 0; j < ATAXX_NFEATURES; j++) {
		use[j] = true;
		given[j] = 0;
	}
	sb_puts(&note, "ataxx_tune fit");
	for (int j = 0; j < argc; j++)
		sb_printf(&note, " %s", argv[j]);
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--drop") &&
		    tune_parse_drop("ataxx_tune", argv[i + 1], ataxx_feature_names, ATAXX_NFEATURES,
				    ATAXX_F_MATERIAL, use))
			continue;
		if (!strcmp(argv[i], "--set") &&
		    tune_parse_set("ataxx_tune", argv[i + 1], ataxx_feature_names, ATAXX_NFEATURES,
				   ATAXX_F_MATERIAL, use, given))
			continue;
		char *end;
		if (!strcmp(argv[i], "--lambda") && (lambda = strtod(argv[i + 1], &end)) >= 0 &&
		    end != argv[i + 1] && !*end)
			continue;
		i = argc; /* a bad option */
	}
	if (i >= argc) {
		sb_free(&note);
		return usage();
	}
	if (tune_read_files(argc - i, argv + i, ATAXX_TUNE_LINE, ataxx_tune_add_line, &data) < 0)
		goto out;
	if (fit_rules(&data, false, use, given, lambda, tables[0]) < 0 ||
	    fit_rules(&data, true, use, given, lambda, tables[1]) < 0)
		goto out;
	sb_printf(&note, " (%zu positions)", data.n);
	rc = ataxx_tune_write_weights(stdout, tables, sb_str(&note)) < 0;
out:
	sb_free(&note);
	ataxx_tune_set_free(&data);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "selfplay"))
		return run_selfplay(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "fit"))
		return run_fit(argc - 2, argv + 2);
	return usage();
}
