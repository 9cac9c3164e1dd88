/* ataxx_tune: the Ataxx evaluation tuner (doc/ataxx-tuning.md).
 *
 *   ataxx_tune selfplay [--size N] [--rules standard|yinyang] [--games G]
 *                       [--nodes N] [--random-plies R] [--margin M] [--seed S]
 *       plays G games of the search against itself at N nodes a move and
 *       writes the quiet positions with the results to stdout;
 *   ataxx_tune label [--depth D] [--scale S] [--every K] [--from-ply N] DATA...
 *       labels the data files' positions (as fit reads them) with a search's
 *       score to depth D (default 8) through a logistic of scale S (default
 *       200: e^(score / S) to 1 the odds), and writes them as position lines;
 *   ataxx_tune fit [--drop F,F...] [--set F=W] [--lambda L] [--tuples | --over-present]
 *                  [--lambda-tuples L] [--every K] [--from-ply N] DATA...
 *       fits the weights to the data files' games (their quiet positions,
 *       one in K, from ply N) and positions, a table per rules (a rules
 *       without positions keeps its tables; a feature of --drop stays 0,
 *       one of --set is given the weight W in engine units, unfitted),
 *       with --tuples the tuple tables too (else they are 0: off), with
 *       --over-present the tuple tables alone as corrections over the
 *       present hand-shaped weights (kept), and writes ataxx_weights.h to stdout, the
 *       fit's report to stderr.
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
		"       ataxx_tune label [--depth D] [--scale S] [--every K] [--from-ply N] DATA...\n"
		"       ataxx_tune fit [--drop FEATURE,...] [--set FEATURE=WEIGHT] [--lambda L]\n"
		"                      [--tuples | --over-present] [--lambda-tuples L] [--every K]\n"
		"                      [--from-ply N] DATA...\n");
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

/* One "--name value" option of label or fit that selects the rows read
 * into data (--every, --from-ply); false when it is not one. */
static bool rows_option(struct ataxx_tune_set *data, const char *name, const char *value)
{
	long v;

	if (!strcmp(name, "--every") && tune_parse_long(value, 1, 1000, &v))
		data->every = (int)v;
	else if (!strcmp(name, "--from-ply") && tune_parse_long(value, 0, 1000, &v))
		data->from_ply = (int)v;
	else
		return false;
	return true;
}

static int run_label(int argc, char **argv)
{
	struct ataxx_tune_set data = { 0 };
	long depth = 8, lines;
	double scale = 200;
	int i = 0;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		char *end;

		if (rows_option(&data, argv[i], argv[i + 1]) ||
		    (!strcmp(argv[i], "--depth") && tune_parse_long(argv[i + 1], 1, 30, &depth)))
			continue;
		if (!strcmp(argv[i], "--scale") && (scale = strtod(argv[i + 1], &end)) > 0 &&
		    end != argv[i + 1] && !*end)
			continue;
		return usage();
	}
	if (i >= argc || argv[i][0] == '-')
		return usage();
	if (tune_read_files(argc - i, argv + i, ATAXX_TUNE_LINE, ataxx_tune_add_line, &data) < 0) {
		ataxx_tune_set_free(&data);
		return 1;
	}
	lines = ataxx_tune_label(&data, (int)depth, scale, stdout);
	ataxx_tune_set_free(&data);
	if (lines < 0) {
		perror("ataxx_tune: stdout");
		return 1;
	}
	fprintf(stderr, "ataxx_tune: %ld positions labelled\n", lines);
	return 0;
}

/* A fit's options. */
struct fit_options {
	bool use[ATAXX_NFEATURES];  /* features fitted (--drop, --set: not) */
	int given[ATAXX_NFEATURES]; /* --set's weights */
	double lambda;              /* the L2 weight of the features */
	bool tuples;                /* fit the tuple tables too */
	double lambda_tuples;       /* ... with this L2 weight */
	bool over_present;          /* fit the tuples over the present hand-shaped
				     * weights, kept (their scale fitted), not the
				     * features */
};

/* The sparse rows of one rules (standard or yinyang) out of data: each
 * row's nonzero features, then (with tuples) its tuple classes counted,
 * feature ATAXX_NFEATURES + class. Returns the rows; *pos gets each row's
 * position (for the report). */
static size_t rows_of(const struct ataxx_tune_set *data, bool standard, bool tuples,
		      bool over_present, struct logistic_rows *d, const struct axw_pos ***pos)
{
	int dense = over_present ? 1 : ATAXX_NFEATURES;
	int *cls = xmalloc(ATAXX_TUPLE_INDICES * sizeof(*cls)), idx[400];
	size_t n = 0, e = 0, cap = 1024;
	size_t *start = xmalloc((data->n + 1) * sizeof(*start));
	int *fidx = xmalloc(cap * sizeof(*fidx));
	double *val = xmalloc(cap * sizeof(*val)), *y = xmalloc((data->n + 1) * sizeof(*y));

	*pos = xmalloc((data->n + 1) * sizeof(**pos));
	ataxx_tuple_classes(cls);
	for (size_t r = 0; r < data->n; r++) {
		if (data->standard[r] != standard)
			continue;
		int nt = tuples ? ataxx_tuple_indices(&data->pos[r], idx) : 0;
		if (e + ATAXX_NFEATURES + (size_t)nt > cap) {
			cap = 2 * cap + ATAXX_NFEATURES + (size_t)nt;
			fidx = xrealloc(fidx, cap * sizeof(*fidx));
			val = xrealloc(val, cap * sizeof(*val));
		}
		start[n] = e;
		if (over_present) {
			fidx[e] = 0;
			/* the hand-shaped part alone: the fit replaces the tables */
			val[e++] = (double)ataxx_evaluate_with(&data->pos[r], NULL) / ATAXX_PIECE;
		}
		for (int i = 0; i < ATAXX_NFEATURES && !over_present; i++)
			if (data->x[r * ATAXX_NFEATURES + i] != 0) {
				fidx[e] = i;
				val[e++] = data->x[r * ATAXX_NFEATURES + i];
			}
		/* the windows' classes in ascending order (insertion sort: a
		 * few dozen), each once with its count */
		for (int i = 0; i < nt; i++)
			idx[i] = cls[idx[i]];
		for (int i = 1; i < nt; i++)
			for (int j = i; j > 0 && idx[j - 1] > idx[j]; j--) {
				int t = idx[j];
				idx[j] = idx[j - 1];
				idx[j - 1] = t;
			}
		for (int i = 0; i < nt; i++) {
			if (i > 0 && idx[i] == idx[i - 1]) {
				val[e - 1]++;
				continue;
			}
			fidx[e] = dense + idx[i];
			val[e++] = 1;
		}
		y[n] = data->y[r];
		(*pos)[n++] = &data->pos[r];
	}
	start[n] = e;
	free(cls);
	*d = (struct logistic_rows){ .n = n, .k = dense + (tuples ? ATAXX_TUPLE_CLASSES : 0),
				     .start = start, .idx = fidx, .val = val, .y = y };
	return n;
}

static void rows_free(struct logistic_rows *d)
{
	free((void *)d->start);
	free((void *)d->idx);
	free((void *)d->val);
	free((void *)d->y);
	free((void *)d->lambda_of);
}

/* The report: the present evaluation's loss (its scores scaled by the
 * best factor), the fit's, each weight, and the tuple table's range. */
static void report(const struct logistic_rows *d, const struct axw_pos *const *pos,
		   const int *present, const double *w, const int *scaled, const int16_t *tuples,
		   int steps, bool features)
{
	double *x1 = xmalloc((d->n + 1) * sizeof(*x1)), k;
	int lo = 0, hi = 0, seen = 0;

	for (size_t r = 0; r < d->n; r++)
		x1[r] = (double)ataxx_evaluate(pos[r]) / ATAXX_PIECE;
	if (logistic_fit(x1, d->y, d->n, 1, NULL, 0, &k) >= 0)
		fprintf(stderr, "  present evaluation: log-loss %.5f (%.3f a piece)\n",
			logistic_loss(x1, d->y, d->n, 1, &k), k);
	free(x1);
	fprintf(stderr, "  fit: %zu positions, %d Newton steps, log-loss %.5f\n", d->n, steps,
		logistic_rows_loss(d, w));
	for (int i = 0; i < ATAXX_NFEATURES && features; i++)
		fprintf(stderr, "    %-13s %9.5f  %5d (now %d)\n", ataxx_feature_names[i], w[i],
			scaled[i], present[i]);
	for (int i = 0; i < ATAXX_TUPLE_INDICES; i++) {
		lo = tuples[i] < lo ? tuples[i] : lo;
		hi = tuples[i] > hi ? tuples[i] : hi;
		seen += tuples[i] != 0;
	}
	fprintf(stderr, "    tuples: %d of %d patterns weighed, %d to %d\n", seen,
		ATAXX_TUPLE_INDICES, lo, hi);
}

/* Fit the tables of one rules (standard or yinyang) to its rows of data
 * into out and out_tuples (all 0 unless the tuples are fitted); with no
 * rows the present tables are kept. 0, or -1. */
static int fit_rules(const struct ataxx_tune_set *data, bool standard,
		     const struct fit_options *o, int out[ATAXX_NFEATURES],
		     int16_t out_tuples[ATAXX_TUPLE_INDICES])
{
	const int *present = ataxx_weights[standard];
	const struct axw_pos **pos;
	struct logistic_rows d;
	size_t n = rows_of(data, standard, o->tuples, o->over_present, &d, &pos);
	int dense = o->over_present ? 1 : ATAXX_NFEATURES;
	double *w = xmalloc((size_t)d.k * sizeof(*w));
	bool *use = xmalloc((size_t)d.k * sizeof(*use));
	int rc = 0;

	fprintf(stderr, "%s:\n", standard ? "standard" : "yinyang");
	if (n == 0) {
		fprintf(stderr, "  no positions: the present tables are kept\n");
		memcpy(out, present, ATAXX_NFEATURES * sizeof(*out));
		memcpy(out_tuples, ataxx_tuple_weights[standard],
		       ATAXX_TUPLE_INDICES * sizeof(*out_tuples));
		goto out;
	}
	d.lambda = o->lambda;
	if (o->tuples) {
		double *l = xmalloc((size_t)d.k * sizeof(*l));

		for (int i = 0; i < d.k; i++)
			l[i] = i < dense ? o->lambda : o->lambda_tuples;
		d.lambda_of = l;
	}
	for (int i = 0; i < d.k; i++)
		use[i] = i >= dense || o->over_present || o->use[i];
	int steps = logistic_fit_rows(&d, use, w);
	if (o->over_present) {
		/* the present weights, and the tuples' correction in their units */
		if (steps < 0 || !(w[0] > 0)) {
			fprintf(stderr, "ataxx_tune: the fit failed (singular, or the scale not positive)\n");
			rc = -1;
			goto out;
		}
		memcpy(out, present, ATAXX_NFEATURES * sizeof(*out));
		ataxx_tune_scale_tuples(w + 1, w[0], out_tuples);
		fprintf(stderr, "  over the present evaluation: %.5f a piece\n", w[0]);
		report(&d, pos, present, w, out, out_tuples, steps, false);
		goto out;
	}
	if (steps < 0 || ataxx_tune_scale(w, out) < 0) {
		fprintf(stderr, "ataxx_tune: the fit failed (singular, or material not positive)\n");
		rc = -1;
		goto out;
	}
	for (int j = 0; j < ATAXX_NFEATURES; j++)
		if (!o->use[j])
			out[j] = o->given[j];
	memset(out_tuples, 0, ATAXX_TUPLE_INDICES * sizeof(*out_tuples));
	if (o->tuples)
		ataxx_tune_scale_tuples(w + ATAXX_NFEATURES,
					w[ATAXX_F_MATERIAL] + 8 * w[ATAXX_F_MATERIAL_LATE], out_tuples);
	report(&d, pos, present, w, out, out_tuples, steps, true);
out:
	rows_free(&d);
	free(pos);
	free(w);
	free(use);
	return rc;
}

static int run_fit(int argc, char **argv)
{
	struct fit_options o = { .lambda = 1e-6, .lambda_tuples = 1e-4 };
	int tables[2][ATAXX_NFEATURES], i = 0, rc = 1;
	int16_t (*tuples)[ATAXX_TUPLE_INDICES] = xmalloc(2 * sizeof(*tuples));
	struct ataxx_tune_set data = { 0 };
	struct strbuf note = STRBUF_INIT;

	for (int j = 0; j < ATAXX_NFEATURES; j++) {
		o.use[j] = true;
		o.given[j] = 0;
	}
	sb_puts(&note, "ataxx_tune fit");
	for (int j = 0; j < argc; j++)
		sb_printf(&note, " %s", argv[j]);
	for (; i < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--tuples")) {
			o.tuples = true;
			i--;
			continue;
		}
		if (!strcmp(argv[i], "--over-present")) {
			o.tuples = o.over_present = true;
			i--;
			continue;
		}
		if (i + 1 >= argc)
			break;
		if (!strcmp(argv[i], "--drop") &&
		    tune_parse_drop("ataxx_tune", argv[i + 1], ataxx_feature_names, ATAXX_NFEATURES,
				    ATAXX_F_MATERIAL, o.use))
			continue;
		if (!strcmp(argv[i], "--set") &&
		    tune_parse_set("ataxx_tune", argv[i + 1], ataxx_feature_names, ATAXX_NFEATURES,
				   ATAXX_F_MATERIAL, o.use, o.given))
			continue;
		if (rows_option(&data, argv[i], argv[i + 1]))
			continue;
		char *end;
		if (!strcmp(argv[i], "--lambda") && (o.lambda = strtod(argv[i + 1], &end)) >= 0 &&
		    end != argv[i + 1] && !*end)
			continue;
		if (!strcmp(argv[i], "--lambda-tuples") &&
		    (o.lambda_tuples = strtod(argv[i + 1], &end)) > 0 && end != argv[i + 1] && !*end)
			continue;
		i = argc; /* a bad option */
	}
	if (i >= argc) {
		sb_free(&note);
		free(tuples);
		return usage();
	}
	if (tune_read_files(argc - i, argv + i, ATAXX_TUNE_LINE, ataxx_tune_add_line, &data) < 0)
		goto out;
	if (fit_rules(&data, false, &o, tables[0], tuples[0]) < 0 ||
	    fit_rules(&data, true, &o, tables[1], tuples[1]) < 0)
		goto out;
	sb_printf(&note, " (%ld games, %zu positions)", data.games, data.n);
	rc = ataxx_tune_write_weights(stdout, tables, (const int16_t(*)[ATAXX_TUPLE_INDICES])tuples,
				      sb_str(&note)) < 0;
out:
	sb_free(&note);
	free(tuples);
	ataxx_tune_set_free(&data);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "selfplay"))
		return run_selfplay(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "label"))
		return run_label(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "fit"))
		return run_fit(argc - 2, argv + 2);
	return usage();
}
