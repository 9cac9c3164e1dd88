/* Match statistics: score, Wilson interval, Elo with its interval, SPRT,
 * trinomial and pentanomial (the formulas are in stats.h). */
#include "match/stats.h"

#include <math.h>

long stats_games(const struct stats_wdl *r)
{
	return r->wins + r->draws + r->losses;
}

double stats_score(const struct stats_wdl *r)
{
	long n = stats_games(r);

	return n ? ((double)r->wins + 0.5 * (double)r->draws) / (double)n : 0.5;
}

struct stats_interval stats_wilson(const struct stats_wdl *r)
{
	double n = (double)stats_games(r), p = stats_score(r), z = STATS_Z95;
	struct stats_interval ci = { 0.0, 1.0 };

	if (n == 0)
		return ci;
	double denom = 1 + z * z / n;
	double centre = (p + z * z / (2 * n)) / denom;
	double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
	/* At a score of 0 or 1 the bound is exactly 0 or 1: no rounding left. */
	ci.low = p == 0 ? 0.0 : fmax(0.0, centre - half);
	ci.high = p == 1 ? 1.0 : fmin(1.0, centre + half);
	return ci;
}

double stats_elo(double score)
{
	if (score <= 0)
		return -INFINITY;
	if (score >= 1)
		return INFINITY;
	return -400.0 * log10(1.0 / score - 1.0);
}

/* Per-game variance of the score around mean (counts may be fractional). */
static double score_variance(double w, double d, double l, double mean)
{
	double n = w + d + l;

	return (w * (1 - mean) * (1 - mean) + d * (0.5 - mean) * (0.5 - mean) +
		l * mean * mean) / n;
}

void stats_elo_interval(const struct stats_wdl *r, double *elo, double *low, double *high)
{
	if (stats_games(r) == 0) {
		*elo = *low = *high = NAN;
		return;
	}
	struct stats_interval ci = stats_wilson(r);
	*elo = stats_elo(stats_score(r));
	*low = stats_elo(ci.low);
	*high = stats_elo(ci.high);
}

static double expected_score(double elo)
{
	return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double stats_sprt_llr(const struct stats_wdl *r, const struct sprt *t)
{
	double n = (double)stats_games(r);

	if (n == 0)
		return 0;
	double w = (double)r->wins + 0.5, d = (double)r->draws + 0.5, l = (double)r->losses + 0.5;
	double smooth_mean = (w + 0.5 * d) / (w + d + l);
	double var = score_variance(w, d, l, smooth_mean);
	double s0 = expected_score(t->elo0), s1 = expected_score(t->elo1);
	double mean = stats_score(r);

	return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

void stats_sprt_bounds(const struct sprt *t, double *lower, double *upper)
{
	*lower = log(t->beta / (1 - t->alpha));
	*upper = log((1 - t->beta) / t->alpha);
}

enum sprt_state stats_sprt_state(double llr, const struct sprt *t)
{
	double lower, upper;

	stats_sprt_bounds(t, &lower, &upper);
	if (llr >= upper)
		return SPRT_H1;
	if (llr <= lower)
		return SPRT_H0;
	return SPRT_CONTINUE;
}

enum sprt_state stats_sprt_decide(const struct stats_wdl *r, const struct sprt *t)
{
	return stats_sprt_state(stats_sprt_llr(r, t), t);
}

/* ---- pentanomial ---- */

/* A pair's score per game for each count: its half points / 4. */
static const double penta_value[STATS_PENTA] = { 0.0, 0.25, 0.5, 0.75, 1.0 };

long stats_penta_pairs(const struct stats_penta *p)
{
	long n = 0;

	for (int i = 0; i < STATS_PENTA; i++)
		n += p->pairs[i];
	return n;
}

double stats_penta_score(const struct stats_penta *p)
{
	long n = stats_penta_pairs(p);
	double sum = 0;

	if (!n)
		return 0.5;
	for (int i = 0; i < STATS_PENTA; i++)
		sum += (double)p->pairs[i] * penta_value[i];
	return sum / (double)n;
}

/* Variance of a pair's score around the mean score, over the pairs. */
static double penta_variance(const struct stats_penta *p, double mean)
{
	double n = (double)stats_penta_pairs(p), var = 0;

	for (int i = 0; i < STATS_PENTA; i++)
		var += (double)p->pairs[i] * (penta_value[i] - mean) * (penta_value[i] - mean);
	return var / n;
}

struct stats_interval stats_penta_interval(const struct stats_penta *p)
{
	long n = stats_penta_pairs(p);
	struct stats_interval ci = { 0.0, 1.0 };

	if (!n)
		return ci;
	double s = stats_penta_score(p);
	double half = STATS_Z95 * sqrt(penta_variance(p, s) / (double)n);
	ci.low = fmax(0.0, s - half);
	ci.high = fmin(1.0, s + half);
	return ci;
}

void stats_penta_elo_interval(const struct stats_penta *p, double *elo, double *low,
			      double *high)
{
	if (!stats_penta_pairs(p)) {
		*elo = *low = *high = NAN;
		return;
	}
	struct stats_interval ci = stats_penta_interval(p);
	*elo = stats_elo(stats_penta_score(p));
	*low = stats_elo(ci.low);
	*high = stats_elo(ci.high);
}

/* The theta of the distribution of largest likelihood with mean s, given
 * the observed frequencies q: the root of
 *   f(theta) = sum q_i (a_i - s) / (1 + theta (a_i - s)),
 * which falls from +inf to -inf on (-1 / (1 - s), 1 / s) (its derivative
 * is minus a sum of squares), so bisection finds it; 200 halvings reach
 * the limit of a double. Every q_i is positive (regularised). */
static double penta_theta(const double *q, double s)
{
	double lo = -1.0 / (1.0 - s), hi = 1.0 / s;

	for (int k = 0; k < 200; k++) {
		double mid = lo + (hi - lo) / 2, f = 0;

		if (mid <= lo || mid >= hi)
			break;
		for (int i = 0; i < STATS_PENTA; i++) {
			double d = penta_value[i] - s;
			f += q[i] * d / (1.0 + mid * d);
		}
		if (f > 0)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2;
}

double stats_penta_llr(const struct stats_penta *p, const struct sprt *t)
{
	double c[STATS_PENTA], q[STATS_PENTA], n = 0, llr = 0;

	if (!stats_penta_pairs(p))
		return 0;
	for (int i = 0; i < STATS_PENTA; i++) {
		c[i] = p->pairs[i] ? (double)p->pairs[i] : 1e-3; /* fishtest's regularize */
		n += c[i];
	}
	for (int i = 0; i < STATS_PENTA; i++)
		q[i] = c[i] / n;
	double s0 = expected_score(t->elo0), s1 = expected_score(t->elo1);
	double theta0 = penta_theta(q, s0), theta1 = penta_theta(q, s1);
	/* log p1_i - log p0_i, the q_i cancelling. */
	for (int i = 0; i < STATS_PENTA; i++)
		llr += q[i] * (log1p(theta0 * (penta_value[i] - s0)) -
			       log1p(theta1 * (penta_value[i] - s1)));
	return n * llr;
}
