/* Result statistics of a match, from the first engine's point of view:
 * score rate with a Wilson 95% interval, Elo difference with the interval
 * of the Wilson bounds, and a sequential probability ratio test (SPRT) to stop early.
 * Pure arithmetic; no I/O. */
#ifndef QUINTET_MATCH_STATS_H
#define QUINTET_MATCH_STATS_H

#include <stdbool.h>

#define STATS_Z95 1.959963984540054 /* two-sided 95% normal quantile */

struct stats_wdl {
	long wins;   /* games the engine won */
	long draws;  /* games drawn */
	long losses; /* games the engine lost */
};

struct stats_interval {
	double low;  /* lower bound */
	double high; /* upper bound */
};

enum sprt_state {
	SPRT_CONTINUE, /* neither bound reached */
	SPRT_H0,       /* accept H0: the difference is at most elo0 */
	SPRT_H1,       /* accept H1: the difference is at least elo1 */
};

struct sprt {
	double elo0;  /* Elo difference of H0 */
	double elo1;  /* Elo difference of H1 (> elo0) */
	double alpha; /* false positive rate */
	double beta;  /* false negative rate */
};

/* Games counted. */
long stats_games(const struct stats_wdl *r);

/* Score rate (wins + draws/2) / games, in [0, 1]; 0.5 with no games. */
double stats_score(const struct stats_wdl *r);

/* Wilson score interval at 95% for the score rate (draws count half).
 * With no games: [0, 1]. */
struct stats_interval stats_wilson(const struct stats_wdl *r);

/* Elo difference of a score rate: -400 log10(1/p - 1); +-INFINITY at 1/0. */
double stats_elo(double score);

/* Elo difference of the results and its 95% interval: the Elo of the
 * Wilson interval's bounds, so the bars are finite whenever the interval
 * stays inside (0, 1) (4 wins of 5 has finite bars; 5 of 5 an upper bound
 * of +INFINITY) and, like the interval, need not be symmetric. All three
 * are NAN with no games. */
void stats_elo_interval(const struct stats_wdl *r, double *elo, double *low, double *high);

/* Log-likelihood ratio of H1 over H0 for the results, with the
 * generalised SPRT in the logistic-Elo model (trinomial, normal
 * approximation). The variance is estimated with half a game added to each
 * of win, draw and loss, so a perfect start does not divide by zero. */
double stats_sprt_llr(const struct stats_wdl *r, const struct sprt *t);

/* Lower bound log(beta / (1 - alpha)) and upper bound log((1 - beta) / alpha). */
void stats_sprt_bounds(const struct sprt *t, double *lower, double *upper);

/* Compare the LLR with the bounds. */
enum sprt_state stats_sprt_decide(const struct stats_wdl *r, const struct sprt *t);

#endif
