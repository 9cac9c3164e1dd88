/* Ataxx search benchmark: nodes per second and the depth reached in a
 * given time (default 1 s) of this thread's CPU time (so a loaded machine
 * gives the same figures) from a position, one thread, the hard level's
 * search (ataxx_search), with all of the time used (no soft limit). Prints
 * every completed iteration, then a summary.
 *
 * Usage: bench/ataxx_search [--wide] [SECONDS [RULES [FEN...]]]
 *   --wide  search in the wide form whatever the size (to compare forms)
 *   SECONDS default 1; RULES standard (default) or yinyang
 *   FEN     default the Ataxx start, x5o/7/7/7/7/7/o5x x 0 1 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx.h"
#include "games/ataxx/ataxx_search.h"

static void print_iteration(void *ctx, const struct search_info *info)
{
	struct strbuf pv = STRBUF_INIT;

	(void)ctx;
	for (int i = 0; i < info->npv && i < 8; i++) {
		sb_puts(&pv, i ? " " : "");
		ataxx_print_move(info->pv[i], false, &pv);
	}
	printf("depth %2d score %6d nodes %10ld time %6.3f s nps %9.0f pv %s\n", info->depth,
	       info->score, info->nodes, info->seconds,
	       info->seconds > 0 ? info->nodes / info->seconds : 0.0, sb_str(&pv));
	sb_free(&pv);
}

int main(int argc, char **argv)
{
	bool wide = argc > 1 && !strcmp(argv[1], "--wide");

	if (wide) {
		argv++;
		argc--;
	}
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	const char *rules = argc > 2 ? argv[2] : "standard";
	char *start[] = { "x5o/7/7/7/7/7/o5x", "x", "0", "1" };
	char **fen = argc > 3 ? argv + 3 : start;
	int nfen = argc > 3 ? argc - 3 : 4, size;
	struct axw_pos pos;
	struct search_info info;
	char err[128];

	if (seconds <= 0 || (strcmp(rules, "standard") && strcmp(rules, "yinyang")) ||
	    ataxx_parse_fen(nfen, fen, &size, &pos, err, sizeof(err)) < 0) {
		fprintf(stderr, "usage: %s [--wide] [SECONDS [standard|yinyang [FEN...]]]\n", argv[0]);
		return 2;
	}
	pos.standard = !strcmp(rules, "standard");
	if (axw_is_over(&pos)) {
		fprintf(stderr, "%s: the game is over in that position\n", argv[0]);
		return 2;
	}
	struct search_limits lim = { .seconds = seconds, .spend_all = true, .cpu_clock = true,
				     .report = print_iteration };
	int move = wide ? ataxx_search_wide(&pos, &lim, &info) : ataxx_search(&pos, size, &lim, &info);
	struct strbuf text = STRBUF_INIT;
	ataxx_print_move(move, false, &text);
	printf("best %s: depth %d, %ld nodes, %.0f nodes/s in %.2f s\n", sb_str(&text), info.depth,
	       info.nodes, info.seconds > 0 ? info.nodes / info.seconds : 0.0, info.seconds);
	sb_free(&text);
	return 0;
}
