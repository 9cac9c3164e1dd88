/* Result statistics of a match, from the first engine's point of view:
 * score rate with a Wilson 95% interval, Elo difference with the interval
 * of the Wilson bounds, and a sequential probability ratio test (SPRT) to stop early.
 * Pure arithmetic; no I/O.
 *
 * Two models of the games. Trinomial: every game on its own, a win, a
 * draw or a loss (struct stats_wdl). Pentanomial: games played in pairs
 * from one start with colours swapped, each pair counted by the points
 * the engine took in its two games (struct stats_penta: LL, LD, DD or
 * WL, WD, WW), which keeps the correlation of the two games of a pair
 * (an unbalanced opening wins for whoever has the good side) out of the
 * variance. The pentanomial SPRT is the one fishtest (LLR_logistic in
 * server/fishtest/stats/LLRcalc.py) and fastchess (the logistic model)
 * compute: the generalised log-likelihood ratio with the exact maximum
 * likelihood estimates (stats_penta_llr says how). */
#ifndef QUINTET_MATCH_STATS_H
#define QUINTET_MATCH_STATS_H

#include <stdbool.h>

#define STATS_Z95 1.959963984540054 /* two-sided 95% normal quantile */

struct stats_wdl {
	long wins;   /* games the engine won */
	long draws;  /* games drawn */
	long losses; /* games the engine lost */
};

/* Pairs of games by the engine's points in the pair, in half points:
 * [0] LL (0), [1] LD (1), [2] DD or WL (2), [3] WD (3), [4] WW (4). As a
 * score per game the five are 0, 1/4, 1/2, 3/4 and 1. */
#define STATS_PENTA 5

struct stats_penta {
	long pairs[STATS_PENTA]; /* pairs with 0 to 4 half points */
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
 * approximation: LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var), s the
 * score, var the variance of a game's score, s0 and s1 the scores of H0
 * and H1; fishtest's LLR_alt2). The variance is estimated with half a game added to each
 * of win, draw and loss, so a perfect start does not divide by zero. */
double stats_sprt_llr(const struct stats_wdl *r, const struct sprt *t);

/* Pairs counted. */
long stats_penta_pairs(const struct stats_penta *p);

/* Score per game over the pairs: the mean of a pair's points / 2, in
 * [0, 1]; 0.5 with no pairs. */
double stats_penta_score(const struct stats_penta *p);

/* The score's 95% interval with the pentanomial variance: score +- z
 * sqrt(var / pairs), var the variance of a pair's score (points / 2) over
 * the pairs, as fastchess's EloPentanomial; clamped to [0, 1]. With no
 * pairs: [0, 1]. */
struct stats_interval stats_penta_interval(const struct stats_penta *p);

/* Elo of the pentanomial score and of its interval's bounds (+-INFINITY
 * at a bound of 1 or 0); all three NAN with no pairs. */
void stats_penta_elo_interval(const struct stats_penta *p, double *elo, double *low,
			      double *high);

/* Log-likelihood ratio of H1 over H0 for the pairs, the generalised SPRT
 * in the logistic-Elo model with the exact maximum likelihood estimates
 * (fishtest's LLR_logistic, fastchess's logistic model). The pair
 * scores a_i are 0, 1/4, 1/2, 3/4, 1 with observed frequencies
 * q_i = c_i / N, where a count of 0 is taken as 0.001 (fishtest's
 * regularize) and N is the sum of the counts so taken. For s the score
 * of H0 or H1 (1 / (1 + 10^(-elo / 400))), the distribution of largest
 * likelihood with mean s is p_i = q_i / (1 + theta (a_i - s)), theta the
 * root of sum q_i (a_i - s) / (1 + theta (a_i - s)) = 0 between
 * -1 / (1 - s) and 1 / s (found by bisection); then
 *   LLR = N sum q_i (log p1_i - log p0_i).
 * 0 with no pairs. */
double stats_penta_llr(const struct stats_penta *p, const struct sprt *t);

/* Lower bound log(beta / (1 - alpha)) and upper bound log((1 - beta) / alpha). */
void stats_sprt_bounds(const struct sprt *t, double *lower, double *upper);

/* Compare the trinomial LLR with the bounds. */
enum sprt_state stats_sprt_decide(const struct stats_wdl *r, const struct sprt *t);

/* Compare an LLR with the bounds: H1 at or above the upper, H0 at or
 * below the lower. */
enum sprt_state stats_sprt_state(double llr, const struct sprt *t);

#endif
