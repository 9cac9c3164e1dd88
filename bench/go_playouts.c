/* Playout benchmark on the Go board API: playouts per CPU-second of this
 * thread (CLOCK_THREAD_CPUTIME_ID, so a loaded machine's other jobs do not
 * count), for 9x9 and 19x19, with the light policy (uniform, eye-keeping)
 * and the full (heavy) policy of go_playout.h (on 19x19 with its ladder
 * chases and last good replies learnt from its own playouts, as the
 * search's are).
 * Usage: bench/go_playouts [CPU-SECONDS-PER-LINE]
 * Prints one line per size and policy: the median of five runs of
 * SECONDS/5 each, and the moves a playout takes on average. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go_playout.h"
#include "games/go/go_priors.h"
#include "util/monotime.h"

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Playouts per CPU-second over one run of about seconds. The full policy
 * learns and plays last good replies where the search does
 * (GO_LARGE_MIN_SIZE and up), from each playout as the search would. */
static double run(int size, enum go_policy policy, double seconds, struct rng *r, long *moves,
		  long *games)
{
	static struct go_trace trace;
	static struct go_replies replies;
	struct go_board empty, b;
	struct go_ladder *ladder = malloc(sizeof(*ladder));
	bool learn = policy == GO_POLICY_HEAVY && size >= GO_LARGE_MIN_SIZE;
	struct go_policy_aids aids = { .ladder = ladder, .replies = learn ? &replies : NULL };
	long n = 0;
	double start = monotime_cpu_now(), elapsed;

	go_board_init(&empty, size);
	memset(&replies, 0, sizeof(replies));
	do {
		for (int i = 0; i < 100; i++, n++) {
			go_board_copy(&b, &empty);
			trace.n = 0;
			trace.cap = (int)(sizeof(trace.point) / sizeof(trace.point[0]));
			int score = go_policy_playout(&b, GO_BLACK, GO_PASS, false, policy, r,
						      size * size * 3, &trace, &aids);
			if (learn)
				go_replies_learn(&replies, &trace, score > 7);
			*moves += trace.n;
		}
		elapsed = monotime_cpu_now() - start;
	} while (elapsed < seconds);
	*games += n;
	free(ladder);
	return n / elapsed;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 5.0;
	const int sizes[] = { 9, 19 };
	const char *names[] = { "light", "full" };
	struct rng r;

	rng_seed(&r, 1);
	for (int s = 0; s < 2; s++)
		for (int p = 0; p < 2; p++) {
			double rates[5];
			long moves = 0, games = 0;

			for (int i = 0; i < 5; i++)
				rates[i] = run(sizes[s], (enum go_policy)p, seconds / 5, &r, &moves,
					       &games);
			qsort(rates, 5, sizeof(rates[0]), compare_doubles);
			printf("go %dx%d %s: %.0f playouts/CPU-s (median of 5; min %.0f, max %.0f), "
			       "%.0f moves a playout\n",
			       sizes[s], sizes[s], names[p], rates[2], rates[0], rates[4],
			       (double)moves / games);
		}
	return 0;
}
