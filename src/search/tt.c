/* The transposition table (see tt.h). */
#include "search/tt.h"

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
static void entries_alloc(struct search_tt *tt, size_t size)
{
	tt->map = NULL;
	if (size >= HUGE_PAGE) {
		void *m = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m != MAP_FAILED) {
			uintptr_t at = ((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
			tt->map = m;
			tt->map_size = size + HUGE_PAGE;
			tt->e = (struct search_tt_entry *)at;
#ifdef MADV_HUGEPAGE
			madvise(tt->e, size, MADV_HUGEPAGE); /* a hint: failure is harmless */
#endif
			return;
		}
	}
	tt->e = xcalloc(1, size);
}

struct search_tt *search_tt_new(unsigned bits)
{
	struct search_tt *tt = xcalloc(1, sizeof(*tt));

	bits = bits < SEARCH_TT_MIN_BITS ? SEARCH_TT_MIN_BITS
	       : bits > SEARCH_TT_MAX_BITS ? SEARCH_TT_MAX_BITS : bits;
	atomic_init(&tt->refs, 1);
	atomic_flag_clear(&tt->leased);
	tt->bits = bits;
	tt->mask = ((uint64_t)1 << bits) - 1;
	entries_alloc(tt, ((size_t)1 << bits) * sizeof(*tt->e));
	return tt;
}

unsigned search_tt_bits_for_mb(long mb)
{
	unsigned bits = SEARCH_TT_MIN_BITS;

	while (bits < SEARCH_TT_MAX_BITS &&
	       ((size_t)2 << bits) * sizeof(struct search_tt_entry) <= (size_t)mb << 20)
		bits++;
	return bits;
}

struct search_tt *search_tt_ref(struct search_tt *tt)
{
	if (tt)
		atomic_fetch_add_explicit(&tt->refs, 1, memory_order_relaxed);
	return tt;
}

void search_tt_unref(struct search_tt *tt)
{
	if (!tt || atomic_fetch_sub_explicit(&tt->refs, 1, memory_order_acq_rel) != 1)
		return;
	if (tt->map)
		munmap(tt->map, tt->map_size);
	else
		free(tt->e);
	free(tt);
}

bool search_tt_lease(struct search_tt *tt)
{
	if (atomic_flag_test_and_set_explicit(&tt->leased, memory_order_acquire))
		return false;
	tt->age = (tt->age + 1) & 15;
	return true;
}

void search_tt_release(struct search_tt *tt)
{
	atomic_flag_clear_explicit(&tt->leased, memory_order_release);
}

int search_tt_permille(const struct search_tt *tt)
{
	size_t n = tt->mask + 1 < 1000 ? tt->mask + 1 : 1000, used = 0;

	for (size_t i = 0; i < n; i++)
		used += tt->e[i].key != 0 && tt->e[i].age == tt->age;
	return (int)(used * 1000 / n);
}

struct search_tt *search_tt_acquire(struct search_tt *session, unsigned bits)
{
	if (session && search_tt_lease(session))
		return session;
	return search_tt_new(bits);
}

void search_tt_give_back(struct search_tt *table, struct search_tt *session)
{
	if (table == session)
		search_tt_release(table);
	else
		search_tt_unref(table);
}

bool search_tt_store(struct search_tt_entry *e, unsigned age, uint64_t key, int score,
		     int move, int depth, int bound, bool payload)
{
	if (depth < 0)
		depth = 0;
	else if (depth > 255)
		depth = 255;
	if (e->age == age && bound != SEARCH_TT_EXACT &&
	    (e->key == key ? (int)e->depth > depth : (int)e->depth > depth + 2))
		return false;
	e->key = key;
	e->age = age & 15;
	e->score = score;
	e->move1 = move < 0 ? 0 : (unsigned)move + 1;
	e->depth = (unsigned)depth;
	e->bound = (unsigned)bound;
	e->payload = payload;
	return true;
}

struct search_tt *search_tt_for_level(struct search_tt **slot, long hash_mb, long default_mb)
{
	unsigned bits = search_tt_bits_for_mb(hash_mb > 0 ? hash_mb : default_mb);

	if (*slot && (*slot)->bits != bits) {
		search_tt_unref(*slot);
		*slot = NULL;
	}
	if (!*slot)
		*slot = search_tt_new(bits);
	return *slot;
}
