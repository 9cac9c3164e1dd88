/* Unit tests of the Mastermind codebreaker: the precomputed books (every
 * secret walked through), the seed variant's 3,024 secrets solved by
 * `hard` (the optimum: 10898 guesses, 3.6038 on average, at most 5),
 * classic's 1,296 by `medium` (minimax's book: at most 5, 5626 in all),
 * Knuth's minimax off the books, the random level's consistency, play off
 * the book, budgets, the stop flag and huge variants. Fixed seeds and node
 * budgets only. (The solver against brute force: test_mastermind_solve.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/mastermind/mastermind.h"
#include "games/mastermind/mastermind_book.h"
#include "games/mastermind/mastermind_solve.h"

#define ERRLEN 256
#define DIGITS_OPTIMUM 10898 /* exact search: the seed variant's optimum */
#define CLASSIC_OPTIMUM 5625 /* Koyama & Lai 1993: 4.340 */
#define CLASSIC_MINIMAX 5626 /* the least total within 5 guesses (Koyama & Lai) */
#define BULLS_OPTIMUM 26274  /* 5.2131: Tanaka 1996, proven again by mastermind_gen */

static const struct mm_variant DIGITS = { 4, 9, false, 10, MM_POSITIONAL };
static const struct mm_variant CLASSIC = { 4, 6, true, 10, MM_COUNTS };

static const struct game_level EASY = { .name = "easy", .algorithm = "random" };
static const struct game_level MEDIUM = { .name = "medium", .algorithm = "minimax" };
static const struct game_level HARD = { .name = "hard", .algorithm = "optimal" };

static struct mm_code *all_codes(const struct mm_variant *v, int *n)
{
	struct mm_code *all = mm_all_codes(v, 1u << 20, n);

	assert_non_null(all);
	return all;
}

/* ---- the books ---- */

/* Guesses the book needs for secret; fails the test if it leaves the book. */
static int book_play(const struct mm_book *b, const struct mm_code *secret)
{
	int node = 0;

	for (int depth = 1; depth <= b->depth; depth++) {
		struct mm_code g;
		mm_code_from_number(&b->v, b->nodes[node].guess, &g);
		assert_true(mm_code_valid(&b->v, &g));
		int fb = mm_feedback(&b->v, secret, &g), next = -1;
		if (fb == mm_fb_win(&b->v))
			return depth;
		for (int e = b->nodes[node].first; e < b->nodes[node].first + b->nodes[node].nedges; e++)
			if (b->edges[e].fb == fb)
				next = b->edges[e].child;
		assert_true(next > 0 && next < b->nnodes);
		node = next;
	}
	fail_msg("the book does not solve a code within its depth");
	return 0;
}

static void test_books(void **state)
{
	(void)state;
	assert_int_equal(mm_nbooks, 6);
	for (int i = 0; i < mm_nbooks; i++) {
		const struct mm_book *b = &mm_books[i];
		int n, worst = 0;
		long total = 0;
		struct mm_code *all = all_codes(&b->v, &n);
		for (int k = 0; k < n; k++) {
			int d = book_play(b, &all[k]);
			total += d;
			worst = d > worst ? d : worst;
		}
		assert_int_equal(total, b->total);
		assert_int_equal(worst, b->depth);
		assert_true(mm_book_find(&b->v, b->goal) == b);
		printf("# book %s %s: %ld guesses for %d secrets, average %.4f, worst %d\n",
		       b->name, b->goal == MM_GOAL_AVERAGE ? "average" : "minimax", total, n, (double)total / n, worst);
		free(all);
	}
	assert_int_equal(mm_book_find(&DIGITS, MM_GOAL_AVERAGE)->total, DIGITS_OPTIMUM);
	assert_int_equal(mm_book_find(&DIGITS, MM_GOAL_AVERAGE)->depth, 5);
	assert_int_equal(mm_book_find(&DIGITS, MM_GOAL_MINIMAX)->depth, 5);
	assert_int_equal(mm_book_find(&CLASSIC, MM_GOAL_AVERAGE)->total, CLASSIC_OPTIMUM);
	assert_int_equal(mm_book_find(&CLASSIC, MM_GOAL_AVERAGE)->depth, 6);
	assert_int_equal(mm_book_find(&CLASSIC, MM_GOAL_MINIMAX)->total, CLASSIC_MINIMAX);
	assert_int_equal(mm_book_find(&CLASSIC, MM_GOAL_MINIMAX)->depth, 5);
	const struct mm_book *bulls = mm_book_find(&mm_preset_find("bulls")->v, MM_GOAL_AVERAGE);
	assert_int_equal(bulls->total, BULLS_OPTIMUM);
	assert_int_equal(bulls->depth, 7);
	assert_int_equal(mm_book_find(&bulls->v, MM_GOAL_MINIMAX)->total, BULLS_OPTIMUM);
	assert_int_equal(mm_book_find(&bulls->v, MM_GOAL_MINIMAX)->depth, 7);
	/* A variant with too few tries for the book has none: 5 tries fit
	 * classic's minimax book, not its average book. */
	struct mm_variant short_tries = CLASSIC;
	short_tries.tries = 5;
	assert_null(mm_book_find(&short_tries, MM_GOAL_AVERAGE));
	assert_non_null(mm_book_find(&short_tries, MM_GOAL_MINIMAX));
	short_tries.tries = 4;
	assert_null(mm_book_find(&short_tries, MM_GOAL_MINIMAX));
}

/* ---- whole games through the game interface ---- */

/* Break secret as the engine at level (setcode, then genmove until the
 * end); returns the tries, or 0 when not solved. */
static int break_code(struct mm_game *mg, const struct mm_code *secret,
		      const struct game_level *level, int *moves)
{
	struct game_budget budget = { .level = level };
	char err[ERRLEN];
	int move;

	mastermind_ops.clear(&mg->base);
	assert_int_equal(mm_set_secret(mg, secret, err, sizeof(err)), 0);
	while (!mm_is_over(mg)) {
		if (mastermind_ops.genmove(&mg->base, COLOR_BLACK, &budget, &move, err,
					   sizeof(err)) < 0)
			fail_msg("genmove: %s", err);
		if (moves)
			moves[mg->ntries - 1] = move;
	}
	return mm_solved(mg) ? mg->ntries : 0;
}

static void test_hard_solves_every_digits_secret(void **state)
{
	struct mm_game *mg = mm_of(mastermind_ops.create(1));
	int n, worst = 0, hist[11] = { 0 };
	long total = 0;
	struct mm_code *all = all_codes(&DIGITS, &n);

	(void)state;
	assert_int_equal(n, 3024);
	for (int i = 0; i < n; i++) {
		int tries = break_code(mg, &all[i], &HARD, NULL);
		assert_true(tries >= 1 && tries <= 10);
		total += tries;
		hist[tries]++;
		worst = tries > worst ? tries : worst;
	}
	printf("# hard, digits: 3024 secrets, %ld guesses, average %.4f, worst %d "
	       "(1:%d 2:%d 3:%d 4:%d 5:%d)\n", total, (double)total / n, worst, hist[1],
	       hist[2], hist[3], hist[4], hist[5]);
	assert_int_equal(total, DIGITS_OPTIMUM);
	assert_int_equal(worst, 5);
	free(all);
	mastermind_ops.destroy(&mg->base);
}

/* medium (minimax) on classic plays the minimax book: every secret in 5
 * guesses or fewer, 5626 in all, the least total among such strategies. */
static void test_minimax_classic(void **state)
{
	struct mm_game *mg = mm_of(mastermind_ops.create(1));
	char err[ERRLEN];
	int n, worst = 0;
	long total = 0;
	struct mm_code *all = all_codes(&CLASSIC, &n);

	(void)state;
	assert_int_equal(mastermind_ops.set_option(&mg->base, "variant", "classic", err,
						   sizeof(err)), 0);
	for (int i = 0; i < n; i++) {
		int tries = break_code(mg, &all[i], &MEDIUM, NULL);
		assert_true(tries >= 1 && tries <= 5);
		total += tries;
		worst = tries > worst ? tries : worst;
	}
	assert_int_equal(worst, 5);
	assert_int_equal(total, CLASSIC_MINIMAX);
	free(all);
	mastermind_ops.destroy(&mg->base);
}

/* Off the books (classic with 4 tries: no book fits), minimax is Knuth's
 * rule, whose first guess is 1122. */
static void test_knuth_off_the_books(void **state)
{
	struct mm_game *mg = mm_of(mastermind_ops.create(1));
	struct mm_variant four = CLASSIC;
	struct game_budget budget = { .level = &MEDIUM };
	struct strbuf first = STRBUF_INIT;
	char err[ERRLEN];
	int move;

	(void)state;
	four.tries = 4;
	mm_set_variant(mg, &four);
	assert_int_equal(mastermind_ops.genmove(&mg->base, COLOR_BLACK, &budget, &move, err,
						sizeof(err)), 0);
	mastermind_ops.print_move(&mg->base, move, &first);
	assert_string_equal(sb_str(&first), "1122");
	sb_free(&first);
	mastermind_ops.destroy(&mg->base);
}

static bool consistent_with_answers(const struct mm_game *mg, const struct mm_code *c, int n)
{
	for (int i = 0; i < n; i++)
		if (mm_feedback(&mg->v, c, &mg->tries[i].guess) != mg->tries[i].fb)
			return false;
	return true;
}

static void test_random_is_consistent_and_seeded(void **state)
{
	struct mm_game *a = mm_of(mastermind_ops.create(42));
	struct mm_game *b = mm_of(mastermind_ops.create(42));
	int ma[10], mb[10], n;
	struct mm_code *all = all_codes(&DIGITS, &n);

	(void)state;
	for (int game = 0; game < 30; game++) {
		const struct mm_code *secret = &all[game * 97 % n];
		int ta = break_code(a, secret, &EASY, ma), tb = break_code(b, secret, &EASY, mb);
		assert_int_equal(ta, tb);
		assert_memory_equal(ma, mb, (size_t)a->ntries * sizeof(int));
		for (int i = 0; i < a->ntries; i++)
			assert_true(consistent_with_answers(a, &a->tries[i].guess, i));
		assert_true(ta >= 1);
	}
	free(all);
	mastermind_ops.destroy(&a->base);
	mastermind_ops.destroy(&b->base);
}

static void test_hard_off_the_book(void **state)
{
	struct mm_game *mg = mm_of(mastermind_ops.create(3));
	char err[ERRLEN];
	int worst = 0;
	long total = 0;

	(void)state;
	/* A person guessed 5678 first: the book starts with 1234, so the
	 * engine searches (node budget: reproducible). */
	for (int i = 0; i < 40; i++) {
		struct mm_code secret = { { (uint8_t)(i % 9), (uint8_t)((i + 3) % 9),
					    (uint8_t)((i + 5) % 9), (uint8_t)((i * 7 + 1) % 9) } };
		if (!mm_code_valid(&DIGITS, &secret))
			continue;
		struct game_budget budget = { .level = &HARD };
		int move, runs[2][10], n = 0;
		for (int run = 0; run < 2; run++) {
			mastermind_ops.clear(&mg->base);
			mm_set_secret(mg, &secret, err, sizeof(err));
			mm_try_code(mg, &(struct mm_code){ { 4, 5, 6, 7 } }, err, sizeof(err));
			while (!mm_is_over(mg)) {
				assert_int_equal(mastermind_ops.genmove(&mg->base, COLOR_BLACK, &budget,
									&move, err, sizeof(err)), 0);
				runs[run][mg->ntries - 1] = move;
			}
			assert_true(mm_solved(mg));
			n = mg->ntries;
		}
		assert_memory_equal(runs[0] + 1, runs[1] + 1, (size_t)(n - 1) * sizeof(int));
		total += n;
		worst = n > worst ? n : worst;
	}
	assert_true(worst <= 6);
	printf("# hard off the book (first guess 5678): worst %d\n", worst);
	mastermind_ops.destroy(&mg->base);
}

static void test_budgets(void **state)
{
	struct mm_game *mg = mm_of(mastermind_ops.create(9));
	struct game_level tiny = HARD;
	atomic_bool stop;
	char err[ERRLEN];
	int move;

	(void)state;
	tiny.nodes = 1;
	atomic_init(&stop, true);
	mm_set_secret(mg, &(struct mm_code){ { 8, 7, 6, 5 } }, err, sizeof(err));
	mm_try_code(mg, &(struct mm_code){ { 4, 5, 6, 7 } }, err, sizeof(err));
	/* One node finds no consistent code: a precise error, no try made. */
	struct game_budget one = { .level = &tiny };
	assert_int_equal(mastermind_ops.genmove(&mg->base, COLOR_BLACK, &one, &move, err,
						sizeof(err)), -1);
	assert_string_equal(err, "no code found within the budget");
	assert_int_equal(mg->ntries, 1);
	tiny.nodes = 100; /* a few consistent codes found: one of them */
	const struct game_budget budgets[] = {
		{ .level = &tiny }, { .level = &HARD, .stop = &stop },
		{ .level = &MEDIUM, .stop = &stop }, { .level = &EASY, .stop = &stop },
		{ .level = NULL },
	};
	for (size_t i = 0; i < sizeof(budgets) / sizeof(budgets[0]); i++) {
		struct mm_game *copy = mm_of(mastermind_ops.copy(&mg->base));
		assert_int_equal(mastermind_ops.genmove(&copy->base, COLOR_BLACK, &budgets[i],
							&move, err, sizeof(err)), 0);
		bool valid = mm_code_valid(&copy->v, &copy->tries[1].guess);
		/* random guesses a consistent code; the others need not */
		bool fits = consistent_with_answers(copy, &copy->tries[1].guess, 1);
		bool randomly = !budgets[i].level || budgets[i].level == &EASY || i == 0;
		mastermind_ops.destroy(&copy->base);
		assert_true(valid);
		assert_true(fits || !randomly);
	}
	mastermind_ops.destroy(&mg->base);
}

/* Listing the consistent codes counts against the budget: 8 pegs of 10
 * colours once listed up to 2^21 of 10^8 codes whatever the budget (the
 * fuzz finding: 28 s). 01234567 answered "0 0" leaves the 256 codes of 8s
 * and 9s; the first is 9 nodes deep (the root, a node per peg), all 256
 * are 511. */
static void test_budget_bounds_the_listing(void **state)
{
	static const struct mm_variant big = { 8, 10, true, 99, MM_COUNTS };
	struct mm_game *mg = mm_of(mastermind_ops.create(3));
	struct game_level level = EASY;
	struct game_budget budget = { .level = &level };
	struct mm_ai_stats stats;
	struct mm_code guess, first = { { 8, 8, 8, 8, 8, 8, 8, 8 } };
	char err[ERRLEN];
	int move;

	(void)state;
	mm_set_variant(mg, &big);
	mg->breaker = true;
	assert_int_equal(mm_try_code(mg, &(struct mm_code){ { 0, 1, 2, 3, 4, 5, 6, 7 } }, err,
				     sizeof(err)), 0);
	assert_int_equal(mm_give_feedback(mg, 0, err, sizeof(err)), 0);
	/* 8 nodes find no code: a precise error, and no try made. */
	level.nodes = 8;
	assert_int_equal(mastermind_ops.genmove(&mg->base, COLOR_BLACK, &budget, &move, err,
						sizeof(err)), -1);
	assert_string_equal(err, "no code found within the budget");
	assert_int_equal(mg->ntries, 1);
	/* 9 find the first, and only it: the guess (one node past the cap
	 * ends the search). */
	level.nodes = 9;
	assert_int_equal(mm_choose_guess(mg, &budget, &guess, &stats, err, sizeof(err)), 0);
	assert_memory_equal(&guess, &first, sizeof(guess));
	assert_true(stats.partial);
	assert_int_equal(stats.nodes, 10);
	/* 510 find 255 of them: a guess among those; 511 list all. */
	level.nodes = 510;
	assert_int_equal(mm_choose_guess(mg, &budget, &guess, &stats, err, sizeof(err)), 0);
	assert_true(stats.partial);
	assert_int_equal(stats.nodes, 511);
	assert_true(consistent_with_answers(mg, &guess, 1));
	const struct game_level *levels[] = { &EASY, &MEDIUM, &HARD };
	for (int l = 0; l < 3; l++) {
		level = *levels[l];
		level.nodes = 511;
		assert_int_equal(mm_choose_guess(mg, &budget, &guess, &stats, err, sizeof(err)), 0);
		assert_false(stats.partial);
		assert_true(stats.nodes >= 511);
		assert_true(mm_code_valid(&big, &guess));
	}
	mastermind_ops.destroy(&mg->base);
}

static void test_level_algorithm(void **state)
{
	struct game_level l = { .name = "hard" };

	(void)state;
	assert_int_equal(mm_level_algorithm(NULL), MM_ALGO_RANDOM);
	assert_int_equal(mm_level_algorithm(&l), MM_ALGO_OPTIMAL);
	snprintf(l.name, sizeof(l.name), "medium");
	assert_int_equal(mm_level_algorithm(&l), MM_ALGO_MINIMAX);
	snprintf(l.name, sizeof(l.name), "mine");
	assert_int_equal(mm_level_algorithm(&l), MM_ALGO_RANDOM);
	snprintf(l.algorithm, sizeof(l.algorithm), "optimal");
	assert_int_equal(mm_level_algorithm(&l), MM_ALGO_OPTIMAL);
	for (int i = 0; mastermind_ops.algorithms[i].name; i++) {
		snprintf(l.algorithm, sizeof(l.algorithm), "%s", mastermind_ops.algorithms[i].name);
		assert_int_equal(mm_level_algorithm(&l), i);
	}
}

/* Variants with no book: every level breaks the code within the tries. */
static void test_other_variants(void **state)
{
	static const struct mm_variant vs[] = {
		{ 5, 8, true, 12, MM_COUNTS },      /* 32768 codes */
		{ 3, 10, false, 10, MM_POSITIONAL },
		{ 8, 10, true, 40, MM_POSITIONAL }, /* 10^8 codes: sampled */
		{ 6, 4, true, 12, MM_COUNTS },
	};
	const struct game_level *levels[] = { &EASY, &MEDIUM, &HARD };
	struct mm_game *mg = mm_of(mastermind_ops.create(5));

	(void)state;
	for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++) {
		mm_set_variant(mg, &vs[i]);
		for (int l = 0; l < 3; l++) {
			struct mm_code secret = mg->secret;
			int tries = break_code(mg, &secret, levels[l], NULL);
			assert_true(tries >= 1);
			for (int k = 0; k < mg->ntries; k++)
				assert_true(mm_code_valid(&mg->v, &mg->tries[k].guess));
		}
	}
	mastermind_ops.destroy(&mg->base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_books),
		cmocka_unit_test(test_hard_solves_every_digits_secret),
		cmocka_unit_test(test_minimax_classic),
		cmocka_unit_test(test_knuth_off_the_books),
		cmocka_unit_test(test_random_is_consistent_and_seeded),
		cmocka_unit_test(test_hard_off_the_book),
		cmocka_unit_test(test_budgets),
		cmocka_unit_test(test_budget_bounds_the_listing),
		cmocka_unit_test(test_level_algorithm),
		cmocka_unit_test(test_other_variants),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
