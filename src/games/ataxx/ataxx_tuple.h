/* The Ataxx evaluation's tuple tables. Every window of 4 x 2 squares
 * (4 columns, 2 rows) and of 2 x 4 squares lying whole on the board is
 * read as a pattern of its 8 squares from the side to move's view: 0
 * empty (a gap too), 1 the side to move's piece, 2 the opponent's. A
 * pattern's index is the sum of digit_i 3^i over the cells of the window
 * in its *canonical* orientation, 4 columns by 2 rows, cell i = 4 row +
 * column; a 2 x 4 window is read transposed into it (its cell (row r,
 * column c) is canonical cell (c, r)). One table of 3^8 = 6561 weights
 * serves every window of both shapes, at every place and on every board
 * size (4..16: 2 (N-3)(N-1) windows, 48 on 7x7), so the rules' tables are
 * the whole learned part; ataxx_weights.h holds them, a table per rules,
 * written by `ataxx_tune fit` (doc/ataxx-tuning.md).
 *
 * Symmetries: a table is the same for the four patterns a mirror of the
 * window's columns, of its rows, or both make of one another (the tuner
 * fits one weight per such class, ataxx_tuple_class); a rotation or
 * mirror of the board takes every window to a window of the board and its
 * pattern to one of those four, so the tuple sum is unchanged by the
 * board's eight symmetries. Seen from the side to move, swapping the
 * colours and the turn changes nothing either.
 *
 * The search keeps each window's index from both sides' views (it
 * evaluates for whoever is to move) and updates them by a move's changed
 * squares (ataxx_search_tmpl.h); ataxx_tuple_indices computes them
 * whole. On a board of one 64-bit word (up to 8 x 8) and a CPU with
 * AVX-512's bit shuffle (BITALG) and byte dot products (VNNI), the search
 * keeps nothing instead: ataxx_tuple_sum64 reads every window's pattern
 * from the two bitboards at each evaluation, 8 windows an instruction
 * (a node's copy and its changed squares' updates cost more than that). */
#ifndef QUINTET_ATAXX_TUPLE_H
#define QUINTET_ATAXX_TUPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "games/ataxx/ataxx_pos.h"

#define ATAXX_TUPLE_INDICES 6561 /* 3^8 patterns */
#define ATAXX_TUPLE_CLASSES 1701 /* of them up to the window's mirrors */

/* ataxx_tuple_tern[m]: the sum of 3^i over the bits i of m, the pattern
 * index of a 4 x 2 window whose one side's pieces are the bits m (bit
 * 4 row + column, as ataxx_tuple_h_bits reads them); ataxx_tuple_tern_v
 * the same for a 2 x 4 window's bits (bit 2 row + column, as
 * ataxx_tuple_v_bits reads them) into the transposed, canonical cells. */
extern const uint16_t ataxx_tuple_tern[256];
extern const uint16_t ataxx_tuple_tern_v[256];

/* The rules' tables in engine units (ataxx_weights.h), [0] yinyang, [1]
 * standard as ataxx_weights; ataxx_tuple_on[r] is false when table r is
 * all 0 (the search then keeps no sums). */
extern const int16_t ataxx_tuple_weights[2][ATAXX_TUPLE_INDICES];
extern const bool ataxx_tuple_on[2];

/* The pattern index of a window, seen by the side whose pieces are the
 * bits us (the opponent's them; read as for ataxx_tuple_tern, or for
 * ataxx_tuple_tern_v when vertical). */
static inline int ataxx_tuple_index(unsigned us, unsigned them, bool vertical)
{
	const uint16_t *t = vertical ? ataxx_tuple_tern_v : ataxx_tuple_tern;

	return t[us] + 2 * t[them];
}

/* A board's windows laid out for ataxx_tuple_sum64: 8 windows a group,
 * each window's 8 squares (64-bit board squares, row * 8 + column) in the
 * order of its canonical cells (a last group's spare lanes read square
 * 0, their indices unused), and the rules' table. */
#define ATAXX_TUPLE_GROUPS64 9 /* ceil(70 / 8): the windows of 8 x 8 */
struct ataxx_tuple_plan {
	uint8_t cells[ATAXX_TUPLE_GROUPS64][64]; /* squares */
	int groups;                         /* groups of windows on the board */
	int windows;                        /* windows on the board */
	const int16_t *tw;                  /* the rules' table */
};

/* Lay out the windows of an n x n board (4 <= n <= 8) and the table w
 * in plan (which keeps w), when this CPU runs ataxx_tuple_sum64; returns
 * whether it does (plan is otherwise unused). */
bool ataxx_tuple_plan64(struct ataxx_tuple_plan *plan, int n, const int16_t *w);

/* Whether a search on an n x n board under the rules (standard 1,
 * yinyang 0) adds the rules' tuple table: the table on, and a board up
 * to 8 x 8, where a CPU with AVX-512's BITALG and VNNI reads the windows
 * whole (ataxx_tuple_plan64). Over 8 x 8 the windows are kept move by
 * move, a third of the nodes a second, at which cost the table lost at
 * equal CPU (doc/ataxx-tuning.md, section 3). Not the CPU: a search's
 * moves are the same on every machine (other CPUs keep the windows, at
 * that cost, on the small boards too). */
bool ataxx_tuple_searched(int n, int standard);

/* The sum of the table's weights over the windows of plan's board seen by
 * the side whose pieces are us (the opponent's them): the tuple part of
 * the evaluation, as ataxx_tuple_indices and the table give it. Only
 * after ataxx_tuple_plan64 returned true. */
int ataxx_tuple_sum64(const struct ataxx_tuple_plan *plan, uint64_t us, uint64_t them);

/* Each pattern index's class into cls: 0..ATAXX_TUPLE_CLASSES-1, the
 * same for the four patterns the window's mirrors make of one another,
 * numbered in the order of their least index. Returns the classes
 * (ATAXX_TUPLE_CLASSES). */
int ataxx_tuple_classes(int cls[ATAXX_TUPLE_INDICES]);

/* The windows of pos (on its pos->size board) from the side to move's
 * view: their pattern indices into idx (room for 2 (N-3)(N-1), at most
 * 390); returns how many. */
int ataxx_tuple_indices(const struct axw_pos *pos, int *idx);

#endif
