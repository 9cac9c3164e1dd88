/* Unit tests of the Ataxx players: the random and greedy levels, the
 * alpha-beta search (tactics, forced passes, won games, budgets, the stop
 * flag, determinism, big boards), and hard beating easy 20 games of 20 at a
 * small fixed node budget. Node and depth budgets, but for one test of
 * the time limits with generous bounds (they hold; speed is not judged). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx.h"
#include "games/ataxx/ataxx_search.h"

static struct game *new_game(uint64_t seed, const char *rules, const char *layout, int size)
{
	struct game *g = ataxx_ops.create(seed);
	char err[64], text[8];

	assert_int_equal(g->ops->set_option(g, "layout", layout, err, sizeof(err)), 0);
	snprintf(text, sizeof(text), "%d", size);
	assert_int_equal(g->ops->set_size(g, text, err, sizeof(err)), 0);
	assert_int_equal(g->ops->set_rules(g, rules, err, sizeof(err)), 0);
	return g;
}

static void load(struct game *g, const char *fen)
{
	char buf[512], *words[8], *save = NULL, err[128];
	int n = 0, size;
	struct axw_pos p;

	snprintf(buf, sizeof(buf), "%s", fen);
	for (char *w = strtok_r(buf, " ", &save); w && n < 8; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	if (ataxx_parse_fen(n, words, &size, &p, err, sizeof(err)) < 0)
		fail_msg("%s: %s", fen, err);
	ataxx_set_position(ataxx_of(g), size, &p);
}

static const char *text_of(int move)
{
	static char buf[16];
	struct strbuf sb = STRBUF_INIT;

	ataxx_print_move(move, false, &sb);
	snprintf(buf, sizeof(buf), "%s", sb_str(&sb));
	sb_free(&sb);
	return buf;
}

/* The move a level chooses for the side to move (not played). */
static int choose(struct game *g, const struct game_level *level)
{
	struct ataxx_game *ag = ataxx_of(g);
	struct game_budget budget = { .level = level };
	char err[64];
	int move;

	assert_int_equal(ataxx_choose(ag, &ag->pos, &budget, &move, err, sizeof(err)), 0);
	assert_true(axw_is_legal(&ag->pos, move));
	return move;
}

static const struct game_level random_level = { .name = "easy", .algorithm = "random" };
static const struct game_level greedy_level = { .name = "greedy", .algorithm = "greedy" };

static void test_random_is_uniform(void **state)
{
	struct game *g = new_game(1, "standard", "corners 2", 7);
	int counts[16] = { 0 }, list[axw_MAX_MOVES];
	int n = ataxx_legal_moves(ataxx_of(g), COLOR_BLACK, list);

	(void)state;
	assert_int_equal(n, 16);
	for (int i = 0; i < 3200; i++) {
		int m = choose(g, &random_level), k = 0;

		while (k < n && list[k] != m)
			k++;
		assert_true(k < n);
		counts[k]++;
	}
	/* 200 expected each; 6 standard deviations is 84. */
	for (int k = 0; k < n; k++)
		assert_true(counts[k] > 116 && counts[k] < 284);
	/* No level at all is the random player too. */
	struct ataxx_game *ag = ataxx_of(g);
	struct game_budget none = { 0 };
	char err[64];
	int m;
	assert_int_equal(ataxx_choose(ag, &ag->pos, &none, &m, err, sizeof(err)), 0);
	assert_true(axw_is_legal(&ag->pos, m));
	g->ops->destroy(g);
}

static void test_random_is_seeded(void **state)
{
	struct game *a = new_game(77, "yinyang", "rows 2", 7), *b = new_game(77, "yinyang", "rows 2", 7);
	struct game *c = new_game(78, "yinyang", "rows 2", 7);
	int differ = 0;

	(void)state;
	for (int i = 0; i < 20; i++) {
		int ma = choose(a, &random_level), mb = choose(b, &random_level);

		assert_int_equal(ma, mb);
		differ += choose(c, &random_level) != ma;
	}
	assert_true(differ > 0);
	a->ops->destroy(a);
	b->ops->destroy(b);
	c->ops->destroy(c);
}

static void test_greedy(void **state)
{
	struct game *g = new_game(1, "yinyang", "rows 2", 7);
	int seen_b4 = 0;

	(void)state;
	/* c3 turns four pieces: nothing else comes close. */
	load(g, "7/7/7/1ooo3/1o5/1x5/7 x 0 1");
	assert_string_equal(text_of(choose(g, &greedy_level)), "c3");
	assert_int_equal(ataxx_gain(&ataxx_of(g)->pos, 0x2222), 9);
	/* A clone gaining nothing beats a jump gaining nothing. */
	load(g, "7/7/7/7/7/7/x6 x 0 1");
	int m = choose(g, &greedy_level);
	assert_int_equal(m >> 8, m & 0xff);
	/* Equal gains are chosen between at random: clones to b4 and to c4
	 * both turn b5 and c5. */
	load(g, "7/7/1oo4/7/1x5/7/7 x 0 1");
	for (int i = 0; i < 40; i++) {
		const char *t = text_of(choose(g, &greedy_level));

		assert_true(!strcmp(t, "b4") || !strcmp(t, "c4"));
		seen_b4 += !strcmp(t, "b4");
	}
	assert_true(seen_b4 > 0 && seen_b4 < 40);
	g->ops->destroy(g);
}

static int search_move(const struct axw_pos *p, int size, int depth, long nodes,
		       struct search_info *info)
{
	struct search_limits lim = { .depth = depth, .nodes = nodes, .tt_bits = 16 };

	return ataxx_search(p, size, &lim, info);
}

static void test_search_tactics(void **state)
{
	struct game *g = new_game(1, "standard", "corners 2", 7);
	const struct axw_pos *p = &ataxx_of(g)->pos;
	struct search_info info;

	(void)state;
	/* c3 turns the four o pieces: the last ones, so it wins outright and
	 * the deepening stops there. */
	load(g, "7/7/7/1ooo3/1o5/1x5/7 x 0 1");
	for (int d = 1; d <= 4; d++)
		assert_string_equal(text_of(search_move(p, 7, d, 0, &info)), "c3");
	assert_int_equal(info.depth, 1);
	assert_int_equal(info.score, ATAXX_WIN - 1);
	assert_int_equal(info.npv, 1);
	assert_string_equal(text_of(info.pv[0]), "c3");
	/* With an o piece out of reach it is material: still c3, full depth. */
	load(g, "6o/7/7/1ooo3/1o5/1x5/7 x 0 1");
	assert_string_equal(text_of(search_move(p, 7, 4, 0, &info)), "c3");
	assert_int_equal(info.depth, 4);
	assert_true(info.npv >= 2);
	assert_string_equal(text_of(info.pv[0]), "c3");
	/* Taking the last o piece wins at once: a won-game score. */
	load(g, "7/7/7/7/2o4/7/x6 x 0 1");
	int m = search_move(p, 7, 3, 0, &info);
	assert_true(info.score > ATAXX_WIN_BOUND);
	struct axw_pos q = *p;
	axw_make(&q, m);
	assert_true(axw_is_over(&q));
	assert_true(axw_outcome(&q) > 0);
	/* A forced pass. */
	load(g, "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
	assert_int_equal(search_move(p, 7, 3, 0, &info), AX_PASS);
	/* yinyang: filling the last square wins the rest of the board for the
	 * side not stuck; the search sees o, to move after it, stuck. */
	char err[64];

	g->ops->set_rules(g, "yinyang", err, sizeof(err));
	load(g, "oxx1/xxx1/xxx1/4 x 0 1");
	m = search_move(p, 4, 2, 0, &info);
	assert_true(axw_is_legal(p, m));
	g->ops->destroy(g);
}

static void test_search_budgets(void **state)
{
	struct game *g = new_game(1, "standard", "corners 2", 7);
	const struct axw_pos *p = &ataxx_of(g)->pos;
	struct search_info a, b;

	(void)state;
	/* Deterministic for a node budget: same move, same nodes, same PV. */
	int ma = search_move(p, 7, 0, 20000, &a), mb = search_move(p, 7, 0, 20000, &b);
	assert_int_equal(ma, mb);
	assert_int_equal(a.nodes, b.nodes);
	assert_int_equal(a.depth, b.depth);
	assert_memory_equal(a.pv, b.pv, (size_t)a.npv * sizeof(int));
	/* The node budget holds to within one check interval. */
	assert_true(a.nodes >= 20000 && a.nodes < 20000 + 2000);
	assert_true(a.depth >= 3);
	/* A depth budget. */
	search_move(p, 7, 2, 0, &a);
	assert_int_equal(a.depth, 2);
	/* A raised stop flag still gets a legal move (depth 1 always runs). */
	atomic_bool stop;
	atomic_init(&stop, true);
	struct search_limits lim = { .stop = &stop, .tt_bits = 12 };
	int m = ataxx_search(p, 7, &lim, &a);
	assert_true(axw_is_legal(p, m));
	assert_int_equal(a.depth, 1);
	/* Levels: algorithm "" with a depth is alphabeta; an unknown one fails. */
	struct game_level lv = { .name = "x", .depth = 2 };
	assert_true(axw_is_legal(p, choose(g, &lv)));
	struct game_level bad = { .name = "x", .algorithm = "mcts" };
	struct game_budget budget = { .level = &bad };
	char err[64];
	assert_int_equal(ataxx_choose(ataxx_of(g), p, &budget, &m, err, sizeof(err)), -1);
	assert_string_equal(err, "unknown algorithm mcts");
	g->ops->destroy(g);
}

/* The pruning pays: from the start, depth 10 within PRUNED_DEPTH10_NODES
 * nodes, in both rule sets (node counts are deterministic). Razoring, the
 * reductions and reverse futility each take it past that alone: without
 * razoring it took 201,694 under standard rules, with it 118,298. */
#define PRUNED_DEPTH10_NODES 160000
static void test_search_pruning_pays(void **state)
{
	static const char *const rules[] = { "standard", "yinyang" };
	static const char *const layouts[] = { "corners 2", "rows 2" };
	struct search_info info;

	(void)state;
	for (int i = 0; i < 2; i++) {
		struct game *g = new_game(1, rules[i], layouts[i], 7);

		search_move(&ataxx_of(g)->pos, 7, 10, 0, &info);
		print_message("%s: depth %d in %ld nodes\n", rules[i], info.depth, (long)info.nodes);
		assert_int_equal(info.depth, 10);
		assert_true(info.nodes < PRUNED_DEPTH10_NODES);
		g->ops->destroy(g);
	}
}

/* The hard limit holds (movetime: spent to the end, not past it by much);
 * the soft limit stops the search long before a far hard limit. The limits
 * count the thread's CPU time (cpu_clock), as info.seconds then does: the
 * bounds hold however busy the machine is. */
static void test_search_time_limits(void **state)
{
	struct game *g = new_game(1, "standard", "corners 2", 7);
	const struct axw_pos *p = &ataxx_of(g)->pos;
	struct search_limits hard = { .seconds = 0.3, .spend_all = true, .tt_bits = 16,
				      .cpu_clock = true };
	struct search_limits soft = { .seconds = 60, .soft_seconds = 0.05, .tt_bits = 16,
				      .cpu_clock = true };
	struct search_info info;

	(void)state;
	assert_true(axw_is_legal(p, ataxx_search(p, 7, &hard, &info)));
	assert_true(info.seconds >= 0.29 && info.seconds < 5);
	assert_true(info.depth >= 1);
	assert_true(axw_is_legal(p, ataxx_search(p, 7, &soft, &info)));
	assert_true(info.seconds < 30);
	assert_true(info.depth >= 1);
	g->ops->destroy(g);
}

/* Boards of 9x9 to 11x11 are searched in the 128-bit form: the same
 * moves and scores as in the wide form, positions with gaps included. */
static void test_search_128_matches_wide(void **state)
{
	static const char *const fens[] = {
		"x7o/9/9/9/9/9/9/9/o7x x 0 1",
		"x8o/10/3--5/10/10/10/10/5--3/10/o8x o 0 1",
		"x9o/11/11/3xoxo4/11/5-5/11/4oxox3/11/11/o9x x 0 1",
	};
	struct search_info a, b;

	(void)state;
	for (size_t i = 0; i < sizeof(fens) / sizeof(fens[0]); i++) {
		struct game *g = new_game(1, "standard", "corners 2", 9);
		load(g, fens[i]);
		const struct axw_pos *p = &ataxx_of(g)->pos;
		for (int d = 1; d <= 3; d++) {
			struct search_limits fast = { .depth = d, .tt_bits = 20 };
			int mf = ataxx_search(p, ataxx_of(g)->size, &fast, &a);
			int mw = ataxx_search_wide(p, &fast, &b);

			assert_int_equal(mf, mw);
			assert_int_equal(a.score, b.score);
			assert_true(axw_is_legal(p, mf));
		}
		g->ops->destroy(g);
	}
}

/* Boards over 11x11 use the wide search: legal moves, tactics still seen. */
static void test_search_wide(void **state)
{
	struct search_info info;

	(void)state;
	for (int size = 9; size <= 16; size += 7) {
		struct game *g = new_game(1, "yinyang", "rows 2", size);
		const struct axw_pos *p = &ataxx_of(g)->pos;
		int m = search_move(p, size, 0, 5000, &info);

		assert_true(axw_is_legal(p, m));
		assert_true(info.depth >= 2);
		g->ops->destroy(g);
	}
	struct game *g = new_game(1, "standard", "corners 2", 9);
	load(g, "9/9/9/9/9/1ooo5/1o7/1x7/9 x 0 1");
	assert_string_equal(text_of(search_move(&ataxx_of(g)->pos, 9, 3, 0, &info)), "c3");
	g->ops->destroy(g);
}

/* Two positions have the same evaluation and the same features (each,
 * weighed by the search or not). */
static void assert_same_eval(const struct axw_pos *a, const struct axw_pos *b)
{
	int fa[ATAXX_NFEATURES], fb[ATAXX_NFEATURES];

	assert_int_equal(ataxx_evaluate(a), ataxx_evaluate(b));
	ataxx_features(a, fa);
	ataxx_features(b, fb);
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		assert_int_equal(fa[i], fb[i]);
}

/* The evaluation is the same for both colours (mirror and swap) along a
 * random game under rules. */
static void eval_symmetry_under(const char *rules)
{
	struct game *g = new_game(1, rules, "corners 2", 7);
	struct ataxx_game *ag = ataxx_of(g);
	struct rng rng;

	rng_seed(&rng, 5);
	for (int i = 0; i < 40; i++) {
		char err[64];
		int m;
		struct game_budget b = { .level = &random_level };

		if (axw_is_over(&ag->pos))
			break;
		ataxx_choose(ag, &ag->pos, &b, &m, err, sizeof(err));
		ataxx_play(ag, ag->pos.turn ? COLOR_WHITE : COLOR_BLACK, m, err, sizeof(err));
		struct axw_pos swapped = ag->pos;
		swapped.piece[0] = ag->pos.piece[1];
		swapped.piece[1] = ag->pos.piece[0];
		swapped.turn = !ag->pos.turn;
		if (!axw_is_over(&ag->pos))
			assert_same_eval(&ag->pos, &swapped);
	}
	g->ops->destroy(g);
}

static void test_eval_symmetry(void **state)
{
	(void)state;
	eval_symmetry_under("standard");
	eval_symmetry_under("yinyang");
}

/* pos transformed on its N x N board: each square (row, col) goes to
 * (col, N-1-row) (a quarter turn) when turn, then to (row', N-1-col')
 * (a mirror) when mirror; gaps and pieces alike. */
static struct axw_pos transformed(const struct axw_pos *pos, int n, bool turn, bool mirror)
{
	struct axw_pos q;

	ataxx_empty_position(n, &q);
	q.turn = pos->turn;
	q.standard = pos->standard;
	q.halfmoves = pos->halfmoves;
	q.fullmoves = pos->fullmoves;
	q.blocked = axw_zero();
	for (int sq = 0; sq < AXW_SQUARES; sq++) {
		int r = sq / AXW_STRIDE, c = sq % AXW_STRIDE;
		if (r >= n || c >= n) {
			q.blocked = axw_or(q.blocked, axw_bit(sq)); /* off the board */
			continue;
		}
		int r2 = turn ? c : r, c2 = turn ? n - 1 - r : c;
		c2 = mirror ? n - 1 - c2 : c2;
		axw_bb to = axw_bit(r2 * AXW_STRIDE + c2);
		if (axw_test(pos->piece[0], sq))
			q.piece[0] = axw_or(q.piece[0], to);
		if (axw_test(pos->piece[1], sq))
			q.piece[1] = axw_or(q.piece[1], to);
		if (axw_test(pos->blocked, sq))
			q.blocked = axw_or(q.blocked, to);
	}
	return q;
}

/* The evaluation ignores the board's orientation: the same score after a
 * quarter turn, a mirror, and both, on 7x7 (64-bit form), 9x9 (128-bit)
 * and 13x13 (wide), gaps included; and so does a search to a fixed depth. */
static void test_eval_rotation_mirror(void **state)
{
	static const struct {
		int size;
		const char *fen;
	} starts[] = {
		{ 7, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1" },
		{ 9, "x7o/9/2-3--1/9/9/9/1--3-2/9/o7x x 0 1" },
		{ 13, "x11o/13/13/3-9/13/13/13/13/13/9-3/13/13/o11x x 0 1" },
	};

	(void)state;
	for (size_t k = 0; k < 2 * sizeof(starts) / sizeof(starts[0]); k++) {
		bool yy = k >= sizeof(starts) / sizeof(starts[0]);
		struct game *g = new_game(3, yy ? "yinyang" : "standard", "corners 2",
					  starts[k % 3].size);
		struct ataxx_game *ag = ataxx_of(g);
		int n = starts[k % 3].size;
		struct rng rng;
		int differs = 0;

		load(g, starts[k % 3].fen);
		rng_seed(&rng, 11 + k);
		for (int i = 0; i < 24 && !axw_is_over(&ag->pos); i++) {
			int list[axw_MAX_MOVES], moves = axw_legal_moves(&ag->pos, list);
			char err[64];

			ataxx_play(ag, ag->pos.turn ? COLOR_WHITE : COLOR_BLACK,
				   list[rng_below(&rng, (uint32_t)moves)], err, sizeof(err));
			if (axw_is_over(&ag->pos))
				break;
			for (int t = 1; t < 4; t++) {
				struct axw_pos q = transformed(&ag->pos, n, t & 1, t & 2);
				assert_same_eval(&q, &ag->pos);
				differs += !axw_equal(q.piece[0], ag->pos.piece[0]);
			}
			if (i % 8 == 7) {
				struct search_info a, b;
				struct axw_pos q = transformed(&ag->pos, n, true, true);
				search_move(&ag->pos, n, 2, 0, &a);
				search_move(&q, n, 2, 0, &b);
				assert_int_equal(a.score, b.score);
			}
		}
		assert_true(differs > 20); /* the transforms really move pieces */
		g->ops->destroy(g);
	}
}

/* Play one game between two levels; returns the result for `hard`'s
 * colour: +1 win, 0 draw, -1 loss. */
static int play_game(uint64_t seed, const char *rules, const char *layout,
		     const struct game_level *hard, const struct game_level *easy, int hard_color,
		     int *moves)
{
	struct game *g = new_game(seed, rules, layout, 7);
	char err[64];
	int n = 0, m;

	while (!g->ops->is_over(g) && n < 1000) {
		int color = g->ops->to_move(g);
		struct game_budget b = { .level = color == hard_color ? hard : easy };

		assert_int_equal(g->ops->genmove(g, color, &b, &m, err, sizeof(err)), 0);
		n++;
	}
	assert_true(g->ops->is_over(g));
	int outcome = axw_outcome(&ataxx_of(g)->pos);
	if (hard_color == COLOR_WHITE)
		outcome = -outcome;
	g->ops->destroy(g);
	*moves = n;
	return outcome > 0 ? 1 : outcome < 0 ? -1 : 0;
}

/* The strength test: hard beats easy in 20 of 20 games at a small
 * node budget, with fixed seeds, colours alternating; in both rule sets. */
static void test_hard_beats_easy(void **state)
{
	const struct game_level hard = { .name = "hard", .algorithm = "alphabeta", .nodes = 1000 };
	int wins = 0, total_moves = 0, moves;

	(void)state;
	for (int i = 0; i < 20; i++) {
		const char *rules = i < 10 ? "yinyang" : "standard";
		const char *layout = i < 10 ? "rows 2" : "corners 2";
		int color = i % 2 ? COLOR_WHITE : COLOR_BLACK;
		int r = play_game(1000 + (uint64_t)i, rules, layout, &hard, &random_level, color,
				  &moves);

		if (r != 1)
			print_error("game %d (%s, hard %s): %s\n", i, rules,
				    color == COLOR_BLACK ? "x" : "o", r ? "lost" : "drawn");
		wins += r == 1;
		total_moves += moves;
	}
	assert_int_equal(wins, 20);
	assert_true(total_moves > 20 * 5);
}

/* And greedy beats easy too, most of the time (a sanity check of the
 * ladder; not all: greedy is shortsighted). */
static void test_greedy_beats_easy(void **state)
{
	int wins = 0, moves;

	(void)state;
	for (int i = 0; i < 10; i++)
		wins += play_game(2000 + (uint64_t)i, "standard", "corners 2", &greedy_level,
				  &random_level, i % 2 ? COLOR_WHITE : COLOR_BLACK, &moves) == 1;
	assert_true(wins >= 8);
}

/* yinyang has no pass: a stuck side that is not to move (the game goes
 * on, since the side to move can move) is refused "out of turn" at every
 * level, as any side not to move, and nothing changes; when its turn comes
 * the game is over. ataxx_choose alone refuses such a position "no legal
 * move". Under standard rules the stuck side passes in its turn. */
static void test_genmove_stuck_side(void **state)
{
	static const struct game_level alphabeta_level = { .name = "medium",
							   .algorithm = "alphabeta",
							   .depth = 2 };
	const struct game_level *levels[] = { NULL, &random_level, &greedy_level,
					      &alphabeta_level };
	struct game *g = new_game(1, "yinyang", "rows 2", 4);
	char err[64];
	int move;

	(void)state;
	load(g, "4/xxxx/xxxx/oxxx x 0 1");
	assert_false(g->ops->is_over(g));
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		struct game_budget budget = { .level = levels[i] };

		move = -12345;
		err[0] = '\0';
		assert_int_equal(g->ops->genmove(g, COLOR_WHITE, &budget, &move, err,
						 sizeof(err)), -1);
		assert_string_equal(err, "out of turn");
		assert_int_equal(ataxx_of(g)->nmoves, 0);
		assert_int_equal(g->ops->to_move(g), COLOR_BLACK);
	}
	/* ataxx_choose itself refuses a position whose side to move is stuck. */
	struct axw_pos p = ataxx_pos_for(ataxx_of(g), COLOR_WHITE);
	struct game_budget none = { 0 };
	assert_int_equal(ataxx_choose(ataxx_of(g), &p, &none, &move, err, sizeof(err)), -1);
	assert_string_equal(err, "no legal move");
	/* x moves; now o is to move and stuck: the game is over. */
	struct game_budget budget = { .level = &random_level };
	assert_int_equal(g->ops->genmove(g, COLOR_BLACK, &budget, &move, err, sizeof(err)), 0);
	assert_true(g->ops->is_over(g));
	assert_int_equal(g->ops->genmove(g, COLOR_WHITE, &budget, &move, err, sizeof(err)), -1);
	assert_string_equal(err, "game over");
	/* Under standard rules the stuck side passes. */
	assert_int_equal(g->ops->set_rules(g, "standard", err, sizeof(err)), 0);
	load(g, "4/xxxx/xxxx/oxxx o 0 1");
	assert_false(g->ops->is_over(g));
	assert_int_equal(g->ops->genmove(g, COLOR_WHITE, &budget, &move, err, sizeof(err)), 0);
	assert_int_equal(move, AX_PASS);
	g->ops->destroy(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_is_uniform),
		cmocka_unit_test(test_random_is_seeded),
		cmocka_unit_test(test_greedy),
		cmocka_unit_test(test_search_tactics),
		cmocka_unit_test(test_search_budgets),
		cmocka_unit_test(test_search_pruning_pays),
		cmocka_unit_test(test_search_time_limits),
		cmocka_unit_test(test_search_128_matches_wide),
		cmocka_unit_test(test_search_wide),
		cmocka_unit_test(test_eval_symmetry),
		cmocka_unit_test(test_eval_rotation_mirror),
		cmocka_unit_test(test_hard_beats_easy),
		cmocka_unit_test(test_greedy_beats_easy),
		cmocka_unit_test(test_genmove_stuck_side),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
