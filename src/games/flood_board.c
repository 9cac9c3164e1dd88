/* Flood's grid and positions on bitsets: a step in any direction is a shift
 * of the whole set (see flood.h), so a capture is a few shifts per ring of
 * captured squares, and each player's frontier (the unowned squares next to
 * its territory) is kept up to date from the squares just captured. */
#include "games/flood.h"

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

/* dst |= src shifted toward higher bits by s (0 < s); dst != src. */
static void or_shl(uint64_t *dst, const uint64_t *src, int s, int nw)
{
	int ws = s >> 6, bs = s & 63;

	if (bs == 0) {
		for (int i = ws; i < nw; i++)
			dst[i] |= src[i - ws];
		return;
	}
	if (ws < nw)
		dst[ws] |= src[0] << bs;
	for (int i = ws + 1; i < nw; i++)
		dst[i] |= src[i - ws] << bs | src[i - ws - 1] >> (64 - bs);
}

/* dst |= src shifted toward lower bits by s (0 < s); dst != src. */
static void or_shr(uint64_t *dst, const uint64_t *src, int s, int nw)
{
	int ws = s >> 6, bs = s & 63;

	if (bs == 0) {
		for (int i = 0; i + ws < nw; i++)
			dst[i] |= src[i + ws];
		return;
	}
	for (int i = 0; i + ws + 1 < nw; i++)
		dst[i] |= src[i + ws] >> bs | src[i + ws + 1] << (64 - bs);
	if (nw - 1 - ws >= 0)
		dst[nw - 1 - ws] |= src[nw - 1] >> bs;
}

/* dst |= src moved one square in direction d (bits off the board are
 * dropped by the caller's mask). */
static void or_step(const struct flood_board *b, uint64_t *dst, const uint64_t *src,
		    enum flood_dir d)
{
	switch (d) {
	case FLOOD_EAST:
		or_shl(dst, src, 1, b->nw);
		break;
	case FLOOD_WEST:
		or_shr(dst, src, 1, b->nw);
		break;
	case FLOOD_NORTH:
		or_shl(dst, src, b->stride, b->nw);
		break;
	case FLOOD_SOUTH:
		or_shr(dst, src, b->stride, b->nw);
		break;
	}
}

void flood_dilate(const struct flood_board *b, const uint64_t *set, uint64_t *out)
{
	int nw = b->nw;

	memset(out, 0, (size_t)nw * sizeof(*out));
	for (int d = 0; d < 4; d++)
		or_step(b, out, set, (enum flood_dir)d);
	for (int i = 0; i < nw; i++)
		out[i] &= b->valid[i];
}

void flood_grow_same(const struct flood_board *b, uint64_t *set, const uint64_t *allowed)
{
	uint64_t add[FLOOD_MAX_WORDS], part[FLOOD_MAX_WORDS];
	int nw = b->nw;
	bool changed = true;

	while (changed) {
		memset(add, 0, (size_t)nw * sizeof(add[0]));
		for (int d = 0; d < 4; d++) {
			for (int i = 0; i < nw; i++)
				part[i] = set[i] & b->same[d][i];
			or_step(b, add, part, (enum flood_dir)d);
		}
		changed = false;
		for (int i = 0; i < nw; i++) {
			uint64_t grown = set[i] | (add[i] & allowed[i]);

			changed |= grown != set[i];
			set[i] = grown;
		}
	}
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

/* Give the squares got to color and update both frontiers. */
static int take(struct flood_pos *p, const struct flood_board *b, int color, const uint64_t *got)
{
	uint64_t ring[FLOOD_MAX_WORDS];
	uint64_t *own = flood_own(p, color), *free_ = flood_free(p);
	uint64_t *front = flood_front(p, color), *theirs = flood_front(p, flood_other(color));
	int n = flood_popcount(got, p->nw);

	flood_dilate(b, got, ring);
	for (int i = 0; i < p->nw; i++) {
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
