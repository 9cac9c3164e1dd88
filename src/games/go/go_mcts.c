/* UCT with RAVE over a shared arena of compact nodes (see go_mcts.h). */
#include "games/go/go_mcts.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "games/go/go_priors.h"
#include "util/checkpoint.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define NODE_BUSY UINT32_MAX /* child: being expanded by some thread */
/* Past the soft limit the search goes on while the runner-up at the root
 * has at least this share of the leader's playouts (a race still open). */
#define SOFT_RACE 0.7
#define RAVE_EQUIV 2000.0    /* playouts at which AMAF and real results weigh the same */
/* UCT exploration constants, below WIDEN_SIZE and from it up: RAVE and
 * the priors do most of the exploring, and a large bonus for rarely
 * visited children spreads playouts over bad moves. Self-play at 1,000
 * playouts a move (SPRTs accepted) against the old 0.15 for both: 9x9
 * 0.05 +143 Elo (54 games, 36-15, 3 draws); 19x19 0.05 16-2, then 0
 * against 0.05 22-5, and 0 against 0.15 8-0 at 5,000 playouts. A little
 * is kept: without any, the search misses the broken ladder problems of
 * the unit tests (F5 on 9x9 and 19x19), and 0.01 was level with 0 on
 * 19x19, 0 with 0.05 on 9x9. */
#define EXPLORE_SMALL 0.05
#define EXPLORE_LARGE 0.01
#define MAX_DEPTH 1024       /* tree plies followed in one simulation */
#define MAX_THREADS 64
#define MIN_RESIGN_PLAYOUTS 500
#define ENDLESS_MAX_VISITS (1 << 30) /* an analysis ends there */
/* Time shares of a move's hard limit (budget->max_seconds): a reused
 * subtree is copied for at most KEEP_SHARE of it (the rest of the tree is
 * dropped, its leaves searched again); the playouts end END_RESERVE of it
 * (at most END_RESERVE_MAX seconds) early, for the simulations in flight,
 * the join and the decision. */
#define KEEP_SHARE 0.25
#define END_RESERVE 0.05
#define END_RESERVE_MAX 0.010
#define COPY_CHECK 16384            /* nodes copied between looks at the clock */
#define RELEASE_PIECE (4u << 20)    /* bytes of a retired arena given back at once */
#define RELEASE_EVERY 64            /* first thread's simulations between pieces */
/* Progressive widening, on boards of WIDEN_SIZE and more: a node's
 * children, their priors joined by the learned patterns' opinion
 * (LEARNED_PLAYOUTS; doc/go-patterns.md), are ordered by their priors and
 * only the first WIDEN_FIRST +
 * log(1 + visits / WIDEN_VISITS) / log(WIDEN_GROWTH) are searched (pass
 * always is). Without it the search spreads a 19x19 opening's playouts
 * evenly over every point; on 9x9 it cost strength (45.8% over 120 games
 * at 1,000 playouts). The root is widened only when no string is in
 * atari: there the playouts, which let weak groups die, judge an escape
 * worse than a big point, and the priors must lead as before. */
#define WIDEN_SIZE 13
#define WIDEN_FIRST 5
#define WIDEN_VISITS 40.0
#define WIDEN_GROWTH 1.4
#define LEARNED_PLAYOUTS 20 /* the learned patterns' weight in a node's priors */
/* Real playouts before a leaf is expanded: EXPAND_LARGE above 13x13;
 * EXPAND_SMALL below WIDEN_SIZE, where every child of a node gets the
 * learned features' priors (doc/go-patterns.md), dear next to a 9x9
 * playout; EXPAND_OTHER otherwise (13x13, searches on the hand-set priors
 * alone). On 9x9 the table expanded at 2 made a simulation 1.6 times the
 * hand-set priors' (bench/go_analyze: 49.6 against 31.3 us), at 8 1.05
 * times (33.0); at 8 it scored 60.7% (+76 Elo, 177 games, SPRT(0, 30) H1)
 * against the hand-set priors at 2, 3,000 playouts each, and at 4 was no
 * better than at 8 (47.0% over 117 games). */
#define EXPAND_LARGE 4
#define EXPAND_SMALL 8
#define EXPAND_OTHER 2

struct go_node {
	uint32_t child;    /* first child (a run of nchild), 0: none, NODE_BUSY */
	uint16_t nchild;   /* children */
	uint16_t move;     /* the move leading here (GO_PASS = 0) */
	int32_t visits;    /* prior + playouts through here + virtual losses */
	int32_t wins;      /* prior wins + playouts won by the player of move */
	int32_t amaf_visits; /* playouts below the parent where move came first */
	int32_t amaf_wins;   /* of which the player of move won */
	int32_t playouts;  /* real playouts through here */
};

/* Relaxed atomics: counters shared by the search threads. */
#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define ADD(x, v) __atomic_fetch_add(&(x), (v), __ATOMIC_RELAXED)

struct go_tree {
	struct go_node *nodes; /* nodes[0] unused: index 0 means none */
	uint32_t cap;          /* nodes the arena holds */
	size_t touched;        /* bytes at the arena's start that may hold pages */
	uint32_t used;         /* nodes handed out (atomic) */
	uint32_t root;         /* index of the root, 0: no tree */
	int size;              /* the game the root belongs to */
	double komi;           /* go_compensation: komi and the handicap bonus */
	enum go_rules rules;
	size_t nmoves;         /* the game's history length at the root */
	uint64_t hash;         /* and its position hash there */
	enum go_color to_move; /* who moves at the root */
	struct go_node *spare; /* the arena before the last reuse, being given
				* back piece by piece, or NULL */
	uint32_t spare_cap;    /* its nodes */
	size_t spare_touched;  /* bytes at its start that may still hold pages */
};

struct go_mcts_cache {
	atomic_int refs;      /* holders: copies of the game */
	atomic_bool busy;     /* a search holds the tree */
	struct go_tree tree;  /* the tree kept between moves */
	enum go_color low;    /* who was below the resign threshold at the
			       * last search, or GO_EMPTY */
};

/* ---- arenas ----
 *
 * An arena is anonymous memory mapped for the level's whole cap (without
 * reserving swap): the kernel gives a page, zeroed, when it is first
 * written, so a 1 GiB level costs what its tree grows to, and the search
 * pays for each page as it grows (a few microseconds), within its time.
 * Nothing is cleared up front: nodes are written as they are handed out.
 *
 * A reuse copies the kept subtree into a second arena of the same size;
 * the first becomes the tree's spare. Its pages go back to the kernel
 * with MADV_FREE (taken only when the system needs memory; a page written
 * again before is kept, so the spare, taken as the next reuse's target,
 * costs few new pages), which costs in proportion to the pages (tens of
 * milliseconds a GiB): a piece at a time, by the search's first thread and
 * after the search while the move's time allows. Unmapping costs as much
 * and is left to the cache's end (and a change of the level's memory). */

static struct go_node *arena_map(uint32_t cap)
{
	void *p = mmap(NULL, (size_t)cap * sizeof(struct go_node), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED) {
		fputs("quintet: out of memory\n", stderr); /* as xalloc */
		abort();
	}
	return p;
}

static void arena_unmap(struct go_node *nodes, uint32_t cap)
{
	if (nodes)
		munmap(nodes, (size_t)cap * sizeof(*nodes));
}

#ifdef MADV_FREE
#define RELEASE_ADVICE MADV_FREE
#else
#define RELEASE_ADVICE MADV_DONTNEED /* zeroed when written again */
#endif

/* Give one piece of the spare's pages back, from its end. */
static void release_piece(struct go_tree *t)
{
	if (!t->spare || t->spare_touched == 0)
		return;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t piece = t->spare_touched > RELEASE_PIECE ? RELEASE_PIECE : t->spare_touched;
	size_t from = (t->spare_touched - piece) / page * page;

	madvise((char *)t->spare + from, t->spare_touched - from, RELEASE_ADVICE);
	t->spare_touched = from;
}

/* Give the spare's pages back until stop (NULL: none) or deadline
 * (monotonic seconds; 0: none). */
static void release_until(struct go_tree *t, atomic_bool *stop, double deadline)
{
	while (t->spare && t->spare_touched > 0 && !(stop && atomic_load(stop)) &&
	       (deadline <= 0 || monotime_now() < deadline))
		release_piece(t);
}

/* Make the tree's arena the spare (one already there is unmapped: only a
 * change of the level's memory comes here with one). */
static void retire(struct go_tree *t)
{
	arena_unmap(t->spare, t->spare_cap);
	t->spare = t->nodes;
	t->spare_cap = t->cap;
	t->spare_touched = t->touched;
	t->nodes = NULL;
	t->touched = 0;
}

/* An arena of cap nodes: the spare when it has that size (its pages kept),
 * else a fresh one; *touched: its bytes that may hold pages. */
static struct go_node *arena_take(struct go_tree *t, uint32_t cap, size_t *touched)
{
	struct go_node *nodes;

	if (t->spare && t->spare_cap == cap) {
		nodes = t->spare;
		*touched = t->spare_touched;
		t->spare = NULL;
		return nodes;
	}
	*touched = 0;
	return arena_map(cap);
}

/* Note the nodes in use as written (their pages may be resident). */
static void note_touched(struct go_tree *t)
{
	size_t bytes = (size_t)(t->used < t->cap ? t->used : t->cap) * sizeof(*t->nodes);

	if (bytes > t->touched)
		t->touched = bytes;
}

static void tree_free(struct go_tree *t)
{
	arena_unmap(t->spare, t->spare_cap);
	arena_unmap(t->nodes, t->cap);
}

struct go_mcts_cache *go_mcts_cache_ref(struct go_mcts_cache *cache)
{
	atomic_fetch_add(&cache->refs, 1);
	return cache;
}

void go_mcts_cache_unref(struct go_mcts_cache *cache)
{
	if (cache && atomic_fetch_sub(&cache->refs, 1) == 1) {
		tree_free(&cache->tree);
		free(cache);
	}
}

/* ---- the search ---- */

struct search {
	struct go_tree *t;           /* the tree searched */
	const struct go_game *gg;    /* the root position (read only) */
	enum go_policy policy;       /* playouts */
	double compensation;         /* white's besides its area (go_compensation) */
	bool suicide;                /* the rules allow multi-stone suicide */
	bool root_passed;            /* the game's last move was a pass */
	int root_last;               /* the game's last move, or GO_PASS */
	int root_last2;              /* the move before it, or GO_PASS */
	uint8_t *root_ok;            /* root children legal under the full rules
				      * and not avoided there */
	const struct go_avoid *avoid; /* moves left out near the root, or NULL */
	int expand_at;               /* real playouts before a leaf is expanded */
	bool widen;                  /* progressive widening */
	bool learned;                /* the learned patterns join the priors */
	bool widen_root;             /* at the root too: a quiet position */
	double explore;              /* the UCT exploration constant */
	bool replies;                /* playouts learn and play last good replies */
	int max_moves;               /* playout length cap */
	long max_playouts;           /* budget */
	atomic_long started;         /* simulations claimed */
	double deadline;             /* monotonic seconds, 0 = none */
	double soft;                 /* past it a clear leader ends the search
				      * (the time manager's soft limit); 0 = none */
	double soft_end;             /* past it the soft limit ends it whatever
				      * the race (twice the soft time); 0 = none */
	atomic_bool *stop;           /* the job's stop flag, or NULL */
	atomic_bool halt;            /* the search decided to end */
	atomic_bool full;            /* the arena is full: no more expansions */
	atomic_long done;            /* simulations finished */
	atomic_long won;             /* of which the side to move at the root won */
	double start;                /* when it began (the deadline counts from it) */
	double since;                /* when its playouts began (after the reused
				      * tree's copy): the rate counts from it */
	const struct go_watch *watch; /* reports and gathering, or NULL */
	struct thread *threads;      /* every search thread (for their gathers) */
	int nthreads;                /* how many */
	double next_report;          /* monotonic seconds of the next report */
	struct go_analysis *snapshot; /* the report's buffer */
	double *root_prior;          /* root children's shares of the priors */
	int nroot;                   /* the root's children when the watch began */
	float (*moves_own)[GO_MAX_POINTS];     /* the snapshot's rows (moves_own) */
	float (*moves_neutral)[GO_MAX_POINTS]; /* and theirs (moves_neutral) */
};

/* What one thread's playouts ended with, for the analysis: written by
 * that thread alone (relaxed atomics, as the reporter reads them while it
 * runs). Margins are doubled, black's view, komi in: whole numbers. */
struct gather {
	int32_t black[GO_MAX_POINTS];   /* playouts ending with the point black's */
	int32_t white[GO_MAX_POINTS];   /* ... white's */
	int32_t owned_runs;             /* playouts counted in black/white */
	int64_t margin2;                /* sum of doubled margins */
	int64_t sq4;                    /* sum of their squares */
	int32_t runs;                   /* playouts counted in margin2 */
	int64_t child_margin2[GO_MAX_POINTS + 1]; /* per root child index */
	int64_t child_sq4[GO_MAX_POINTS + 1];     /* sum of squared doubled margins */
	int32_t child_runs[GO_MAX_POINTS + 1];
	int32_t *child_black;  /* the watch's moves_ownership: per root child
				* (nroot rows of GO_MAX_POINTS), as black[] */
	int32_t *child_white;  /* ... as white[] */
};

struct thread {
	struct search *s;
	struct rng rng;
	struct go_board board;
	struct go_trace trace;
	uint32_t path[MAX_DEPTH + 1];
	struct go_ladder *ladder;
	struct go_replies replies; /* this thread's, learnt in this search */
	struct gather *gather;     /* this thread's, when the search is watched */
	pthread_t id;
	job_checkpoint_fn pause;   /* the starting thread's checkpoint hook */
	void *pause_arg;           /* its argument */
};

static bool allow_suicide(const struct go_game *gg)
{
	return gg->rules == GO_RULES_TROMP_TAYLOR;
}

/* The children moves of a node: points c may play there that do not fill
 * its own eye, then pass. */
static int child_moves(const struct search *s, const struct go_board *b, enum go_color c,
		       bool root, int *out)
{
	int n = 0;

	for (int i = 0; i < b->nempty; i++) {
		int p = b->empty[i];

		if (go_board_is_eye(b, c, p))
			continue;
		if (root ? go_is_legal(s->gg, c, p) : go_board_is_legal(b, c, p, s->suicide))
			out[n++] = p;
	}
	out[n++] = GO_PASS;
	return n;
}

/* Whether no string on b is in atari. */
static bool quiet(const struct go_board *b)
{
	for (int p = b->stride; p < b->stride * (b->size + 1); p++)
		if ((b->color[p] == GO_BLACK || b->color[p] == GO_WHITE) && go_board_in_atari(b, p))
			return false;
	return true;
}

/* The first n moves' indices into order, best prior first (the prior's
 * win rate, as if from one more won and one more lost playout); ties keep
 * the moves' order. Insertion sort: n is at most a board's points. */
static void by_prior(const struct go_prior *pri, int n, int *order)
{
	double key[GO_MAX_POINTS + 1];

	for (int i = 0; i < n; i++) {
		double k = (pri[i].wins + 1.0) / (pri[i].visits + 2.0);
		int j = i;

		for (; j > 0 && key[j - 1] < k; j--) {
			key[j] = key[j - 1];
			order[j] = order[j - 1];
		}
		key[j] = k;
		order[j] = i;
	}
}

/* The learned patterns' opinion added to the priors of the first n moves:
 * LEARNED_PLAYOUTS virtual playouts each, won in proportion to the move's
 * strength over the strongest's. */
static void add_learned(const struct go_board *b, enum go_color c, int last, int last2,
			const int *moves, int n, struct go_prior *pri, struct go_ladder *ladder)
{
	double strength[GO_MAX_POINTS + 1], best = 0;

	go_priors_learned(b, c, last, last2, moves, n, strength, ladder);
	for (int i = 0; i < n; i++)
		best = strength[i] > best ? strength[i] : best;
	for (int i = 0; i < n && best > 0; i++) {
		pri[i].visits += LEARNED_PLAYOUTS;
		pri[i].wins += (int)(LEARNED_PLAYOUTS * strength[i] / best + 0.5);
	}
}

/* Expand node at board b (c to move, after last and last2 before it);
 * false when another thread has it or the arena is full. */
static bool expand(struct thread *th, uint32_t node, const struct go_board *b, enum go_color c,
		   int last, int last2)
{
	struct search *s = th->s;
	struct go_tree *t = s->t;
	struct go_node *nd = &t->nodes[node];
	uint32_t expected = 0;
	int moves[GO_MAX_POINTS + 1];
	struct go_prior pri[GO_MAX_POINTS + 1];

	if (!__atomic_compare_exchange_n(&nd->child, &expected, NODE_BUSY, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return false;
	int n = child_moves(s, b, c, node == t->root, moves);
	uint32_t first = __atomic_fetch_add(&t->used, (uint32_t)n, __ATOMIC_RELAXED);
	if ((uint64_t)first + (uint64_t)n > t->cap) {
		atomic_store(&s->full, true); /* and used stays below 2 * cap */
		__atomic_store_n(&nd->child, 0, __ATOMIC_RELEASE);
		return false;
	}
	go_priors(b, c, last, moves, n, pri, th->ladder);
	int order[GO_MAX_POINTS + 1];
	for (int i = 0; i < n; i++)
		order[i] = i;
	if (s->learned)
		add_learned(b, c, last, last2, moves, n - 1, pri, th->ladder); /* pass: last */
	if (s->widen)
		by_prior(pri, n - 1, order); /* pass, last, stays last */
	for (int i = 0; i < n; i++) {
		int k = order[i];

		t->nodes[first + i] = (struct go_node){ .move = (uint16_t)moves[k],
							.visits = pri[k].visits,
							.wins = pri[k].wins };
	}
	nd->nchild = (uint16_t)n;
	__atomic_store_n(&nd->child, first, __ATOMIC_RELEASE);
	return true;
}

/* Whether c's move is left out depth plies below the root. */
static bool avoided(const struct search *s, int move, int depth, enum go_color c)
{
	return s->avoid && depth < s->avoid->deepest && s->avoid->until[c][move] > depth;
}

/* The child of node (c to move, depth plies below the root) to descend
 * into: the best blend of its win rate and its AMAF win rate, plus a
 * little exploration; among the moves not avoided (obey), which neither
 * count toward the widening's open moves; 0 when there is none. */
static uint32_t select_among(const struct search *s, uint32_t node, uint32_t first, int n,
			     int depth, enum go_color c, bool obey)
{
	const struct go_node *nodes = s->t->nodes;
	double visits = LOAD(nodes[node].visits);
	double logn = log(visits + 1.0), best = -1;
	bool widen = node == s->t->root ? s->widen_root : s->widen;
	double open = widen ? WIDEN_FIRST + log(1.0 + visits / WIDEN_VISITS) / log(WIDEN_GROWTH) : n;
	uint32_t pick = 0;
	int rank = 0;

	for (int i = 0; i < n; i++) {
		const struct go_node *ch = &nodes[first + i];

		if (obey && avoided(s, ch->move, depth, c))
			continue;
		if (rank++ >= open && i < n - 1)
			continue; /* not yet open; the pass, last, always is */
		double v = LOAD(ch->visits), w = LOAD(ch->wins);
		double rv = LOAD(ch->amaf_visits), rw = LOAD(ch->amaf_wins);

		if (node == s->t->root && !s->root_ok[i])
			continue;
		if (v < 1)
			v = 1;
		double q = w / v;
		if (rv > 0) {
			double beta = rv / (rv + v + rv * v / RAVE_EQUIV);
			q = (1 - beta) * q + beta * rw / rv;
		}
		q += s->explore * sqrt(logn / v);
		if (q > best) {
			best = q;
			pick = first + (uint32_t)i;
		}
	}
	return pick;
}

/* select_among, the avoided moves searched where nothing else is left
 * (and, as ever, the first child where the root has no legal one). */
static uint32_t select_child(const struct search *s, uint32_t node, uint32_t first, int n,
			     int depth, enum go_color c)
{
	uint32_t pick = select_among(s, node, first, n, depth, c, true);

	if (!pick && s->avoid)
		pick = select_among(s, node, first, n, depth, c, false);
	return pick ? pick : first;
}

/* AMAF: the children of node (c to move there) whose move c played first
 * from this ply on get the playout's result. first_color[p] holds who
 * played p first from this ply on. */
static void update_amaf(struct go_tree *t, uint32_t node, enum go_color c,
			const uint8_t *first_color, bool c_won)
{
	struct go_node *nd = &t->nodes[node];
	uint32_t first = __atomic_load_n(&nd->child, __ATOMIC_ACQUIRE);

	if (first == 0 || first == NODE_BUSY)
		return;
	for (int i = 0; i < nd->nchild; i++) {
		struct go_node *ch = &t->nodes[first + i];

		if (ch->move != GO_PASS && first_color[ch->move] == (uint8_t)c) {
			ADD(ch->amaf_visits, 1);
			if (c_won)
				ADD(ch->amaf_wins, 1);
		}
	}
}

/* Back up the result along the path (depth nodes, path[0] the root, c0 to
 * move at the root) and the AMAF counts. */
static void backup(struct thread *th, int depth, enum go_color c0, bool black_won)
{
	struct go_tree *t = th->s->t;
	uint8_t first_color[GO_MAX_POINTS];
	const struct go_trace *tr = &th->trace;

	memset(first_color, 0, sizeof(first_color));
	for (int i = tr->n - 1; i >= 0; i--) {
		first_color[tr->point[i]] = tr->color[i];
		if (i < depth) {
			enum go_color c = (i % 2 == 0) ? c0 : go_other(c0);

			update_amaf(t, th->path[i], c, first_color, (c == GO_BLACK) == black_won);
		}
	}
	for (int i = 0; i <= depth; i++) {
		struct go_node *nd = &t->nodes[th->path[i]];
		/* The player of the move into path[i]: the one to move a ply up. */
		enum go_color mover = (i % 2 == 1) ? c0 : go_other(c0);

		ADD(nd->playouts, 1);
		if ((mover == GO_BLACK) == black_won)
			ADD(nd->wins, 1);
	}
}

/* Count a finished playout (board b, margin score for black) in the
 * thread's gather; root_child: the index of the root child it went
 * through, or -1. */
static void gather_playout(struct thread *th, const struct go_board *b, double score,
			   int root_child)
{
	struct gather *g = th->gather;
	int64_t m2 = (int64_t)llround(2 * score);

	bool per_child = g->child_black && root_child >= 0 && root_child < th->s->nroot;
	int32_t *cb = per_child ? g->child_black + (size_t)root_child * GO_MAX_POINTS : NULL;
	int32_t *cw = per_child ? g->child_white + (size_t)root_child * GO_MAX_POINTS : NULL;

	if (th->s->watch->ownership) {
		for (int p = b->stride; p < b->stride * (b->size + 1); p++) {
			enum go_color o = go_board_final_owner(b, p);

			if (o == GO_BLACK) {
				ADD(g->black[p], 1);
				if (cb)
					ADD(cb[p], 1);
			} else if (o == GO_WHITE) {
				ADD(g->white[p], 1);
				if (cw)
					ADD(cw[p], 1);
			}
		}
		ADD(g->owned_runs, 1);
	}
	ADD(g->margin2, m2);
	ADD(g->sq4, m2 * m2);
	ADD(g->runs, 1);
	if (root_child >= 0) {
		ADD(g->child_margin2[root_child], m2);
		ADD(g->child_sq4[root_child], m2 * m2);
		ADD(g->child_runs[root_child], 1);
	}
}

/* One simulation: descend, expand, play out, back up. */
static void simulate(struct thread *th)
{
	struct search *s = th->s;
	struct go_tree *t = s->t;
	struct go_board *b = &th->board;
	enum go_color c0 = t->to_move, c = c0;
	uint32_t node = t->root;
	int depth = 0, last = s->root_last, last2 = s->root_last2;
	bool passed = s->root_passed, terminal = false;

	go_board_copy(b, &s->gg->board);
	th->trace.n = 0;
	th->path[0] = node;
	ADD(t->nodes[node].visits, 1);
	while (depth < MAX_DEPTH) {
		struct go_node *nd = &t->nodes[node];
		uint32_t first = __atomic_load_n(&nd->child, __ATOMIC_ACQUIRE);

		if (first == 0 && (node == t->root || LOAD(nd->playouts) >= s->expand_at) &&
		    !atomic_load_explicit(&s->full, memory_order_relaxed) &&
		    expand(th, node, b, c, last, last2))
			first = __atomic_load_n(&nd->child, __ATOMIC_ACQUIRE);
		if (first == 0 || first == NODE_BUSY)
			break;
		uint32_t ch = select_child(s, node, first, nd->nchild, depth, c);
		int move = t->nodes[ch].move;
		go_board_play(b, c, move, s->suicide);
		th->trace.point[th->trace.n] = (uint16_t)move;
		th->trace.color[th->trace.n++] = (uint8_t)c;
		ADD(t->nodes[ch].visits, 1);
		th->path[++depth] = node = ch;
		if (move == GO_PASS && passed) {
			terminal = true;
			break;
		}
		passed = move == GO_PASS;
		last2 = last;
		last = move;
		c = go_other(c);
	}
	double score;
	struct go_policy_aids aids = { .ladder = th->ladder,
				       .replies = s->replies ? &th->replies : NULL };
	if (terminal)
		score = go_board_area_score(b) - s->compensation;
	else
		score = go_policy_playout(b, c, last, passed, s->policy, &th->rng, s->max_moves,
					  &th->trace, &aids) - s->compensation;
	/* A draw (whole-number komi) counts as a win for either side, at random. */
	bool black_won = score > 0 || (score == 0 && (rng_next(&th->rng) & 1));
	backup(th, depth, c0, black_won);
	if (th->gather)
		gather_playout(th, b, score, depth > 0 ? (int)(th->path[1] - LOAD(t->nodes[t->root].child)) : -1);
	if (s->replies)
		go_replies_learn(&th->replies, &th->trace, black_won);
	atomic_fetch_add_explicit(&s->done, 1, memory_order_relaxed);
	if ((c0 == GO_BLACK) == black_won)
		atomic_fetch_add_explicit(&s->won, 1, memory_order_relaxed);
}

/* ---- stopping ---- */

static bool should_stop(struct search *s)
{
	job_checkpoint(); /* an analysis or pondering yields to a waiting move */
	if (atomic_load_explicit(&s->halt, memory_order_relaxed))
		return true;
	if (s->stop && atomic_load_explicit(s->stop, memory_order_relaxed))
		return true;
	return s->deadline > 0 && monotime_now() >= s->deadline;
}

/* The two largest playout counts among the root's legal children. */
static void root_leaders(const struct search *s, int *best, int *second)
{
	const struct go_tree *t = s->t;
	const struct go_node *root = &t->nodes[t->root];
	uint32_t first = __atomic_load_n(&root->child, __ATOMIC_ACQUIRE);

	*best = *second = 0;
	if (first == 0 || first == NODE_BUSY)
		return;
	for (int i = 0; i < root->nchild; i++) {
		int v = LOAD(t->nodes[first + i].playouts);

		if (!s->root_ok[i])
			continue;
		if (v > *best) {
			*second = *best;
			*best = v;
		} else if (v > *second) {
			*second = v;
		}
	}
}

/* Whether the leader can no longer be caught by the playouts left (the
 * budget's, or what the time left allows at the rate so far). */
static bool decided(struct search *s, long done)
{
	int best, second;
	double left = s->max_playouts > 0 ? (double)(s->max_playouts - done) : 1e18;

	if (s->deadline > 0) {
		double elapsed = monotime_now() - s->since;
		double rate = elapsed > 0 ? done / elapsed : 0;
		double by_time = rate * (s->deadline - monotime_now());

		if (by_time < left)
			left = by_time;
	}
	root_leaders(s, &best, &second);
	return best - second > left;
}

/* Whether the soft limit ends the search now: past it with a clear
 * leader (the runner-up below SOFT_RACE of its playouts), or past twice
 * the soft time whatever the race. A close race may spend up to that, and
 * never past the hard limit (the deadline): the time manager's hard limit
 * is a cap for the unclear moves, the soft one the plan for the rest. */
static bool soft_done(struct search *s)
{
	int best, second;
	double now;

	if (s->soft <= 0 || (now = monotime_now()) < s->soft)
		return false;
	if (now >= s->soft_end)
		return true;
	root_leaders(s, &best, &second);
	return second < SOFT_RACE * best;
}

/* ---- analysis ---- */

/* The win rate less 1.96 standard errors over n playouts, at least 0. */
static double lower_bound(double wr, long n)
{
	double lcb = n > 0 ? wr - 1.96 * sqrt(wr * (1 - wr) / (double)n) : 0;

	return lcb < 0 ? 0 : lcb;
}

/* The most played line from node, its move first, and the playouts of
 * each of its nodes (visits); returns its length. The counts are read
 * from the line's end back: a playout is counted at a node before its
 * child, so while the threads run a node's count read later is never
 * below its child's read earlier, and the list never increases. */
static int principal_variation(const struct go_tree *t, uint32_t node, int *pv, long *visits)
{
	uint32_t path[GO_PV_MAX];
	int n = 0;

	while (node && n < GO_PV_MAX) {
		const struct go_node *nd = &t->nodes[node];
		uint32_t first = __atomic_load_n(&nd->child, __ATOMIC_ACQUIRE), best = 0;
		int32_t most = 0;

		path[n] = node;
		pv[n++] = nd->move;
		if (first == 0 || first == NODE_BUSY)
			break;
		for (int i = 0; i < nd->nchild; i++) {
			int32_t v = LOAD(t->nodes[first + i].playouts);

			if (v > most) {
				most = v;
				best = first + (uint32_t)i;
			}
		}
		node = best;
	}
	for (int j = n - 1; j >= 0; j--)
		visits[j] = LOAD(t->nodes[path[j]].playouts);
	return n;
}

/* The root children's shares of the priors, over the legal children: the
 * learned patterns' probabilities of the moves (each one's strength over
 * their sum), or for a search on the hand-set priors a softmax of their
 * win rates (temperature 1/8); NULL for no root. */
static double *root_priors(const struct search *s)
{
	const struct go_tree *t = s->t;
	const struct go_node *root = &t->nodes[t->root];
	int n = root->nchild, moves[GO_MAX_POINTS + 1];
	struct go_prior pri[GO_MAX_POINTS + 1];
	double sum = 0, *share;

	if (!root->child || root->child == NODE_BUSY)
		return NULL;
	for (int i = 0; i < n; i++)
		moves[i] = t->nodes[root->child + i].move;
	struct go_ladder *ladder = xmalloc(sizeof(*ladder));
	share = xcalloc((size_t)n, sizeof(*share));
	if (s->learned)
		go_priors_learned(&s->gg->board, t->to_move, s->root_last, s->root_last2, moves, n,
				  share, ladder);
	else
		go_priors(&s->gg->board, t->to_move, s->root_last, moves, n, pri, ladder);
	free(ladder);
	for (int i = 0; i < n; i++) {
		if (!s->learned)
			share[i] = exp(8 * ((pri[i].wins + 1.0) / (pri[i].visits + 2.0) - 0.5));
		share[i] = s->root_ok[i] ? share[i] : 0;
		sum += share[i];
	}
	for (int i = 0; i < n && sum > 0; i++)
		share[i] /= sum;
	return share;
}

static int by_visits(const void *a, const void *b)
{
	const struct go_candidate *x = a, *y = b;

	if (x->visits != y->visits)
		return x->visits > y->visits ? -1 : 1;
	if (x->visits == 0)
		return (x->prior < y->prior) - (x->prior > y->prior);
	return (x->winrate < y->winrate) - (x->winrate > y->winrate);
}

/* The candidate for root child i (node), its margins from the gathers. */
static void fill_candidate(const struct search *s, int i, uint32_t node, double root_lead,
			   struct go_candidate *k)
{
	const struct go_tree *t = s->t;
	const struct go_node *ch = &t->nodes[node];
	double v = LOAD(ch->visits), w = LOAD(ch->wins), sign = t->to_move == GO_BLACK ? 1 : -1;
	int64_t m2 = 0, sq4 = 0, runs = 0;

	for (int j = 0; j < s->nthreads; j++) {
		const struct gather *g = s->threads[j].gather;

		m2 += LOAD(g->child_margin2[i]);
		sq4 += LOAD(g->child_sq4[i]);
		runs += LOAD(g->child_runs[i]);
	}
	k->move = ch->move;
	k->child = i;
	k->npv = principal_variation(t, node, k->pv, k->pv_visits);
	k->visits = k->pv_visits[0]; /* the move's playouts, read with its line's */
	k->winrate = v > 0 ? w / v : 0;
	k->winrate = k->winrate < 0 ? 0 : k->winrate > 1 ? 1 : k->winrate;
	k->lcb = lower_bound(k->winrate, k->visits);
	k->prior = s->root_prior ? s->root_prior[i] : 0;
	k->score_lead = root_lead;
	k->score_stdev = 0;
	if (runs > 0) {
		double mean = m2 / 2.0 / (double)runs, var = sq4 / 4.0 / (double)runs - mean * mean;

		k->score_lead = sign * (mean - go_count_gap(s->gg));
		k->score_stdev = var > 0 ? sqrt(var) : 0;
	}
}

/* Ownership summed over the threads' gathers. */
static void fill_ownership(const struct search *s, struct go_analysis *a)
{
	const struct go_board *b = &s->gg->board;
	long runs = 0;

	for (int j = 0; j < s->nthreads; j++)
		runs += LOAD(s->threads[j].gather->owned_runs);
	a->has_ownership = true;
	a->owned_runs = runs;
	memset(a->ownership, 0, sizeof(a->ownership));
	memset(a->neutral, 0, sizeof(a->neutral));
	for (int p = b->stride; p < b->stride * (b->size + 1) && runs > 0; p++) {
		long black = 0, white = 0;

		for (int j = 0; j < s->nthreads; j++) {
			black += LOAD(s->threads[j].gather->black[p]);
			white += LOAD(s->threads[j].gather->white[p]);
		}
		/* Read after the runs: a playout still counting may make
		 * black + white exceed them. */
		long n = black + white > runs ? black + white : runs;

		a->ownership[p] = (double)(black - white) / (double)n;
		a->neutral[p] = (double)(n - black - white) / (double)n;
	}
}

/* Each candidate's ownership (a's moves_own and moves_neutral rows, in
 * its order) over this search's playouts through it; the root's for a
 * candidate with none. */
static void fill_moves_ownership(const struct search *s, struct go_analysis *a)
{
	const struct go_board *b = &s->gg->board;

	for (int k = 0; k < a->ncand; k++) {
		int i = a->cand[k].child;
		long runs = 0;

		for (int j = 0; j < s->nthreads && i < s->nroot; j++)
			runs += LOAD(s->threads[j].gather->child_runs[i]);
		for (int p = b->stride; p < b->stride * (b->size + 1); p++) {
			long black = 0, white = 0;

			for (int j = 0; j < s->nthreads && runs > 0; j++) {
				const struct gather *g = s->threads[j].gather;

				black += LOAD(g->child_black[(size_t)i * GO_MAX_POINTS + p]);
				white += LOAD(g->child_white[(size_t)i * GO_MAX_POINTS + p]);
			}
			/* Read after the runs: a playout still counting may
			 * make black + white exceed them. */
			long n = black + white > runs ? black + white : runs;

			a->moves_own[k][p] = n > 0 ? (float)(black - white) / (float)n
						   : (float)a->ownership[p];
			a->moves_neutral[k][p] = n > 0 ? (float)(n - black - white) / (float)n
						       : (float)a->neutral[p];
		}
	}
}

/* A snapshot of the search so far (safe while the threads run), the
 * candidates' ownership too when moves is set (the reports'). */
static void fill_snapshot(const struct search *s, struct go_analysis *a, bool moves)
{
	const struct go_tree *t = s->t;
	const struct go_node *root = &t->nodes[t->root];
	uint32_t first = __atomic_load_n(&root->child, __ATOMIC_ACQUIRE);
	double sign = t->to_move == GO_BLACK ? 1 : -1;
	int64_t m2 = 0, sq4 = 0, runs = 0;

	for (int j = 0; j < s->nthreads; j++) {
		m2 += LOAD(s->threads[j].gather->margin2);
		sq4 += LOAD(s->threads[j].gather->sq4);
		runs += LOAD(s->threads[j].gather->runs);
	}
	a->to_move = t->to_move;
	/* The playouts count area: under japanese the lead is read less the
	 * gap between the countings (go_count_gap). */
	a->score_lead = runs > 0 ? sign * (m2 / 2.0) / (double)runs : 0;
	a->score_lead -= sign * go_count_gap(s->gg);
	a->score_stdev = 0;
	if (runs > 0) {
		double mean = m2 / 2.0 / (double)runs, var = sq4 / 4.0 / (double)runs - mean * mean;

		a->score_stdev = var > 0 ? sqrt(var) : 0;
	}
	a->ncand = 0;
	int played = 0, keep;

	for (int i = 0; first && first != NODE_BUSY && i < root->nchild; i++)
		if (s->root_ok[i]) {
			fill_candidate(s, i, first + (uint32_t)i, a->score_lead, &a->cand[a->ncand++]);
			played += a->cand[a->ncand - 1].visits > 0;
		}
	qsort(a->cand, (size_t)a->ncand, sizeof(a->cand[0]), by_visits);
	keep = played > s->watch->minmoves ? played : s->watch->minmoves;
	if (s->watch->maxmoves > 0 && keep > s->watch->maxmoves)
		keep = s->watch->maxmoves;
	if (a->ncand > keep)
		a->ncand = keep;
	a->winrate = a->ncand > 0 ? a->cand[0].winrate : 0.5;
	/* The root read after its children: its count is then at least
	 * theirs. Its wins are its mover's, the other side's. */
	double v = LOAD(root->visits), w = LOAD(root->wins);
	a->playouts = LOAD(root->playouts);
	a->root_winrate = v > 0 ? 1 - w / v : 0.5;
	a->root_winrate = a->root_winrate < 0 ? 0 : a->root_winrate > 1 ? 1 : a->root_winrate;
	a->has_ownership = false;
	a->moves_own = NULL;
	a->moves_neutral = NULL;
	if (s->watch->ownership)
		fill_ownership(s, a);
	if (moves && s->moves_own && a->has_ownership) {
		a->moves_own = s->moves_own;
		a->moves_neutral = s->moves_neutral;
		fill_moves_ownership(s, a);
	}
}

/* The first thread: a report when one is due. */
static void maybe_report(struct search *s)
{
	const struct go_watch *w = s->watch;

	if (!w || !w->report || w->interval <= 0 || monotime_now() < s->next_report)
		return;
	fill_snapshot(s, s->snapshot, true);
	w->report(w->arg, s->snapshot);
	s->next_report = monotime_now() + w->interval;
}

static void run(struct thread *th)
{
	struct search *s = th->s;
	bool reporter = th == s->threads;
	bool endless = s->watch && s->watch->endless;

	for (;;) {
		long n = atomic_fetch_add(&s->started, 1);

		if ((s->max_playouts > 0 && n >= s->max_playouts) || should_stop(s))
			break;
		simulate(th);
		if (reporter && n % 8 == 0)
			maybe_report(s);
		if (reporter && n % RELEASE_EVERY == 0)
			release_piece(s->t);
		if (endless && LOAD(s->t->nodes[s->t->root].visits) >= ENDLESS_MAX_VISITS)
			atomic_store(&s->halt, true); /* the counters are 32-bit */
		else if (!endless && n % 64 == 63 && (decided(s, n + 1) || soft_done(s)))
			atomic_store(&s->halt, true);
	}
}

static void *thread_main(void *arg)
{
	struct thread *th = arg;

	/* A long job (an analysis, pondering) pauses all its threads when the
	 * job core gives its worker to a waiting move. */
	job_checkpoint_set(th->pause, th->pause_arg);
	run(arg);
	return NULL;
}

/* ---- the tree between moves ---- */

/* A tree of the root alone, in an arena of cap nodes (the one it has when
 * it is that size: nothing is cleared, the nodes are written as they are
 * handed out). */
static void tree_reset(struct go_tree *t, const struct go_game *gg, enum go_color c, uint32_t cap)
{
	if (t->cap != cap) {
		if (t->nodes)
			retire(t);
		t->nodes = arena_take(t, cap, &t->touched);
		t->cap = cap;
	}
	t->nodes[1] = (struct go_node){ 0 };
	t->used = 2;
	t->root = 1;
	t->size = gg->board.size;
	t->komi = go_compensation(gg);
	t->rules = gg->rules;
	t->nmoves = gg->nmoves;
	t->hash = gg->hashes[gg->nmoves];
	t->to_move = c;
}

/* The child of node reached by move, or 0. */
static uint32_t find_child(const struct go_tree *t, uint32_t node, int move)
{
	const struct go_node *nd = &t->nodes[node];

	if (nd->child == 0 || nd->child == NODE_BUSY)
		return 0;
	for (int i = 0; i < nd->nchild; i++)
		if (t->nodes[nd->child + i].move == move)
			return nd->child + (uint32_t)i;
	return 0;
}

/* The node of the game's current position, following the moves played
 * since the tree's root, or 0 when the tree does not lead there. */
static uint32_t follow_history(const struct go_tree *t, const struct go_game *gg, enum go_color c)
{
	uint32_t node = t->root;
	enum go_color mover = t->to_move;

	if (!t->root || t->size != gg->board.size || t->komi != go_compensation(gg) ||
	    t->rules != gg->rules || gg->nmoves < t->nmoves || gg->hashes[t->nmoves] != t->hash)
		return 0;
	for (size_t i = t->nmoves; i < gg->nmoves && node; i++) {
		if (gg->moves[i].color != mover)
			return 0;
		node = find_child(t, node, gg->moves[i].point);
		mover = go_other(mover);
	}
	return mover == c ? node : 0;
}

/* Whether a copy must end now: stopped, or past deadline (0: none). */
static bool copy_over(atomic_bool *stop, double deadline)
{
	return (stop && atomic_load_explicit(stop, memory_order_relaxed)) ||
	       (deadline > 0 && monotime_now() >= deadline);
}

/* Copy the subtree of old under node into fresh, breadth first (children
 * runs stay contiguous), until stop or deadline: the nodes whose children
 * were not copied by then become leaves, their counts kept, expanded
 * again when the search comes back to them. Returns the nodes used. */
static uint32_t copy_subtree(const struct go_node *old, uint32_t node, struct go_node *fresh,
			     atomic_bool *stop, double deadline)
{
	uint32_t used = 2, looked = 2, i = 1;

	fresh[1] = old[node];
	for (; i < used; i++) {
		uint32_t from = fresh[i].child;

		if (from == 0 || from == NODE_BUSY) {
			fresh[i].child = 0;
			continue;
		}
		if (used - looked >= COPY_CHECK) {
			looked = used;
			if (copy_over(stop, deadline))
				break;
		}
		memcpy(&fresh[used], &old[from], fresh[i].nchild * sizeof(*fresh));
		fresh[i].child = used;
		used += fresh[i].nchild;
	}
	for (; i < used; i++) {
		fresh[i].child = 0;
		fresh[i].nchild = 0;
	}
	return used;
}

/* Make the subtree under node the tree, copied (within stop and deadline,
 * see copy_subtree) into another arena of the same size; the old one
 * becomes the spare. */
static void tree_keep(struct go_tree *t, uint32_t node, const struct go_game *gg,
		      atomic_bool *stop, double deadline)
{
	size_t touched;
	struct go_node *fresh = arena_take(t, t->cap, &touched);
	uint32_t used = copy_subtree(t->nodes, node, fresh, stop, deadline);

	retire(t);
	t->nodes = fresh;
	t->touched = touched;
	t->used = used;
	note_touched(t);
	t->root = 1;
	t->nmoves = gg->nmoves;
	t->hash = gg->hashes[gg->nmoves];
	t->to_move = go_to_move(gg);
}

/* Take the game's cache (making one), or NULL when another search has it. */
static struct go_mcts_cache *cache_take(struct go_game *gg)
{
	if (!gg->mcts) {
		gg->mcts = xcalloc(1, sizeof(*gg->mcts));
		atomic_init(&gg->mcts->refs, 1);
		atomic_init(&gg->mcts->busy, false);
	}
	bool idle = false;
	if (!atomic_compare_exchange_strong(&gg->mcts->busy, &idle, true))
		return NULL;
	return gg->mcts;
}

/* Make t's root the game's position for c, reusing what it can within
 * stop and deadline (see tree_keep). Returns the playouts the root already
 * has. */
static long tree_prepare(struct go_tree *t, const struct go_game *gg, enum go_color c,
			 uint32_t cap, atomic_bool *stop, double deadline)
{
	uint32_t node = t->cap == cap ? follow_history(t, gg, c) : 0;

	if (!node) {
		tree_reset(t, gg, c, cap);
		return 0;
	}
	tree_keep(t, node, gg, stop, deadline);
	t->to_move = c;
	return t->nodes[t->root].playouts;
}

/* ---- the move ---- */

static uint32_t node_budget(const struct game_level *lv)
{
	long mib = lv && lv->memory > 0 ? lv->memory : GO_MCTS_DEFAULT_MEMORY;
	uint64_t n = ((uint64_t)mib << 20) / sizeof(struct go_node);

	return n > UINT32_MAX / 2 ? UINT32_MAX / 2 : n < 1024 ? 1024 : (uint32_t)n;
}

/* Seconds of a hard limit the playouts leave for what follows them. */
static double end_reserve(double max_seconds)
{
	double r = max_seconds * END_RESERVE;

	return r < END_RESERVE_MAX ? r : END_RESERVE_MAX;
}

static void search_init(struct search *s, struct go_tree *t, const struct go_game *gg,
			const struct game_level *lv, const struct game_budget *budget,
			enum go_policy policy, const struct go_watch *watch, double start)
{
	size_t n = gg->nmoves;

	memset(s, 0, sizeof(*s));
	s->t = t;
	s->gg = gg;
	s->policy = policy;
	s->compensation = go_compensation(gg);
	s->suicide = allow_suicide(gg);
	s->root_last = n ? gg->moves[n - 1].point : GO_PASS;
	s->root_last2 = n > 1 ? gg->moves[n - 2].point : GO_PASS;
	s->root_passed = n && gg->moves[n - 1].point == GO_PASS && !(watch && watch->play_on);
	s->widen = gg->board.size >= WIDEN_SIZE;
	s->learned = !(watch && watch->hand_priors);
	s->expand_at = gg->board.size > 13 ? EXPAND_LARGE
		     : !s->widen && s->learned ? EXPAND_SMALL : EXPAND_OTHER;
	s->explore = s->widen ? EXPLORE_LARGE : EXPLORE_SMALL;
	s->widen_root = s->widen && quiet(&gg->board);
	s->replies = policy == GO_POLICY_HEAVY && gg->board.size >= GO_LARGE_MIN_SIZE;
	s->max_moves = 3 * gg->board.size * gg->board.size;
	s->start = start;
	s->since = monotime_now();
	s->max_playouts = lv && lv->playouts > 0 ? lv->playouts : 0;
	s->watch = watch;
	s->avoid = watch && watch->avoid && watch->avoid->deepest > 0 ? watch->avoid : NULL;
	if (budget->max_seconds > 0)
		s->deadline = s->start + budget->max_seconds - end_reserve(budget->max_seconds);
	else if (!s->max_playouts && !(watch && watch->endless))
		s->max_playouts = GO_MCTS_DEFAULT_PLAYOUTS;
	if (budget->soft_seconds > 0 && (budget->max_seconds <= 0 ||
					 budget->soft_seconds < budget->max_seconds)) {
		s->soft = s->start + budget->soft_seconds;
		s->soft_end = s->start + 2 * budget->soft_seconds;
	}
	s->stop = budget->stop;
	atomic_init(&s->started, 0);
	atomic_init(&s->halt, false);
	atomic_init(&s->full, false);
	atomic_init(&s->done, 0);
	atomic_init(&s->won, 0);
}

/* Mark the root children that are legal under the game's full rules (a
 * reused root was expanded as an inner node, without superko) and not
 * avoided there (unless that leaves none); returns how many of them are
 * not the pass (none: nothing to search). */
static int mark_root(struct search *s)
{
	const struct go_tree *t = s->t;
	const struct go_node *root = &t->nodes[t->root];
	int ok = 0, moves = 0;

	s->root_ok = xcalloc(GO_MAX_POINTS + 1, 1);
	for (int pass = 0; pass < 2 && !ok; pass++) /* the second without avoid */
		for (int i = 0; i < root->nchild && root->child; i++) {
			int move = t->nodes[root->child + i].move;

			s->root_ok[i] = go_is_legal(s->gg, t->to_move, move) &&
					(pass || !avoided(s, move, 0, t->to_move));
			ok += s->root_ok[i];
			moves += s->root_ok[i] && move != GO_PASS;
		}
	return moves;
}

/* Whether the search may choose to pass at the root. */
static bool pass_ok(const struct search *s)
{
	const struct go_tree *t = s->t;
	const struct go_node *root = &t->nodes[t->root];

	for (int i = 0; i < root->nchild && root->child; i++)
		if (t->nodes[root->child + i].move == GO_PASS)
			return s->root_ok[i];
	return true;
}

static void threads_run(struct search *s, struct thread *th, int nthreads, uint64_t seed)
{
	for (int i = 0; i < nthreads; i++) {
		th[i].s = s;
		job_checkpoint_get(&th[i].pause, &th[i].pause_arg);
		rng_seed(&th[i].rng, seed + (uint64_t)i * 0x9e3779b97f4a7c15ULL);
		th[i].trace.cap = (int)(sizeof(th[i].trace.point) / sizeof(th[i].trace.point[0]));
		th[i].ladder = xmalloc(sizeof(*th[i].ladder));
	}
	int started = 1;
	for (; started < nthreads; started++)
		if (pthread_create(&th[started].id, NULL, thread_main, &th[started]) != 0)
			break;
	run(&th[0]);
	for (int i = 1; i < started; i++)
		pthread_join(th[i].id, NULL);
	for (int i = 0; i < nthreads; i++)
		free(th[i].ladder);
}

/* Whether the board is finished: every empty region borders one colour
 * only, and most of the board is stones. */
static bool settled(const struct go_board *b)
{
	return b->nempty < b->size * b->size / 2 && !go_board_has_dame(b);
}

/* Whether root child ch is a better choice than cur: more playouts; with
 * none for either (a search stopped before its first playouts reached
 * them), the better prior win rate. */
static bool chosen_over(const struct go_node *ch, const struct go_node *cur)
{
	if (ch->playouts != cur->playouts)
		return ch->playouts > cur->playouts;
	return ch->playouts == 0 && (int64_t)ch->wins * cur->visits > (int64_t)cur->wins * ch->visits;
}

/* The root child to play: most playouts (see chosen_over), legal; with its
 * win rate. */
static int best_child(const struct search *s, bool skip_pass, double *winrate)
{
	const struct go_tree *t = s->t;
	const struct go_node *root = &t->nodes[t->root];
	int best = -1, move = GO_PASS;

	*winrate = 0;
	for (int i = 0; i < root->nchild && root->child; i++) {
		const struct go_node *ch = &t->nodes[root->child + i];

		if (!s->root_ok[i] || (skip_pass && ch->move == GO_PASS))
			continue;
		if (best < 0 || chosen_over(ch, &t->nodes[root->child + best])) {
			best = i;
			move = ch->move;
		}
	}
	if (best >= 0) {
		const struct go_node *ch = &t->nodes[root->child + best];
		*winrate = ch->visits > 0 ? (double)ch->wins / ch->visits : 0;
	}
	return best < 0 ? GO_PASS : move;
}

/* Whether the tree finds passing good: the pass child, searched a little,
 * wins at least half its playouts (a settled-looking board may still hold
 * a vital point the opponent would take). */
static bool pass_holds(const struct search *s)
{
	const struct go_tree *t = s->t;
	const struct go_node *root = &t->nodes[t->root];

	for (int i = 0; i < root->nchild && root->child; i++) {
		const struct go_node *ch = &t->nodes[root->child + i];

		if (ch->move == GO_PASS)
			return ch->playouts >= 20 && 2 * ch->wins >= ch->visits;
	}
	return false;
}

/* Whether c wins if the game ended now, by the area count with komi. */
static bool wins_now(const struct go_game *gg, enum go_color c)
{
	double score = go_score(gg);

	return c == GO_BLACK ? score > 0 : score < 0;
}

/* Whether this search finds c below the level's resign threshold, on its
 * own results (the priors of a child weigh too much when every move loses
 * and the playouts are spread thin). */
static bool below_resign(const struct search *s, const struct game_level *lv)
{
	long runs = atomic_load(&s->done), won = atomic_load(&s->won);

	return lv && lv->resign > 0 && runs >= MIN_RESIGN_PLAYOUTS && won < lv->resign * runs;
}

/* Pass, resign or the tree's choice (see go_mcts_move). low: c was below
 * the threshold at its previous search too. */
static int decide(const struct search *s, enum go_color c, const struct game_level *lv,
		  bool low, double *winrate)
{
	const struct go_game *gg = s->gg;
	bool ahead = wins_now(gg, c);
	int move = best_child(s, false, winrate);

	if (ahead && pass_ok(s) && (s->root_passed || (settled(&gg->board) && pass_holds(s))))
		return GO_PASS;
	if (move == GO_PASS && !ahead) {
		double w;
		int other = best_child(s, true, &w);

		if (other != GO_PASS) {
			move = other;
			*winrate = w;
		}
	}
	if (low && below_resign(s, lv))
		return GO_RESIGN; /* it stays below: two searches in a row */
	return move;
}

/* An analysis with nothing to search (pass alone is legal): one report,
 * then wait to be stopped, as a search would run until then. */
static void idle_until_stopped(struct search *s)
{
	struct timespec nap = { 0, 10 * 1000 * 1000 };

	s->next_report = 0;
	maybe_report(s);
	while (!should_stop(s))
		nanosleep(&nap, NULL);
}

/* The watch's buffers for a search on th[0..nthreads-1]. */
static void watch_begin(struct search *s, struct thread *th, int nthreads)
{
	s->threads = th;
	s->nthreads = nthreads;
	if (!s->watch)
		return;
	const struct go_node *root = &s->t->nodes[s->t->root];
	bool moves = s->watch->moves_ownership && s->watch->ownership && root->child &&
		     root->child != NODE_BUSY;

	s->nroot = moves ? root->nchild : 0;
	for (int i = 0; i < nthreads; i++) {
		th[i].gather = xcalloc(1, sizeof(*th[i].gather));
		if (moves) {
			th[i].gather->child_black = xcalloc((size_t)s->nroot * GO_MAX_POINTS,
							    sizeof(int32_t));
			th[i].gather->child_white = xcalloc((size_t)s->nroot * GO_MAX_POINTS,
							    sizeof(int32_t));
		}
	}
	if (moves) {
		s->moves_own = xcalloc((size_t)s->nroot, sizeof(*s->moves_own));
		s->moves_neutral = xcalloc((size_t)s->nroot, sizeof(*s->moves_neutral));
	}
	s->snapshot = xmalloc(sizeof(*s->snapshot));
	s->root_prior = root_priors(s);
	s->next_report = s->start + s->watch->interval;
}

static void watch_end(struct search *s)
{
	if (!s->watch)
		return;
	if (s->watch->final)
		fill_snapshot(s, s->watch->final, false);
	for (int i = 0; i < s->nthreads; i++) {
		free(s->threads[i].gather->child_black);
		free(s->threads[i].gather->child_white);
		free(s->threads[i].gather);
	}
	free(s->snapshot);
	free(s->root_prior);
	free(s->moves_own);
	free(s->moves_neutral);
}

enum go_policy go_mcts_policy(const struct game_level *lv)
{
	return lv && !strcmp(lv->algorithm, "mcts-light") ? GO_POLICY_LIGHT : GO_POLICY_HEAVY;
}

int go_mcts_search(struct go_game *gg, enum go_color c, const struct game_level *lv,
		   const struct game_budget *budget, enum go_policy policy,
		   const struct go_watch *watch, struct go_mcts_info *info)
{
	struct go_mcts_cache *cache = cache_take(gg);
	struct go_tree own = { 0 }, *t = cache ? &cache->tree : &own;
	struct search s;
	int nthreads = lv && lv->threads > 0 ? lv->threads : 1;
	uint64_t seed = rng_next(&gg->base.rng);
	double winrate, start = monotime_now();
	double keep_until = budget->max_seconds > 0 ? start + KEEP_SHARE * budget->max_seconds : 0;
	bool endless = watch && watch->endless;

	if (nthreads > MAX_THREADS)
		nthreads = MAX_THREADS;
	long reused = tree_prepare(t, gg, c, node_budget(lv), budget->stop, keep_until);
	search_init(&s, t, gg, lv, budget, policy, watch, start);
	struct thread *th = xcalloc((size_t)nthreads, sizeof(*th));
	if (!t->nodes[t->root].child) {
		th[0].s = &s;
		th[0].ladder = xmalloc(sizeof(*th[0].ladder));
		expand(&th[0], t->root, &gg->board, c, s.root_last, s.root_last2);
		free(th[0].ladder);
	}
	int moves = mark_root(&s);
	watch_begin(&s, th, nthreads);
	if (moves > 0)
		threads_run(&s, th, nthreads, seed);
	else if (endless)
		idle_until_stopped(&s);
	if (watch && !endless && watch->interval > 0) {
		s.next_report = 0; /* the last word: what decided the move */
		maybe_report(&s);
	}
	watch_end(&s);
	bool low = cache && cache->low == c;
	int move = decide(&s, c, lv, low && !endless, &winrate);
	if (cache && !endless)
		cache->low = below_resign(&s, lv) ? c : GO_EMPTY;
	if (info)
		*info = (struct go_mcts_info){ .playouts = t->nodes[t->root].playouts - reused,
					       .winrate = winrate,
					       .nodes = t->used < t->cap ? t->used : t->cap,
					       .reused = reused };
	free(th);
	free(s.root_ok);
	note_touched(t);
	if (cache) {
		release_until(t, s.stop, s.deadline);
		atomic_store(&cache->busy, false);
	} else {
		tree_free(&own);
	}
	return move;
}

int go_mcts_move(struct go_game *gg, enum go_color c, const struct game_level *lv,
		 const struct game_budget *budget, enum go_policy policy,
		 struct go_mcts_info *info)
{
	return go_mcts_search(gg, c, lv, budget, policy, NULL, info);
}
