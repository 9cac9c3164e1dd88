/* flood_tune: the Flood evaluation tuner (doc/flood-tuning.md).
 *
 *   flood_tune selfplay [--shape WxH/C] [--games G] [--nodes N]
 *                       [--random-plies R] [--margin M] [--seed S]
 *       plays G games of the search against itself at N nodes a move and
 *       writes the quiet positions with the results to stdout;
 *   flood_tune fit [--drop F,F...] [--lambda L] DATA...
 *       fits the weights to the data files (a feature of --drop stays 0)
 *       and writes flood_weights.h to stdout, the fit's report to stderr.
 *
 * Built by make (not installed); the engine is never linked against data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/flood_tune.h"
#include "util/logistic.h"
#include "util/strbuf.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: flood_tune selfplay [--shape WxH/C] [--games G] [--nodes N]\n"
		"                           [--random-plies R] [--margin M] [--seed S]\n"
		"       flood_tune fit [--drop FEATURE,...] [--lambda L] DATA...\n");
	return 2;
}

static bool parse_shape(const char *text, struct flood_selfplay *sp)
{
	int w, h, c, used = 0;

	if (sscanf(text, "%dx%d/%d%n", &w, &h, &c, &used) != 3 || text[used] ||
	    w < FLOOD_MIN_SIDE || w > FLOOD_MAX_SIDE || h < FLOOD_MIN_SIDE || h > FLOOD_MAX_SIDE ||
	    c < FLOOD_MIN_COLORS || c > FLOOD_MAX_COLORS)
		return false;
	sp->width = w;
	sp->height = h;
	sp->ncolors = c;
	return true;
}

/* One "--name value" option of selfplay into sp; false when bad. */
static bool selfplay_option(struct flood_selfplay *sp, const char *name, const char *value)
{
	long v;

	if (!strcmp(name, "--shape"))
		return parse_shape(value, sp);
	if (!strcmp(name, "--seed"))
		return tune_parse_seed(value, &sp->seed);
	if (!strcmp(name, "--games") && tune_parse_long(value, 1, 10000000, &v))
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
	struct flood_selfplay sp = { .width = 20, .height = 20, .ncolors = 6, .games = 100,
				     .nodes = 2000, .random_plies = 4, .margin = 64, .seed = 1 };

	for (int i = 0; i < argc; i += 2)
		if (i + 1 >= argc || !selfplay_option(&sp, argv[i], argv[i + 1]))
			return usage();
	long lines = flood_tune_selfplay(&sp, stdout);
	if (lines < 0) {
		perror("flood_tune: stdout");
		return 1;
	}
	fprintf(stderr, "flood_tune: %d games, %ld positions\n", sp.games, lines);
	return 0;
}

/* The report: the present table's loss (its scores scaled by the best
 * factor), the fit's, and each weight. */
static void report(const struct flood_tune_set *data, const double *w, const int *scaled,
		   int steps)
{
	double *x1 = xmalloc((data->n + 1) * sizeof(*x1)), k;

	for (size_t r = 0; r < data->n; r++) {
		double v = 0;
		for (int i = 0; i < FLOOD_NFEATURES; i++)
			v += flood_weights[i] * data->x[r * FLOOD_NFEATURES + i];
		x1[r] = v / FLOOD_REACH_UNIT;
	}
	if (logistic_fit(x1, data->y, data->n, 1, NULL, 0, &k) >= 0)
		fprintf(stderr, "present table: log-loss %.5f (%.4f a reach square)\n",
			logistic_loss(x1, data->y, data->n, 1, &k), k);
	free(x1);
	fprintf(stderr, "fit: %zu positions, %d Newton steps, log-loss %.5f\n", data->n, steps,
		logistic_loss(data->x, data->y, data->n, FLOOD_NFEATURES, w));
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		fprintf(stderr, "  %-9s %9.5f  %5d (now %d)\n", flood_feature_names[i], w[i],
			scaled[i], flood_weights[i]);
}

static int run_fit(int argc, char **argv)
{
	bool use[FLOOD_NFEATURES];
	double lambda = 1e-6, w[FLOOD_NFEATURES];
	int out[FLOOD_NFEATURES], i = 0, rc = 1;
	struct flood_tune_set data = { 0 };
	struct strbuf note = STRBUF_INIT;

	for (int j = 0; j < FLOOD_NFEATURES; j++)
		use[j] = true;
	sb_puts(&note, "flood_tune fit");
	for (int j = 0; j < argc; j++)
		sb_printf(&note, " %s", argv[j]);
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--drop") &&
		    tune_parse_drop("flood_tune", argv[i + 1], flood_feature_names, FLOOD_NFEATURES,
				    FLOOD_F_REACH, use))
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
	if (tune_read_files(argc - i, argv + i, FLOOD_TUNE_LINE, flood_tune_add_line, &data) < 0)
		goto out;
	int steps = logistic_fit(data.x, data.y, data.n, FLOOD_NFEATURES, use, lambda, w);
	if (steps < 0 || flood_tune_scale(w, out) < 0) {
		fprintf(stderr, "flood_tune: the fit failed (singular, or reach not positive)\n");
		goto out;
	}
	report(&data, w, out, steps);
	sb_printf(&note, " (%zu positions)", data.n);
	rc = flood_tune_write_weights(stdout, out, sb_str(&note)) < 0;
out:
	sb_free(&note);
	flood_tune_set_free(&data);
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
