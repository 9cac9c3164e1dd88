/* Flood benchmarks, on one thread:
 *   bench/flood_bench fill [SECONDS]    moves per second of the flood fill
 *       (flood_pos_play: capture, frontiers, end rule) in random games on
 *       20x20 and 100x100, 6 colours; median of five runs.
 *   bench/flood_bench hard [GAMES] [NODES] [SHAPE]   time per hard move:
 *       alphabeta at NODES nodes a move (default 50000, the shipped hard
 *       level) against greedy on SHAPE boards (SIZE: SIZExSIZE with 6
 *       colours, or WxH/C; default 20), colours alternated; mean, median and maximum time per search move, nodes per
 *       second, and the search's wins.
 *   bench/flood_bench depth [SECONDS] [SHAPE]   the depth a search of
 *       SECONDS (default 1) reaches, and its time, on positions of greedy
 *       games after 2, 10 and 20 moves of three SHAPE boards (default 20).
 *   bench/flood_bench ceiling [GAMES] [SHAPE] [NODES] [FIRST]   the most any
 *       player can score against greedy on hard's boards (the engine's
 *       best response to greedy, flood_versus_greedy, from each board's
 *       start, at most NODES nodes a board, default 10 million; a board it
 *       does not solve in them counts as unresolved; default 12x12/4;
 *       games FIRST.. of that series, even numbers black, default 0).
 *       20x20/6: 395 won, 1 drawn, 4 lost of 400 (98.9%), every game
 *       solved: all but four at 20 million nodes, those at 150 million.
 *   bench/flood_bench exploit [GAMES] [SHAPE] [DEPTH]   a player that knows
 *       greedy's replies: each move the best of DEPTH own colours ahead
 *       (default 3), greedy's replies played exactly and the rest judged by
 *       greedy playing both sides; a lower bound of the ceiling where the
 *       exhaustive one is out of reach (20x20: depth 6 wins 97.4% of 400).
 * Build with `make bench` in a release tree (scripts/bootstrap build) for figures. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/flood.h"
#include "util/monotime.h"
#include "util/xalloc.h"

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Moves per second over one run of about seconds: random games, each move
 * a uniformly random colour (one that takes nothing included). */
static double fill_run(struct flood_board *b, int side, double seconds, struct rng *r)
{
	struct flood_pos *p = xmalloc(sizeof(*p));
	long moves = 0;
	double start = monotime_now(), elapsed;

	do {
		flood_board_init(b, side, side, 6);
		flood_board_randomize(b, r);
		flood_pos_init(p, b, COLOR_BLACK);
		while (!p->over) {
			flood_pos_play(p, b, 1 + (int)rng_below(r, 6));
			moves++;
		}
		elapsed = monotime_now() - start;
	} while (elapsed < seconds);
	free(p);
	return (double)moves / elapsed;
}

static void bench_fill(double seconds)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	const int sides[] = { 20, 100 };
	struct rng r;

	rng_seed(&r, 1);
	for (int s = 0; s < 2; s++) {
		double rates[5];

		for (int i = 0; i < 5; i++)
			rates[i] = fill_run(b, sides[s], seconds / 10, &r);
		qsort(rates, 5, sizeof(rates[0]), compare_doubles);
		printf("flood fill %dx%d, 6 colors: %.0f moves/s (median of 5; min %.0f, max %.0f)\n",
		       sides[s], sides[s], rates[2], rates[0], rates[4]);
	}
	free(b);
}

struct hard_stats {
	double *times;  /* seconds per search move */
	long n, cap;    /* moves timed, room */
	long nodes;     /* nodes searched in all */
	int wins, draws; /* games the search won, drew */
};

/* One game, the search playing hard; fills st. */
struct shape {
	int w, h, colors; /* board width, height, colours */
};

static void hard_game(struct flood_board *b, struct flood_pos *p, uint64_t seed, int hard,
		      long nodes, struct shape sh, struct hard_stats *st)
{
	struct search_limits lim = { .nodes = nodes };
	int greedy_moves = 0;
	struct rng r;

	rng_seed(&r, seed);
	flood_board_init(b, sh.w, sh.h, sh.colors);
	flood_board_randomize(b, &r);
	flood_pos_init(p, b, COLOR_BLACK);
	while (!p->over) {
		int c;

		if (p->to_move == hard) {
			struct flood_search_info info;
			double t0 = monotime_now();

			/* The opponent taken for greedy as genmove would. */
			c = flood_search(p, b, &lim, greedy_moves >= FLOOD_GREEDY_EVIDENCE, &info);
			if (st->n == st->cap) {
				st->cap = st->cap ? 2 * st->cap : 256;
				st->times = xrealloc(st->times, (size_t)st->cap * sizeof(double));
			}
			st->times[st->n++] = monotime_now() - t0;
			st->nodes += info.nodes;
		} else {
			c = flood_greedy(p, b);
			greedy_moves++;
		}
		flood_pos_play(p, b, c);
	}
	int m = p->count[hard] - p->count[flood_other(hard)];
	st->wins += m > 0;
	st->draws += m == 0;
}

static void bench_hard(int games, long nodes, struct shape sh)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	struct hard_stats st = { 0 };
	double total = 0;

	for (int i = 0; i < games; i++) {
		int won = st.wins, hard = i % 2 ? COLOR_WHITE : COLOR_BLACK;

		hard_game(b, p, 1000 + (uint64_t)i / 2, hard, nodes, sh, &st);
		if (st.wins == won) /* the boards numbered as bench_ceiling's */
			printf("  board %d as %s: not won\n", i / 2,
			       hard == COLOR_WHITE ? "white" : "black");
	}
	for (long i = 0; i < st.n; i++)
		total += st.times[i];
	qsort(st.times, (size_t)st.n, sizeof(double), compare_doubles);
	printf("hard (alphabeta, %ld nodes) vs greedy, %dx%d, %d colors: won %d, drew %d of %d\n",
	       nodes, sh.w, sh.h, sh.colors, st.wins, st.draws, games);
	printf("time per hard move: mean %.4f s, median %.4f s, max %.4f s over %ld moves; "
	       "%.0f nodes/s\n",
	       total / (double)st.n, st.times[st.n / 2], st.times[st.n - 1], st.n,
	       (double)st.nodes / total);
	free(st.times);
	free(b);
	free(p);
}

/* Depth and time of searches of seconds each (the level's time rule: soft
 * and hard limit) on positions of greedy games: after 2, 10 and 20 moves
 * of three boards of shape sh. */
static void bench_depth(double seconds, struct shape sh)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	const int at[] = { 2, 10, 20 };
	double total = 0, worst = 0;
	int depths = 0, n = 0, least = 1000;
	long nodes = 0;

	for (int g = 0; g < 3; g++)
		for (int k = 0; k < 3; k++) {
			struct search_limits lim = { .seconds = seconds };
			struct flood_search_info info;
			struct rng r;

			rng_seed(&r, 2000 + (uint64_t)g);
			flood_board_init(b, sh.w, sh.h, sh.colors);
			flood_board_randomize(b, &r);
			flood_pos_init(p, b, COLOR_BLACK);
			for (int i = 0; i < at[k] && !p->over; i++)
				flood_pos_play(p, b, flood_greedy(p, b));
			if (p->over)
				continue;
			double t0 = monotime_now();
			flood_search(p, b, &lim, false, &info);
			double t = monotime_now() - t0;
			printf("  board %d after %2d moves: depth %2d%s, %7ld nodes, %.3f s\n", g,
			       at[k], info.depth, info.exact ? " (exact)" : "", info.nodes, t);
			total += t;
			worst = t > worst ? t : worst;
			nodes += info.nodes;
			depths += info.depth;
			least = info.depth < least ? info.depth : least;
			n++;
		}
	printf("search of %.2f s, %dx%d, %d colors: depth mean %.1f, min %d; time per move mean "
	       "%.3f s, max %.3f s; %.0f nodes/s\n",
	       seconds, sh.w, sh.h, sh.colors, (double)depths / n, least, total / n, worst,
	       (double)nodes / total);
	free(b);
	free(p);
}

/* The final margin for me when greedy plays both sides from p to the end. */
static int greedy_rollout(const struct flood_pos *p, const struct flood_board *b, int me)
{
	struct flood_pos q;

	flood_pos_copy(&q, p);
	while (!q.over)
		flood_pos_play(&q, b, flood_greedy(&q, b));
	return q.count[me] - q.count[flood_other(me)];
}

/* The most any player can score against greedy on the boards of
 * bench_hard (same seeds and colours): wins and draws with perfect
 * knowledge of greedy's replies (the engine's flood_versus_greedy from
 * the start), each board searched to at most max_nodes nodes; a board
 * not solved in them counts as its proven outcome, and as unresolved. */
static void bench_ceiling(int first, int games, struct shape sh, long max_nodes)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	int wins = 0, draws = 0, unknown = 0, sure_draws = 0;
	double t0 = monotime_now();

	for (int i = first; i < first + games; i++) {
		int me = i % 2 ? COLOR_WHITE : COLOR_BLACK, move;
		bool exact;
		struct rng r;

		rng_seed(&r, 1000 + (uint64_t)i / 2);
		flood_board_init(b, sh.w, sh.h, sh.colors);
		flood_board_randomize(b, &r);
		flood_pos_init(p, b, COLOR_BLACK);
		if (me == COLOR_WHITE)
			flood_pos_play(p, b, flood_greedy(p, b));
		int v = flood_versus_greedy(p, b, max_nodes, &move, &exact);
		wins += v == 1;
		draws += v == 0;
		sure_draws += v == 0 && exact;
		unknown += !exact;
		if (v < 1)
			printf("  board %d as %s: %s%s\n", i / 2, me == COLOR_WHITE ? "white" : "black",
			       v == 0 ? "draw" : "loss", exact ? "" : " or better (unresolved)");
	}
	printf("against greedy, %dx%d, %d colors: at best won %d, drew %d, unresolved %d of %d "
	       "(%.1f%% to %.1f%%; %.0f s)\n",
	       sh.w, sh.h, sh.colors, wins, draws, unknown, games,
	       100.0 * (wins + 0.5 * draws) / games,
	       100.0 * (wins + 0.5 * sure_draws + unknown) / games, monotime_now() - t0);
	free(b);
	free(p);
}

/* The best greedy_rollout margin for me over my next `depth` capturing
 * colours, greedy's replies played out exactly; *best_color gets the first
 * colour of the best line (0 at the end of the game or the horizon). */
static int exploit_lookahead(const struct flood_pos *p, const struct flood_board *b, int me,
			     int depth, int *best_color)
{
	struct flood_pos child;
	int gains[FLOOD_MAX_COLORS + 1], best = -1000000;

	*best_color = 0;
	if (p->over || depth == 0)
		return greedy_rollout(p, b, me);
	flood_pos_gains(p, b, me, gains);
	for (int c = 1; c <= b->ncolors; c++) {
		int unused;

		if (!gains[c])
			continue;
		flood_pos_copy(&child, p);
		flood_pos_play(&child, b, c);
		if (!child.over)
			flood_pos_play(&child, b, flood_greedy(&child, b));
		int v = exploit_lookahead(&child, b, me, depth - 1, &unused);
		if (v > best) {
			best = v;
			*best_color = c;
		}
	}
	if (!*best_color)
		return greedy_rollout(p, b, me);
	return best;
}

/* What a player that knows greedy's replies scores against it on hard's
 * boards: each move the best of `depth` own colours ahead, the rest of the
 * game judged by greedy playing both sides. A lower bound of the ceiling
 * where exhaustive search is out of reach (20x20 and up). */
static void bench_exploit(int games, int depth, struct shape sh)
{
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	int wins = 0, draws = 0, lost_white = 0, lost_black = 0;

	for (int i = 0; i < games; i++) {
		int me = i % 2 ? COLOR_WHITE : COLOR_BLACK;
		struct rng r;

		rng_seed(&r, 1000 + (uint64_t)i / 2);
		flood_board_init(b, sh.w, sh.h, sh.colors);
		flood_board_randomize(b, &r);
		flood_pos_init(p, b, COLOR_BLACK);
		while (!p->over) {
			int c = flood_greedy(p, b);

			if (p->to_move == me)
				exploit_lookahead(p, b, me, depth, &c);
			flood_pos_play(p, b, c);
		}
		int m = p->count[me] - p->count[flood_other(me)];
		wins += m > 0;
		draws += m == 0;
		if (m < 0 && me == COLOR_WHITE)
			lost_white++;
		else if (m < 0)
			lost_black++;
		if (m <= 0)
			printf("  board %d as %s: margin %d\n", i / 2,
			       me == COLOR_WHITE ? "white" : "black", m);
	}
	printf("greedy-aware lookahead %d vs greedy, %dx%d, %d colors: won %d, drew %d of %d "
	       "(%.1f%%); lost %d as black, %d as white\n",
	       depth, sh.w, sh.h, sh.colors, wins, draws, games,
	       100.0 * (wins + 0.5 * draws) / games, lost_black, lost_white);
	free(b);
	free(p);
}

/* SIZE (a square board of 6 colours) or WxH/C. */
static bool parse_shape(const char *text, struct shape *sh)
{
	int n;

	*sh = (struct shape){ 0, 0, 6 };
	if (sscanf(text, "%dx%d/%d%n", &sh->w, &sh->h, &sh->colors, &n) == 3 && !text[n])
		;
	else if (sscanf(text, "%d%n", &sh->w, &n) == 1 && !text[n])
		sh->h = sh->w;
	else
		return false;
	return sh->w >= FLOOD_MIN_SIDE && sh->w <= FLOOD_MAX_SIDE && sh->h >= FLOOD_MIN_SIDE &&
	       sh->h <= FLOOD_MAX_SIDE && sh->colors >= FLOOD_MIN_COLORS &&
	       sh->colors <= FLOOD_MAX_COLORS;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 2 && !strcmp(argv[1], "fill")) {
		bench_fill(argc > 2 ? atof(argv[2]) : 10.0);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "hard")) {
		int games = argc > 2 ? atoi(argv[2]) : 20;
		long nodes = argc > 3 ? atol(argv[3]) : 50000;
		struct shape sh;

		if (games < 1 || nodes < 1 || !parse_shape(argc > 4 ? argv[4] : "20", &sh)) {
			fprintf(stderr, "flood_bench hard: bad arguments\n");
			return 2;
		}
		bench_hard(games, nodes, sh);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "ceiling")) {
		int games = argc > 2 ? atoi(argv[2]) : 20;
		long max_nodes = argc > 4 ? atol(argv[4]) : 10000000;
		int first = argc > 5 ? atoi(argv[5]) : 0;
		struct shape sh;

		if (games < 1 || max_nodes < 1 || first < 0 ||
		    !parse_shape(argc > 3 ? argv[3] : "12x12/4", &sh)) {
			fprintf(stderr, "flood_bench ceiling: bad arguments\n");
			return 2;
		}
		bench_ceiling(first, games, sh, max_nodes);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "exploit")) {
		int games = argc > 2 ? atoi(argv[2]) : 20;
		int depth = argc > 4 ? atoi(argv[4]) : 3;
		struct shape sh;

		if (games < 1 || depth < 1 || !parse_shape(argc > 3 ? argv[3] : "20", &sh)) {
			fprintf(stderr, "flood_bench exploit: bad arguments\n");
			return 2;
		}
		bench_exploit(games, depth, sh);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "depth")) {
		double seconds = argc > 2 ? atof(argv[2]) : 1.0;
		struct shape sh;

		if (seconds <= 0 || !parse_shape(argc > 3 ? argv[3] : "20", &sh)) {
			fprintf(stderr, "flood_bench depth: bad arguments\n");
			return 2;
		}
		bench_depth(seconds, sh);
		return 0;
	}
	fprintf(stderr, "usage: flood_bench fill [SECONDS] | hard [GAMES] [NODES] [SHAPE] | depth [SECONDS] [SHAPE] | ceiling [GAMES] [SHAPE] [NODES] [FIRST] | exploit [GAMES] [SHAPE] [DEPTH]\n");
	return 2;
}
