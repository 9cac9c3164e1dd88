/* mastermind_check: an independent check of Mastermind decision-tree files
 * (the format: src/games/mastermind/mastermind_tree.h).
 *
 *   mastermind_check TREE...
 *
 * For each file: reads the variant and every node; plays every secret of
 * the variant through the tree (the root's guess, then the node its answer
 * leads to, until the answer is the win); and checks that every guess is a
 * code the variant allows, that every secret reaches a node at each step
 * and is solved within the variant's tries, that every node is reached by
 * some secret (a node no secret reaches has a wrong answer in its path),
 * and that the file's claimed figures (secrets, total, worst) are what the
 * play gives. Prints per file
 *   FILE: secrets N total T average A worst W
 * or its faults, each with the node it concerns (at most MAX_REPORTS of a
 * kind: a node missing from the path of the secrets that reach it, a node
 * no secret reaches; the first fault of a file that cannot be read), and
 * exits 1 when any file fails.
 *
 * It shares no code with the engine or the solver on purpose: the answers
 * are computed here from the rules (counts: right place, then right colour
 * in the wrong place; positional: X right place, then left to right O for a
 * colour left among the secret's unmatched pegs, else -), so a fault in
 * either program is not repeated in the other. Input is bounded: lines of
 * at most 1023 bytes, at most 10^7 nodes, at most 10^8 secrets. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE 1024
#define MAX_PEGS 8
#define MAX_NODES 10000000
#define MAX_REPORTS 10

struct variant {
	int pegs, colors, tries;
	bool repeats, counts;
};

struct node {
	char *path;   /* "" for the root */
	char guess[MAX_PEGS + 1];
	int line;     /* in the file */
	bool reached; /* by some secret */
};

struct tree {
	const char *file;
	struct variant v;
	long secrets, total;
	int worst, nnodes;
	struct node *nodes; /* sorted by path once read */
	int faults;         /* found while playing */
	char last_missing[LINE]; /* the missing node reported last */
};

struct input {
	FILE *f;
	int line;
	char buf[LINE + 1];
};

/* The next line that is not blank or a comment, without its end, or NULL. */
static char *next(struct input *in)
{
	while (fgets(in->buf, sizeof(in->buf), in->f)) {
		in->line++;
		size_t n = strcspn(in->buf, "\r\n");
		if (in->buf[n] == '\0' && !feof(in->f))
			return NULL; /* longer than LINE: refused as a missing line */
		in->buf[n] = '\0';
		if (n && in->buf[0] != '#')
			return in->buf;
	}
	return NULL;
}

static int refuse(const struct tree *t, int line, const char *what, const char *detail)
{
	printf("%s: line %d: %s%s\n", t->file, line, what, detail);
	return -1;
}

static int read_header(struct input *in, struct tree *t)
{
	char *l, name[32], rep[8], fb[16];
	struct variant *v = &t->v;

	if (!(l = next(in)) || sscanf(l, "variant %31s pegs %d colors %d repeats %7s tries %d "
				       "feedback %15s", name, &v->pegs, &v->colors, rep, &v->tries,
				 fb) != 6)
		return refuse(t, in->line, "a variant line expected", "");
	v->repeats = !strcmp(rep, "yes");
	v->counts = !strcmp(fb, "counts");
	if (v->pegs < 1 || v->pegs > MAX_PEGS || v->colors < 1 || v->colors > 10 ||
	    (!v->repeats && strcmp(rep, "no")) || (!v->counts && strcmp(fb, "positional")) ||
	    v->tries < 1 || (!v->repeats && v->colors < v->pegs))
		return refuse(t, in->line, "a variant out of range", "");
	if (!(l = next(in)) || strncmp(l, "goal ", 5))
		return refuse(t, in->line, "a goal line expected", "");
	if (!(l = next(in)) ||
	    sscanf(l, "secrets %ld total %ld worst %d", &t->secrets, &t->total, &t->worst) != 3)
		return refuse(t, in->line, "a secrets line expected", "");
	if (!(l = next(in)) || strncmp(l, "method ", 7))
		return refuse(t, in->line, "a method line expected", "");
	if (!(l = next(in)) || sscanf(l, "nodes %d", &t->nnodes) != 1 || t->nnodes < 1 ||
	    t->nnodes > MAX_NODES)
		return refuse(t, in->line, "a nodes line expected (1 to 10^7)", "");
	return 0;
}

/* The digit of colour c. */
static char digit(const struct variant *v, int c)
{
	return (char)((v->colors == 10 ? '0' : '1') + c);
}

/* Why guess is not a code of v, or NULL when it is. */
static const char *not_allowed(const struct variant *v, const char *guess)
{
	if (strlen(guess) != (size_t)v->pegs)
		return "wrong length";
	for (int i = 0; i < v->pegs; i++) {
		if (guess[i] < digit(v, 0) || guess[i] > digit(v, v->colors - 1))
			return "a colour out of range";
		if (!v->repeats && strchr(guess + i + 1, guess[i]))
			return "a repeated colour";
	}
	return NULL;
}

static int cmp_node(const void *a, const void *b)
{
	return strcmp(((const struct node *)a)->path, ((const struct node *)b)->path);
}

static int read_nodes(struct input *in, struct tree *t)
{
	char *l;

	t->nodes = calloc((size_t)t->nnodes, sizeof(*t->nodes));
	for (int i = 0; i < t->nnodes; i++) {
		struct node *n = &t->nodes[i];
		char *sp;
		if (!(l = next(in)) || !(sp = strchr(l, ' ')))
			return refuse(t, in->line, "a node line (path guess) expected", "");
		*sp = '\0';
		n->path = strdup(strcmp(l, ".") ? l : "");
		n->line = in->line;
		snprintf(n->guess, sizeof(n->guess), "%s", sp + 1);
		const char *why = not_allowed(&t->v, sp + 1);
		if (why) {
			printf("%s: line %d: node %s: guess %s is not allowed: %s\n", t->file,
			       in->line, l, sp + 1, why);
			return -1;
		}
	}
	if (next(in))
		return refuse(t, in->line, "more node lines than the nodes line says", "");
	qsort(t->nodes, (size_t)t->nnodes, sizeof(*t->nodes), cmp_node);
	for (int i = 1; i < t->nnodes; i++)
		if (!strcmp(t->nodes[i].path, t->nodes[i - 1].path))
			return refuse(t, t->nodes[i].line, "a second node with the path ",
				      t->nodes[i].path);
	return 0;
}

/* The answer to guess g for secret s, as tree files write it. */
static void answer(const struct variant *v, const char *s, const char *g, char *out)
{
	int black = 0, common = 0;

	if (v->counts) {
		for (int i = 0; i < v->pegs; i++)
			black += s[i] == g[i];
		for (char c = digit(v, 0); c <= digit(v, v->colors - 1); c++) {
			int in_s = 0, in_g = 0;
			for (int i = 0; i < v->pegs; i++) {
				in_s += s[i] == c;
				in_g += g[i] == c;
			}
			common += in_s < in_g ? in_s : in_g;
		}
		out[0] = (char)('0' + black); /* pegs <= 8: one digit each */
		out[1] = (char)('0' + common - black);
		out[2] = '\0';
		return;
	}
	for (int i = 0; i < v->pegs; i++)
		out[i] = s[i] == g[i] ? 'X' : '-';
	out[v->pegs] = '\0';
	for (int i = 0; i < v->pegs; i++) {
		if (out[i] == 'X')
			continue;
		/* unmatched pegs of the secret in g[i]'s colour, less the O's given */
		int left = 0;
		for (int j = 0; j < v->pegs; j++)
			left += out[j] != 'X' && s[j] == g[i];
		for (int j = 0; j < i; j++)
			left -= out[j] == 'O' && g[j] == g[i];
		if (left > 0)
			out[i] = 'O';
	}
}

static struct node *find(struct tree *t, const char *path)
{
	struct node key = { .path = (char *)path };

	return bsearch(&key, t->nodes, (size_t)t->nnodes, sizeof(key), cmp_node);
}

/* A node missing on the way of secret s: reported once for a run of
 * secrets that reach it, MAX_REPORTS at most. */
static int missing(struct tree *t, const char *path, const char *s)
{
	if (strcmp(path, t->last_missing) != 0 && t->faults++ < MAX_REPORTS)
		printf("%s: node %s missing: secret %s reaches it\n", t->file,
		       path[0] ? path : ".", s);
	snprintf(t->last_missing, sizeof(t->last_missing), "%s", path);
	return -1;
}

/* Play secret s through the tree; its guesses, or -1 after a fault. */
static int play(struct tree *t, const char *s)
{
	char path[LINE] = "", ans[MAX_PEGS + 1];

	for (int depth = 1; depth <= t->v.tries; depth++) {
		struct node *n = find(t, path);
		if (!n)
			return missing(t, path, s);
		n->reached = true;
		answer(&t->v, s, n->guess, ans);
		if (!strcmp(n->guess, s))
			return depth;
		size_t len = strlen(path);
		if (len + strlen(ans) + 2 > sizeof(path))
			break;
		snprintf(path + len, sizeof(path) - len, "%s%s", len ? "/" : "", ans);
	}
	if (t->faults++ < MAX_REPORTS)
		printf("%s: node %s: secret %s not solved within %d tries\n", t->file,
		       path[0] ? path : ".", s, t->v.tries);
	return -1;
}

/* Play every secret in numeric order (odometer over the digits). */
static int play_all(struct tree *t, long *count, long *total, int *worst)
{
	const struct variant *v = &t->v;
	int d[MAX_PEGS] = { 0 };
	char s[MAX_PEGS + 1] = "";

	for (;;) {
		for (int i = 0; i < v->pegs; i++)
			s[i] = digit(v, d[i]);
		s[v->pegs] = '\0';
		if (!not_allowed(v, s)) {
			int n = play(t, s);
			++*count;
			*total += n > 0 ? n : 0;
			*worst = n > *worst ? n : *worst;
		}
		int i = v->pegs - 1;
		while (i >= 0 && ++d[i] == v->colors)
			d[i--] = 0;
		if (i < 0)
			return t->faults ? -1 : 0;
	}
}

static int check(struct tree *t)
{
	long count = 0, total = 0;
	int worst = 0, unreached = 0;
	bool played = play_all(t, &count, &total, &worst) == 0;

	for (int i = 0; i < t->nnodes; i++)
		if (!t->nodes[i].reached && unreached++ < MAX_REPORTS)
			printf("%s: line %d: node %s: no secret reaches it (a wrong answer in its "
			       "path?)\n", t->file, t->nodes[i].line,
			       t->nodes[i].path[0] ? t->nodes[i].path : ".");
	if (!played || unreached)
		return -1;
	if (count != t->secrets || total != t->total || worst != t->worst) {
		printf("%s: the file claims secrets %ld total %ld worst %d; the play gives "
		       "secrets %ld total %ld worst %d\n", t->file, t->secrets, t->total, t->worst,
		       count, total, worst);
		return -1;
	}
	printf("%s: secrets %ld total %ld average %.4f worst %d\n", t->file, count, total,
	       (double)total / (double)count, worst);
	return 0;
}

static int check_file(const char *file)
{
	struct tree t = { .file = file };
	struct input in = { .f = fopen(file, "r") };
	int rc = -1;

	if (!in.f) {
		printf("%s: cannot open\n", file);
		return -1;
	}
	if (read_header(&in, &t) == 0 && read_nodes(&in, &t) == 0)
		rc = check(&t);
	fclose(in.f);
	for (int i = 0; t.nodes && i < t.nnodes; i++)
		free(t.nodes[i].path);
	free(t.nodes);
	return rc;
}

int main(int argc, char **argv)
{
	int failed = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: mastermind_check TREE...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		failed |= check_file(argv[i]) < 0;
	return failed;
}
