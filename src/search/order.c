/* Move ordering (see order.h). */
#include "search/order.h"

#include <stdlib.h>

#include "util/xalloc.h"

void search_killers_clear(struct search_killers *k)
{
	for (int ply = 0; ply < SEARCH_MAX_PLY; ply++)
		k->move[ply][0] = k->move[ply][1] = SEARCH_NO_MOVE;
}

void search_killers_add(struct search_killers *k, int ply, int move)
{
	if (ply < 0 || ply >= SEARCH_MAX_PLY || k->move[ply][0] == move)
		return;
	k->move[ply][1] = k->move[ply][0];
	k->move[ply][0] = move;
}

void search_history_init(struct search_history *h, size_t size, int limit)
{
	h->credit = xcalloc(size, sizeof(*h->credit));
	h->size = size;
	h->limit = limit;
}

void search_history_free(struct search_history *h)
{
	free(h->credit);
	h->credit = NULL;
}

void search_history_reward(struct search_history *h, size_t index, int depth)
{
	h->credit[index] += depth * depth;
	if (h->credit[index] > h->limit)
		for (size_t i = 0; i < h->size; i++)
			h->credit[i] >>= 1;
}

void search_counters_init(struct search_counters *c, size_t size)
{
	c->move = xmalloc(size * sizeof(*c->move));
	c->size = size;
	for (size_t i = 0; i < size; i++)
		c->move[i] = SEARCH_NO_MOVE;
}

void search_counters_free(struct search_counters *c)
{
	free(c->move);
	c->move = NULL;
}

void search_sort_from(int *moves, int *keys, int i, int n)
{
	for (int j = i + 1; j < n; j++) {
		int m = moves[j], k = keys[j], h = j;

		for (; h > i && keys[h - 1] < k; h--) {
			moves[h] = moves[h - 1];
			keys[h] = keys[h - 1];
		}
		moves[h] = m;
		keys[h] = k;
	}
}
