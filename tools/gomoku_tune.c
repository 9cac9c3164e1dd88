/* gomoku_tune: the Gomoku evaluation tuner (doc/gomoku-tuning.md).
 *
 *   gomoku_tune selfplay [--size N] [--rules freestyle|standard|renju]
 *                        [--games G] [--nodes N] [--random-plies R] [--seed S]
 *       plays G games of the search against itself at N nodes a move and
 *       writes each game with its result to stdout;
 *   gomoku_tune fit [--drop F,F...] [--set F=W] [--lambda L] DATA...
 *       replays the games, fits the weights to their quiet positions and
 *       writes gomoku_weights.h to stdout, the fit's report to stderr.
 *
 * Built by make (not installed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_tune.h"
#include "util/logistic.h"
#include "util/strbuf.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

#define PROG "gomoku_tune"

static int usage(void)
{
	fprintf(stderr,
		"usage: gomoku_tune selfplay [--size N] [--rules freestyle|standard|renju]\n"
		"                            [--games G] [--nodes N] [--random-plies R] [--seed S]\n"
		"       gomoku_tune fit [--drop FEATURE,...] [--set FEATURE=WEIGHT] [--lambda L] "
		"DATA...\n");
	return 2;
}

/* One "--name value" option of selfplay into sp; false when bad. */
static bool selfplay_option(struct gomoku_selfplay *sp, const char *name, const char *value)
{
	long v;

	if (!strcmp(name, "--rules"))
		return gomoku_parse_rules(value, &sp->rules) == 0;
	if (!strcmp(name, "--seed"))
		return tune_parse_seed(value, &sp->seed);
	if (!strcmp(name, "--size") && tune_parse_long(value, GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE, &v))
		sp->size = (int)v;
	else if (!strcmp(name, "--games") && tune_parse_long(value, 1, 10000000, &v))
		sp->games = (int)v;
	else if (!strcmp(name, "--nodes") && tune_parse_long(value, 1, 100000000, &v))
		sp->nodes = v;
	else if (!strcmp(name, "--random-plies") && tune_parse_long(value, 1, 100, &v))
		sp->random_plies = (int)v;
	else
		return false;
	return true;
}

static int run_selfplay(int argc, char **argv)
{
	struct gomoku_selfplay sp = { .size = 15, .rules = GOMOKU_FREESTYLE, .games = 100,
				      .nodes = 3000, .random_plies = 4, .seed = 1 };

	for (int i = 0; i < argc; i += 2)
		if (i + 1 >= argc || !selfplay_option(&sp, argv[i], argv[i + 1]))
			return usage();
	if (gomoku_tune_selfplay(&sp, stdout) < 0) {
		perror(PROG ": stdout");
		return 1;
	}
	fprintf(stderr, PROG ": %d games\n", sp.games);
	return 0;
}

/* Features no position shows (a column of zeros) are not fitted: they
 * keep their present weight. */
static void drop_unseen(const struct gomoku_tune_set *data, enum gomoku_rules rules, bool *use,
			int *given)
{
	for (int j = 0; j < GOMOKU_NFEATURES; j++) {
		bool seen = false;

		for (size_t r = 0; r < data->n && !seen; r++)
			seen = data->x[r * GOMOKU_NFEATURES + j] != 0;
		if (!seen && use[j]) {
			use[j] = false;
			given[j] = gomoku_weight(rules, j);
		}
	}
}

/* The report: the present table's loss (its scores scaled by the best
 * factor), the fit's, and each weight. */
static void report(const struct gomoku_tune_set *data, enum gomoku_rules rules, const double *w,
		   const int *scaled, int steps)
{
	double *x1 = xmalloc((data->n + 1) * sizeof(*x1)), k;

	for (size_t r = 0; r < data->n; r++) {
		double v = 0;

		for (int i = 0; i < GOMOKU_NFEATURES; i++)
			v += gomoku_weight(rules, i) * data->x[r * GOMOKU_NFEATURES + i];
		x1[r] = v / GOMOKU_EVAL_SPREAD;
	}
	if (logistic_fit(x1, data->y, data->n, 1, NULL, 0, &k) >= 0)
		fprintf(stderr, "  present table: log-loss %.5f (its scores x %.3f)\n",
			logistic_loss(x1, data->y, data->n, 1, &k), k);
	free(x1);
	fprintf(stderr, "  fit: %zu positions, %d Newton steps, log-loss %.5f\n", data->n, steps,
		logistic_loss(data->x, data->y, data->n, GOMOKU_NFEATURES, w));
	for (int i = 0; i < GOMOKU_NFEATURES; i++)
		fprintf(stderr, "    %-20s %9.5f  %5d (now %d)\n", gomoku_feature_names[i], w[i],
			scaled[i], gomoku_weight(rules, i));
}

/* Fit the table of rules to its rows of data into out (use and given as
 * the options set them); with no rows the present table is kept. 0, or
 * -1 when the fit fails. */
static int fit_rules(const struct gomoku_tune_set *data, enum gomoku_rules rules,
		     const bool *use0, const int *given0, double lambda, int *out)
{
	struct gomoku_tune_set sub;
	bool use[GOMOKU_NFEATURES];
	int given[GOMOKU_NFEATURES], steps, rc = 0;
	double w[GOMOKU_NFEATURES];

	memcpy(use, use0, sizeof(use));
	memcpy(given, given0, sizeof(given));
	gomoku_tune_subset(data, rules, &sub);
	fprintf(stderr, "%s:\n", gomoku_rule_names[rules]);
	if (sub.n == 0) {
		fprintf(stderr, "  no positions: the present table is kept\n");
		for (int i = 0; i < GOMOKU_NFEATURES; i++)
			out[i] = gomoku_weight(rules, i);
	} else if (drop_unseen(&sub, rules, use, given),
		   (steps = logistic_fit(sub.x, sub.y, sub.n, GOMOKU_NFEATURES, use, lambda, w)) <
			   0) {
		fprintf(stderr, PROG ": the fit failed (singular: give --lambda)\n");
		rc = -1;
	} else {
		gomoku_tune_scale(w, use, given, out);
		report(&sub, rules, w, out, steps);
	}
	gomoku_tune_set_free(&sub);
	return rc;
}

/* The options before the data files into use, given and *lambda; returns
 * the index of the first file, or -1 when an option is bad. */
static int fit_options(int argc, char **argv, bool *use, int *given, double *lambda)
{
	int i = 0;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		char *end;

		if (!strcmp(argv[i], "--drop") &&
		    tune_parse_drop(PROG, argv[i + 1], gomoku_feature_names, GOMOKU_NFEATURES,
				    GOMOKU_F_TEMPO, use))
			continue;
		if (!strcmp(argv[i], "--set") &&
		    tune_parse_set(PROG, argv[i + 1], gomoku_feature_names, GOMOKU_NFEATURES,
				   GOMOKU_F_TEMPO, use, given))
			continue;
		if (!strcmp(argv[i], "--lambda") && (*lambda = strtod(argv[i + 1], &end)) >= 0 &&
		    end != argv[i + 1] && !*end)
			continue;
		return -1;
	}
	return i < argc ? i : -1;
}

static int run_fit(int argc, char **argv)
{
	bool use[GOMOKU_NFEATURES];
	double lambda = 1e-6;
	int given[GOMOKU_NFEATURES], tables[GOMOKU_RULES_COUNT][GOMOKU_NFEATURES], first, rc = 1;
	struct gomoku_tune_set data = { 0 };
	struct strbuf note = STRBUF_INIT;

	for (int j = 0; j < GOMOKU_NFEATURES; j++) {
		use[j] = true;
		given[j] = 0;
	}
	if ((first = fit_options(argc, argv, use, given, &lambda)) < 0)
		return usage();
	if (tune_read_files(argc - first, argv + first, GOMOKU_TUNE_LINE, gomoku_tune_add_line,
			    &data) < 0)
		goto out;
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++)
		if (fit_rules(&data, (enum gomoku_rules)rules, use, given, lambda, tables[rules]) < 0)
			goto out;
	sb_puts(&note, PROG " fit");
	for (int j = 0; j < argc; j++)
		sb_printf(&note, " %s", argv[j]);
	sb_printf(&note, " (%ld games, %zu positions)", data.games, data.n);
	rc = gomoku_tune_write_weights(stdout, tables, sb_str(&note)) < 0;
out:
	sb_free(&note);
	gomoku_tune_set_free(&data);
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
