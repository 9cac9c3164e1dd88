/* Flood's grid and positions on bitsets: a step in any direction is a shift
 * of the whole set (see flood.h), so a capture is a few shifts per ring of
 * captured squares, and each player's frontier (the unowned squares next to
 * its territory) is kept up to date from the squares just captured. */
#include "games/flood/flood.h"

#include <string.h>

int flood_popcount(const uint64_t *set, int nw)
{
	int n = 0;

	for (int i = 0; i < nw; i++)
		n += __builtin_popcountll(set[i]);
	return n;
}

bool flood_empty(const uint64_t *set, int nw)
{
	uint64_t any = 0;

	for (int i = 0; i < nw; i++)
		any |= set[i];
	return any == 0;
}

/* A range of words, lo..hi inclusive; empty when lo > hi. Sets are
 * processed only over the words where they can have bits, so a capture on
 * a 100x100 board costs what its neighbourhood costs. */
struct span {
	int lo, hi;
};

/* The words of set (nw of them) that are not zero. */
static struct span span_of(const uint64_t *set, int nw)
{
	struct span sp = { 0, -1 };

	while (sp.lo < nw && !set[sp.lo])
		sp.lo++;
	for (sp.hi = nw - 1; sp.hi >= sp.lo && !set[sp.hi]; sp.hi--)
		;
	return sp;
}

/* sp widened by n words each way, within 0..nw-1. */
static struct span widen(struct span sp, int n, int nw)
{
	sp.lo = sp.lo - n < 0 ? 0 : sp.lo - n;
	sp.hi = sp.hi + n >= nw ? nw - 1 : sp.hi + n;
	return sp;
}

/* Words a one-square step can move a bit across, at most. */
static int step_words(const struct flood_board *b)
{
	return b->stride / 64 + 1;
}

/* dst[lo..hi] |= src shifted toward higher bits by s (0 < s). */
static void or_shl(uint64_t *dst, const uint64_t *src, int s, struct span w)
{
	int ws = s >> 6, bs = s & 63;

	for (int i = w.lo < ws ? ws : w.lo; i <= w.hi; i++) {
		int j = i - ws;

		if (bs == 0)
			dst[i] |= src[j];
		else
			dst[i] |= src[j] << bs | (j > 0 ? src[j - 1] >> (64 - bs) : 0);
	}
}

/* dst[lo..hi] |= src (nw words) shifted toward lower bits by s (0 < s). */
static void or_shr(uint64_t *dst, const uint64_t *src, int s, struct span w, int nw)
{
	int ws = s >> 6, bs = s & 63;

	for (int i = w.lo; i <= w.hi && i + ws < nw; i++) {
		int j = i + ws;

		if (bs == 0)
			dst[i] |= src[j];
		else
			dst[i] |= src[j] >> bs | (j + 1 < nw ? src[j + 1] << (64 - bs) : 0);
	}
}

/* dst[w] |= src moved one square in direction d (bits off the board are
 * dropped by the caller's mask). */
static void or_step(const struct flood_board *b, uint64_t *dst, const uint64_t *src,
		    enum flood_dir d, struct span w)
{
	switch (d) {
	case FLOOD_EAST:
		or_shl(dst, src, 1, w);
		break;
	case FLOOD_WEST:
		or_shr(dst, src, 1, w, b->nw);
		break;
	case FLOOD_NORTH:
		or_shl(dst, src, b->stride, w);
		break;
	case FLOOD_SOUTH:
		or_shr(dst, src, b->stride, w, b->nw);
		break;
	}
}

/* out[w] = the neighbours of set within the board, for the words w; set
 * must be zero outside w narrowed by step_words. */
static void dilate_span(const struct flood_board *b, const uint64_t *set, uint64_t *out,
			struct span w)
{
	for (int i = w.lo; i <= w.hi; i++)
		out[i] = 0;
	for (int d = 0; d < 4; d++)
		or_step(b, out, set, (enum flood_dir)d, w);
	for (int i = w.lo; i <= w.hi; i++)
		out[i] &= b->valid[i];
}

void flood_dilate(const struct flood_board *b, const uint64_t *set, uint64_t *out)
{
	dilate_span(b, set, out, (struct span){ 0, b->nw - 1 });
}

/* set |= add & allowed over the words w, widening *sp to the words that
 * changed; returns whether set grew. */
static bool merge_grown(uint64_t *set, const uint64_t *add, const uint64_t *allowed,
			struct span w, struct span *sp)
{
	bool grew = false;

	for (int i = w.lo; i <= w.hi; i++) {
		uint64_t g = set[i] | (add[i] & allowed[i]);

		if (g != set[i]) {
			grew = true;
			set[i] = g;
			sp->lo = i < sp->lo ? i : sp->lo;
			sp->hi = i > sp->hi ? i : sp->hi;
		}
	}
	return grew;
}

/* One growth step of flood_grow_same from edge (the squares added last,
 * over the words of *sp; zero elsewhere): the squares of allowed not in
 * set next to an edge square of their colour become set's and the new
 * edge, *sp their words. Returns whether any were added. */
static bool grow_step(const struct flood_board *b, uint64_t *set, const uint64_t *allowed,
		      uint64_t *edge, struct span *sp)
{
	uint64_t add[FLOOD_MAX_WORDS], part[FLOOD_MAX_WORDS];
	int n = step_words(b), nw = b->nw;
	struct span w = widen(*sp, n, nw), r = widen(*sp, 2 * n, nw), next = { nw, -1 };

	for (int i = w.lo; i <= w.hi; i++)
		add[i] = 0;
	for (int d = 0; d < 4; d++) {
		for (int i = r.lo; i <= r.hi; i++)
			part[i] = edge[i] & b->same[d][i];
		or_step(b, add, part, (enum flood_dir)d, w);
	}
	for (int i = sp->lo; i <= sp->hi; i++)
		edge[i] = 0;
	for (int i = w.lo; i <= w.hi; i++) {
		edge[i] = add[i] & allowed[i] & ~set[i];
		if (edge[i]) {
			set[i] |= edge[i];
			next.lo = i < next.lo ? i : next.lo;
			next.hi = i;
		}
	}
	*sp = next;
	return next.lo <= next.hi;
}

void flood_grow_same(const struct flood_board *b, uint64_t *set, const uint64_t *allowed)
{
	uint64_t edge[FLOOD_MAX_WORDS];
	struct span sp = span_of(set, b->nw);

	if (sp.lo > sp.hi)
		return;
	/* Only the squares added last can add more: each step looks at the
	 * words of those, which narrow as the growth runs out. */
	memset(edge, 0, (size_t)b->nw * sizeof(edge[0]));
	memcpy(edge + sp.lo, set + sp.lo, (size_t)(sp.hi - sp.lo + 1) * sizeof(edge[0]));
	while (grow_step(b, set, allowed, edge, &sp))
		;
}

/* One step of plain growth of set within allowed over the words of *sp
 * (where set has bits), widening *sp; returns whether set grew. */
static bool fill_step(const struct flood_board *b, uint64_t *set, const uint64_t *allowed,
		      struct span *sp)
{
	uint64_t ring[FLOOD_MAX_WORDS];
	struct span w = widen(*sp, step_words(b), b->nw);

	dilate_span(b, set, ring, w);
	return merge_grown(set, ring, allowed, w, sp);
}

void flood_fill(const struct flood_board *b, uint64_t *set, const uint64_t *allowed)
{
	struct span sp = span_of(set, b->nw);

	if (sp.lo > sp.hi)
		return;
	while (fill_step(b, set, allowed, &sp))
		;
}

int flood_race_step(const struct flood_board *b, uint64_t *edge, uint64_t *open)
{
	uint64_t ring[FLOOD_MAX_WORDS];
	struct span sp = span_of(edge, b->nw);
	int nw = b->nw, n = 0;

	if (sp.lo > sp.hi)
		return 0;
	struct span w = widen(sp, step_words(b), nw);
	dilate_span(b, edge, ring, w);
	memset(edge, 0, (size_t)nw * sizeof(*edge));
	for (int i = w.lo; i <= w.hi; i++)
		edge[i] = ring[i] & open[i];
	flood_grow_same(b, edge, open);
	for (int i = 0; i < nw; i++) {
		n += __builtin_popcountll(edge[i]);
		open[i] &= ~edge[i];
	}
	return n;
}

/* Whether sets a and b share a square over the words of sp. */
static bool meet(const uint64_t *a, const uint64_t *b, struct span sp)
{
	for (int i = sp.lo; i <= sp.hi; i++)
		if (a[i] & b[i])
			return true;
	return false;
}

bool flood_pos_settled(const struct flood_pos *p, const struct flood_board *b, int gets[3])
{
	uint64_t reach[2][FLOOD_MAX_WORDS];
	struct span sp[2];
	int nw = p->nw;
	bool grew = true;

	/* Both sides' regions grow at once, so a contested region (the usual
	 * case) is found after half its width. */
	for (int c = 0; c < 2; c++) {
		memcpy(reach[c], flood_cfront(p, c + 1), (size_t)nw * sizeof(uint64_t));
		sp[c] = span_of(reach[c], nw);
	}
	while (grew) {
		struct span both = { sp[0].lo > sp[1].lo ? sp[0].lo : sp[1].lo,
				     sp[0].hi < sp[1].hi ? sp[0].hi : sp[1].hi };

		if (meet(reach[0], reach[1], both))
			return false;
		grew = false;
		for (int c = 0; c < 2; c++)
			if (sp[c].lo <= sp[c].hi)
				grew |= fill_step(b, reach[c], flood_cfree(p), &sp[c]);
	}
	gets[0] = 0;
	gets[COLOR_BLACK] = p->count[COLOR_BLACK] + flood_popcount(reach[0], nw);
	gets[COLOR_WHITE] = p->count[COLOR_WHITE] + flood_popcount(reach[1], nw);
	return true;
}

static void set_bit(uint64_t *set, int i)
{
	set[i >> 6] |= 1ULL << (i & 63);
}

void flood_board_init(struct flood_board *b, int width, int height, int ncolors)
{
	memset(b, 0, sizeof(*b));
	b->width = width;
	b->height = height;
	b->stride = width + 1;
	b->nbits = height * b->stride;
	b->nw = (b->nbits + 63) / 64;
	b->ncolors = ncolors;
	b->nsquares = width * height;
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++) {
			set_bit(b->valid, flood_square(b, x, y));
			b->color[flood_square(b, x, y)] = 1;
		}
	flood_board_update(b);
}

/* Whether square i (at x, y) and its neighbour in direction d share a
 * colour. */
static bool same_as_neighbour(const struct flood_board *b, int i, int x, int y, enum flood_dir d)
{
	static const int dx[] = { 1, -1, 0, 0 }, dy[] = { 0, 0, 1, -1 };
	int nx = x + dx[d], ny = y + dy[d];

	if (nx < 0 || ny < 0 || nx >= b->width || ny >= b->height)
		return false;
	return b->color[i] != 0 && b->color[i] == b->color[flood_square(b, nx, ny)];
}

void flood_board_update(struct flood_board *b)
{
	memset(b->col, 0, sizeof(b->col));
	memset(b->same, 0, sizeof(b->same));
	for (int y = 0; y < b->height; y++)
		for (int x = 0; x < b->width; x++) {
			int i = flood_square(b, x, y);

			set_bit(b->col[b->color[i]], i);
			for (int d = 0; d < 4; d++)
				if (same_as_neighbour(b, i, x, y, (enum flood_dir)d))
					set_bit(b->same[d], i);
		}
}

void flood_board_randomize(struct flood_board *b, struct rng *r)
{
	for (int y = b->height - 1; y >= 0; y--)
		for (int x = 0; x < b->width; x++)
			b->color[flood_square(b, x, y)] =
				(uint8_t)(1 + rng_below(r, (uint32_t)b->ncolors));
	flood_board_update(b);
}

void flood_pos_copy(struct flood_pos *dst, const struct flood_pos *src)
{
	size_t head = offsetof(struct flood_pos, bits);

	memcpy(dst, src, head);
	memcpy(dst->bits, src->bits, (size_t)FLOOD_SETS * (size_t)src->nw * sizeof(uint64_t));
}

/* front = unowned squares next to own. */
static void derive_front(struct flood_pos *p, const struct flood_board *b, int color)
{
	uint64_t *front = flood_front(p, color);
	const uint64_t *free_ = flood_cfree(p);

	flood_dilate(b, flood_cown(p, color), front);
	for (int i = 0; i < p->nw; i++)
		front[i] &= free_[i];
}

/* All unowned squares go to color; the game is over. */
static void award_rest(struct flood_pos *p, int color)
{
	uint64_t *own = flood_own(p, color), *free_ = flood_free(p);

	for (int i = 0; i < p->nw; i++) {
		own[i] |= free_[i];
		free_[i] = 0;
	}
	memset(flood_front(p, COLOR_BLACK), 0, 2 * (size_t)p->nw * sizeof(uint64_t));
	p->count[color] += p->nfree;
	p->nfree = 0;
	p->over = true;
}

/* The end rule after mover's move: first the mover, then the player to
 * move; one who touches no unowned square hands the rest to the other. */
static void apply_end_rule(struct flood_pos *p, int mover)
{
	int next = flood_other(mover);

	if (flood_empty(flood_cfront(p, mover), p->nw))
		award_rest(p, next);
	else if (flood_empty(flood_cfront(p, next), p->nw))
		award_rest(p, mover);
}

void flood_pos_setup(struct flood_pos *p, const struct flood_board *b, const uint64_t *own_black,
		     const uint64_t *own_white, int to_move)
{
	int nw = b->nw;
	uint64_t *free_;

	memset(p, 0, offsetof(struct flood_pos, bits));
	p->nw = nw;
	p->to_move = to_move;
	memcpy(flood_own(p, COLOR_BLACK), own_black, (size_t)nw * sizeof(uint64_t));
	memcpy(flood_own(p, COLOR_WHITE), own_white, (size_t)nw * sizeof(uint64_t));
	free_ = flood_free(p);
	for (int i = 0; i < nw; i++)
		free_[i] = b->valid[i] & ~own_black[i] & ~own_white[i];
	p->count[COLOR_BLACK] = flood_popcount(own_black, nw);
	p->count[COLOR_WHITE] = flood_popcount(own_white, nw);
	p->nfree = flood_popcount(free_, nw);
	derive_front(p, b, COLOR_BLACK);
	derive_front(p, b, COLOR_WHITE);
	apply_end_rule(p, flood_other(to_move));
}

void flood_pos_init(struct flood_pos *p, const struct flood_board *b, int to_move)
{
	uint64_t black[FLOOD_MAX_WORDS] = { 0 }, white[FLOOD_MAX_WORDS] = { 0 };

	set_bit(black, flood_square(b, 0, 0));
	set_bit(white, flood_square(b, b->width - 1, b->height - 1));
	flood_pos_setup(p, b, black, white, to_move);
}

/* The squares color would capture with paint, into got; false if none. */
static bool capture_set(const struct flood_pos *p, const struct flood_board *b, int color,
			int paint, uint64_t *got)
{
	const uint64_t *front = flood_cfront(p, color), *col = b->col[paint];
	uint64_t any = 0;

	for (int i = 0; i < p->nw; i++) {
		got[i] = front[i] & col[i];
		any |= got[i];
	}
	if (!any)
		return false;
	flood_grow_same(b, got, flood_cfree(p));
	return true;
}

/* Give the squares got to color and update both frontiers; only the words
 * near got can change. */
static int take(struct flood_pos *p, const struct flood_board *b, int color, const uint64_t *got)
{
	uint64_t ring[FLOOD_MAX_WORDS];
	uint64_t *own = flood_own(p, color), *free_ = flood_free(p);
	uint64_t *front = flood_front(p, color), *theirs = flood_front(p, flood_other(color));
	struct span sp = span_of(got, p->nw), w = widen(sp, step_words(b), p->nw);
	int n = 0;

	dilate_span(b, got, ring, w);
	for (int i = w.lo; i <= w.hi; i++) {
		n += __builtin_popcountll(got[i]);
		own[i] |= got[i];
		free_[i] &= ~got[i];
		front[i] = (front[i] | ring[i]) & free_[i];
		theirs[i] &= free_[i];
	}
	p->count[color] += n;
	p->nfree -= n;
	return n;
}

int flood_pos_play(struct flood_pos *p, const struct flood_board *b, int paint)
{
	uint64_t got[FLOOD_MAX_WORDS];
	int mover = p->to_move, n = 0;

	if (capture_set(p, b, mover, paint, got))
		n = take(p, b, mover, got);
	p->moves++;
	p->to_move = flood_other(mover);
	apply_end_rule(p, mover);
	return n;
}

void flood_pos_gains(const struct flood_pos *p, const struct flood_board *b, int color,
		     int gains[FLOOD_MAX_COLORS + 1])
{
	uint64_t got[FLOOD_MAX_WORDS], part[FLOOD_MAX_WORDS];

	/* Growing the whole frontier at once grows each colour's part alone,
	 * since growth only follows squares of one colour. */
	memcpy(got, flood_cfront(p, color), (size_t)p->nw * sizeof(got[0]));
	flood_grow_same(b, got, flood_cfree(p));
	gains[0] = 0;
	for (int c = 1; c <= b->ncolors; c++) {
		for (int i = 0; i < p->nw; i++)
			part[i] = got[i] & b->col[c][i];
		gains[c] = flood_popcount(part, p->nw);
	}
	for (int c = b->ncolors + 1; c <= FLOOD_MAX_COLORS; c++)
		gains[c] = 0;
}
