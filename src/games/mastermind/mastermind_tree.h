/* Decision-tree files: a Mastermind strategy as text, one line per node,
 * written by the solver tool (mastermind_gen solve) and read by the book
 * generator (mastermind_gen book), which compiles them into
 * mastermind_book.c. tools/mastermind_check.c reads the same format with a
 * parser of its own.
 *
 *   # a comment (lines starting with #, and blank lines, are skipped)
 *   variant bulls pegs 4 colors 10 repeats no tries 10 feedback counts
 *   goal average
 *   secrets 5040 total 26274 worst 7
 *   method exact search: no strategy totals less
 *   nodes 5227
 *   . 0123
 *   00 4567
 *   00/01 5489
 *   ...
 *
 * The header comes first, one key per line, in this order: variant (as
 * the protocol's `variant` command prints it), goal (average: the least
 * total; minimax: the least worst case, then the least total), secrets,
 * total and worst (the figures the tree claims: codes, guesses summed over
 * all of them, most guesses any needs), method (free text to the end of
 * the line), nodes (how many node lines follow).
 *
 * A node line is its path, a space, and its guess in the protocol's code
 * text. The path is the answers that lead from the first guess to the
 * node, separated by '/', or '.' for the first guess itself. An answer is
 * written without spaces: counts as two digits (right place, then right
 * colour in the wrong place: "12"), positional answers as the protocol
 * writes them ("X-O-"). The winning answer leads to no node. Nodes come in
 * preorder, a node's children in ascending order of their answer's text.
 *
 * The reader is bounded by the file: lines of at most MM_TREE_LINE bytes,
 * at most `nodes` node lines, paths no deeper than the variant's tries. */
#ifndef QUINTET_MASTERMIND_TREE_H
#define QUINTET_MASTERMIND_TREE_H

#include <stdbool.h>
#include <stdio.h>

#include "games/mastermind/mastermind.h"

#define MM_TREE_LINE 1024
#define MM_TREE_METHOD 200

/* A tree as the book stores it: node 0 the first guess, each node's edges
 * in a block. */
struct mm_tree_file {
	char name[32];                /* the variant's name (a preset, or custom) */
	struct mm_variant v;          /* the variant */
	enum mm_goal goal;            /* what the tree is best at */
	long secrets, total;          /* claimed: codes, guesses summed */
	int worst;                    /* claimed: most guesses */
	char method[MM_TREE_METHOD];  /* how it was made */
	int nnodes, nedges;           /* nodes; edges (nnodes - 1) */
	int *guess;                   /* per node: the guess, a move number */
	int *first, *count;           /* per node: its first edge, how many */
	int *edge_fb, *edge_child;    /* per edge: the answer, the node it leads to */
};

/* The goal's name in files and the protocol ("average", "minimax"). */
const char *mm_goal_name(enum mm_goal goal);

/* An answer as a tree file writes it, into text (room for MM_MAX_PEGS + 1). */
void mm_tree_answer_text(const struct mm_variant *v, int fb, char *text);

/* Write a tree: the header, then the node lines from node 0 in preorder.
 * t's edges may come in any order. 0, or -1 on a write error. */
int mm_tree_write(FILE *f, const struct mm_tree_file *t);

/* Read a tree from f into t (free it with mm_tree_file_free, even on
 * failure). 0, or -1 with "LINE: reason" in err. */
int mm_tree_read(FILE *f, struct mm_tree_file *t, char *err, size_t errlen);

void mm_tree_file_free(struct mm_tree_file *t);

#endif
