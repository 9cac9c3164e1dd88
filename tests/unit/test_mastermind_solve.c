/* Unit tests of the exact solver (mastermind_solve.c) against brute force
 * on variants small enough for it: 3 pegs of 4 colours and 2 pegs of 6,
 * with and without repeats, answers as counts and positional, and a few
 * others (6 pegs of 2 colours: more answers than the solver's blocks take). For each: the least total, the least worst case and the
 * least total within that worst case. The brute force tries every guess
 * at every node, with no symmetry and no bounds, and remembers sets (bit
 * sets of at most 64 codes) per depth left. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/mastermind/mastermind.h"
#include "games/mastermind/mastermind_solve.h"

#define BRUTE_SLOTS (1u << 20)
#define NO_LIMIT 99          /* depth left meaning none */
#define INFEASIBLE (1L << 40)

struct brute {
	const struct mm_variant *v;
	const struct mm_code *guesses; /* G: every code */
	int ng;
	const struct mm_code *codes;   /* S: the secrets, at most 64 */
	int n;
	uint64_t *keys;  /* the set; 0 = free */
	int *depths;     /* with the depth left */
	long *values;    /* its least total, or INFEASIBLE */
};

static long brute_total(struct brute *b, uint64_t set, int depth);

/* The total of guessing g first on set, depth guesses left. */
static long brute_guess(struct brute *b, uint64_t set, int depth, const struct mm_code *g)
{
	uint64_t part[729] = { 0 }; /* 3^6: positional answers of up to 6 pegs */
	int nparts = 0, win = mm_fb_win(b->v);
	long total = __builtin_popcountll(set);

	for (int s = 0; s < b->n; s++)
		if ((set >> s) & 1) {
			int f = mm_feedback(b->v, &b->codes[s], g);
			nparts += part[f] == 0;
			part[f] |= 1ULL << s;
		}
	if (nparts == 1 && !part[win])
		return INFEASIBLE; /* learns nothing */
	for (int f = 0; f < mm_fb_range(b->v) && total < INFEASIBLE; f++)
		if (part[f] && f != win)
			total += brute_total(b, part[f], depth == NO_LIMIT ? depth : depth - 1);
	return total;
}

static long brute_total(struct brute *b, uint64_t set, int depth)
{
	size_t slot = (size_t)(((set ^ (uint64_t)depth) * 0x9e3779b97f4a7c15ULL) >> 44);

	if (depth == 0)
		return INFEASIBLE;
	if (__builtin_popcountll(set) == 1)
		return 1;
	while (b->keys[slot] && (b->keys[slot] != set || b->depths[slot] != depth))
		slot = (slot + 1) & (BRUTE_SLOTS - 1);
	if (b->keys[slot])
		return b->values[slot];
	long best = INFEASIBLE;
	for (int g = 0; g < b->ng; g++) {
		long total = brute_guess(b, set, depth, &b->guesses[g]);
		best = total < best ? total : best;
	}
	b->keys[slot] = set;
	b->depths[slot] = depth;
	b->values[slot] = best;
	return best;
}

struct figures {
	long total;       /* the least total */
	int worst;        /* the least worst case */
	long capped;      /* the least total within it */
};

/* The figures of the secrets codes (at most 64) with every code of
 * guesses (ng of them) allowed as a guess. */
static struct figures brute_figures(const struct mm_variant *v, const struct mm_code *guesses,
				    int ng, const struct mm_code *codes, int n)
{
	struct brute b = { .v = v, .guesses = guesses, .ng = ng, .codes = codes, .n = n };
	uint64_t all = n == 64 ? ~0ULL : (1ULL << n) - 1;
	struct figures f = { 0 };

	b.keys = calloc(BRUTE_SLOTS, sizeof(*b.keys));
	b.depths = calloc(BRUTE_SLOTS, sizeof(*b.depths));
	b.values = calloc(BRUTE_SLOTS, sizeof(*b.values));
	f.total = brute_total(&b, all, NO_LIMIT);
	for (f.worst = 1; (f.capped = brute_total(&b, all, f.worst)) >= INFEASIBLE; f.worst++)
		;
	free(b.keys);
	free(b.depths);
	free(b.values);
	return f;
}

/* The solver's figures, its trees checked against them; history (nh
 * tries) is what led to the secrets. */
static struct figures solver_figures(const struct mm_variant *v, const struct mm_code *guesses,
				     int ng, const struct mm_code *codes, int n,
				     const struct mm_try *history, int nh)
{
	struct mm_solver_config cfg = {
		.v = v, .guesses = guesses, .ng = ng, .secrets = codes, .ns = n,
		.history = history, .nhistory = nh, .memo_bits = 14,
	};
	struct mm_solver *s = mm_solver_new(&cfg);
	struct figures f;
	struct mm_tree t;
	int g;

	f.total = mm_solver_solve(s, &g);
	assert_int_equal(mm_solver_tree(s, &t), 0);
	assert_int_equal(t.total, f.total);
	mm_tree_free(&t);
	f.worst = mm_solver_min_depth(s);
	mm_solver_set_max_depth(s, f.worst - 1);
	assert_int_equal(mm_solver_solve(s, &g), MM_SOLVER_INFEASIBLE);
	mm_solver_set_max_depth(s, f.worst);
	f.capped = mm_solver_solve(s, &g);
	assert_int_equal(mm_solver_tree(s, &t), 0);
	assert_int_equal(t.total, f.capped);
	assert_int_equal(t.depth, f.worst);
	assert_false(mm_solver_exhausted(s));
	mm_tree_free(&t);
	mm_solver_free(s);
	return f;
}

static void test_solver_matches_brute_force(void **state)
{
	static const struct mm_variant vs[] = {
		{ 3, 4, true, 10, MM_COUNTS }, { 3, 4, true, 10, MM_POSITIONAL },
		{ 3, 4, false, 10, MM_COUNTS }, { 3, 4, false, 10, MM_POSITIONAL },
		{ 2, 6, true, 10, MM_COUNTS }, { 2, 6, true, 10, MM_POSITIONAL },
		{ 2, 6, false, 10, MM_COUNTS }, { 2, 6, false, 10, MM_POSITIONAL },
		{ 3, 3, true, 10, MM_COUNTS }, { 4, 2, true, 10, MM_COUNTS },
		{ 4, 2, true, 10, MM_POSITIONAL }, { 2, 8, true, 10, MM_COUNTS },
		/* 729 answers: the solver scores guess by guess, not by blocks */
		{ 6, 2, true, 10, MM_POSITIONAL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++) {
		int n;
		struct mm_code *codes = mm_all_codes(&vs[i], 64, &n);
		assert_non_null(codes);
		struct figures want = brute_figures(&vs[i], codes, n, codes, n);
		struct figures got = solver_figures(&vs[i], codes, n, codes, n, NULL, 0);
		printf("# %d pegs %d colours %s %s: %d codes, total %ld, worst %d, within it %ld\n",
		       vs[i].pegs, vs[i].colors, vs[i].repeats ? "repeats" : "no repeats",
		       vs[i].style == MM_COUNTS ? "counts" : "positional", n, want.total, want.worst,
		       want.capped);
		assert_int_equal(got.total, want.total);
		assert_int_equal(got.worst, want.worst);
		assert_int_equal(got.capped, want.capped);
		free(codes);
	}
}

/* After a first guess: the secrets its answer leaves (up to 64 of them),
 * every code a guess. The solver's symmetries must then fix the history
 * (the guess and its answer), which a whole space does not test. */
static void test_after_a_first_guess(void **state)
{
	static const struct mm_variant vs[] = {
		{ 3, 5, true, 10, MM_COUNTS }, { 3, 5, true, 10, MM_POSITIONAL },
		{ 4, 3, true, 10, MM_COUNTS }, { 4, 3, true, 10, MM_POSITIONAL },
		{ 3, 6, false, 10, MM_COUNTS }, { 3, 6, false, 10, MM_POSITIONAL },
	};
	static const uint8_t firsts[][4] = { { 0, 0, 1, 2 }, { 0, 0, 1, 1 } };
	int checked = 0, capped = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++) {
		int ng;
		struct mm_code *all = mm_all_codes(&vs[i], 1000, &ng);
		for (size_t k = 0; k < sizeof(firsts) / sizeof(firsts[0]); k++) {
			struct mm_try t = { .fb = 0 };
			memcpy(t.guess.d, firsts[k], (size_t)vs[i].pegs);
			if (!mm_code_valid(&vs[i], &t.guess))
				memcpy(t.guess.d, (uint8_t[]){ 0, 1, 2, 3 }, (size_t)vs[i].pegs);
			for (t.fb = 0; t.fb < mm_fb_range(&vs[i]); t.fb++) {
				struct mm_code *set;
				uint64_t n = mm_consistent_list(&vs[i], &t, 1, 64, &set, NULL, NULL,
								NULL);
				if (n >= 3 && n <= 64 && t.fb != mm_fb_win(&vs[i])) {
					struct figures want = brute_figures(&vs[i], all, ng, set, (int)n);
					struct figures got = solver_figures(&vs[i], all, ng, set, (int)n,
									    &t, 1);
					assert_int_equal(got.total, want.total);
					assert_int_equal(got.worst, want.worst);
					assert_int_equal(got.capped, want.capped);
					checked++;
					capped += want.capped > want.total;
				}
				free(set);
			}
		}
		free(all);
	}
	printf("# %d sets after a first guess agree with brute force (%d where the least "
	       "worst case costs guesses)\n", checked, capped);
	assert_true(checked >= 30);
}

/* A cap below what the code count allows is refused at once: 1 + K + K^2
 * codes at most within 3 guesses (K answers other than the win). */
static void test_capacity_bound(void **state)
{
	static const struct mm_variant classic = { 4, 6, true, 10, MM_COUNTS };
	int n;
	struct mm_code *codes = mm_all_codes(&classic, 2000, &n);

	(void)state;
	assert_int_equal(mm_max_answers(&classic), 13);
	struct mm_solver_config cfg = {
		.v = &classic, .guesses = codes, .ng = n, .secrets = codes, .ns = n,
		.memo_bits = 10, .max_depth = 3, .max_nodes = 1,
	};
	struct mm_solver *s = mm_solver_new(&cfg);
	int g;
	/* 1296 > 1 + 13 + 169: no look-up is needed to refuse. */
	assert_int_equal(mm_solver_solve(s, &g), MM_SOLVER_INFEASIBLE);
	assert_int_equal(mm_solver_nodes(s), 0);
	mm_solver_free(s);
	free(codes);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_solver_matches_brute_force),
		cmocka_unit_test(test_after_a_first_guess),
		cmocka_unit_test(test_capacity_bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
