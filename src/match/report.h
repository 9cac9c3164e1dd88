/* Match results as text: the running summary, the live progress line and
 * the final report (per-game list and the table). The report names the
 * engines by their names (report_info.names) but for the per-game lines,
 * whose colour columns give their numbers, as the header lists them:
 * "engine 2: NAME (COMMAND)". */
#ifndef QUINTET_MATCH_REPORT_H
#define QUINTET_MATCH_REPORT_H

#include <stdio.h>

#include "match/match.h"
#include "match/stats.h"
#include "util/strbuf.h"

struct match_summary {
	long voids;                   /* games without a result, not counted */
	struct stats_wdl all;         /* engine 1's results (in the games it played) */
	struct stats_wdl as_color[3]; /* engine 1's results as black [1], white [2] */
	long color_wins[3];           /* draws [0], black wins [1], white wins [2] */
	long lost_by[MATCH_MAX_ENGINES][END_COUNT]; /* games engine i lost, by reason */
	double tally_sum[MATCH_MAX_ENGINES + 1]; /* per-game counts: all [0], engine k black [k] */
	long tally_games[MATCH_MAX_ENGINES + 1]; /* games summed in tally_sum */
	struct stats_wdl engine[MATCH_MAX_ENGINES]; /* each engine's results */
	struct stats_wdl pair[MATCH_MAX_ENGINES][MATCH_MAX_ENGINES]; /* [i][j]: i's against j */
	struct match_timing slowest[MATCH_MAX_ENGINES]; /* each engine's slowest reply for
							 * its time left, over the games;
							 * periods_lost: its total */
	int slowest_game[MATCH_MAX_ENGINES]; /* the game of that reply, 0: none */
	long timed_games;             /* games with timing (not from an old results file) */
	bool paired;                  /* the games come in colour-swapped pairs (match_paired):
				       * the pentanomial applies */
	struct stats_penta penta;     /* engine 1's whole pairs (neither game void), by
				       * its points in them */
};

/* Add one finished game to the summary. */
void summary_add(struct match_summary *s, const struct match_result *res);

/* Add a whole pair of games (the two games of a pair, colours swapped,
 * both done) to the pentanomial counts: engine 1's points in the two, by
 * half points; nothing when either is void. */
void summary_add_pair(struct match_summary *s, const struct match_result *a,
		      const struct match_result *b);

/* The SPRT's log-likelihood ratio for the summary: pentanomial over the
 * whole pairs in a paired match, else trinomial over the games. */
double summary_sprt_llr(const struct match_summary *s, const struct sprt *t);

/* "+12.3 [-45.6, +71.0]": the summary's Elo estimate and its 95% interval
 * (stats_elo_interval); "n/a" without games. */
void report_elo_text(const struct match_summary *s, struct strbuf *out);

/* The progress line after done of total games (no newline): engine 1's
 * results, engine 1 named name. */
void report_progress(const struct match_summary *s, const char *name, long done, long total,
		     struct strbuf *out);

/* What the report needs besides the results. */
struct report_info {
	const struct match_config *cfg; /* the match */
	const char *names[MATCH_MAX_ENGINES]; /* every engine's name, unique in the match
					       * (match_unique_names): the table's rows */
	const char *options;            /* the game's options in words */
	enum sprt_state sprt;           /* the SPRT state at the end */
	long sprt_missing;              /* --merge without every game: the first game
					 * missing (1-based), the SPRT replayed over the
					 * games before it; 0 otherwise */
	double sprt_llr;                /* the LLR over those games (with sprt_missing) */
	int interrupted;                /* the signal that stopped the match, or 0 */
	long duplicates;                /* games that repeat an earlier one (same engines
					 * in the same colours, the same moves) */
	int duplicate[2];               /* one such game and the earlier one it repeats */
	long played;                    /* games finished (counted or void) */
};

/* Games that repeat an earlier one among results[0 .. n - 1] (those
 * done): the same engines in the same colours and the same digest (setup
 * and moves); their count and one of them in info. */
void report_duplicates(const struct match_result *results, long n, struct report_info *info);

/* The report's head: the match, the engines, the per-game column titles. */
void report_header(FILE *out, const struct report_info *info);

/* One finished game's line. */
void report_game(FILE *out, const struct match_result *g);

/* The report's end: the table, interval, Elo, SPRT, forfeit reasons, void
 * games, and how an interrupted match can be continued. */
void report_footer(FILE *out, const struct report_info *info, const struct match_summary *s);

/* The whole report: header, one line per played game in game order, footer. */
void report_print(FILE *out, const struct report_info *info,
		  const struct match_result *results, long n, const struct match_summary *s);

#endif
