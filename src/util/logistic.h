/* A logistic regression fit, the evaluation tuners' common part
 * (tools/ataxx_tune.c, tools/gomoku_tune.c): P(win) = 1 / (1 + e^-(w . f))
 * over rows of k features, the mean log-loss (a draw counts as half a win)
 * plus lambda / 2 * |w|^2 minimised by damped Newton steps from w = 0;
 * exact and deterministic. Rows are dense (logistic_fit) or sparse
 * (logistic_fit_rows: only a row's nonzero features are stored, for fits
 * of thousands of features, such as Ataxx's tuple tables, of which a
 * row shows a few dozen); a dense fit is the sparse one over its nonzero
 * features, with the same result to the last bit. */
#ifndef QUINTET_LOGISTIC_H
#define QUINTET_LOGISTIC_H

#include <stdbool.h>
#include <stddef.h>

/* Sparse rows: row r's features are idx[start[r] .. start[r + 1]) with
 * the values val[...] (the others are 0), in ascending order of feature. */
struct logistic_rows {
	size_t n;             /* rows */
	int k;                /* features */
	const size_t *start;  /* n + 1 offsets into idx and val */
	const int *idx;       /* each entry's feature, 0..k-1, ascending in a row */
	const double *val;    /* each entry's value */
	const double *y;      /* each row's result, 0..1 */
	double lambda;        /* the L2 term's weight ... */
	const double *lambda_of; /* ... or each feature's (k of them; NULL: lambda) */
};

/* The mean log-loss of weights w (k of them) over n rows of k features x
 * against results y (0..1). */
double logistic_loss(const double *x, const double *y, size_t n, int k, const double *w);

/* The same over sparse rows (no L2 term). */
double logistic_rows_loss(const struct logistic_rows *d, const double *w);

/* Fit w[k] (features with use[i] false stay 0; use may be NULL: all) to
 * minimise the mean log-loss plus lambda / 2 * |w|^2, from w = 0. Returns
 * the Newton steps taken, or -1 when the system is singular (a feature
 * constant 0 with lambda 0). */
int logistic_fit(const double *x, const double *y, size_t n, int k, const bool *use,
		 double lambda, double *w);

/* logistic_fit over sparse rows, each feature's L2 weight lambda_of[i]
 * when given: the sum of lambda_of[i] / 2 * w[i]^2 then replaces the L2
 * term. A feature no row shows gets 0 (with a positive lambda) or makes
 * the system singular (-1). */
int logistic_fit_rows(const struct logistic_rows *d, const bool *use, double *w);

#endif
