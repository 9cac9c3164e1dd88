/* Gomoku engine benchmarks, one thread, the hard level's engine
 * (gomoku_search.c):
 *   bench/gomoku_bench search [SECONDS [RULES [MOVES]]]
 *       nodes per second and the depth reached in SECONDS (default 1, all
 *       of it used) from a position: MOVES, vertices played alternately
 *       from the empty 15x15 board (default: a middle game of 14 stones);
 *       every completed iteration, then a summary line (wall clock and
 *       CPU time: this machine is shared).
 *   bench/gomoku_bench vcf [RUNS]
 *       the unit tests' VCF set (tests/unit/gomoku_vcf_set.h), each
 *       position solved RUNS times (default 21): the median time per
 *       position, its nodes, and the slowest median.
 *   bench/gomoku_bench vct [FILE [THREES [NODES]]]
 *       the threat solver on every position of the games in FILE (a game
 *       a line, vertices from black's first; default
 *       bench/gomoku_aiwine_games.txt): the side to move's VCT of THREES
 *       threes at most (default 4) within NODES (default 200,000); how
 *       many it wins, gives up, and its nodes and CPU time in all.
 * Build with `make bench` in a release tree (scripts/bootstrap build). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_search.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#include "../tests/unit/gomoku_vcf_set.h"

/* A middle game (14 stones, black to move) from a game of hard against
 * easy, before either side has a forced win the engine sees. */
static const char *const middle_game = "H8 G9 F8 E8 G7 F6 H6 E9 H9 H7 J5 K4 G5 E6";

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Play moves alternately from the empty board; the colour to move. */
static int setup(struct gomoku_board *b, enum gomoku_rules rules, const char *moves)
{
	char *copy = xstrdup(moves), *save = NULL;
	int color = GOMOKU_BLACK, p;

	for (char *v = strtok_r(copy, " ,", &save); v; v = strtok_r(NULL, " ,", &save)) {
		if (gomoku_parse_vertex(b, v, &p) < 0 || !gomoku_is_legal(b, rules, color, p)) {
			fprintf(stderr, "bad move %s\n", v);
			exit(2);
		}
		gomoku_board_put(b, p, color);
		color = gomoku_other(color);
	}
	free(copy);
	return color;
}

static void print_iteration(void *ctx, const struct search_info *info)
{
	const struct gomoku_board *b = ctx;
	struct strbuf pv = STRBUF_INIT;

	for (int i = 0; i < info->npv && i < 10; i++) {
		sb_puts(&pv, i ? " " : "");
		gomoku_print_vertex(b, info->pv[i], &pv);
	}
	printf("depth %2d score %6d nodes %10ld time %6.3f s nps %9.0f pv %s\n", info->depth,
	       info->score, info->nodes, info->seconds,
	       info->seconds > 0 ? info->nodes / info->seconds : 0.0, sb_str(&pv));
	sb_free(&pv);
}

static int bench_search(int argc, char **argv)
{
	double seconds = argc > 0 ? atof(argv[0]) : 1.0;
	enum gomoku_rules rules = GOMOKU_FREESTYLE;
	struct gomoku_board b;
	struct search_info info;
	struct strbuf text = STRBUF_INIT;

	if (seconds <= 0 || (argc > 1 && gomoku_parse_rules(argv[1], &rules) < 0)) {
		fprintf(stderr, "usage: gomoku_bench search [SECONDS [RULES [MOVES]]]\n");
		return 2;
	}
	gomoku_board_init(&b, 15);
	int color = setup(&b, rules, argc > 2 ? argv[2] : middle_game);
	struct search_limits lim = { .seconds = seconds, .spend_all = true,
				     .report = print_iteration, .ctx = &b };
	struct gomoku_pos *warm = xmalloc(sizeof(*warm));
	gomoku_pos_init(warm, &b, rules, color); /* the tables, built once, out of the timing */
	free(warm);
	/* CPU time: the machine is shared, so nodes per CPU second is the
	 * figure that compares. */
	double cpu = monotime_cpu_now();
	int move = gomoku_search(&b, rules, color, &lim, &info);
	cpu = monotime_cpu_now() - cpu;
	gomoku_print_vertex(&b, move, &text);
	printf("best %s (%s): depth %d, %ld nodes, %.0f nodes/s in %.3f s; %.3f s of CPU, "
	       "%.0f nodes per CPU second\n",
	       sb_str(&text), info.how, info.depth, info.nodes,
	       info.seconds > 0 ? info.nodes / info.seconds : 0.0, info.seconds, cpu,
	       cpu > 0 ? info.nodes / cpu : 0.0);
	sb_free(&text);
	return 0;
}

static int bench_vcf(int argc, char **argv)
{
	int runs = argc > 0 ? atoi(argv[0]) : 21;
	size_t n = sizeof(gomoku_vcf_set) / sizeof(gomoku_vcf_set[0]);
	double worst = 0, total = 0;
	double *t = xmalloc((size_t)runs * sizeof(*t));
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));

	if (runs < 1) {
		fprintf(stderr, "usage: gomoku_bench vcf [RUNS]\n");
		return 2;
	}
	for (size_t i = 0; i < n; i++) {
		const struct gomoku_vcf_case *c = &gomoku_vcf_set[i];
		struct gomoku_board b;
		struct gomoku_solver sv;
		bool won = false;

		gomoku_board_init(&b, c->size);
		int color = setup(&b, c->rules, c->moves);
		for (int r = 0; r < runs; r++) {
			double start = monotime_now();

			gomoku_pos_init(pos, &b, c->rules, color);
			gomoku_solver_init(&sv, pos);
			won = gomoku_solve_vcf(&sv);
			gomoku_solver_free(&sv);
			t[r] = monotime_now() - start;
		}
		qsort(t, (size_t)runs, sizeof(*t), compare_doubles);
		printf("%-28s %s %8.3f ms %6ld nodes  %s\n", c->name, won ? "win " : "NONE",
		       t[runs / 2] * 1e3, sv.nodes, gomoku_rule_names[c->rules]);
		total += t[runs / 2];
		if (t[runs / 2] > worst)
			worst = t[runs / 2];
	}
	printf("%zu positions: median times total %.3f ms, slowest %.3f ms\n", n, total * 1e3,
	       worst * 1e3);
	free(pos);
	free(t);
	return 0;
}

/* The VCT question of the side to move after each stone of moves (the
 * positions with a five to play or to block left out), added to the
 * totals. */
struct vct_totals {
	long positions, wins, aborted, nodes;
};

static void vct_game(char *moves, int threes, long limit, struct vct_totals *t)
{
	struct gomoku_board b;
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	struct gomoku_solver sv;
	int color = GOMOKU_BLACK, p;
	char *save = NULL;

	gomoku_board_init(&b, 15);
	for (char *v = strtok_r(moves, " \n", &save); v; v = strtok_r(NULL, " \n", &save)) {
		if (gomoku_parse_vertex(&b, v, &p) < 0 || b.cell[p] != GOMOKU_EMPTY) {
			fprintf(stderr, "bad move %s\n", v);
			exit(2);
		}
		gomoku_board_put(&b, p, color);
		color = gomoku_other(color);
		gomoku_pos_init(pos, &b, GOMOKU_FREESTYLE, color);
		if (pos->count[GOMOKU_BLACK][GOMOKU_T_FIVE] || pos->count[GOMOKU_WHITE][GOMOKU_T_FIVE])
			continue;
		gomoku_solver_init(&sv, pos);
		sv.limit = limit;
		sv.max_depth = threes;
		t->wins += gomoku_solve_vct(&sv);
		t->aborted += sv.aborted;
		t->nodes += sv.nodes;
		t->positions++;
		gomoku_solver_free(&sv);
	}
	free(pos);
}

static int bench_vct(int argc, char **argv)
{
	const char *path = argc > 0 ? argv[0] : "bench/gomoku_aiwine_games.txt";
	int threes = argc > 1 ? atoi(argv[1]) : 4;
	long limit = argc > 2 ? atol(argv[2]) : 200000;
	struct vct_totals t = { 0 };
	char line[8192];
	FILE *in = fopen(path, "r");

	if (!in || threes <= 0 || limit <= 0) {
		fprintf(stderr, "usage: gomoku_bench vct [FILE [THREES [NODES]]]\n");
		return 2;
	}
	double cpu = monotime_cpu_now();
	while (fgets(line, sizeof(line), in))
		if (line[0] != '#' && line[0] != '\n')
			vct_game(line, threes, limit, &t);
	fclose(in);
	printf("positions %ld wins %ld gave up %ld nodes %ld cpu %.2f s\n", t.positions, t.wins,
	       t.aborted, t.nodes, monotime_cpu_now() - cpu);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "search"))
		return bench_search(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "vcf"))
		return bench_vcf(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "vct"))
		return bench_vct(argc - 2, argv + 2);
	fprintf(stderr,
		"usage: %s search [SECONDS [RULES [MOVES]]] | vcf [RUNS] | vct [FILE [THREES [NODES]]]\n",
		argv[0]);
	return 2;
}
