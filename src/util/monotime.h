/* Monotonic time in seconds, for deadlines and budgets (never the wall
 * clock, which jumps). */
#ifndef QUINTET_MONOTIME_H
#define QUINTET_MONOTIME_H

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double monotime_now(void);

#endif
