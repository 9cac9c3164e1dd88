/* Unit tests of Flood's players: greedy is seed 000's computer (most
 * squares now, ties to the lowest number), the search is deterministic
 * for a node or depth budget, keeps to it, stops when asked, solves small
 * boards and endgames exactly at a fixed node budget (checked against
 * brute force), knows a settled position's result, evaluates a position
 * as its mirror image and as its half-turn with the colours' roles
 * swapped, races on the root's regions as on bitsets, rolls out greedy
 * games on them exactly, in lost positions
 * keeps a line that beats greedy, and beats greedy in at least 17 of 20 games on 20x20
 * boards with 6 colours at a fixed node budget, colours alternated. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/flood.h"
#include "games/flood/flood_eval.h"
#include "games/flood/flood_regions.h"
#include "flood_helpers.h"

#define DUEL_NODES 500

static void test_greedy_takes_most(void **state)
{
	struct flood_game *fg = new_game(1);
	int gains[FLOOD_MAX_COLORS + 1];

	(void)state;
	/* Black touches 2 (one square) and 3 (a chain of four). */
	load(fg, "113W/3311/2311/B366", COLOR_BLACK);
	assert_int_equal(flood_greedy(&fg->pos, &fg->board), 3);
	flood_pos_gains(&fg->pos, &fg->board, COLOR_BLACK, gains);
	assert_int_equal(gains[2], 1);
	assert_int_equal(gains[3], 4);
	/* Ties go to the lowest number: 2 and 3 both take one. */
	load(fg, "11W/311/B21", COLOR_BLACK);
	assert_int_equal(flood_greedy(&fg->pos, &fg->board), 2);
	/* Over every position of a greedy game, greedy's colour gains the
	 * maximum and no lower colour gains as much. */
	flood_ops.clear(&fg->base);
	while (!fg->pos.over) {
		int c = flood_greedy(&fg->pos, &fg->board);

		flood_pos_gains(&fg->pos, &fg->board, fg->pos.to_move, gains);
		for (int k = 1; k <= fg->board.ncolors; k++)
			assert_true(k < c ? gains[k] < gains[c] : gains[k] <= gains[c]);
		flood_pos_play(&fg->pos, &fg->board, c);
	}
	free_game(fg);
}

/* random picks only colours that capture, from the game's rng. */
static void test_random_captures(void **state)
{
	struct flood_game *fg = new_game(2);
	struct rng r;
	int seen[FLOOD_MAX_COLORS + 1] = { 0 };

	(void)state;
	rng_seed(&r, 9);
	load(fg, "113W/3311/2311/B366", COLOR_BLACK);
	for (int i = 0; i < 200; i++)
		seen[flood_random(&fg->pos, &fg->board, &r)]++;
	assert_true(seen[2] > 0 && seen[3] > 0);
	assert_int_equal(seen[2] + seen[3], 200);
	free_game(fg);
}

/* The board text of fg's position moved by a symmetry of the square board:
 * the transposition (x, y) -> (y, x), which keeps both corners, or with
 * turn the half-turn, which swaps them, so B and W swap too. */
static void transformed_text(const struct flood_game *fg, bool turn, char *text)
{
	const struct flood_board *b = &fg->board;
	struct strbuf sb = STRBUF_INIT;
	int n = b->width, k = 0;

	flood_print_text(fg, &sb);
	for (int y = n - 1; y >= 0; y--) {
		for (int x = 0; x < n; x++) {
			int sx = turn ? n - 1 - x : y, sy = turn ? n - 1 - y : x;
			char c = sb_str(&sb)[(n - 1 - sy) * (n + 1) + sx];

			text[k++] = turn && c == 'B' ? 'W' : turn && c == 'W' ? 'B' : c;
		}
		text[k++] = y ? '/' : '\0';
	}
	sb_free(&sb);
}

static void test_evaluation_symmetric(void **state)
{
	struct flood_game *fg = new_game(21), *other = new_game(22);
	char text[16 * 16 + 16];
	int checked = 0;

	(void)state;
	flood_set_dims(fg, 15, 15, text, sizeof(text));
	flood_ops.clear(&fg->base);
	while (!fg->pos.over) {
		int f[FLOOD_NFEATURES], g[FLOOD_NFEATURES], to_move = fg->pos.to_move;

		flood_features(&fg->pos, &fg->board, NULL, f);
		for (int turn = 0; turn < 2; turn++) {
			transformed_text(fg, turn, text);
			load(other, text, turn ? flood_other(to_move) : to_move);
			flood_features(&other->pos, &other->board, NULL, g);
			assert_memory_equal(f, g, sizeof(f));
			assert_int_equal(flood_evaluate(&fg->pos, &fg->board),
					 flood_evaluate(&other->pos, &other->board));
			checked++;
		}
		flood_pos_play(&fg->pos, &fg->board, flood_greedy(&fg->pos, &fg->board));
	}
	assert_true(checked > 20);
	free_game(fg);
	free_game(other);
}

/* The race on the root's regions gives the features of the race on
 * bitsets in every position played from the root: random games from
 * roots after 0 to 9 random moves, on several shapes, and from a loaded
 * position. */
static void check_regions_from(struct flood_game *fg, struct rng *r)
{
	struct flood_regions *regions = flood_regions_new(&fg->board, &fg->pos);
	struct flood_pos p;
	int checked = 0;

	flood_pos_copy(&p, &fg->pos);
	while (!p.over) {
		int f[FLOOD_NFEATURES], g[FLOOD_NFEATURES];

		flood_features(&p, &fg->board, NULL, f);
		flood_features(&p, &fg->board, regions, g);
		assert_memory_equal(f, g, sizeof(f));
		flood_pos_play(&p, &fg->board, flood_random(&p, &fg->board, r));
		checked++;
	}
	assert_true(checked > 0);
	flood_regions_free(regions);
}

static void test_regions_race(void **state)
{
	static const int shapes[][3] = { { 20, 20, 6 }, { 12, 12, 4 }, { 30, 20, 6 }, { 7, 5, 3 } };
	struct flood_game *fg = new_game(31);
	char err[64];
	struct rng r;

	(void)state;
	rng_seed(&r, 8);
	for (int s = 0; s < 4; s++)
		for (int k = 0; k < 10; k++) {
			flood_set_dims(fg, shapes[s][0], shapes[s][1], err, sizeof(err));
			flood_set_colors(fg, shapes[s][2], err, sizeof(err));
			for (int m = 0; m < k && !fg->pos.over; m++)
				flood_pos_play(&fg->pos, &fg->board, flood_random(&fg->pos, &fg->board, &r));
			if (!fg->pos.over)
				check_regions_from(fg, &r);
		}
	load(fg, "1122W/2BB21/11B21/31B11/BBB11", COLOR_WHITE);
	check_regions_from(fg, &r);
	free_game(fg);
}

/* A rollout on the root's regions is the margin of the game greedy plays
 * against itself from the position, in every position of random games. */
static void test_rollout_is_greedy_game(void **state)
{
	struct flood_game *fg = new_game(41);
	struct rng r;
	char err[64];
	int checked = 0;

	(void)state;
	rng_seed(&r, 4);
	for (int g = 0; g < 6; g++) {
		flood_set_dims(fg, g % 2 ? 12 : 20, g % 2 ? 12 : 20, err, sizeof(err));
		flood_set_colors(fg, g % 2 ? 4 : 6, err, sizeof(err));
		struct flood_regions *regions = flood_regions_new(&fg->board, &fg->pos);
		struct flood_pos p, q;

		flood_pos_copy(&p, &fg->pos);
		while (!p.over) {
			flood_pos_copy(&q, &p);
			while (!q.over)
				flood_pos_play(&q, &fg->board, flood_greedy(&q, &fg->board));
			int margin = q.count[p.to_move] - q.count[flood_other(p.to_move)];
			assert_int_equal(flood_regions_rollout(regions, &p, fg->board.ncolors), margin);
			flood_pos_play(&p, &fg->board, flood_random(&p, &fg->board, &r));
			checked++;
		}
		flood_regions_free(regions);
	}
	assert_true(checked > 50);
	free_game(fg);
}

static int search_move(const struct flood_game *fg, long nodes, int depth,
		       struct flood_search_info *info)
{
	struct search_limits lim = { .nodes = nodes, .depth = depth };

	return flood_search(&fg->pos, &fg->board, &lim, false, info);
}

/* The same position and budget give the same move after the same nodes;
 * the node budget is kept. */
static void test_search_deterministic(void **state)
{
	struct flood_game *fg = new_game(3);
	struct flood_search_info a, b;

	(void)state;
	for (int i = 0; i < 6; i++)
		flood_pos_play(&fg->pos, &fg->board, flood_greedy(&fg->pos, &fg->board));
	int m1 = search_move(fg, 3000, 0, &a), m2 = search_move(fg, 3000, 0, &b);
	assert_int_equal(m1, m2);
	assert_int_equal(a.nodes, b.nodes);
	assert_int_equal(a.score, b.score);
	assert_true(a.nodes <= 3000);
	assert_true(a.depth >= 3);
	int m3 = search_move(fg, 0, 3, &a), m4 = search_move(fg, 0, 3, &b);
	assert_int_equal(m3, m4);
	assert_int_equal(a.depth, 3);
	assert_int_equal(a.nodes, b.nodes);
	/* A budget too small for one iteration still answers a capturing
	 * colour. */
	int gains[FLOOD_MAX_COLORS + 1];
	int tiny = search_move(fg, 2, 0, &a);
	flood_pos_gains(&fg->pos, &fg->board, fg->pos.to_move, gains);
	assert_true(gains[tiny] > 0);
	free_game(fg);
}

/* The final margin for the side to move under best play by both, over
 * the colours that capture something (plain minimax, no pruning). */
static int exact(const struct flood_pos *p, const struct flood_board *b)
{
	int gains[FLOOD_MAX_COLORS + 1], best = -1000;

	if (p->over)
		return p->count[p->to_move] - p->count[flood_other(p->to_move)];
	flood_pos_gains(p, b, p->to_move, gains);
	for (int c = 1; c <= b->ncolors; c++) {
		struct flood_pos child;

		if (!gains[c])
			continue;
		flood_pos_copy(&child, p);
		flood_pos_play(&child, b, c);
		int v = -exact(&child, b);
		if (v > best)
			best = v;
	}
	return best;
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/* The outcome (1 win, 0 draw, -1 loss) for the side to move when the
 * opponent always plays greedy's colour (seed 000's computer) and the side
 * to move plays its best, by exhaustive search. */
static int versus_greedy(const struct flood_pos *p, const struct flood_board *b, int me)
{
	struct flood_pos child;
	int gains[FLOOD_MAX_COLORS + 1], best = -2;

	if (p->over)
		return sign(p->count[me] - p->count[flood_other(me)]);
	if (p->to_move != me) {
		flood_pos_copy(&child, p);
		flood_pos_play(&child, b, flood_greedy(p, b));
		return versus_greedy(&child, b, me);
	}
	flood_pos_gains(p, b, me, gains);
	for (int c = 1; c <= b->ncolors && best < 1; c++) {
		if (!gains[c])
			continue;
		flood_pos_copy(&child, p);
		flood_pos_play(&child, b, c);
		int v = versus_greedy(&child, b, me);
		if (v > best)
			best = v;
	}
	return best;
}

/* On small boards an unbounded search solves the game: its colour has the
 * best outcome by exhaustive minimax, and the search says so. */
static void test_search_exact_endgames(void **state)
{
	struct flood_game *fg = new_game(4);
	char err[64];

	(void)state;
	for (int i = 0; i < 40; i++) {
		struct flood_search_info info;
		struct search_limits lim = { 0 };
		struct flood_pos child;
		int me = fg->pos.to_move;

		assert_int_equal(flood_set_colors(fg, i % 2 ? 4 : 3, err, sizeof(err)), 0);
		assert_int_equal(flood_set_dims(fg, i % 2 ? 3 : 4, 3, err, sizeof(err)), 0);
		me = fg->pos.to_move;
		int best = sign(exact(&fg->pos, &fg->board));
		int moves = 0, gains[FLOOD_MAX_COLORS + 1];
		flood_pos_gains(&fg->pos, &fg->board, me, gains);
		for (int k = 1; k <= fg->board.ncolors; k++)
			moves += gains[k] > 0;
		int c = flood_search(&fg->pos, &fg->board, &lim, false, &info);
		if (moves > 1) { /* else the colour is forced: no search */
			assert_true(info.exact);
			assert_int_equal(sign(info.score), best);
		}
		flood_pos_copy(&child, &fg->pos);
		flood_pos_play(&child, &fg->board, c);
		assert_int_equal(sign(-exact(&child, &fg->board)), best);
	}
	free_game(fg);
}

/* Positions of greedy games on 6x6 boards of 4 colours that are lost
 * against best play (brute force) but won against greedy: the search at
 * 20000 nodes answers a colour that keeps the win against greedy. */
static void test_swindle_greedy(void **state)
{
	char err[64];
	int swindles = 0;

	(void)state;
	for (int g = 0; g < 30; g++) {
		struct flood_game *fg = new_game(300 + (uint64_t)g);

		assert_int_equal(flood_set_colors(fg, 4, err, sizeof(err)), 0);
		assert_int_equal(flood_set_dims(fg, 6, 6, err, sizeof(err)), 0);
		while (!fg->pos.over) {
			int me = fg->pos.to_move;

			if (exact(&fg->pos, &fg->board) < 0 &&
			    versus_greedy(&fg->pos, &fg->board, me) > 0) {
				struct flood_pos child;
				int c = search_move(fg, 20000, 0, NULL);

				flood_pos_copy(&child, &fg->pos);
				flood_pos_play(&child, &fg->board, c);
				assert_int_equal(versus_greedy(&child, &fg->board, me), 1);
				swindles++;
			}
			flood_pos_play(&fg->pos, &fg->board, flood_greedy(&fg->pos, &fg->board));
		}
		free_game(fg);
	}
	print_message("# %d lost positions won against greedy\n", swindles);
	assert_true(swindles >= 3);
}

/* From the start of 6x6 and 7x7 boards of 4 colours (each side in turn,
 * and after some greedy moves), the solver against greedy finds the
 * outcome brute force finds, says it is exact with the budget to finish,
 * and its colour reaches that outcome. */
static void test_versus_greedy_exact(void **state)
{
	char err[64];
	int outcomes[3] = { 0 };

	(void)state;
	for (int g = 0; g < 40; g++) {
		struct flood_game *fg = new_game(500 + (uint64_t)g);
		int side = 6 + g % 2, move;
		bool sure;

		assert_int_equal(flood_set_colors(fg, 4, err, sizeof(err)), 0);
		assert_int_equal(flood_set_dims(fg, side, side, err, sizeof(err)), 0);
		for (int i = 0; i < g % 5 && !fg->pos.over; i++)
			flood_pos_play(&fg->pos, &fg->board, flood_greedy(&fg->pos, &fg->board));
		if (fg->pos.over) {
			free_game(fg);
			continue;
		}
		int me = fg->pos.to_move, want = versus_greedy(&fg->pos, &fg->board, me);
		int got = flood_versus_greedy(&fg->pos, &fg->board, 1000000, &move, &sure);
		assert_int_equal(got, want);
		assert_true(sure);
		if (got >= 0) {
			struct flood_pos child;

			flood_pos_copy(&child, &fg->pos);
			flood_pos_play(&child, &fg->board, move);
			assert_int_equal(versus_greedy(&child, &fg->board, me), got);
		}
		outcomes[got + 1]++;
		free_game(fg);
	}
	print_message("# against greedy: %d lost, %d drawn, %d won\n", outcomes[0], outcomes[1],
		      outcomes[2]);
	assert_true(outcomes[0] > 0 && outcomes[2] > 0); /* both kinds were met */
}

/* A budget too small to decide says so: on 20x20 a single node proves
 * nothing, and the colour is still one that captures. */
static void test_versus_greedy_budget(void **state)
{
	struct flood_game *fg = new_game(9);
	int gains[FLOOD_MAX_COLORS + 1], move = 0;
	bool sure = true;

	(void)state;
	assert_int_equal(flood_versus_greedy(&fg->pos, &fg->board, 1, &move, &sure), -1);
	assert_false(sure);
	flood_pos_gains(&fg->pos, &fg->board, fg->pos.to_move, gains);
	assert_true(move >= 1 && move <= fg->board.ncolors && gains[move] > 0);
	free_game(fg);
}

/* White's colour at fg's position: greedy's, or when odd another one
 * that captures (greedy's if there is none). */
static int white_reply(const struct flood_game *fg, bool odd)
{
	int gains[FLOOD_MAX_COLORS + 1], greedy = flood_greedy(&fg->pos, &fg->board);

	flood_pos_gains(&fg->pos, &fg->board, COLOR_WHITE, gains);
	for (int c = 1; c <= fg->board.ncolors && odd; c++)
		if (gains[c] && c != greedy)
			return c;
	return greedy;
}

/* genmove at a search level takes an opponent for greedy once it has made
 * four moves, all greedy's colours: it then answers the search's colour
 * with greedy_opponent true; after three such moves, or four with one that
 * greedy would not play, the plain search's. */
static void test_choose_models_greedy(void **state)
{
	struct game_level ab = { .name = "hard", .algorithm = "alphabeta", .nodes = 2000 };
	struct game_budget budget = { .level = &ab };
	struct search_limits lim = { .nodes = 2000 };
	int differ = 0;
	char err[64];

	(void)state;
	for (int g = 0; g < 18; g++) {
		struct flood_game *fg = new_game(700 + (uint64_t)g);
		int kind = g % 3, rounds = kind == 2 ? 3 : 4, move;

		/* kind 0: four greedy replies; 1: one of four is not; 2: three. */
		for (int r = 0; r < rounds && !fg->pos.over; r++) {
			assert_int_equal(flood_play(fg, COLOR_BLACK,
						    flood_greedy(&fg->pos, &fg->board), err,
						    sizeof(err)),
					 0);
			assert_int_equal(flood_play(fg, COLOR_WHITE,
						    white_reply(fg, kind == 1 && r == g % 4), err,
						    sizeof(err)),
					 0);
		}
		assert_false(fg->pos.over);
		int want_plain = flood_search(&fg->pos, &fg->board, &lim, false, NULL);
		int want_model = flood_search(&fg->pos, &fg->board, &lim, true, NULL);
		assert_int_equal(flood_ops.genmove(&fg->base, COLOR_BLACK, &budget, &move, err,
						   sizeof(err)),
				 0);
		assert_int_equal(move, kind == 0 ? want_model : want_plain);
		differ += want_plain != want_model;
		free_game(fg);
	}
	print_message("# the model changed the colour in %d of 18 positions\n", differ);
	assert_true(differ >= 3); /* the check can tell the two apart */
}

/* The end of greedy games on 8x8 and 10x10 boards of 4 and 5 colours, each
 * position once at most 28 squares are unowned: where
 * brute force finds a colour that wins and one that does not, the search
 * at 20000 nodes answers a winning colour and knows the game is won. */
static void test_exact_endgame_budget(void **state)
{
	char err[64];
	int tested = 0;

	(void)state;
	for (int g = 0; g < 40; g++) {
		struct flood_game *fg = new_game(100 + (uint64_t)g);

		assert_int_equal(flood_set_colors(fg, g % 2 ? 5 : 4, err, sizeof(err)), 0);
		assert_int_equal(flood_set_dims(fg, g % 3 ? 8 : 10, g % 3 ? 8 : 10, err,
						sizeof(err)), 0);
		while (!fg->pos.over) {
			if (fg->pos.nfree <= 28) {
				struct flood_pos child;
				int wins = 0, others = 0, gains[FLOOD_MAX_COLORS + 1];

				flood_pos_gains(&fg->pos, &fg->board, fg->pos.to_move, gains);
				for (int c = 1; c <= fg->board.ncolors; c++) {
					if (!gains[c])
						continue;
					flood_pos_copy(&child, &fg->pos);
					flood_pos_play(&child, &fg->board, c);
					if (-exact(&child, &fg->board) > 0)
						wins++;
					else
						others++;
				}
				if (wins && others) {
					struct flood_search_info info;
					int c = search_move(fg, 20000, 0, &info);

					flood_pos_copy(&child, &fg->pos);
					flood_pos_play(&child, &fg->board, c);
					assert_true(-exact(&child, &fg->board) > 0);
					assert_true(info.exact && info.score > 0);
					assert_true(info.nodes <= 20000);
					tested++;
				}
			}
			flood_pos_play(&fg->pos, &fg->board, flood_greedy(&fg->pos, &fg->board));
		}
		free_game(fg);
	}
	print_message("# %d endgame positions with a winning colour among losing ones\n", tested);
	assert_true(tested >= 5);
}

/* A settled position (no unowned region touches both sides) ends as
 * flood_pos_settled says under best play, and unsettled ones are told
 * apart: over the positions of greedy games on small boards. */
static void test_settled_counts(void **state)
{
	char err[64];
	int settled = 0, unsettled = 0;

	(void)state;
	for (int g = 0; g < 20; g++) {
		struct flood_game *fg = new_game(200 + (uint64_t)g);

		assert_int_equal(flood_set_colors(fg, 4, err, sizeof(err)), 0);
		assert_int_equal(flood_set_dims(fg, 6, 5, err, sizeof(err)), 0);
		while (!fg->pos.over) {
			int gets[3];

			if (flood_pos_settled(&fg->pos, &fg->board, gets)) {
				int me = fg->pos.to_move;

				assert_int_equal(gets[me] - gets[flood_other(me)],
						 exact(&fg->pos, &fg->board));
				assert_int_equal(gets[COLOR_BLACK] + gets[COLOR_WHITE],
						 fg->board.nsquares);
				settled++;
			} else {
				unsettled++;
			}
			flood_pos_play(&fg->pos, &fg->board, flood_greedy(&fg->pos, &fg->board));
		}
		free_game(fg);
	}
	assert_true(settled > 0 && unsettled > 0);
}

/* A stop flag already set: an answer at once, still a capturing colour. */
static void test_search_stops(void **state)
{
	struct flood_game *fg = new_game(5);
	struct flood_search_info info;
	atomic_bool stop;
	int gains[FLOOD_MAX_COLORS + 1];

	(void)state;
	atomic_init(&stop, true);
	struct search_limits lim = { .stop = &stop };
	int c = flood_search(&fg->pos, &fg->board, &lim, false, &info);
	flood_pos_gains(&fg->pos, &fg->board, fg->pos.to_move, gains);
	assert_true(gains[c] > 0);
	assert_true(info.nodes < 300);
	/* A time limit alone ends the deepening: no node or depth limit. */
	atomic_store(&stop, false);
	lim = (struct search_limits){ .seconds = 0.01, .stop = &stop };
	c = flood_search(&fg->pos, &fg->board, &lim, false, &info);
	assert_true(gains[c] > 0);
	assert_true(info.depth >= 1 && info.depth < 64);
	free_game(fg);
}

/* genmove through the game interface at each algorithm. */
static void test_genmove_levels(void **state)
{
	struct game_level greedy = { .name = "easy", .algorithm = "greedy" };
	struct game_level ab = { .name = "hard", .algorithm = "alphabeta", .nodes = 300 };
	struct game_level rnd = { .name = "r", .algorithm = "random" };
	struct game_level noisy = { .name = "n", .algorithm = "greedy", .randomness = 1.0 };
	const struct game_level *levels[] = { NULL, &greedy, &ab, &rnd, &noisy };
	char err[64];
	int move;

	(void)state;
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		struct flood_game *a = new_game(6), *b = new_game(6);
		struct game_budget budget = { .level = levels[i] };

		while (!a->pos.over) {
			int me = a->pos.to_move, other;

			assert_int_equal(flood_ops.genmove(&a->base, me, &budget, &move, err,
							   sizeof(err)),
					 0);
			assert_int_equal(flood_ops.genmove(&b->base, me, &budget, &other, err,
							   sizeof(err)),
					 0);
			assert_int_equal(move, other); /* same seed, same choices */
		}
		assert_int_equal(flood_ops.genmove(&a->base, COLOR_BLACK, &budget, &move, err,
						   sizeof(err)),
				 -1);
		assert_string_equal(err, "game over");
		free_game(a);
		free_game(b);
	}
	struct flood_game *fg = new_game(7);
	struct game_budget budget = { .level = NULL };
	assert_int_equal(flood_ops.genmove(&fg->base, COLOR_WHITE, &budget, &move, err,
					   sizeof(err)),
			 -1);
	assert_string_equal(err, "out of turn");
	assert_int_equal(fg->nmoves, 0);
	/* No level: greedy. */
	int want = flood_greedy(&fg->pos, &fg->board);
	assert_int_equal(flood_ops.genmove(&fg->base, fg->pos.to_move, &budget, &move, err,
					   sizeof(err)),
			 0);
	assert_int_equal(move, want);
	free_game(fg);
}

/* A level with no limit of its own searches a fixed node budget, also
 * under the server's time cap (a ceiling, not a time to fill): the same
 * move as 20000 nodes. */
static void test_level_defaults(void **state)
{
	struct game_level bare = { .name = "hard", .algorithm = "alphabeta" };
	struct game_budget budget = { .level = &bare, .max_seconds = 60 };
	struct flood_game *fg = new_game(8);
	struct flood_search_info info;
	char err[64];
	int move;

	(void)state;
	assert_int_equal(flood_set_dims(fg, 10, 10, err, sizeof(err)), 0);
	for (int i = 0; i < 4; i++)
		flood_play(fg, fg->pos.to_move, flood_greedy(&fg->pos, &fg->board), err,
			   sizeof(err));
	int want = search_move(fg, 20000, 0, &info);
	assert_true(info.nodes > 1000); /* a real search, not a forced move */
	assert_int_equal(flood_ops.genmove(&fg->base, fg->pos.to_move, &budget, &move, err,
					   sizeof(err)),
			 0);
	assert_int_equal(move, want);
	free_game(fg);
}

/* One game on a seeded 20x20 board: the search plays hard, greedy the
 * other side. Returns the search's margin. */
static int duel(uint64_t seed, int hard)
{
	struct flood_game *fg = new_game(seed);
	struct search_limits lim = { .nodes = DUEL_NODES };

	while (!fg->pos.over) {
		int c = fg->pos.to_move == hard ? flood_search(&fg->pos, &fg->board, &lim, false, NULL)
						: flood_greedy(&fg->pos, &fg->board);
		flood_pos_play(&fg->pos, &fg->board, c);
	}
	int margin = fg->pos.count[hard] - fg->pos.count[flood_other(hard)];
	free_game(fg);
	return margin;
}

static void test_hard_beats_easy(void **state)
{
	int wins = 0;

	(void)state;
	for (int i = 0; i < 20; i++) {
		int hard = i % 2 ? COLOR_WHITE : COLOR_BLACK;

		if (duel(1000 + (uint64_t)i / 2, hard) > 0)
			wins++;
	}
	print_message("# hard won %d of 20 against greedy at %d nodes a move\n", wins,
		      DUEL_NODES);
	assert_true(wins >= 17);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_greedy_takes_most),
		cmocka_unit_test(test_random_captures),
		cmocka_unit_test(test_evaluation_symmetric),
		cmocka_unit_test(test_regions_race),
		cmocka_unit_test(test_rollout_is_greedy_game),
		cmocka_unit_test(test_search_deterministic),
		cmocka_unit_test(test_search_exact_endgames),
		cmocka_unit_test(test_exact_endgame_budget),
		cmocka_unit_test(test_swindle_greedy),
		cmocka_unit_test(test_versus_greedy_exact),
		cmocka_unit_test(test_versus_greedy_budget),
		cmocka_unit_test(test_choose_models_greedy),
		cmocka_unit_test(test_settled_counts),
		cmocka_unit_test(test_search_stops),
		cmocka_unit_test(test_genmove_levels),
		cmocka_unit_test(test_level_defaults),
		cmocka_unit_test(test_hard_beats_easy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
