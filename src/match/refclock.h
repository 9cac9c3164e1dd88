/* The referee's clock of one side: what --time and --clock allow a move,
 * and what a reply costs.
 *
 * Systems (match_config): none; a time per move (--time S); a game clock
 * (--clock M[+I]: sudden death, Fischer's increment); Japanese byo-yomi
 * (--clock M+PxS) as GUIs and KGS run it: main time M, then P periods of
 * S seconds; a move made within a period keeps it, each period used up is
 * lost, and losing the last one loses the game on time. Gomocup's pair
 * (--clock M with --time S: timeout_match and timeout_turn) is a game
 * clock with a cap per move.
 *
 * Every reply crosses a pipe, so the referee forgives MATCH_CLOCK_SLACK
 * once per move: a reply within that much past a period's end counts as
 * made within the period, and a reply within that much past the time left
 * is not lost on time (the time left then falls to 0). The charge is pure
 * arithmetic on the seconds measured, so tests drive it without a clock. */
#ifndef QUINTET_MATCH_REFCLOCK_H
#define QUINTET_MATCH_REFCLOCK_H

#include <stdbool.h>

#include "match/match.h"
#include "util/strbuf.h"

#define REFCLOCK_FLOOR 0.001 /* seconds a clock run down is said to allow */

struct refclock {
	double main_left; /* seconds of main time left (Fischer: the whole clock) */
	int periods;      /* byo-yomi periods left; 0 without byo-yomi */
};

/* Whether cfg runs a game clock (--clock, with or without byo-yomi). */
bool refclock_running(const struct match_config *cfg);

/* A side's clock at the start of a game. */
void refclock_start(struct refclock *c, const struct match_config *cfg);

/* Seconds the next move may take before it is lost on time (the slack
 * not included): main time left plus every period left, or the time per
 * move, whichever is less when both apply; 0 when nothing limits it (a
 * clock run down allows REFCLOCK_FLOOR, never 0, so a share of it stays
 * finite). */
double refclock_allowed(const struct refclock *c, const struct match_config *cfg);

/* Seconds after which a reply is late (the slack included: the clock's
 * allowance plus MATCH_CLOCK_SLACK, the time per move plus 5% and 50 ms,
 * the less of the two), or 0 when nothing limits the move. */
double refclock_deadline(const struct refclock *c, const struct match_config *cfg);

/* Charge a reply that took used seconds. Returns the byo-yomi periods it
 * lost (0 for any other system), or -1 when it overran what was allowed
 * by more than the slack: the side loses on time. Fischer's increment is
 * added after a move in time. */
int refclock_charge(struct refclock *c, const struct match_config *cfg, double used);

/* The clock in words for reports ("clock 5+3x1", "clock 60+0.5",
 * "2 s per move", "clock 10, 1 s per move"); nothing without a limit. */
void refclock_describe(const struct match_config *cfg, struct strbuf *out);

#endif
