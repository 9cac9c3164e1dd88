/* A logistic regression fit, the evaluation tuners' common part
 * (tools/ataxx_tune.c, tools/gomoku_tune.c): P(win) = 1 / (1 + e^-(w . f))
 * over rows of k features, the mean log-loss (a draw counts as half a win)
 * plus lambda / 2 * |w|^2 minimised by damped Newton steps from w = 0;
 * exact and deterministic. */
#ifndef QUINTET_LOGISTIC_H
#define QUINTET_LOGISTIC_H

#include <stdbool.h>
#include <stddef.h>

/* The mean log-loss of weights w (k of them) over n rows of k features x
 * against results y (0..1). */
double logistic_loss(const double *x, const double *y, size_t n, int k, const double *w);

/* Fit w[k] (features with use[i] false stay 0; use may be NULL: all) to
 * minimise the mean log-loss plus lambda / 2 * |w|^2, from w = 0. Returns
 * the Newton steps taken, or -1 when the system is singular (a feature
 * constant 0 with lambda 0). */
int logistic_fit(const double *x, const double *y, size_t n, int k, const bool *use,
		 double lambda, double *w);

#endif
