/* The expected-guesses search (see mastermind_solve.h).
 *
 * solve(S, depth, bound) returns the least total number of guesses that
 * solves every code of S within depth guesses when that is below bound,
 * else a lower bound that is at least bound (INF_COST: none within depth).
 * Per node: look the set up in the memo (keyed by the set and the depth
 * left); give up when the set's lower bound reaches bound; score every
 * guess that is a representative of its symmetry class by its own lower
 * bound (this guess, then the bound of each class of answers), sort, and
 * evaluate guesses in that order until the next bound cannot beat the best
 * total so far. Evaluating a guess first raises its large classes' bounds
 * by one guess of lookahead (set_bound), then searches the classes largest
 * first, each with the bound that is left.
 *
 * Every pruning is by an admissible bound or by symmetry, so with width 0
 * the result is exact; the one trust the proof adds is the memo's key, a
 * 64-bit hash of the set with its size (a collision would pass one set's
 * value to another). The trees the tool writes are checked by
 * tools/mastermind_check, which shares nothing with this file. */
#include "games/mastermind/mastermind_solve.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/monotime.h"
#include "util/xalloc.h"

#define MAX_SYM_PEGS 5   /* position permutations are tried up to 5! */
#define MAX_GROUP 120    /* 5! */
#define INF_COST MM_SOLVER_INFEASIBLE
#define CHECK_EVERY 16384
#define UNCAPPED 1000    /* the depth left when max_depth is 0 */
#define CAP_DEPTHS 64    /* depths whose capacity is tabulated */
#define LOOKAHEAD_MIN 24 /* sets this large get a one-guess bound (set_bound) */
#define BLOCK_FB 256     /* answers at most this many: scored by blocks (candidates) */
#define BLOCK_CELLS 8192 /* counters a block of guesses fills: 32 KiB, within L1 */
#define FEASIBLE_SALT 0x5bd1e9955bd1e995ULL /* the feasibility search's memo keys */

struct memo_entry {
	uint64_t key;   /* Zobrist hash of the set, never 0 when used */
	int32_t value;  /* exact total, or a lower bound */
	int32_t guess;  /* best guess when exact */
	uint32_t n;     /* set size */
	uint8_t exact;  /* value is exact */
};

/* A symmetry: code x maps to y with y[i] = cmap[x[perm[i]]]. */
struct sym {
	uint8_t perm[MM_MAX_PEGS];
	uint8_t cmap[MM_MAX_COLORS];
};

struct scored {
	int guess;     /* index into G */
	long bound;    /* lower bound of the total with this guess */
	long sumsq;    /* sum of squared class sizes: tie-break */
	bool member;   /* the guess is in the set */
};

struct mm_solver {
	struct mm_solver_config cfg;
	struct mm_variant v;
	uint16_t *fb;             /* fb[g * ns + s] */
	uint8_t *fbt;             /* fbt[s * ng + g] when nfb <= BLOCK_FB, else NULL */
	int *member_of;           /* guess -> secret index, or -1 */
	int *guess_of;            /* secret -> guess index, or -1 */
	uint64_t *zkey;           /* per secret */
	int nfb, win;
	long *lb;                 /* lb[n]: lower bound of a set of n codes */
	long cap[CAP_DEPTHS];     /* cap[d]: most codes d guesses can solve */
	int max_depth;            /* the depth left at the root: UNCAPPED or a cap */
	double started;           /* monotime_now() at creation, for the trace */
	struct memo_entry *memo;
	size_t memo_mask;
	uint64_t nodes, next_check;
	bool exhausted;
	int *stamp;               /* per secret: generation of the current set */
	int generation;
	struct mm_try path[2 * MM_MAX_TRIES + 64]; /* history, then the search path */
	int npath;
	int nhistory;             /* path entries that are history */
	int (*perms)[MM_MAX_PEGS]; /* all position permutations (P <= 5) */
	int nperms;
	int root_first;           /* root: guess with the best bound (budget fallback) */
};

struct mm_code *mm_all_codes(const struct mm_variant *v, size_t max, int *n)
{
	struct mm_code *list;
	uint64_t count = mm_consistent_list(v, NULL, 0, max, &list, NULL, NULL, NULL);

	if (count > max) {
		free(list);
		return NULL;
	}
	*n = (int)count;
	return list;
}

int mm_max_answers(const struct mm_variant *v)
{
	int p = v->pegs;

	if (v->style == MM_COUNTS) /* b + w <= p, minus (p-1, 1) and the win */
		return (p + 1) * (p + 2) / 2 - 2;
	int all = 1;
	for (int i = 0; i < p; i++)
		all *= 3;
	return all - 1 - p; /* minus the win and the p patterns of p-1 X and one O */
}

/* lb[n]: at most one code is found by the first guess, K by the second,
 * K^2 by the third, ...; cap[d] = 1 + K + ... + K^(d-1) by the same
 * count. */
static void init_bounds(struct mm_solver *s)
{
	long k = mm_max_answers(&s->v), found = 0, level = 1, depth = 1;

	s->cap[0] = 0;
	for (int d = 1; d < CAP_DEPTHS; d++)
		s->cap[d] = s->cap[d - 1] >= INF_COST / k ? INF_COST : 1 + k * s->cap[d - 1];

	s->lb = xmalloc(((size_t)s->cfg.ns + 1) * sizeof(*s->lb));
	s->lb[0] = 0;
	for (int n = 1; n <= s->cfg.ns; n++) {
		if (found == level) {
			depth++;
			found = 0;
			level = level * k > INF_COST ? INF_COST : level * k;
		}
		found++;
		s->lb[n] = s->lb[n - 1] + depth;
	}
}

static void init_perms(struct mm_solver *s)
{
	int p = s->v.pegs, a[MM_MAX_PEGS];

	/* Answers with a repeated colour in the guess depend on the order of
	 * positions (O goes to the leftmost), so only colours move then. */
	if (p > MAX_SYM_PEGS || (s->v.style == MM_POSITIONAL && s->v.repeats)) {
		s->perms = xmalloc(sizeof(*s->perms));
		for (int i = 0; i < p; i++)
			s->perms[0][i] = i;
		s->nperms = 1;
		return;
	}
	s->perms = xmalloc(MAX_GROUP * sizeof(*s->perms));
	for (int i = 0; i < p; i++)
		a[i] = i;
	for (;;) { /* lexicographic order, identity first */
		memcpy(s->perms[s->nperms++], a, sizeof(a));
		int i = p - 2;
		while (i >= 0 && a[i] > a[i + 1])
			i--;
		if (i < 0)
			break;
		int j = p - 1;
		while (a[j] < a[i])
			j--;
		int t = a[i];
		a[i] = a[j];
		a[j] = t;
		for (int l = i + 1, r = p - 1; l < r; l++, r--) {
			t = a[l];
			a[l] = a[r];
			a[r] = t;
		}
	}
}

static void init_table(struct mm_solver *s)
{
	const struct mm_solver_config *c = &s->cfg;

	s->fb = xmalloc((size_t)c->ng * (size_t)c->ns * sizeof(*s->fb));
	/* The same answers by secret: a set's rows are read in sequence when
	 * every guess is scored (candidates), instead of a few scattered
	 * entries of every guess's row. */
	if (s->nfb <= BLOCK_FB)
		s->fbt = xmalloc((size_t)c->ng * (size_t)c->ns);
	s->member_of = xmalloc((size_t)c->ng * sizeof(*s->member_of));
	s->guess_of = xmalloc((size_t)c->ns * sizeof(*s->guess_of));
	for (int i = 0; i < c->ns; i++)
		s->guess_of[i] = -1;
	for (int g = 0; g < c->ng; g++) {
		s->member_of[g] = -1;
		for (int i = 0; i < c->ns; i++) {
			int f = mm_feedback(&s->v, &c->secrets[i], &c->guesses[g]);
			s->fb[(size_t)g * (size_t)c->ns + (size_t)i] = (uint16_t)f;
			if (s->fbt)
				s->fbt[(size_t)i * (size_t)c->ng + (size_t)g] = (uint8_t)f;
			if (f == s->win) {
				s->member_of[g] = i;
				s->guess_of[i] = g;
			}
		}
	}
}

struct mm_solver *mm_solver_new(const struct mm_solver_config *cfg)
{
	struct mm_solver *s = xcalloc(1, sizeof(*s));
	struct rng r;
	int bits = cfg->memo_bits < 10 ? 10 : cfg->memo_bits > 27 ? 27 : cfg->memo_bits;

	s->cfg = *cfg;
	s->v = *cfg->v;
	s->nfb = mm_fb_range(&s->v);
	s->win = mm_fb_win(&s->v);
	init_table(s);
	init_bounds(s);
	init_perms(s);
	rng_seed(&r, 0x6d6d);
	s->zkey = xmalloc((size_t)cfg->ns * sizeof(*s->zkey));
	for (int i = 0; i < cfg->ns; i++)
		s->zkey[i] = rng_next(&r) | 1;
	s->memo = xcalloc((size_t)1 << bits, sizeof(*s->memo));
	s->memo_mask = ((size_t)1 << bits) - 1;
	s->stamp = xcalloc((size_t)cfg->ns, sizeof(*s->stamp));
	for (int i = 0; i < cfg->nhistory && s->npath < MM_MAX_TRIES; i++)
		if (cfg->history[i].fb >= 0)
			s->path[s->npath++] = cfg->history[i];
	s->nhistory = s->npath;
	s->next_check = CHECK_EVERY;
	s->root_first = -1;
	s->started = monotime_now();
	mm_solver_set_max_depth(s, cfg->max_depth);
	return s;
}

void mm_solver_free(struct mm_solver *s)
{
	if (!s)
		return;
	free(s->fb);
	free(s->fbt);
	free(s->member_of);
	free(s->guess_of);
	free(s->zkey);
	free(s->lb);
	free(s->memo);
	free(s->stamp);
	free(s->perms);
	free(s);
}

void mm_solver_set_max_depth(struct mm_solver *s, int max_depth)
{
	s->max_depth = max_depth > 0 && max_depth < UNCAPPED ? max_depth : UNCAPPED;
}

/* The most codes depth guesses can solve. */
static long depth_cap(const struct mm_solver *s, int depth)
{
	return depth >= CAP_DEPTHS ? INF_COST : s->cap[depth];
}

/* The depth left after one more guess. */
static int next_depth(int depth)
{
	return depth >= UNCAPPED ? depth : depth - 1;
}

bool mm_solver_exhausted(const struct mm_solver *s)
{
	return s->exhausted;
}

uint64_t mm_solver_nodes(const struct mm_solver *s)
{
	return s->nodes;
}

/* Count n look-ups; true when the budget is spent. */
static bool spend(struct mm_solver *s, int n)
{
	const struct mm_solver_config *c = &s->cfg;

	s->nodes += (uint64_t)n;
	if (s->exhausted)
		return true;
	if (c->max_nodes && s->nodes > c->max_nodes)
		return s->exhausted = true;
	if (s->nodes < s->next_check)
		return false;
	s->next_check = s->nodes + CHECK_EVERY;
	if ((c->stop && atomic_load(c->stop)) || (c->deadline > 0 && monotime_now() > c->deadline))
		return s->exhausted = true;
	return false;
}

/* ---- memo ---- */

static uint64_t set_key(const struct mm_solver *s, const int *set, int n)
{
	uint64_t k = (uint64_t)n * 0x9e3779b97f4a7c15ULL;

	for (int i = 0; i < n; i++)
		k ^= s->zkey[set[i]];
	return k ? k : 1;
}

/* The memo key of a set searched with depth guesses left. */
static uint64_t memo_key(const struct mm_solver *s, const int *set, int n, int depth)
{
	uint64_t k = set_key(s, set, n) ^ ((uint64_t)depth * 0xd6e8feb86659fd93ULL);

	return k ? k : 1;
}

static struct memo_entry *memo_find(struct mm_solver *s, uint64_t key, uint32_t n)
{
	for (size_t i = 0; i < 4; i++) {
		struct memo_entry *m = &s->memo[(key + i) & s->memo_mask];
		if (m->key == key && m->n == n)
			return m;
	}
	return NULL;
}

static void memo_store(struct mm_solver *s, uint64_t key, uint32_t n, long value, int guess,
		       bool exact)
{
	struct memo_entry *victim = NULL;

	for (size_t i = 0; i < 4; i++) {
		struct memo_entry *m = &s->memo[(key + i) & s->memo_mask];
		if ((m->key == key && m->n == n) || !m->key) {
			victim = m;
			break;
		}
		if (!victim || m->n < victim->n)
			victim = m;
	}
	/* INF_COST (no strategy within the depth) does not fit: it is stored
	 * as INT32_MAX, which no total reaches, and read back by memo_value. */
	int32_t v32 = value >= INT32_MAX ? INT32_MAX : (int32_t)value;
	*victim = (struct memo_entry){ key, v32, (int32_t)guess, n, exact };
}

static long memo_value(const struct memo_entry *m)
{
	return m->value == INT32_MAX ? INF_COST : m->value;
}

/* The memo's word on a set: its exact total (returned, *done set), or a
 * better lower bound than lb (returned). */
static long memo_lookup(struct mm_solver *s, uint64_t key, int n, long lb, bool *done)
{
	struct memo_entry *m = memo_find(s, key, (uint32_t)n);

	*done = m && m->exact;
	if (m && (m->exact || memo_value(m) > lb))
		return memo_value(m);
	return lb;
}

/* ---- symmetry ---- */

static unsigned used_colors(const struct mm_solver *s)
{
	unsigned used = 0;

	for (int k = 0; k < s->npath; k++)
		for (int i = 0; i < s->v.pegs; i++)
			used |= 1u << s->path[k].guess.d[i];
	return used;
}

/* The answer symbol at position i (positional answers). */
static int symbol(int fb, int i)
{
	while (i-- > 0)
		fb /= 3;
	return fb % 3;
}

/* Whether position permutation perm, with the colour map it forces, fixes
 * every guess and answer of the path; fills y. */
static bool fixes_path(const struct mm_solver *s, const int *perm, struct sym *y)
{
	uint8_t inverse[MM_MAX_COLORS];
	int p = s->v.pegs;

	memset(y->cmap, 0xff, sizeof(y->cmap));
	memset(inverse, 0xff, sizeof(inverse));
	for (int i = 0; i < p; i++)
		y->perm[i] = (uint8_t)perm[i];
	for (int k = 0; k < s->npath; k++) {
		const struct mm_try *t = &s->path[k];
		for (int i = 0; i < p; i++) {
			int a = t->guess.d[perm[i]], b = t->guess.d[i];
			if ((y->cmap[a] != 0xff && y->cmap[a] != b) ||
			    (inverse[b] != 0xff && inverse[b] != a))
				return false;
			y->cmap[a] = (uint8_t)b;
			inverse[b] = (uint8_t)a;
			if (s->v.style == MM_POSITIONAL && symbol(t->fb, perm[i]) != symbol(t->fb, i))
				return false;
		}
	}
	return true;
}

/* The symmetries other than the identity that fix the path. */
static int path_group(const struct mm_solver *s, struct sym *group)
{
	int n = 0;

	for (int k = 1; k < s->nperms; k++)
		if (fixes_path(s, s->perms[k], &group[n]))
			n++;
	return n;
}

/* Rename the colours not in used to the smallest such colours in order of
 * first appearance; the result is the least code of its class. */
static void fresh_canonical(const struct mm_variant *v, unsigned used, struct mm_code *c)
{
	uint8_t map[MM_MAX_COLORS];
	int next = 0;

	memset(map, 0xff, sizeof(map));
	for (int i = 0; i < v->pegs; i++) {
		int col = c->d[i];
		if ((used >> col) & 1)
			continue;
		if (map[col] == 0xff) {
			while ((used >> next) & 1)
				next++;
			map[col] = (uint8_t)next++;
		}
		c->d[i] = map[col];
	}
}

static int code_cmp(const struct mm_variant *v, const struct mm_code *a, const struct mm_code *b)
{
	return memcmp(a->d, b->d, (size_t)v->pegs);
}

/* Whether guess g is the least of its class under the symmetries. */
static bool representative(const struct mm_solver *s, int g, unsigned used,
			   const struct sym *group, int ngroup)
{
	const struct mm_code *x = &s->cfg.guesses[g];
	struct mm_code y = *x;

	fresh_canonical(&s->v, used, &y);
	if (code_cmp(&s->v, &y, x) != 0)
		return false;
	for (int k = 0; k < ngroup; k++) {
		for (int i = 0; i < s->v.pegs; i++) {
			int col = x->d[group[k].perm[i]];
			y.d[i] = (used >> col) & 1 ? group[k].cmap[col] : (uint8_t)col;
		}
		fresh_canonical(&s->v, used, &y);
		if (code_cmp(&s->v, &y, x) < 0)
			return false;
	}
	return true;
}

/* ---- the search ---- */

static int cmp_scored(const void *pa, const void *pb)
{
	const struct scored *a = pa, *b = pb;

	if (a->bound != b->bound)
		return a->bound < b->bound ? -1 : 1;
	if (a->sumsq != b->sumsq)
		return a->sumsq < b->sumsq ? -1 : 1;
	if (a->member != b->member)
		return a->member ? -1 : 1;
	return a->guess - b->guess;
}

/* Score guess g on the set: false when it splits nothing, or leaves a
 * class the depth left after it cannot solve. */
static bool score_guess(struct mm_solver *s, const int *set, int n, int g, int depth,
			int *count, int *touched, struct scored *out)
{
	long room = depth_cap(s, next_depth(depth));
	const uint16_t *row = s->fb + (size_t)g * (size_t)s->cfg.ns;
	int ntouched = 0, largest = 0;

	for (int i = 0; i < n; i++) {
		int f = row[set[i]];
		if (count[f]++ == 0)
			touched[ntouched++] = f;
	}
	out->guess = g;
	out->bound = n;
	out->sumsq = 0;
	out->member = s->member_of[g] >= 0 && s->stamp[s->member_of[g]] == s->generation;
	for (int i = 0; i < ntouched; i++) {
		int f = touched[i], c = count[f];
		if (f != s->win)
			out->bound += s->lb[c];
		out->sumsq += (long)c * c;
		if (f != s->win && c > largest)
			largest = c;
		count[f] = 0;
	}
	return (largest < n || out->member) && largest <= room;
}

/* Score guess g from its answer counts on the set (cnt[f] codes answer
 * f): as score_guess. */
static bool score_counts(struct mm_solver *s, int n, int g, int depth, const uint32_t *cnt,
			 struct scored *out)
{
	long room = depth_cap(s, next_depth(depth));
	int largest = 0;

	out->guess = g;
	out->bound = n;
	out->sumsq = 0;
	out->member = s->member_of[g] >= 0 && s->stamp[s->member_of[g]] == s->generation;
	for (int f = 0; f < s->nfb; f++) {
		long c = cnt[f];
		if (!c)
			continue;
		if (f != s->win) {
			out->bound += s->lb[c];
			largest = c > largest ? (int)c : largest;
		}
		out->sumsq += c * c;
	}
	return (largest < n || out->member) && largest <= room;
}

struct klass {
	int fb, start, size;
};

static int cmp_klass(const void *pa, const void *pb)
{
	const struct klass *a = pa, *b = pb;

	return a->size != b->size ? b->size - a->size : a->fb - b->fb;
}

/* Split set by guess g into classes (non-winning answers only), sorted by
 * size, largest first, members in out. Returns the number of classes. */
static int split(struct mm_solver *s, const int *set, int n, int g, int *out,
		 struct klass *classes)
{
	const uint16_t *row = s->fb + (size_t)g * (size_t)s->cfg.ns;
	int *count = xcalloc((size_t)s->nfb, sizeof(*count));
	int nclasses = 0, pos = 0;

	for (int i = 0; i < n; i++)
		count[row[set[i]]]++;
	for (int f = 0; f < s->nfb; f++)
		if (count[f] && f != s->win) {
			classes[nclasses++] = (struct klass){ f, pos, 0 };
			pos += count[f];
		}
	for (int k = 0; k < nclasses; k++)
		count[classes[k].fb] = k + 1;
	for (int i = 0; i < n; i++) {
		int f = row[set[i]];
		if (f == s->win)
			continue;
		struct klass *c = &classes[count[f] - 1];
		out[c->start + c->size++] = set[i];
	}
	free(count);
	qsort(classes, (size_t)nclasses, sizeof(*classes), cmp_klass);
	return nclasses;
}

static long solve(struct mm_solver *s, const int *set, int n, int depth, long bound,
		  int *best_guess);

/* Whether the current node is one of the top trace_depth levels. */
static bool tracing(const struct mm_solver *s)
{
	return s->cfg.trace && s->npath - s->nhistory < s->cfg.trace_depth;
}

/* One line of the trace: the seconds so far, the answers that led here
 * (indented by depth), then the text. */
static void trace(const struct mm_solver *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void trace(const struct mm_solver *s, const char *fmt, ...)
{
	FILE *f = s->cfg.trace;
	va_list ap;

	fprintf(f, "%8.1f s %*s", monotime_now() - s->started, 2 * (s->npath - s->nhistory), "");
	for (int k = s->nhistory; k < s->npath; k++) {
		struct strbuf sb = { 0 };
		mm_fb_print(&s->v, s->path[k].fb, &sb);
		fprintf(f, "%s%s", k > s->nhistory ? "/" : "", sb_str(&sb));
		sb_free(&sb);
	}
	fprintf(f, s->npath > s->nhistory ? ": " : "root: ");
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	fflush(f);
}

static int candidates(struct mm_solver *s, const int *set, int n, int depth, long bound,
		      int keep, struct scored *list);

/* A lower bound of the set's total with depth guesses left (the path leads
 * to it): the memo's, raised for a large set to the least bound of its
 * guesses (each guess, then lb[] of its classes: one guess deeper than
 * lb[n]), which the memo keeps. */
static long set_bound(struct mm_solver *s, const int *set, int n, int depth)
{
	if (n > depth_cap(s, depth))
		return INF_COST;
	if (n <= 2)
		return n == 1 ? 1 : 3;
	uint64_t key = memo_key(s, set, n, depth);
	bool done;
	long lb = memo_lookup(s, key, n, s->lb[n], &done);
	if (done || n < LOOKAHEAD_MIN)
		return lb;
	struct scored best;
	long b = candidates(s, set, n, depth, INF_COST, 1, &best) ? best.bound : INF_COST;
	if (b > lb && !s->exhausted) {
		memo_store(s, key, (uint32_t)n, b, -1, false);
		lb = b;
	}
	return lb;
}

/* The total of guess g on the set, or a value >= bound when it cannot beat
 * bound. glb is the guess's own lower bound. Before any class is searched,
 * the large ones' bounds are raised by set_bound: one of them may show at
 * once that g cannot beat bound. */
static long evaluate(struct mm_solver *s, const int *set, int n, int depth, int g, long glb,
		     long bound)
{
	int *members = xmalloc((size_t)n * sizeof(*members));
	struct klass *classes = xmalloc((size_t)(n + 1) * sizeof(*classes));
	int nclasses = split(s, set, n, g, members, classes);
	long total = n, rest = glb - n, *cb = xmalloc((size_t)(nclasses + 1) * sizeof(*cb));

	s->path[s->npath].guess = s->cfg.guesses[g];
	for (int k = 0; k < nclasses && total + rest < bound; k++) {
		s->path[s->npath++].fb = classes[k].fb;
		cb[k] = set_bound(s, members + classes[k].start, classes[k].size, next_depth(depth));
		if (tracing(s))
			trace(s, "%d codes, bound %ld", classes[k].size, cb[k]);
		s->npath--;
		rest += cb[k] - s->lb[classes[k].size];
	}
	/* The root's classes smallest first on request: their totals are
	 * proven early (the root is searched without a bound: no cut is lost). */
	bool reverse = s->cfg.small_first && s->npath == s->nhistory;
	for (int i = 0; i < nclasses && total + rest < bound; i++) {
		int k = reverse ? nclasses - 1 - i : i;
		const struct klass *c = &classes[k];
		rest -= cb[k];
		s->path[s->npath++].fb = c->fb;
		long sub = solve(s, members + c->start, c->size, next_depth(depth),
				 bound - total - rest, NULL);
		if (tracing(s))
			trace(s, "%d codes, %s %ld", c->size,
			      sub < bound - total - rest ? "total" : "at least", sub);
		total += sub;
		s->npath--;
	}
	free(cb);
	free(members);
	free(classes);
	return total + rest;
}

/* Keep the best keep entries of a stream in a heap whose root is the worst
 * kept (cmp_scored order). */
static void heap_push(struct scored *heap, int *n, int keep, const struct scored *x)
{
	int i;

	if (*n < keep) {
		for (i = (*n)++; i > 0 && cmp_scored(&heap[(i - 1) / 2], x) < 0; i = (i - 1) / 2)
			heap[i] = heap[(i - 1) / 2];
		heap[i] = *x;
		return;
	}
	if (cmp_scored(x, &heap[0]) >= 0)
		return;
	for (i = 0;;) {
		int c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && cmp_scored(&heap[c + 1], &heap[c]) > 0)
			c++;
		if (cmp_scored(&heap[c], x) <= 0)
			break;
		heap[i] = heap[c];
		i = c;
	}
	heap[i] = *x;
}

/* Where candidates puts what it scores. */
struct pick {
	long bound;          /* keep guesses whose bound is below it */
	int keep;            /* keep the best keep (0: all) */
	struct scored *list; /* here */
	int n;               /* kept so far */
};

static void pick_add(struct pick *p, const struct scored *one)
{
	if (one->bound >= p->bound)
		return;
	if (p->keep > 0)
		heap_push(p->list, &p->n, p->keep, one);
	else
		p->list[p->n++] = *one;
}

/* Score the representatives among all guesses row by row (fb). */
static void scan_rows(struct mm_solver *s, const int *set, int n, int depth, const bool *rep,
		      struct pick *p)
{
	int *count = xcalloc((size_t)s->nfb, sizeof(*count));
	int *touched = xmalloc((size_t)s->nfb * sizeof(*touched));
	struct scored one;

	for (int g = 0; g < s->cfg.ng; g++) {
		if (!rep[g])
			continue;
		if (spend(s, n))
			break;
		if (score_guess(s, set, n, g, depth, count, touched, &one))
			pick_add(p, &one);
	}
	free(count);
	free(touched);
}

/* The same by blocks of guesses from the table by secret (fbt): each code
 * of the set adds its answers to a block's counters in one sequential
 * read. Scores, order and spending are scan_rows's. */
static void scan_blocks(struct mm_solver *s, const int *set, int n, int depth, const bool *rep,
			struct pick *p)
{
	int ng = s->cfg.ng, nfb = s->nfb, width = BLOCK_CELLS / nfb;
	uint32_t *cnt = xcalloc((size_t)width * (size_t)nfb, sizeof(*cnt));
	struct scored one;
	bool stop = false;

	for (int g0 = 0; g0 < ng && !stop; g0 += width) {
		int m = ng - g0 < width ? ng - g0 : width, any = 0;
		for (int j = 0; j < m; j++)
			any |= rep[g0 + j];
		if (!any)
			continue;
		for (int i = 0; i < n; i++) {
			const uint8_t *row = s->fbt + (size_t)set[i] * (size_t)ng + (size_t)g0;
			for (int j = 0; j < m; j++)
				cnt[j * nfb + row[j]]++;
		}
		for (int j = 0; j < m && !stop; j++) {
			if (!rep[g0 + j])
				continue;
			stop = spend(s, n);
			if (!stop && score_counts(s, n, g0 + j, depth, cnt + j * nfb, &one))
				pick_add(p, &one);
		}
		memset(cnt, 0, (size_t)m * (size_t)nfb * sizeof(*cnt));
	}
	free(cnt);
}

/* Score the candidate guesses of a set and keep the best keep of them (all
 * when keep is 0) whose bound is below bound, sorted; returns how many. */
static int candidates(struct mm_solver *s, const int *set, int n, int depth, long bound,
		      int keep, struct scored *list)
{
	struct sym group[MAX_GROUP];
	int ngroup = s->npath < MM_MAX_TRIES ? path_group(s, group) : 0;
	unsigned used = used_colors(s);
	bool *rep = xmalloc((size_t)s->cfg.ng * sizeof(*rep));
	struct pick p = { bound, keep, list, 0 };

	s->generation++;
	for (int i = 0; i < n; i++)
		s->stamp[set[i]] = s->generation;
	for (int g = 0; g < s->cfg.ng; g++)
		rep[g] = representative(s, g, used, group, ngroup);
	if (s->fbt)
		scan_blocks(s, set, n, depth, rep, &p);
	else
		scan_rows(s, set, n, depth, rep, &p);
	free(rep);
	qsort(list, (size_t)p.n, sizeof(*list), cmp_scored);
	return p.n;
}

/* The search width at the current node: top_width near the root. */
static int width_here(const struct mm_solver *s)
{
	return s->npath - s->nhistory < s->cfg.top_depth ? s->cfg.top_width : s->cfg.width;
}

/* A member of the set that tells every other member apart: guessing it
 * costs 2n - 1, the least possible. Returns its guess index or -1. */
static int perfect_member(struct mm_solver *s, const int *set, int n)
{
	uint8_t *seen = xcalloc((size_t)s->nfb, 1);
	int found = -1;

	for (int k = 0; k < n && found < 0; k++) {
		int g = s->guess_of[set[k]], i;
		if (g < 0 || spend(s, n))
			continue;
		const uint16_t *row = s->fb + (size_t)g * (size_t)s->cfg.ns;
		for (i = 0; i < n && !seen[row[set[i]]]; i++)
			seen[row[set[i]]] = 1;
		if (i == n)
			found = g;
		for (int j = 0; j < i; j++)
			seen[row[set[j]]] = 0;
	}
	free(seen);
	return found;
}

static long solve(struct mm_solver *s, const int *set, int n, int depth, long bound,
		  int *best_guess)
{
	if (n > depth_cap(s, depth))
		return INF_COST;
	if (n <= 2 && !best_guess)
		return n == 1 ? 1 : 3;
	uint64_t key = memo_key(s, set, n, depth);
	bool done;
	long lb = memo_lookup(s, key, n, s->lb[n], &done);
	if ((done || lb >= bound) && !best_guess)
		return lb;
	if (s->lb[n] == 2 * n - 1) {
		int g = perfect_member(s, set, n);
		if (g >= 0) {
			if (best_guess)
				*best_guess = g;
			memo_store(s, key, (uint32_t)n, 2 * n - 1, g, true);
			return 2 * n - 1;
		}
		if (lb < 2 * n) /* see perfect_member: every other guess costs 2n or more */
			lb = 2 * n;
		if (lb >= bound && !best_guess)
			return lb;
	}

	struct scored *list = xmalloc((size_t)s->cfg.ng * sizeof(*list));
	int nlist = candidates(s, set, n, depth, bound, width_here(s), list), bestg = -1;
	long best = bound;
	if (best_guess && nlist > 0)
		s->root_first = list[0].guess;
	for (int i = 0; i < nlist && list[i].bound < best && !s->exhausted; i++) {
		long total = evaluate(s, set, n, depth, list[i].guess, list[i].bound, best);
		if (tracing(s))
			trace(s, "guess %d of %d (bound %ld): %s %ld", i + 1, nlist, list[i].bound,
			      total < best ? "total" : "at least", total);
		if (total < best && !s->exhausted) {
			best = total;
			bestg = list[i].guess;
		}
	}
	free(list);
	if (best_guess)
		*best_guess = bestg;
	if (s->exhausted)
		return best > lb ? best : lb;
	if (bestg >= 0)
		memo_store(s, key, (uint32_t)n, best, bestg, true);
	else
		memo_store(s, key, (uint32_t)n, best, -1, false);
	return best;
}

long mm_solver_solve(struct mm_solver *s, int *guess)
{
	int *set = xmalloc((size_t)s->cfg.ns * sizeof(*set));
	long total;

	for (int i = 0; i < s->cfg.ns; i++)
		set[i] = i;
	total = solve(s, set, s->cfg.ns, s->max_depth, INF_COST, guess);
	if (*guess < 0) /* budget ran out before any complete evaluation */
		*guess = s->root_first;
	free(set);
	return total;
}

/* ---- the least worst case ---- */

static bool feasible(struct mm_solver *s, const int *set, int n, int depth);

/* Whether guess g leaves only classes that depth - 1 more guesses solve. */
static bool guess_feasible(struct mm_solver *s, const int *set, int n, int depth, int g)
{
	int *members = xmalloc((size_t)n * sizeof(*members));
	struct klass *classes = xmalloc((size_t)(n + 1) * sizeof(*classes));
	int nclasses = split(s, set, n, g, members, classes);
	bool ok = true;

	s->path[s->npath].guess = s->cfg.guesses[g];
	for (int k = 0; k < nclasses && ok && !s->exhausted; k++) {
		s->path[s->npath++].fb = classes[k].fb;
		ok = feasible(s, members + classes[k].start, classes[k].size, depth - 1);
		s->npath--;
	}
	free(members);
	free(classes);
	return ok && !s->exhausted;
}

/* Whether some strategy solves the set within depth guesses: some guess
 * (up to symmetry) whose every class is solvable with one guess fewer. */
static bool feasible(struct mm_solver *s, const int *set, int n, int depth)
{
	if (n > depth_cap(s, depth))
		return false;
	if (n <= 2)
		return true; /* depth_cap: depth >= n */
	uint64_t key = memo_key(s, set, n, depth) ^ FEASIBLE_SALT;
	struct memo_entry *m = memo_find(s, key, (uint32_t)n);
	if (m)
		return m->value != 0;
	struct scored *list = xmalloc((size_t)s->cfg.ng * sizeof(*list));
	int nlist = candidates(s, set, n, depth, INF_COST, 0, list);
	bool ok = false;
	for (int i = 0; i < nlist && !ok && !s->exhausted; i++) {
		ok = guess_feasible(s, set, n, depth, list[i].guess);
		if (tracing(s))
			trace(s, "depth %d, guess %d of %d: %s", depth, i + 1, nlist,
			      ok ? "solves" : "fails");
	}
	free(list);
	if (!s->exhausted)
		memo_store(s, key, (uint32_t)n, ok, -1, true);
	return ok;
}

int mm_solver_min_depth(struct mm_solver *s)
{
	int *set = xmalloc((size_t)s->cfg.ns * sizeof(*set)), depth = 1, found = -1;

	for (int i = 0; i < s->cfg.ns; i++)
		set[i] = i;
	while (s->cfg.ns > depth_cap(s, depth))
		depth++;
	for (; depth < CAP_DEPTHS && found < 0 && !s->exhausted; depth++) {
		bool ok = feasible(s, set, s->cfg.ns, depth);
		if (s->cfg.trace)
			fprintf(s->cfg.trace, "%8.1f s depth %d: %s\n", monotime_now() - s->started,
				depth, s->exhausted ? "budget spent" : ok ? "a strategy" : "none");
		if (ok && !s->exhausted)
			found = depth;
	}
	free(set);
	return found;
}

/* ---- the whole strategy ---- */

struct builder {
	struct mm_tree *t;
	int cap_nodes, cap_edges;
};

static int add_node(struct builder *b, int guess, int size)
{
	struct mm_tree *t = b->t;

	if (t->nnodes == b->cap_nodes) {
		b->cap_nodes = b->cap_nodes ? 2 * b->cap_nodes : 256;
		t->nodes = xrealloc(t->nodes, (size_t)b->cap_nodes * sizeof(*t->nodes));
	}
	t->nodes[t->nnodes] = (struct mm_tree_node){ guess, 0, 0, size };
	return t->nnodes++;
}

static void add_edge(struct builder *b, int fb, int child)
{
	struct mm_tree *t = b->t;

	if (t->nedges == b->cap_edges) {
		b->cap_edges = b->cap_edges ? 2 * b->cap_edges : 256;
		t->edges = xrealloc(t->edges, (size_t)b->cap_edges * sizeof(*t->edges));
	}
	t->edges[t->nedges++] = (struct mm_tree_edge){ fb, child };
}

/* The best guess for a set with depth guesses left: from the memo, else
 * by solving again. */
static int best_for(struct mm_solver *s, const int *set, int n, int depth)
{
	struct memo_entry *m = memo_find(s, memo_key(s, set, n, depth), (uint32_t)n);
	int g = -1;

	if (n == 1) { /* guess the code itself */
		for (int i = 0; i < s->cfg.ng; i++)
			if (s->member_of[i] == set[0])
				return i;
	}
	if (m && m->exact && n > 2)
		return m->guess;
	solve(s, set, n, depth, INF_COST, &g);
	return g;
}

/* Build the subtree of a set reached at depth, with left guesses left;
 * returns its node or -1. */
static int build(struct mm_solver *s, struct builder *b, const int *set, int n, int depth,
		 int left)
{
	int g = best_for(s, set, n, left);

	if (g < 0 || s->exhausted)
		return -1;
	int node = add_node(b, g, n);
	int *members = xmalloc((size_t)n * sizeof(*members));
	struct klass *classes = xmalloc((size_t)(n + 1) * sizeof(*classes));
	int nclasses = split(s, set, n, g, members, classes), rc = 0;

	if (depth > b->t->depth)
		b->t->depth = depth;
	b->t->total += (long)n;
	/* Children first (depth first), then this node's edges in a block. */
	int *child = xmalloc((size_t)(nclasses + 1) * sizeof(*child));
	s->path[s->npath].guess = s->cfg.guesses[g];
	for (int k = 0; k < nclasses && rc == 0; k++) {
		s->path[s->npath++].fb = classes[k].fb;
		child[k] = build(s, b, members + classes[k].start, classes[k].size, depth + 1,
				 next_depth(left));
		s->npath--;
		rc = child[k] < 0 ? -1 : 0;
	}
	if (rc == 0) {
		b->t->nodes[node].first = b->t->nedges;
		b->t->nodes[node].nedges = nclasses;
		for (int k = 0; k < nclasses; k++)
			add_edge(b, classes[k].fb, child[k]);
	}
	free(child);
	free(members);
	free(classes);
	return rc == 0 ? node : -1;
}

int mm_solver_tree(struct mm_solver *s, struct mm_tree *tree)
{
	struct builder b = { .t = tree };
	int *set = xmalloc((size_t)s->cfg.ns * sizeof(*set));

	memset(tree, 0, sizeof(*tree));
	for (int i = 0; i < s->cfg.ns; i++)
		set[i] = i;
	int root = build(s, &b, set, s->cfg.ns, 1, s->max_depth);
	free(set);
	return root == 0 ? 0 : -1;
}

void mm_tree_free(struct mm_tree *tree)
{
	free(tree->nodes);
	free(tree->edges);
	memset(tree, 0, sizeof(*tree));
}
