/* The referee's clock of one side; the systems and the slack are in
 * refclock.h. */
#include "match/refclock.h"

#include <math.h>

/* The per-move cap's slack (--time): 5% and 50 ms, matching the engine's
 * own margin for the reply's travel. */
static double move_deadline(const struct match_config *cfg)
{
	return cfg->time * 1.05 + 0.05;
}

bool refclock_running(const struct match_config *cfg)
{
	return cfg->clock_main > 0 || cfg->byo_periods > 0;
}

void refclock_start(struct refclock *c, const struct match_config *cfg)
{
	c->main_left = cfg->clock_main;
	c->periods = cfg->byo_periods;
}

/* What the game clock alone allows the next move, slack not included. */
static double clock_allowed(const struct refclock *c, const struct match_config *cfg)
{
	return c->main_left + c->periods * cfg->byo_time;
}

double refclock_allowed(const struct refclock *c, const struct match_config *cfg)
{
	bool running = refclock_running(cfg);
	double t = running ? clock_allowed(c, cfg) : 0;

	/* A clock run down to 0 allows nothing: 0 means no limit only
	 * without one. */
	if (cfg->time > 0 && (!running || cfg->time < t))
		t = cfg->time;
	return running && t < REFCLOCK_FLOOR ? REFCLOCK_FLOOR : t;
}

double refclock_deadline(const struct refclock *c, const struct match_config *cfg)
{
	double t = refclock_running(cfg) ? clock_allowed(c, cfg) + MATCH_CLOCK_SLACK : 0;

	if (cfg->time > 0 && (t <= 0 || move_deadline(cfg) < t))
		t = move_deadline(cfg);
	return t;
}

int refclock_charge(struct refclock *c, const struct match_config *cfg, double used)
{
	double deadline = refclock_deadline(c, cfg);

	if (deadline > 0 && used > deadline)
		return -1;
	if (!refclock_running(cfg))
		return 0;
	if (used <= c->main_left) {
		c->main_left += cfg->clock_inc - used;
		return 0;
	}
	double over = used - c->main_left - MATCH_CLOCK_SLACK;
	c->main_left = cfg->clock_inc;
	if (c->periods == 0 || over <= 0)
		return 0;
	/* Each period the reply used up whole is lost; it was made within
	 * the next one, which it keeps. In time, so one is always left. */
	double whole = floor(over / cfg->byo_time);
	int lost = whole < c->periods ? (int)whole : c->periods - 1;
	c->periods -= lost;
	return lost;
}

void refclock_describe(const struct match_config *cfg, struct strbuf *out)
{
	if (refclock_running(cfg)) {
		sb_puts(out, "clock ");
		sb_put_real(out, cfg->clock_main);
		if (cfg->byo_periods > 0) {
			sb_printf(out, "+%dx", cfg->byo_periods);
			sb_put_real(out, cfg->byo_time);
		} else {
			sb_puts(out, "+");
			sb_put_real(out, cfg->clock_inc);
		}
	}
	if (cfg->time > 0) {
		sb_puts(out, refclock_running(cfg) ? ", " : "");
		sb_put_real(out, cfg->time);
		sb_puts(out, " s per move");
	}
}
