/* Unit tests of Go's learned-pattern parts: the move features against slow
 * references on random positions (tactics by playing the move out; shapes
 * the same under the eight symmetries and with the colours swapped, and
 * equal keys only for neighbourhoods equal up to a symmetry), the MM fit
 * recovering the gammas that generated synthetic competitions, and the
 * learner on records (its table reproducible, its lookups), and the
 * shipped table's sense. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go_board.h"
#include "games/go/go_features.h"
#include "games/go/go_learn.h"
#include "util/mm.h"
#include "util/rng.h"
#include "util/xalloc.h"

/* A random position: moves random playout moves from the empty board,
 * then the same stones placed on a fresh board (no ko, no history). */
static void random_position(struct go_board *b, int size, int moves, struct rng *r)
{
	struct go_board *play = xmalloc(sizeof(*play));
	enum go_color c = GO_BLACK;

	go_board_init(play, size);
	for (int i = 0; i < moves; i++, c = go_other(c))
		go_board_play_random(play, c, r);
	go_board_init(b, size);
	for (int row = 0; row < size; row++)
		for (int col = 0; col < size; col++) {
			int p = go_point(play, col, row);

			if (play->color[p] == GO_BLACK || play->color[p] == GO_WHITE)
				assert_int_equal(go_board_place(b, (enum go_color)play->color[p],
								go_point(b, col, row)), 0);
		}
	free(play);
}

/* (col, row) under symmetry t of a size x size board. */
static void sym_point(int t, int size, int col, int row, int *x, int *y)
{
	if (t & 4) {
		int s = col;

		col = row;
		row = s;
	}
	*x = t & 1 ? size - 1 - col : col;
	*y = t & 2 ? size - 1 - row : row;
}

/* b transformed by symmetry t, colours swapped when swap. */
static void transformed(const struct go_board *b, int t, bool swap, struct go_board *out)
{
	go_board_init(out, b->size);
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int v = b->color[go_point(b, col, row)], x, y;

			if (v != GO_BLACK && v != GO_WHITE)
				continue;
			sym_point(t, b->size, col, row, &x, &y);
			enum go_color c = swap ? go_other((enum go_color)v) : (enum go_color)v;
			assert_int_equal(go_board_place(out, c, go_point(out, x, y)), 0);
		}
}

static int map_point(const struct go_board *b, int t, int p)
{
	int x, y;

	if (p == GO_PASS)
		return GO_PASS;
	sym_point(t, b->size, go_point_col(b, p), go_point_row(b, p), &x, &y);
	return go_point(b, x, y);
}

static void test_symmetry_and_colours(void **state)
{
	struct go_board *b = xmalloc(sizeof(*b)), *t = xmalloc(sizeof(*t));
	struct go_ladder *l = xmalloc(sizeof(*l));
	struct go_feature_cache *fb = xmalloc(sizeof(*fb)), *ft = xmalloc(sizeof(*ft));
	struct rng r;
	int checked = 0;

	(void)state;
	rng_seed(&r, 48);
	for (int round = 0; round < 12; round++) {
		int size = round % 3 == 0 ? 9 : round % 3 == 1 ? 13 : 19;

		random_position(b, size, size * size / 2 + (int)rng_below(&r, 40), &r);
		int last = b->empty[rng_below(&r, (uint32_t)b->nempty)];
		int last2 = b->empty[rng_below(&r, (uint32_t)b->nempty)];
		for (int sym = 0; sym < 16; sym++) {
			bool swap = sym >= 8;

			transformed(b, sym & 7, swap, t);
			go_feature_cache_init(fb, b, l);
			go_feature_cache_init(ft, t, l);
			for (int i = 0; i < b->nempty; i++) {
				int p = b->empty[i];
				enum go_color c = i & 1 ? GO_WHITE : GO_BLACK;

				if (!go_board_is_legal(b, c, p, false))
					continue;
				struct go_move_features f, g;
				enum go_color tc = swap ? go_other(c) : c;
				go_features(fb, c, p, last, last2, &f);
				go_features(ft, tc, map_point(b, sym & 7, p), map_point(b, sym & 7, last),
					    map_point(b, sym & 7, last2), &g);
				assert_memory_equal(&f, &g, sizeof(f));
				checked++;
			}
		}
	}
	assert_true(checked > 10000);
	free(fb);
	free(ft);
	free(l);
	free(t);
	free(b);
}

/* The slow reference of the tactical groups: the move played out on a
 * copy, liberties counted in full. */
static int libs_of(const struct go_board *b, int p)
{
	int libs[GO_MAX_POINTS];

	return go_board_string_libs(b, p, libs);
}

static void check_tactics(const struct go_board *b, enum go_color c, int p,
			  const struct go_move_features *f)
{
	struct go_board *a = xmalloc(sizeof(*a));
	int own_atari = 0, opp_two = 0, stones[GO_MAX_POINTS];

	GO_FOR_NEIGHBOURS(b, p, n) {
		if (b->color[n] == c && libs_of(b, n) == 1)
			own_atari++;
		if (b->color[n] == go_other(c) && libs_of(b, n) == 2)
			opp_two++;
	}
	go_board_copy(a, b);
	assert_int_equal(go_board_play(a, c, p, false), 0);
	bool captured = a->captures[c] > b->captures[c];
	/* the stones in atari the move joins, each string once */
	int saved = 0, heads[4], nheads = 0;
	GO_FOR_NEIGHBOURS(b, p, n) {
		bool seen = false;

		for (int j = 0; j < nheads; j++)
			seen |= heads[j] == b->head[n];
		if (b->color[n] == c && libs_of(b, n) == 1 && !seen) {
			heads[nheads++] = b->head[n];
			saved += go_board_string_stones(b, n, stones);
		}
	}
	int after = libs_of(a, p), size = go_board_string_stones(a, p, stones);
	bool atari_made = false;
	GO_FOR_NEIGHBOURS(a, p, n) {
		if (a->color[n] == go_other(c) && libs_of(a, n) == 1)
			atari_made = true;
	}
	assert_int_equal(f->value[GO_FG_CAPTURE] != 0, captured);
	if (!captured)
		assert_int_equal(go_board_libs_after(b, c, p, 3), after < 3 ? after : 3);
	bool self_atari = !captured && after == 1;
	assert_int_equal(f->value[GO_FG_SELF_ATARI], self_atari ? (size > 1 ? 2 : 1) : 0);
	if (!captured && !self_atari && own_atari)
		assert_int_equal(f->value[GO_FG_ESCAPE], (after >= 3 ? GO_ESCAPE_SAFE : GO_ESCAPE_TWO) +
								 (saved > 1 ? GO_ESCAPE_LARGE : 0));
	else
		assert_int_equal(f->value[GO_FG_ESCAPE], 0);
	assert_int_equal(f->value[GO_FG_ATARI] != 0, !self_atari && atari_made && opp_two > 0);
	free(a);
}

static void test_tactics_reference(void **state)
{
	struct go_board *b = xmalloc(sizeof(*b));
	struct go_feature_cache *fc = xmalloc(sizeof(*fc));
	struct rng r;
	int captures = 0, escapes = 0, ataris = 0, self = 0;

	(void)state;
	rng_seed(&r, 7);
	for (int round = 0; round < 60; round++) {
		random_position(b, round % 2 ? 9 : 13, 40 + (int)rng_below(&r, 80), &r);
		go_feature_cache_init(fc, b, NULL);
		for (int i = 0; i < b->nempty; i++) {
			int p = b->empty[i];

			for (enum go_color c = GO_BLACK; c <= GO_WHITE; c++) {
				struct go_move_features f;

				if (!go_board_is_legal(b, c, p, false))
					continue;
				go_features(fc, c, p, GO_PASS, GO_PASS, &f);
				check_tactics(b, c, p, &f);
				captures += f.value[GO_FG_CAPTURE] != 0;
				escapes += f.value[GO_FG_ESCAPE] != 0;
				ataris += f.value[GO_FG_ATARI] != 0;
				self += f.value[GO_FG_SELF_ATARI] != 0;
			}
		}
	}
	/* the positions showed every kind */
	assert_true(captures > 20 && escapes > 20 && ataris > 100 && self > 100);
	free(fc);
	free(b);
}

/* Lines and distances against their definitions. */
static void test_distances(void **state)
{
	struct go_board *b = xmalloc(sizeof(*b));
	struct go_feature_cache *fc = xmalloc(sizeof(*fc));
	struct go_move_features f;

	(void)state;
	go_board_init(b, 19);
	go_feature_cache_init(fc, b, NULL);
	for (int col = 0; col < 19; col++)
		for (int row = 0; row < 19; row++) {
			int p = go_point(b, col, row), last = go_point(b, 3, 15);
			int line = 1 + (col < 18 - col ? col : 18 - col);
			int rl = 1 + (row < 18 - row ? row : 18 - row);

			line = rl < line ? rl : line;
			go_features(fc, GO_BLACK, p, last, GO_PASS, &f);
			assert_int_equal(f.value[GO_FG_LINE], line > 5 ? 5 : line);
			int dx = abs(col - 3), dy = abs(row - 15);
			int d = dx + dy + (dx > dy ? dx : dy);
			assert_int_equal(f.value[GO_FG_DIST_LAST], p == last ? 0 : d > 17 ? 17 : d);
			assert_int_equal(f.value[GO_FG_DIST_LAST2], 0);
		}
	go_features(fc, GO_WHITE, GO_PASS, GO_PASS, GO_PASS, &f);
	assert_int_equal(f.value[GO_FG_PASS], 1);
	assert_int_equal(f.value[GO_FG_LINE], 0);
	free(fc);
	free(b);
}

/* The contents around p within distance d, read through symmetry t. */
static void contents(const struct go_board *b, enum go_color c, int p, int d, int t, int *out,
		     int *n)
{
	*n = 0;
	for (int dy = -d; dy <= d; dy++)
		for (int dx = -d; dx <= d; dx++) {
			int ax = abs(dx), ay = abs(dy), x, y;

			if ((!dx && !dy) || ax + ay + (ax > ay ? ax : ay) > d)
				continue;
			int tx = dx, ty = dy;
			if (t & 4) {
				tx = dy;
				ty = dx;
			}
			x = go_point_col(b, p) + (t & 1 ? -tx : tx);
			y = go_point_row(b, p) + (t & 2 ? -ty : ty);
			int v = x < 0 || y < 0 || x >= b->size || y >= b->size ? 3
				: b->color[go_point(b, x, y)];
			out[(*n)++] = v == 3 ? 3 : v == 0 ? 0 : v == (int)c ? 1 : 2;
		}
}

/* Shape keys equal exactly when the neighbourhoods are equal up to a symmetry. */
static void test_shape_keys(void **state)
{
	struct go_board *b = xmalloc(sizeof(*b));
	struct rng r;
	int equal = 0, pairs = 0;

	(void)state;
	rng_seed(&r, 3);
	random_position(b, 13, 30, &r);
	for (int d = GO_SHAPE_MIN_D; d <= 5; d++)
		for (int i = 0; i < b->nempty; i++)
			for (int j = i + 1; j < b->nempty; j++) {
				int p = b->empty[i], q = b->empty[j], a[64], x[64], na, nx;
				bool same = false;

				contents(b, GO_BLACK, p, d, 0, a, &na);
				for (int t = 0; t < 8 && !same; t++) {
					contents(b, GO_BLACK, q, d, t, x, &nx);
					same = !memcmp(a, x, (size_t)na * sizeof(int));
				}
				assert_int_equal(go_shape_key(b, GO_BLACK, p, d) ==
							 go_shape_key(b, GO_BLACK, q, d),
						 same);
				equal += same;
				pairs++;
			}
	assert_true(equal > 10 && pairs > 1000);
	free(b);
}

/* Competitions drawn from known gammas: the fit recovers them (their
 * ratios within a group: only those are identified). */
static void test_mm_recovers(void **state)
{
	enum { COMP = 6000, CAND = 8, F = 5 };
	static const double truth[F] = { 1.0, 4.0, 0.25, 1.0, 3.0 }; /* group 0: 0..2; 1: 3..4 */
	static const int group[F] = { 0, 0, 0, 1, 1 };
	size_t *cand_start = xmalloc((COMP + 1) * sizeof(size_t));
	size_t *feat_start = xmalloc((COMP * CAND + 1) * sizeof(size_t));
	size_t *winner = xmalloc(COMP * sizeof(size_t));
	int *feat = xmalloc(COMP * CAND * 2 * sizeof(int));
	double *weight = xmalloc(COMP * CAND * sizeof(double)), gamma[F];
	struct rng r;

	(void)state;
	rng_seed(&r, 11);
	for (size_t i = 0, j = 0; i < COMP; i++) {
		double s[CAND], total = 0;

		cand_start[i] = j;
		for (int k = 0; k < CAND; k++, j++) {
			int a = (int)rng_below(&r, 3), b = 3 + (int)rng_below(&r, 2);

			feat_start[j] = j * 2;
			feat[j * 2] = a;
			feat[j * 2 + 1] = b;
			weight[j] = 1;
			s[k] = truth[a] * truth[b];
			total += s[k];
		}
		double u = (double)(rng_next(&r) >> 11) / 9007199254740992.0 * total;
		int k = 0;
		while (k < CAND - 1 && (u -= s[k]) > 0)
			k++;
		winner[i] = cand_start[i] + (size_t)k;
		cand_start[i + 1] = j;
		feat_start[j] = j * 2;
	}
	struct mm_data d = { .nfeatures = F, .group = group, .ngroups = 2, .ncompetitions = COMP,
			     .cand_start = cand_start, .feat_start = feat_start, .feat = feat,
			     .weight = weight, .winner = winner };
	int rounds = mm_fit(&d, 2000, 1e-9, gamma);
	assert_true(rounds > 2 && rounds < 2000);
	assert_true(fabs(gamma[1] / gamma[0] - 4.0) < 0.4);
	assert_true(fabs(gamma[2] / gamma[0] - 0.25) < 0.04);
	assert_true(fabs(gamma[4] / gamma[3] - 3.0) < 0.3);
	/* the fit is a maximum: moving a gamma lowers the likelihood */
	double best = mm_log_likelihood(&d, gamma);
	gamma[1] *= 1.1;
	assert_true(mm_log_likelihood(&d, gamma) < best);
	free(cand_start);
	free(feat_start);
	free(winner);
	free(feat);
	free(weight);
}

/* Three competitions built one team of one feature per candidate: the
 * winner strongest (a hit), tied with a merged copy of itself (half a
 * hit) and beaten (none); competitions added after a mark are taken back
 * by the rewind, and those added after it take their place. */
static void test_mm_top1_and_rewind(void **state)
{
	static const int group[3] = { 0, 0, 0 };
	const double gamma[3] = { 4.0, 1.0, 0.5 };
	struct mm_builder bd = { 0 };
	struct mm_team strongest[2] = { { { 0 }, 1, true }, { { 1 }, 1, false } };
	struct mm_team tied[3] = { { { 1 }, 1, true }, { { 1 }, 1, false }, { { 2 }, 1, false } };
	struct mm_team beaten[2] = { { { 2 }, 1, true }, { { 0 }, 1, false } };

	(void)state;
	mm_builder_add(&bd, strongest, 2);
	struct mm_builder_mark mark = mm_builder_mark(&bd);
	mm_builder_add(&bd, strongest, 2);
	mm_builder_add(&bd, strongest, 2);
	mm_builder_rewind(&bd, mark);
	assert_int_equal(bd.ncomp, 1);
	mm_builder_add(&bd, tied, 3);
	mm_builder_add(&bd, beaten, 2);
	struct mm_data d = mm_builder_data(&bd, 3, group, 1);
	assert_int_equal(d.ncompetitions, 3);
	assert_int_equal(d.cand_start[3], 6); /* the tie's two copies are one candidate */
	assert_true(fabs(mm_top1(&d, gamma) - 0.5) < 1e-12);
	mm_builder_free(&bd);
}

/* Two short 9x9 records: the fit runs, is the same twice, finds the played
 * moves' features stronger than the average, and looks keys up. */
static void test_learner(void **state)
{
	static const char *const lines[] = {
		"9 E5 C5 D4 D5 E4 G3 C6 B6 D6 C4 C3 B3 D3 B5 E6 G5 G4 H4 F3 H3 G2 H2 ; 1",
		"9 C3 G7 C7 G3 E5 D6 E6 D7 E7 D5 D4 E4 F4 E3 F3 pass C5 ; 0",
		"9 D4 F6 pass ; 0.5",
	};
	struct go_learn_games g = { 0 };
	struct go_learn_report rep;
	struct go_gamma *t1, *t2;
	size_t n1, n2;
	char why[80];

	(void)state;
	for (size_t i = 0; i < sizeof(lines) / sizeof(*lines); i++)
		assert_int_equal(go_learn_add_line(lines[i], &g, why, sizeof(why)), 0);
	assert_int_equal(go_learn_add_line("nine E5 ; 1", &g, why, sizeof(why)), -1);
	assert_int_equal(go_learn_fit(&g, 1, 0, 30, &t1, &n1, &rep), 0);
	assert_int_equal(go_learn_fit(&g, 1, 0, 30, &t2, &n2, &rep), 0);
	assert_int_equal(n1, n2);
	assert_memory_equal(t1, t2, n1 * sizeof(*t1));
	assert_int_equal(rep.train_positions, 22 + 17 + 3);
	assert_true(rep.log_likelihood > -log(81.0)); /* better than uniform */
	for (size_t i = 1; i < n1; i++)
		assert_true(t1[i - 1].key < t1[i].key);
	struct go_gamma_index ix;
	go_gamma_index_build(&ix, t1, n1);
	for (size_t i = 0; i < n1; i++)
		assert_true(go_gamma_of(&ix, t1[i].key) == t1[i].gamma);
	assert_true(go_gamma_of(&ix, UINT64_C(0x0123456789abcdef)) == 1);
	go_gamma_index_free(&ix);
	free(t1);
	free(t2);
	/* an illegal move in a record is an error */
	assert_int_equal(go_learn_add_line("9 E5 E5 ; 1", &g, why, sizeof(why)), 0);
	assert_int_equal(go_learn_fit(&g, 1, 0, 5, &t1, &n1, &rep), -1);
	assert_null(t1);
	go_learn_games_free(&g);
}

/* The shipped tables learned what every strong player knows: saving a
 * string by extending it to safety, and taking a string that saves one,
 * are good; filling one's own liberties into atari is bad. */
static void check_shipped_table(const struct go_gamma_index *ix)
{
	assert_true(go_gamma_of(ix, go_feature_key(GO_FG_ESCAPE, GO_ESCAPE_SAFE)) > 5);
	assert_true(go_gamma_of(ix, go_feature_key(GO_FG_CAPTURE, GO_CAPTURE_SAVES)) > 5);
	assert_true(go_gamma_of(ix, go_feature_key(GO_FG_SELF_ATARI, 2)) < 0.5);
	assert_true(go_gamma_of(ix, go_feature_key(GO_FG_ESCAPE, GO_ESCAPE_LADDER)) <
		    go_gamma_of(ix, go_feature_key(GO_FG_ESCAPE, GO_ESCAPE_TWO)));
	/* nearer the last move is likelier */
	assert_true(go_gamma_of(ix, go_feature_key(GO_FG_DIST_LAST, 2)) >
		    go_gamma_of(ix, go_feature_key(GO_FG_DIST_LAST, GO_DIST_FAR)));
}

static void test_shipped_table(void **state)
{
	(void)state;
	check_shipped_table(go_shipped_gammas(false));
	check_shipped_table(go_shipped_gammas(true));
	assert_ptr_not_equal(go_shipped_gammas(true), go_shipped_gammas(false));
	/* the search reads the small table below 13x13 when it is on, else
	 * the large one everywhere */
	assert_ptr_equal(go_learned_gammas(GO_GAMMAS_SMALL_BELOW), go_shipped_gammas(false));
	assert_ptr_equal(go_learned_gammas(25), go_shipped_gammas(false));
	assert_ptr_equal(go_learned_gammas(GO_GAMMAS_SMALL_BELOW - 1),
			 go_shipped_gammas(GO_GAMMAS_SMALL_ON));
	assert_ptr_equal(go_learned_gammas(5), go_shipped_gammas(GO_GAMMAS_SMALL_ON));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symmetry_and_colours),
		cmocka_unit_test(test_tactics_reference),
		cmocka_unit_test(test_distances),
		cmocka_unit_test(test_shape_keys),
		cmocka_unit_test(test_mm_recovers),
		cmocka_unit_test(test_mm_top1_and_rewind),
		cmocka_unit_test(test_learner),
		cmocka_unit_test(test_shipped_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
