/* The Ataxx transposition table (see ataxx_tt.h). */
#include "games/ataxx/ataxx_tt.h"

#include <stdlib.h>

#include "util/xalloc.h"

struct ataxx_tt *ataxx_tt_new(unsigned bits)
{
	struct ataxx_tt *tt = xcalloc(1, sizeof(*tt));

	bits = bits < ATAXX_TT_MIN_BITS ? ATAXX_TT_MIN_BITS
	       : bits > ATAXX_TT_MAX_BITS ? ATAXX_TT_MAX_BITS : bits;
	atomic_init(&tt->refs, 1);
	atomic_flag_clear(&tt->leased);
	tt->bits = bits;
	tt->mask = ((uint64_t)1 << bits) - 1;
	/* calloc of a large block maps zero pages: no time spent zeroing. */
	tt->e = xcalloc((size_t)1 << bits, sizeof(*tt->e));
	return tt;
}

unsigned ataxx_tt_bits_for_mb(long mb)
{
	unsigned bits = ATAXX_TT_MIN_BITS;

	while (bits < ATAXX_TT_MAX_BITS &&
	       ((size_t)2 << bits) * sizeof(struct ataxx_tt_entry) <= (size_t)mb << 20)
		bits++;
	return bits;
}

struct ataxx_tt *ataxx_tt_ref(struct ataxx_tt *tt)
{
	if (tt)
		atomic_fetch_add_explicit(&tt->refs, 1, memory_order_relaxed);
	return tt;
}

void ataxx_tt_unref(struct ataxx_tt *tt)
{
	if (!tt || atomic_fetch_sub_explicit(&tt->refs, 1, memory_order_acq_rel) != 1)
		return;
	free(tt->e);
	free(tt);
}

bool ataxx_tt_lease(struct ataxx_tt *tt)
{
	if (atomic_flag_test_and_set_explicit(&tt->leased, memory_order_acquire))
		return false;
	tt->age = (tt->age + 1) & 15;
	return true;
}

void ataxx_tt_release(struct ataxx_tt *tt)
{
	atomic_flag_clear_explicit(&tt->leased, memory_order_release);
}

int ataxx_tt_permille(const struct ataxx_tt *tt)
{
	size_t n = tt->mask + 1 < 1000 ? tt->mask + 1 : 1000, used = 0;

	for (size_t i = 0; i < n; i++)
		used += tt->e[i].key != 0 && tt->e[i].age == tt->age;
	return (int)(used * 1000 / n);
}
