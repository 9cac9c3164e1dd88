/* Move ordering for the alpha-beta searches: the heuristics a search
 * keeps between nodes (killers, history, counter-moves) and a move picker
 * over a list of moves with ordering keys, highest first.
 *
 * A game gives each move a key on its own scale (gains, threats), adds
 * what these remember, and puts the table's move first with
 * SEARCH_KEY_TT. The picker then hands the moves out best first: the
 * first few by selection (a cut-off comes early or not at all, so most
 * nodes never pay for a sort), the rest sorted once, stably (equal keys
 * keep the game's order). */
#ifndef QUINTET_SEARCH_ORDER_H
#define QUINTET_SEARCH_ORDER_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "search/info.h"

#define SEARCH_NO_MOVE (-1)      /* no move: an empty killer or counter-move slot */
#define SEARCH_KEY_TT (1 << 30)  /* the table's move: above every other key */
#define SEARCH_PICK_ALL INT_MAX  /* a picker that selects every move */

/* Two quiet moves per ply that caused a cut-off, the latest first. */
struct search_killers {
	int move[SEARCH_MAX_PLY][2]; /* SEARCH_NO_MOVE when empty */
};

/* Cut-off credit per move (the game maps a move, and whatever else it
 * tells apart: a colour, a ply, to an index below size). */
struct search_history {
	int *credit;  /* size entries */
	size_t size;  /* how many */
	int limit;    /* past this every entry is halved (old credit fades
		       * and nothing overflows) */
};

/* The move that last refuted each move (indexed as the history is). */
struct search_counters {
	int *move;    /* size entries, SEARCH_NO_MOVE when none */
	size_t size;  /* how many */
};

/* Hands out the moves of one node best first (see the top). */
struct search_picker {
	int *moves;   /* the moves, reordered in place */
	int *keys;    /* their keys, moved with them */
	int n;        /* how many */
	int next;     /* the index the next call returns */
	int pick;     /* moves chosen by selection before the rest are sorted */
};

/* Empty every slot. */
void search_killers_clear(struct search_killers *k);

/* move cut off at ply: it becomes the first killer there (the first
 * moves to second, unless it was move). */
void search_killers_add(struct search_killers *k, int ply, int move);

/* Whether move is a killer at ply. */
static inline bool search_killers_has(const struct search_killers *k, int ply, int move)
{
	return ply >= 0 && ply < SEARCH_MAX_PLY && (k->move[ply][0] == move || k->move[ply][1] == move);
}

/* A history of size entries, all 0, halved past limit; free with
 * search_history_free. */
void search_history_init(struct search_history *h, size_t size, int limit);
void search_history_free(struct search_history *h);

/* A cut-off at index by a search of depth plies: depth * depth more
 * credit (deep cut-offs say more); past the limit every entry halves. */
void search_history_reward(struct search_history *h, size_t index, int depth);

/* The credit at index. */
static inline int search_history_get(const struct search_history *h, size_t index)
{
	return h->credit[index];
}

/* size counter-move slots, all SEARCH_NO_MOVE; free with
 * search_counters_free. */
void search_counters_init(struct search_counters *c, size_t size);
void search_counters_free(struct search_counters *c);

/* move refuted the move at index (previous); remembered for it. */
static inline void search_counters_set(struct search_counters *c, size_t previous, int move)
{
	c->move[previous] = move;
}

/* The move that last refuted the move at index, or SEARCH_NO_MOVE. */
static inline int search_counters_get(const struct search_counters *c, size_t previous)
{
	return c->move[previous];
}

/* Sort moves[i..n) by key, highest first, stably (insertion sort: late
 * moves have mostly equal keys, so it takes few shifts). */
void search_sort_from(int *moves, int *keys, int i, int n);

/* Move the highest key of moves[i..n) to i (with its key; the first of
 * equal keys). Inline, as the picker: they run at every node. */
static inline void search_pick_best(int *moves, int *keys, int i, int n)
{
	int best = i;

	for (int j = i + 1; j < n; j++)
		if (keys[j] > keys[best])
			best = j;
	int m = moves[i], k = keys[i];
	moves[i] = moves[best];
	keys[i] = keys[best];
	moves[best] = m;
	keys[best] = k;
}

/* A picker over moves[0..n) with their keys: the first `pick` by
 * selection (SEARCH_PICK_ALL: every one), the rest sorted at once. */
static inline void search_picker_init(struct search_picker *p, int *moves, int *keys, int n,
				      int pick)
{
	*p = (struct search_picker){ .moves = moves, .keys = keys, .n = n, .pick = pick };
}

/* The index of the next move in order (moves[i], keys[i] are it), or -1
 * after the last. */
static inline int search_picker_next(struct search_picker *p)
{
	int i = p->next;

	if (i >= p->n)
		return -1;
	if (i < p->pick)
		search_pick_best(p->moves, p->keys, i, p->n);
	else if (i == p->pick)
		search_sort_from(p->moves, p->keys, i, p->n);
	p->next++;
	return i;
}

#endif
