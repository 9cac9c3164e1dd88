/* The logistic fit (see logistic.h). */
#include "util/logistic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define FIT_STEPS 100       /* Newton steps at most */
#define FIT_TOLERANCE 1e-10 /* stop when no weight moves more than this */

static double sigmoid(double z)
{
	return 1 / (1 + exp(-z));
}

static double dot(const double *a, const double *b, int k)
{
	double s = 0;

	for (int i = 0; i < k; i++)
		s += a[i] * b[i];
	return s;
}

/* log(1 + e^z) - y z, computed without overflow */
static double row_loss(double z, double y)
{
	double softplus = z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));

	return softplus - y * z;
}

double logistic_loss(const double *x, const double *y, size_t n, int k, const double *w)
{
	double sum = 0;

	for (size_t r = 0; r < n; r++)
		sum += row_loss(dot(x + r * k, w, k), y[r]);
	return n ? sum / (double)n : 0;
}

/* w . row r */
static double row_dot(const struct logistic_rows *d, size_t r, const double *w)
{
	double s = 0;

	for (size_t e = d->start[r]; e < d->start[r + 1]; e++)
		s += d->val[e] * w[d->idx[e]];
	return s;
}

double logistic_rows_loss(const struct logistic_rows *d, const double *w)
{
	double sum = 0;

	for (size_t r = 0; r < d->n; r++)
		sum += row_loss(row_dot(d, r, w), d->y[r]);
	return d->n ? sum / (double)d->n : 0;
}

static double objective(const struct logistic_rows *d, const double *w)
{
	double penalty = 0;

	if (!d->lambda_of)
		penalty = d->lambda / 2 * dot(w, w, d->k);
	else
		for (int i = 0; i < d->k; i++)
			penalty += d->lambda_of[i] / 2 * w[i] * w[i];
	return logistic_rows_loss(d, w) + penalty;
}

/* Solve a d = b (m x m, row-major; both destroyed) by Gaussian
 * elimination with partial pivoting. 0, or -1 when singular. */
static int solve(double *a, double *b, double *d, int m)
{
	for (int c = 0; c < m; c++) {
		int p = c;
		for (int r = c + 1; r < m; r++)
			if (fabs(a[r * m + c]) > fabs(a[p * m + c]))
				p = r;
		if (fabs(a[p * m + c]) < 1e-12)
			return -1;
		for (int j = 0; j < m; j++) {
			double t = a[c * m + j];
			a[c * m + j] = a[p * m + j];
			a[p * m + j] = t;
		}
		double t = b[c];
		b[c] = b[p];
		b[p] = t;
		const double *pivot = a + (size_t)c * m;
		for (int r = c + 1; r < m; r++) {
			double *row = a + (size_t)r * m, q = row[c] / pivot[c];
			if (q == 0)
				continue; /* nothing to take away (tuple rows are sparse) */
			for (int j = c; j < m; j++)
				row[j] -= q * pivot[j];
			b[r] -= q * b[c];
		}
	}
	for (int c = m - 1; c >= 0; c--) {
		double s = b[c];
		for (int j = c + 1; j < m; j++)
			s -= a[c * m + j] * d[j];
		d[c] = s / a[c * m + c];
	}
	return 0;
}

/* The Newton system at w over the used features (used[i]: feature i's
 * place among them, or -1; m of them, in feature order): gradient g and
 * Hessian h of the objective. */
static void newton_system(const struct logistic_rows *d, const int *used, const int *idx, int m,
			  const double *w, double *g, double *h)
{
	memset(g, 0, (size_t)m * sizeof(*g));
	memset(h, 0, (size_t)m * m * sizeof(*h));
	for (size_t r = 0; r < d->n; r++) {
		double p = sigmoid(row_dot(d, r, w)), e = p - d->y[r], v = p * (1 - p);
		size_t first = d->start[r];

		for (size_t a = first; a < d->start[r + 1]; a++) {
			int i = used[d->idx[a]];
			double xi = d->val[a], vxi = v * xi;

			if (i < 0 || xi == 0)
				continue;
			g[i] += e * xi;
			for (size_t b = first; b <= a; b++) {
				int j = used[d->idx[b]];

				if (j >= 0)
					h[i * m + j] += vxi * d->val[b];
			}
		}
	}
	for (int i = 0; i < m; i++) {
		double li = d->lambda_of ? d->lambda_of[idx[i]] : d->lambda;

		g[i] = g[i] / (double)d->n + li * w[idx[i]];
		for (int j = 0; j <= i; j++) {
			h[i * m + j] = h[i * m + j] / (double)d->n + (i == j ? li : 0);
			h[j * m + i] = h[i * m + j];
		}
	}
}

/* One damped Newton step from w: halved until the objective does not
 * rise. Returns the largest change of a weight. */
static double newton_step(const struct logistic_rows *d, const int *idx, int m, double *w,
			  const double *step)
{
	double before = objective(d, w), scale = 1, moved = 0;
	double *trial = xmalloc((size_t)d->k * sizeof(*trial));

	for (int tries = 0; tries < 30; tries++, scale /= 2) {
		memcpy(trial, w, (size_t)d->k * sizeof(*w));
		for (int i = 0; i < m; i++)
			trial[idx[i]] -= scale * step[i];
		if (objective(d, trial) <= before + 1e-15)
			break;
	}
	for (int i = 0; i < m; i++)
		moved = fmax(moved, fabs(trial[idx[i]] - w[idx[i]]));
	memcpy(w, trial, (size_t)d->k * sizeof(*w));
	free(trial);
	return moved;
}

int logistic_fit_rows(const struct logistic_rows *d, const bool *use, double *w)
{
	int k = d->k, *idx = xmalloc((size_t)k * sizeof(*idx) + 1);
	int *used = xmalloc((size_t)k * sizeof(*used) + 1), m = 0, steps = 0;

	for (int i = 0; i < k; i++) {
		w[i] = 0;
		used[i] = -1;
		if (!use || use[i]) {
			used[i] = m;
			idx[m++] = i;
		}
	}
	double *g = xmalloc((size_t)m * sizeof(*g) + 1), *step = xmalloc((size_t)m * sizeof(*step) + 1);
	double *h = xmalloc((size_t)m * m * sizeof(*h) + 1);
	while (steps < FIT_STEPS) {
		newton_system(d, used, idx, m, w, g, h);
		if (solve(h, g, step, m) < 0) {
			steps = -1;
			break;
		}
		steps++;
		if (newton_step(d, idx, m, w, step) < FIT_TOLERANCE)
			break;
	}
	free(idx);
	free(used);
	free(g);
	free(step);
	free(h);
	return steps;
}

int logistic_fit(const double *x, const double *y, size_t n, int k, const bool *use,
		 double lambda, double *w)
{
	size_t *start = xmalloc((n + 1) * sizeof(*start)), e = 0;
	int *idx = xmalloc((n * (size_t)k + 1) * sizeof(*idx));
	double *val = xmalloc((n * (size_t)k + 1) * sizeof(*val));

	for (size_t r = 0; r < n; r++) {
		start[r] = e;
		for (int i = 0; i < k; i++)
			if (x[r * k + i] != 0) {
				idx[e] = i;
				val[e++] = x[r * k + i];
			}
	}
	start[n] = e;
	struct logistic_rows d = { .n = n, .k = k, .start = start, .idx = idx, .val = val,
				   .y = y, .lambda = lambda };
	int steps = logistic_fit_rows(&d, use, w);
	free(start);
	free(idx);
	free(val);
	return steps;
}
