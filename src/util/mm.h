/* Generalised Bradley–Terry models fitted by Minorization–Maximization
 * (Hunter, "MM algorithms for generalized Bradley-Terry models", 2004;
 * Coulom, "Computing Elo ratings of move patterns", 2007): the learned
 * move patterns' common part, game-independent beside logistic.h.
 *
 * A competition is a set of candidates of which one won (the move played
 * among the legal moves); a candidate is a team of features, at most one
 * of each group, and its strength is the product of its features'
 * gammas. P(a candidate wins) = its strength / the sum of all the
 * candidates' strengths. The fit maximises the likelihood of the winners
 * with one virtual win and one virtual loss of each feature against a
 * feature of gamma 1 (Coulom's prior), which keeps every gamma finite.
 * Each iteration updates the groups one after the other; exact and
 * deterministic. */
#ifndef QUINTET_MM_H
#define QUINTET_MM_H

#include <stddef.h>

struct mm_data {
	int nfeatures;             /* features 0..nfeatures-1 */
	const int *group;          /* the group of each feature, 0..ngroups-1 */
	int ngroups;
	size_t ncompetitions;
	const size_t *cand_start;  /* competition i: candidates cand_start[i]..cand_start[i+1]-1 */
	const size_t *feat_start;  /* candidate j: features feat[feat_start[j]..feat_start[j+1]-1] */
	const int *feat;
	const double *weight;      /* candidate j stands for weight[j] identical ones (>= 1) */
	const size_t *winner;      /* competition i's winner (a candidate index, within i) */
};

/* The mean log-likelihood of the winners under gamma. */
double mm_log_likelihood(const struct mm_data *d, const double *gamma);

/* Fit gamma[nfeatures] from gamma = 1, at most iterations rounds, until a
 * round raises the mean log-likelihood by tolerance or less. Returns the
 * rounds run. */
int mm_fit(const struct mm_data *d, int iterations, double tolerance, double *gamma);

#endif
