/* Unit tests of the Go rules: board (captures, suicide, ko, liberties,
 * hashing, eyes, scoring, random play invariants) and game (superko,
 * undo, handicap placement, vertices), and the game's setup, history and
 * result (write_setup + history rebuild a game through the protocol). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go.h"
#include "games/go/go_ai.h"
#include "games/go/go_board.h"
#include "games/go/go_playout.h"
#include "games/go/go_priors.h"
#include "replay_helpers.h"

#define ERRLEN 128

/* Play "B D4" style moves on a board; vertices parsed with the game's own
 * parser. Fails the test on an illegal move. */
static void play_seq(struct go_board *b, const char *const *moves, bool allow_suicide)
{
	for (; *moves; moves++) {
		int p;

		assert_int_equal(go_parse_vertex(b, *moves + 2, &p), 0);
		enum go_color c = (*moves)[0] == 'B' ? GO_BLACK : GO_WHITE;
		assert_int_equal(go_board_play(b, c, p, allow_suicide), 0);
	}
}

static int pt(const struct go_board *b, const char *v)
{
	int p = -1;

	assert_int_equal(go_parse_vertex(b, v, &p), 0);
	return p;
}

static int color_at(const struct go_board *b, const char *v)
{
	return b->color[pt(b, v)];
}

/* The neighbour counts of p recomputed from the colours. */
static void check_nbr(const struct go_board *b, int p)
{
	const int nb[4] = { p - b->stride, p - 1, p + 1, p + b->stride };
	unsigned want = 0;

	for (int k = 0; k < 4; k++) {
		int c = b->color[nb[k]];

		want += c == GO_EMPTY ? GO_NBR_EMPTY
		      : c == GO_EDGE  ? GO_NBR_ONE(GO_BLACK) + GO_NBR_ONE(GO_WHITE)
				      : GO_NBR_ONE(c);
	}
	assert_int_equal(b->nbr[p], want);
}

/* Recompute every string's data and the neighbour counts from scratch and
 * compare with the incremental bookkeeping. */
static void check_invariants(const struct go_board *b)
{
	int empties = 0;

	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = go_point(b, col, row);

			check_nbr(b, p);
			if (b->color[p] == GO_EMPTY) {
				empties++;
				assert_int_equal(b->empty[b->empty_at[p]], p);
				assert_int_equal(b->head[p], 0);
				continue;
			}
			int h = b->head[p];
			assert_int_equal(b->color[h], b->color[p]);
			if (h != p)
				continue;
			int stones[GO_MAX_POINTS], n = go_board_string_stones(b, p, stones);
			unsigned plibs = 0, sum = 0, sq = 0;
			for (int i = 0; i < n; i++) {
				assert_int_equal(b->head[stones[i]], h);
				const int nb[4] = { stones[i] - b->stride, stones[i] - 1,
						    stones[i] + 1, stones[i] + b->stride };
				for (int k = 0; k < 4; k++)
					if (b->color[nb[k]] == GO_EMPTY) {
						plibs++;
						sum += (unsigned)nb[k];
						sq += (unsigned)(nb[k] * nb[k]);
					}
			}
			assert_int_equal(b->str[h].stones, n);
			assert_int_equal(b->str[h].plibs, plibs);
			assert_int_equal(b->str[h].lib_sum, sum);
			assert_int_equal(b->str[h].lib_sq, sq);
			assert_true(plibs > 0);
		}
	assert_int_equal(empties, b->nempty);
}

static void test_empty_board(void **state)
{
	struct go_board b;

	(void)state;
	go_board_init(&b, 19);
	assert_int_equal(b.nempty, 361);
	assert_int_equal(go_board_area_score(&b), 0);
	go_board_init(&b, 2);
	assert_int_equal(b.nempty, 4);
	check_invariants(&b);
}

static void test_capture_centre_edge_corner(void **state)
{
	struct go_board b;
	static const char *const centre[] = { "B D4", "W D5", "W C4", "W E4", "W D3", NULL };
	static const char *const edge[] = { "B D1", "W C1", "W E1", "W D2", NULL };
	static const char *const corner[] = { "B A1", "W A2", "W B1", NULL };

	(void)state;
	go_board_init(&b, 9);
	play_seq(&b, centre, false);
	assert_int_equal(color_at(&b, "D4"), GO_EMPTY);
	play_seq(&b, edge, false);
	assert_int_equal(color_at(&b, "D1"), GO_EMPTY);
	play_seq(&b, corner, false);
	assert_int_equal(color_at(&b, "A1"), GO_EMPTY);
	assert_int_equal(b.captures[GO_WHITE], 3);
	assert_int_equal(b.captures[GO_BLACK], 0);
	check_invariants(&b);
}

static void test_capture_group_and_two_strings(void **state)
{
	struct go_board b;
	/* Two black strings A1-A2 and C1 share the liberty B1 with nothing else. */
	static const char *const moves[] = { "B A1", "B A2", "W A3", "W B2", "B C1",
					     "W C2", "W D1", NULL };

	(void)state;
	go_board_init(&b, 5);
	play_seq(&b, moves, false);
	assert_int_equal(b.str[b.head[pt(&b, "A1")]].stones, 2);
	assert_int_equal(go_board_play(&b, GO_WHITE, pt(&b, "B1"), false), 0);
	assert_int_equal(color_at(&b, "A1"), GO_EMPTY);
	assert_int_equal(color_at(&b, "A2"), GO_EMPTY);
	assert_int_equal(color_at(&b, "C1"), GO_EMPTY);
	assert_int_equal(b.captures[GO_WHITE], 3);
	assert_int_equal(b.last_captured, 3);
	check_invariants(&b);
}

static void test_suicide(void **state)
{
	struct go_board b;
	static const char *const moves[] = { "W A2", "W B1", "B C1", "W B2", "W C2",
					     "W D1", NULL };

	(void)state;
	go_board_init(&b, 5);
	play_seq(&b, moves, false);
	/* A1 is single-stone suicide for black under every rule. */
	assert_false(go_board_is_legal(&b, GO_BLACK, pt(&b, "A1"), false));
	assert_false(go_board_is_legal(&b, GO_BLACK, pt(&b, "A1"), true));
	/* C1 was captured by D1 on the way. */
	assert_int_equal(color_at(&b, "C1"), GO_EMPTY);
	/* Multi-stone suicide: black A1-B1 has its last liberty at A2. */
	go_board_init(&b, 5);
	static const char *const multi2[] = { "B A1", "B B1", "W A3", "W B2", "W C1", NULL };
	play_seq(&b, multi2, false);
	int a2 = pt(&b, "A2");
	assert_false(go_board_is_legal(&b, GO_BLACK, a2, false));
	assert_int_equal(go_board_play(&b, GO_BLACK, a2, false), -1);
	assert_int_equal(color_at(&b, "A2"), GO_EMPTY);
	assert_true(go_board_is_legal(&b, GO_BLACK, a2, true));
	assert_int_equal(go_board_play(&b, GO_BLACK, a2, true), 0);
	assert_int_equal(color_at(&b, "A1"), GO_EMPTY);
	assert_int_equal(color_at(&b, "B1"), GO_EMPTY);
	assert_int_equal(color_at(&b, "A2"), GO_EMPTY);
	assert_int_equal(b.captures[GO_WHITE], 3);
	check_invariants(&b);
}

static void test_capture_is_not_suicide(void **state)
{
	struct go_board b;
	/* White A1 is surrounded by black A2/B1 but captures black B1? Set up
	 * black B1 in atari so that white A1 captures it. */
	static const char *const moves[] = { "B A2", "B B1", "W C1", "W B2", "W A3", NULL };

	(void)state;
	go_board_init(&b, 5);
	play_seq(&b, moves, false);
	/* Black A2 has liberty A1 only, B1 has A1 only: white A1 captures both. */
	assert_true(go_board_is_legal(&b, GO_WHITE, pt(&b, "A1"), false));
	assert_int_equal(go_board_play(&b, GO_WHITE, pt(&b, "A1"), false), 0);
	assert_int_equal(color_at(&b, "A2"), GO_EMPTY);
	assert_int_equal(color_at(&b, "B1"), GO_EMPTY);
	assert_int_equal(b.captures[GO_WHITE], 2);
	check_invariants(&b);
}

static const char *const ko_shape[] = {
	/* Black: D5 C4 D3; white: E5 F4 E3 D4... classic ko at D4/E4. */
	"B D5", "B C4", "B D3", "W E5", "W F4", "W E3", "W D4", NULL,
};

static void test_simple_ko(void **state)
{
	struct go_board b;

	(void)state;
	go_board_init(&b, 9);
	play_seq(&b, ko_shape, false);
	/* Black E4 captures D4. */
	assert_int_equal(go_board_play(&b, GO_BLACK, pt(&b, "E4"), false), 0);
	assert_int_equal(color_at(&b, "D4"), GO_EMPTY);
	assert_int_equal(b.ko, pt(&b, "D4"));
	/* White may not retake at once; black may fill. */
	assert_false(go_board_is_legal(&b, GO_WHITE, pt(&b, "D4"), false));
	assert_true(go_board_is_legal(&b, GO_BLACK, pt(&b, "D4"), false));
	assert_int_equal(go_board_play(&b, GO_WHITE, pt(&b, "D4"), false), -1);
	/* After a threat exchange the retake is legal. */
	assert_int_equal(go_board_play(&b, GO_WHITE, pt(&b, "J9"), false), 0);
	assert_int_equal(go_board_play(&b, GO_BLACK, pt(&b, "J8"), false), 0);
	assert_true(go_board_is_legal(&b, GO_WHITE, pt(&b, "D4"), false));
	assert_int_equal(go_board_play(&b, GO_WHITE, pt(&b, "D4"), false), 0);
	assert_int_equal(color_at(&b, "E4"), GO_EMPTY);
	/* A pass also clears the ko. */
	assert_int_equal(go_board_play(&b, GO_BLACK, GO_PASS, false), 0);
	assert_int_equal(b.ko, 0);
	check_invariants(&b);
}

static void test_snapback_is_not_ko(void **state)
{
	struct go_board b;
	/* Capturing two stones never makes a ko. */
	static const char *const moves[] = { "B A2", "B B2", "B C1", "W A3", "W B3",
					     "W C2", "W D1", NULL };

	(void)state;
	go_board_init(&b, 5);
	play_seq(&b, moves, false);
	assert_int_equal(go_board_play(&b, GO_WHITE, pt(&b, "B1"), false), 0);
	assert_int_equal(color_at(&b, "C1"), GO_EMPTY);
	assert_int_equal(b.last_captured, 1);
	assert_int_equal(b.ko, 0);
	check_invariants(&b);
}

static void test_liberties(void **state)
{
	struct go_board b;
	int out[GO_MAX_POINTS];
	static const char *const moves[] = { "B D4", "B D5", "W E5", NULL };

	(void)state;
	go_board_init(&b, 9);
	play_seq(&b, moves, false);
	assert_int_equal(go_board_string_stones(&b, pt(&b, "D4"), out), 2);
	assert_int_equal(go_board_string_libs(&b, pt(&b, "D4"), out), 5);
	assert_int_equal(go_board_string_libs(&b, pt(&b, "E5"), out), 3);
	assert_int_equal(go_board_string_libs(&b, pt(&b, "A1"), out), 0);
	check_invariants(&b);
}

static void test_hash(void **state)
{
	struct go_board a, b;
	static const char *const order1[] = { "B C3", "W D4", "B E5", NULL };
	static const char *const order2[] = { "B E5", "W D4", "B C3", NULL };

	(void)state;
	go_board_init(&a, 9);
	go_board_init(&b, 9);
	uint64_t empty = a.hash;
	play_seq(&a, order1, false);
	play_seq(&b, order2, false);
	assert_true(a.hash == b.hash);
	assert_true(a.hash != empty);
	go_board_init(&a, 9);
	play_seq(&a, ko_shape, false);
	uint64_t before = a.hash;
	go_board_play(&a, GO_BLACK, pt(&a, "E4"), false);
	assert_true(a.hash != before);
}

static void test_eyes(void **state)
{
	struct go_board b;
	static const char *const moves[] = { "B A2", "B B1", "B B2", "B D4", "B C5",
					     "B E5", "B D6", NULL };

	(void)state;
	go_board_init(&b, 9);
	play_seq(&b, moves, false);
	assert_true(go_board_is_eye(&b, GO_BLACK, pt(&b, "A1")));
	assert_false(go_board_is_eye(&b, GO_WHITE, pt(&b, "A1")));
	assert_true(go_board_is_eye(&b, GO_BLACK, pt(&b, "D5")));
	/* Two white diagonals make the centre eye false; one on the edge too. */
	go_board_play(&b, GO_WHITE, pt(&b, "C6"), false);
	assert_true(go_board_is_eye(&b, GO_BLACK, pt(&b, "D5")));
	go_board_play(&b, GO_WHITE, pt(&b, "E4"), false);
	assert_false(go_board_is_eye(&b, GO_BLACK, pt(&b, "D5")));
	assert_false(go_board_is_eye(&b, GO_BLACK, pt(&b, "E1")));
}

static void test_area_score(void **state)
{
	struct go_board b;
	static const char *const wall[] = { "B C1", "B C2", "B C3", "B C4", "B C5",
					    "W D1", "W D2", "W D3", "W D4", "W D5", NULL };

	(void)state;
	go_board_init(&b, 3);
	go_board_play(&b, GO_BLACK, pt(&b, "B2"), false);
	assert_int_equal(go_board_area_score(&b), 9);
	go_board_play(&b, GO_WHITE, pt(&b, "A1"), false);
	/* A1 white; remaining empties touch both: black 1 stone only. */
	assert_int_equal(go_board_area_score(&b), 0);
	go_board_init(&b, 5);
	play_seq(&b, wall, false);
	/* Columns A-C are black's (15), D-E white's (10). */
	assert_int_equal(go_board_area_score(&b), 5);
	/* A white stone inside black's area makes it neutral. */
	go_board_play(&b, GO_WHITE, pt(&b, "A1"), false);
	assert_int_equal(go_board_area_score(&b), 5 - 10 - 1);
}

static void test_random_playouts_keep_invariants(void **state)
{
	struct rng r;

	(void)state;
	rng_seed(&r, 42);
	for (int game = 0; game < 40; game++) {
		struct go_board b;
		enum go_color c = GO_BLACK;
		int size = 3 + game % 17, passes = 0;

		go_board_init(&b, size);
		for (int i = 0; i < size * size * 3 && passes < 2; i++) {
			struct go_board before = b;
			int p = go_board_play_random(&b, c, &r);

			if (p != GO_PASS) {
				assert_true(go_board_is_legal(&before, c, p, false));
				assert_false(go_board_is_eye(&before, c, p));
			}
			passes = p == GO_PASS ? passes + 1 : 0;
			c = go_other(c);
			if (i % 7 == 0)
				check_invariants(&b);
		}
		check_invariants(&b);
	}
}

static void test_playout_determinism(void **state)
{
	struct go_board a, b;
	struct rng ra, rb;

	(void)state;
	go_board_init(&a, 9);
	b = a;
	rng_seed(&ra, 7);
	rng_seed(&rb, 7);
	assert_int_equal(go_board_playout(&a, GO_BLACK, &ra, 500),
			 go_board_playout(&b, GO_BLACK, &rb, 500));
	assert_true(a.hash == b.hash);
	/* A finished random game leaves only eyes: every empty point is
	 * owned, so the area score accounts for all 81 points. */
	int owned = 0;
	for (int row = 0; row < 9; row++)
		for (int col = 0; col < 9; col++)
			owned += a.color[go_point(&a, col, row)] != GO_EMPTY;
	assert_true(owned > 40);
}

/* The light policy's pick is uniform over the legal moves that fill no own
 * eye: from one position, the counts of many picks against the naive
 * reference (every empty point tried with go_board_is_legal and
 * go_board_is_eye). A picker that skips a rejected point to its neighbour
 * in the empty list, or ignores a rule, fails the chi-square bound. */
static void test_random_move_is_uniform(void **state)
{
	static const char *const moves[] = { "B A2", "B B1", "B B2", "B D1", "B F1", "B D2",
					     "B F2", "B E3", "W E1", "W J8", "W H9", "W H8",
					     NULL };
	struct go_board base, b;
	struct rng r;
	int count[GO_MAX_POINTS] = { 0 }, k = 0;
	const int per_move = 400;

	(void)state;
	go_board_init(&base, 9);
	play_seq(&base, moves, false);
	rng_seed(&r, 99);
	for (int i = 0; i < base.nempty; i++) {
		int p = base.empty[i];

		k += go_board_is_legal(&base, GO_BLACK, p, false) &&
		     !go_board_is_eye(&base, GO_BLACK, p);
	}
	assert_int_equal(k, 81 - 12 - 2); /* not A1 (own eye), not J9 (suicide) */
	for (int i = 0; i < k * per_move; i++) {
		go_board_copy(&b, &base);
		count[go_board_play_random(&b, GO_BLACK, &r)]++;
	}
	assert_int_equal(count[pt(&base, "A1")] + count[pt(&base, "J9")] + count[GO_PASS], 0);
	assert_true(count[pt(&base, "E2")] > 0); /* a capture with no empty neighbour */
	double chi2 = 0;
	for (int i = 0; i < base.nempty; i++) {
		int p = base.empty[i];
		double d = count[p] - per_move;

		if (go_board_is_legal(&base, GO_BLACK, p, false) && !go_board_is_eye(&base, GO_BLACK, p))
			chi2 += d * d / per_move;
		else
			assert_int_equal(count[p], 0);
	}
	/* k - 1 degrees of freedom: the bound is five standard deviations
	 * above the mean (a uniform picker passes it but for 1 seed in 10^5). */
	assert_true(chi2 < (k - 1) + 5 * sqrt(2.0 * (k - 1)));
}

/* go_board_playout_random plays what as many go_board_play_random calls
 * would, move for move, and records them in the trace. */
static void test_playout_random_matches_moves(void **state)
{
	static struct go_trace trace;
	struct go_board a, b;
	struct rng ra, rb;

	(void)state;
	for (int size = 5; size <= 19; size += 7) {
		go_board_init(&a, size);
		b = a;
		rng_seed(&ra, (uint64_t)size);
		rng_seed(&rb, (uint64_t)size);
		trace.n = 0;
		trace.cap = 50;
		int n = go_board_playout_random(&a, GO_WHITE, false, &ra, size * size * 3, &trace);
		int passes = 0, i;
		enum go_color c = GO_WHITE;
		for (i = 0; i < size * size * 3 && passes < 2; i++, c = go_other(c)) {
			int p = go_board_play_random(&b, c, &rb);

			if (i < trace.cap) {
				assert_int_equal(trace.point[i], p);
				assert_int_equal(trace.color[i], c);
			}
			passes = p == GO_PASS ? passes + 1 : 0;
		}
		assert_int_equal(n, i);
		assert_int_equal(trace.n, i < trace.cap ? i : trace.cap);
		assert_true(a.hash == b.hash);
		assert_int_equal(rng_next(&ra), rng_next(&rb));
		check_invariants(&a);
	}
}

/* Heavy playouts (captures, escapes, replies, shapes, ladders) leave a consistent
 * board: the incremental bookkeeping matches a recount, replaying their
 * moves with go_board_play one by one finds each legal and no own eye
 * filled and ends on the same position, and the same seed plays the same
 * playout again. */
static void test_heavy_playouts_keep_invariants(void **state)
{
	static struct go_trace ta, tb;
	static struct go_replies rpa, rpb;
	struct go_ladder *ladder = malloc(sizeof(*ladder));
	struct go_policy_aids aids_a = { .ladder = ladder, .replies = &rpa };
	struct go_policy_aids aids_b = { .ladder = ladder, .replies = &rpb };
	struct go_board a, b, replay;
	struct rng ra, rb;

	(void)state;
	assert_non_null(ladder);
	for (int game = 0; game < 12; game++) {
		int size = 5 + game % 4 * 4; /* 5, 9, 13, 17 */

		go_board_init(&a, size);
		b = replay = a;
		rng_seed(&ra, (uint64_t)game);
		rng_seed(&rb, (uint64_t)game);
		ta.n = tb.n = 0;
		ta.cap = tb.cap = (int)(sizeof(ta.point) / sizeof(ta.point[0]));
		int sa = go_policy_playout(&a, GO_BLACK, GO_PASS, false, GO_POLICY_HEAVY, &ra,
					   size * size * 3, &ta, &aids_a);
		int sb = go_policy_playout(&b, GO_BLACK, GO_PASS, false, GO_POLICY_HEAVY, &rb,
					   size * size * 3, &tb, &aids_b);
		check_invariants(&a);
		assert_int_equal(sa, sb);
		assert_int_equal(ta.n, tb.n);
		assert_memory_equal(ta.point, tb.point, (size_t)ta.n * sizeof(ta.point[0]));
		go_replies_learn(&rpa, &ta, sa > 0);
		go_replies_learn(&rpb, &tb, sb > 0);
		for (int i = 0; i < ta.n; i++) {
			enum go_color c = (enum go_color)ta.color[i];
			int p = ta.point[i];

			if (p != GO_PASS)
				assert_false(go_board_is_eye(&replay, c, p));
			assert_int_equal(go_board_play(&replay, c, p, false), 0);
		}
		assert_true(replay.hash == a.hash);
		assert_int_equal(go_board_area_score(&replay), sa);
	}
	free(ladder);
}

static struct go_game *new_game(int size, enum go_rules rules)
{
	struct go_game *gg = go_of(go_ops.create(1));

	go_reset(gg, size);
	gg->rules = rules;
	return gg;
}

static void game_play(struct go_game *gg, const char *move)
{
	int p;

	assert_int_equal(go_parse_vertex(&gg->board, move + 2, &p), 0);
	assert_int_equal(go_play(gg, move[0] == 'B' ? GO_BLACK : GO_WHITE, p), 0);
}

static void test_undo_across_captures(void **state)
{
	struct go_game *gg = new_game(9, GO_RULES_CHINESE);
	char err[64];

	(void)state;
	for (const char *const *m = ko_shape; *m; m++)
		game_play(gg, *m);
	uint64_t before = gg->board.hash;
	game_play(gg, "B E4");
	assert_int_equal(gg->board.captures[GO_BLACK], 1);
	assert_int_equal(go_ops.undo(&gg->base, err, sizeof(err)), 0);
	assert_true(gg->board.hash == before);
	assert_int_equal(gg->board.captures[GO_BLACK], 0);
	assert_int_equal(gg->board.color[go_point(&gg->board, 3, 3)], GO_WHITE);
	check_invariants(&gg->board);
	while (gg->nmoves > 0)
		assert_int_equal(go_ops.undo(&gg->base, err, sizeof(err)), 0);
	assert_int_equal(go_ops.undo(&gg->base, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot undo");
	assert_int_equal(gg->board.nempty, 81);
	go_ops.destroy(&gg->base);
}

/* The history holds GAME_MAX_HISTORY moves: then play and genmove answer
 * "game too long" and change nothing, until an undo or a new game. */
static void test_history_cap(void **state)
{
	struct go_game *gg = new_game(9, GO_RULES_CHINESE);
	struct game_budget budget = { .level = NULL };
	char err[64];
	int move = -1, p;

	(void)state;
	for (long i = 0; i + 1 < GAME_MAX_HISTORY; i++)
		if (go_ops.play(&gg->base, i % 2 ? COLOR_WHITE : COLOR_BLACK, GO_PASS, err,
				sizeof(err)) < 0)
			fail_msg("pass %ld: %s", i + 1, err);
	game_play(gg, "B E5");
	assert_int_equal(gg->nmoves, GAME_MAX_HISTORY);
	assert_int_equal(go_play(gg, GO_WHITE, GO_PASS), GO_TOO_LONG);
	assert_int_equal(go_parse_vertex(&gg->board, "D5", &p), 0);
	assert_int_equal(go_play(gg, GO_WHITE, p), GO_TOO_LONG);
	assert_int_equal(go_ops.play(&gg->base, COLOR_WHITE, p, err, sizeof(err)), -1);
	assert_string_equal(err, "game too long");
	/* An illegal move is still called illegal. */
	assert_int_equal(go_parse_vertex(&gg->board, "E5", &p), 0);
	assert_int_equal(go_ops.play(&gg->base, COLOR_WHITE, p, err, sizeof(err)), -1);
	assert_string_equal(err, "illegal move");
	/* genmove chooses, then cannot play it: an error, not an unplayed move. */
	uint64_t hash = gg->board.hash;
	assert_int_equal(go_ops.genmove(&gg->base, COLOR_WHITE, &budget, &move, err,
					sizeof(err)), -1);
	assert_string_equal(err, "game too long");
	assert_int_equal(gg->nmoves, GAME_MAX_HISTORY);
	assert_true(gg->board.hash == hash);
	/* undo makes room again; clear_board starts a new history. */
	assert_int_equal(go_ops.undo(&gg->base, err, sizeof(err)), 0);
	assert_int_equal(gg->board.nempty, 81);
	assert_int_equal(go_ops.genmove(&gg->base, COLOR_BLACK, &budget, &move, err,
					sizeof(err)), 0);
	assert_int_equal(gg->nmoves, GAME_MAX_HISTORY);
	go_ops.clear(&gg->base);
	assert_int_equal(gg->nmoves, 0);
	game_play(gg, "B D5");
	go_ops.destroy(&gg->base);
}

/* On 2x2, black A1 / white B2 / black A2 / white B1 (captures two) /
 * black A1 / white A2 (captures one with a string, so no simple ko): black
 * A1 now would capture three and recreate the position after move 1. */
static void test_superko(void **state)
{
	static const char *const moves[] = { "B A1", "W B2", "B A2", "W B1", "B A1",
					     "W A2", NULL };
	struct go_game *gg = new_game(2, GO_RULES_SUPERKO);
	int p;

	(void)state;
	for (const char *const *m = moves; *m; m++)
		game_play(gg, *m);
	assert_int_equal(go_parse_vertex(&gg->board, "A1", &p), 0);
	assert_int_equal(gg->board.ko, 0);
	assert_false(go_is_legal(gg, GO_BLACK, p));
	assert_int_equal(go_play(gg, GO_BLACK, p), -1);
	assert_int_equal(gg->nmoves, 6);
	gg->rules = GO_RULES_TROMP_TAYLOR;
	assert_false(go_is_legal(gg, GO_BLACK, p));
	gg->rules = GO_RULES_CHINESE;
	assert_true(go_is_legal(gg, GO_BLACK, p));
	assert_int_equal(go_play(gg, GO_BLACK, p), 0);
	assert_int_equal(gg->board.captures[GO_BLACK], 3);
	go_ops.destroy(&gg->base);
}

/* Flat Monte-Carlo answers a legal move that fills no own eye, the same
 * one for the same seed and budget, and with its stop flag already set
 * still answers a legal move after one playout per candidate. (Its strength
 * is tested by a match: tests/integration/go_levels.sh.) */
static void test_montecarlo(void **state)
{
	static const char *const moves[] = { "W A4", "W B4", "W C4", "W D4", "W A3", "W B3",
					     "W C3", "W D3", "B A2", "B B2", "B C2", NULL };
	struct go_game *gg = new_game(4, GO_RULES_CHINESE);
	struct game_level lv = { .algorithm = "montecarlo", .playouts = 500 };
	struct game_budget budget = { .level = &lv };
	atomic_bool stop = true;

	(void)state;
	for (const char *const *m = moves; *m; m++)
		game_play(gg, *m);
	struct go_game *twin = go_of(go_ops.copy(&gg->base));
	int p = go_montecarlo_move(gg, GO_BLACK, &lv, &budget);
	assert_true(go_is_legal(gg, GO_BLACK, p) && !go_board_is_eye(&gg->board, GO_BLACK, p));
	assert_int_equal(go_montecarlo_move(twin, GO_BLACK, &lv, &budget), p);
	budget.stop = &stop;
	p = go_montecarlo_move(gg, GO_WHITE, &lv, &budget);
	assert_true(p == GO_PASS || go_is_legal(gg, GO_WHITE, p));
	go_ops.destroy(&twin->base);
	go_ops.destroy(&gg->base);
}

static void test_handicap_points(void **state)
{
	struct go_board b;
	int pts[9];

	(void)state;
	go_board_init(&b, 19);
	assert_int_equal(go_fixed_handicap_points(&b, 9, pts), 9);
	assert_int_equal(go_fixed_handicap_points(&b, 1, pts), 0);
	assert_int_equal(go_fixed_handicap_points(&b, 10, pts), 0);
	assert_int_equal(go_fixed_handicap_points(&b, 3, pts), 3);
	for (int i = 0; i < 3; i++)
		assert_int_not_equal(pts[i], go_point(&b, 9, 9)); /* no K10 */
	assert_int_equal(go_fixed_handicap_points(&b, 2, pts), 2);
	assert_int_equal(pts[0], go_point(&b, 15, 15)); /* Q16 */
	assert_int_equal(pts[1], go_point(&b, 3, 3));   /* D4 */
	go_board_init(&b, 9);
	assert_int_equal(go_fixed_handicap_points(&b, 5, pts), 5);
	assert_int_equal(pts[4], go_point(&b, 4, 4)); /* E5 */
	go_board_init(&b, 7);
	assert_int_equal(go_fixed_handicap_points(&b, 4, pts), 4);
	assert_int_equal(go_fixed_handicap_points(&b, 5, pts), 0);
	go_board_init(&b, 10);
	assert_int_equal(go_fixed_handicap_points(&b, 5, pts), 0);
	go_board_init(&b, 6);
	assert_int_equal(go_fixed_handicap_points(&b, 2, pts), 0);
}

static void test_vertices(void **state)
{
	struct go_board b;
	struct strbuf sb = STRBUF_INIT;
	int p;

	(void)state;
	go_board_init(&b, 25);
	assert_int_equal(go_parse_vertex(&b, "z25", &p), 0);
	go_print_vertex(&b, p, &sb);
	assert_string_equal(sb_str(&sb), "Z25");
	assert_int_equal(go_parse_vertex(&b, "PASS", &p), 0);
	assert_int_equal(p, GO_PASS);
	assert_int_equal(go_parse_vertex(&b, "I5", &p), -1);
	assert_int_equal(go_parse_vertex(&b, "A0", &p), -1);
	assert_int_equal(go_parse_vertex(&b, "A26", &p), -1);
	assert_int_equal(go_parse_vertex(&b, "A01", &p), -1);
	assert_int_equal(go_parse_vertex(&b, "A", &p), -1);
	assert_int_equal(go_parse_vertex(&b, "", &p), -1);
	assert_int_equal(go_parse_vertex(&b, "A1x", &p), -1);
	go_board_init(&b, 9);
	assert_int_equal(go_parse_vertex(&b, "K1", &p), -1);
	assert_int_equal(go_parse_vertex(&b, "J9", &p), 0);
	int list[3] = { go_point(&b, 4, 0), go_point(&b, 0, 8), go_point(&b, 8, 0) };
	sb_reset(&sb);
	go_print_points(&b, list, 3, &sb);
	assert_string_equal(sb_str(&sb), "A9 E1 J1");
	sb_free(&sb);
}

/* A 9x9 tromp-taylor game with komi 0.5 and two handicap stones: white
 * moves first, black captures, two passes end it. Its setup + history,
 * sent to a fresh session, rebuild it at every stage. */
static void test_setup_and_history_replay(void **state)
{
	struct go_game *gg = go_of(go_ops.create(3));
	struct game *g = &gg->base;
	static const char *const moves[] = { "E5", "D5", "A1", "F5", "A2", "E4", "B1", "E6",
					     "pass", "pass", NULL };
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN];
	int pts[2];

	(void)state;
	assert_int_equal(go_ops.set_size(g, "9", err, sizeof(err)), 0);
	assert_int_equal(go_ops.set_option(g, "komi", "0.5", err, sizeof(err)), 0);
	assert_int_equal(go_ops.set_rules(g, "tromp-taylor", err, sizeof(err)), 0);
	assert_int_equal(go_fixed_handicap_points(&gg->board, 2, pts), 2);
	for (int i = 0; i < 2; i++)
		assert_int_equal(go_setup_stone(gg, GO_BLACK, pts[i]), 0);
	gg->handicap = 2;
	assert_int_equal(go_ops.write_setup(g, COLOR_NONE, &sb, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&sb), "boardsize 9\nclear_board\nkomi 0.5\n"
					 "rules tromp-taylor\nset_free_handicap G7 C3\n");
	assert_replays(g);
	for (int i = 0; moves[i]; i++) {
		assert_false(go_ops.is_over(g));
		replay_play(g, go_ops.to_move(g), moves[i]);
		if (i == 0 || i == 7)
			assert_replays(g);
	}
	assert_int_equal(gg->board.captures[GO_BLACK], 1);
	sb_reset(&sb);
	go_ops.history(g, &sb);
	assert_int_equal(strncmp(sb_str(&sb), "play w E5\nplay b D5\n", 20), 0);
	assert_non_null(strstr(sb_str(&sb), "play b E6\nplay w pass\nplay b pass\n"));
	assert_true(go_ops.is_over(g));
	assert_replays(g);
	struct game_result r = replay_result(g);
	assert_int_equal(r.winner, COLOR_BLACK);
	assert_int_equal(r.reason, GAME_REASON_SCORE);
	assert_true(r.has_margin && r.margin == go_score(gg));
	sb_reset(&sb);
	go_ops.variant_key(g, &sb);
	assert_string_equal(sb_str(&sb), "go/9/tromp-taylor/0.5/h2");
	/* final_score is Go's own row (dead stones removed, go_status.c); the
	 * common one is not Go's: */
	assert_null(go_ops.final_score);
	sb_free(&sb);
	go_ops.destroy(g);
}

/* What the protocol cannot give: white setup stones (an SGF's AW), or
 * black ones that are not a handicap. */
static void test_setup_refuses_sgf_stones(void **state)
{
	struct go_game *gg = go_of(go_ops.create(1));
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN] = "";

	(void)state;
	assert_int_equal(go_setup_stone(gg, GO_WHITE, pt(&gg->board, "D4")), 0);
	assert_int_equal(go_ops.write_setup(&gg->base, COLOR_NONE, &sb, err, sizeof(err)), -1);
	assert_string_equal(err, "setup stones not expressible");
	go_reset(gg, 9);
	assert_int_equal(go_setup_stone(gg, GO_BLACK, pt(&gg->board, "D4")), 0);
	assert_int_equal(go_setup_stone(gg, GO_BLACK, pt(&gg->board, "E4")), 0);
	assert_int_equal(go_ops.write_setup(&gg->base, COLOR_NONE, &sb, err, sizeof(err)), -1);
	gg->handicap = 2;
	sb_reset(&sb);
	assert_int_equal(go_ops.write_setup(&gg->base, COLOR_WHITE, &sb, err, sizeof(err)), 0);
	assert_non_null(strstr(sb_str(&sb), "\nset_free_handicap D4 E4\n"));
	assert_replays(&gg->base);
	sb_reset(&sb);
	go_ops.describe(&gg->base, &sb);
	assert_string_equal(sb_str(&sb), "9x9, komi 7.5, handicap 2");
	assert_int_equal(go_ops.max_moves(&gg->base), 3 * 81 + 10);
	sb_free(&sb);
	go_ops.destroy(&gg->base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_board),
		cmocka_unit_test(test_capture_centre_edge_corner),
		cmocka_unit_test(test_capture_group_and_two_strings),
		cmocka_unit_test(test_suicide),
		cmocka_unit_test(test_capture_is_not_suicide),
		cmocka_unit_test(test_simple_ko),
		cmocka_unit_test(test_snapback_is_not_ko),
		cmocka_unit_test(test_liberties),
		cmocka_unit_test(test_hash),
		cmocka_unit_test(test_eyes),
		cmocka_unit_test(test_area_score),
		cmocka_unit_test(test_random_playouts_keep_invariants),
		cmocka_unit_test(test_playout_determinism),
		cmocka_unit_test(test_random_move_is_uniform),
		cmocka_unit_test(test_playout_random_matches_moves),
		cmocka_unit_test(test_heavy_playouts_keep_invariants),
		cmocka_unit_test(test_undo_across_captures),
		cmocka_unit_test(test_superko),
		cmocka_unit_test(test_history_cap),
		cmocka_unit_test(test_montecarlo),
		cmocka_unit_test(test_handicap_points),
		cmocka_unit_test(test_vertices),
		cmocka_unit_test(test_setup_and_history_replay),
		cmocka_unit_test(test_setup_refuses_sgf_stones),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
