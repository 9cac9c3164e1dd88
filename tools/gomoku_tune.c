/* gomoku_tune: the Gomoku evaluation tuner (doc/gomoku-tuning.md).
 *
 *   gomoku_tune selfplay [--size N] [--rules freestyle|standard|renju]
 *                        [--games G] [--nodes N] [--random-plies R] [--seed S]
 *       plays G games of the search against itself at N nodes a move and
 *       writes each game with its result to stdout;
 *   gomoku_tune label [--nodes N] [--every K] GAMES...
 *       searches every K-th of the quiet positions fit would take from the
 *       games at N nodes (default 5000) and writes each as a position line:
 *       the moves before it and black's win rate from the search's score;
 *   gomoku_tune fit [--drop F,F...] [--set F=W] [--lambda L] [--codes RULES,...]
 *                   [--code-lambda L] [--positions FILE]... GAMES...
 *       replays the games (and the labelled positions: a rules with some is
 *       fitted to those alone), fits the weights to their quiet positions,
 *       then for the rules --codes names the codes' weights beside them,
 *       and writes gomoku_weights.h to stdout, the fit's report to stderr;
 *   gomoku_tune order [--rounds N] [--every K] GAMES...
 *       learns the move ordering's keys from the moves the games played
 *       (in every K-th of the positions it could take) and writes
 *       gomoku_order.h to stdout, the fit's report to stderr.
 *
 * Built by make (not installed). */
#include <math.h>
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
#define MAX_POSITION_FILES 16
#define CODE_MIN_ROWS 1000 /* a code is fitted when this many positions show it */
#define CODE_STRONGEST GOMOKU_PAT_B3 /* ... and no line of it threatens more */

static int usage(void)
{
	fprintf(stderr,
		"usage: gomoku_tune selfplay [--size N] [--rules freestyle|standard|renju]\n"
		"                            [--games G] [--nodes N] [--random-plies R] [--seed S]\n"
		"       gomoku_tune label [--nodes N] [--every K] GAMES...\n"
		"       gomoku_tune fit [--drop FEATURE,...] [--set FEATURE=WEIGHT] [--lambda L]\n"
		"                       [--codes RULES,...] [--code-lambda L] [--positions FILE]...\n"
		"                       GAMES...\n"
		"       gomoku_tune order [--rounds N] [--every K] GAMES...\n");
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

/* The fit's options. */
struct fit_options {
	bool use[GOMOKU_NFEATURES];   /* false: not fitted */
	int given[GOMOKU_NFEATURES];  /* ... the weight such a feature keeps */
	double lambda;                /* the features' L2 weight */
	bool codes[GOMOKU_RULES_COUNT]; /* rules whose codes are fitted too */
	double code_lambda;           /* the codes' L2 weight: larger, most are rare */
	char *positions[MAX_POSITION_FILES]; /* files of labelled positions */
	int npositions;
};

/* The features and their results in data as sparse rows (features with
 * use false left out: the fit gives them 0 and the table its given
 * weight). Free with logistic_rows_free. */
static void feature_rows(const struct gomoku_tune_set *data, const bool *use, double lambda,
			 struct logistic_rows *d)
{
	size_t e = 0, *start = xmalloc((data->n + 1) * sizeof(*start));
	int *idx = xmalloc((data->n * GOMOKU_NFEATURES + 1) * sizeof(*idx));
	double *val = xmalloc((data->n * GOMOKU_NFEATURES + 1) * sizeof(*val));

	for (size_t r = 0; r < data->n; r++) {
		start[r] = e;
		for (int i = 0; i < GOMOKU_NFEATURES; i++)
			if (use[i] && data->x[r * GOMOKU_NFEATURES + i] != 0) {
				idx[e] = i;
				val[e++] = data->x[r * GOMOKU_NFEATURES + i];
			}
	}
	start[data->n] = e;
	*d = (struct logistic_rows){ .n = data->n, .k = GOMOKU_NFEATURES, .start = start,
				     .idx = idx, .val = val, .y = data->y, .lambda = lambda };
}

/* The second stage's rows: column 0 the features' fitted score (w), then
 * the codes (1 + role * GOMOKU_CODES + code) that use_code allows. */
static void code_rows(const struct gomoku_tune_set *data, const double *w, const bool *use_code,
		      double code_lambda, struct logistic_rows *d)
{
	int k = 1 + 2 * GOMOKU_CODES;
	size_t e = 0, *start = xmalloc((data->n + 1) * sizeof(*start));
	int *idx = xmalloc((data->ncodes + data->n + 1) * sizeof(*idx));
	double *val = xmalloc((data->ncodes + data->n + 1) * sizeof(*val));
	double *lambda_of = xmalloc((size_t)k * sizeof(*lambda_of));

	for (size_t r = 0; r < data->n; r++) {
		double score = 0;

		for (int i = 0; i < GOMOKU_NFEATURES; i++)
			score += w[i] * data->x[r * GOMOKU_NFEATURES + i];
		start[r] = e;
		idx[e] = 0;
		val[e++] = score;
		for (size_t a = data->cstart[r]; a < data->cstart[r + 1]; a++)
			if (use_code[data->code[a]]) {
				idx[e] = 1 + data->code[a];
				val[e++] = data->ccount[a];
			}
	}
	start[data->n] = e;
	for (int i = 0; i < k; i++)
		lambda_of[i] = i ? code_lambda : 0;
	*d = (struct logistic_rows){ .n = data->n, .k = k, .start = start, .idx = idx,
				     .val = val, .y = data->y, .lambda_of = lambda_of };
}

static void logistic_rows_free(struct logistic_rows *d)
{
	free((void *)d->start);
	free((void *)d->idx);
	free((void *)d->val);
	free((void *)d->lambda_of);
}

/* Which features to fit: the options' that some position shows (the
 * others keep their present weight, or the one --set gives, into given). */
static void choose_features(const struct gomoku_tune_set *data, enum gomoku_rules rules,
			    const struct fit_options *o, bool *use, int *given)
{
	for (int j = 0; j < GOMOKU_NFEATURES; j++) {
		bool seen = false;

		for (size_t r = 0; r < data->n && !seen; r++)
			seen = data->x[r * GOMOKU_NFEATURES + j] != 0;
		use[j] = o->use[j] && seen;
		given[j] = o->use[j] ? gomoku_weight(rules, j) : o->given[j];
	}
}

/* Which codes to fit: those CODE_MIN_ROWS positions show, of points that
 * threaten nothing (the strongest line at most CODE_STRONGEST). A threat
 * point's code fitted to quiet positions learns how the positions were
 * chosen, not what the threat is worth (fitted to game results, four-three
 * points of the side waiting came out good for the side to move: -224
 * Elo); the classes and the search judge threats. */
static void choose_codes(const struct gomoku_tune_set *data, bool *use_code)
{
	size_t *rows = xcalloc(2 * GOMOKU_CODES, sizeof(*rows));

	for (size_t a = 0; a < data->ncodes; a++)
		rows[data->code[a]]++;
	for (int k = 0; k < 2 * GOMOKU_CODES; k++)
		use_code[k] = rows[k] >= CODE_MIN_ROWS &&
			      gomoku_code_strongest(k % GOMOKU_CODES) <= CODE_STRONGEST;
	free(rows);
}

/* The present table's scores (in logits) of data's rows. */
static double *present_scores(const struct gomoku_tune_set *data, enum gomoku_rules rules)
{
	double *x1 = xmalloc((data->n + 1) * sizeof(*x1));

	for (size_t r = 0; r < data->n; r++) {
		double v = 0;

		for (int i = 0; i < GOMOKU_NFEATURES; i++)
			v += gomoku_weight(rules, i) * data->x[r * GOMOKU_NFEATURES + i];
		for (size_t a = data->cstart[r]; a < data->cstart[r + 1]; a++)
			v += gomoku_code_weight(rules, data->code[a] / GOMOKU_CODES,
						data->code[a] % GOMOKU_CODES) *
			     data->ccount[a];
		x1[r] = v / GOMOKU_EVAL_SPREAD;
	}
	return x1;
}

/* The report: the present table's loss (its scores scaled by the best
 * factor), the fit's, and each feature's weight. */
static void report(const struct gomoku_tune_set *data, enum gomoku_rules rules,
		   const struct logistic_rows *d, const double *w, const int *scaled, int steps)
{
	double *x1 = present_scores(data, rules), k;

	if (logistic_fit(x1, data->y, data->n, 1, NULL, 0, &k) >= 0)
		fprintf(stderr, "  present table: log-loss %.5f (its scores x %.3f)\n",
			logistic_loss(x1, data->y, data->n, 1, &k), k);
	free(x1);
	fprintf(stderr, "  fit: %zu positions, %d Newton steps, log-loss %.5f\n", data->n, steps,
		logistic_rows_loss(d, w));
	for (int i = 0; i < GOMOKU_NFEATURES; i++)
		fprintf(stderr, "    %-20s %9.5f  %5d (now %d)\n", gomoku_feature_names[i], w[i],
			scaled[i], gomoku_weight(rules, i));
}

/* The second stage (--codes): the features' fitted score (w) as one
 * column, scaled, and the codes beside it as residuals: they learn what
 * the lines and classes miss and cannot grow against them (fitted with
 * the features at once, the two parts came out each ten times the
 * evaluation, cancelling). w's features scaled; the codes' weights, in
 * evaluation units, into codes_out. Returns the Newton steps, or -1. */
static int fit_codes(const struct gomoku_tune_set *data, double code_lambda, double *w,
		     int codes_out[2][GOMOKU_CODES])
{
	bool *use = xmalloc((1 + 2 * GOMOKU_CODES) * sizeof(*use));
	double *v = xmalloc((1 + 2 * GOMOKU_CODES) * sizeof(*v));
	struct logistic_rows d;
	int steps, fitted = 0;

	use[0] = true;
	choose_codes(data, use + 1);
	code_rows(data, w, use + 1, code_lambda, &d);
	if ((steps = logistic_fit_rows(&d, use, v)) >= 0) {
		for (int i = 0; i < GOMOKU_NFEATURES; i++)
			w[i] *= v[0];
		for (int k = 0; k < 2 * GOMOKU_CODES; k++) {
			codes_out[k / GOMOKU_CODES][k % GOMOKU_CODES] =
				(int)lround(v[1 + k] * GOMOKU_EVAL_SPREAD);
			fitted += use[1 + k];
		}
		fprintf(stderr, "  codes: %d fitted, the features' scale %.4f, log-loss %.5f\n",
			fitted, v[0], logistic_rows_loss(&d, v));
	}
	logistic_rows_free(&d);
	free(use);
	free(v);
	return steps;
}

/* The present tables of rules into out and codes_out. */
static void keep_present(enum gomoku_rules rules, int *out, int codes_out[2][GOMOKU_CODES])
{
	for (int i = 0; i < GOMOKU_NFEATURES; i++)
		out[i] = gomoku_weight(rules, i);
	for (int k = 0; k < 2 * GOMOKU_CODES; k++)
		codes_out[k / GOMOKU_CODES][k % GOMOKU_CODES] =
			gomoku_code_weight(rules, k / GOMOKU_CODES, k % GOMOKU_CODES);
}

/* Fit the tables of rules to its rows of data into out and codes_out
 * (codes 0 unless the options fit them); with no rows the present tables
 * are kept. 0, or -1 when the fit fails. */
static int fit_rules(const struct gomoku_tune_set *data, enum gomoku_rules rules,
		     const struct fit_options *o, int *out, int codes_out[2][GOMOKU_CODES])
{
	struct gomoku_tune_set sub;
	struct logistic_rows d;
	bool use[GOMOKU_NFEATURES];
	int given[GOMOKU_NFEATURES], steps, rc = 0;
	double w[GOMOKU_NFEATURES];

	gomoku_tune_subset(data, rules, &sub);
	fprintf(stderr, "%s:\n", gomoku_rule_names[rules]);
	memset(codes_out, 0, 2 * sizeof(*codes_out));
	if (sub.n == 0) {
		fprintf(stderr, "  no positions: the present table is kept\n");
		keep_present(rules, out, codes_out);
		gomoku_tune_set_free(&sub);
		return 0;
	}
	choose_features(&sub, rules, o, use, given);
	feature_rows(&sub, use, o->lambda, &d);
	if ((steps = logistic_fit_rows(&d, use, w)) < 0) {
		fprintf(stderr, PROG ": the fit failed (singular: give --lambda)\n");
		rc = -1;
	} else {
		gomoku_tune_scale(w, use, given, out);
		report(&sub, rules, &d, w, out, steps);
		if (o->codes[rules]) {
			rc = fit_codes(&sub, o->code_lambda, w, codes_out) < 0 ? -1 : 0;
			gomoku_tune_scale(w, use, given, out);
		}
	}
	logistic_rows_free(&d);
	gomoku_tune_set_free(&sub);
	return rc;
}

/* A non-negative number into *x; false when arg is not one. */
static bool parse_lambda(const char *arg, double *x)
{
	char *end;

	*x = strtod(arg, &end);
	return *x >= 0 && end != arg && !*end;
}

/* --codes RULES,...: the rules whose codes are fitted. */
static bool parse_codes(char *list, bool *codes)
{
	char *save = NULL;

	for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		enum gomoku_rules rules;

		if (gomoku_parse_rules(w, &rules) < 0)
			return false;
		codes[rules] = true;
	}
	return true;
}

/* The options before the game files into o; returns the index of the
 * first game file (argc when there is none but some --positions), or -1
 * when an option is bad or no data is named. */
static int fit_options(int argc, char **argv, struct fit_options *o)
{
	int i = 0;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--drop") &&
		    tune_parse_drop(PROG, argv[i + 1], gomoku_feature_names, GOMOKU_NFEATURES,
				    GOMOKU_F_TEMPO, o->use))
			continue;
		if (!strcmp(argv[i], "--set") &&
		    tune_parse_set(PROG, argv[i + 1], gomoku_feature_names, GOMOKU_NFEATURES,
				   GOMOKU_F_TEMPO, o->use, o->given))
			continue;
		if (!strcmp(argv[i], "--lambda") && parse_lambda(argv[i + 1], &o->lambda))
			continue;
		if (!strcmp(argv[i], "--code-lambda") && parse_lambda(argv[i + 1], &o->code_lambda))
			continue;
		if (!strcmp(argv[i], "--codes") && parse_codes(argv[i + 1], o->codes))
			continue;
		if (!strcmp(argv[i], "--positions") && o->npositions < MAX_POSITION_FILES) {
			o->positions[o->npositions++] = argv[i + 1];
			continue;
		}
		return -1;
	}
	return i < argc || o->npositions ? i : -1;
}

/* A rules with labelled positions is fitted to those alone: its game rows
 * are dropped from games. */
static void prefer_positions(struct gomoku_tune_set *games, const struct gomoku_tune_set *scored)
{
	bool labelled[GOMOKU_RULES_COUNT] = { false };
	struct gomoku_tune_set kept = { 0 }, sub;

	for (size_t r = 0; r < scored->n; r++)
		labelled[scored->rules[r]] = true;
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		gomoku_tune_subset(labelled[rules] ? scored : games, (enum gomoku_rules)rules, &sub);
		gomoku_tune_append(&kept, &sub);
		gomoku_tune_set_free(&sub);
	}
	kept.games = games->games; /* the game lines read (the note's count) */
	gomoku_tune_set_free(games);
	*games = kept;
}

static int run_fit(int argc, char **argv)
{
	struct fit_options o = { .lambda = 1e-6, .code_lambda = 1e-4 };
	int tables[GOMOKU_RULES_COUNT][GOMOKU_NFEATURES], first, rc = 1;
	int (*codes)[2][GOMOKU_CODES] = xcalloc(GOMOKU_RULES_COUNT, sizeof(*codes));
	struct gomoku_tune_set data = { 0 }, scored = { 0 };
	struct strbuf note = STRBUF_INIT;

	for (int j = 0; j < GOMOKU_NFEATURES; j++)
		o.use[j] = true;
	/* the command as given: parsing splits the lists in place */
	sb_puts(&note, PROG " fit");
	for (int j = 0; j < argc; j++)
		sb_printf(&note, " %s", argv[j]);
	if ((first = fit_options(argc, argv, &o)) < 0) {
		sb_free(&note);
		free(codes);
		return usage();
	}
	if (tune_read_files(argc - first, argv + first, GOMOKU_TUNE_LINE, gomoku_tune_add_line,
			    &data) < 0 ||
	    tune_read_files(o.npositions, o.positions, GOMOKU_TUNE_LINE,
			    gomoku_tune_add_position_line, &scored) < 0)
		goto out;
	prefer_positions(&data, &scored);
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++)
		if (fit_rules(&data, (enum gomoku_rules)rules, &o, tables[rules], codes[rules]) < 0)
			goto out;
	sb_printf(&note, " (%ld games, %zu positions)", data.games, data.n);
	rc = gomoku_tune_write_weights(stdout, tables, (const int(*)[2][GOMOKU_CODES])codes,
				       sb_str(&note)) < 0;
out:
	free(codes);
	sb_free(&note);
	gomoku_tune_set_free(&data);
	gomoku_tune_set_free(&scored);
	return rc;
}

static int run_label(int argc, char **argv)
{
	struct gomoku_label lb = { .nodes = 5000, .every = 1, .out = stdout };
	int i = 0;
	long v;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--nodes") && tune_parse_long(argv[i + 1], 1, 100000000, &v))
			lb.nodes = v;
		else if (!strcmp(argv[i], "--every") && tune_parse_long(argv[i + 1], 1, 1000000, &v))
			lb.every = (int)v;
		else
			return usage();
	}
	if (i >= argc)
		return usage();
	if (tune_read_files(argc - i, argv + i, GOMOKU_TUNE_LINE, gomoku_tune_label_line, &lb) < 0)
		return 1;
	fprintf(stderr, PROG ": %ld positions of %ld games\n", lb.written, lb.games);
	return fflush(stdout) || ferror(stdout);
}

static int run_order(int argc, char **argv)
{
	struct gomoku_order_set *set = xcalloc(1, sizeof(*set));
	int (*keys)[2][GOMOKU_CODES + 1] = xcalloc(GOMOKU_RULES_COUNT, sizeof(*keys));
	struct strbuf note = STRBUF_INIT;
	int i = 0, rounds = 200, rc = 1;
	size_t positions = 0;
	long v;

	sb_puts(&note, PROG " order");
	for (int j = 0; j < argc; j++)
		sb_printf(&note, " %s", argv[j]);
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--rounds") && tune_parse_long(argv[i + 1], 1, 100000, &v))
			rounds = (int)v;
		else if (!strcmp(argv[i], "--every") && tune_parse_long(argv[i + 1], 1, 1000, &v))
			set->every = (int)v;
		else
			goto usage;
	}
	if (i >= argc)
		goto usage;
	if (tune_read_files(argc - i, argv + i, GOMOKU_TUNE_LINE, gomoku_tune_order_line, set) < 0)
		goto out;
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		struct gomoku_order_report r;

		gomoku_tune_order_fit(set, (enum gomoku_rules)rules, rounds, keys[rules], &r);
		positions += r.positions;
		fprintf(stderr, PROG ": %s: %zu positions, %d rounds, log-likelihood %.4f, top-1 %.1f%%\n",
			gomoku_rule_names[rules], r.positions, r.rounds, r.log_likelihood,
			100 * r.top1);
	}
	sb_printf(&note, " (%ld games, %zu positions)", set->games, positions);
	rc = gomoku_tune_write_order(stdout, (const int(*)[2][GOMOKU_CODES + 1])keys,
				     sb_str(&note)) < 0;
	goto out;
usage:
	rc = usage();
out:
	gomoku_tune_order_free(set);
	free(set);
	free(keys);
	sb_free(&note);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "order"))
		return run_order(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "label"))
		return run_label(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "selfplay"))
		return run_selfplay(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "fit"))
		return run_fit(argc - 2, argv + 2);
	return usage();
}
