/* Match statistics: score, Wilson interval, Elo with its interval, SPRT. */
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

enum sprt_state stats_sprt_decide(const struct stats_wdl *r, const struct sprt *t)
{
	double lower, upper, llr = stats_sprt_llr(r, t);

	stats_sprt_bounds(t, &lower, &upper);
	if (llr >= upper)
		return SPRT_H1;
	if (llr <= lower)
		return SPRT_H0;
	return SPRT_CONTINUE;
}
