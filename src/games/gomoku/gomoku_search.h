/* Gomoku's engine (the alphabeta level): the threat solver (VCF: a win by
 * continuous fours; VCT: by threes and fours) and the alpha-beta search
 * built on it, both on the incremental position of gomoku_pos.h.
 *
 *   gomoku_search ─ root: five, block, open four, VCF, VCT, the
 *        │          opponent's VCF (root moves that leave it are dropped)
 *        └─ iterate ─ negamax (PVS, LMR, table, killers, history)
 *                        └─ at the horizon: evaluation, or a small VCF
 *
 * Pure computation: the only outside inputs are the stop flag and the
 * monotonic clock. With node or depth limits only, the search is
 * deterministic. One search is one thread, on its own copy of the board. */
#ifndef QUINTET_GOMOKU_SEARCH_H
#define QUINTET_GOMOKU_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "games/gomoku/gomoku_pos.h"

#define GOMOKU_MAX_PLY 64
#define GOMOKU_WIN 30000         /* a won game scores GOMOKU_WIN - plies to the five */
#define GOMOKU_WIN_BOUND 29000   /* scores beyond this are won or lost games */
#define GOMOKU_SOLVE_MAX 256     /* longest threat sequence, in stones */
#define GOMOKU_DEFAULT_TT_BITS 19 /* 2^19 entries of 16 bytes: 8 MiB */

/* ---- the threat solver (gomoku_vcf.c) ----------------------------------- */

struct gomoku_solver_memo;

/* One threat solver over a position. The questions are about pos's side
 * to move (the attacker); pos is searched in place and unchanged after. */
struct gomoku_solver {
	struct gomoku_pos *pos;       /* the position asked about */
	long nodes;                   /* stones put so far, by every question */
	long limit;                   /* a question gives up when nodes reaches it;
				       * 0: no limit */
	int max_depth;                /* attacker moves at most; 0: the default (30) */
	bool (*expired)(void *ctx);   /* asked every few hundred nodes: true gives
				       * up; or NULL */
	void *ctx;                    /* expired's argument */
	bool aborted;                 /* the last question gave up (limit, expired) */
	long next_check;              /* node count of the next call of expired */
	struct gomoku_solver_memo *memo; /* positions already failed, or NULL */
	int seq[GOMOKU_SOLVE_MAX];    /* the last win: attacker's stone, defender's,
				       * ..., the attacker's last (five or open four) */
	int nseq;                     /* its length */
};

/* A solver for pos with its own memo (gomoku_solver_free releases it). */
void gomoku_solver_init(struct gomoku_solver *sv, struct gomoku_pos *pos);
void gomoku_solver_free(struct gomoku_solver *sv);

/* Whether the side to move wins by continuous fours (every attacker stone
 * makes a four, or a five; the defender's forced replies include blocks
 * that make fours of its own, which the attacker must block with a four).
 * true with the line in seq; false when there is none or the question gave
 * up (aborted). Renju: black's forbidden points are never attacker moves,
 * and a four black must block on a forbidden point wins. */
bool gomoku_solve_vcf(struct gomoku_solver *sv);

/* Whether the side to move wins by threes and fours: after an attacker's
 * three the defender may block on any point where the attacker would make
 * a four, or make a four of its own; every such reply must lose. true with
 * the attacker's first stone in seq[0] (the line in seq is one branch). */
bool gomoku_solve_vct(struct gomoku_solver *sv);

/* ---- the search (gomoku_search.c) --------------------------------------- */

/* What a search found; scores are for the side to move. */
struct gomoku_info {
	int depth;              /* iterations completed (0: decided at the root) */
	int score;              /* evaluation units, or +-(GOMOKU_WIN - plies) */
	long nodes;             /* stones put: search, VCF and VCT */
	double seconds;         /* time spent so far */
	const char *how;        /* "five", "block", "four", "vcf", "vct", "search",
				 * "centre", "only" */
	int pv[GOMOKU_MAX_PLY]; /* principal variation, board points */
	int npv;                /* its length */
};

struct gomoku_limits {
	int depth;         /* most iterations, 0 = GOMOKU_MAX_PLY - 1 */
	long nodes;        /* stop after about this many nodes, 0 = no limit */
	double seconds;    /* stop after this long, 0 = no limit */
	bool spend_all;    /* use all of seconds; else no new iteration starts past
			    * 60% of it */
	bool no_vct;       /* skip the root's VCT (a weaker level) */
	atomic_bool *stop; /* set by another thread: stop now; or NULL */
	unsigned tt_bits;  /* log2 of the table's entries, 0 = the default */
	/* Called after each completed iteration, or NULL. */
	void (*report)(void *ctx, const struct gomoku_info *info);
	void *ctx;         /* report's first argument */
};

/* color's move on b under rules within the limits; the first iteration
 * always completes (it is small: one ply). Returns the point, or -1 when
 * color has no legal point; fills *info (may be NULL). b is not changed. */
int gomoku_search(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		  const struct gomoku_limits *limits, struct gomoku_info *info);

/* color's candidate points on b in the search's root order, best first,
 * legal, at most max of them, into out; returns how many. Only the five
 * when color has one, only the block when the opponent has a four. For
 * the level's randomness. */
int gomoku_search_candidates(const struct gomoku_board *b, enum gomoku_rules rules, int color,
			     int *out, int max);

#endif
