/* The constant neighbour tables of ataxx_bits.h, computed by the compiler
 * from a few row patterns: for a square in column c, the five squares
 * c-2..c+2 of a row are (0x1f << c) >> 2, the two squares c-2 and c+2 are
 * (0x11 << c) >> 2, and so on; shifting right and masking to the row width
 * drops what falls off the board's left and right edges. */
#include "games/ataxx/ataxx_bits.h"
#include "games/ataxx/ataxx_tuple.h"

#define AX_REP4(M, b) M(b) M((b) + 1) M((b) + 2) M((b) + 3)
#define AX_REP16(M, b) AX_REP4(M, b) AX_REP4(M, (b) + 4) AX_REP4(M, (b) + 8) \
	AX_REP4(M, (b) + 12)
#define AX_REP64(M, b) AX_REP16(M, b) AX_REP16(M, (b) + 16) AX_REP16(M, (b) + 32) \
	AX_REP16(M, (b) + 48)
#define AX_REP256(M) AX_REP64(M, 0) AX_REP64(M, 64) AX_REP64(M, 128) AX_REP64(M, 192)

/* Row patterns for a square in column c of a row `width` wide. */
#define AX_PAT(bits, shift, c, width) \
	((((uint64_t)(bits) << (c)) >> (shift)) & (((uint64_t)1 << (width)) - 1))
#define AX_FIVE(c, width) AX_PAT(0x1f, 2, c, width)  /* c-2 .. c+2 */
#define AX_ENDS2(c, width) AX_PAT(0x11, 2, c, width) /* c-2 and c+2 */
#define AX_THREE(c, width) AX_PAT(0x7, 1, c, width)  /* c-1 .. c+1 */
#define AX_ENDS1(c, width) AX_PAT(0x5, 1, c, width)  /* c-1 and c+1 */

/* 64-bit boards: row r of 8 squares at bit 8r. */
#define AX64_ROW(r, pat) ((unsigned)(r) < 8u ? (pat) << (((r) & 7) * 8) : 0)
#define AX64_JUMPS(s) \
	(AX64_ROW((s) / 8 - 2, AX_FIVE((s) % 8, 8)) | AX64_ROW((s) / 8 - 1, AX_ENDS2((s) % 8, 8)) | \
	 AX64_ROW((s) / 8, AX_ENDS2((s) % 8, 8)) | AX64_ROW((s) / 8 + 1, AX_ENDS2((s) % 8, 8)) | \
	 AX64_ROW((s) / 8 + 2, AX_FIVE((s) % 8, 8))),
#define AX64_ADJ(s) \
	(AX64_ROW((s) / 8 - 1, AX_THREE((s) % 8, 8)) | AX64_ROW((s) / 8, AX_ENDS1((s) % 8, 8)) | \
	 AX64_ROW((s) / 8 + 1, AX_THREE((s) % 8, 8))),

const ax64_bb ax64_jumps[AX64_SQUARES] = { AX_REP64(AX64_JUMPS, 0) };
const ax64_bb ax64_adjacent[AX64_SQUARES] = { AX_REP64(AX64_ADJ, 0) };

/* 128-bit boards: row r of 11 squares at bit 11r (rows 0..10). */
#define AX128_ROW(r, pat) ((unsigned)(r) < 11u ? (ax128_bb)(pat) << ((unsigned)(r) % 11u * 11u) : 0)
#define AX128_JUMPS(s) \
	(AX128_ROW((s) / 11 - 2, AX_FIVE((s) % 11, 11)) | \
	 AX128_ROW((s) / 11 - 1, AX_ENDS2((s) % 11, 11)) | \
	 AX128_ROW((s) / 11, AX_ENDS2((s) % 11, 11)) | \
	 AX128_ROW((s) / 11 + 1, AX_ENDS2((s) % 11, 11)) | \
	 AX128_ROW((s) / 11 + 2, AX_FIVE((s) % 11, 11))),
#define AX128_ADJ(s) \
	(AX128_ROW((s) / 11 - 1, AX_THREE((s) % 11, 11)) | \
	 AX128_ROW((s) / 11, AX_ENDS1((s) % 11, 11)) | \
	 AX128_ROW((s) / 11 + 1, AX_THREE((s) % 11, 11))),

const ax128_bb ax128_jumps[AX128_SQUARES] = { AX_REP64(AX128_JUMPS, 0) AX_REP64(AX128_JUMPS, 64) };
const ax128_bb ax128_adjacent[AX128_SQUARES] = { AX_REP64(AX128_ADJ, 0) AX_REP64(AX128_ADJ, 64) };

/* Wide boards: row r of 16 squares in word r/4 at bit 16(r%4). */
#define AXW_ROW(r, k, pat) \
	((unsigned)(r) < 16u && ((r) & 15) / 4 == (k) ? (pat) << (((r) & 3) * 16) : 0)
#define AXW_JUMPS_WORD(s, k) \
	(AXW_ROW((s) / 16 - 2, k, AX_FIVE((s) % 16, 16)) | \
	 AXW_ROW((s) / 16 - 1, k, AX_ENDS2((s) % 16, 16)) | \
	 AXW_ROW((s) / 16, k, AX_ENDS2((s) % 16, 16)) | \
	 AXW_ROW((s) / 16 + 1, k, AX_ENDS2((s) % 16, 16)) | \
	 AXW_ROW((s) / 16 + 2, k, AX_FIVE((s) % 16, 16)))
#define AXW_ADJ_WORD(s, k) \
	(AXW_ROW((s) / 16 - 1, k, AX_THREE((s) % 16, 16)) | \
	 AXW_ROW((s) / 16, k, AX_ENDS1((s) % 16, 16)) | \
	 AXW_ROW((s) / 16 + 1, k, AX_THREE((s) % 16, 16)))
#define AXW_JUMPS(s) \
	{ { AXW_JUMPS_WORD(s, 0), AXW_JUMPS_WORD(s, 1), AXW_JUMPS_WORD(s, 2), \
	    AXW_JUMPS_WORD(s, 3) } },
#define AXW_ADJ(s) \
	{ { AXW_ADJ_WORD(s, 0), AXW_ADJ_WORD(s, 1), AXW_ADJ_WORD(s, 2), AXW_ADJ_WORD(s, 3) } },

const axw_bb axw_jumps[AXW_SQUARES] = { AX_REP256(AXW_JUMPS) };
const axw_bb axw_adjacent[AXW_SQUARES] = { AX_REP256(AXW_ADJ) };

/* The tuple windows' pattern digits (ataxx_tuple.h): bit i of m is
 * canonical cell i of a 4 x 2 window, worth 3^i; bit 2 r + c of a 2 x 4
 * window is canonical cell 4 c + r. */
#define AX_B(m, i) (((m) >> (i)) & 1)
#define AX_TERN(m) \
	(AX_B(m, 0) + 3 * AX_B(m, 1) + 9 * AX_B(m, 2) + 27 * AX_B(m, 3) + 81 * AX_B(m, 4) + \
	 243 * AX_B(m, 5) + 729 * AX_B(m, 6) + 2187 * AX_B(m, 7)),
#define AX_TERN_V(m) \
	(AX_B(m, 0) + 81 * AX_B(m, 1) + 3 * AX_B(m, 2) + 243 * AX_B(m, 3) + 9 * AX_B(m, 4) + \
	 729 * AX_B(m, 5) + 27 * AX_B(m, 6) + 2187 * AX_B(m, 7)),

const uint16_t ataxx_tuple_tern[256] = { AX_REP256(AX_TERN) };
const uint16_t ataxx_tuple_tern_v[256] = { AX_REP256(AX_TERN_V) };
