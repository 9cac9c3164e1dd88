/* Monotonic time in seconds, for deadlines and budgets (never the wall
 * clock, which jumps), and the calling thread's CPU time, for benchmarks
 * on a shared machine (a search's limits may count in it: search/limits.h).
 * Every clock reading of the engine's own timing goes through here. */
#ifndef QUINTET_MONOTIME_H
#define QUINTET_MONOTIME_H

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double monotime_now(void);

/* The calling thread's CPU seconds (CLOCK_THREAD_CPUTIME_ID): unlike
 * monotime_now, time spent waiting for a core does not count. */
double monotime_cpu_now(void);

#endif
