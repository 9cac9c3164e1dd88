/* go_patterns: the learner of Go's move patterns (doc/go-patterns.md).
 *
 *   go_patterns fit [--min-count N] [--held-out K] [--rounds R] [--rate TEST]
 *                   [--boards small|large] DATA...
 *       reads game records (go_learn.h's format; *.xz through xz), fits a
 *       gamma per move feature to the moves played (every K-th game held
 *       out to measure how often the table ranks the played move first and
 *       in the first five), writes go_gammas.h to stdout and the report to
 *       stderr; with --rate, the new table's rates over every position of
 *       the records TEST too (as rate gives the built-in table's), so that
 *       two fits compare on the same games without a rebuild; --boards
 *       small writes go_gammas_small.h (the table of boards below 13x13)
 *       instead of go_gammas.h.
 *   go_patterns rate DATA...
 *       how often the tables the search reads (go_learned_gammas: built in)
 *       and the hand-set priors rank the played move first and in the first five
 *       over every position of the records, printed to stdout; while the
 *       small boards' table is off (GO_GAMMAS_SMALL_ON), a second line
 *       rates it on the boards below 13x13 as if it were on.
 *
 * Built by make (not installed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go_learn.h"
#include "util/strbuf.h"
#include "util/tune_io.h"

#define PROG "go_patterns"

static int usage(void)
{
	fprintf(stderr, "usage: go_patterns fit [--min-count N] [--held-out K] [--rounds R] "
			"[--rate TEST]\n"
			"                   [--boards small|large] DATA...\n"
			"       go_patterns rate DATA...\n");
	return 2;
}

static void print_rates(FILE *out, const char *what, const struct go_learn_report *r)
{
	fprintf(out,
		PROG ": %s: %zu positions, top-1 %.1f%%, top-5 %.1f%% "
		     "(hand-set priors: top-1 %.1f%%, top-5 %.1f%%)\n",
		what, r->test_positions, 100 * r->top1, 100 * r->top5, 100 * r->hand_top1,
		100 * r->hand_top5);
}

static void print_report(const struct go_learn_report *r)
{
	fprintf(stderr,
		PROG ": %zu training positions, %zu candidates after merging, %zu features "
		     "(%zu shapes)\n"
		PROG ": %d MM rounds, mean log-likelihood %.5f\n",
		r->train_positions, r->candidates, r->features, r->shapes, r->rounds,
		r->log_likelihood);
	if (r->test_positions)
		print_rates(stderr, "held-out", r);
}

/* The rates of table over every position of the records in path. */
static int rate_table(const char *path, const struct go_gamma *table, size_t n)
{
	struct go_learn_games games = { 0 };
	struct go_learn_report report;
	struct go_gamma_index index;
	char *paths[] = { (char *)path };
	int rc = -1;

	go_gamma_index_build(&index, table, n);
	if (tune_read_files(1, paths, GO_LEARN_LINE, go_learn_add_line, &games) == 0 &&
	    go_learn_rate(&games, &index, &index, &report) == 0) {
		print_rates(stderr, path, &report);
		rc = 0;
	}
	go_gamma_index_free(&index);
	go_learn_games_free(&games);
	return rc;
}

static int run_fit(int argc, char **argv)
{
	long min_count = 10, held_out = 0, rounds = 50;
	const char *test = NULL, *boards = "large";
	struct go_learn_games games = { 0 };
	struct go_learn_report report;
	struct go_gamma *table = NULL;
	struct strbuf note = STRBUF_INIT;
	size_t n = 0;
	int i = 0, rc = 1;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		const char *v = argv[i + 1];

		if (!strcmp(argv[i], "--rate") && !test)
			test = v;
		else if (!strcmp(argv[i], "--boards") &&
			 (!strcmp(v, "small") || !strcmp(v, "large")))
			boards = v;
		else if (!((!strcmp(argv[i], "--min-count") &&
			    tune_parse_long(v, 1, 1000000, &min_count)) ||
			   (!strcmp(argv[i], "--held-out") &&
			    tune_parse_long(v, 0, 1000000, &held_out)) ||
			   (!strcmp(argv[i], "--rounds") && tune_parse_long(v, 1, 10000, &rounds))))
			return usage();
	}
	if (i >= argc)
		return usage();
	if (tune_read_files(argc - i, argv + i, GO_LEARN_LINE, go_learn_add_line, &games) < 0)
		goto out;
	if (go_learn_fit(&games, (int)min_count, (int)held_out, (int)rounds, &table, &n, &report) <
	    0)
		goto out;
	print_report(&report);
	if (test && rate_table(test, table, n) < 0)
		goto out;
	sb_puts(&note, PROG " fit");
	for (int j = 0; j < argc; j++)
		sb_printf(&note, " %s", argv[j]);
	sb_printf(&note, " (%zu games, %zu positions)", games.n,
		  report.train_positions);
	rc = go_learn_write(stdout, table, n, sb_str(&note), !strcmp(boards, "small")) < 0;
out:
	free(table);
	sb_free(&note);
	go_learn_games_free(&games);
	return rc;
}

static int run_rate(int argc, char **argv)
{
	struct go_learn_games games = { 0 };
	struct go_learn_report report;
	int rc = 1;

	if (tune_read_files(argc, argv, GO_LEARN_LINE, go_learn_add_line, &games) == 0 &&
	    go_learn_rate(&games, go_learned_gammas(GO_GAMMAS_SMALL_BELOW - 1),
			  go_learned_gammas(GO_GAMMAS_SMALL_BELOW), &report) == 0) {
		print_rates(stdout, "shipped tables", &report);
		rc = 0;
	}
	if (rc == 0 && !GO_GAMMAS_SMALL_ON) {
		rc = go_learn_rate(&games, go_shipped_gammas(true), go_shipped_gammas(false),
				   &report) < 0;
		if (rc == 0)
			print_rates(stdout, "small boards' table on", &report);
	}
	go_learn_games_free(&games);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "rate"))
		return run_rate(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "fit"))
		return run_fit(argc - 2, argv + 2);
	return usage();
}
