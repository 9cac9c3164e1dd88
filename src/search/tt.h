/* The transposition table every alpha-beta search shares (Ataxx, Gomoku,
 * Flood): one per game session, kept from move to move (and across undo),
 * dropped on a new game; or private to one search.
 *
 * Sharing. A game's copies (the job copy genmove runs on, saves,
 * autosaves) share one table through a reference count; the last unref
 * frees it, from whichever thread. Only a search writes or reads the
 * entries, and only while it holds the lease (an atomic flag, taken with
 * acquire and given back with release, so one search's writes happen
 * before the next search's reads). A search that finds the lease taken
 * (two copies searching at once) uses a private table instead: it is
 * weaker for that move, never racy (search_tt_acquire does both).
 *
 *   session thread            worker (search)
 *   copy:  search_tt_ref ──┐
 *                          └─> search_tt_acquire ... entries ... search_tt_give_back
 *   destroy: search_tt_unref (any thread; the last frees)
 *
 * Ageing: every search that leases the table starts a new generation;
 * entries of older generations are replaced first (search_tt_store).
 *
 * An entry is 16 bytes: the key, the score, the best move, the remaining
 * depth, the bound, the generation, and one bit of the game's own (Flood:
 * the value rests on evaluated leaves). Won-game scores are the game's to
 * make relative to the node (search_tt_score_in, _out). */
#ifndef QUINTET_SEARCH_TT_H
#define QUINTET_SEARCH_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SEARCH_TT_MIN_BITS 10
#define SEARCH_TT_MAX_BITS 28
#define SEARCH_TT_NO_MOVE (-1)      /* an entry's move when it has none */
#define SEARCH_TT_MAX_MOVE 0x1fffe  /* the largest move an entry holds */

/* One slot: 16 bytes. */
struct search_tt_entry {
	uint64_t key;           /* position hash; 0 in an unused entry */
	int32_t score;          /* bound or exact score, won games relative to here */
	unsigned move1 : 17;    /* best move found + 1; 0: none (search_tt_move) */
	unsigned depth : 8;     /* remaining depth it was searched to */
	unsigned bound : 2;     /* SEARCH_TT_UPPER, _LOWER or _EXACT */
	unsigned age : 4;       /* generation of the search that stored it */
	unsigned payload : 1;   /* the game's own bit */
};

enum { SEARCH_TT_UPPER = 1, SEARCH_TT_LOWER = 2, SEARCH_TT_EXACT = 3 };

struct search_tt {
	atomic_int refs;              /* holders: games, jobs */
	atomic_flag leased;           /* a search is using the entries */
	unsigned bits;                /* log2 of the entries */
	uint64_t mask;                /* entries - 1 */
	unsigned age;                 /* current generation (4 bits) */
	struct search_tt_entry *e;    /* 2^bits entries, zeroed at creation */
	void *map;                    /* e's own mapping (huge pages), or NULL: calloc */
	size_t map_size;              /* its length */
};

/* A new table of 2^bits entries (bits clamped to MIN..MAX), one
 * reference. Never NULL (allocation failure aborts, as xalloc does). */
struct search_tt *search_tt_new(unsigned bits);

/* The log2 entry count whose table fits in mb MiB (at least MIN_BITS). */
unsigned search_tt_bits_for_mb(long mb);

/* Another reference to tt (NULL stays NULL); returns tt. */
struct search_tt *search_tt_ref(struct search_tt *tt);

/* Drop a reference; the last one frees the table. NULL is ignored. */
void search_tt_unref(struct search_tt *tt);

/* Take the table for one search: true when it was free (the caller then
 * owns the entries until search_tt_release), false when another search
 * holds it. A successful lease starts a new generation. */
bool search_tt_lease(struct search_tt *tt);

/* Give back a lease taken by search_tt_lease. */
void search_tt_release(struct search_tt *tt);

/* A game session's table (*slot, NULL until the first search) at the
 * size a level asks (hash_mb, 0: default_mb): made on first use, remade
 * when the size changed (the old one stays with whoever holds it).
 * Returns *slot, still the session's reference. */
struct search_tt *search_tt_for_level(struct search_tt **slot, long hash_mb, long default_mb);

/* A search's table: session (may be NULL) leased when it is free, else a
 * new private table of 2^bits entries. Give it back with
 * search_tt_give_back(table, session). */
struct search_tt *search_tt_acquire(struct search_tt *session, unsigned bits);

/* Give back what search_tt_acquire(session, ...) returned: the lease, or
 * the private table. */
void search_tt_give_back(struct search_tt *table, struct search_tt *session);

/* Entries in use by the current generation, per thousand, from the first
 * 1000 slots (for UAI's hashfull); the caller holds the lease or knows no
 * search runs. */
int search_tt_permille(const struct search_tt *tt);

/* The slot of key. */
static inline struct search_tt_entry *search_tt_slot(const struct search_tt *tt, uint64_t key)
{
	return &tt->e[key & tt->mask];
}

/* The entry's best move, or SEARCH_TT_NO_MOVE. */
static inline int search_tt_move(const struct search_tt_entry *e)
{
	return (int)e->move1 - 1;
}

/* A score to store at ply: won-game scores (beyond win_bound) made
 * relative to the node, so that a transposition at another ply reads the
 * same distance to the end. */
static inline int search_tt_score_in(int score, int ply, int win_bound)
{
	return score > win_bound ? score + ply : score < -win_bound ? score - ply : score;
}

/* A stored score read at ply, relative to the root again. */
static inline int search_tt_score_out(int score, int ply, int win_bound)
{
	return score > win_bound ? score - ply : score < -win_bound ? score + ply : score;
}

/* Whether e (holding the node's key) decides a node searched to depth
 * with the window alpha..beta: deep enough, and its bound settles it. */
static inline bool search_tt_cuts(const struct search_tt_entry *e, int score, int depth,
				  int alpha, int beta)
{
	return (int)e->depth >= depth &&
	       (e->bound == SEARCH_TT_EXACT || (e->bound == SEARCH_TT_LOWER && score >= beta) ||
		(e->bound == SEARCH_TT_UPPER && score <= alpha));
}

/* Store a result in e (the slot of key) at generation age. An entry of
 * an older generation always goes; one of this generation goes unless it
 * is deeper (by more than 2 plies when it holds another position) and the
 * new result is only a bound. score is as stored (search_tt_score_in);
 * move in SEARCH_TT_NO_MOVE..SEARCH_TT_MAX_MOVE; depth is clamped to
 * 0..255. Returns whether it was stored. */
bool search_tt_store(struct search_tt_entry *e, unsigned age, uint64_t key, int score,
		     int move, int depth, int bound, bool payload);

#endif
