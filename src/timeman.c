/* The time manager: see timeman.h for the plan and its margins. */
#include "timeman.h"

#include <string.h>

#include "util/monotime.h"

#define TM_DEFAULT_MOVES 30    /* moves left when the game cannot say */
#define TM_MIN_MOVES 8         /* main time is never spread over fewer */
#define TM_RESERVE_MOVES 10    /* moves whose share main time keeps back */
#define TM_INC_SOFT 0.75       /* share of the increment the soft limit spends */
#define TM_INC_HARD 0.5        /* and the hard limit's cap */
#define TM_HARD_RATIO 3.0      /* hard limit: at most this many soft limits */
#define TM_MAX_FRACTION 0.3    /* and at most this share of a clock refilled
				* after moves_to_go moves (or a Canadian period) */
#define TM_SD_FRACTION 0.1     /* in sudden death: one reserve move's worth */
#define TM_BASE_MARGIN 0.050   /* seconds kept for the reply's travel */
#define TM_SHARE_MARGIN 0.05   /* and this share of the limit */
#define TM_MOVETIME_MARGIN 0.004 /* what movetime keeps back (spend_all) */
#define TM_LAG_FACTOR 1.5      /* the lag is kept back this many times over */
#define TM_TOKEN 0.010         /* a token move, short of time */
#define TM_MIN_LIMIT 0.001     /* the least limit (0 would mean none) */
#define TM_LAG_DECAY 0.8       /* an overrun's weight falls so each move */
#define GOMOCUP_FAST 0.050     /* timeout_turn 0: "as fast as possible" */

/* Build priors: a sanitizer build runs every move's fixed costs (tree
 * allocation, its freeing, the reply) several times slower; measured on
 * ASan: a 10 ms token genmove on 9x9 answers 30-85 ms late. */
#if defined(__SANITIZE_THREAD__)
#define TM_BUILD_LAG 0.100
#elif defined(__SANITIZE_ADDRESS__)
#define TM_BUILD_LAG 0.050
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TM_BUILD_LAG 0.100
#elif __has_feature(address_sanitizer)
#define TM_BUILD_LAG 0.050
#endif
#endif
#ifndef TM_BUILD_LAG
#define TM_BUILD_LAG 0.0
#endif

static double min2(double a, double b)
{
	return a < b ? a : b;
}

static double max2(double a, double b)
{
	return a > b ? a : b;
}

/* The moves the clock's time is spread over (see timeman.h). */
static double horizon(const struct timeman_clock *c)
{
	if (c->byo == TIMEMAN_BYO_CANADIAN && c->byo_left > 0)
		return c->byo_left; /* the period's stones left */
	if (c->moves_to_go > 0)
		return c->moves_to_go;
	int moves = c->moves_left > 0 ? c->moves_left : TM_DEFAULT_MOVES;
	return max2(moves, TM_MIN_MOVES) + TM_RESERVE_MOVES;
}

/* The clock's raw limits (before margins) into soft and hard. */
static void clock_raw(const struct timeman_clock *c, double *soft, double *hard)
{
	double left = max2(c->left, 0), h = horizon(c);

	if (c->byo == TIMEMAN_BYO_JAPANESE && c->byo_left > 0) {
		*soft = *hard = left; /* a move within the period keeps it */
		return;
	}
	*soft = left / h + TM_INC_SOFT * c->increment;
	double cap = c->moves_to_go > 0 || c->byo_left > 0 ? max2(TM_MAX_FRACTION, 1 / h)
							      : TM_SD_FRACTION;
	*hard = min2(TM_HARD_RATIO * *soft, cap * left + TM_INC_HARD * c->increment);
	*hard = min2(*hard, left); /* an increment comes after the move */
	*soft = min2(*soft, *hard);
	if (c->byo_left > 0)
		return; /* in a Canadian period */
	if (c->byo == TIMEMAN_BYO_JAPANESE) {
		*soft += c->byo_time; /* running into the first period keeps it */
		*hard += c->byo_time;
	} else if (c->byo == TIMEMAN_BYO_CANADIAN && c->byo_stones > 0) {
		double per = c->byo_time / c->byo_stones; /* a period's move */
		*soft = max2(*soft, per);
		*hard = max2(*hard, per);
	}
}

/* What is kept back from a limit of t seconds. */
static double margin(const struct timeman_clock *c, double t, bool spend_all)
{
	double lag = TM_LAG_FACTOR * c->lag;

	if (spend_all)
		return TM_MOVETIME_MARGIN + lag;
	return TM_BASE_MARGIN + TM_SHARE_MARGIN * t + lag;
}

/* t less its margin, or a token move (base: the share it is cut from). */
static double lowered(const struct timeman_clock *c, double t, double base, bool spend_all)
{
	double token = max2(min2(TM_TOKEN, base / 2), TM_MIN_LIMIT);

	return max2(t - margin(c, t, spend_all), token);
}

/* The smaller of two limits where 0 means none. */
static double tighter(double a, double b)
{
	return a <= 0 ? b : b <= 0 ? a : min2(a, b);
}

/* See timeman.h. */
struct timeman_plan timeman_plan(const struct timeman_clock *c)
{
	struct timeman_plan p = { 0, 0, false };
	double soft, hard;

	if (!c->limited)
		return p;
	if (c->left >= 0) {
		clock_raw(c, &soft, &hard);
		p.soft = lowered(c, soft, soft, false);
		p.hard = lowered(c, hard, soft, false);
	}
	if (c->move_time > 0) {
		double t = lowered(c, c->move_time, c->move_time, c->spend_all);

		p.spend_all = (c->spend_all || c->turn_only) && (p.hard <= 0 || t <= p.hard);
		p.hard = tighter(p.hard, t);
		p.soft = tighter(p.soft, t);
	}
	if (p.spend_all)
		p.soft = p.hard;
	p.soft = min2(p.soft, p.hard);
	return p;
}

/* See timeman.h. */
void timeman_from_gtp(struct timeman_clock *out, const struct game_clock *gc, int color,
		      int moves_left, double lag)
{
	memset(out, 0, sizeof(*out));
	out->limited = gc->limited;
	out->left = gc->left[color];
	out->byo = gc->byo_periods > 0 ? TIMEMAN_BYO_JAPANESE
		   : gc->byo_stones > 0 ? TIMEMAN_BYO_CANADIAN : TIMEMAN_BYO_NONE;
	out->byo_time = gc->byo_time;
	out->byo_stones = gc->byo_stones;
	out->byo_left = gc->stones_left[color];
	out->moves_left = moves_left;
	out->lag = lag;
}

/* See timeman.h. */
void timeman_from_uai(struct timeman_clock *out, long time_ms, long inc_ms, long moves_to_go,
		      long movetime_ms, int moves_left, double lag)
{
	memset(out, 0, sizeof(*out));
	out->left = time_ms >= 0 ? time_ms / 1000.0 : -1;
	out->increment = inc_ms > 0 ? inc_ms / 1000.0 : 0;
	out->moves_to_go = moves_to_go > 0 && moves_to_go < 1000000 ? (int)moves_to_go : 0;
	if (movetime_ms >= 0) {
		out->move_time = max2(movetime_ms / 1000.0, TM_MIN_LIMIT);
		out->spend_all = true;
	}
	out->limited = time_ms >= 0 || movetime_ms >= 0;
	out->moves_left = moves_left;
	out->lag = lag;
}

/* See timeman.h. */
void timeman_from_gomocup(struct timeman_clock *out, long timeout_turn, long timeout_match,
			  long time_left, int moves_left, double lag)
{
	memset(out, 0, sizeof(*out));
	out->move_time = timeout_turn > 0 ? timeout_turn / 1000.0
			 : timeout_turn == 0 ? GOMOCUP_FAST : 0;
	out->left = -1;
	if (timeout_match != 0 && time_left >= 0)
		out->left = time_left / 1000.0;
	else if (timeout_match > 0)
		out->left = timeout_match / 1000.0; /* no time_left yet: all of it */
	out->limited = out->move_time > 0 || out->left >= 0;
	out->turn_only = out->move_time > 0 && out->left < 0;
	out->moves_left = moves_left;
	out->lag = lag;
}

/* See timeman.h. */
double timeman_build_lag(void)
{
	return TM_BUILD_LAG;
}

/* See timeman.h. */
void timeman_lag_plan(struct timeman_lag *lag, double hard)
{
	lag->planned = hard > 0 ? hard : 0;
}

/* See timeman.h. */
void timeman_lag_observe(struct timeman_lag *lag, double reply)
{
	if (lag->planned <= 0)
		return;
	lag->overrun[lag->next] = max2(reply - lag->planned, 0);
	lag->next = (lag->next + 1) % TIMEMAN_LAG_SAMPLES;
	if (lag->count < TIMEMAN_LAG_SAMPLES)
		lag->count++;
	lag->last_reply = reply;
	lag->planned = 0;
}

/* See timeman.h. */
double timeman_lag_estimate(const struct timeman_lag *lag)
{
	double est = TM_BUILD_LAG, weight = 1;

	for (int age = 0; age < lag->count; age++) {
		int slot = (lag->next - 1 - age + 2 * TIMEMAN_LAG_SAMPLES) % TIMEMAN_LAG_SAMPLES;

		est = max2(est, lag->overrun[slot] * weight);
		weight *= TM_LAG_DECAY;
	}
	return est;
}

/* See timeman.h. */
double timeman_left(double limit, double arrival)
{
	if (limit <= 0 || arrival <= 0)
		return limit;
	return max2(limit - (monotime_now() - arrival), TM_MIN_LIMIT);
}

/* See timeman.h. */
double timeman_deadline(double arrival, double hard, double cap)
{
	double limit = tighter(hard, cap);

	return limit > 0 ? arrival + limit : 0;
}
