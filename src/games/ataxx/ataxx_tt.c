/* The Ataxx transposition table (see ataxx_tt.h). */
#include "games/ataxx/ataxx_tt.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "util/xalloc.h"

#define HUGE_PAGE ((size_t)2 << 20) /* the x86-64 huge page */

/* The entries of a table of `size` bytes, zeroed. A table of a huge page
 * or more is mapped on its own, aligned to huge pages and marked for them
 * (transparent huge pages): a probe is a cache miss at worst, not also a
 * TLB miss, which cost the search a third of its time with a 4 MiB table
 * on 4 KiB pages. Otherwise, or when mapping fails, calloc (whose large
 * blocks are zero pages too). */
static void entries_alloc(struct ataxx_tt *tt, size_t size)
{
	tt->map = NULL;
	if (size >= HUGE_PAGE) {
		void *m = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m != MAP_FAILED) {
			uintptr_t at = ((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
			tt->map = m;
			tt->map_size = size + HUGE_PAGE;
			tt->e = (struct ataxx_tt_entry *)at;
#ifdef MADV_HUGEPAGE
			madvise(tt->e, size, MADV_HUGEPAGE); /* a hint: failure is harmless */
#endif
			return;
		}
	}
	tt->e = xcalloc(1, size);
}

struct ataxx_tt *ataxx_tt_new(unsigned bits)
{
	struct ataxx_tt *tt = xcalloc(1, sizeof(*tt));

	bits = bits < ATAXX_TT_MIN_BITS ? ATAXX_TT_MIN_BITS
	       : bits > ATAXX_TT_MAX_BITS ? ATAXX_TT_MAX_BITS : bits;
	atomic_init(&tt->refs, 1);
	atomic_flag_clear(&tt->leased);
	tt->bits = bits;
	tt->mask = ((uint64_t)1 << bits) - 1;
	entries_alloc(tt, ((size_t)1 << bits) * sizeof(*tt->e));
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
	if (tt->map)
		munmap(tt->map, tt->map_size);
	else
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
