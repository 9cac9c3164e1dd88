/* Ataxx positions and rules for the three bitboard widths (ataxx_bits.h):
 * struct ax64_pos / ax128_pos / axw_pos and their inline functions,
 * generated from ataxx_pos_tmpl.h. The game keeps a wide position; search
 * and perft convert boards up to 8x8 to the 64-bit form and boards up to
 * 11x11 to the 128-bit form, which are several times faster. */
#ifndef QUINTET_ATAXX_POS_H
#define QUINTET_ATAXX_POS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/ataxx/ataxx_bits.h"
#include "util/checkpoint.h"

#define AX_PASS 0x10000 /* the pass move, in both widths */

enum {
	ax64_SQUARES = AX64_SQUARES,
	ax128_SQUARES = AX128_SQUARES,
	axw_SQUARES = AXW_SQUARES,
	/* Every empty square can be reached by one clone and 16 jumps. */
	ax64_MAX_MOVES = AX64_SQUARES * 17,
	ax128_MAX_MOVES = AX128_SQUARES * 17,
	axw_MAX_MOVES = AXW_SQUARES * 17,
	ax64_WORDS = 1, /* 64-bit words in a set */
	ax128_WORDS = 2,
	axw_WORDS = AXW_WORDS,
	/* The evaluation's tuple windows (ataxx_tuple.h) on the largest
	 * board of each width: 2 (N-3)(N-1). */
	ax64_MAX_WINDOWS = 70,
	ax128_MAX_WINDOWS = 160,
	axw_MAX_WINDOWS = 390,
	ax64_STRIDE = AX64_STRIDE, /* squares from a row to the next */
	ax128_STRIDE = AX128_STRIDE,
	axw_STRIDE = AXW_STRIDE,
};

/* for (AX_EACH(sq, set, k, w)) { ... }: every square of a set, lowest
 * first, word by word (k and w are the loop's scratch names). Written as
 * two nested loops, so the set needs no "rest" or "any" per square. */
#define AX_EACH_WORD(set, k, w) \
	int k = 0; k < AX(WORDS); k++) for (uint64_t w = AX(word)(set, k); w; w &= w - 1
#define AX_SQ(k, w) ((k) * 64 + __builtin_ctzll(w))

#define AX(name) ax64_##name
#include "games/ataxx/ataxx_pos_tmpl.h"
#undef AX

#define AX(name) ax128_##name
#include "games/ataxx/ataxx_pos_tmpl.h"
#undef AX

#define AX(name) axw_##name
#include "games/ataxx/ataxx_pos_tmpl.h"
#undef AX

#define AX128_MAX_SIZE 11 /* the largest board the 128-bit form holds */

/* Square numbers between the widths (the board must fit 8x8). */
static inline int ax_sq64(int sqw)
{
	return axw_row(sqw) * AX64_STRIDE + axw_col(sqw);
}

static inline int ax_sqw(int sq64)
{
	return ax64_row(sq64) * AXW_STRIDE + ax64_col(sq64);
}

static inline int ax_move64(int movew)
{
	return movew == AX_PASS ? AX_PASS : ax_sq64(movew >> 8) << 8 | ax_sq64(movew & 0xff);
}

static inline int ax_movew(int move64)
{
	return move64 == AX_PASS ? AX_PASS : ax_sqw(move64 >> 8) << 8 | ax_sqw(move64 & 0xff);
}

/* A wide bitboard of a board up to 8x8 in the 64-bit form; squares past
 * column 8 or row 8 are dropped. */
static inline ax64_bb ax_bb64(axw_bb a)
{
	ax64_bb out = 0;

	for (int row = 0; row < 8; row++)
		out |= ((a.w[row / 4] >> (row % 4 * 16)) & 0xff) << (row * 8);
	return out;
}

/* A wide position of a board up to 8x8 in the 64-bit form. Squares off
 * the board are blocked in both forms, so the result is exact. */
static inline struct ax64_pos ax_pos64(const struct axw_pos *p)
{
	struct ax64_pos q = {
		.piece = { ax_bb64(p->piece[0]), ax_bb64(p->piece[1]) },
		.blocked = ax_bb64(p->blocked),
		.turn = p->turn,
		.halfmoves = p->halfmoves,
		.fullmoves = p->fullmoves,
		.standard = p->standard,
		.size = p->size,
	};
	return q;
}

/* The same for the 128-bit form (the board must fit 11x11). */
static inline int ax_sq128(int sqw)
{
	return axw_row(sqw) * AX128_STRIDE + axw_col(sqw);
}

static inline int ax_sqw_of128(int sq128)
{
	return ax128_row(sq128) * AXW_STRIDE + ax128_col(sq128);
}

static inline int ax_move128(int movew)
{
	return movew == AX_PASS ? AX_PASS : ax_sq128(movew >> 8) << 8 | ax_sq128(movew & 0xff);
}

static inline int ax_movew_of128(int move128)
{
	return move128 == AX_PASS ? AX_PASS
				  : ax_sqw_of128(move128 >> 8) << 8 | ax_sqw_of128(move128 & 0xff);
}

/* A wide bitboard of a board up to 11x11 in the 128-bit form; squares
 * past column 11 or row 11 are dropped. */
static inline ax128_bb ax_bb128(axw_bb a)
{
	ax128_bb out = 0;

	for (int row = 0; row < AX128_MAX_SIZE; row++)
		out |= (ax128_bb)((a.w[row / 4] >> (row % 4 * 16)) & 0x7ff) << (row * AX128_STRIDE);
	return out;
}

/* A wide position of a board up to 11x11 in the 128-bit form: squares off
 * the board are blocked in both, and so are the 7 spare top bits. */
static inline struct ax128_pos ax_pos128(const struct axw_pos *p)
{
	struct ax128_pos q = {
		.piece = { ax_bb128(p->piece[0]), ax_bb128(p->piece[1]) },
		.blocked = ax_bb128(p->blocked) | ~(((ax128_bb)1 << 121) - 1),
		.turn = p->turn,
		.halfmoves = p->halfmoves,
		.fullmoves = p->fullmoves,
		.standard = p->standard,
		.size = p->size,
	};
	return q;
}

/* Perft (see perft_capped) of an N x N position in the fastest form its
 * size allows. */
static inline uint64_t ax_perft_sized(const struct axw_pos *pos, int size, int depth,
				      atomic_bool *stop, uint64_t *left)
{
	if (size <= 8) {
		struct ax64_pos p = ax_pos64(pos);
		return ax64_perft_capped(&p, depth, stop, left);
	}
	if (size <= AX128_MAX_SIZE) {
		struct ax128_pos p = ax_pos128(pos);
		return ax128_perft_capped(&p, depth, stop, left);
	}
	return axw_perft_capped(pos, depth, stop, left);
}

#endif
