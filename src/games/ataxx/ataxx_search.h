/* The Ataxx alpha-beta search: iterative deepening, principal-variation
 * search with late-move reductions, a transposition table, move ordering
 * (table move, gains, killers, history) and a linear evaluation (the
 * features below, weighted by the table tools/ataxx_tune fits). Boards up to 8x8 are searched with
 * 64-bit bitboards, up to 11x11 with 128-bit ones, larger ones with the
 * wide form; all three give the same results.
 *
 * Pure computation: the only outside inputs are the stop flag and the
 * clock (monotonic, or the thread's CPU time; read for the time limits and
 * the reported times: search/limits.h). With node or depth limits only, the search is
 * deterministic (given the same table: see search/tt.h). */
#ifndef QUINTET_ATAXX_SEARCH_H
#define QUINTET_ATAXX_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "games/ataxx/ataxx.h"
#include "games/ataxx/ataxx_pos.h"
#include "games/ataxx/ataxx_tuple.h"
#include "search/tt.h"
#include "search/info.h"
#include "search/limits.h"
#include "search/order.h"
#include "search/pv.h"

#define ATAXX_MAX_PLY SEARCH_MAX_PLY
#define ATAXX_PIECE 100          /* a piece in evaluation units */
#define ATAXX_DEFAULT_TT_BITS 18 /* 2^18 entries of 16 bytes: 4 MiB */
#define ATAXX_TT_DEFAULT_MB 4    /* the session table when the level gives no hash_mb */

/* The evaluation's features, for the side to move: its count minus the
 * opponent's unless said. The evaluation is their dot product with the
 * weights of the position's rules, ataxx_weights[standard] (ataxx_weights.h,
 * written by `ataxx_tune fit`; a piece on a half-filled board is
 * ATAXX_PIECE): the seed's yinyang rules, where a stuck side hands the
 * empty squares over, play differently and have their own table. "Reach" is the empty squares a side can move to (clone or
 * jump). Every feature is unchanged by a rotation or mirror of the board
 * and by swapping the colours with the side to move. */
enum ataxx_feature {
	ATAXX_F_MATERIAL,    /* pieces */
	ATAXX_F_MATERIAL_LATE, /* pieces again, times 16 and the share of the
				* board's squares filled: material counts more
				* as the board fills */
	ATAXX_F_SAFE,        /* pieces next to no square of the opponent's reach */
	ATAXX_F_MOBILITY,    /* squares of reach */
	ATAXX_F_CLONES,      /* empty squares next to a piece (clone destinations) */
	ATAXX_F_FRONTIER,    /* pieces next to an empty square */
	ATAXX_F_TEMPO,       /* 1: having the move */
	ATAXX_F_THREAT,      /* the most pieces the side to move can turn now */
	ATAXX_F_THREAT_THEM, /* the most the opponent could turn if it moved */
	ATAXX_F_PARITY,      /* +1 when the empty squares anyone reaches are odd,
			      * -1 when even, once at most ATAXX_PARITY_EMPTIES */
	ATAXX_F_EDGE,        /* pieces next to a blocked square (the board's
			      * edge or a gap): fewer squares to be turned from */
	ATAXX_F_YY_STUCK,    /* yinyang only: every empty square, when the
			      * opponent reaches none (a clone now leaves it
			      * stuck, and the empties come to the side to move) */
	ATAXX_NFEATURES
};

#define ATAXX_PARITY_EMPTIES 12

/* The features' names, as the weights table and the tuner print them. */
extern const char *const ataxx_feature_names[ATAXX_NFEATURES];

/* The weights the search uses (ataxx_weights.h), per feature, for
 * yinyang ([0], ATAXX_YINYANG) and standard rules ([1]): index by
 * pos->standard. */
extern const int ataxx_weights[2][ATAXX_NFEATURES];

/* Search pos (an N x N board, N = size, not over) within the limits
 * (search/limits.h: a private table defaults to 2^ATAXX_DEFAULT_TT_BITS
 * entries); the first iteration always completes, whatever the limits.
 * Returns the best move (wide form) and fills *info (may be NULL): depth,
 * score and PV (wide moves) of the last completed iteration, nodes and
 * seconds of the whole search; limits->report gets the same after each
 * iteration. */
int ataxx_search(const struct axw_pos *pos, int size, const struct search_limits *limits,
		 struct search_info *info);

/* ataxx_search in the wide form whatever the size (tests and benchmarks
 * compare the forms). */
int ataxx_search_wide(const struct axw_pos *pos, const struct search_limits *limits,
		      struct search_info *info);

/* The static evaluation of pos for its side to move (as the search sees a
 * position that is not over): the weighed features and the tuple sum of
 * its rules' table (ataxx_tuple.h). */
int ataxx_evaluate(const struct axw_pos *pos);

/* The same with the tuple table w (ATAXX_TUPLE_INDICES weights; NULL:
 * none) in place of the rules' own (tests weigh tables of their own). */
int ataxx_evaluate_with(const struct axw_pos *pos, const int16_t *w);

/* For the tests of the incremental tuple sums (ataxx_tuple.h): play the
 * n wide moves from pos as the search does, in the form its size gets
 * (64-bit, 128-bit or wide; always wide when wide), keeping the sums under
 * table w move by move; after each move they must equal the sums
 * recomputed whole, in that form and by ataxx_tuple_sums. Returns the
 * index of the first move after which they differ, or -1. */
int ataxx_tuple_replay(const struct axw_pos *pos, const int *moves, int n, const int16_t *w,
		       bool wide);

/* The features of pos (not over) for its side to move, as the evaluation
 * weighs them: ataxx_evaluate(pos) is their dot product with
 * ataxx_weights[pos->standard]. */
void ataxx_features(const struct axw_pos *pos, int f[ATAXX_NFEATURES]);

#endif
