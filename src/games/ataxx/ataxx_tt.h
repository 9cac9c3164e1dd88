/* The Ataxx transposition table: one per game session, kept from move to
 * move (and across undo), dropped on a new game.
 *
 * Sharing. A game's copies (the job copy genmove runs on, saves,
 * autosaves) share one table through a reference count; the last unref
 * frees it, from whichever thread. Only a search writes or reads the
 * entries, and only while it holds the lease (an atomic flag, taken with
 * acquire and given back with release, so one search's writes happen
 * before the next search's reads). A search that finds the lease taken
 * (two copies searching at once) uses a private table instead: it is
 * weaker for that move, never racy.
 *
 *   session thread            worker (search)
 *   copy:  ataxx_tt_ref ──┐
 *                         └─> ataxx_tt_lease ... entries ... ataxx_tt_release
 *   destroy: ataxx_tt_unref (any thread; the last frees)
 *
 * Aging: every search that leases the table starts a new generation;
 * entries of older generations are replaced first. */
#ifndef QUINTET_ATAXX_TT_H
#define QUINTET_ATAXX_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ATAXX_TT_MIN_BITS 10
#define ATAXX_TT_MAX_BITS 28
#define ATAXX_TT_DEFAULT_MB 4

/* One slot: 16 bytes. */
struct ataxx_tt_entry {
	uint64_t key;       /* position hash; 0 in an unused entry */
	int32_t score;      /* bound or exact score, won games relative to here */
	int move : 18;      /* best move found, or -1 */
	unsigned depth : 8; /* remaining depth it was searched to */
	unsigned flag : 2;  /* ATAXX_TT_UPPER, _LOWER or _EXACT */
	unsigned age : 4;   /* generation of the search that stored it */
};

enum { ATAXX_TT_UPPER = 1, ATAXX_TT_LOWER = 2, ATAXX_TT_EXACT = 3 };

struct ataxx_tt {
	atomic_int refs;             /* holders: games, jobs */
	atomic_flag leased;          /* a search is using the entries */
	unsigned bits;               /* log2 of the entries */
	uint64_t mask;               /* entries - 1 */
	unsigned age;                /* current generation (4 bits) */
	struct ataxx_tt_entry *e;    /* 2^bits entries, zeroed at creation */
	void *map;                   /* e's own mapping (huge pages), or NULL: calloc */
	size_t map_size;             /* its length */
};

/* A new table of 2^bits entries (bits clamped to MIN..MAX), one
 * reference. Never NULL (allocation failure aborts, as xalloc does). */
struct ataxx_tt *ataxx_tt_new(unsigned bits);

/* The log2 entry count whose table fits in mb MiB (at least MIN_BITS). */
unsigned ataxx_tt_bits_for_mb(long mb);

/* Another reference to tt (NULL stays NULL); returns tt. */
struct ataxx_tt *ataxx_tt_ref(struct ataxx_tt *tt);

/* Drop a reference; the last one frees the table. NULL is ignored. */
void ataxx_tt_unref(struct ataxx_tt *tt);

/* Take the table for one search: true when it was free (the caller then
 * owns the entries until ataxx_tt_release), false when another search
 * holds it. A successful lease starts a new generation. */
bool ataxx_tt_lease(struct ataxx_tt *tt);

/* Give back a lease taken by ataxx_tt_lease. */
void ataxx_tt_release(struct ataxx_tt *tt);

/* Entries in use, per thousand, from the first 1000 slots (for UAI's
 * hashfull); the caller holds the lease or knows no search runs. */
int ataxx_tt_permille(const struct ataxx_tt *tt);

#endif
