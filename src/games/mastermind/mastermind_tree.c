/* Decision-tree files (see mastermind_tree.h): the writer, a preorder walk,
 * and the reader, one line at a time with the ancestors of the current
 * node on a stack (a node's parent is the last node read one level up). */
#include "games/mastermind/mastermind_tree.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

static const char *const goal_names[] = { "average", "minimax" };

const char *mm_goal_name(enum mm_goal goal)
{
	return goal_names[goal];
}

void mm_tree_answer_text(const struct mm_variant *v, int fb, char *text)
{
	if (v->style == MM_COUNTS) {
		text[0] = (char)('0' + fb / (v->pegs + 1));
		text[1] = (char)('0' + fb % (v->pegs + 1));
		text[2] = '\0';
		return;
	}
	for (int i = 0; i < v->pegs; i++, fb /= 3)
		text[i] = "-OX"[fb % 3];
	text[v->pegs] = '\0';
}

/* The answer of text, or -1. */
static int answer_value(const struct mm_variant *v, const char *text, size_t len)
{
	int fb = 0;

	if (v->style == MM_COUNTS) {
		if (len != 2 || text[0] < '0' || text[0] - '0' > v->pegs || text[1] < '0' ||
		    text[1] - '0' > v->pegs)
			return -1;
		return (text[0] - '0') * (v->pegs + 1) + (text[1] - '0');
	}
	if (len != (size_t)v->pegs)
		return -1;
	for (int i = v->pegs - 1; i >= 0; i--) {
		const char *sym = memchr("-OX", text[i], 3);
		if (!sym)
			return -1;
		fb = fb * 3 + (int)(sym - "-OX");
	}
	return fb;
}

/* ---- writing ---- */

static int cmp_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Write node and its subtree; path is its path text (a buffer of
 * MM_TREE_LINE bytes, restored on return). */
static void write_node(FILE *f, const struct mm_tree_file *t, int node, char *path)
{
	struct strbuf code = { 0 };
	struct mm_code c;
	size_t len = strlen(path);
	int n = t->count[node];
	char (*texts)[MM_MAX_PEGS + 2] = xmalloc((size_t)(n + 1) * sizeof(*texts));
	char **order = xmalloc((size_t)(n + 1) * sizeof(*order));

	mm_code_from_number(&t->v, t->guess[node], &c);
	mm_code_print(&t->v, &c, &code);
	fprintf(f, "%s %s\n", len ? path : ".", sb_str(&code));
	sb_free(&code);
	for (int e = 0; e < n; e++) {
		mm_tree_answer_text(&t->v, t->edge_fb[t->first[node] + e], texts[e]);
		order[e] = texts[e];
	}
	/* Sorting pointers into texts: an entry's row is its edge. */
	qsort(order, (size_t)n, sizeof(*order), cmp_text);
	for (int e = 0; e < n; e++) {
		int k = (int)((order[e] - texts[0]) / (MM_MAX_PEGS + 2));
		snprintf(path + len, MM_TREE_LINE - len, "%s%s", len ? "/" : "", order[e]);
		write_node(f, t, t->edge_child[t->first[node] + k], path);
	}
	path[len] = '\0';
	free(order);
	free(texts);
}

int mm_tree_write(FILE *f, const struct mm_tree_file *t)
{
	struct strbuf v = { 0 };
	char path[MM_TREE_LINE] = "";

	mm_variant_print(&t->v, &v);
	fprintf(f, "# quintet Mastermind decision tree: src/games/mastermind/mastermind_tree.h\n"
		   "variant %s\ngoal %s\nsecrets %ld total %ld worst %d\nmethod %s\nnodes %d\n",
		sb_str(&v), mm_goal_name(t->goal), t->secrets, t->total, t->worst, t->method,
		t->nnodes);
	sb_free(&v);
	write_node(f, t, 0, path);
	return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

/* ---- reading ---- */

struct reader {
	FILE *f;
	int line;                  /* the line last read */
	char buf[MM_TREE_LINE + 2];
	char *err;
	size_t errlen;
};

/* The next line that is not blank or a comment, without its end; NULL at
 * the end of the file or on a line too long (then err is set). */
static char *next_line(struct reader *r)
{
	while (fgets(r->buf, sizeof(r->buf), r->f)) {
		size_t len = strlen(r->buf);
		r->line++;
		if (len > MM_TREE_LINE) {
			snprintf(r->err, r->errlen, "%d: line too long", r->line);
			return NULL;
		}
		while (len && (r->buf[len - 1] == '\n' || r->buf[len - 1] == '\r'))
			r->buf[--len] = '\0';
		if (len && r->buf[0] != '#')
			return r->buf;
	}
	snprintf(r->err, r->errlen, "%d: the file ends early", r->line);
	return NULL;
}

static int fail(struct reader *r, const char *why)
{
	snprintf(r->err, r->errlen, "%d: %s", r->line, why);
	return -1;
}

/* "variant NAME key value ...": the variant, checked whole. */
static int read_variant(struct reader *r, struct mm_tree_file *t)
{
	char *line = next_line(r), *save = NULL, err[128];

	if (!line)
		return -1;
	char *word = strtok_r(line, " ", &save), *name = strtok_r(NULL, " ", &save);
	if (!word || strcmp(word, "variant") || !name)
		return fail(r, "variant expected");
	const struct mm_preset *p = mm_preset_find(name);
	t->v = p ? p->v : mm_presets[0].v;
	snprintf(t->name, sizeof(t->name), "%s", name);
	for (char *key; (key = strtok_r(NULL, " ", &save));) {
		char *value = strtok_r(NULL, " ", &save);
		if (!value || mm_variant_set(&t->v, key, value, err, sizeof(err)) < 0)
			return fail(r, value ? err : "a variant key without its value");
	}
	if (mm_variant_check(&t->v, err, sizeof(err)) < 0)
		return fail(r, err);
	return 0;
}

static int read_header(struct reader *r, struct mm_tree_file *t)
{
	char goal[16], *line;
	int used = 0;

	if (read_variant(r, t) < 0)
		return -1;
	if (!(line = next_line(r)) || sscanf(line, "goal %15s", goal) != 1)
		return line ? fail(r, "goal expected") : -1;
	if (strcmp(goal, "average") && strcmp(goal, "minimax"))
		return fail(r, "goal must be average or minimax");
	t->goal = strcmp(goal, "average") ? MM_GOAL_MINIMAX : MM_GOAL_AVERAGE;
	if (!(line = next_line(r)) ||
	    sscanf(line, "secrets %ld total %ld worst %d%n", &t->secrets, &t->total, &t->worst,
		   &used) != 3 || line[used])
		return line ? fail(r, "secrets N total N worst N expected") : -1;
	if (!(line = next_line(r)) || strncmp(line, "method ", 7))
		return line ? fail(r, "method expected") : -1;
	snprintf(t->method, sizeof(t->method), "%s", line + 7);
	if (!(line = next_line(r)) || sscanf(line, "nodes %d%n", &t->nnodes, &used) != 1 ||
	    line[used] || t->nnodes < 1 || t->nnodes > 10000000)
		return line ? fail(r, "nodes N expected (1 to 10000000)") : -1;
	return 0;
}

/* One node line: its guess, and its answer and parent unless the root. */
struct node_line {
	int guess, fb, parent;
	int line; /* where it was read */
};

/* The ancestors of the node being read: at each depth the node last read
 * there and its path. */
struct ancestry {
	int *node;
	char (*path)[MM_TREE_LINE + 2];
};

/* Parse the path of node i at depth: its answer and parent. */
static int read_path(struct reader *r, struct mm_tree_file *t, struct ancestry *a, char *path,
		     int depth, struct node_line *out)
{
	char *last = strrchr(path, '/');
	size_t plen = last ? (size_t)(last - path) : 0;
	const char *ans = last ? last + 1 : path;

	if (depth > 1 && (strlen(a->path[depth - 1]) != plen ||
			  strncmp(a->path[depth - 1], path, plen) != 0))
		return fail(r, "a node before its parent (nodes come in preorder)");
	out->fb = answer_value(&t->v, ans, strlen(ans));
	if (out->fb < 0 || out->fb == mm_fb_win(&t->v))
		return fail(r, "an invalid answer in the path");
	out->parent = a->node[depth - 1];
	return 0;
}

/* Parse the node line of node i. */
static int read_node(struct reader *r, struct mm_tree_file *t, int i, struct ancestry *a,
		     struct node_line *out)
{
	char *line = next_line(r), err[128];
	struct mm_code c;

	if (!line)
		return -1;
	char *space = strchr(line, ' ');
	if (!space)
		return fail(r, "a path and a guess expected");
	*space = '\0';
	if (mm_code_parse(&t->v, space + 1, &c, err, sizeof(err)) < 0)
		return fail(r, err);
	out->guess = mm_code_number(&t->v, &c);
	out->line = r->line;
	int depth = strcmp(line, ".") != 0;
	for (char *p = line; *p; p++)
		depth += *p == '/';
	if ((i == 0) != (depth == 0))
		return fail(r, i == 0 ? "the first node must be the root (.)" : "a second root");
	if (depth >= t->v.tries)
		return fail(r, "a path longer than the variant's tries");
	if (depth > 0 && read_path(r, t, a, line, depth, out) < 0)
		return -1;
	a->node[depth] = i;
	strcpy(a->path[depth], depth ? line : "");
	return 0;
}

/* The edges of t from the parents of its nodes: each node's children in a
 * block, in the order read. */
static int link_edges(struct reader *r, struct mm_tree_file *t, const struct node_line *nl)
{
	int n = t->nnodes;

	t->nedges = n - 1;
	for (int i = 1; i < n; i++)
		t->count[nl[i].parent]++;
	for (int i = 0, sum = 0; i < n; i++) {
		t->first[i] = sum;
		sum += t->count[i];
		t->count[i] = 0;
	}
	for (int i = 1; i < n; i++) {
		int p = nl[i].parent, e = t->first[p] + t->count[p]++;
		for (int k = t->first[p]; k < e; k++)
			if (t->edge_fb[k] == nl[i].fb) {
				r->line = nl[i].line;
				return fail(r, "a second node with the same path");
			}
		t->edge_fb[e] = nl[i].fb;
		t->edge_child[e] = i;
	}
	return 0;
}

int mm_tree_read(FILE *f, struct mm_tree_file *t, char *err, size_t errlen)
{
	struct reader r = { .f = f, .err = err, .errlen = errlen };
	struct node_line *nl = NULL;
	struct ancestry a = { 0 };
	int rc = -1;

	memset(t, 0, sizeof(*t));
	if (read_header(&r, t) < 0)
		return -1;
	t->guess = xcalloc((size_t)t->nnodes, sizeof(*t->guess));
	t->first = xcalloc((size_t)t->nnodes, sizeof(*t->first));
	t->count = xcalloc((size_t)t->nnodes, sizeof(*t->count));
	t->edge_fb = xcalloc((size_t)t->nnodes, sizeof(*t->edge_fb));
	t->edge_child = xcalloc((size_t)t->nnodes, sizeof(*t->edge_child));
	nl = xcalloc((size_t)t->nnodes, sizeof(*nl));
	a.node = xcalloc((size_t)t->v.tries + 1, sizeof(*a.node));
	a.path = xcalloc((size_t)t->v.tries + 1, sizeof(*a.path));
	for (int i = 0; i < t->nnodes; i++) {
		if (read_node(&r, t, i, &a, &nl[i]) < 0)
			goto out;
		t->guess[i] = nl[i].guess;
	}
	if (next_line(&r)) {
		fail(&r, "more node lines than `nodes` says");
		goto out;
	}
	if (!feof(f)) /* a line too long: err says so */
		goto out;
	rc = link_edges(&r, t, nl);
out:
	free(a.node);
	free(a.path);
	free(nl);
	return rc;
}

void mm_tree_file_free(struct mm_tree_file *t)
{
	free(t->guess);
	free(t->first);
	free(t->count);
	free(t->edge_fb);
	free(t->edge_child);
	memset(t, 0, sizeof(*t));
}
