/* The time manager: one plan for every engine move, whatever protocol asked.
 *
 * A front end describes the mover's clock in protocol-neutral terms (struct
 * timeman_clock, made by timeman_from_gtp, timeman_from_uai or
 * timeman_from_gomocup) and timeman_plan answers two limits, in seconds
 * counted from the command's arrival:
 *   soft  no new iteration past it once the best move is stable;
 *   hard  everything the move does ends by then (game_budget.max_seconds).
 * No other file plans time; ctx_move_budget (GTP), the UAI and the Gomocup
 * front ends only translate, plan and count from arrival.
 *
 * The plan. A clock's time is spread over a horizon H of moves: UAI's
 * movestogo (or the stones left of a Canadian period) when the clock is
 * refilled after them; else the game's guess of its moves left
 * (game_ops.moves_left; 30 when it cannot say; never fewer than 8) plus 10
 * reserve moves, so that a game going far past the guess still has time
 * for its moves and their replies. Then
 *   soft_raw = left / H + 3/4 increment
 *   hard_raw = min(3 soft_raw, F left + increment / 2)
 * never more than left (an increment arrives after the move), where F is
 * max(30%, 1/H) when the clock is refilled after H moves and 10% in
 * sudden death: one reserve move's worth, so that a search which keeps
 * running to its hard limit still leaves a long game its time. 10 s on
 * 9x9 lasts 150 moves a side at the soft limit, 100 at the hard one
 * (test_timeman.c). GTP's soft limit is what its one limit was before
 * (clock_allowance's share less 50 ms and 5%); the hard one is new.
 * What byo-yomi gives a move in main time is added: under Japanese
 * byo-yomi a whole period (a move running into the first period keeps
 * it); under Canadian the period's time over its stones, when that is
 * more. In a Japanese period both limits are the period (time not used
 * is not kept); in a Canadian period, the period's time left over its
 * stones left (the horizon above). A fixed time per move (UAI movetime,
 * Gomocup timeout_turn) caps both; with spend_all (movetime) both are all
 * of it; a Gomocup turn with no match clock (turn_only) is searched to its
 * hard limit too (what a move leaves is lost), keeping the ordinary margin.
 *
 * The margins. Each limit t is lowered by 50 ms + 5% of t + 1.5 lag, where
 * lag is how late this session's replies have been past their hard limits
 * lately (struct timeman_lag: the largest of the last 8, each decayed by
 * 0.8 a move), at least the build's own prior (a sanitizer build answers
 * tens of ms late even when told 10 ms: 50 ms, ThreadSanitizer 100 ms). The
 * lag covers a loaded machine too: a process waiting for a core replies
 * late, and the next moves plan for it. UAI's movetime, which asks for the
 * time to be used to the end and which controllers allow a few ms over,
 * keeps back 4 ms + 1.5 lag only. When the margin leaves (almost) nothing,
 * a token move: 10 ms, or half of soft_raw when that is less, at least
 * 1 ms even with no time left (0 would mean "no limit", as GTP's clock
 * once answered a fallen flag); every search answers a legal move at any
 * budget. soft is never above hard.
 *
 * The estimate is per session (a GTP session, a UAI or Gomocup
 * connection), across its games: the machine's load and the path of the
 * replies do not change with a new game. */
#ifndef QUINTET_TIMEMAN_H
#define QUINTET_TIMEMAN_H

#include <stdbool.h>

#include "clock.h"

#define TIMEMAN_LAG_SAMPLES 8 /* overruns the lag estimate looks back on */

enum timeman_byo {
	TIMEMAN_BYO_NONE,     /* absolute time, or UAI's clock */
	TIMEMAN_BYO_CANADIAN, /* byo_stones moves per period of byo_time */
	TIMEMAN_BYO_JAPANESE, /* periods of byo_time; one used up is lost */
};

/* The mover's clock, whatever the protocol. */
struct timeman_clock {
	bool limited;          /* any limit at all; false: the plan is 0, 0 */
	double left;           /* seconds on the clock (main time, or in
				* byo-yomi the current period's); < 0: no
				* clock, only move_time */
	double increment;      /* seconds added after each move */
	int moves_to_go;       /* moves until the clock is refilled (UAI
				* movestogo); 0: sudden death */
	enum timeman_byo byo;  /* what follows main time */
	double byo_time;       /* seconds of a byo-yomi period */
	int byo_stones;        /* Canadian: moves per period */
	int byo_left;          /* in byo-yomi: Canadian stones or Japanese
				* periods left; 0 while in main time */
	double move_time;      /* fixed seconds per move (UAI movetime, Gomocup
				* timeout_turn); 0: none */
	bool spend_all;        /* use all of move_time (UAI movetime) */
	bool turn_only;        /* move_time is all there is (Gomocup's
				* timeout_turn, no match clock): time a move
				* leaves is lost, so it is used to the hard
				* limit, with the ordinary margins */
	int moves_left;        /* the game's guess of its mover's moves left
				* (game_ops.moves_left); 0: unknown */
	double lag;            /* seconds replies run late (timeman_lag_estimate) */
};

/* The limits of one move, in seconds from the command's arrival. */
struct timeman_plan {
	double soft; /* no new iteration past it once the best move is stable; 0: none */
	double hard; /* everything ends by then; 0: no limit */
	bool spend_all; /* search to hard, whatever the stability (UAI movetime) */
};

/* How late a session's replies have been: a ring of the last overruns. */
struct timeman_lag {
	double overrun[TIMEMAN_LAG_SAMPLES]; /* seconds past the hard limit (0 when
					      * in time), slot next - 1 newest */
	int count;          /* samples held, up to TIMEMAN_LAG_SAMPLES */
	int next;           /* the slot the next sample goes to */
	double planned;     /* hard limit (s from arrival) of the move in
			     * flight; 0: none planned */
	double last_reply;  /* the last planned move's reply time from
			     * arrival, in seconds (for the log and tests) */
};

/* The plan of one move from the mover's clock c. Pure: no clock is read. */
/* What is left now of a limit of seconds (0 or less: none, returned as
 * is) counted from arrival (monotime_now() seconds; 0: not known, the
 * limit whole): time spent queued is spent. At least a millisecond, so a
 * late move is a token move, never one without a limit. */
double timeman_left(double limit, double arrival);

/* A move's deadline (monotime_now() seconds, 0: none): arrival plus its
 * hard limit (0: none), within the command's cap (seconds from arrival,
 * 0: none). The job core answers the move by then, queued or not. */
double timeman_deadline(double arrival, double hard, double cap);

struct timeman_plan timeman_plan(const struct timeman_clock *c);

/* GTP's clock (time_settings, kgs-time_settings, time_left) for color (1
 * black, 2 white) into *out, with the game's guess moves_left (0: unknown)
 * and lag. Not limited when the clock is not. */
void timeman_from_gtp(struct timeman_clock *out, const struct game_clock *gc, int color,
		      int moves_left, double lag);

/* UAI's go arguments for the side to move into *out: time_ms its clock
 * (wtime/btime; -1 not given), inc_ms its increment, moves_to_go
 * (movestogo, 0 none), movetime_ms (-1 not given). Not limited when
 * neither a clock nor a movetime was given. */
void timeman_from_uai(struct timeman_clock *out, long time_ms, long inc_ms, long moves_to_go,
		      long movetime_ms, int moves_left, double lag);

/* Gomocup's INFO values in milliseconds (-1: not given) into *out:
 * timeout_turn a limit per move (0: as fast as possible, taken as 50 ms);
 * timeout_match the game's (0: unlimited, time_left then ignored);
 * time_left the match time left (before the first, timeout_match). Not
 * limited when nothing applies. */
void timeman_from_gomocup(struct timeman_clock *out, long timeout_turn, long timeout_match,
			  long time_left, int moves_left, double lag);

/* Seconds a slow build (sanitizers) is assumed late at least: the floor
 * of timeman_lag_estimate. 0 in an ordinary build. */
double timeman_build_lag(void);

/* Note that the move about to run has hard limit hard (seconds from its
 * arrival; 0: none, nothing will be recorded). */
void timeman_lag_plan(struct timeman_lag *lag, double hard);

/* The planned move's reply left reply seconds after its arrival: its
 * overrun (reply - hard, 0 when in time) joins the ring. Nothing without
 * a plan; the plan is used up. */
void timeman_lag_observe(struct timeman_lag *lag, double reply);

/* The lag to plan with: the largest recent overrun, each decayed by 0.8 a
 * sample since, and never under timeman_build_lag(). */
double timeman_lag_estimate(const struct timeman_lag *lag);

#endif
