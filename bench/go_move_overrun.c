/* How far a Go genmove runs past its hard limit (game_budget.max_seconds),
 * the way a game clock's last seconds ask for it: at a level with a 1 GiB
 * tree and two threads, on 9x9 and 19x19, for budgets of 0.01, 0.05 and
 * 0.2 s. Two series per row:
 *   tiny   every move of a self-play game at the budget (the tree reused
 *          between them);
 *   reuse  each move at the budget comes after the opponent's LONG-second
 *          search on the same tree, so that it reuses a large subtree
 *          (what a clock's end looks like after a game of long moves).
 * Prints, per row, the median and the worst reply time over the budget
 * (1.00: exactly on time), and the worst in seconds. Wall-clock times on
 * a shared machine: compare runs made side by side.
 * Usage: bench/go_move_overrun [MOVES [LONG-SECONDS]] (default 16 and 1). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "games/go/go.h"

static double now_seconds(void)
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

static const struct game_level level = { .name = "bench", .algorithm = "mcts", .threads = 2,
					  .memory = 1024 };

/* One genmove for the side to move within seconds; returns the seconds it
 * took, or -1 when the game ended or the move failed. */
static double timed_move(struct game *g, double seconds)
{
	atomic_bool stop = false;
	struct game_budget budget = { .level = &level, .max_seconds = seconds, .stop = &stop };
	int move;
	char err[128];
	double start = now_seconds();

	if (g->ops->is_over(g) ||
	    g->ops->genmove(g, g->ops->to_move(g), &budget, &move, err, sizeof(err)) < 0 ||
	    move < 0)
		return -1;
	return now_seconds() - start;
}

/* Up to moves timed moves of budget seconds on a fresh board of size,
 * each after a move of lead seconds (0: none); their times over budget
 * into ratio, sorted. Returns how many. */
static int series(int size, double budget, double lead, int moves, double *ratio)
{
	struct game *g = go_ops.create(1);
	char text[8], err[128];
	int n = 0;

	snprintf(text, sizeof(text), "%d", size);
	go_ops.set_size(g, text, err, sizeof(err));
	while (n < moves) {
		if (lead > 0 && timed_move(g, lead) < 0)
			break;
		double t = timed_move(g, budget);
		if (t < 0)
			break;
		ratio[n++] = t / budget;
	}
	go_ops.destroy(g);
	qsort(ratio, (size_t)n, sizeof(*ratio), compare_doubles);
	return n;
}

static void row(int size, double budget, const char *name, double lead, int moves)
{
	double *ratio = calloc((size_t)moves, sizeof(*ratio));
	int n = series(size, budget, lead, moves, ratio);

	if (n > 0)
		printf("%2dx%-2d  %5.2f  %-5s  %5d  %13.2f  %12.2f  %8.3f\n", size, size, budget,
		       name, n, ratio[n / 2], ratio[n - 1], ratio[n - 1] * budget);
	fflush(stdout);
	free(ratio);
}

int main(int argc, char **argv)
{
	static const int sizes[] = { 9, 19 };
	static const double budgets[] = { 0.01, 0.05, 0.2 };
	int moves = argc > 1 ? atoi(argv[1]) : 16;
	double lead = argc > 2 ? atof(argv[2]) : 1.0;

	if (moves < 1 || lead <= 0) {
		fprintf(stderr, "usage: go_move_overrun [MOVES [LONG-SECONDS]]\n");
		return 2;
	}
	printf("size   budget series  moves  median/budget  worst/budget  worst(s)\n");
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (size_t j = 0; j < sizeof(budgets) / sizeof(budgets[0]); j++) {
			row(sizes[i], budgets[j], "tiny", 0, moves);
			row(sizes[i], budgets[j], "reuse", lead, moves / 4 > 0 ? moves / 4 : 1);
		}
	return 0;
}
