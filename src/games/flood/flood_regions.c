/* Flood's regions (see flood_regions.h). */
#include "games/flood/flood_regions.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* The squares next to square i (bit index) on b, into nb; returns how
 * many. */
static int neighbours(const struct flood_board *b, int i, int nb[4])
{
	int x = i % b->stride, y = i / b->stride, n = 0;

	if (x > 0)
		nb[n++] = i - 1;
	if (x + 1 < b->width)
		nb[n++] = i + 1;
	if (y > 0)
		nb[n++] = i - b->stride;
	if (y + 1 < b->height)
		nb[n++] = i + b->stride;
	return n;
}

/* Label the regions of the unowned squares: r->of, their first squares
 * and sizes;
 * order[] gets the squares region by region, start[] each region's
 * offset into it (n + 1 of them). */
static void label(struct flood_regions *r, const struct flood_board *b, const uint64_t *free_,
		  int *order, int *start)
{
	int n = 0, len = 0;

	for (int i = 0; i < b->nbits; i++)
		r->of[i] = -1;
	for (int i = 0; i < b->nbits; i++) {
		if (!flood_bit(free_, i) || r->of[i] >= 0)
			continue;
		start[n] = len;
		r->reg[n].first = i;
		r->reg[n].color = b->color[i];
		r->of[i] = n;
		order[len++] = i;
		for (int k = start[n]; k < len; k++) {
			int nb[4], m = neighbours(b, order[k], nb);

			for (int j = 0; j < m; j++)
				if (flood_bit(free_, nb[j]) && r->of[nb[j]] < 0 &&
				    b->color[nb[j]] == b->color[i]) {
					r->of[nb[j]] = n;
					order[len++] = nb[j];
				}
		}
		r->reg[n].size = len - start[n];
		n++;
	}
	start[n] = len;
	r->n = n;
}

/* The adjacency of the regions, from their squares in order. */
static void link(struct flood_regions *r, const struct flood_board *b, const int *order,
		 const int *start)
{
	int cap = 64, len = 0;

	r->adj = xmalloc((size_t)cap * sizeof(*r->adj));
	for (int g = 0; g < r->n; g++) {
		r->reg[g].adj_start = len;
		r->stamp++;
		for (int k = start[g]; k < start[g + 1]; k++) {
			int nb[4], m = neighbours(b, order[k], nb);

			for (int j = 0; j < m; j++) {
				int q = r->of[nb[j]];

				if (q < 0 || q == g || r->reg[q].mark == r->stamp)
					continue;
				r->reg[q].mark = r->stamp;
				if (len == cap) {
					cap *= 2;
					r->adj = xrealloc(r->adj, (size_t)cap * sizeof(*r->adj));
				}
				r->adj[len++] = q;
			}
		}
	}
	r->reg[r->n].adj_start = len;
}

struct flood_regions *flood_regions_new(const struct flood_board *b, const struct flood_pos *root)
{
	struct flood_regions *r = xcalloc(1, sizeof(*r));
	size_t bits = (size_t)b->nbits;
	int *order = xmalloc(bits * sizeof(*order)), *start = xmalloc((bits + 1) * sizeof(*start));

	r->of = xmalloc(bits * sizeof(*r->of));
	r->reg = xcalloc(bits + 1, sizeof(*r->reg));
	label(r, b, flood_cfree(root), order, start);
	link(r, b, order, start);
	r->layer[0] = xmalloc(((size_t)r->n + 1) * sizeof(int));
	r->layer[1] = xmalloc(((size_t)r->n + 1) * sizeof(int));
	free(order);
	free(start);
	return r;
}

void flood_regions_free(struct flood_regions *r)
{
	if (!r)
		return;
	free(r->of);
	free(r->reg);
	free(r->adj);
	free(r->layer[0]);
	free(r->layer[1]);
	free(r);
}

/* Claim region g for the race if it is open and unclaimed: its size, and
 * it joins list (of *len); 0 otherwise. */
static int claim(struct flood_regions *r, const uint64_t *free_, int g, int *list, int *len)
{
	if (g < 0)
		return 0;
	struct flood_region *e = &r->reg[g];
	if (e->mark == r->stamp || !flood_bit(free_, e->first))
		return 0;
	e->mark = r->stamp;
	list[(*len)++] = g;
	return e->size;
}

/* A side's first step: the regions of its frontier's squares. */
static int first_step(struct flood_regions *r, const struct flood_pos *p, int color, int *list,
		      int *len)
{
	const uint64_t *front = flood_cfront(p, color), *free_ = flood_cfree(p);
	int got = 0;

	*len = 0;
	for (int w = 0; w < p->nw; w++)
		for (uint64_t bits = front[w]; bits; bits &= bits - 1)
			got += claim(r, free_, r->of[w * 64 + __builtin_ctzll(bits)], list, len);
	return got;
}

/* A later step: the open regions next to those of the last step,
 * list[0 .. *len), which become the new ones. The list has room for every
 * region, and the two steps' regions are distinct. */
static int next_step(struct flood_regions *r, const struct flood_pos *p, int *list, int *len)
{
	const uint64_t *free_ = flood_cfree(p);
	int got = 0, n = 0, *out = list + *len;

	for (int k = 0; k < *len; k++) {
		int g = list[k];

		for (int a = r->reg[g].adj_start; a < r->reg[g + 1].adj_start; a++)
			got += claim(r, free_, r->adj[a], out, &n);
	}
	memmove(list, out, (size_t)n * sizeof(*list));
	*len = n;
	return got;
}

int flood_regions_race(struct flood_regions *r, const struct flood_pos *p)
{
	int me = p->to_move, side[2] = { me, flood_other(me) };
	int got[2] = { p->count[me], p->count[side[1]] }, len[2];

	r->stamp++;
	for (int s = 0; s < 2; s++)
		got[s] += first_step(r, p, side[s], r->layer[s], &len[s]);
	while (len[0] || len[1])
		for (int s = 0; s < 2; s++)
			got[s] += next_step(r, p, r->layer[s], &len[s]);
	return got[0] - got[1];
}

/* --- greedy rollouts -------------------------------------------------- */

/* A rollout's state: each side's frontier list (regions next to what it
 * has, some of them taken since) and how many of those are still open. */
struct rollout {
	struct flood_regions *r;
	const uint64_t *free_;
	int *list[2], len[2], live[2];
	int got[2], left; /* squares each side has, and unowned ones */
};

static bool open_region(const struct rollout *ro, int g)
{
	const struct flood_region *e = &ro->r->reg[g];

	return e->mark != ro->r->stamp && flood_bit(ro->free_, e->first);
}

/* Put region g on side s's frontier list if it is open and not there. */
static void enlist(struct rollout *ro, int s, int g)
{
	if (g < 0)
		return;
	struct flood_region *e = &ro->r->reg[g];
	if (e->listed[s] == ro->r->stamp || !open_region(ro, g))
		return;
	e->listed[s] = ro->r->stamp;
	ro->list[s][ro->len[s]++] = g;
	ro->live[s]++;
}

/* Side s takes region g (open): its squares, and its open neighbours join
 * s's frontier. */
static void take_region(struct rollout *ro, int s, int g)
{
	struct flood_regions *r = ro->r;
	struct flood_region *e = &r->reg[g];

	e->mark = r->stamp;
	ro->got[s] += e->size;
	ro->left -= e->size;
	for (int k = 0; k < 2; k++)
		ro->live[k] -= e->listed[k] == r->stamp;
	for (int a = e->adj_start; a < r->reg[g + 1].adj_start; a++)
		enlist(ro, s, r->adj[a]);
}

/* Side s's greedy move: the colour whose open frontier regions hold most
 * squares (ties to the lowest), all of them taken. The list loses its
 * taken regions on the way. */
static void greedy_move(struct rollout *ro, int s, int ncolors)
{
	int gains[FLOOD_MAX_COLORS + 1] = { 0 }, n = 0, best = 1;
	int *list = ro->list[s];

	for (int k = 0; k < ro->len[s]; k++)
		if (open_region(ro, list[k])) {
			gains[ro->r->reg[list[k]].color] += ro->r->reg[list[k]].size;
			list[n++] = list[k];
		}
	ro->len[s] = n;
	for (int c = 2; c <= ncolors; c++)
		if (gains[c] > gains[best])
			best = c;
	for (int k = 0; k < n; k++) /* the list grows behind k: new regions are never best's */
		if (ro->r->reg[list[k]].color == best && open_region(ro, list[k]))
			take_region(ro, s, list[k]);
}

int flood_regions_rollout(struct flood_regions *r, const struct flood_pos *p, int ncolors)
{
	int me = p->to_move, side[2] = { me, flood_other(me) };
	struct rollout ro = { .r = r, .free_ = flood_cfree(p), .list = { r->layer[0], r->layer[1] },
			      .got = { p->count[me], p->count[side[1]] }, .left = p->nfree };

	r->stamp++;
	for (int s = 0; s < 2; s++) {
		const uint64_t *front = flood_cfront(p, side[s]);

		for (int w = 0; w < p->nw; w++)
			for (uint64_t bits = front[w]; bits; bits &= bits - 1)
				enlist(&ro, s, r->of[w * 64 + __builtin_ctzll(bits)]);
	}
	for (int s = 0; ro.live[0] && ro.live[1]; s = 1 - s) {
		greedy_move(&ro, s, ncolors);
		if (!ro.live[s] || !ro.live[1 - s]) {
			ro.got[ro.live[s] ? s : 1 - s] += ro.left; /* the end rule */
			break;
		}
	}
	return ro.got[0] - ro.got[1];
}
