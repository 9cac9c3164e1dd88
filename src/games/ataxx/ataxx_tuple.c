/* The Ataxx evaluation's tuple tables (see ataxx_tuple.h): the shipped
 * tables, the pattern classes, the whole recomputation the tuner and the
 * tests use, and the search's AVX-512 sum read from the bitboards (where
 * it cannot, the search keeps the indices move by move). */
#include "games/ataxx/ataxx_tuple.h"

#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#define TUPLE_SIMD 1
#else
#define TUPLE_SIMD 0
#endif

#include "games/ataxx/ataxx_weights.h"

const int16_t ataxx_tuple_weights[2][ATAXX_TUPLE_INDICES] = { { ATAXX_TUPLES_YINYANG },
							       { ATAXX_TUPLES_STANDARD } };
const bool ataxx_tuple_on[2] = { ATAXX_TUPLES_YINYANG_ON, ATAXX_TUPLES_STANDARD_ON };

/* The index of pattern `index` with cell i moved to cell map[i]. */
static int permuted(int index, const int map[8])
{
	int out = 0, pow3[8] = { 1, 3, 9, 27, 81, 243, 729, 2187 };

	for (int i = 0; i < 8; i++, index /= 3)
		out += index % 3 * pow3[map[i]];
	return out;
}

/* The least of the four indices the window's mirrors make of index. */
static int least_image(int index)
{
	static const int cols[8] = { 3, 2, 1, 0, 7, 6, 5, 4 };
	static const int rows[8] = { 4, 5, 6, 7, 0, 1, 2, 3 };
	static const int both[8] = { 7, 6, 5, 4, 3, 2, 1, 0 };
	int least = index, m;

	if ((m = permuted(index, cols)) < least)
		least = m;
	if ((m = permuted(index, rows)) < least)
		least = m;
	if ((m = permuted(index, both)) < least)
		least = m;
	return least;
}

int ataxx_tuple_classes(int cls[ATAXX_TUPLE_INDICES])
{
	int n = 0;

	/* a class's least index comes before the others, and numbers it */
	for (int i = 0; i < ATAXX_TUPLE_INDICES; i++) {
		int least = least_image(i);

		cls[i] = least == i ? n++ : cls[least];
	}
	return n;
}

/* The bits of a 4 x 2 window at sq (its lower left square) and of a
 * 2 x 4 window, as ataxx_tuple_tern and ataxx_tuple_tern_v read them. */
static unsigned h_bits(axw_bb a, int sq)
{
	return axw_row_bits(a, sq, 4) | axw_row_bits(a, sq + AXW_STRIDE, 4) << 4;
}

static unsigned v_bits(axw_bb a, int sq)
{
	unsigned bits = 0;

	for (int r = 0; r < 4; r++)
		bits |= axw_row_bits(a, sq + r * AXW_STRIDE, 2) << (2 * r);
	return bits;
}

int ataxx_tuple_indices(const struct axw_pos *pos, int *idx)
{
	axw_bb us = pos->piece[pos->turn], them = pos->piece[!pos->turn];
	int n = pos->size, k = 0;

	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++) {
			int sq = row * AXW_STRIDE + col;

			if (row + 2 <= n && col + 4 <= n)
				idx[k++] = ataxx_tuple_index(h_bits(us, sq), h_bits(them, sq), false);
			if (row + 4 <= n && col + 2 <= n)
				idx[k++] = ataxx_tuple_index(v_bits(us, sq), v_bits(them, sq), true);
		}
	return k;
}

/* The square of canonical cell j of the window at (row, col): a 4 x 2
 * window's cell 4 r + c, a 2 x 4 window's 4 c + r (ataxx_tuple.h). */
static int cell_square(int row, int col, bool vertical, int j)
{
	int r = vertical ? j % 4 : j / 4, c = vertical ? j / 4 : j % 4;

	return (row + r) * 8 + col + c;
}

/* Whether this CPU runs ataxx_tuple_sum64. */
static bool cpu_reads_whole(void)
{
#if TUPLE_SIMD
	return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
	       __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bitalg");
#else
	return false;
#endif
}

bool ataxx_tuple_searched(int n, int standard)
{
	return ataxx_tuple_on[standard != 0] && n <= 8;
}

bool ataxx_tuple_plan64(struct ataxx_tuple_plan *plan, int n, const int16_t *w)
{
#if TUPLE_SIMD
	if (!cpu_reads_whole())
		return false;
	int k = 0;

	memset(plan, 0, sizeof(*plan));
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++)
			for (int vertical = 0; vertical < 2; vertical++) {
				if (row + (vertical ? 4 : 2) > n || col + (vertical ? 2 : 4) > n)
					continue;
				for (int j = 0; j < 8; j++)
					plan->cells[k / 8][k % 8 * 8 + j] =
						(uint8_t)cell_square(row, col, vertical, j);
				k++;
			}
	plan->groups = (k + 7) / 8;
	plan->windows = k;
	plan->tw = w;
	return true;
#else
	(void)plan, (void)n, (void)w, (void)cell_square;
	return false;
#endif
}

#if TUPLE_SIMD
/* The pattern indices of plan's group g of windows seen from u (the side's
 * pieces, broadcast) against t. The bit shuffle reads each window's 8
 * squares of both bitboards into a byte of a mask; each square's digit (0,
 * 1 us, 2 them) becomes a byte, and a dot product by 1, 3, 9, 27 sums each
 * half window's 4 digits (its canonical rows) into a 32-bit word: the
 * index is the low half plus 81 times the high half. */
__attribute__((target("avx512f,avx512bw,avx512vnni,avx512bitalg"))) static inline __m512i
group_indices(const struct ataxx_tuple_plan *plan, int g, __m512i u, __m512i t)
{
	const __m512i one = _mm512_set1_epi8(1), two = _mm512_set1_epi8(2);
	const __m512i pow = _mm512_set1_epi32(0x1b090301), low = _mm512_set1_epi64(0xffffffff);
	__m512i c = _mm512_loadu_si512((const void *)plan->cells[g]);
	__mmask64 mu = _mm512_bitshuffle_epi64_mask(u, c);
	__mmask64 mt = _mm512_bitshuffle_epi64_mask(t, c);
	__m512i d = _mm512_mask_mov_epi8(_mm512_maskz_mov_epi8(mu, one), mt, two);
	__m512i halves = _mm512_dpbusd_epi32(_mm512_setzero_si512(), d, pow);

	return _mm512_add_epi64(_mm512_and_si512(halves, low),
				_mm512_mul_epu32(_mm512_srli_epi64(halves, 32), _mm512_set1_epi64(81)));
}

/* The indices 8 windows at a time, the weights then read one by one (as
 * fast here as AVX-512's gathers, and simpler). */
__attribute__((target("avx512f,avx512bw,avx512vnni,avx512bitalg"))) int
ataxx_tuple_sum64(const struct ataxx_tuple_plan *plan, uint64_t us, uint64_t them)
{
	const __m512i u = _mm512_set1_epi64((long long)us), t = _mm512_set1_epi64((long long)them);
	uint16_t idx[ATAXX_TUPLE_GROUPS64 * 8];
	int v = 0;

	for (int g = 0; g < plan->groups; g++)
		_mm_storeu_si128((__m128i *)(idx + 8 * g),
				 _mm512_cvtepi64_epi16(group_indices(plan, g, u, t)));
	for (int i = 0; i < plan->windows; i++)
		v += plan->tw[idx[i]];
	return v;
}
#else
int ataxx_tuple_sum64(const struct ataxx_tuple_plan *plan, uint64_t us, uint64_t them)
{
	(void)plan, (void)us, (void)them;
	return 0;
}
#endif
