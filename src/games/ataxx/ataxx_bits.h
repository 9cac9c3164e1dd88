/* Ataxx bitboards in two widths, with the same operation names so that
 * ataxx_pos_tmpl.h and ataxx_search_tmpl.h can be written once:
 *
 *   ax64_*  one 64-bit word, 8 squares to a row: boards up to 8x8 (the
 *           classic 7x7 among them) at full speed;
 *   ax128_* one unsigned __int128, 11 squares to a row (121 squares, the
 *           7 top bits never empty): boards 9x9 to 11x11, with the same
 *           shift tricks (two words a step, about half the 64-bit speed);
 *   axw_*   four 64-bit words, 16 squares to a row (4 rows to a word):
 *           every board up to 16x16.
 *
 * A square is row * stride + column, row 0 at the bottom (a1 is square 0).
 * Squares that are not on the current board are never empty: positions
 * keep them in their "blocked" set together with the gaps, so no operation
 * here needs to know the board size. The neighbour and jump tables are
 * constants computed by the compiler (ataxx_tables.c). */
#ifndef QUINTET_ATAXX_BITS_H
#define QUINTET_ATAXX_BITS_H

#include <stdbool.h>
#include <stdint.h>

#define AX64_STRIDE 8
#define AX64_SQUARES 64
#define AXW_STRIDE 16
#define AXW_SQUARES 256
#define AXW_WORDS 4

/* ------------------------------------------------------------------ */
/* 64-bit boards                                                       */

typedef uint64_t ax64_bb;

#define AX64_COL_A 0x0101010101010101ULL
#define AX64_COL_H 0x8080808080808080ULL

extern const ax64_bb ax64_adjacent[AX64_SQUARES]; /* the 8 neighbours */
extern const ax64_bb ax64_jumps[AX64_SQUARES];    /* the 16 squares 2 away */

static inline ax64_bb ax64_zero(void) { return 0; }
static inline ax64_bb ax64_and(ax64_bb a, ax64_bb b) { return a & b; }
static inline ax64_bb ax64_or(ax64_bb a, ax64_bb b) { return a | b; }
static inline ax64_bb ax64_xor(ax64_bb a, ax64_bb b) { return a ^ b; }
static inline ax64_bb ax64_andnot(ax64_bb a, ax64_bb b) { return a & ~b; }
static inline ax64_bb ax64_not(ax64_bb a) { return ~a; }
static inline bool ax64_any(ax64_bb a) { return a != 0; }
static inline bool ax64_equal(ax64_bb a, ax64_bb b) { return a == b; }
static inline int ax64_count(ax64_bb a) { return __builtin_popcountll(a); }
static inline ax64_bb ax64_bit(int sq) { return (ax64_bb)1 << sq; }
static inline bool ax64_test(ax64_bb a, int sq) { return (a >> sq) & 1; }
/* The lowest square of a non-empty set, and the set without it. */
static inline int ax64_first(ax64_bb a) { return __builtin_ctzll(a); }
/* Word k of a set (loops over the set bits go word by word: one word
 * here, AXW_WORDS in the wide form). */
static inline uint64_t ax64_word(ax64_bb a, int k) { (void)k; return a; }
static inline ax64_bb ax64_rest(ax64_bb a) { return a & (a - 1); }

/* a and every square next to a square of a. */
static inline ax64_bb ax64_grow(ax64_bb a)
{
	ax64_bb h = a | ((a << 1) & ~AX64_COL_A) | ((a >> 1) & ~AX64_COL_H);

	return h | (h << 8) | (h >> 8);
}

/* The frame of the set: its first and last rows and columns. A board
 * square there has no square of the set beyond it, so grow(blocked) does
 * not mark it as next to the board's side; every other side square (and
 * every square next to a gap) is next to a blocked square. */
static inline ax64_bb ax64_border(void)
{
	return AX64_COL_A | AX64_COL_H | 0xffULL | 0xffULL << 56;
}

/* The set moved n squares down (0 < n < 64): square sq + n to sq. */
static inline ax64_bb ax64_shr(ax64_bb a, int n) { return a >> n; }

/* The n (< 16) squares of one row from sq on, as the low n bits. */
static inline unsigned ax64_row_bits(ax64_bb a, int sq, int n)
{
	return (unsigned)(a >> sq) & ((1u << n) - 1);
}

static inline ax64_bb ax64_near(int sq) { return ax64_adjacent[sq]; }
static inline ax64_bb ax64_far(int sq) { return ax64_jumps[sq]; }

static inline uint64_t ax_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t ax64_hash(ax64_bb a, uint64_t h)
{
	return ax_mix64(h ^ ax_mix64(a + 0x9e3779b97f4a7c15ULL));
}

static inline int ax64_row(int sq) { return sq / AX64_STRIDE; }
static inline int ax64_col(int sq) { return sq % AX64_STRIDE; }

/* ------------------------------------------------------------------ */
/* 128-bit boards                                                      */

#define AX128_STRIDE 11
#define AX128_SQUARES 128 /* 121 on the board area, 7 spare (always blocked) */

typedef unsigned __int128 ax128_bb;

/* Column a and column k (the 11th) of every row; column a also of the
 * spare 12th row (bit 121), so that nothing shifted out of column k of the
 * top row comes back in column a. */
#define AX128_COL_A ((ax128_bb)0x0200400801002004ULL << 64 | 0x0080100200400801ULL)
#define AX128_COL_K (AX128_COL_A << 10)

extern const ax128_bb ax128_adjacent[AX128_SQUARES];
extern const ax128_bb ax128_jumps[AX128_SQUARES];

static inline ax128_bb ax128_zero(void) { return 0; }
static inline ax128_bb ax128_and(ax128_bb a, ax128_bb b) { return a & b; }
static inline ax128_bb ax128_or(ax128_bb a, ax128_bb b) { return a | b; }
static inline ax128_bb ax128_xor(ax128_bb a, ax128_bb b) { return a ^ b; }
static inline ax128_bb ax128_andnot(ax128_bb a, ax128_bb b) { return a & ~b; }
static inline ax128_bb ax128_not(ax128_bb a) { return ~a; }
static inline bool ax128_any(ax128_bb a) { return a != 0; }
static inline bool ax128_equal(ax128_bb a, ax128_bb b) { return a == b; }
static inline uint64_t ax128_word(ax128_bb a, int k) { return (uint64_t)(a >> (64 * k)); }
static inline int ax128_count(ax128_bb a)
{
	return __builtin_popcountll(ax128_word(a, 0)) + __builtin_popcountll(ax128_word(a, 1));
}
static inline ax128_bb ax128_bit(int sq) { return (ax128_bb)1 << sq; }
static inline bool ax128_test(ax128_bb a, int sq) { return (a >> sq) & 1; }
static inline int ax128_first(ax128_bb a)
{
	uint64_t lo = ax128_word(a, 0);

	return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(ax128_word(a, 1));
}
static inline ax128_bb ax128_rest(ax128_bb a) { return a & (a - 1); }

static inline ax128_bb ax128_grow(ax128_bb a)
{
	ax128_bb h = a | ((a << 1) & ~AX128_COL_A) | ((a >> 1) & ~AX128_COL_K);

	return h | (h << AX128_STRIDE) | (h >> AX128_STRIDE);
}

static inline ax128_bb ax128_border(void)
{
	ax128_bb row = ((ax128_bb)1 << AX128_STRIDE) - 1;

	return AX128_COL_A | AX128_COL_K | row | row << (10 * AX128_STRIDE);
}

static inline ax128_bb ax128_shr(ax128_bb a, int n) { return a >> n; }

static inline unsigned ax128_row_bits(ax128_bb a, int sq, int n)
{
	return (unsigned)(a >> sq) & ((1u << n) - 1);
}

static inline ax128_bb ax128_near(int sq) { return ax128_adjacent[sq]; }
static inline ax128_bb ax128_far(int sq) { return ax128_jumps[sq]; }

static inline uint64_t ax128_hash(ax128_bb a, uint64_t h)
{
	h = ax_mix64(h ^ ax_mix64(ax128_word(a, 0) + 0x9e3779b97f4a7c15ULL));
	return ax_mix64(h ^ ax_mix64(ax128_word(a, 1) + 0x3c6ef372fe94f82aULL));
}

static inline int ax128_row(int sq) { return sq / AX128_STRIDE; }
static inline int ax128_col(int sq) { return sq % AX128_STRIDE; }

/* ------------------------------------------------------------------ */
/* wide boards                                                         */

typedef struct axw_bb {
	uint64_t w[AXW_WORDS]; /* rows 4k..4k+3 in w[k], 16 bits a row */
} axw_bb;

#define AXW_COL_A 0x0001000100010001ULL
#define AXW_COL_P 0x8000800080008000ULL

extern const axw_bb axw_adjacent[AXW_SQUARES];
extern const axw_bb axw_jumps[AXW_SQUARES];

static inline axw_bb axw_zero(void) { return (axw_bb){ { 0, 0, 0, 0 } }; }

static inline axw_bb axw_and(axw_bb a, axw_bb b)
{
	for (int k = 0; k < AXW_WORDS; k++)
		a.w[k] &= b.w[k];
	return a;
}

static inline axw_bb axw_or(axw_bb a, axw_bb b)
{
	for (int k = 0; k < AXW_WORDS; k++)
		a.w[k] |= b.w[k];
	return a;
}

static inline axw_bb axw_xor(axw_bb a, axw_bb b)
{
	for (int k = 0; k < AXW_WORDS; k++)
		a.w[k] ^= b.w[k];
	return a;
}

static inline axw_bb axw_andnot(axw_bb a, axw_bb b)
{
	for (int k = 0; k < AXW_WORDS; k++)
		a.w[k] &= ~b.w[k];
	return a;
}

static inline axw_bb axw_not(axw_bb a)
{
	for (int k = 0; k < AXW_WORDS; k++)
		a.w[k] = ~a.w[k];
	return a;
}

static inline bool axw_any(axw_bb a)
{
	return (a.w[0] | a.w[1] | a.w[2] | a.w[3]) != 0;
}

static inline bool axw_equal(axw_bb a, axw_bb b)
{
	return !axw_any(axw_xor(a, b));
}

static inline int axw_count(axw_bb a)
{
	return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) +
	       __builtin_popcountll(a.w[2]) + __builtin_popcountll(a.w[3]);
}

static inline axw_bb axw_bit(int sq)
{
	axw_bb a = axw_zero();

	a.w[sq >> 6] = (uint64_t)1 << (sq & 63);
	return a;
}

static inline bool axw_test(axw_bb a, int sq)
{
	return (a.w[sq >> 6] >> (sq & 63)) & 1;
}

static inline int axw_first(axw_bb a)
{
	for (int k = 0; k < AXW_WORDS; k++)
		if (a.w[k])
			return k * 64 + __builtin_ctzll(a.w[k]);
	return -1;
}

static inline uint64_t axw_word(axw_bb a, int k) { return a.w[k]; }

static inline axw_bb axw_rest(axw_bb a)
{
	for (int k = 0; k < AXW_WORDS; k++)
		if (a.w[k]) {
			a.w[k] &= a.w[k] - 1;
			break;
		}
	return a;
}

static inline axw_bb axw_grow(axw_bb a)
{
	axw_bb h, out;

	for (int k = 0; k < AXW_WORDS; k++)
		h.w[k] = a.w[k] | ((a.w[k] << 1) & ~AXW_COL_A) | ((a.w[k] >> 1) & ~AXW_COL_P);
	for (int k = 0; k < AXW_WORDS; k++) {
		uint64_t up = h.w[k] << 16, down = h.w[k] >> 16;

		if (k > 0)
			up |= h.w[k - 1] >> 48;
		if (k < AXW_WORDS - 1)
			down |= h.w[k + 1] << 48;
		out.w[k] = h.w[k] | up | down;
	}
	return out;
}

static inline axw_bb axw_border(void)
{
	uint64_t sides = AXW_COL_A | AXW_COL_P;
	axw_bb a = { { sides | 0xffffULL, sides, sides, sides | 0xffffULL << 48 } };

	return a;
}

static inline axw_bb axw_shr(axw_bb a, int n)
{
	for (int k = 0; k < AXW_WORDS; k++)
		a.w[k] = a.w[k] >> n | (k + 1 < AXW_WORDS ? a.w[k + 1] << (64 - n) : 0);
	return a;
}

/* (A row's 16 squares never straddle two words.) */
static inline unsigned axw_row_bits(axw_bb a, int sq, int n)
{
	return (unsigned)(a.w[sq >> 6] >> (sq & 63)) & ((1u << n) - 1);
}

static inline axw_bb axw_near(int sq) { return axw_adjacent[sq]; }
static inline axw_bb axw_far(int sq) { return axw_jumps[sq]; }

static inline uint64_t axw_hash(axw_bb a, uint64_t h)
{
	for (int k = 0; k < AXW_WORDS; k++)
		h = ax_mix64(h ^ ax_mix64(a.w[k] + 0x9e3779b97f4a7c15ULL * (uint64_t)(k + 1)));
	return h;
}

static inline int axw_row(int sq) { return sq / AXW_STRIDE; }
static inline int axw_col(int sq) { return sq % AXW_STRIDE; }

#endif
