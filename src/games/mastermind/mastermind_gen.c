/* mastermind_gen: the presets' strategies, proven, as decision-tree files
 * (mastermind_tree.h), and those files compiled into mastermind_book.c.
 *
 *   mastermind_gen solve [--goal average|minimax|both] [--width W[:TW:TD]]
 *                        [--memo-bits B] [--trace D] [--small-first]
 *                        [--out DIR] PRESET...
 *   mastermind_gen book TREE... > mastermind_book.c
 *
 * solve runs the expected-guesses search of mastermind_solve.c over every
 * code (G = S = the whole space) and prints one line per result:
 *   average: the least total any strategy reaches (the search is exact:
 *            every guess is tried up to symmetry, pruned only by admissible
 *            bounds), and that strategy's worst case;
 *   minimax: the least worst case D (a strategy within D, and none within
 *            D - 1), then the least total among strategies within D (the
 *            least-total tree itself when it is within D: a cap cannot
 *            lower the least total).
 * --out DIR writes DIR/PRESET-GOAL.tree for each. --width limits the
 * search to the W guesses with the best bound per node (TW in the TD
 * levels nearest the root): faster, no longer a proof, and the tree's
 * method line says so. --trace D prints the search's progress in the top
 * D levels on stderr (each class's bound, then its total as it is proven);
 * --small-first searches the root's classes smallest first, so that a run
 * cut short has proven the most classes (the sum of the root's guess, the
 * proven totals and the other classes' bounds is then a proven lower
 * bound).
 *
 * book writes the C tables of the trees given, in that order, for the
 * engine: `make mastermind-book`, checked by
 * tests/integration/mastermind_book.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/mastermind/mastermind.h"
#include "games/mastermind/mastermind_solve.h"
#include "games/mastermind/mastermind_tree.h"
#include "util/monotime.h"
#include "util/xalloc.h"

struct options {
	bool goals[2];       /* which goals to solve */
	int width, top_width, top_depth;
	int memo_bits;
	int trace;           /* levels traced, 0 none */
	bool small_first;    /* the root's classes smallest first */
	const char *out;     /* directory for tree files, or NULL */
};

/* The solver's tree as a tree file's tables. */
static void to_file(const struct mm_tree *tree, const struct mm_code *codes,
		    const struct mm_preset *p, enum mm_goal goal, struct mm_tree_file *t)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s", p->name);
	t->v = p->v;
	t->goal = goal;
	t->total = tree->total;
	t->worst = tree->depth;
	t->nnodes = tree->nnodes;
	t->nedges = tree->nedges;
	t->guess = xmalloc((size_t)tree->nnodes * sizeof(int));
	t->first = xmalloc((size_t)tree->nnodes * sizeof(int));
	t->count = xmalloc((size_t)tree->nnodes * sizeof(int));
	t->edge_fb = xmalloc((size_t)(tree->nedges + 1) * sizeof(int));
	t->edge_child = xmalloc((size_t)(tree->nedges + 1) * sizeof(int));
	for (int i = 0; i < tree->nnodes; i++) {
		t->guess[i] = mm_code_number(&p->v, &codes[tree->nodes[i].guess]);
		t->first[i] = tree->nodes[i].first;
		t->count[i] = tree->nodes[i].nedges;
	}
	for (int e = 0; e < tree->nedges; e++) {
		t->edge_fb[e] = tree->edges[e].fb;
		t->edge_child[e] = tree->edges[e].child;
	}
}

static int save(const struct options *o, struct mm_tree_file *t)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s-%s.tree", o->out, t->name, mm_goal_name(t->goal));
	FILE *f = fopen(path, "w");
	if (!f || mm_tree_write(f, t) < 0 || fclose(f) != 0) {
		perror(path);
		return -1;
	}
	return 0;
}

/* The method line: what the search proves. */
static void describe(const struct options *o, enum mm_goal goal, const struct mm_tree *tree,
		     char *out, size_t len)
{
	if (o->width && goal == MM_GOAL_MINIMAX)
		snprintf(out, len, "exact search: no strategy solves every code in %d guesses; "
			 "the total: search of the best %d guesses per node (%d in the top %d "
			 "levels), not a proof", tree->depth - 1, o->width, o->top_width,
			 o->top_depth);
	else if (o->width)
		snprintf(out, len, "search of the best %d guesses per node (%d in the top %d "
			 "levels): not a proof", o->width, o->top_width, o->top_depth);
	else if (goal == MM_GOAL_AVERAGE)
		snprintf(out, len, "exact search (mastermind_gen solve): no strategy totals less");
	else
		snprintf(out, len, "exact search (mastermind_gen solve): no strategy solves every "
			 "code in %d guesses; none within %d totals less", tree->depth - 1,
			 tree->depth);
}

/* Report a tree, and write it when o->out is set. */
static int finish(const struct options *o, const struct mm_preset *p, struct mm_solver *s,
		  const struct mm_code *codes, int n, enum mm_goal goal,
		  const struct mm_tree *tree, double t0)
{
	struct mm_tree_file t;
	int rc;

	printf("%s %s: total %ld over %d codes, average %.4f, worst %d, %d nodes, %.1f s, "
	       "%llu look-ups\n", p->name, mm_goal_name(goal), tree->total, n,
	       (double)tree->total / n, tree->depth, tree->nnodes, monotime_now() - t0,
	       (unsigned long long)mm_solver_nodes(s));
	fflush(stdout);
	to_file(tree, codes, p, goal, &t);
	t.secrets = n;
	describe(o, goal, tree, t.method, sizeof(t.method));
	rc = o->out ? save(o, &t) : 0;
	mm_tree_file_free(&t);
	return rc;
}

/* The least worst case D, then the least total within it: when the
 * least-total tree (least, or NULL) is within D it is that tree (a cap
 * cannot lower the least total), else a search with the cap. */
static int solve_minimax(const struct options *o, const struct mm_preset *p,
			 struct mm_solver *s, const struct mm_code *codes, int n,
			 const struct mm_tree *least)
{
	double t0 = monotime_now();
	struct mm_tree tree;
	int depth = mm_solver_min_depth(s), rc;

	printf("%s minimax: no strategy within %d guesses, one within %d (%.1f s)\n", p->name,
	       depth - 1, depth, monotime_now() - t0);
	if (depth < 0)
		return -1;
	if (least && least->depth == depth) {
		printf("%s minimax: the least-total tree is within %d guesses\n", p->name, depth);
		return finish(o, p, s, codes, n, MM_GOAL_MINIMAX, least, t0);
	}
	mm_solver_set_max_depth(s, depth);
	if (mm_solver_tree(s, &tree) < 0)
		return -1;
	rc = finish(o, p, s, codes, n, MM_GOAL_MINIMAX, &tree, t0);
	mm_tree_free(&tree);
	return rc;
}

static int solve_preset(const struct options *o, const struct mm_preset *p)
{
	int n, rc = 0;
	struct mm_code *codes = mm_all_codes(&p->v, 1u << 20, &n);
	struct mm_tree least = { 0 };
	bool have_least = false;

	if (!codes)
		return -1;
	struct mm_solver_config cfg = {
		.v = &p->v, .guesses = codes, .ng = n, .secrets = codes, .ns = n,
		.width = o->width, .top_width = o->top_width, .top_depth = o->top_depth,
		.memo_bits = o->memo_bits, .trace = o->trace ? stderr : NULL,
		.trace_depth = o->trace, .small_first = o->small_first,
	};
	struct mm_solver *s = mm_solver_new(&cfg);
	if (o->goals[MM_GOAL_AVERAGE]) {
		double t0 = monotime_now();
		rc = mm_solver_tree(s, &least);
		have_least = rc == 0;
		if (rc == 0)
			rc = finish(o, p, s, codes, n, MM_GOAL_AVERAGE, &least, t0);
	}
	if (rc == 0 && o->goals[MM_GOAL_MINIMAX])
		rc = solve_minimax(o, p, s, codes, n, have_least ? &least : NULL);
	mm_tree_free(&least);
	mm_solver_free(s);
	free(codes);
	return rc;
}

static int parse_options(int argc, char **argv, struct options *o, int *next)
{
	*o = (struct options){ .goals = { true, true }, .memo_bits = 22 };
	int i = 2;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		const char *arg = argv[i + 1];
		if (!strcmp(argv[i], "--small-first")) {
			o->small_first = true;
			i--; /* no value */
		} else if (!strcmp(argv[i], "--goal")) {
			o->goals[0] = strcmp(arg, "minimax") != 0;
			o->goals[1] = strcmp(arg, "average") != 0;
		} else if (!strcmp(argv[i], "--width")) {
			sscanf(arg, "%d:%d:%d", &o->width, &o->top_width, &o->top_depth);
		} else if (!strcmp(argv[i], "--memo-bits")) {
			o->memo_bits = atoi(arg);
		} else if (!strcmp(argv[i], "--trace")) {
			o->trace = atoi(arg);
		} else if (!strcmp(argv[i], "--out")) {
			o->out = arg;
		} else {
			return -1;
		}
	}
	*next = i;
	return i < argc ? 0 : -1;
}

static int cmd_solve(int argc, char **argv)
{
	struct options o;
	int i, rc = 0;

	if (parse_options(argc, argv, &o, &i) < 0) {
		fprintf(stderr, "mastermind_gen: bad options, or no preset (mastermind_gen for "
				"the usage)\n");
		return 2;
	}
	for (; i < argc && rc == 0; i++) {
		const struct mm_preset *p = mm_preset_find(argv[i]);
		if (!p) {
			fprintf(stderr, "mastermind_gen: unknown preset %s\n", argv[i]);
			return 2;
		}
		rc = solve_preset(&o, p);
	}
	return rc == 0 ? 0 : 1;
}

/* ---- book ---- */

static void emit_tables(const struct mm_tree_file *t)
{
	const char *name = t->name, *goal = mm_goal_name(t->goal);

	printf("static const struct mm_book_node %s_%s_nodes[] = {\n", name, goal);
	for (int i = 0; i < t->nnodes; i++)
		printf("%s{%d,%d,%d},%s", i % 6 ? "" : "\t", t->guess[i], t->first[i], t->count[i],
		       i % 6 == 5 || i + 1 == t->nnodes ? "\n" : " ");
	printf("};\n\nstatic const struct mm_book_edge %s_%s_edges[] = {\n", name, goal);
	for (int i = 0; i < t->nedges; i++)
		printf("%s{%d,%d},%s", i % 8 ? "" : "\t", t->edge_fb[i], t->edge_child[i],
		       i % 8 == 7 || i + 1 == t->nedges ? "\n" : " ");
	if (t->nedges == 0)
		printf("\t{0,0},\n");
	printf("};\n\n");
}

static void emit_row(const struct mm_tree_file *t)
{
	const struct mm_variant *v = &t->v;
	const char *name = t->name, *goal = mm_goal_name(t->goal);

	printf("\t{ \"%s\", %s, { %d, %d, %s, %d, %s },\n\t  %s_%s_nodes, %d, %s_%s_edges, %d, "
	       "%ld, %d,\n\t  \"%s\" },\n", name,
	       t->goal == MM_GOAL_AVERAGE ? "MM_GOAL_AVERAGE" : "MM_GOAL_MINIMAX", v->pegs,
	       v->colors, v->repeats ? "true" : "false", v->tries,
	       v->style == MM_COUNTS ? "MM_COUNTS" : "MM_POSITIONAL", name, goal, t->nnodes, name,
	       goal, t->nedges, t->total, t->worst, t->method);
}

static int cmd_book(int argc, char **argv)
{
	int n = argc - 2, rc = 0;
	struct mm_tree_file *trees = xcalloc((size_t)n + 1, sizeof(*trees));
	char err[256];

	for (int i = 0; i < n && rc == 0; i++) {
		FILE *f = fopen(argv[i + 2], "r");
		if (!f || mm_tree_read(f, &trees[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "%s:%s\n", argv[i + 2], f ? err : " cannot open");
			rc = 1;
		}
		if (f)
			fclose(f);
	}
	if (rc == 0) {
		printf("/* Generated by mastermind_gen book from the tree files of\n"
		       " * src/games/mastermind/trees/ (make mastermind-book): do not edit.\n"
		       " * Strategies for the presets; see mastermind_book.h. */\n"
		       "#include \"games/mastermind/mastermind_book.h\"\n\n");
		for (int i = 0; i < n; i++)
			emit_tables(&trees[i]);
		printf("const struct mm_book mm_books[] = {\n");
		for (int i = 0; i < n; i++)
			emit_row(&trees[i]);
		printf("};\nconst int mm_nbooks = %d;\n", n);
	}
	for (int i = 0; i < n; i++)
		mm_tree_file_free(&trees[i]);
	free(trees);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "solve"))
		return cmd_solve(argc, argv);
	if (argc >= 3 && !strcmp(argv[1], "book"))
		return cmd_book(argc, argv);
	fprintf(stderr, "usage: mastermind_gen solve [--goal average|minimax|both] "
			"[--width W[:TW:TD]] [--memo-bits B] [--trace D] [--small-first]\n"
			"                            [--out DIR] PRESET...\n"
			"       mastermind_gen book TREE...\n");
	return 2;
}
