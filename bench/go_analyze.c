/* What watching a Go search costs (go_mcts_search with a watch, as the
 * analysis commands run it): CPU time per simulation of one thread
 * (CLOCK_THREAD_CPUTIME_ID) for a plain search, a watched one (margins per
 * root child, reports every 0.1 s with a principal variation each) and one
 * gathering ownership too (a pass over the board after each playout), on
 * the empty 9x9 and 19x19 boards at a fixed playout count, a fresh tree
 * and seed each run (the same seeds for each kind, so the same searches;
 * the kinds interleaved, after a warm-up run).
 * Usage: bench/go_analyze [RUNS]   (default 5)
 * Prints per size the median microseconds per simulation of each kind and
 * their ratios to the plain search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go.h"
#include "games/go/go_mcts.h"
#include "util/monotime.h"
#include "util/xalloc.h"

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void ignore_report(void *arg, const struct go_analysis *a)
{
	(void)arg, (void)a;
}

/* Microseconds per simulation of one search of `playouts` on an empty
 * board of `size`: kind 0 plain, 1 watched, 2 watched with ownership. */
static double one_run(int size, long playouts, int kind, uint64_t seed)
{
	struct game *g = go_ops.create(seed);
	struct go_game *gg = go_of(g);
	struct go_analysis *a = xmalloc(sizeof(*a));
	struct go_watch w = { .interval = 0.1, .ownership = kind == 2, .report = ignore_report,
			      .final = a };
	struct game_level lv = { .algorithm = "mcts", .playouts = playouts, .threads = 1 };
	struct game_budget budget = { .level = &lv };
	struct go_mcts_info info;
	char err[64], text[8];

	snprintf(text, sizeof(text), "%d", size);
	go_ops.set_size(g, text, err, sizeof(err));
	double start = monotime_cpu_now();
	go_mcts_search(gg, GO_BLACK, &lv, &budget, GO_POLICY_HEAVY, kind ? &w : NULL, &info);
	double us = (monotime_cpu_now() - start) * 1e6 / (double)info.playouts;
	if (getenv("GO_ANALYZE_VERBOSE"))
		fprintf(stderr, "size %d kind %d: %ld playouts\n", size, kind, info.playouts);
	free(a);
	go_ops.destroy(g);
	return us;
}

int main(int argc, char **argv)
{
	static const char *const kinds[] = { "plain", "watched", "ownership" };
	int runs = argc > 1 ? atoi(argv[1]) : 5;
	const int sizes[] = { 9, 19 };
	const long playouts[] = { 20000, 5000 };

	if (runs < 1 || runs > 100) {
		fprintf(stderr, "usage: go_analyze [RUNS 1..100]\n");
		return 2;
	}
	for (int s = 0; s < 2; s++) {
		double median[3], *t[3];

		one_run(sizes[s], playouts[s], 0, 99); /* warm up: the tree's pages */
		for (int k = 0; k < 3; k++)
			t[k] = xmalloc((size_t)runs * sizeof(*t[k]));
		/* The kinds interleaved, so that the machine's drift hits all. */
		for (int r = 0; r < runs; r++)
			for (int k = 0; k < 3; k++)
				t[k][r] = one_run(sizes[s], playouts[s], k, 1 + (uint64_t)r);
		for (int k = 0; k < 3; k++) {
			qsort(t[k], (size_t)runs, sizeof(*t[k]), compare_doubles);
			median[k] = t[k][runs / 2];
			free(t[k]);
		}
		printf("%dx%d, %ld playouts, median of %d:", sizes[s], sizes[s], playouts[s], runs);
		for (int k = 0; k < 3; k++)
			printf(" %s %.1f us", kinds[k], median[k]);
		printf(" (watched %.3f, ownership %.3f of plain)\n", median[1] / median[0],
		       median[2] / median[0]);
	}
	return 0;
}
