/* A search's limits (see limits.h). */
#include "search/limits.h"

#include "util/checkpoint.h"
#include "util/monotime.h"

#define NEXT_ITERATION 0.6 /* of the hard limit: no iteration starts past it */
#define SCALE_CHANGED 1.5  /* the soft limit while the best move just changed */
#define SCALE_SETTLED 0.6  /* ... once it has held SETTLED iterations */
#define SETTLED 3

void search_limits_of_budget(struct search_limits *lim, const struct game_budget *budget,
			     const struct search_policy *policy)
{
	const struct game_level *level = budget->level;

	*lim = (struct search_limits){ .stop = budget->stop, .report = budget->report,
				       .ctx = budget->report_arg, .spend_all = budget->spend_all,
				       .exclude = budget->exclude, .nexclude = budget->nexclude };
	if (level) {
		lim->depth = level->depth;
		lim->nodes = level->nodes;
		lim->seconds = level->seconds;
	}
	if (!lim->depth && !lim->nodes && lim->seconds <= 0) {
		lim->seconds = policy->default_seconds;
		if (lim->seconds <= 0)
			lim->nodes = policy->default_nodes;
	}
	if (budget->max_seconds > 0 && (lim->seconds <= 0 || lim->seconds > budget->max_seconds))
		lim->seconds = budget->max_seconds;
	if (budget->soft_seconds > 0 && lim->seconds > 0 && budget->soft_seconds < lim->seconds)
		lim->soft_seconds = budget->soft_seconds * policy->hard_share;
	lim->seconds *= policy->hard_share;
}

static double clock_now(const struct search_limits *lim)
{
	return lim->cpu_clock ? monotime_cpu_now() : monotime_now();
}

void search_limits_start(struct search_limits *lim, long check_every, double soft_share)
{
	lim->start = clock_now(lim);
	lim->deadline = lim->seconds > 0 ? lim->start + lim->seconds : 0;
	lim->cpu_mark = lim->start;
	lim->wall_mark = lim->cpu_clock ? monotime_now() : lim->start;
	lim->check_every = check_every > 0 ? check_every : 1;
	lim->next_check = lim->check_every;
	lim->must_finish = false;
	lim->aborted = false;
	if (lim->soft_seconds <= 0)
		lim->soft_seconds = soft_share * lim->seconds;
}

double search_elapsed(const struct search_limits *lim)
{
	return clock_now(lim) - lim->start;
}

bool search_stop_requested(const struct search_limits *lim)
{
	return lim->stop && atomic_load_explicit(lim->stop, memory_order_relaxed);
}

static bool deadline_passed(const struct search_limits *lim)
{
	if (lim->deadline <= 0)
		return false;
	if (lim->cpu_clock && lim->cpu_mark + (monotime_now() - lim->wall_mark) < lim->deadline)
		return false;
	return clock_now(lim) >= lim->deadline;
}

bool search_limit_reached(const struct search_limits *lim, long nodes)
{
	return search_stop_requested(lim) || (lim->nodes > 0 && nodes >= lim->nodes) ||
	       deadline_passed(lim);
}

bool search_should_stop(struct search_limits *lim, long nodes)
{
	if (lim->aborted)
		return true;
	if (nodes < lim->next_check || lim->must_finish)
		return false;
	lim->next_check = nodes + lim->check_every;
	job_checkpoint();
	if (search_limit_reached(lim, nodes))
		lim->aborted = true;
	return lim->aborted;
}

bool search_soft_stop(const struct search_limits *lim, long nodes, int stable)
{
	if (search_stop_requested(lim) || (lim->nodes > 0 && nodes >= lim->nodes))
		return true;
	if (lim->seconds <= 0 || lim->spend_all)
		return false;
	double spent = search_elapsed(lim);
	double scale = stable == 0 ? SCALE_CHANGED : stable >= SETTLED ? SCALE_SETTLED : 1.0;

	return spent >= NEXT_ITERATION * lim->seconds || spent >= lim->soft_seconds * scale;
}
