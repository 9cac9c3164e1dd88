/* The Ataxx evaluation's tuple tables (see ataxx_tuple.h): the shipped
 * tables, the pattern classes, and the whole recomputation the tuner and
 * the tests use (the search keeps the sums move by move). */
#include "games/ataxx/ataxx_tuple.h"

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
