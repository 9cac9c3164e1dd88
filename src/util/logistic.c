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

double logistic_loss(const double *x, const double *y, size_t n, int k, const double *w)
{
	double sum = 0;

	for (size_t r = 0; r < n; r++) {
		double z = dot(x + r * k, w, k);
		/* log(1 + e^z) - y z, computed without overflow */
		double softplus = z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
		sum += softplus - y[r] * z;
	}
	return n ? sum / (double)n : 0;
}

static double objective(const double *x, const double *y, size_t n, int k, const double *w,
			double lambda)
{
	return logistic_loss(x, y, n, k, w) + lambda / 2 * dot(w, w, k);
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
		for (int r = c + 1; r < m; r++) {
			double q = a[r * m + c] / a[c * m + c];
			for (int j = c; j < m; j++)
				a[r * m + j] -= q * a[c * m + j];
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

/* The Newton system at w over the used features idx[0..m): gradient g
 * and Hessian h of the objective. */
static void newton_system(const double *x, const double *y, size_t n, int k, const int *idx,
			  int m, const double *w, double lambda, double *g, double *h)
{
	memset(g, 0, (size_t)m * sizeof(*g));
	memset(h, 0, (size_t)m * m * sizeof(*h));
	for (size_t r = 0; r < n; r++) {
		const double *row = x + r * k;
		double p = sigmoid(dot(row, w, k)), e = p - y[r], v = p * (1 - p);

		/* a feature at 0 adds nothing (the rows are sparse) */
		for (int i = 0; i < m; i++) {
			double xi = row[idx[i]], vxi = v * xi;

			if (xi == 0)
				continue;
			g[i] += e * xi;
			for (int j = 0; j <= i; j++)
				h[i * m + j] += vxi * row[idx[j]];
		}
	}
	for (int i = 0; i < m; i++) {
		g[i] = g[i] / (double)n + lambda * w[idx[i]];
		for (int j = 0; j <= i; j++) {
			h[i * m + j] = h[i * m + j] / (double)n + (i == j ? lambda : 0);
			h[j * m + i] = h[i * m + j];
		}
	}
}

/* One damped Newton step from w: halved until the objective does not
 * rise. Returns the largest change of a weight. */
static double newton_step(const double *x, const double *y, size_t n, int k, const int *idx,
			  int m, double *w, double lambda, const double *d)
{
	double before = objective(x, y, n, k, w, lambda), scale = 1, moved = 0;
	double *trial = xmalloc((size_t)k * sizeof(*trial));

	for (int tries = 0; tries < 30; tries++, scale /= 2) {
		memcpy(trial, w, (size_t)k * sizeof(*w));
		for (int i = 0; i < m; i++)
			trial[idx[i]] -= scale * d[i];
		if (objective(x, y, n, k, trial, lambda) <= before + 1e-15)
			break;
	}
	for (int i = 0; i < m; i++)
		moved = fmax(moved, fabs(trial[idx[i]] - w[idx[i]]));
	memcpy(w, trial, (size_t)k * sizeof(*w));
	free(trial);
	return moved;
}

int logistic_fit(const double *x, const double *y, size_t n, int k, const bool *use,
		   double lambda, double *w)
{
	int *idx = xmalloc((size_t)k * sizeof(*idx)), m = 0, steps = 0;

	for (int i = 0; i < k; i++) {
		w[i] = 0;
		if (!use || use[i])
			idx[m++] = i;
	}
	double *g = xmalloc((size_t)m * sizeof(*g) + 1), *d = xmalloc((size_t)m * sizeof(*d) + 1);
	double *h = xmalloc((size_t)m * m * sizeof(*h) + 1);
	while (steps < FIT_STEPS) {
		newton_system(x, y, n, k, idx, m, w, lambda, g, h);
		if (solve(h, g, d, m) < 0) {
			steps = -1;
			break;
		}
		steps++;
		if (newton_step(x, y, n, k, idx, m, w, lambda, d) < FIT_TOLERANCE)
			break;
	}
	free(idx);
	free(g);
	free(d);
	free(h);
	return steps;
}
