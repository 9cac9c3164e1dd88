/* The Minorization–Maximization fit (see mm.h). */
#include "util/mm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

double mm_top1(const struct mm_data *d, const double *gamma)
{
	double hits = 0;

	for (size_t i = 0; i < d->ncompetitions; i++) {
		size_t w = d->winner[i];
		double best = strength(d, gamma, w);
		double ties = d->weight[w] - 1, above = 0;

		for (size_t j = d->cand_start[i]; j < d->cand_start[i + 1]; j++) {
			double s = strength(d, gamma, j);

			if (j != w && s > best)
				above += d->weight[j];
			else if (j != w && s == best)
				ties += d->weight[j];
		}
		hits += above > 0 ? 0 : 1 / (ties + 1);
	}
	return d->ncompetitions ? hits / (double)d->ncompetitions : 0;
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

/* ---- gathering the competitions ------------------------------------------ */

static int team_cmp(const void *a, const void *b)
{
	const struct mm_team *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	for (int i = 0; i < x->n; i++)
		if (x->f[i] != y->f[i])
			return x->f[i] < y->f[i] ? -1 : 1;
	return 0;
}

static void reserve(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return;
	while (*cap < need)
		*cap = *cap ? 2 * *cap : 4096;
	*p = xrealloc(*p, *cap * elem);
}

/* A candidate of weight 1 with t's features. */
static void add_candidate(struct mm_builder *bd, const struct mm_team *t)
{
	size_t cap = bd->cap_cand;

	reserve((void **)&bd->feat_start, &cap, bd->ncand + 2, sizeof(*bd->feat_start));
	reserve((void **)&bd->weight, &bd->cap_cand, bd->ncand + 2, sizeof(*bd->weight));
	reserve((void **)&bd->feat, &bd->cap_feat, bd->nfeat + MM_TEAM_MAX, sizeof(*bd->feat));
	bd->feat_start[bd->ncand] = bd->nfeat;
	memcpy(bd->feat + bd->nfeat, t->f, (size_t)t->n * sizeof(int));
	bd->nfeat += (size_t)t->n;
	bd->weight[bd->ncand++] = 1;
	bd->feat_start[bd->ncand] = bd->nfeat;
}

void mm_builder_add(struct mm_builder *bd, struct mm_team *t, int n)
{
	size_t cap = bd->cap_comp;

	qsort(t, (size_t)n, sizeof(*t), team_cmp);
	reserve((void **)&bd->cand_start, &cap, bd->ncomp + 2, sizeof(*bd->cand_start));
	reserve((void **)&bd->winner, &bd->cap_comp, bd->ncomp + 2, sizeof(*bd->winner));
	bd->cand_start[bd->ncomp] = bd->ncand;
	for (int i = 0; i < n; i++) {
		if (i > 0 && !team_cmp(&t[i - 1], &t[i]))
			bd->weight[bd->ncand - 1] += 1;
		else
			add_candidate(bd, &t[i]);
		if (t[i].won)
			bd->winner[bd->ncomp] = bd->ncand - 1;
	}
	bd->cand_start[++bd->ncomp] = bd->ncand;
}

struct mm_data mm_builder_data(const struct mm_builder *bd, int nfeatures, const int *group,
			       int ngroups)
{
	return (struct mm_data){ .nfeatures = nfeatures, .group = group, .ngroups = ngroups,
				 .ncompetitions = bd->ncomp, .cand_start = bd->cand_start,
				 .feat_start = bd->feat_start, .feat = bd->feat,
				 .weight = bd->weight, .winner = bd->winner };
}

struct mm_builder_mark mm_builder_mark(const struct mm_builder *bd)
{
	return (struct mm_builder_mark){ bd->ncomp, bd->ncand, bd->nfeat };
}

void mm_builder_rewind(struct mm_builder *bd, struct mm_builder_mark mark)
{
	bd->ncomp = mark.ncomp;
	bd->ncand = mark.ncand;
	bd->nfeat = mark.nfeat;
}

void mm_builder_free(struct mm_builder *bd)
{
	free(bd->cand_start);
	free(bd->feat_start);
	free(bd->winner);
	free(bd->feat);
	free(bd->weight);
	memset(bd, 0, sizeof(*bd));
}
