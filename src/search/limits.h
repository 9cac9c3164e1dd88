/* What a search may spend, and the one test of whether it must stop.
 *
 * The caller fills the first group (a level and a game_budget through
 * search_limits_of_budget, or a protocol's own numbers); the search takes
 * a copy and starts it (search_limits_start), which fills the second
 * group, its running state: the start, the absolute deadline, the next
 * node count at which the limits are looked at. A search may narrow its
 * copy for a phase (a node share, an earlier deadline) and put it back.
 *
 *   search_should_stop(lim, nodes)  at every node: cheap; every
 *        check_every nodes: job_checkpoint(), then the stop flag, the node
 *        limit and the hard deadline (latched in `aborted`; nothing while
 *        must_finish). A search whose node budget must end at its exact
 *        node checks every node (Flood).
 *   search_soft_stop(lim, nodes, stable)  between iterations: is another
 *        one worth starting? (the soft limit scaled by the best move's
 *        stability, never past 60% of the hard limit)
 *
 * Times count in the monotonic clock, or the thread's CPU time with
 * cpu_clock (benchmarks on a shared machine). */
#ifndef QUINTET_SEARCH_LIMITS_H
#define QUINTET_SEARCH_LIMITS_H

#include <stdatomic.h>
#include <stdbool.h>

#include "game.h"
#include "search/info.h"

struct search_tt;

struct search_limits {
	/* ---- what the caller allows */
	int depth;            /* most iterations, 0 = the search's own maximum */
	long nodes;           /* stop after about this many nodes, 0 = no limit */
	double seconds;       /* hard limit: stop after this long, 0 = none */
	double soft_seconds;  /* soft limit: no new iteration past it, scaled by
			       * the best move's stability (x1.5 when it just
			       * changed, x0.6 when it held 3 iterations);
			       * 0 = the search's own share of seconds. Either
			       * way none starts past 60% of seconds */
	bool spend_all;       /* use all of seconds (UAI movetime): no soft limit */
	bool cpu_clock;       /* time in the thread's CPU time, not monotonic */
	atomic_bool *stop;    /* set by another thread: stop now; or NULL */
	struct search_tt *tt; /* the session's table (search/tt.h), leased for
			       * the search; NULL or leased elsewhere: a
			       * private table of tt_bits */
	unsigned tt_bits;     /* log2 of a private table's entries, 0 = the game's default */
	search_report_fn report; /* called after each completed iteration, or NULL */
	void *ctx;            /* report's first argument */
	const int *exclude;   /* root moves the search must not choose */
	int nexclude;         /* how many */

	/* ---- the search's copy, from search_limits_start */
	double start;         /* the clock when the search started */
	double deadline;      /* start + seconds (the hard limit), 0 = none */
	double cpu_mark, wall_mark; /* with cpu_clock: the thread's CPU time and
			       * the monotonic clock at the start (a thread's
			       * CPU time grows no faster than the clock: the
			       * deadline needs no CPU-clock read, a system
			       * call, before the clock says it could pass) */
	long check_every;     /* nodes between looks at the limits */
	long next_check;      /* node count of the next look */
	bool must_finish;     /* the first iteration runs: no limit is looked at,
			       * so there is always a searched move */
	bool aborted;         /* a limit was hit: the search unwinds */
};

/* How a game maps a level and a budget to its limits. */
struct search_policy {
	double default_seconds; /* a level with no depth, nodes or time: this
				 * long (0: default_nodes instead) */
	long default_nodes;     /* ... or this many nodes */
	double hard_share;      /* of the budget's and the level's time: the
				 * rest is for unwinding and the reply */
};

/* The limits of one move from budget (its level: depth, nodes, seconds;
 * the budget's max_seconds caps the time, its soft_seconds becomes the
 * soft limit, its stop flag the stop) under the game's policy. Only the
 * caller's group of *lim is written, with the budget's report and its
 * argument; tt is left 0. */
void search_limits_of_budget(struct search_limits *lim, const struct game_budget *budget,
			     const struct search_policy *policy);

/* Start a search's copy of the limits now: the clock, the deadline, the
 * first check after check_every nodes, and soft_seconds, when 0, the
 * search's own share of seconds (soft_share). */
void search_limits_start(struct search_limits *lim, long check_every, double soft_share);

/* The time since lim's start, in its clock. */
double search_elapsed(const struct search_limits *lim);

/* Whether the stop flag is raised (looked at now, whatever the count). */
bool search_stop_requested(const struct search_limits *lim);

/* Whether the search, at nodes, must unwind now: true once a limit was
 * hit (latched in lim->aborted). Between checks it costs a comparison;
 * every check_every nodes it calls job_checkpoint() and looks at the stop
 * flag, the node limit and the hard deadline (none while must_finish). */
bool search_should_stop(struct search_limits *lim, long nodes);

/* Whether a limit of lim is reached now, checks or not: the stop flag,
 * the node limit, the hard deadline. Does not latch. */
bool search_limit_reached(const struct search_limits *lim, long nodes);

/* Whether another iteration is not worth starting, at nodes, after one
 * that left the best move unchanged for `stable` iterations (0: it just
 * changed; a search that does not follow it passes 1). An iteration costs
 * a few times the one before, so past 60% of the hard limit the next
 * would not finish; the soft limit is the time the move should take,
 * longer while the search changes its mind, shorter once it has settled.
 * With spend_all the time is used to the end. */
bool search_soft_stop(const struct search_limits *lim, long nodes, int stable);

#endif
