/* The Gomoku alpha-beta search (gomoku_search.h).
 *
 * The root settles what needs no search first, in this order: a five of
 * ours; the block of the opponent's four (a lost game when there are two);
 * an open four (or two fours) of ours; a VCF of ours (gomoku_vcf.c). Then
 * its moves are the candidates (empty points near stones; only the points
 * that answer an open three, and our fours, when the opponent has one),
 * less black's forbidden points under renju; when the opponent, were it
 * to move, would win by VCF, the moves after which it still does are
 * dropped (unless that is every move). A VCT of ours, within a share of
 * the budget, is played as found. Otherwise iterative deepening:
 *
 * negamax(depth): the same threat cuts as the root (a five to play wins,
 * two opposing fours lose, one is blocked at once without using depth, an
 * open four wins), the transposition table (Zobrist keys), then the moves:
 * ordered by the table's move, the keys of their points' codes for both
 * sides (gomoku_order.h: learned from the moves self-play chose; renju's
 * hand-set, by threat class), killers and history; principal-variation search with late-move reductions of quiet
 * moves. A null-window node
 * whose opponent threatens nothing is cut on its evaluation when that
 * stands far above beta (futility: a stone to play is never worth less
 * than none) or, near the horizon, far below alpha (razoring). At the
 * horizon: the evaluation (a VCF looked for there cost more depth than it
 * found wins: +99 Elo without it at 50,000 nodes a move, 191 games); a
 * horizon node that faces an open three is searched one ply
 * more (the defences).
 *
 * The iterations' best move, from depth VERIFY_FROM on, is checked once
 * for the opponent's threats after it (a VCF, or a VCT of VERIFY_THREES
 * threes, each check within a share of the search, all within a larger
 * one); a move that loses so leaves the root's moves and the iteration is
 * searched again. The move finally chosen, if unchecked, is checked too.
 *
 * Limits (search/limits.h): the node budget (every stone put counts, in
 * the search and in the solver) at every node, the stop flag and the clock
 * every CHECK_EVERY nodes; the first iteration ignores the node budget, so
 * that a node budget always yields a searched move. The table is the game
 * session's (search/tt.h: kept from move to move, leased by the search). */
#include "games/gomoku/gomoku_search.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "search/order.h"
#include "search/pv.h"
#include "search/tt.h"
#include "search/window.h"
#include "util/xalloc.h"

#define CHECK_EVERY 256
#define ROOT_VCT_THREES 4   /* our VCT at the root: threes at most */
#define DEFEND_THREES 3     /* the opponent's VCT, at the root */
#define DEFEND_NODES 3000   /* each root move's check of the opponent's threat */
#define VERIFY_THREES 6     /* the opponent's VCT after our move: threes at most */
#define VERIFY_CHECK 12     /* a check of a move: 1/12 of the search's nodes or time */
#define VERIFY_TOTAL 3      /* all the checks of a search: 1/3 of them */
#define VERIFY_CHECK_NODES 400000 /* a check's nodes when the search has no node budget */
#define VERIFY_FROM 3       /* the iterations' best is checked from this depth on */
#define VERIFY_MOVES 6      /* root moves tried after a refuted choice */
#define EXTEND_PLIES 4        /* threat extensions: this many plies past the iteration's depth */
#define BEAM_BASE 6           /* moves searched at a node: 6 + 2 per ply of depth, */
#define BEAM_DEPTH 2          /* and every four beyond */
#define NEXT_ITERATION 0.6    /* no new iteration past this share of the time (the soft limit) */
#define LMR_MAX 64            /* reductions tabled for depths and move numbers below this */
#define LMR_DIVISOR 1.6       /* a reduction is log depth * log i / this */
#define FUTILITY_MARGIN 60    /* a quiet node standing this much per ply above beta cuts */
#define RAZOR_DEPTH 2         /* ... and below alpha by RAZOR_BASE + RAZOR_MARGIN per ply, */
#define RAZOR_BASE 40         /* up to this depth, fails low on the evaluation */
#define RAZOR_MARGIN 30
#define ASPIRATION_DEPTH 5     /* root windows from this depth on */
#define ASPIRATION_WINDOW 40   /* ... of this half-width at first */
#define VERIFY_TIME 0.95      /* the iterations end by this share; verify may use the rest */
#define VERIFY_RESERVE 8      /* ... and leave it 1/8 of a node budget */

static const struct search_window_shape aspiration = { .win = GOMOKU_WIN,
							.bound = GOMOKU_WIN_BOUND,
							.delta = ASPIRATION_WINDOW };

struct search {
	struct gomoku_pos pos;                     /* searched in place */
	const struct search_limits *asked;         /* what the caller allows */
	struct search_limits lim;                  /* its started copy, narrowed by
						    * the phases (nodes, deadline) */
	struct gomoku_solver sv;                   /* its nodes are the search's */
	struct search_tt *tt;                      /* the table: the session's,
						    * leased, or private */
	struct search_killers killers;             /* quiet moves that cut off */
	struct search_history history;             /* cut-off credit per colour, point */
	const int (*order_keys)[GOMOKU_CODES + 1]; /* the rules' ordering keys */
	int moves[GOMOKU_MAX_PLY][GOMOKU_MAX_CELLS]; /* move lists per ply */
	int keys[GOMOKU_MAX_PLY][GOMOKU_MAX_CELLS];  /* their ordering keys */
	struct search_pv pv;                       /* the principal variation */
	int seldepth;                              /* deepest ply reached */
	int root[GOMOKU_MAX_CELLS];                /* the root's moves */
	int nroot;                                 /* how many */
	int root_best;                             /* best root move this iteration */
	int extend_ply;                            /* no threat extension from this ply on */
	double phase_end;                          /* a root phase's own end, or 0 */
	struct gomoku_bits excluded;               /* root moves not to choose (limits) */
	struct gomoku_bits checked;                /* root moves checked for the
						    * opponent's threats (refuted) */
	long check_nodes;                          /* spent on those checks */
	double check_seconds;                      /* ... and their time */
};

#define KILLER_KEY 1000
#define HISTORY_LIMIT (1 << 20) /* credit halves past it */

/* A move's history index: its colour's row, its point. */
static size_t history_index(int color, int p)
{
	return (size_t)color * GOMOKU_MAX_CELLS + (size_t)p;
}

/* ---- limits ------------------------------------------------------------- */

/* The solver's question: give up? A limit of the search's aborts it; a
 * root phase may end sooner (phase_end, seconds from the start). */
static bool solver_expired(void *ctx)
{
	struct search *s = ctx;

	if (s->lim.aborted || search_limit_reached(&s->lim, s->sv.nodes))
		return s->lim.aborted = true;
	return s->phase_end > 0 && search_elapsed(&s->lim) >= s->phase_end;
}

/* Whether to unwind now; the limits are looked at every CHECK_EVERY nodes. */
static bool should_stop(struct search *s)
{
	return search_should_stop(&s->lim, s->sv.nodes);
}

/* ---- moves -------------------------------------------------------------- */

static bool quiet(const struct gomoku_pos *pos, int us, int p)
{
	return gomoku_p4(pos, us, p) < GOMOKU_P4_FLEX3 &&
	       gomoku_p4(pos, gomoku_other(us), p) < GOMOKU_P4_FLEX3;
}

/* How the opponent (not to move) threatens: 2, an open three (a legal
 * open-four point); 1, a four-three or a double three to play (a win by
 * threats next move); 0, neither. */
static int threat_level(const struct gomoku_pos *pos, int them)
{
	bool renju_black = pos->rules == GOMOKU_RENJU && them == GOMOKU_BLACK;

	if (gomoku_pos_flex4(pos, them) >= 0)
		return 2;
	return pos->classes[them][GOMOKU_P4_BLOCK4_FLEX3] ||
	       (!renju_black && pos->classes[them][GOMOKU_P4_FLEX3_2X]);
}

/* The moves of the side to move, whose opponent threatens at level (threat_level):
 * the candidates; facing an open three, the points that stop it and our own
 * fours; facing a threat to win next move, the threes and fours of both
 * sides. Black's forbidden points left out. Returns how many. */
static int gen_moves(const struct gomoku_pos *pos, int level, int *out)
{
	int us = pos->turn, them = gomoku_other(us), n, k = 0;
	struct gomoku_bits set;

	if (level == 2) {
		/* none when two open threes lie apart: the game is lost,
		 * played out on their open-four points */
		gomoku_pos_defences(pos, them, &set);
		if (!(n = gomoku_bits_list(&set, out)))
			n = gomoku_bits_list(&pos->set[them][GOMOKU_T_FLEX4], out);
	} else if (level == 1) {
		/* our threes and fours, and the points of theirs */
		for (int i = 0; i < GOMOKU_BITWORDS; i++)
			set.w[i] = pos->set[us][GOMOKU_T_THREAT].w[i] |
				   pos->set[us][GOMOKU_T_FOUR].w[i] |
				   pos->set[them][GOMOKU_T_THREAT].w[i] |
				   pos->set[them][GOMOKU_T_FOUR].w[i];
		n = gomoku_bits_list(&set, out);
	} else {
		n = gomoku_bits_list(&pos->cand, out);
	}
	for (int i = 0; i < n; i++)
		if (!gomoku_pos_forbidden(pos, us, out[i]))
			out[k++] = out[i];
	return k;
}

static void order(const struct search *s, const int *list, int *keys, int n, int tt_move,
		  int ply)
{
	const struct gomoku_pos *pos = &s->pos;
	const int (*learned)[GOMOKU_CODES + 1] = s->order_keys;
	int us = pos->turn, them = gomoku_other(us);

	for (int i = 0; i < n; i++) {
		int m = list[i];
		const struct gomoku_spot *c = &pos->cell[m];

		if (m == tt_move) {
			keys[i] = SEARCH_KEY_TT;
			continue;
		}
		int key = learned[0][c->code[us - 1]] + learned[1][c->code[them - 1]] +
			  (search_history_get(&s->history, history_index(us, m)) >> 6);
		if (search_killers_has(&s->killers, ply, m))
			key += KILLER_KEY;
		keys[i] = key;
	}
}

static void reward(struct search *s, int move, int depth, int ply)
{
	search_killers_add(&s->killers, ply, move);
	search_history_reward(&s->history, history_index(s->pos.turn, move), depth);
}

/* ---- the search --------------------------------------------------------- */

static void put(struct search *s, int p)
{
	gomoku_pos_put(&s->pos, p);
	s->sv.nodes++;
}

static int negamax(struct search *s, int depth, int ply, int alpha, int beta);

/* A late quiet move's reduction at depth, the i-th tried: growing with
 * both (as log depth * log i), from the fourth move and depth 3 on, and
 * leaving at least one ply. */
static int8_t lmr_table[LMR_MAX][LMR_MAX]; /* by depth, move number */
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void lmr_make(void)
{
	for (int d = 1; d < LMR_MAX; d++)
		for (int k = 1; k < LMR_MAX; k++)
			lmr_table[d][k] = (int8_t)(0.5 + log(d) * log(k) / LMR_DIVISOR);
}

static int reduction(int depth, int i)
{
	if (depth < 3 || i < 3)
		return 0;
	pthread_once(&lmr_once, lmr_make);
	int r = lmr_table[depth < LMR_MAX ? depth : LMR_MAX - 1][i < LMR_MAX ? i : LMR_MAX - 1];
	return r > depth - 2 ? depth - 2 : r < 1 ? 1 : r;
}

/* The child after move m (the i-th tried): a null window, reduced for a
 * late quiet move, widened when it beats alpha. */
static int child(struct search *s, int m, int i, bool is_quiet, int depth, int ply, int alpha,
		 int beta)
{
	int score;

	put(s, m);
	if (i == 0) {
		score = -negamax(s, depth - 1, ply + 1, -beta, -alpha);
	} else {
		int r = is_quiet ? reduction(depth, i) : 0;

		score = -negamax(s, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
		if (score > alpha && r && !s->lim.aborted)
			score = -negamax(s, depth - 1, ply + 1, -alpha - 1, -alpha);
		if (score > alpha && score < beta && !s->lim.aborted)
			score = -negamax(s, depth - 1, ply + 1, -beta, -alpha);
	}
	gomoku_pos_remove(&s->pos, m);
	return score;
}

#define PRUNE_NONE INT_MIN

/* A null-window node far from its window on the evaluation, the opponent
 * threatening nothing: above beta by a margin growing with depth, it
 * fails high on the evaluation (a stone to play is worth at least as much
 * as none); below alpha at a small depth, it fails low on it. Its
 * score, or PRUNE_NONE. */
static int pruned(struct search *s, int depth, int alpha, int beta)
{
	int eval;

	if (beta >= GOMOKU_WIN_BOUND || alpha <= -GOMOKU_WIN_BOUND)
		return PRUNE_NONE;
	eval = gomoku_pos_evaluate(&s->pos);
	if (eval - FUTILITY_MARGIN * depth >= beta)
		return eval;
	if (depth <= RAZOR_DEPTH && eval + RAZOR_BASE + RAZOR_MARGIN * depth < alpha)
		return eval;
	return PRUNE_NONE;
}

static int negamax(struct search *s, int depth, int ply, int alpha, int beta)
{
	struct gomoku_pos *pos = &s->pos;
	int us = pos->turn, them = gomoku_other(us), f;

	search_pv_clear(&s->pv, ply);
	if (ply > s->seldepth)
		s->seldepth = ply;
	if (should_stop(s))
		return 0;
	if (pos->count[us][GOMOKU_T_FIVE]) {
		search_pv_set1(&s->pv, ply, gomoku_bits_first(&pos->set[us][GOMOKU_T_FIVE]));
		return GOMOKU_WIN - ply - 1;
	}
	if (pos->count[them][GOMOKU_T_FIVE]) {
		int z = gomoku_bits_first(&pos->set[them][GOMOKU_T_FIVE]);

		if (pos->count[them][GOMOKU_T_FIVE] > 1 || gomoku_pos_forbidden(pos, us, z) ||
		    ply >= GOMOKU_MAX_PLY - 2) {
			search_pv_set1(&s->pv, ply, z);
			return -(GOMOKU_WIN - ply - 2);
		}
		/* the block is forced: searched without using depth */
		put(s, z);
		int score = -negamax(s, depth, ply + 1, -beta, -alpha);
		gomoku_pos_remove(pos, z);
		if (!s->lim.aborted)
			search_pv_update(&s->pv, ply, z);
		return score;
	}
	if ((f = gomoku_pos_flex4(pos, us)) >= 0) {
		search_pv_set1(&s->pv, ply, f);
		return GOMOKU_WIN - ply - 3;
	}
	if (ply >= GOMOKU_MAX_PLY - 2)
		return gomoku_pos_evaluate(pos);
	int level = threat_level(pos, them);
	if (depth <= 0) {
		if (ply >= s->extend_ply || level < 2)
			return gomoku_pos_evaluate(pos);
		depth = 1; /* facing an open three: search the defences */
	}

	struct search_tt_entry *e = search_tt_slot(s->tt, pos->hash);
	int tt_move = -1, alpha0 = alpha;
	if (e->key == pos->hash) {
		int v = search_tt_score_out(e->score, ply, GOMOKU_WIN_BOUND);

		tt_move = search_tt_move(e);
		if (ply > 0 && beta - alpha == 1 && search_tt_cuts(e, v, depth, alpha, beta))
			return v;
	}

	if (ply > 0 && beta - alpha == 1 && level == 0 &&
	    (f = pruned(s, depth, alpha, beta)) != PRUNE_NONE)
		return f;

	int *list = s->moves[ply], *keys = s->keys[ply], n;
	if (ply == 0) {
		n = s->nroot;
		memcpy(list, s->root, (size_t)n * sizeof(*list));
	} else {
		n = gen_moves(pos, level, list);
	}
	if (n == 0)
		return 0; /* no legal point: a draw */
	order(s, list, keys, n, tt_move, ply);

	/* Beyond the first BEAM_BASE + BEAM_DEPTH * depth, only fours and the
	 * table's move are searched (below the root, and unless answering an
	 * open three, where every defence counts). */
	int best = -GOMOKU_WIN - 1, best_move = list[0], tried = 0;
	int beam = ply > 0 && level == 0 ? BEAM_BASE + BEAM_DEPTH * depth : n;
	struct search_picker picker;
	search_picker_init(&picker, list, keys, n, SEARCH_PICK_ALL);
	for (int i; (i = search_picker_next(&picker)) >= 0;) {
		int m = list[i], p4 = gomoku_p4(pos, us, m);
		bool is_quiet = keys[i] != SEARCH_KEY_TT && quiet(pos, us, m);
		bool forcing = keys[i] == SEARCH_KEY_TT ||
			       (p4 >= GOMOKU_P4_BLOCK4 && p4 <= GOMOKU_P4_FLEX4);

		if (!forcing && tried++ >= beam && best > -GOMOKU_WIN_BOUND)
			continue;
		int score = child(s, m, i, is_quiet, depth, ply, alpha, beta);

		if (s->lim.aborted)
			return 0;
		if (score <= best)
			continue;
		best = score;
		best_move = m;
		if (score > alpha) {
			if (ply == 0)
				s->root_best = m; /* not a fail-low's bound */
			alpha = score;
			search_pv_update(&s->pv, ply, m);
		}
		if (alpha >= beta) {
			if (is_quiet)
				reward(s, m, depth, ply);
			break;
		}
	}
	search_tt_store(e, s->tt->age, pos->hash, search_tt_score_in(best, ply, GOMOKU_WIN_BOUND),
			best_move, depth,
			best >= beta ? SEARCH_TT_LOWER : best > alpha0 ? SEARCH_TT_EXACT
								: SEARCH_TT_UPPER,
			false);
	return best;
}

/* ---- the root ----------------------------------------------------------- */

/* A root phase's share of the search: a part of the node budget (or a
 * fixed number of nodes without one), and the share of the time limit by
 * whose end (from the search's start) it stops. */
struct phase {
	int share;    /* 1/share of the node budget */
	long nodes;   /* the nodes without a node budget */
	double end;   /* ends by this share of the time limit */
};

static const struct phase phase_vcf = { 16, 100000, 0.10 };    /* our VCF */
static const struct phase phase_vct = { 8, 150000, 0.25 };     /* our VCT */
static const struct phase phase_defend = { 4, 150000, 0.45 };  /* their threats */
static long phase_nodes(const struct search *s, const struct phase *ph)
{
	return s->asked->nodes > 0 ? s->asked->nodes / ph->share : ph->nodes;
}

/* Whether the search must stop now (the root's phases are skipped). */
static bool root_out_of_budget(struct search *s)
{
	return s->lim.aborted || search_limit_reached(&s->lim, s->sv.nodes);
}

/* Ask the solver about the side to move: threes > 0 for a VCT with that
 * many threes, else a VCF; within nodes more nodes (and the search's
 * limits) and until phase_end seconds from the start when it is > 0. */
static bool root_solve(struct search *s, int threes, long nodes, double phase_end)
{
	const struct search_limits *lim = s->asked;
	bool won;

	if (lim->nodes > 0 && s->sv.nodes + nodes > lim->nodes)
		nodes = lim->nodes - s->sv.nodes;
	if (nodes <= 0 || root_out_of_budget(s))
		return false;
	s->sv.limit = s->sv.nodes + nodes;
	s->sv.max_depth = threes;
	s->phase_end = lim->seconds > 0 ? phase_end : 0;
	won = threes > 0 ? gomoku_solve_vct(&s->sv) : gomoku_solve_vcf(&s->sv);
	s->phase_end = 0;
	return won;
}

/* The opponent's threat, were it to move now: a VCF, else a VCT of
 * DEFEND_THREES threes. When it has one, the root moves after which it
 * still wins (found within DEFEND_NODES each, best-ordered first, within
 * the phase) are dropped, unless that is every move. */
static void root_defend(struct search *s)
{
	struct gomoku_pos *pos = &s->pos;
	long end = s->sv.nodes + phase_nodes(s, &phase_defend);
	double time_end = phase_defend.end * s->asked->seconds;
	int keep[GOMOKU_MAX_CELLS], n = 0, threes = 0;

	gomoku_pos_pass(pos);
	bool threat = root_solve(s, 0, (end - s->sv.nodes) / 4, time_end);
	if (!threat) {
		threes = DEFEND_THREES;
		threat = root_solve(s, threes, (end - s->sv.nodes) / 4, time_end);
	}
	gomoku_pos_pass(pos);
	if (!threat)
		return;
	order(s, s->root, s->keys[0], s->nroot, -1, 0);
	for (int i = 0; i < s->nroot; i++) {
		search_pick_best(s->root, s->keys[0], i, s->nroot);
		long left = end - s->sv.nodes;
		bool lost = false;

		if (left > 0) {
			put(s, s->root[i]);
			lost = root_solve(s, threes, left < DEFEND_NODES ? left : DEFEND_NODES,
					  time_end);
			gomoku_pos_remove(pos, s->root[i]);
		}
		if (!lost)
			keep[n++] = s->root[i];
	}
	if (n > 0) {
		memcpy(s->root, keep, (size_t)n * sizeof(*keep));
		s->nroot = n;
	}
}

static int centre(const struct gomoku_board *b)
{
	return gomoku_point(b, b->size / 2, b->size / 2);
}

/* A move decided before any search: its reason, and the line. */
static int decided(struct search *s, const char *how, int move, int score,
		   struct search_info *info)
{
	info->how = how;
	info->score = score;
	info->npv = 0;
	if (s->sv.nseq > 0 && (!strcmp(how, "vcf") || !strcmp(how, "vct"))) {
		for (int i = 0; i < s->sv.nseq && i < GOMOKU_MAX_PLY; i++)
			info->pv[info->npv++] = s->sv.seq[i];
	} else {
		info->pv[info->npv++] = move;
	}
	return move;
}

/* Whether the caller allows the root move p. */
static bool allowed(const struct search *s, int p)
{
	return !gomoku_bits_has(&s->excluded, p);
}

/* The first point of set the caller allows, or -1. */
static int first_allowed(const struct search *s, const struct gomoku_bits *set)
{
	int points[GOMOKU_MAX_CELLS], n = gomoku_bits_list(set, points);

	for (int i = 0; i < n; i++)
		if (allowed(s, points[i]))
			return points[i];
	return -1;
}

/* Whatever the root decides without iterating, or -1 (a decision on a
 * move the caller excludes is left to the search). */
static int root_decide(struct search *s, struct search_info *info)
{
	struct gomoku_pos *pos = &s->pos;
	int us = pos->turn, them = gomoku_other(us), f;
	long vcf_nodes = phase_nodes(s, &phase_vcf);

	if (pos->b.count[GOMOKU_BLACK] + pos->b.count[GOMOKU_WHITE] == 0 &&
	    !gomoku_pos_forbidden(pos, us, centre(&pos->b)) && allowed(s, centre(&pos->b)))
		return decided(s, "centre", centre(&pos->b), 0, info);
	if ((f = first_allowed(s, &pos->set[us][GOMOKU_T_FIVE])) >= 0)
		return decided(s, "five", f, GOMOKU_WIN - 1, info);
	if (pos->count[them][GOMOKU_T_FIVE]) {
		int z = gomoku_bits_first(&pos->set[them][GOMOKU_T_FIVE]);
		bool lost = pos->count[them][GOMOKU_T_FIVE] > 1;

		if (!gomoku_pos_forbidden(pos, us, z) && allowed(s, z))
			return decided(s, "block", z, lost ? -(GOMOKU_WIN - 2) : 0, info);
		/* black may not block: any legal point, the game is lost */
	} else if ((f = gomoku_pos_flex4(pos, us)) >= 0 && allowed(s, f)) {
		return decided(s, "four", f, GOMOKU_WIN - 3, info);
	} else if (root_solve(s, 0, vcf_nodes, phase_vcf.end * s->asked->seconds) &&
		   allowed(s, s->sv.seq[0])) {
		return decided(s, "vcf", s->sv.seq[0], GOMOKU_WIN - s->sv.nseq, info);
	}
	return -1;
}

/* The root's moves (gen_moves) the caller allows; how many. */
static int root_moves(struct search *s)
{
	struct gomoku_pos *pos = &s->pos;
	int n = gen_moves(pos, threat_level(pos, gomoku_other(pos->turn)), s->root), k = 0;

	for (int i = 0; i < n; i++)
		if (allowed(s, s->root[i]))
			s->root[k++] = s->root[i];
	return k;
}

/* Whether the checks may go on: within their share of the search. */
static bool checks_left(const struct search *s)
{
	const struct search_limits *lim = s->asked;

	return (lim->nodes <= 0 || s->check_nodes < lim->nodes / VERIFY_TOTAL) &&
	       (lim->seconds <= 0 || s->check_seconds < lim->seconds / VERIFY_TOTAL);
}

/* Whether the opponent, to move after our root move m, wins by VCF or by
 * a VCT of VERIFY_THREES threes, found within a check's share of the
 * search (the move is marked checked, unless the search's own limits cut
 * the check short). */
static bool refuted(struct search *s, int m)
{
	const struct search_limits *lim = s->asked;
	long start = s->sv.nodes, nodes = lim->nodes > 0 ? lim->nodes / VERIFY_CHECK
							 : VERIFY_CHECK_NODES;
	double t0 = search_elapsed(&s->lim);
	double end = lim->seconds > 0 ? t0 + lim->seconds / VERIFY_CHECK : 0;
	bool lost;

	put(s, m);
	lost = root_solve(s, 0, nodes, end) ||
	       root_solve(s, VERIFY_THREES, nodes - (s->sv.nodes - start), end);
	gomoku_pos_remove(&s->pos, m);
	s->check_nodes += s->sv.nodes - start;
	s->check_seconds += search_elapsed(&s->lim) - t0;
	if (!s->lim.aborted) /* a check the search's limits cut is not one */
		gomoku_bits_set(&s->checked, m);
	return lost;
}

/* Root move m leaves the list (it loses); false when it is the last. */
static bool drop_root(struct search *s, int m)
{
	int k = 0;

	if (s->nroot <= 1)
		return false;
	for (int i = 0; i < s->nroot; i++)
		if (s->root[i] != m)
			s->root[k++] = s->root[i];
	s->nroot = k;
	return true;
}

/* The limits of the whole search: the caller's nodes and hard limit. */
static void limits_whole(struct search *s)
{
	s->lim.nodes = s->asked->nodes;
	s->lim.deadline = s->asked->seconds > 0 ? s->lim.start + s->asked->seconds : 0;
}

/* The search's move checked against the opponent's threats (the
 * iterations' horizon hides long ones), unless the iterations did: when
 * it wins by threats after best, the next root moves in order are tried,
 * VERIFY_MOVES at most, within the checks' share; the first that holds is
 * played (one checked before held), else best. */
static int verify(struct search *s, int best, const struct search_info *info)
{
	int tried = 0;

	if (info->score > GOMOKU_WIN_BOUND || search_stop_requested(&s->lim) ||
	    gomoku_bits_has(&s->checked, best))
		return best;
	s->lim.aborted = false;
	limits_whole(s);
	if (!refuted(s, best))
		return best;
	for (int i = 0; i < s->nroot && tried < VERIFY_MOVES && checks_left(s); i++) {
		int m = s->root[i];

		if (m == best)
			continue;
		if (gomoku_bits_has(&s->checked, m))
			return m;
		tried++;
		if (!refuted(s, m))
			return m;
	}
	return best;
}

/* The root's moves in the order of the search's, best first. */
static void sort_root(struct search *s)
{
	order(s, s->root, s->keys[0], s->nroot, -1, 0);
	for (int i = 0; i < s->nroot; i++)
		search_pick_best(s->root, s->keys[0], i, s->nroot);
}

/* Whether the iteration's best, checked once from depth VERIFY_FROM on
 * and within the checks' share, loses to the opponent's threats; it then
 * leaves the root's moves (unless it is the last). */
static bool lost_best(struct search *s, int best, int depth)
{
	if (depth < VERIFY_FROM || gomoku_bits_has(&s->checked, best) || !checks_left(s))
		return false;
	return refuted(s, best) && drop_root(s, best);
}

/* One iteration at the root: first in a window around the last score
 * (aspiration), widened on the side that failed until the score falls
 * inside. Returns the score (meaningless when aborted). */
static int root_search(struct search *s, int depth, int last)
{
	struct search_window w;
	int score;

	search_window_start(&w, &aspiration, depth >= ASPIRATION_DEPTH, last);
	do
		score = negamax(s, depth, 0, w.alpha, w.beta);
	while (!s->lim.aborted && search_window_failed(&w, score));
	return score;
}

/* Iterative deepening over s->root; returns the move. */
static int iterate(struct search *s, int max_depth, struct search_info *info)
{
	int best = s->root[0], scores[GOMOKU_MAX_PLY] = { 0 };

	info->how = "search";
	for (int depth = 1; depth <= max_depth && !s->lim.aborted; depth++) {
		long nodes = s->lim.nodes;

		s->root_best = -1;
		s->extend_ply = depth + EXTEND_PLIES;
		/* The first iteration completes within any node budget, so
		 * that a node budget always yields a searched move,
		 * deterministically; the flag and the clock still stop it. */
		if (depth == 1)
			s->lim.nodes = 0;
		/* the window is centred on the last score of the same parity */
		int score = root_search(s, depth, depth > 2 ? scores[depth - 2] : 0);
		s->lim.nodes = nodes;
		scores[depth] = score;

		if (s->root_best >= 0)
			best = s->root_best;
		if (s->lim.aborted)
			break;
		info->depth = depth;
		info->score = score;
		search_pv_to_info(&s->pv, info, best);
		info->nodes = s->sv.nodes;
		info->seldepth = s->seldepth;
		info->seconds = search_elapsed(&s->lim);
		if (s->lim.report)
			s->lim.report(s->lim.ctx, info);
		/* The best move's stability is not followed (1: neutral). */
		if (score > GOMOKU_WIN_BOUND || score < -GOMOKU_WIN_BOUND ||
		    search_soft_stop(&s->lim, s->sv.nodes, 1))
			break;
		if (lost_best(s, best, depth)) {
			best = s->root[0];
			depth--; /* the same depth again, without it */
		}
	}
	return best;
}

static struct search *search_new(const struct gomoku_board *b, enum gomoku_rules rules,
				 int color, const struct search_limits *lim)
{
	struct search *s = xcalloc(1, sizeof(*s));
	unsigned bits = lim->tt_bits ? lim->tt_bits : GOMOKU_DEFAULT_TT_BITS;

	s->asked = lim;
	s->lim = *lim;
	search_limits_start(&s->lim, CHECK_EVERY, NEXT_ITERATION);
	gomoku_pos_init(&s->pos, b, rules, color);
	s->order_keys = gomoku_order_keys(rules);
	gomoku_solver_init(&s->sv, &s->pos);
	s->sv.expired = solver_expired;
	s->sv.ctx = s;
	s->tt = search_tt_acquire(lim->tt, bits);
	for (int i = 0; i < lim->nexclude; i++)
		if (lim->exclude[i] >= 0 && lim->exclude[i] < GOMOKU_MAX_CELLS)
			gomoku_bits_set(&s->excluded, lim->exclude[i]);
	search_killers_clear(&s->killers);
	search_history_init(&s->history, history_index(GOMOKU_WHITE + 1, 0), HISTORY_LIMIT);
	return s;
}

static void search_free(struct search *s)
{
	gomoku_solver_free(&s->sv);
	search_history_free(&s->history);
	search_tt_give_back(s->tt, s->asked->tt);
	free(s);
}

/* The legal point for color the caller allows nearest the centre (in
 * rings, row by row within one), or -1. */
static int any_legal(const struct search *s, int color)
{
	const struct gomoku_pos *pos = &s->pos;
	int size = pos->b.size, mid = size / 2;

	for (int ring = 0; ring <= mid + 1; ring++)
		for (int row = mid - ring; row <= mid + ring; row++)
			for (int col = mid - ring; col <= mid + ring; col++) {
				if (row < 0 || col < 0 || row >= size || col >= size ||
				    (abs(row - mid) != ring && abs(col - mid) != ring))
					continue;
				int p = gomoku_point(&pos->b, col, row);

				if (pos->b.cell[p] == GOMOKU_EMPTY &&
				    !gomoku_pos_forbidden(pos, color, p) && allowed(s, p))
					return p;
			}
	return -1;
}

int gomoku_search(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		  const struct search_limits *limits, struct search_info *info)
{
	struct search_info local;
	struct search *s = search_new(b, rules, color, limits);
	int max_depth = limits->depth > 0 && limits->depth < GOMOKU_MAX_PLY - 2
				? limits->depth : GOMOKU_MAX_PLY - 2;
	int move;

	if (!info)
		info = &local;
	memset(info, 0, sizeof(*info));
	move = root_decide(s, info);
	if (move < 0) {
		s->lim.aborted = false;
		s->nroot = root_moves(s);
		if (s->nroot == 0) {
			move = any_legal(s, color);
			info->how = "only";
			info->npv = move >= 0;
			info->pv[0] = move;
		} else if (s->nroot == 1) {
			move = decided(s, "only", s->root[0], 0, info);
		} else if (root_solve(s, ROOT_VCT_THREES, phase_nodes(s, &phase_vct),
				      phase_vct.end * limits->seconds) &&
			   allowed(s, s->sv.seq[0])) {
			move = decided(s, "vct", s->sv.seq[0], GOMOKU_WIN - s->sv.nseq, info);
		} else {
			root_defend(s);
			/* a node limit hit in the phases leaves the first
			 * iteration; its fallback is the best-ordered move */
			s->lim.aborted = search_stop_requested(&s->lim) ||
					 (limits->seconds > 0 &&
					  search_elapsed(&s->lim) >= limits->seconds);
			sort_root(s);
			if (s->nroot == 1) {
				move = decided(s, "only", s->root[0], 0, info);
			} else {
				long reserve = limits->nodes / VERIFY_RESERVE;

				s->lim.nodes = limits->nodes > reserve ? limits->nodes - reserve
								       : limits->nodes;
				if (limits->seconds > 0)
					s->lim.deadline = s->lim.start +
							  limits->seconds * VERIFY_TIME;
				move = verify(s, iterate(s, max_depth, info), info);
			}
		}
	}
	info->nodes = s->sv.nodes;
	info->seconds = search_elapsed(&s->lim);
	/* A decision without iterations is reported too, as depth 0. */
	if (info->how && strcmp(info->how, "search") && s->lim.report)
		s->lim.report(s->lim.ctx, info);
	search_free(s);
	return move;
}

int gomoku_search_candidates(const struct gomoku_board *b, enum gomoku_rules rules, int color,
			     int *out, int max)
{
	struct search_limits lim = { .tt_bits = SEARCH_TT_MIN_BITS };
	struct search *s = search_new(b, rules, color, &lim);
	struct gomoku_pos *pos = &s->pos;
	int them = gomoku_other(color), n;

	if (pos->count[color][GOMOKU_T_FIVE]) {
		s->root[0] = gomoku_bits_first(&pos->set[color][GOMOKU_T_FIVE]);
		n = 1;
	} else if (pos->count[them][GOMOKU_T_FIVE] &&
		   !gomoku_pos_forbidden(pos, color,
					 gomoku_bits_first(&pos->set[them][GOMOKU_T_FIVE]))) {
		s->root[0] = gomoku_bits_first(&pos->set[them][GOMOKU_T_FIVE]);
		n = 1;
	} else {
		n = gen_moves(pos, threat_level(pos, them), s->root);
	}
	order(s, s->root, s->keys[0], n, -1, 0);
	for (int i = 0; i < n && i < max; i++)
		search_pick_best(s->root, s->keys[0], i, n);
	if (n > max)
		n = max;
	memcpy(out, s->root, (size_t)n * sizeof(*out));
	search_free(s);
	return n;
}
