/* Random-playout benchmark on the Go board API: playouts per second on one
 * thread, for 9x9 and 19x19. Usage: bench/go_playouts [SECONDS-PER-SIZE]
 * Prints one line per size; the median of five runs of SECONDS/5 each. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "games/go/go_board.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Playouts per second over one run of about seconds. */
static double run(int size, double seconds, struct rng *r, long *moves)
{
	struct go_board empty, b;
	long n = 0;
	double start = now(), elapsed;

	go_board_init(&empty, size);
	do {
		for (int i = 0; i < 100; i++, n++) {
			b = empty;
			go_board_playout(&b, GO_BLACK, r, size * size * 3);
			*moves += size * size - b.nempty;
		}
		elapsed = now() - start;
	} while (elapsed < seconds);
	return n / elapsed;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 5.0;
	const int sizes[] = { 9, 19 };
	struct rng r;

	rng_seed(&r, 1);
	for (int s = 0; s < 2; s++) {
		double rates[5];
		long stones = 0;

		for (int i = 0; i < 5; i++)
			rates[i] = run(sizes[s], seconds / 5, &r, &stones);
		qsort(rates, 5, sizeof(rates[0]), compare_doubles);
		printf("go %dx%d: %.0f playouts/s (median of 5; min %.0f, max %.0f)\n",
		       sizes[s], sizes[s], rates[2], rates[0], rates[4]);
	}
	return 0;
}
