/* The expected-guesses search: given the codes still possible (S) and the
 * codes that may be guessed (G), find the guess that minimises the total
 * number of guesses needed to solve every code of S (the sum of the depths
 * at which each code is found, the last guess included) — so the average
 * is total / |S|.
 *
 * Branch and bound over the game tree, with a memo of solved sets (keyed
 * by a Zobrist hash of the set), a lower bound from the number of
 * possible answers, symmetry reduction (colours never guessed are
 * interchangeable; permutations of positions and colours that fix every
 * earlier guess and answer), and answers read from a |G| x |S| table.
 * width 0 searches every guess (exact); width W > 0 examines only the W
 * guesses with the best bound at each node (near-optimal, much faster).
 *
 * max_depth caps the guesses any code may need (a worst case): the search
 * then finds the least total among the strategies within the cap, and
 * mm_solver_min_depth finds the least cap any strategy meets (a search for
 * a strategy, not its total: every guess at a node is refuted by one class
 * the depth left cannot solve). A set of n codes cannot be solved within d
 * guesses when n > 1 + K + K^2 + ... + K^(d-1), K the most answers other
 * than the win one guess gives.
 *
 * Used by the AI (genmove off the book, with a node budget) and by the
 * solver tool (mastermind_gen.c, no budget), which writes the trees. */
#ifndef QUINTET_MASTERMIND_SOLVE_H
#define QUINTET_MASTERMIND_SOLVE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "games/mastermind/mastermind.h"

struct mm_solver_config {
	const struct mm_variant *v;     /* the variant */
	const struct mm_code *guesses;  /* G: codes that may be guessed */
	int ng;                         /* |G| */
	const struct mm_code *secrets;  /* S: the codes still possible */
	int ns;                         /* |S|, at least 1 */
	const struct mm_try *history;   /* answered tries that led to S */
	int nhistory;                   /* how many */
	int width;                      /* guesses examined per node; 0 = all */
	int top_width;                  /* ... at the nodes above top_depth */
	int top_depth;                  /* 1: the root only, 2: root and children */
	uint64_t max_nodes;             /* answer look-ups allowed; 0 = no limit */
	atomic_bool *stop;              /* answer now when set; or NULL */
	double deadline;                /* CLOCK_MONOTONIC seconds; 0 = none */
	int memo_bits;                  /* log2 of memo entries (10..27) */
	int max_depth;                  /* guesses any code may need; 0 = no limit */
	FILE *trace;                    /* progress of the top trace_depth levels, or NULL */
	int trace_depth;                /* 1: the root's guesses and classes, 2: ... */
	bool small_first;               /* search the root's classes smallest first */
};

struct mm_solver;

/* A solver for cfg (which must outlive it: its arrays are not copied). */
struct mm_solver *mm_solver_new(const struct mm_solver_config *cfg);

void mm_solver_free(struct mm_solver *s);

/* Search S. Returns the total number of guesses of the best strategy
 * found and its first guess (an index into G) in *guess. When the budget
 * (nodes, stop, deadline) ran out first, the result is the best complete
 * evaluation so far, or the guess with the best bound, and
 * mm_solver_exhausted tells so. */
long mm_solver_solve(struct mm_solver *s, int *guess);

bool mm_solver_exhausted(const struct mm_solver *s);

/* The value mm_solver_solve returns when no strategy meets max_depth. */
#define MM_SOLVER_INFEASIBLE (1L << 40)

/* The least worst case (guesses) of any strategy for S, proven by showing
 * that one fewer admits none; -1 when the budget ran out. Does not change
 * the solver's max_depth. */
int mm_solver_min_depth(struct mm_solver *s);

/* Cap the guesses any code may need from now on (0: no limit); the memo
 * is kept (its entries are per depth left). */
void mm_solver_set_max_depth(struct mm_solver *s, int max_depth);

/* Answer look-ups spent so far (the AI's node count). */
uint64_t mm_solver_nodes(const struct mm_solver *s);

/* A whole strategy: node 0 is the root; each node has a guess (an index
 * into G) and, for each answer other than the win, an edge to the node
 * that follows. */
struct mm_tree_edge {
	int fb;    /* the answer */
	int child; /* the next node */
};

struct mm_tree_node {
	int guess;  /* index into G */
	int first;  /* first edge */
	int nedges; /* edges */
	int size;   /* codes of S reaching this node */
};

struct mm_tree {
	struct mm_tree_node *nodes; /* malloc'd */
	int nnodes;
	struct mm_tree_edge *edges; /* malloc'd */
	int nedges;
	long total;                 /* sum over S of the guesses needed */
	int depth;                  /* most guesses any code needs */
};

/* Solve (if not done) and write out the best strategy for S; 0, or -1
 * when the budget ran out. Free with mm_tree_free. */
int mm_solver_tree(struct mm_solver *s, struct mm_tree *tree);

void mm_tree_free(struct mm_tree *tree);

/* All valid codes of v in ascending order (malloc'd, *n set), or NULL when
 * there are more than max. */
struct mm_code *mm_all_codes(const struct mm_variant *v, size_t max, int *n);

/* The largest number of answers other than the win that one guess can
 * give in v (for the lower bound). */
int mm_max_answers(const struct mm_variant *v);

#endif
