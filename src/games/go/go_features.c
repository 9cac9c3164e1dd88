/* The features of a Go move (see go_features.h). */
#include "games/go/go_features.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* The points of the largest shape: offsets within gridcular distance
 * GO_SHAPE_MAX_D, nearest first, each with its distance. */
#define SHAPE_POINTS 48
struct offset {
	int8_t dx, dy, d;
};
static struct offset offsets[SHAPE_POINTS];
static int noffsets;
static uint64_t zobrist[SHAPE_POINTS][4]; /* by offset index, content */
static uint8_t perm[8][SHAPE_POINTS];      /* symmetry t takes offset k to perm[t][k] */
/* A shape's hash under symmetry t is the XOR over offsets k of
 * zobrist[k][content at perm[t][k]]. Most points are empty: the hash of
 * an empty shape, the same under every symmetry, is empty_hash[d], and a
 * stone or the edge at board offset j changes the hash under symmetry t by
 * change[j][content][t]. */
static uint64_t empty_hash[GO_SHAPE_MAX_D + 1];
static uint64_t change[SHAPE_POINTS][4][8];
static int size_end[GO_SHAPE_MAX_D + 1]; /* offsets of distance <= d: the first size_end[d] */
static pthread_once_t offsets_once = PTHREAD_ONCE_INIT;

static int gridcular(int dx, int dy)
{
	dx = abs(dx);
	dy = abs(dy);
	return dx + dy + (dx > dy ? dx : dy);
}

static uint64_t mix(uint64_t x);
static void transform(int t, int dx, int dy, int *x, int *y);

static void offsets_make(void)
{
	for (int k = 0; k < SHAPE_POINTS; k++)
		for (int v = 0; v < 4; v++)
			zobrist[k][v] = mix((uint64_t)k * 4 + (uint64_t)v);
	for (int d = 1; d <= GO_SHAPE_MAX_D; d++) {
		for (int dy = -GO_SHAPE_MAX_D; dy <= GO_SHAPE_MAX_D; dy++)
			for (int dx = -GO_SHAPE_MAX_D; dx <= GO_SHAPE_MAX_D; dx++)
				if ((dx || dy) && gridcular(dx, dy) == d)
					offsets[noffsets++] = (struct offset){ (int8_t)dx, (int8_t)dy,
									       (int8_t)d };
		size_end[d] = noffsets;
	}
	for (int t = 0; t < 8; t++)
		for (int k = 0; k < noffsets; k++) {
			int x, y;

			transform(t, offsets[k].dx, offsets[k].dy, &x, &y);
			for (int j = 0; j < noffsets; j++)
				if (offsets[j].dx == x && offsets[j].dy == y)
					perm[t][k] = (uint8_t)j;
		}
	for (int d = 1, k = 0; d <= GO_SHAPE_MAX_D; d++) {
		empty_hash[d] = empty_hash[d - 1];
		for (; k < size_end[d]; k++)
			empty_hash[d] ^= zobrist[k][0];
	}
	for (int t = 0; t < 8; t++)
		for (int k = 0; k < noffsets; k++)
			for (int v = 0; v < 4; v++)
				change[perm[t][k]][v][t] = zobrist[k][v] ^ zobrist[k][0];
}

/* The eight symmetries of the square applied to an offset. */
static void transform(int t, int dx, int dy, int *x, int *y)
{
	if (t & 4) {
		int s = dx;

		dx = dy;
		dy = s;
	}
	*x = t & 1 ? -dx : dx;
	*y = t & 2 ? -dy : dy;
}

/* A point's content for c: 0 empty, 1 own stone, 2 the opponent's, 3 off the board. */
static int content(const struct go_board *b, enum go_color c, int col, int row)
{
	if (col < 0 || row < 0 || col >= b->size || row >= b->size)
		return 3;
	int v = b->color[go_point(b, col, row)];
	return v == GO_EMPTY ? 0 : v == (int)c ? 1 : 2;
}

/* A fixed pseudo-random 64-bit value for (index, content): the shapes'
 * Zobrist numbers (splitmix64's finaliser, so the keys never change). */
static uint64_t mix(uint64_t x)
{
	x += UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

static uint64_t canonical_key(uint64_t h, int d)
{
	uint64_t key = (h ^ mix((uint64_t)d << 40)) & ((UINT64_C(1) << 58) - 1);

	return key ? key : 1;
}

/* The canonical keys of every size at once: keys[d - GO_SHAPE_MIN_D]. */
static void shape_keys(const struct go_board *b, enum go_color c, int p, uint64_t *keys)
{
	uint64_t h[8] = { 0 };
	int col = go_point_col(b, p), row = go_point_row(b, p), j = 0;

	pthread_once(&offsets_once, offsets_make);
	for (int d = 1; d <= GO_SHAPE_MAX_D; d++) {
		for (; j < size_end[d]; j++) {
			int v = content(b, c, col + offsets[j].dx, row + offsets[j].dy);

			if (v)
				for (int t = 0; t < 8; t++)
					h[t] ^= change[j][v][t];
		}
		if (d < GO_SHAPE_MIN_D)
			continue;
		uint64_t best = UINT64_MAX;
		for (int t = 0; t < 8; t++)
			best = (h[t] ^ empty_hash[d]) < best ? h[t] ^ empty_hash[d] : best;
		keys[d - GO_SHAPE_MIN_D] = canonical_key(best, d);
	}
}

uint64_t go_shape_key(const struct go_board *b, enum go_color c, int p, int d)
{
	uint64_t keys[GO_SHAPE_SIZES];

	shape_keys(b, c, p, keys);
	return keys[d - GO_SHAPE_MIN_D];
}

void go_feature_cache_init(struct go_feature_cache *fc, const struct go_board *b,
			   struct go_ladder *ladder)
{
	fc->b = b;
	fc->ladder = ladder;
	memset(fc->libs, 0, sizeof(fc->libs));
}

/* The liberties of the string at q, up to 3, counted once a string. */
static int libs3(struct go_feature_cache *fc, int q)
{
	int head = fc->b->head[q], libs[3];

	if (!fc->libs[head])
		fc->libs[head] = (uint8_t)(1 + go_board_libs_upto(fc->b, q, 3, libs));
	return fc->libs[head] - 1;
}

/* A 3x3 neighbour's state: 0 empty, 1 off the board, 2..4 an own stone of
 * 1, 2, 3+ liberties, 5..7 the opponent's. */
static unsigned neighbour_state(struct go_feature_cache *fc, enum go_color c, int col, int row)
{
	int v = content(fc->b, c, col, row);

	if (v == 0 || v == 3)
		return v == 3;
	return (unsigned)(v == 1 ? 1 : 4) + (unsigned)libs3(fc, go_point(fc->b, col, row));
}

static uint32_t shape3_code(struct go_feature_cache *fc, enum go_color c, int p)
{
	const struct go_board *b = fc->b;
	int col = go_point_col(b, p), row = go_point_row(b, p);
	unsigned state[3][3];
	uint32_t best = UINT32_MAX;

	pthread_once(&offsets_once, offsets_make);
	for (int y = -1; y <= 1; y++)
		for (int x = -1; x <= 1; x++)
			state[y + 1][x + 1] = x || y ? neighbour_state(fc, c, col + x, row + y) : 0;
	for (int t = 0; t < 8; t++) {
		uint32_t code = 0;

		for (int k = 0; k < size_end[3]; k++) {
			int x, y;

			transform(t, offsets[k].dx, offsets[k].dy, &x, &y);
			code |= state[y + 1][x + 1] << (3 * k);
		}
		best = code < best ? code : best;
	}
	return best;
}

/* Whether the string at s touches a string of c in atari. */
static bool touches_own_atari(const struct go_board *b, enum go_color c, int s)
{
	int stones[GO_MAX_POINTS], n = go_board_string_stones(b, s, stones);

	for (int i = 0; i < n; i++)
		GO_FOR_NEIGHBOURS(b, stones[i], q) {
			if (b->color[q] == c && go_board_in_atari(b, q))
				return true;
		}
	return false;
}

/* The capture class of c at p (the best of the strings it takes), or 0. */
static int capture_class(const struct go_board *b, enum go_color c, int p, int last)
{
	int best = 0;

	GO_FOR_NEIGHBOURS(b, p, n) {
		if (b->color[n] != go_other(c) || !go_board_in_atari(b, n))
			continue;
		int cls = GO_CAPTURE_OTHER;
		if (touches_own_atari(b, c, n))
			cls = GO_CAPTURE_SAVES;
		else if (last != GO_PASS && b->head[last] == b->head[n])
			cls = GO_CAPTURE_LAST;
		else if (b->str[b->head[n]].stones >= 3)
			cls = GO_CAPTURE_LARGE;
		if (!best || cls < best)
			best = cls;
	}
	return best;
}

/* The escape class of c extending at p, or 0 when no own string there is in atari. */
static int escape_class(const struct go_board *b, enum go_color c, int p, struct go_ladder *l)
{
	int saved = 0; /* stones in atari the move joins */

	GO_FOR_NEIGHBOURS(b, p, n) {
		if (b->color[n] == c && go_board_in_atari(b, n))
			saved += b->str[b->head[n]].stones;
	}
	if (!saved)
		return 0;
	int n = go_board_libs_after(b, c, p, 3), large = saved > 1 ? GO_ESCAPE_LARGE : 0;

	if (n >= 3)
		return GO_ESCAPE_SAFE + large;
	if (n < 2)
		return 0; /* still in atari: a self-atari */
	if (l && go_ladder_extension_fails(b, c, p, l))
		return GO_ESCAPE_LADDER + large;
	return GO_ESCAPE_TWO + large;
}

/* The atari class of c at p (the best of the strings it ataris), or 0. */
static int atari_class(struct go_feature_cache *fc, enum go_color c, int p)
{
	const struct go_board *b = fc->b;
	struct go_ladder *l = fc->ladder;
	int best = 0;

	GO_FOR_NEIGHBOURS(b, p, n) {
		if (b->color[n] != go_other(c) || libs3(fc, n) != 2)
			continue;
		int cls = l && go_ladder_atari_catches(b, c, p, n, l) ? GO_ATARI_LADDER
			  : b->ko ? GO_ATARI_KO : GO_ATARI_OTHER;
		if (!best || cls < best)
			best = cls;
	}
	return best;
}

static uint64_t distance_class(const struct go_board *b, int p, int q)
{
	if (q == GO_PASS)
		return 0;
	int d = gridcular(go_point_col(b, p) - go_point_col(b, q),
			  go_point_row(b, p) - go_point_row(b, q));
	return (uint64_t)(d < GO_DIST_FAR ? d : GO_DIST_FAR);
}

void go_features(struct go_feature_cache *fc, enum go_color c, int p, int last, int last2,
		 struct go_move_features *out)
{
	const struct go_board *b = fc->b;
	int x, y, stones;

	memset(out, 0, sizeof(*out));
	if (p == GO_PASS) {
		out->value[GO_FG_PASS] = 1;
		return;
	}
	out->value[GO_FG_CAPTURE] = (uint64_t)capture_class(b, c, p, last);
	/* a capture that saves a string is GO_CAPTURE_SAVES, not an escape */
	if (!out->value[GO_FG_CAPTURE] && go_board_is_self_atari(b, c, p, &stones))
		out->value[GO_FG_SELF_ATARI] = stones > 1 ? 2 : 1;
	else if (!out->value[GO_FG_CAPTURE])
		out->value[GO_FG_ESCAPE] = (uint64_t)escape_class(b, c, p, fc->ladder);
	if (!out->value[GO_FG_SELF_ATARI])
		out->value[GO_FG_ATARI] = (uint64_t)atari_class(fc, c, p);
	int line = go_point_lines(b, p, &x, &y);
	out->value[GO_FG_LINE] = (uint64_t)(line < 5 ? line : 5);
	out->value[GO_FG_DIST_LAST] = distance_class(b, p, last);
	out->value[GO_FG_DIST_LAST2] = distance_class(b, p, last2);
	out->value[GO_FG_SHAPE3] = (uint64_t)shape3_code(fc, c, p) + 1;
	shape_keys(b, c, p, out->shape);
}

void go_features_choose_shape(struct go_move_features *f, bool (*known)(void *ctx, uint64_t key),
			      void *ctx)
{
	f->value[GO_FG_SHAPE] = 0;
	if (f->value[GO_FG_PASS])
		return;
	for (int i = GO_SHAPE_SIZES - 1; i >= 0; i--)
		if (known(ctx, go_feature_key(GO_FG_SHAPE, f->shape[i]))) {
			f->value[GO_FG_SHAPE] = f->shape[i];
			return;
		}
}

static size_t slot_of(const struct go_gamma_index *ix, uint64_t key)
{
	size_t i = (size_t)(key * UINT64_C(0x9e3779b97f4a7c15) >> 24) & ix->mask;

	while (ix->key[i] && ix->key[i] != key)
		i = (i + 1) & ix->mask;
	return i;
}

void go_gamma_index_build(struct go_gamma_index *ix, const struct go_gamma *table, size_t n)
{
	size_t slots = 16;

	while (slots < 2 * n)
		slots *= 2;
	ix->mask = slots - 1;
	ix->key = xcalloc(slots, sizeof(*ix->key));
	ix->gamma = xcalloc(slots, sizeof(*ix->gamma));
	for (size_t i = 0; i < n; i++) {
		size_t j = slot_of(ix, table[i].key);

		ix->key[j] = table[i].key;
		ix->gamma[j] = table[i].gamma;
	}
}

void go_gamma_index_free(struct go_gamma_index *ix)
{
	free(ix->key);
	free(ix->gamma);
	memset(ix, 0, sizeof(*ix));
}

double go_gamma_of(const struct go_gamma_index *ix, uint64_t key)
{
	size_t i = slot_of(ix, key);

	return ix->key[i] ? ix->gamma[i] : 1;
}

static bool in_index(void *ctx, uint64_t key)
{
	const struct go_gamma_index *ix = ctx;

	return ix->key[slot_of(ix, key)] != 0;
}

double go_features_strength(const struct go_gamma_index *ix, struct go_move_features *f)
{
	double s = 1;

	go_features_choose_shape(f, in_index, (void *)ix);
	for (int g = 0; g < GO_FG_COUNT; g++)
		if (f->value[g])
			s *= go_gamma_of(ix, go_feature_key((enum go_feature_group)g, f->value[g]));
	return s;
}
