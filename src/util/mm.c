/* The Minorization–Maximization fit (see mm.h). */
#include "util/mm.h"

#include <math.h>
#include <stdlib.h>

#include "util/xalloc.h"

#define PRIOR_WINS 1.0 /* virtual wins, and as many virtual losses, against gamma 1 */

static double strength(const struct mm_data *d, const double *gamma, size_t j)
{
	double s = 1;

	for (size_t k = d->feat_start[j]; k < d->feat_start[j + 1]; k++)
		s *= gamma[d->feat[k]];
	return s;
}

double mm_log_likelihood(const struct mm_data *d, const double *gamma)
{
	double sum = 0;

	for (size_t i = 0; i < d->ncompetitions; i++) {
		double total = 0;

		for (size_t j = d->cand_start[i]; j < d->cand_start[i + 1]; j++)
			total += d->weight[j] * strength(d, gamma, j);
		sum += log(strength(d, gamma, d->winner[i]) / total);
	}
	return d->ncompetitions ? sum / (double)d->ncompetitions : 0;
}

/* Candidate j's strength, its weight included, and its feature of group
 * g (or -1) in *of_group: one pass over its features. */
static double strength_and_feature(const struct mm_data *d, const double *gamma, size_t j,
				   int g, int *of_group)
{
	double s = 1;

	*of_group = -1;
	for (size_t k = d->feat_start[j]; k < d->feat_start[j + 1]; k++) {
		int f = d->feat[k];

		s *= gamma[f];
		if (d->group[f] == g)
			*of_group = f;
	}
	return d->weight[j] * s;
}

/* One MM step of group g: each of its gammas from its wins over the sum,
 * over competitions, of its candidates' strengths without it over the
 * total. */
static void update_group(const struct mm_data *d, int g, const double *wins, double *gamma,
			   double *denominator, double *str, int *of_group)
{
	for (int f = 0; f < d->nfeatures; f++)
		denominator[f] = 0;
	for (size_t i = 0; i < d->ncompetitions; i++) {
		double total = 0;

		for (size_t j = d->cand_start[i]; j < d->cand_start[i + 1]; j++) {
			str[j] = strength_and_feature(d, gamma, j, g, &of_group[j]);
			total += str[j];
		}
		for (size_t j = d->cand_start[i]; j < d->cand_start[i + 1]; j++) {
			int f = of_group[j];

			if (f >= 0)
				denominator[f] += str[j] / gamma[f] / total;
		}
	}
	for (int f = 0; f < d->nfeatures; f++) {
		if (d->group[f] != g)
			continue;
		double old = gamma[f];
		double den = denominator[f] + 2 * PRIOR_WINS / (old + 1);

		gamma[f] = (wins[f] + PRIOR_WINS) / den;
	}
}

int mm_fit(const struct mm_data *d, int iterations, double tolerance, double *gamma)
{
	double *wins = xcalloc((size_t)d->nfeatures + 1, sizeof(*wins));
	double *denominator = xcalloc((size_t)d->nfeatures + 1, sizeof(*denominator));
	double *str = xcalloc(d->cand_start[d->ncompetitions] + 1, sizeof(*str));
	int *of_group = xcalloc(d->cand_start[d->ncompetitions] + 1, sizeof(*of_group));
	int round = 0;

	for (int f = 0; f < d->nfeatures; f++)
		gamma[f] = 1;
	for (size_t i = 0; i < d->ncompetitions; i++) {
		size_t w = d->winner[i];

		for (size_t k = d->feat_start[w]; k < d->feat_start[w + 1]; k++)
			wins[d->feat[k]] += 1;
	}
	/* A direction the data hardly constrains (the scales of two groups that
	 * nearly every candidate has) drifts slowly towards the prior's
	 * choice; the winners' likelihood has long settled: that ends the fit. */
	double last = mm_log_likelihood(d, gamma);
	while (round < iterations) {
		round++;
		for (int g = 0; g < d->ngroups; g++)
			update_group(d, g, wins, gamma, denominator, str, of_group);
		double ll = mm_log_likelihood(d, gamma);
		if (ll - last <= tolerance)
			break;
		last = ll;
	}
	free(wins);
	free(denominator);
	free(str);
	free(of_group);
	return round;
}
