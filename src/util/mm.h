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

#include <stdbool.h>
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

/* The share of competitions whose winner is the strongest candidate
 * under gamma, a tie of k others counting 1/(k+1): the played move ranked
 * first. */
double mm_top1(const struct mm_data *d, const double *gamma);

/* Fit gamma[nfeatures] from gamma = 1, at most iterations rounds, until a
 * round raises the mean log-likelihood by tolerance or less. Returns the
 * rounds run. */
int mm_fit(const struct mm_data *d, int iterations, double tolerance, double *gamma);

/* Competitions gathered one position at a time, identical candidates
 * merged into one of that weight: what struct mm_data reads. */
#define MM_TEAM_MAX 12/* features of a candidate, at most */

struct mm_team {
	int f[MM_TEAM_MAX]; /* its features, in increasing order */
	int n;
	bool won;           /* the played move (one per competition) */
};

struct mm_builder {
	size_t *cand_start, *feat_start, *winner;
	int *feat;
	double *weight;
	size_t ncomp, ncand, nfeat, cap_comp, cap_cand, cap_feat;
};

/* Append the competition of teams t[0..n-1] (reordered: sorted), one of
 * them won. */
void mm_builder_add(struct mm_builder *bd, struct mm_team *t, int n);

/* The data of bd's competitions over features with these groups. */
struct mm_data mm_builder_data(const struct mm_builder *bd, int nfeatures, const int *group,
			       int ngroups);

/* Where bd stands, to take back what was added since (a bad input line's
 * competitions): the counts, the storage kept. */
struct mm_builder_mark {
	size_t ncomp, ncand, nfeat;
};
struct mm_builder_mark mm_builder_mark(const struct mm_builder *bd);
void mm_builder_rewind(struct mm_builder *bd, struct mm_builder_mark mark);

void mm_builder_free(struct mm_builder *bd);

#endif
