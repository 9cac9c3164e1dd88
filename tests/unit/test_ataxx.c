/* Unit tests of the Ataxx rules: neighbour tables, perft (libataxx's
 * published tables, the yinyang rules, both bitboard widths against a plain
 * array reference), layouts, game ends and scores in both rule sets, FEN,
 * move text, play/undo through game_ops; setup + history replayed through a
 * session, results and variant keys. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx.h"
#include "replay_helpers.h"

/* ------------------------------------------------------------------ */
/* A plain array reference of the rules, written for clarity only.     */

struct ref {
	int n;            /* board size */
	char c[16][16];   /* [row][col]: '.', 'x', 'o' or '-' */
	int turn;         /* 0 x, 1 o */
	int half;         /* half-move clock */
	bool standard;    /* standard rules */
};

static int dist(int r1, int c1, int r2, int c2)
{
	int dr = abs(r1 - r2), dc = abs(c1 - c2);

	return dr > dc ? dr : dc;
}

static void ref_from(const struct axw_pos *p, int n, struct ref *r)
{
	memset(r, 0, sizeof(*r));
	r->n = n;
	r->turn = p->turn;
	r->half = p->halfmoves;
	r->standard = p->standard;
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++) {
			int sq = row * 16 + col;

			r->c[row][col] = axw_test(p->piece[0], sq) ? 'x' : axw_test(p->piece[1], sq) ? 'o'
					 : axw_test(p->blocked, sq) ? '-' : '.';
		}
}

/* Moves of the side to move (wide encoding), clones then jumps. */
static int ref_moves(const struct ref *r, int *list)
{
	char us = r->turn ? 'o' : 'x';
	int k = 0;

	for (int tr = 0; tr < r->n; tr++)
		for (int tc = 0; tc < r->n; tc++) {
			if (r->c[tr][tc] != '.')
				continue;
			bool clone = false;
			for (int fr = 0; fr < r->n; fr++)
				for (int fc = 0; fc < r->n; fc++) {
					if (r->c[fr][fc] != us)
						continue;
					int d = dist(fr, fc, tr, tc);
					if (d == 1)
						clone = true;
					else if (d == 2)
						list[k++] = (fr * 16 + fc) << 8 | (tr * 16 + tc);
				}
			if (clone)
				list[k++] = (tr * 16 + tc) << 8 | (tr * 16 + tc);
		}
	return k;
}

static int ref_count(const struct ref *r, char what)
{
	int k = 0;

	for (int row = 0; row < r->n; row++)
		for (int col = 0; col < r->n; col++)
			k += r->c[row][col] == what;
	return k;
}

/* Whether any piece of side (0 x, 1 o, 2 either) is within 2 of an empty square. */
static bool ref_can_reach(const struct ref *r, int side)
{
	for (int tr = 0; tr < r->n; tr++)
		for (int tc = 0; tc < r->n; tc++) {
			if (r->c[tr][tc] != '.')
				continue;
			for (int fr = 0; fr < r->n; fr++)
				for (int fc = 0; fc < r->n; fc++) {
					char c = r->c[fr][fc];
					bool mine = side == 2 ? c == 'x' || c == 'o' : c == "xo"[side];
					if (mine && dist(fr, fc, tr, tc) <= 2)
						return true;
				}
		}
	return false;
}

static bool ref_over(const struct ref *r)
{
	if (!r->standard)
		return !ref_can_reach(r, r->turn);
	return r->half >= 100 || !ref_count(r, 'x') || !ref_count(r, 'o') || !ref_can_reach(r, 2);
}

static void ref_make(struct ref *r, int move)
{
	char us = r->turn ? 'o' : 'x', them = r->turn ? 'x' : 'o';

	r->half++;
	r->turn = !r->turn;
	if (move == AX_PASS)
		return;
	int from = move >> 8, to = move & 0xff, tr = to / 16, tc = to % 16;
	r->c[tr][tc] = us;
	if (from == to)
		r->half = 0;
	else
		r->c[from / 16][from % 16] = '.';
	for (int dr = -1; dr <= 1; dr++)
		for (int dc = -1; dc <= 1; dc++) {
			int rr = tr + dr, cc = tc + dc;
			if (rr >= 0 && rr < r->n && cc >= 0 && cc < r->n && r->c[rr][cc] == them)
				r->c[rr][cc] = us;
		}
}

static uint64_t ref_perft(const struct ref *r, int depth)
{
	static int lists[8][AXW_SQUARES * 17];
	uint64_t total = 0;

	if (depth == 0)
		return 1;
	if (ref_over(r))
		return 0;
	int *list = lists[depth], n = ref_moves(r, list);
	if (n == 0 && r->standard)
		list[n++] = AX_PASS;
	for (int i = 0; i < n; i++) {
		struct ref next = *r;

		ref_make(&next, list[i]);
		total += ref_perft(&next, depth - 1);
	}
	return total;
}

/* ------------------------------------------------------------------ */
/* helpers                                                             */

static struct axw_pos fen(const char *text, int *size, bool standard)
{
	char buf[512], *words[8], *save = NULL;
	int n = 0, sz;
	struct axw_pos p;
	char err[128];

	snprintf(buf, sizeof(buf), "%s", text);
	for (char *w = strtok_r(buf, " ", &save); w && n < 8; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	if (ataxx_parse_fen(n, words, &sz, &p, err, sizeof(err)) < 0)
		fail_msg("fen %s: %s", text, err);
	p.standard = standard;
	if (size)
		*size = sz;
	return p;
}

/* Perft in every width that holds the board, all agreeing; also through
 * the capped count, which makes every position (the uncapped one counts
 * the last two plies without making them). */
static uint64_t perft_any(const struct axw_pos *p, int size, int depth)
{
	uint64_t wide = axw_perft(p, depth, NULL), cap = UINT64_MAX;

	assert_int_equal(axw_perft_capped(p, depth, NULL, &cap), wide);

	if (size <= 8) {
		struct ax64_pos q = ax_pos64(p);
		assert_int_equal(ax64_perft(&q, depth, NULL), wide);
	}
	if (size <= AX128_MAX_SIZE) {
		struct ax128_pos q = ax_pos128(p);
		assert_int_equal(ax128_perft(&q, depth, NULL), wide);
	}
	assert_int_equal(ax_perft_sized(p, size, depth, NULL, NULL), wide);
	return wide;
}

/* ------------------------------------------------------------------ */
/* tests                                                               */

static void test_tables(void **state)
{
	(void)state;
	for (int r = 0; r < 16; r++)
		for (int c = 0; c < 16; c++) {
			axw_bb adj = axw_zero(), far = axw_zero();

			for (int r2 = 0; r2 < 16; r2++)
				for (int c2 = 0; c2 < 16; c2++) {
					int d = dist(r, c, r2, c2);
					if (d == 1)
						adj = axw_or(adj, axw_bit(r2 * 16 + c2));
					if (d == 2)
						far = axw_or(far, axw_bit(r2 * 16 + c2));
				}
			assert_true(axw_equal(axw_adjacent[r * 16 + c], adj));
			assert_true(axw_equal(axw_jumps[r * 16 + c], far));
			if (r < 8 && c < 8) {
				assert_true(ax64_adjacent[r * 8 + c] == ax_bb64(adj));
				assert_true(ax64_jumps[r * 8 + c] == ax_bb64(far));
			}
			if (r < 11 && c < 11) {
				assert_true(ax128_adjacent[r * 11 + c] == ax_bb128(adj));
				assert_true(ax128_jumps[r * 11 + c] == ax_bb128(far));
			}
		}
	/* grow = the square and its neighbours, also across word edges. */
	for (int sq = 0; sq < 256; sq++)
		assert_true(axw_equal(axw_grow(axw_bit(sq)),
				      axw_or(axw_bit(sq), axw_adjacent[sq])));
	for (int sq = 0; sq < 64; sq++)
		assert_true(ax64_grow(ax64_bit(sq)) == (ax64_bit(sq) | ax64_adjacent[sq]));
	ax128_bb board128 = ((ax128_bb)1 << 121) - 1; /* the rest never holds a piece */
	for (int sq = 0; sq < 121; sq++)
		assert_true((ax128_grow(ax128_bit(sq)) & board128) ==
			    (ax128_bit(sq) | ax128_adjacent[sq]));
}

/* libataxx's tests/perft.cpp, standard rules. */
static const struct {
	const char *fen;
	uint64_t nodes[7];
	int depth;
} libataxx_perft[] = {
	{ "7/7/7/7/7/7/7 x 0 1", { 1, 0, 0, 0, 0 }, 4 },
	{ "7/7/7/7/7/7/7 o 0 1", { 1, 0, 0, 0, 0 }, 4 },
	{ "x5o/7/7/7/7/7/o5x x 0 1", { 1, 16, 256, 6460, 155888, 4752668 }, 5 },
	{ "x5o/7/7/7/7/7/o5x o 0 1", { 1, 16, 256, 6460, 155888, 4752668 }, 5 },
	{ "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", { 1, 14, 196, 4184, 86528, 2266352 }, 5 },
	{ "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", { 1, 14, 196, 4184, 86528, 2266352 }, 5 },
	{ "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1", { 1, 14, 196, 4100, 83104, 2114588 }, 5 },
	{ "x5o/7/2-1-2/3-3/2-1-2/7/o5x o 0 1", { 1, 14, 196, 4100, 83104, 2114588 }, 5 },
	{ "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1", { 1, 16, 256, 5948, 133264, 3639856 }, 5 },
	{ "x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1", { 1, 16, 256, 5948, 133264, 3639856 }, 5 },
	{ "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", { 1, 1, 75, 249, 14270, 452980 }, 5 },
	{ "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1", { 1, 75, 249, 14270, 452980 }, 4 },
	{ "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo x 0 1", { 1, 75, 249, 14270, 452980 }, 4 },
	{ "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo o 0 1", { 1, 1, 75, 249, 14270, 452980 }, 5 },
	{ "7/7/7/2x1o2/7/7/7 x 0 1", { 1, 23, 419, 7887, 168317, 4266992 }, 5 },
	{ "7/7/7/2x1o2/7/7/7 o 0 1", { 1, 23, 419, 7887, 168317, 4266992 }, 5 },
	{ "x5o/7/7/7/7/7/o5x x 100 1", { 1, 0, 0, 0, 0 }, 4 },
	{ "x5o/7/7/7/7/7/o5x o 100 1", { 1, 0, 0, 0, 0 }, 4 },
	{ "7/7/7/7/-------/-------/x5o x 0 1", { 1, 2, 4, 13, 30, 73, 174 }, 6 },
	{ "7/7/7/7/-------/-------/x5o o 0 1", { 1, 2, 4, 13, 30, 73, 174 }, 6 },
};

static void test_perft_libataxx(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(libataxx_perft) / sizeof(libataxx_perft[0]); i++) {
		int size;
		struct axw_pos p = fen(libataxx_perft[i].fen, &size, true);
		struct ax64_pos q = ax_pos64(&p);

		for (int d = 0; d <= libataxx_perft[i].depth; d++) {
			uint64_t got = ax64_perft(&q, d, NULL);

			if (got != libataxx_perft[i].nodes[d])
				fail_msg("%s depth %d: %llu, expected %llu", libataxx_perft[i].fen, d,
					 (unsigned long long)got,
					 (unsigned long long)libataxx_perft[i].nodes[d]);
		}
		/* The wide form agrees (to one depth less: it is slower). */
		int d = libataxx_perft[i].depth - 1;
		assert_int_equal(axw_perft(&p, d, NULL), libataxx_perft[i].nodes[d]);
	}
}

/* The start position, in a GTP session's terms: perft 5 through the
 * command that users run. */
static void test_perft_start_depth5(void **state)
{
	struct axw_pos p = fen("x5o/7/7/7/7/7/o5x x 0 1", NULL, true);
	struct ax64_pos q = ax_pos64(&p);
	const uint64_t expect[] = { 1, 16, 256, 6460, 155888, 4752668 };

	(void)state;
	for (int d = 0; d <= 5; d++)
		assert_int_equal(ax64_perft(&q, d, NULL), expect[d]);
	/* yinyang rules agree while nobody is stuck. */
	p.standard = false;
	q = ax_pos64(&p);
	assert_int_equal(ax64_perft(&q, 5, NULL), 4752668);
}

/* yinyang: a stuck side ends the game (no pass), so perft differs from
 * the standard rules exactly where libataxx counts passes. */
static void test_perft_yinyang_stuck(void **state)
{
	int size;
	struct axw_pos p = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", &size, false);
	struct ref r;

	(void)state;
	assert_true(axw_is_over(&p));
	assert_int_equal(perft_any(&p, size, 1), 0);
	assert_int_equal(axw_outcome(&p), 7 - 14 - 28); /* the 28 empties go to o */
	/* o to move: o moves, then x may be stuck again, and so on. */
	p.turn = 1;
	ref_from(&p, size, &r);
	for (int d = 1; d <= 3; d++)
		assert_int_equal(perft_any(&p, size, d), ref_perft(&r, d));
	assert_int_equal(perft_any(&p, size, 1), 75);
	/* Standard rules count x's pass: 75 -> 249 at depth 2 from x to move. */
	struct axw_pos s = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", NULL, true);
	assert_int_equal(perft_any(&s, size, 2), 75);
	/* A side with no piece at all is stuck at once. */
	struct axw_pos e = fen("7/7/7/7/7/7/6o x 0 1", &size, false);
	assert_true(axw_is_over(&e));
	assert_int_equal(axw_outcome(&e), -49);
	e.turn = 1;
	assert_false(axw_is_over(&e));
	assert_int_equal(perft_any(&e, size, 1), 8);
	assert_int_equal(perft_any(&e, size, 2), 0);
}

static void random_position(struct rng *rng, int n, bool standard, struct axw_pos *p)
{
	ataxx_empty_position(n, p);
	/* A quarter of them crowded: that is where sides get stuck. */
	int fill = rng_below(rng, 4) == 0 ? 95 + (int)rng_below(rng, 6) : 5 + (int)rng_below(rng, 90);
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++) {
			int sq = row * 16 + col, x = (int)rng_below(rng, 100);

			if (x < fill / 2)
				p->piece[0] = axw_or(p->piece[0], axw_bit(sq));
			else if (x < fill)
				p->piece[1] = axw_or(p->piece[1], axw_bit(sq));
			else if (x < fill + 4)
				p->blocked = axw_or(p->blocked, axw_bit(sq));
		}
	p->turn = (int)rng_below(rng, 2);
	p->halfmoves = rng_below(rng, 4) == 0 ? 98 + (int)rng_below(rng, 3) : 0;
	p->standard = standard;
}

/* Both widths against the array reference on random positions of every
 * size: crowded, sparse, with gaps, near the 50-move limit, stuck sides. */
static void test_perft_reference(void **state)
{
	struct rng rng;
	int stuck = 0, passes = 0;

	(void)state;
	rng_seed(&rng, 6);
	for (int i = 0; i < 240; i++) {
		int n = 4 + i % 13, depth = n <= 7 ? 3 : 2;
		bool standard = i % 2;
		struct axw_pos p;
		struct ref r;

		random_position(&rng, n, standard, &p);
		ref_from(&p, n, &r);
		stuck += axw_is_over(&p);
		passes += standard && !axw_is_over(&p) && !axw_any(axw_targets(&p, p.turn));
		assert_int_equal(axw_is_over(&p), ref_over(&r));
		for (int d = 1; d <= depth; d++) {
			uint64_t want = ref_perft(&r, d), got = perft_any(&p, n, d);

			if (want != got)
				fail_msg("case %d size %d depth %d: %llu, reference %llu", i, n, d,
					 (unsigned long long)got, (unsigned long long)want);
		}
	}
	/* The sample did reach the interesting cases. */
	assert_true(stuck > 5);
	(void)passes;
	/* Forced passes on every size: x fills row 1 behind two rows of o. */
	for (int n = 4; n <= 16; n++) {
		struct axw_pos p;
		struct ref r;

		ataxx_empty_position(n, &p);
		for (int col = 0; col < n; col++) {
			p.piece[0] = axw_or(p.piece[0], axw_bit(col));
			p.piece[1] = axw_or(p.piece[1], axw_bit(16 + col));
			p.piece[1] = axw_or(p.piece[1], axw_bit(32 + col));
		}
		p.standard = true;
		ref_from(&p, n, &r);
		assert_int_equal(perft_any(&p, n, 1), 1);
		assert_int_equal(perft_any(&p, n, 2), ref_perft(&r, 2));
		if (n <= 6)
			assert_int_equal(perft_any(&p, n, 3), ref_perft(&r, 3));
	}
}

static int compare_ints(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The generator's moves are the reference's, and make agrees with the
 * reference on every one of them. */
static void test_moves_and_make(void **state)
{
	static int a[AXW_SQUARES * 17], b[AXW_SQUARES * 17];
	struct rng rng;

	(void)state;
	rng_seed(&rng, 11);
	for (int i = 0; i < 60; i++) {
		int n = 4 + i % 13;
		struct axw_pos p;
		struct ref r;

		random_position(&rng, n, true, &p);
		p.halfmoves = 0;
		ref_from(&p, n, &r);
		int na = axw_gen_moves(&p, a), nb = ref_moves(&r, b);
		assert_int_equal(na, nb);
		for (int k = 0; k < na; k++)
			assert_true(axw_is_legal(&p, a[k]) || axw_is_over(&p));
		qsort(a, (size_t)na, sizeof(int), compare_ints);
		qsort(b, (size_t)nb, sizeof(int), compare_ints);
		assert_memory_equal(a, b, (size_t)na * sizeof(int));
		for (int k = 0; k < na; k++) {
			struct axw_pos q = p;
			struct ref s = r, t;

			axw_make(&q, a[k]);
			ref_make(&s, a[k]);
			ref_from(&q, n, &t);
			assert_memory_equal(s.c, t.c, sizeof(s.c));
			assert_int_equal(s.turn, t.turn);
			assert_int_equal(s.half, t.half);
		}
	}
}

static void test_layouts(void **state)
{
	struct axw_pos p;
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(ataxx_max_rows(4), 1);
	assert_int_equal(ataxx_max_rows(7), 2);
	assert_int_equal(ataxx_max_rows(8), 3);
	assert_int_equal(ataxx_max_rows(16), 7);
	for (int n = 4; n <= 16; n++)
		for (int k = 1; k <= ataxx_max_rows(n); k++) {
			struct ataxx_layout l = { ATAXX_ROWS, k };

			ataxx_layout_position(n, &l, false, &p);
			assert_int_equal(axw_count(p.piece[0]), k * n);
			assert_int_equal(axw_count(p.piece[1]), k * n);
			assert_true(axw_test(p.piece[0], 0));                         /* a1 */
			assert_true(axw_test(p.piece[0], (k - 1) * 16 + n - 1));      /* row k */
			assert_true(axw_test(p.piece[1], (n - k) * 16));              /* row n-k+1 */
			assert_false(axw_test(p.piece[0], k * 16));
			assert_int_equal(axw_count(axw_empty(&p)), n * n - 2 * k * n);
			assert_int_equal(p.turn, 0);
		}
	/* The classic board: 7x7, rows 2, 14 pieces each. */
	struct ataxx_layout classic = { ATAXX_ROWS, 2 };
	ataxx_layout_position(7, &classic, false, &p);
	ataxx_print_fen(&p, 7, &sb);
	assert_string_equal(sb_str(&sb), "ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1");
	/* rows K beyond what the size allows is cut down. */
	struct ataxx_layout big = { ATAXX_ROWS, 7 };
	ataxx_layout_position(6, &big, false, &p);
	assert_int_equal(axw_count(p.piece[0]), 12);
	sb_reset(&sb);
	ataxx_print_layout(&big, 6, &sb);
	assert_string_equal(sb_str(&sb), "rows 2");
	struct ataxx_layout c1 = { ATAXX_CORNERS, 1 }, c2 = { ATAXX_CORNERS, 2 };
	ataxx_layout_position(5, &c1, false, &p);
	sb_reset(&sb);
	ataxx_print_fen(&p, 5, &sb);
	assert_string_equal(sb_str(&sb), "4o/5/5/5/x4 x 0 1");
	ataxx_layout_position(7, &c2, true, &p);
	sb_reset(&sb);
	ataxx_print_fen(&p, 7, &sb);
	assert_string_equal(sb_str(&sb), "x5o/7/7/7/7/7/o5x x 0 1");
	ataxx_layout_position(16, &c2, true, &p);
	sb_reset(&sb);
	ataxx_print_fen(&p, 16, &sb);
	assert_string_equal(sb_str(&sb), "x14o/16/16/16/16/16/16/16/16/16/16/16/16/16/16/o14x x 0 1");
	sb_free(&sb);
}

static void test_layout_text(void **state)
{
	struct ataxx_layout l;
	char err[64];
	char *w1[] = { "corners" }, *w2[] = { "corners", "2" }, *w3[] = { "rows", "3" };
	char *bad1[] = { "rows" }, *bad2[] = { "corners", "3" }, *bad3[] = { "rows", "0" };
	char *bad4[] = { "diagonal" }, *bad5[] = { "rows", "x" };

	(void)state;
	assert_int_equal(ataxx_parse_layout(1, w1, 7, &l, err, sizeof(err)), 0);
	assert_true(l.kind == ATAXX_CORNERS && l.k == 1);
	assert_int_equal(ataxx_parse_layout(2, w2, 7, &l, err, sizeof(err)), 0);
	assert_true(l.kind == ATAXX_CORNERS && l.k == 2);
	assert_int_equal(ataxx_parse_layout(2, w3, 8, &l, err, sizeof(err)), 0);
	assert_true(l.kind == ATAXX_ROWS && l.k == 3);
	assert_int_equal(ataxx_parse_layout(2, w3, 7, &l, err, sizeof(err)), -1);
	assert_string_equal(err, "invalid layout");
	assert_int_equal(ataxx_parse_layout(1, bad1, 7, &l, err, sizeof(err)), -1);
	assert_int_equal(ataxx_parse_layout(2, bad2, 7, &l, err, sizeof(err)), -1);
	assert_int_equal(ataxx_parse_layout(2, bad3, 7, &l, err, sizeof(err)), -1);
	assert_int_equal(ataxx_parse_layout(1, bad4, 7, &l, err, sizeof(err)), -1);
	assert_int_equal(ataxx_parse_layout(2, bad5, 7, &l, err, sizeof(err)), -1);
}

/* Game ends and results, yinyang. */
static void test_end_yinyang(void **state)
{
	struct axw_pos p;

	(void)state;
	/* Full board: pieces only. */
	p = fen("xxxx/xxxx/oooo/oooo o 0 1", NULL, false);
	assert_true(axw_is_over(&p));
	assert_int_equal(axw_outcome(&p), 0);
	p = fen("xxxx/xxxx/xooo/oooo x 0 1", NULL, false);
	assert_int_equal(axw_outcome(&p), 2);
	/* o to move and stuck (every empty square too far): the 2 empties go to x. */
	p = fen("o3/4/4/x1xx o 0 1", NULL, false);
	assert_false(axw_is_over(&p));
	p = fen("oxx1/xxx1/xxx1/4 o 0 1", NULL, false);
	assert_true(axw_is_over(&p));
	assert_int_equal(axw_outcome(&p), 8 - 1 + 7);
	/* The same position with x to move is not over. */
	p.turn = 0;
	assert_false(axw_is_over(&p));
	/* Gaps are nobody's. */
	p = fen("xx--/xx--/oo--/oo-- x 0 1", NULL, false);
	assert_true(axw_is_over(&p));
	assert_int_equal(axw_outcome(&p), 0);
	/* No 50-move rule in yinyang. */
	p = fen("x3/4/4/3o x 500 1", NULL, false);
	assert_false(axw_is_over(&p));
}

/* Game ends and results, standard. */
static void test_end_standard(void **state)
{
	struct axw_pos p;

	(void)state;
	p = fen("x5o/7/7/7/7/7/o5x x 99 1", NULL, true);
	assert_false(axw_is_over(&p));
	p.halfmoves = 100;
	assert_true(axw_is_over(&p));
	assert_int_equal(axw_outcome(&p), 0); /* 50-move rule: a draw */
	/* No o piece: x wins by its pieces. */
	p = fen("x6/7/7/7/7/7/6x o 0 1", NULL, true);
	assert_true(axw_is_over(&p));
	assert_int_equal(axw_outcome(&p), 2);
	/* A side stuck while the other can move: a pass, not the end. */
	p = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", NULL, true);
	assert_false(axw_is_over(&p));
	assert_true(axw_is_legal(&p, AX_PASS));
	assert_false(axw_is_legal(&(struct axw_pos){ .standard = false }, AX_PASS));
	/* Empty squares nobody can reach: over, pieces counted (empties are
	 * nobody's in standard rules). */
	p = fen("x3/4/4/3o x 0 1", NULL, true);
	assert_false(axw_is_over(&p));
	p = fen("xx--/x-2/--2/oo2 x 0 1", NULL, true);
	assert_false(axw_is_over(&p));
	p = fen("xx--/----/----/o--1 x 0 1", NULL, true);
	assert_true(axw_is_over(&p));
	assert_int_equal(axw_outcome(&p), 1);
	/* A full board beats the 50-move rule: it is scored. */
	p = fen("xxxx/xxxx/xooo/oooo x 100 1", NULL, true);
	assert_int_equal(axw_outcome(&p), 2);
}

static void fen_round_trip(const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	int size;
	struct axw_pos p = fen(text, &size, false);

	ataxx_print_fen(&p, size, &sb);
	assert_string_equal(sb_str(&sb), text);
	sb_free(&sb);
}

static void fen_fails(const char *text, const char *why)
{
	char buf[512], *words[8], *save = NULL, err[128];
	int n = 0, size = -1;
	struct axw_pos p;

	snprintf(buf, sizeof(buf), "%s", text);
	for (char *w = strtok_r(buf, " ", &save); w && n < 8; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	assert_int_equal(ataxx_parse_fen(n, words, &size, &p, err, sizeof(err)), -1);
	assert_string_equal(err, why);
	assert_int_equal(size, -1);
}

static void test_fen(void **state)
{
	(void)state;
	fen_round_trip("x5o/7/7/7/7/7/o5x x 0 1");
	fen_round_trip("x5o/7/2-1-2/3-3/2-1-2/7/o5x o 17 42");
	fen_round_trip("x3/4/4/3o x 0 1");
	fen_round_trip("x9/10/10/10/10/10/10/10/10/9o o 3 9");
	fen_round_trip("x14o/16/16/16/16/16/16/16/16/16/16/16/16/16/16/o14x x 0 1");
	fen_round_trip("----------------/16/16/16/16/16/16/16/16/16/16/16/16/16/16/xo14 x 0 1");
	/* b/w spellings, upper case and missing counters are accepted. */
	struct strbuf sb = STRBUF_INIT;
	int size;
	struct axw_pos p = fen("B5W/7/7/7/7/7/w5b B", &size, false);
	ataxx_print_fen(&p, size, &sb);
	assert_string_equal(sb_str(&sb), "x5o/7/7/7/7/7/o5x x 0 1");
	sb_free(&sb);
	fen_fails("x5o/7/7/7/7/7/o5x", "invalid fen: need the board and the side to move");
	fen_fails("x5o/7/7/7/7/7/o5x x 0 1 extra", "invalid fen: more than 4 fields");
	fen_fails("x2/3/2o x", "invalid fen: 3 rows; boards are 4x4 to 16x16");
	fen_fails("x5o/7/7/7/7/7/o4x x", "invalid fen: row 1 has 6 squares, not 7");
	fen_fails("x5o/7/7/8/7/7/o5x x", "invalid fen: row 4 is longer than 7 squares");
	fen_fails("x5o/7/7/07/7/7/o5x x", "invalid fen: unexpected character '0'");
	fen_fails("x5o/7/7/7x/7/7/o5x x", "invalid fen: row 4 is longer than 7 squares");
	fen_fails("x5o/7/7/7/7/7/o5z x", "invalid fen: unexpected character 'z'");
	fen_fails("x5o/7/7//7/7/o5x x", "invalid fen: row 4 has 0 squares, not 7");
	fen_fails("x5o/7/7/7/7/7/o5x black", "invalid fen: side to move must be x or o");
	fen_fails("x5o/7/7/7/7/7/o5x y", "invalid fen: side to move must be x or o");
	fen_fails("x5o/7/7/7/7/7/o5x x -1 1", "invalid fen: bad half-move clock '-1'");
	fen_fails("x5o/7/7/7/7/7/o5x x 0 0", "invalid fen: bad move number '0'");
	fen_fails("x5o/7/7/7/7/7/o5x x 0 1.5", "invalid fen: bad move number '1.5'");
	fen_fails("17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17 x",
		  "invalid fen: 17 rows; boards are 4x4 to 16x16");
}

static void test_move_text(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char err[64];
	int m;

	(void)state;
	assert_int_equal(ataxx_parse_move(7, "g2", &m, err, sizeof(err)), 0);
	assert_int_equal(m, (1 * 16 + 6) << 8 | (1 * 16 + 6));
	assert_int_equal(ataxx_parse_move(7, "A1C3", &m, err, sizeof(err)), 0);
	assert_int_equal(m, 0 << 8 | (2 * 16 + 2));
	assert_int_equal(ataxx_parse_move(7, "pass", &m, err, sizeof(err)), 0);
	assert_int_equal(m, AX_PASS);
	assert_int_equal(ataxx_parse_move(7, "0000", &m, err, sizeof(err)), 0);
	assert_int_equal(m, AX_PASS);
	assert_int_equal(ataxx_parse_move(16, "p16", &m, err, sizeof(err)), 0);
	assert_int_equal(m, 255 << 8 | 255);
	assert_int_equal(ataxx_parse_move(16, "n14p16", &m, err, sizeof(err)), 0);
	assert_int_equal(m, (13 * 16 + 13) << 8 | 255);
	const char *bad[] = { "", "h1", "a8", "a0", "a01", "g", "1", "a1a1", "a1b", "a1b2c", "z9",
			      "a+1", "a100", "pas", "00000" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(ataxx_parse_move(7, bad[i], &m, err, sizeof(err)), -1);
		assert_string_equal(err, "invalid coordinate");
	}
	ataxx_print_move(AX_PASS, false, &sb);
	sb_puts(&sb, " ");
	ataxx_print_move(AX_PASS, true, &sb);
	sb_puts(&sb, " ");
	ataxx_print_move(17 << 8 | 17, false, &sb);
	sb_puts(&sb, " ");
	ataxx_print_move(0 << 8 | 34, false, &sb);
	sb_puts(&sb, " ");
	ataxx_print_move(255 << 8 | 223, false, &sb);
	assert_string_equal(sb_str(&sb), "pass 0000 b2 a1c3 p16p14");
	sb_free(&sb);
	assert_int_equal(ataxx_parse_color("X"), COLOR_BLACK);
	assert_int_equal(ataxx_parse_color("o"), COLOR_WHITE);
	assert_int_equal(ataxx_parse_color("Black"), COLOR_BLACK);
	assert_int_equal(ataxx_parse_color("w"), COLOR_WHITE);
	assert_int_equal(ataxx_parse_color("xo"), COLOR_NONE);
}

static int move_of(const struct game *g, const char *text)
{
	char err[64];
	int m = -1;

	assert_int_equal(g->ops->parse_move(g, text, &m, err, sizeof(err)), 0);
	return m;
}

static void expect_play(struct game *g, int color, const char *text, const char *error)
{
	char err[64] = "";
	int rc = g->ops->play(g, color, move_of(g, text), err, sizeof(err));

	if (!error) {
		if (rc != 0)
			fail_msg("play %s: %s", text, err);
		return;
	}
	assert_int_equal(rc, -1);
	assert_string_equal(err, error);
}

static const char *fen_of(const struct game *g)
{
	static char buf[600];
	struct strbuf sb = STRBUF_INIT;
	const struct ataxx_game *ag = ataxx_cof(g);

	ataxx_print_fen(&ag->pos, ag->size, &sb);
	snprintf(buf, sizeof(buf), "%s", sb_str(&sb));
	sb_free(&sb);
	return buf;
}

static void test_play_undo(void **state)
{
	struct game *g = ataxx_ops.create(1);
	char err[64];

	(void)state;
	assert_string_equal(fen_of(g), "ooooooo/ooooooo/7/7/7/xxxxxxx/xxxxxxx x 0 1");
	assert_int_equal(g->ops->set_rules(g, "standard", err, sizeof(err)), 0);
	struct ataxx_layout c2 = { ATAXX_CORNERS, 2 };
	ataxx_of(g)->layout = c2;
	g->ops->clear(g);
	expect_play(g, COLOR_BLACK, "g2", NULL);
	assert_string_equal(fen_of(g), "x5o/7/7/7/7/6x/o5x o 0 1");
	expect_play(g, COLOR_WHITE, "a1c3", NULL);
	assert_string_equal(fen_of(g), "x5o/7/7/7/2o4/6x/6x x 1 2");
	expect_play(g, COLOR_BLACK, "g1f2", "illegal move");   /* not a jump */
	expect_play(g, COLOR_BLACK, "a7d7", "illegal move");   /* distance 3 */
	expect_play(g, COLOR_BLACK, "g7", "illegal move");     /* occupied */
	expect_play(g, COLOR_BLACK, "d4", "illegal move");     /* no x piece near */
	expect_play(g, COLOR_BLACK, "c3e3", "illegal move");   /* not x's piece */
	expect_play(g, COLOR_BLACK, "pass", "illegal move");   /* x has moves */
	expect_play(g, COLOR_BLACK, "g2e4", NULL);
	assert_string_equal(fen_of(g), "x5o/7/7/4x2/2o4/7/6x o 2 2");
	/* Only the side to move moves: o, then not o again, and a refused
	 * move changes nothing. */
	expect_play(g, COLOR_BLACK, "d3", "out of turn");
	expect_play(g, COLOR_WHITE, "d3", NULL);
	expect_play(g, COLOR_WHITE, "d2", "out of turn");
	expect_play(g, COLOR_WHITE, "a1", "out of turn"); /* before illegal move */
	assert_string_equal(fen_of(g), "x5o/7/7/4o2/2oo3/7/6x x 0 3");
	/* A save's history from before turns were enforced may hold o twice
	 * in a row: play_saved plays it as play once did, and x keeps the
	 * turn; undo takes it back as it was played. */
	assert_int_equal(g->ops->play_saved(g, COLOR_WHITE, move_of(g, "d2"), err, sizeof(err)),
			 0);
	assert_string_equal(fen_of(g), "x5o/7/7/4o2/2oo3/3o3/6x x 0 4");
	assert_int_equal(g->ops->to_move(g), COLOR_BLACK);
	assert_int_equal(g->ops->undo(g, err, sizeof(err)), 0);
	assert_string_equal(fen_of(g), "x5o/7/7/4o2/2oo3/7/6x x 0 3");
	assert_int_equal(g->ops->play_saved(g, COLOR_WHITE, move_of(g, "d2"), err, sizeof(err)),
			 0);
	for (int i = 0; i < 5; i++)
		assert_int_equal(g->ops->undo(g, err, sizeof(err)), 0);
	assert_string_equal(fen_of(g), "x5o/7/7/7/7/7/o5x x 0 1");
	assert_int_equal(g->ops->undo(g, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot undo");
	/* A copy is independent. */
	expect_play(g, COLOR_BLACK, "b7", NULL);
	struct game *h = g->ops->copy(g);
	expect_play(h, COLOR_WHITE, "f7", NULL);
	assert_string_equal(fen_of(g), "xx4o/7/7/7/7/7/o5x o 0 1");
	assert_int_equal(h->ops->undo(h, err, sizeof(err)), 0);
	assert_string_equal(fen_of(h), fen_of(g));
	h->ops->destroy(h);
	g->ops->destroy(g);
}

/* A forced pass in standard rules, the end and the score via game_ops. */
static void test_pass_and_score(void **state)
{
	struct game *g = ataxx_ops.create(1);
	struct ataxx_game *ag = ataxx_of(g);
	struct strbuf sb = STRBUF_INIT;
	char err[64];
	int size;

	(void)state;
	g->ops->set_rules(g, "standard", err, sizeof(err));
	struct axw_pos p = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", &size, false);
	ataxx_set_position(ag, size, &p);
	assert_false(g->ops->is_over(g));
	expect_play(g, COLOR_BLACK, "a3", "illegal move");
	expect_play(g, COLOR_BLACK, "pass", NULL);
	assert_int_equal(g->ops->to_move(g), COLOR_WHITE);
	assert_int_equal(g->ops->final_score(g, &sb, err, sizeof(err)), -1);
	assert_string_equal(err, "game not over");
	/* yinyang: the same position is over at once, o takes the empties. */
	g->ops->set_rules(g, "yinyang", err, sizeof(err));
	g->ops->undo(g, err, sizeof(err));
	assert_true(g->ops->is_over(g));
	expect_play(g, COLOR_WHITE, "a3", "game over");
	assert_int_equal(g->ops->final_score(g, &sb, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&sb), "W+35");
	sb_reset(&sb);
	/* standard rules, x has no piece: o wins by 3 pieces. */
	g->ops->set_rules(g, "standard", err, sizeof(err));
	p = fen("7/7/7/7/7/7/o1o3o x 0 1", &size, false);
	ataxx_set_position(ag, size, &p);
	assert_true(g->ops->is_over(g));
	g->ops->final_score(g, &sb, err, sizeof(err));
	assert_string_equal(sb_str(&sb), "W+3");
	sb_reset(&sb);
	/* The 50-move rule: a draw. */
	p = fen("x5o/7/7/7/7/7/o5x x 99 1", &size, false);
	ataxx_set_position(ag, size, &p);
	expect_play(g, COLOR_BLACK, "a7c5", NULL);
	assert_true(g->ops->is_over(g));
	g->ops->final_score(g, &sb, err, sizeof(err));
	assert_string_equal(sb_str(&sb), "0");
	sb_free(&sb);
	g->ops->destroy(g);
}

/* The history holds GAME_MAX_HISTORY moves. yinyang has no 50-move rule,
 * so two lone pieces can jump back and forth for ever: at the cap play and
 * genmove answer "game too long" and change nothing, until an undo or a
 * new game. */
static void test_history_cap(void **state)
{
	static const char *const cycle[] = { "a1c1", "g7e7", "c1a1", "e7g7" };
	struct game *g = ataxx_ops.create(1);
	struct ataxx_game *ag = ataxx_of(g);
	struct game_budget budget = { .level = NULL };
	char err[64];
	int move;

	(void)state;
	assert_int_equal(g->ops->set_option(g, "layout", "corners", err, sizeof(err)), 0);
	for (long i = 0; i < GAME_MAX_HISTORY; i++) {
		assert_int_equal(ataxx_parse_move(7, cycle[i % 4], &move, err, sizeof(err)), 0);
		if (g->ops->play(g, i % 2 ? COLOR_WHITE : COLOR_BLACK, move, err, sizeof(err)) < 0)
			fail_msg("move %ld: %s", i + 1, err);
	}
	assert_int_equal(ag->nmoves, GAME_MAX_HISTORY);
	assert_false(g->ops->is_over(g));
	char *before = strdup(fen_of(g));
	expect_play(g, COLOR_BLACK, "b2", "game too long");
	expect_play(g, COLOR_BLACK, "d4", "illegal move"); /* still illegal first */
	assert_int_equal(g->ops->genmove(g, COLOR_BLACK, &budget, &move, err, sizeof(err)), -1);
	assert_string_equal(err, "game too long");
	assert_string_equal(fen_of(g), before);
	assert_int_equal(ag->nmoves, GAME_MAX_HISTORY);
	assert_int_equal(g->ops->undo(g, err, sizeof(err)), 0);
	expect_play(g, COLOR_WHITE, "f7", NULL);
	assert_int_equal(ag->nmoves, GAME_MAX_HISTORY);
	g->ops->clear(g);
	assert_int_equal(ag->nmoves, 0);
	expect_play(g, COLOR_BLACK, "b2", NULL);
	free(before);
	g->ops->destroy(g);
}

static void test_options_and_size(void **state)
{
	struct game *g = ataxx_ops.create(1);
	char err[64];

	(void)state;
	assert_int_equal(g->ops->set_option(g, "layout", "corners 2", err, sizeof(err)), 0);
	assert_string_equal(fen_of(g), "x5o/7/7/7/7/7/o5x x 0 1");
	assert_int_equal(g->ops->set_option(g, "layout", "rows 7", err, sizeof(err)), 0);
	assert_int_equal(g->ops->set_size(g, "16", err, sizeof(err)), 0);
	assert_int_equal(axw_count(ataxx_of(g)->pos.piece[0]), 7 * 16);
	assert_int_equal(g->ops->set_size(g, "5", err, sizeof(err)), 0);
	assert_string_equal(fen_of(g), "ooooo/5/5/5/xxxxx x 0 1");
	assert_int_equal(g->ops->set_size(g, "3", err, sizeof(err)), -1);
	assert_string_equal(err, "unacceptable size");
	assert_int_equal(g->ops->set_size(g, "17", err, sizeof(err)), -1);
	assert_string_equal(err, "unacceptable size");
	assert_int_equal(g->ops->set_size(g, "seven", err, sizeof(err)), -1);
	assert_string_equal(err, "boardsize not an integer");
	assert_string_equal(fen_of(g), "ooooo/5/5/5/xxxxx x 0 1");
	assert_int_equal(g->ops->set_option(g, "layout", "rows", err, sizeof(err)), -1);
	assert_int_equal(g->ops->set_option(g, "komi", "1", err, sizeof(err)), -1);
	assert_int_equal(g->ops->set_rules(g, "Standard", err, sizeof(err)), -1);
	assert_string_equal(err, "unknown rules");
	assert_string_equal(g->ops->get_rules(g), "yinyang");
	g->ops->destroy(g);
}

static const char *key_of(const struct game *g)
{
	static char buf[64];
	struct strbuf sb = STRBUF_INIT;

	g->ops->variant_key(g, &sb);
	snprintf(buf, sizeof(buf), "%s", sb_str(&sb));
	sb_free(&sb);
	return buf;
}

static const char *setup_of(const struct game *g)
{
	static char buf[256];
	struct strbuf sb = STRBUF_INIT;
	char err[64];

	assert_int_equal(g->ops->write_setup(g, COLOR_BLACK, &sb, err, sizeof(err)), 0);
	snprintf(buf, sizeof(buf), "%s", sb_str(&sb));
	sb_free(&sb);
	return buf;
}

/* A layout that is not the default, then positions from FENs: each game,
 * mid-way and at its end, is rebuilt by its setup + history. */
static void test_setup_and_history_replay(void **state)
{
	struct game *g = ataxx_ops.create(5);
	struct ataxx_game *ag = ataxx_of(g);
	struct strbuf sb = STRBUF_INIT;
	char err[64];
	int size;

	(void)state;
	assert_int_equal(g->ops->set_size(g, "5", err, sizeof(err)), 0);
	assert_int_equal(g->ops->set_option(g, "layout", "corners 2", err, sizeof(err)), 0);
	assert_int_equal(g->ops->set_rules(g, "standard", err, sizeof(err)), 0);
	assert_string_equal(setup_of(g), "boardsize 5\nlayout corners 2\nrules standard\n");
	expect_play(g, COLOR_BLACK, "b4", NULL);
	expect_play(g, COLOR_WHITE, "d4", NULL);
	expect_play(g, COLOR_BLACK, "a5c5", NULL);
	g->ops->history(g, &sb);
	assert_string_equal(sb_str(&sb), "play b b4\nplay w d4\nplay b a5c5\n");
	assert_replays(g);
	assert_string_equal(key_of(g), "ataxx/5/standard/corners2");
	assert_int_equal(g->ops->max_moves(g), 10 * 25 + 100);

	/* x must pass; the start is a FEN, given by loadfen. */
	struct axw_pos p = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", &size, false);
	ataxx_set_position(ag, size, &p);
	assert_string_equal(setup_of(g), "boardsize 7\nlayout corners 2\nrules standard\n"
					 "loadfen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\n");
	expect_play(g, COLOR_BLACK, "pass", NULL);
	expect_play(g, COLOR_WHITE, "a4", NULL);
	expect_play(g, COLOR_BLACK, "pass", NULL);
	assert_replays(g);
	assert_string_equal(key_of(g), "ataxx/7/standard/fen");
	assert_int_equal(g->ops->result(g, &(struct game_result){ 0 }, err, sizeof(err)), -1);
	assert_string_equal(err, "game not over");

	/* yinyang: the stuck side's opponent takes the empties. */
	assert_int_equal(g->ops->set_rules(g, "yinyang", err, sizeof(err)), 0);
	ataxx_set_position(ag, size, &p);
	assert_true(g->ops->is_over(g));
	assert_replays(g);
	struct game_result r = replay_result(g);
	assert_int_equal(r.winner, COLOR_WHITE);
	assert_true(r.has_margin && r.margin == 35);
	assert_int_equal(r.reason, GAME_REASON_NO_MOVES);
	assert_string_equal(key_of(g), "ataxx/7/yinyang/fen");

	/* standard: a side without pieces; the 50-move rule. */
	assert_int_equal(g->ops->set_rules(g, "standard", err, sizeof(err)), 0);
	p = fen("x6/7/7/7/7/7/2o3o x 0 1", &size, false);
	ataxx_set_position(ag, size, &p);
	expect_play(g, COLOR_BLACK, "b6", NULL);
	expect_play(g, COLOR_WHITE, "c1e3", NULL);
	expect_play(g, COLOR_BLACK, "a7c5", NULL);
	expect_play(g, COLOR_WHITE, "d4", NULL);
	assert_false(g->ops->is_over(g));
	assert_replays(g);
	p = fen("7/7/7/7/7/7/o1o3o x 0 1", &size, false);
	ataxx_set_position(ag, size, &p);
	r = replay_result(g);
	assert_int_equal(r.winner, COLOR_WHITE);
	assert_int_equal(r.reason, GAME_REASON_WIPEOUT);
	assert_true(r.margin == 3);
	p = fen("x5o/7/7/7/7/7/o5x x 99 1", &size, false);
	ataxx_set_position(ag, size, &p);
	expect_play(g, COLOR_BLACK, "a7c5", NULL);
	assert_replays(g);
	r = replay_result(g);
	assert_int_equal(r.winner, COLOR_NONE);
	assert_int_equal(r.reason, GAME_REASON_MOVE_RULE);
	/* Back to the layout: no loadfen any more. */
	g->ops->clear(g);
	assert_string_equal(setup_of(g), "boardsize 7\nlayout corners 2\nrules standard\n");
	assert_string_equal(key_of(g), "ataxx/7/standard/corners2");
	sb_reset(&sb);
	g->ops->describe(g, &sb);
	assert_string_equal(sb_str(&sb), "7x7, layout corners 2");
	sb_free(&sb);
	g->ops->destroy(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_perft_libataxx),
		cmocka_unit_test(test_perft_start_depth5),
		cmocka_unit_test(test_perft_yinyang_stuck),
		cmocka_unit_test(test_perft_reference),
		cmocka_unit_test(test_moves_and_make),
		cmocka_unit_test(test_layouts),
		cmocka_unit_test(test_layout_text),
		cmocka_unit_test(test_end_yinyang),
		cmocka_unit_test(test_end_standard),
		cmocka_unit_test(test_fen),
		cmocka_unit_test(test_move_text),
		cmocka_unit_test(test_play_undo),
		cmocka_unit_test(test_pass_and_score),
		cmocka_unit_test(test_options_and_size),
		cmocka_unit_test(test_setup_and_history_replay),
		cmocka_unit_test(test_history_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
