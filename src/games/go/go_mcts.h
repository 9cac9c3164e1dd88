/* Monte-Carlo tree search for Go: UCT with RAVE (AMAF) and priors.
 *
 * The tree is a transposition-free arena of compact nodes (struct go_node,
 * 28 bytes): a node's children are one contiguous run, allocated when the
 * node has been visited often enough, each with its priors (go_priors.h).
 * The arena holds at most the level's `memory` MiB of nodes (default
 * GO_MCTS_DEFAULT_MEMORY); when it is full the tree stops growing and the
 * search goes on from its leaves. It is mapped, not cleared: memory is
 * paid for as the tree grows, within the move's time (go_mcts.c).
 *
 * The tree lives in a cache that every copy of a game shares (reference
 * counted): a job's copy searches, the session adopts the copy, and the
 * next genmove finds the tree again. It is reused when the game's history
 * still passes through the tree's root: the moves played since (ours and
 * the opponent's) are followed down, and that subtree is copied, breadth
 * first, into another arena as the new root, for at most a quarter of the
 * move's hard limit (what is not copied by then is dropped, its leaves
 * searched again); otherwise the search starts afresh. Only
 * one search may hold the cache at a time (an atomic flag); another gets a
 * tree of its own for that move.
 *
 * Threads (the level's `threads`): tree-parallel. Every thread descends
 * the shared tree, adding a virtual loss (the visit counts before the
 * result does), plays out on its own board copy, and backs the result up
 * with relaxed atomic adds; a node is expanded by the one thread that
 * claims it (compare-and-swap), its children published with a release
 * store. With one thread and a playout budget the search is deterministic
 * for the game's rng state.
 *
 *   genmove (worker thread) ── go_mcts_move ── threads-1 pthreads ─┐
 *        └─ simulate ... ───────────── simulate ...  (shared tree) ┘ join
 */
#ifndef QUINTET_GO_MCTS_H
#define QUINTET_GO_MCTS_H

#include "games/go/go.h"
#include "games/go/go_playout.h"

#define GO_MCTS_DEFAULT_MEMORY 256   /* MiB of tree when the level sets none */
#define GO_MCTS_DEFAULT_PLAYOUTS 10000 /* a level with neither playouts nor time */
#define GO_RESIGN (-1)               /* go_mcts_move's answer: resign */

struct go_mcts_cache;

/* What one search found, for tests and logs. */
struct go_mcts_info {
	long playouts;     /* simulations run */
	double winrate;    /* the chosen move's, for the side to move */
	long nodes;        /* nodes in the tree at the end */
	long reused;       /* playouts the reused root had already */
};

#define GO_PV_MAX 24 /* moves of a principal variation reported */

/* One root move as the search sees it, for the analysis commands. Every
 * rate is for the side to move at the root. */
struct go_candidate {
	int move;            /* a point or GO_PASS */
	long visits;         /* playouts through it (a reused tree's too) */
	double winrate;      /* its node's win rate, the priors' counts included */
	double lcb;          /* winrate less 1.96 standard errors, in [0, 1] */
	double prior;        /* its share of the priors' weight at the root */
	double score_lead;   /* mean final margin of the playouts through it in
			      * this search, komi included; the root's when none */
	double score_stdev;  /* their standard deviation (0 when none) */
	int npv;             /* moves in pv, the first being move */
	int pv[GO_PV_MAX];   /* the most played line from it */
	long pv_visits[GO_PV_MAX]; /* the playouts of each pv node (the
			      * first is visits), never increasing */
	int child;           /* its index among the root's children */
};

/* A snapshot of a search (go_mcts_search), best candidate first. */
struct go_analysis {
	enum go_color to_move;  /* the side the rates are for */
	long playouts;          /* at the root */
	double winrate;         /* the best candidate's (0.5 with none) */
	double root_winrate;    /* the root's own (its node's, as a
				 * candidate's; 0.5 before any playout) */
	double score_lead;      /* mean final margin of this search's playouts */
	double score_stdev;     /* their standard deviation (0 with none) */
	int ncand;              /* candidates: the legal root moves played at
				 * least once (or minmoves of them), at most
				 * maxmoves */
	struct go_candidate cand[GO_MAX_POINTS + 1];
	bool has_ownership;     /* ownership was gathered */
	long owned_runs;        /* playouts it was gathered over */
	double ownership[GO_MAX_POINTS]; /* per board point: the share of this
				 * search's playouts ending with it black's
				 * (stone, or an eye) less the share ending
				 * white's, in [-1, 1]; dame count for neither */
	double neutral[GO_MAX_POINTS];   /* the share ending with it empty and
				 * between the colours (dame, seki) */
	float (*moves_own)[GO_MAX_POINTS]; /* when the watch asks, per
				 * candidate (cand's order) its ownership as
				 * ownership, over this search's playouts
				 * through it (the root's with none); NULL in
				 * a final snapshot. The search's memory. */
	float (*moves_neutral)[GO_MAX_POINTS]; /* and its neutral share */
};

/* Moves the tree search leaves out near the root (KataGo's avoid and
 * allow): until[c][m] > d means that c does not play m (a point, or
 * GO_PASS) d plies below the root, d = 0 at the root. Where nothing else
 * is left to play in the tree, the node's moves are all searched. */
struct go_avoid {
	int until[3][GO_MAX_POINTS]; /* by enum go_color and move: plies */
	int deepest;                 /* the largest until */
};

/* Called on the search's first thread every watch interval; a may only be
 * read during the call. */
typedef void (*go_report_fn)(void *arg, const struct go_analysis *a);

/* What a search reports while it runs (go_mcts_search). */
struct go_watch {
	double interval;        /* seconds between reports, 0: none */
	int maxmoves;           /* candidates reported at most, 0: all */
	int minmoves;           /* at least (unplayed legal moves by prior) */
	bool ownership;         /* gather ownership (a pass over the board
				 * after each playout) */
	bool moves_ownership;   /* and per root move (reports' moves_own);
				 * needs ownership */
	const struct go_avoid *avoid; /* moves left out, or NULL */
	bool endless;           /* analysis: no default playout budget and no
				 * early end: the level's playouts (0: none),
				 * the stop flag and max_seconds;
				 * the move chosen means nothing, nothing is
				 * remembered for resigning */
	bool play_on;           /* the game's last pass does not count: a pass
				 * at the root does not end the game (a
				 * status estimate plays a finished game on) */
	bool hand_priors;       /* the hand-set priors alone, without the
				 * learned patterns (a status estimate: its
				 * answers were checked against GNU Go's with
				 * them, and it runs two searches a call) */
	go_report_fn report;    /* the reporter, or NULL */
	void *arg;              /* for report */
	struct go_analysis *final; /* filled when the search ends, or NULL */
};

/* The playout policy a level asks for: light for its algorithm
 * "mcts-light", heavy otherwise (lv may be NULL). */
enum go_policy go_mcts_policy(const struct game_level *lv);

/* go_mcts_move with a watch (NULL: go_mcts_move exactly): reports while
 * it searches (and, when it is not endless, once more at its end), and the
 * final snapshot. */
int go_mcts_search(struct go_game *gg, enum go_color c, const struct game_level *lv,
		   const struct game_budget *budget, enum go_policy policy,
		   const struct go_watch *watch, struct go_mcts_info *info);

/* Choose a move for c: the root child with the most playouts (when the
 * search was stopped before any, the best prior), or GO_PASS
 * when passing wins under area scoring (or nothing else is left), or
 * GO_RESIGN when c's win rate stays below lv->resign (this search and c's
 * previous one on the game's tree). Playouts: lv->playouts,
 * else (no time either) GO_MCTS_DEFAULT_PLAYOUTS; stopped by
 * budget->max_seconds (everything, the reuse and the decision included,
 * ends by then) and budget->stop. info may be NULL. */
int go_mcts_move(struct go_game *gg, enum go_color c, const struct game_level *lv,
		 const struct game_budget *budget, enum go_policy policy,
		 struct go_mcts_info *info);

/* Another reference to a cache (go_copy) / drop one (go_destroy; NULL is
 * fine). */
struct go_mcts_cache *go_mcts_cache_ref(struct go_mcts_cache *cache);
void go_mcts_cache_unref(struct go_mcts_cache *cache);

#endif
