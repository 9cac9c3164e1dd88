/* Ataxx perft benchmark: leaf count, time and leaves per second from a
 * position, on one thread, with bulk counting at the last ply (as libataxx
 * does: its perft 6 from the start takes about 0.09 s).
 *
 * Times are this thread's CPU time, so a loaded machine gives the same
 * figures.
 *
 * Usage: bench/ataxx_perft [DEPTH [RUNS [FEN...]]]
 *   DEPTH  default 6; RUNS default 5 (the median is reported)
 *   FEN    default the Ataxx start, x5o/7/7/7/7/7/o5x x 0 1; standard rules
 * Prints one line for the 64-bit boards (when the board fits 8x8), one for
 * the 128-bit boards (when it fits 11x11) and one for the wide boards,
 * which every size uses above 11x11. */
#include <stdio.h>
#include <stdlib.h>

#include "games/ataxx/ataxx.h"
#include "util/monotime.h"

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void report(const char *what, int depth, uint64_t leaves, double *times, int runs)
{
	qsort(times, (size_t)runs, sizeof(*times), compare_doubles);
	double t = times[runs / 2];
	printf("%-7s perft %d: %llu leaves in %.3f s (median of %d), %.1f M leaves/s\n", what,
	       depth, (unsigned long long)leaves, t, runs, leaves / t / 1e6);
}

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 6, runs = argc > 2 ? atoi(argv[2]) : 5;
	char *start[] = { "x5o/7/7/7/7/7/o5x", "x", "0", "1" };
	char **fen = argc > 3 ? argv + 3 : start;
	int nfen = argc > 3 ? argc - 3 : 4, size;
	struct axw_pos pos;
	char err[128];
	double times[64];
	uint64_t leaves = 0;

	if (depth < 0 || depth > 20 || runs < 1 || runs > 64 ||
	    ataxx_parse_fen(nfen, fen, &size, &pos, err, sizeof(err)) < 0) {
		fprintf(stderr, "usage: %s [DEPTH [RUNS [FEN...]]] (%s)\n", argv[0],
			depth < 0 || depth > 20 || runs < 1 ? "bad depth or runs" : err);
		return 2;
	}
	pos.standard = true;
	if (size <= 8) {
		struct ax64_pos p64 = ax_pos64(&pos);

		for (int i = 0; i < runs; i++) {
			double t0 = monotime_cpu_now();

			leaves = ax64_perft(&p64, depth, NULL);
			times[i] = monotime_cpu_now() - t0;
		}
		report("64-bit", depth, leaves, times, runs);
	}
	if (size <= AX128_MAX_SIZE) {
		struct ax128_pos p128 = ax_pos128(&pos);

		for (int i = 0; i < runs; i++) {
			double t0 = monotime_cpu_now();

			leaves = ax128_perft(&p128, depth, NULL);
			times[i] = monotime_cpu_now() - t0;
		}
		report("128-bit", depth, leaves, times, runs);
	}
	for (int i = 0; i < runs; i++) {
		double t0 = monotime_cpu_now();

		leaves = axw_perft(&pos, depth, NULL);
		times[i] = monotime_cpu_now() - t0;
	}
	report("wide", depth, leaves, times, runs);
	return 0;
}
