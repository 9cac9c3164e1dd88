/* Gomoku's engine (the alphabeta level): the threat solver (VCF: a win by
 * continuous fours; VCT: by threes and fours) and the alpha-beta search
 * built on it, both on the incremental position of gomoku_pos.h.
 *
 *   gomoku_search ─ root: five, block, open four, VCF, VCT, the
 *        │          opponent's VCF (root moves that leave it are dropped)
 *        └─ iterate ─ negamax (PVS, LMR, table, killers, history)
 *                        └─ at the horizon: the evaluation
 *
 * Pure computation: the only outside inputs are the stop flag and the
 * clock (search/limits.h). With node or depth limits only, the search is
 * deterministic. One search is one thread, on its own copy of the board. */
#ifndef QUINTET_GOMOKU_SEARCH_H
#define QUINTET_GOMOKU_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "games/gomoku/gomoku_pos.h"
#include "search/info.h"
#include "search/limits.h"

#define GOMOKU_MAX_PLY SEARCH_MAX_PLY
#define GOMOKU_WIN 30000         /* a won game scores GOMOKU_WIN - plies to the five */
#define GOMOKU_WIN_BOUND 29000   /* scores beyond this are won or lost games */
#define GOMOKU_SOLVE_MAX 256     /* longest threat sequence, in stones */
#define GOMOKU_DEFAULT_TT_BITS 19 /* a private table: 2^19 entries of 16 bytes, 8 MiB */
#define GOMOKU_TT_DEFAULT_MB 8    /* the session table when the level gives no hash_mb */

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

/* color's move on b under rules within the limits (search/limits.h); the
 * first iteration always completes within the node limit (it is small: one
 * ply), while the stop flag and the clock stop even that one. Returns the
 * point, or -1 when color has no legal point; fills *info (may be NULL:
 * scores for the side to move, +-(GOMOKU_WIN - plies) for a won game; nodes
 * count the stones put by the search and the threat solver; how is "five",
 * "block", "four", "vcf", "vct", "search", "centre" or "only"; the PV is
 * board points). limits->report gets it after each iteration, and once,
 * as depth 0, for a move decided without iterating (how is not "search").
 * b is not changed. */
int gomoku_search(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		  const struct search_limits *limits, struct search_info *info);

/* color's candidate points on b in the search's root order, best first,
 * legal, at most max of them, into out; returns how many. Only the five
 * when color has one, only the block when the opponent has a four. For
 * the level's randomness. */
int gomoku_search_candidates(const struct gomoku_board *b, enum gomoku_rules rules, int color,
			     int *out, int max);

#endif
