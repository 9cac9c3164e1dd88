/* Precomputed strategies (decision trees) for the presets: two per preset,
 * the least total (optimal) and the least worst case (minimax), compiled by
 * `mastermind_gen book` from the tree files of src/games/mastermind/trees/
 * into mastermind_book.c. Node 0 is the first guess; after the answer to a
 * node's guess, the edge with that answer leads to the next node (the
 * winning answer has no edge). */
#ifndef QUINTET_MASTERMIND_BOOK_H
#define QUINTET_MASTERMIND_BOOK_H

#include <stdint.h>

#include "games/mastermind/mastermind.h"

struct mm_book_node {
	int32_t guess;   /* the guess as a move number */
	uint16_t first;  /* its first edge */
	uint16_t nedges; /* edges */
};

struct mm_book_edge {
	uint16_t fb;     /* an answer */
	uint16_t child;  /* the node that follows it */
};

struct mm_book {
	const char *name;                  /* the preset */
	enum mm_goal goal;                 /* what the tree is best at */
	struct mm_variant v;               /* its variant; any tries >= depth fit */
	const struct mm_book_node *nodes;  /* the tree */
	int nnodes;
	const struct mm_book_edge *edges;
	int nedges;
	long total;                        /* guesses summed over all secrets */
	int depth;                         /* most guesses any secret needs */
	const char *method;                /* how it was computed */
};

extern const struct mm_book mm_books[];
extern const int mm_nbooks;

/* The book for v with that goal (tries may differ, as long as the book
 * fits in them), or NULL. */
const struct mm_book *mm_book_find(const struct mm_variant *v, enum mm_goal goal);

/* Follow the book along the answered tries. Returns the book's next guess
 * (a move number), or -1 when a try left the book or there is none. */
int mm_book_next(const struct mm_book *b, const struct mm_variant *v,
		 const struct mm_try *tries, int n);

#endif
