/* The threat solver (gomoku_search.h): VCF and VCT on the engine's
 * position, depth-first, stones put and taken back in place.
 *
 * VCF. The attacker (the side to move) plays only points where it makes a
 * four (the position's FOUR set, or a five: it has won); the defender's
 * reply is forced, the one completion point, unless the four was open or
 * double (two completion points: won), or the completion point is one of
 * black's forbidden points under renju and black defends (won). When the
 * defender's forced stone makes a four of its own, the attacker must block
 * it, and the block must itself be a four for the line to go on. So the
 * tree branches only on the attacker's side and each ply is exact: a win
 * found is a real win.
 *
 * VCT. The attacker also plays threes (points where it makes an open
 * three: it then has a point making an open four). The defender, facing
 * such a threat and no four, may play a point where the attacker would
 * make a four that lies within a pattern key of every one of the
 * attacker's open-four points (gomoku_pos_defences: a stone elsewhere
 * leaves one of them in place) or any point where it makes a four itself
 * (a counter the attacker must answer, after which the threat still
 * stands); the attacker wins when every such reply loses. The
 * number of threes on a line is bounded by the question's depth, fours
 * are not counted (they are forced), the line's length by GOMOKU_SOLVE_MAX.
 *
 * Positions that failed are remembered by Zobrist key (with the depth they
 * failed at) in a small memo, so transpositions of the same threats are
 * not searched twice; a question that gave up remembers nothing. */
#include "games/gomoku/gomoku_search.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define DEFAULT_DEPTH 30 /* attacker stones in a VCF, threes in a VCT */
#define CHECK_EVERY 256  /* nodes between calls of expired */
#define MEMO_BITS 16
#define MAX_PLY (GOMOKU_SOLVE_MAX - 4)

/* Questions kept apart in the memo. */
static const uint64_t kind_vcf = 0x5d1c6a3b9e27f481ull;
static const uint64_t kind_vct = 0xa4f09b2c71e8d635ull;

struct memo_entry {
	uint64_t key;  /* position hash ^ question kind; 0: unused */
	int32_t depth; /* the depth the question failed at */
};

struct gomoku_solver_memo {
	struct memo_entry e[1 << MEMO_BITS];
};

void gomoku_solver_init(struct gomoku_solver *sv, struct gomoku_pos *pos)
{
	memset(sv, 0, sizeof(*sv));
	sv->pos = pos;
	sv->memo = xcalloc(1, sizeof(*sv->memo));
}

void gomoku_solver_free(struct gomoku_solver *sv)
{
	free(sv->memo);
	sv->memo = NULL;
}

static bool give_up(struct gomoku_solver *sv)
{
	if (sv->aborted)
		return true;
	if (sv->limit > 0 && sv->nodes >= sv->limit) {
		sv->aborted = true;
	} else if (sv->expired && sv->nodes >= sv->next_check) {
		sv->next_check = sv->nodes + CHECK_EVERY;
		sv->aborted = sv->expired(sv->ctx);
	}
	return sv->aborted;
}

static struct memo_entry *memo_slot(struct gomoku_solver *sv, uint64_t key)
{
	return sv->memo ? &sv->memo->e[key & ((1u << MEMO_BITS) - 1)] : NULL;
}

/* Whether the position failed this question at depth or deeper. */
static bool memo_failed(struct gomoku_solver *sv, uint64_t kind, int depth)
{
	uint64_t key = sv->pos->hash ^ kind;
	struct memo_entry *e = memo_slot(sv, key);

	return e && e->key == key && e->depth >= depth;
}

static void memo_fail(struct gomoku_solver *sv, uint64_t kind, int depth)
{
	uint64_t key = sv->pos->hash ^ kind;
	struct memo_entry *e = memo_slot(sv, key);

	if (e && !sv->aborted && (e->key != key || e->depth < depth)) {
		e->key = key;
		e->depth = depth;
	}
}

static void put(struct gomoku_solver *sv, int p)
{
	gomoku_pos_put(sv->pos, p);
	sv->nodes++;
}

/* A point's rank for color: its threat class, then the other side's (a
 * threat that also takes the other side's point first: 2 to 10 times
 * fewer nodes to the wins of games against AIWine). */
static int order_key(const struct gomoku_pos *pos, int color, int p)
{
	return gomoku_p4(pos, color, p) * 16 + gomoku_p4(pos, gomoku_other(color), p);
}

/* Sort points by their rank for color, strongest first (stable, so the
 * order is the same every time). */
static void order(const struct gomoku_pos *pos, int color, int *points, int n)
{
	for (int i = 1; i < n; i++) {
		int v = points[i], key = order_key(pos, color, v), j = i;

		while (j > 0 && order_key(pos, color, points[j - 1]) < key) {
			points[j] = points[j - 1];
			j--;
		}
		points[j] = v;
	}
}

static bool is_four_move(const struct gomoku_pos *pos, int color, int p)
{
	int p4 = gomoku_p4(pos, color, p);

	return p4 >= GOMOKU_P4_BLOCK4 && p4 <= GOMOKU_P4_FLEX4;
}

/* The five's point of the side that just moved's win, recorded at ply. */
static bool won_at(struct gomoku_solver *sv, int ply, int p)
{
	sv->seq[ply] = p;
	sv->nseq = ply + 1;
	return true;
}

/* ---- VCF ---------------------------------------------------------------- */

static bool vcf(struct gomoku_solver *sv, int depth, int ply)
{
	struct gomoku_pos *pos = sv->pos;
	int att = pos->turn, def = gomoku_other(att);
	int moves[GOMOKU_MAX_CELLS], n;

	if (pos->count[att][GOMOKU_T_FIVE])
		return won_at(sv, ply, gomoku_bits_first(&pos->set[att][GOMOKU_T_FIVE]));
	if (depth <= 0 || ply >= MAX_PLY || give_up(sv) || memo_failed(sv, kind_vcf, depth))
		return false;
	if (pos->count[def][GOMOKU_T_FIVE]) {
		/* the defender has a four: block it, with a four */
		int z = gomoku_bits_first(&pos->set[def][GOMOKU_T_FIVE]);

		if (pos->count[def][GOMOKU_T_FIVE] > 1 || !is_four_move(pos, att, z))
			return false;
		moves[0] = z;
		n = 1;
	} else {
		n = gomoku_bits_list(&pos->set[att][GOMOKU_T_FOUR], moves);
		order(pos, att, moves, n);
	}
	for (int i = 0; i < n; i++) {
		int x = moves[i];
		bool won = false;

		if (gomoku_pos_forbidden(pos, att, x))
			continue;
		sv->seq[ply] = x;
		put(sv, x);
		if (pos->count[att][GOMOKU_T_FIVE] >= 2) {
			won = won_at(sv, ply, x);
		} else if (pos->count[att][GOMOKU_T_FIVE] == 1) {
			int y = gomoku_bits_first(&pos->set[att][GOMOKU_T_FIVE]);

			if (gomoku_pos_forbidden(pos, def, y)) {
				won = won_at(sv, ply, x);
			} else {
				sv->seq[ply + 1] = y;
				put(sv, y);
				won = vcf(sv, depth - 1, ply + 2);
				gomoku_pos_remove(pos, y);
			}
		}
		gomoku_pos_remove(pos, x);
		if (won)
			return true;
		if (sv->aborted)
			return false;
	}
	memo_fail(sv, kind_vcf, depth);
	return false;
}

bool gomoku_solve_vcf(struct gomoku_solver *sv)
{
	int depth = sv->max_depth > 0 ? sv->max_depth : DEFAULT_DEPTH;

	sv->aborted = false;
	sv->nseq = 0;
	if (depth > MAX_PLY / 2)
		depth = MAX_PLY / 2;
	return vcf(sv, depth, 0);
}

/* ---- VCT ---------------------------------------------------------------- */

static bool vct_and(struct gomoku_solver *sv, int threes, int ply);

/* The attacker's stones two and four plies up the line (its last two),
 * or -1 at the top. */
static int last_attacker(const struct gomoku_solver *sv, int ply, int back)
{
	return ply >= 2 * back ? sv->seq[ply - 2 * back] : -1;
}

/* The attacker to move, with threes more threes allowed. A three must
 * share a line with one of the attacker's last two stones (fours need
 * not): threats that build on each other, as in threat-space search; a
 * win found is still a win, only some are not looked for. */
static bool vct_or(struct gomoku_solver *sv, int threes, int ply)
{
	struct gomoku_pos *pos = sv->pos;
	int att = pos->turn, def = gomoku_other(att);
	int moves[GOMOKU_MAX_CELLS], n, f;

	if (pos->count[att][GOMOKU_T_FIVE])
		return won_at(sv, ply, gomoku_bits_first(&pos->set[att][GOMOKU_T_FIVE]));
	if (ply >= MAX_PLY || give_up(sv))
		return false;
	if (pos->count[def][GOMOKU_T_FIVE]) {
		/* a counter-four: block it; the defender moves again */
		int z = gomoku_bits_first(&pos->set[def][GOMOKU_T_FIVE]);

		if (pos->count[def][GOMOKU_T_FIVE] > 1 || gomoku_pos_forbidden(pos, att, z))
			return false;
		sv->seq[ply] = z;
		put(sv, z);
		bool won = vct_and(sv, threes, ply + 1);
		gomoku_pos_remove(pos, z);
		return won;
	}
	if ((f = gomoku_pos_flex4(pos, att)) >= 0)
		return won_at(sv, ply, f);
	if (memo_failed(sv, kind_vct, threes))
		return false;
	n = gomoku_bits_list(&pos->set[att][threes > 0 ? GOMOKU_T_THREAT : GOMOKU_T_FOUR], moves);
	order(pos, att, moves, n);
	int a1 = last_attacker(sv, ply, 1), a2 = last_attacker(sv, ply, 2);
	for (int i = 0; i < n; i++) {
		int x = moves[i];
		bool four = is_four_move(pos, att, x);

		if (!four && a1 >= 0 && !gomoku_in_line(&pos->b, x, a1, 4) &&
		    (a2 < 0 || !gomoku_in_line(&pos->b, x, a2, 4)))
			continue;
		if (gomoku_pos_forbidden(pos, att, x))
			continue;
		sv->seq[ply] = x;
		put(sv, x);
		bool won = vct_and(sv, four ? threes : threes - 1, ply + 1);
		gomoku_pos_remove(pos, x);
		if (won)
			return true;
		if (sv->aborted)
			return false;
	}
	memo_fail(sv, kind_vct, threes);
	return false;
}

/* The defender to move after an attacker's stone. */
static bool vct_and(struct gomoku_solver *sv, int threes, int ply)
{
	struct gomoku_pos *pos = sv->pos;
	int def = pos->turn, att = gomoku_other(def);
	int moves[GOMOKU_MAX_CELLS], n;
	struct gomoku_bits replies;

	if (pos->count[def][GOMOKU_T_FIVE])
		return false;
	if (pos->count[att][GOMOKU_T_FIVE]) {
		int y = gomoku_bits_first(&pos->set[att][GOMOKU_T_FIVE]);

		if (pos->count[att][GOMOKU_T_FIVE] > 1 || gomoku_pos_forbidden(pos, def, y)) {
			sv->nseq = ply;
			return true;
		}
		sv->seq[ply] = y;
		put(sv, y);
		bool won = vct_or(sv, threes, ply + 1);
		gomoku_pos_remove(pos, y);
		return won;
	}
	if (ply >= MAX_PLY || give_up(sv) || gomoku_pos_flex4(pos, att) < 0)
		return false; /* no threat left: the defender is free */
	gomoku_pos_defences(pos, att, &replies);
	n = gomoku_bits_list(&replies, moves);
	order(pos, def, moves, n);
	for (int i = 0; i < n; i++) {
		int y = moves[i];

		if (gomoku_pos_forbidden(pos, def, y))
			continue;
		sv->seq[ply] = y;
		put(sv, y);
		bool won = vct_or(sv, threes, ply + 1);
		gomoku_pos_remove(pos, y);
		if (!won)
			return false;
	}
	return true;
}

bool gomoku_solve_vct(struct gomoku_solver *sv)
{
	int threes = sv->max_depth > 0 ? sv->max_depth : DEFAULT_DEPTH;

	sv->aborted = false;
	sv->nseq = 0;
	/* Deepening by threes: a deep first branch does not hide a short win,
	 * and the memo keeps what the shallower rounds refuted. */
	for (int t = 1; t <= threes && !sv->aborted; t++)
		if (vct_or(sv, t, 0))
			return true;
	return false;
}
