/* The codebreaker: random (a consistent code), minimax (the presets'
 * strategy with the least worst case, proven, while the game follows it;
 * otherwise Knuth 1976: the guess whose largest class of answers is
 * smallest; ties go to a consistent code, then to the lowest), optimal (the
 * presets' strategy with the least total, while the game follows it;
 * otherwise the expected-guesses search of mastermind_solve.c within the
 * node budget).
 *
 * A node is one answer computed (a guess against a code), or one peg placed
 * while listing the consistent codes. The budget is the level's nodes (or
 * a default), its seconds and the server's caps, and the stop flag; with a
 * node budget the choice is reproducible. Listing the codes comes first
 * and may spend it all (a large custom variant): the guess is then one of
 * the consistent codes found, or none was and genmove fails. */
#include "games/mastermind/mastermind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/mastermind/mastermind_book.h"
#include "games/mastermind/mastermind_solve.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define DEFAULT_NODES 20000000ULL
#define GUESS_LIMIT 200000       /* more codes than this: guess among the candidates */
#define TABLE_LIMIT (1u << 22)   /* answers the search may tabulate (|G| x |S|) */
#define SEARCH_WIDTH 4           /* guesses examined per node below the root */
#define SEARCH_TOP_WIDTH 16      /* ... at the root */

struct plan {
	uint64_t nodes;     /* answer computations allowed */
	double deadline;    /* CLOCK_MONOTONIC seconds, 0 = none */
	atomic_bool *stop;  /* or NULL */
	uint64_t spent;     /* so far */
};

enum mm_algorithm mm_level_algorithm(const struct game_level *level)
{
	static const char *const names[] = { "random", "minimax", "optimal" };
	const char *by_name = !level ? "" : !strcmp(level->name, "medium") ? "minimax"
					  : !strcmp(level->name, "hard")   ? "optimal" : "";
	const char *a = level && level->algorithm[0] ? level->algorithm : by_name;

	for (int i = 0; i < 3; i++)
		if (!strcmp(a, names[i]))
			return (enum mm_algorithm)i;
	return MM_ALGO_RANDOM;
}

static void make_plan(const struct game_budget *budget, struct plan *p)
{
	const struct game_level *level = budget ? budget->level : NULL;
	double seconds = level ? level->seconds : 0;

	p->nodes = level && level->nodes > 0 ? (uint64_t)level->nodes : DEFAULT_NODES;
	if (budget && budget->max_seconds > 0 && (seconds <= 0 || budget->max_seconds < seconds))
		seconds = budget->max_seconds;
	/* 5% short of the limit: the reply still has to travel. */
	p->deadline = seconds > 0 ? monotime_now() + seconds * 0.95 : 0;
	p->stop = budget ? budget->stop : NULL;
	p->spent = 0;
}

/* The plan's limits for a search of the codes: the nodes it has left. */
static struct mm_limits plan_limits(const struct plan *p)
{
	return (struct mm_limits){ .stop = p->stop, .deadline = p->deadline,
				   .max_nodes = p->spent < p->nodes ? p->nodes - p->spent : 1 };
}

/* Count n answer computations; true when the budget is spent. */
static bool plan_spend(struct plan *p, uint64_t n)
{
	uint64_t before = p->spent;

	p->spent += n;
	if (p->spent > p->nodes)
		return true;
	if ((before >> 16) == (p->spent >> 16))
		return false;
	return (p->stop && atomic_load(p->stop)) || (p->deadline > 0 && monotime_now() > p->deadline);
}

/* ---- the book ---- */

const struct mm_book *mm_book_find(const struct mm_variant *v, enum mm_goal goal)
{
	for (int i = 0; i < mm_nbooks; i++) {
		const struct mm_variant *b = &mm_books[i].v;
		if (mm_books[i].goal == goal && b->pegs == v->pegs && b->colors == v->colors && b->repeats == v->repeats &&
		    b->style == v->style && v->tries >= mm_books[i].depth)
			return &mm_books[i];
	}
	return NULL;
}

int mm_book_next(const struct mm_book *b, const struct mm_variant *v,
		 const struct mm_try *tries, int n)
{
	int node = 0;

	for (int i = 0; i < n; i++) {
		const struct mm_book_node *x = &b->nodes[node];
		int next = -1;

		if (tries[i].fb < 0 || mm_code_number(v, &tries[i].guess) != x->guess)
			return -1;
		for (int e = x->first; e < x->first + x->nedges; e++)
			if (b->edges[e].fb == tries[i].fb)
				next = b->edges[e].child;
		if (next < 0)
			return -1;
		node = next;
	}
	return b->nodes[node].guess;
}

/* ---- random ---- */

static bool take_first(const struct mm_code *c, void *ctx)
{
	*(struct mm_code *)ctx = *c;
	return true;
}

/* One of the n codes of set (all of them when n <= MM_LIST_CAP, else the
 * first MM_LIST_CAP). */
static int random_guess(struct mm_game *mg, const struct mm_code *set, uint64_t n,
			struct plan *p, struct mm_code *guess)
{
	if (n <= MM_LIST_CAP) {
		*guess = set[rng_below(&mg->base.rng, (uint32_t)n)];
		return 0;
	}
	/* Too many to list: the first code of a search in random order, or
	 * one of those listed when the budget ends that search first. */
	struct mm_enum e = {
		.v = &mg->v, .tries = mg->tries, .ntries = mg->ntries, .shuffle = &mg->base.rng,
		.lim = plan_limits(p), .visit = take_first, .ctx = guess,
	};
	bool found = mm_enumerate(&e) > 0;

	p->spent += e.nodes;
	if (!found)
		*guess = set[rng_below(&mg->base.rng, MM_LIST_CAP)];
	return 0;
}

/* ---- minimax ---- */

static unsigned used_colors(const struct mm_game *mg)
{
	unsigned used = 0;

	for (int k = 0; k < mg->ntries; k++)
		for (int i = 0; i < mg->v.pegs; i++)
			used |= 1u << mg->tries[k].guess.d[i];
	return used;
}

/* Whether c is the least code of its class under renaming the colours no
 * try has used (such codes all score alike, and the least is the one the
 * lowest-first tie-break would pick). */
static bool fresh_least(const struct mm_variant *v, unsigned used, const struct mm_code *c)
{
	int next = 0;
	unsigned seen = 0;

	for (int i = 0; i < v->pegs; i++) {
		int col = c->d[i];
		if (((used | seen) >> col) & 1)
			continue;
		while (((used | seen) >> next) & 1)
			next++;
		if (col != next)
			return false;
		seen |= 1u << col;
	}
	return true;
}

struct minimax_score {
	int worst;   /* largest class */
	bool member; /* the guess may be the secret */
};

static struct minimax_score minimax_score(const struct mm_variant *v, const struct mm_code *g,
					  const struct mm_code *set, int n, int *count)
{
	struct minimax_score sc = { 0, false };
	int win = mm_fb_win(v), range = mm_fb_range(v);

	for (int i = 0; i < n; i++) {
		int f = mm_feedback(v, &set[i], g);
		if (++count[f] > sc.worst)
			sc.worst = count[f];
		sc.member |= f == win;
	}
	if (n * 4 < range) {
		for (int i = 0; i < n; i++)
			count[mm_feedback(v, &set[i], g)] = 0;
	} else {
		memset(count, 0, (size_t)range * sizeof(*count));
	}
	return sc;
}

/* The codes Knuth's rule chooses among: every code when affordable, else
 * the candidates. Returns a malloc'd list or NULL for the candidates. */
static struct mm_code *guess_pool(const struct mm_variant *v, int ns, uint64_t limit, int *ng)
{
	uint64_t space = mm_space_size(v);

	if (space > GUESS_LIMIT || space * (uint64_t)ns > limit)
		return NULL;
	return mm_all_codes(v, GUESS_LIMIT, ng);
}

static int minimax_guess(struct mm_game *mg, const struct mm_code *set, int ns,
			 struct plan *p, struct mm_code *guess)
{
	const struct mm_variant *v = &mg->v;
	int ng = ns, *count = xcalloc((size_t)mm_fb_range(v), sizeof(*count));
	struct mm_code *pool = guess_pool(v, ns, p->nodes, &ng);
	const struct mm_code *g = pool ? pool : set;
	unsigned used = used_colors(mg);
	struct minimax_score best = { ns + 1, false };

	*guess = set[0];
	for (int i = 0; i < ng; i++) {
		if (!fresh_least(v, used, &g[i]))
			continue;
		struct minimax_score sc = minimax_score(v, &g[i], set, ns, count);
		if (sc.worst < best.worst || (sc.worst == best.worst && sc.member && !best.member)) {
			best = sc;
			*guess = g[i];
		}
		if (plan_spend(p, (uint64_t)ns))
			break;
	}
	free(pool);
	free(count);
	return 0;
}

/* ---- the books ---- */

/* The guess of the book with that goal when the game has followed it so
 * far. */
static bool book_guess(const struct mm_game *mg, enum mm_goal goal, struct mm_code *guess)
{
	const struct mm_book *book = mm_book_find(&mg->v, goal);
	int move = book ? mm_book_next(book, &mg->v, mg->tries, mg->ntries) : -1;

	if (move < 0)
		return false;
	mm_code_from_number(&mg->v, move, guess);
	return true;
}

/* ---- optimal ---- */

static int optimal_guess(struct mm_game *mg, const struct mm_code *set, int ns,
			 struct plan *p, struct mm_code *guess)
{
	const struct mm_variant *v = &mg->v;
	int ng = ns;

	if (ns <= 2) { /* guessing either one is best */
		*guess = set[0];
		return 0;
	}
	if ((uint64_t)ns * (uint64_t)ns > TABLE_LIMIT)
		return minimax_guess(mg, set, ns, p, guess);
	struct mm_code *pool = guess_pool(v, ns, TABLE_LIMIT, &ng);
	struct mm_solver_config cfg = {
		.v = v, .guesses = pool ? pool : set, .ng = ng, .secrets = set, .ns = ns,
		.history = mg->tries, .nhistory = mg->ntries, .width = SEARCH_WIDTH,
		.top_width = SEARCH_TOP_WIDTH, .top_depth = 1, .max_nodes = plan_limits(p).max_nodes,
		.stop = p->stop, .deadline = p->deadline, .memo_bits = 16,
	};
	struct mm_solver *s = mm_solver_new(&cfg);
	int best = -1;

	mm_solver_solve(s, &best);
	*guess = best >= 0 ? cfg.guesses[best] : set[0];
	p->spent += mm_solver_nodes(s);
	mm_solver_free(s);
	free(pool);
	return 0;
}

int mm_choose_guess(struct mm_game *mg, const struct game_budget *budget,
		    struct mm_code *guess, struct mm_ai_stats *stats, char *err, size_t errlen)
{
	const struct game_level *level = budget ? budget->level : NULL;
	enum mm_algorithm algo = mm_level_algorithm(level);
	struct plan p;
	struct mm_code *set = NULL;
	int rc;

	memset(stats, 0, sizeof(*stats));
	make_plan(budget, &p);
	if (level && level->randomness > 0 &&
	    (double)rng_below(&mg->base.rng, 1u << 30) < level->randomness * (double)(1u << 30))
		algo = MM_ALGO_RANDOM;
	if (algo != MM_ALGO_RANDOM &&
	    book_guess(mg, algo == MM_ALGO_OPTIMAL ? MM_GOAL_AVERAGE : MM_GOAL_MINIMAX, guess)) {
		stats->from_book = true;
		return 0;
	}
	struct mm_limits lim = plan_limits(&p);
	bool partial = false;
	uint64_t listed = 0;
	uint64_t n = mm_consistent_list(&mg->v, mg->tries, mg->ntries, MM_LIST_CAP, &set, &lim,
					&partial, &listed);
	p.spent += listed;
	if (n == 0) {
		free(set);
		snprintf(err, errlen, "%s",
			 partial ? "no code found within the budget" : "no code fits the answers");
		return -1;
	}
	if (algo == MM_ALGO_RANDOM || partial || n > MM_LIST_CAP || n == 1)
		rc = random_guess(mg, set, n, &p, guess);
	else if (algo == MM_ALGO_MINIMAX)
		rc = minimax_guess(mg, set, (int)n, &p, guess);
	else
		rc = optimal_guess(mg, set, (int)n, &p, guess);
	stats->nodes = p.spent;
	stats->partial = partial;
	free(set);
	return rc;
}
