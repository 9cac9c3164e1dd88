/* The engine's position (gomoku_pos.h): the line tables, the incremental
 * update on put and remove, the evaluation.
 *
 * The line table. A key (gomoku_pos.h) is a point's ten neighbours on one
 * line; the table gives, for each colour, the level of the line with that
 * colour's stone on the point, counted through the point:
 * - F5 when the run through it is a winning five (exactly five where the
 *   colour needs it, else five or more), OL for a longer run where exactly
 *   five is needed;
 * - else F4 when two or more empty points within four cells each complete
 *   such a five through it, B4 when one does;
 * - else one more stone on some empty point within four cells lifts the
 *   line: F3 when one makes an F4, else B3 when one makes a B4, and so on
 *   down by pairs (F2/B2 to F3/B3, F1/B1 to F2/B2); DEAD when no stone
 *   lifts it (no five can ever pass through the point).
 * Keys with one more stone are computed first through the memo, so each
 * of the 2 x 364^2 keys that can occur (off-board cells only beyond the
 * last on-board one) costs a handful of run counts: the three rules'
 * tables (1 MiB each) take some tens of milliseconds, once, on the first
 * position made (pthread_once). Off-board cells block like an opponent's
 * stone; white's level is black's of the key with the colours swapped.
 *
 * The update. A stone on p changes the key of the (at most) 40 points
 * within five cells on its lines, one line each: their new patterns come
 * from the table, and a point whose pattern changed gets its threat class
 * (p4: a table over the four patterns), weight and set memberships again.
 * The 5x5 square around p updates the candidate set. */
#include "games/gomoku/gomoku_pos.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku_order.h"
#include "games/gomoku/gomoku_weights.h"
#include "util/xalloc.h"

#define KEY_BITS 20
#define KEYS (1u << KEY_BITS)
#define HALF 5     /* cells of a key on each side */
#define REACH 4    /* a completion point lies within this many cells */
#define UNKNOWN 0xff
#define LIKELY_FOUL 0x20 /* p4_table: black with these lines is most likely forbidden */

enum line_mode { MODE_FREE, MODE_EXACT, MODE_COUNT };

/* Table build results: read-only once built. */
static uint8_t line_table[GOMOKU_RULES_COUNT][KEYS]; /* pat byte by key */
static uint8_t p4_table[1 << 16];  /* p4 | MAYBE_FOUL << 4 by four patterns */
/* A point's weight for one colour by rules and its four patterns (the
 * lines' and the class's), [0] for the side to move, [1] for the side
 * waiting; black's under renju is 0 where most likely forbidden
 * (LIKELY_FOUL). */
static int16_t val_table[GOMOKU_RULES_COUNT][2][1 << 16];
static uint16_t code_table[1 << 16];    /* a point's code by its four patterns */
static uint8_t code_symbols[GOMOKU_CODES][GOMOKU_DIRS]; /* a code's symbols, strongest first */
static uint64_t zobrist[3][GOMOKU_MAX_CELLS];       /* [colour][point]; [0][0]: side */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* ---- evaluation weights ------------------------------------------------ */

/* The evaluation's weights by rules and feature (gomoku_weights.h,
 * written by gomoku_tune: doc/gomoku-tuning.md). */
static const int16_t weights[GOMOKU_RULES_COUNT][GOMOKU_NFEATURES] = {
	[GOMOKU_FREESTYLE] = GOMOKU_WEIGHTS_FREESTYLE,
	[GOMOKU_STANDARD] = GOMOKU_WEIGHTS_STANDARD,
	[GOMOKU_RENJU] = GOMOKU_WEIGHTS_RENJU,
};

/* The code tables by rules (gomoku_weights.h: entries to code -1), and
 * the same as arrays by role and code (0 where the table has no entry). */
static const struct gomoku_code_weight code_lists[GOMOKU_RULES_COUNT][GOMOKU_CODES + 1] = {
	[GOMOKU_FREESTYLE] = GOMOKU_CODE_WEIGHTS_FREESTYLE,
	[GOMOKU_STANDARD] = GOMOKU_CODE_WEIGHTS_STANDARD,
	[GOMOKU_RENJU] = GOMOKU_CODE_WEIGHTS_RENJU,
};
static int16_t code_weights[GOMOKU_RULES_COUNT][2][GOMOKU_CODES];

/* The move ordering's keys by rules (gomoku_order.h), as lists and as
 * arrays by role and code (0 for GOMOKU_CODES, no code); a rules whose
 * list is empty has the hand-set keys below. */
static const struct gomoku_code_weight order_lists[GOMOKU_RULES_COUNT][GOMOKU_CODES + 1] = {
	[GOMOKU_FREESTYLE] = GOMOKU_ORDER_FREESTYLE,
	[GOMOKU_STANDARD] = GOMOKU_ORDER_STANDARD,
	[GOMOKU_RENJU] = GOMOKU_ORDER_RENJU,
};
static int order_keys[GOMOKU_RULES_COUNT][2][GOMOKU_CODES + 1];

/* The hand-set ordering: a key per threat class the point makes for the
 * side to move (attack) and for the side waiting (defence), plus a small
 * one per line pattern and class of each (what a stone there makes).
 * Renju keeps it: the learned keys lost there (doc/gomoku-tuning.md). */
static const int attack_key[GOMOKU_P4_COUNT] = {
	[GOMOKU_P4_NONE] = 0,           [GOMOKU_P4_FLEX2] = 50,        [GOMOKU_P4_BLOCK3] = 40,
	[GOMOKU_P4_FLEX2_2X] = 200,     [GOMOKU_P4_BLOCK3_PLUS] = 250, [GOMOKU_P4_FLEX3] = 600,
	[GOMOKU_P4_FLEX3_PLUS] = 900,   [GOMOKU_P4_FLEX3_2X] = 3000,   [GOMOKU_P4_BLOCK4] = 500,
	[GOMOKU_P4_BLOCK4_PLUS] = 900,  [GOMOKU_P4_BLOCK4_FLEX3] = 6000, [GOMOKU_P4_FLEX4] = 20000,
	[GOMOKU_P4_FIVE] = 50000,
};
static const int defence_key[GOMOKU_P4_COUNT] = {
	[GOMOKU_P4_NONE] = 0,           [GOMOKU_P4_FLEX2] = 30,        [GOMOKU_P4_BLOCK3] = 20,
	[GOMOKU_P4_FLEX2_2X] = 150,     [GOMOKU_P4_BLOCK3_PLUS] = 180, [GOMOKU_P4_FLEX3] = 400,
	[GOMOKU_P4_FLEX3_PLUS] = 700,   [GOMOKU_P4_FLEX3_2X] = 2400,   [GOMOKU_P4_BLOCK4] = 300,
	[GOMOKU_P4_BLOCK4_PLUS] = 600,  [GOMOKU_P4_BLOCK4_FLEX3] = 4500, [GOMOKU_P4_FLEX4] = 15000,
	[GOMOKU_P4_FIVE] = 40000,
};
static const int interest_line[GOMOKU_PAT_COUNT] = {
	[GOMOKU_PAT_DEAD] = 0, [GOMOKU_PAT_OL] = 0,  [GOMOKU_PAT_B1] = 1,
	[GOMOKU_PAT_F1] = 3,   [GOMOKU_PAT_B2] = 6,  [GOMOKU_PAT_F2] = 14,
	[GOMOKU_PAT_B3] = 18,  [GOMOKU_PAT_F3] = 45, [GOMOKU_PAT_B4] = 50,
	[GOMOKU_PAT_F4] = 120, [GOMOKU_PAT_F5] = 200,
};
static const int interest_class[GOMOKU_P4_COUNT] = {
	[GOMOKU_P4_NONE] = 0,          [GOMOKU_P4_FLEX2] = 0,         [GOMOKU_P4_BLOCK3] = 0,
	[GOMOKU_P4_FLEX2_2X] = 15,     [GOMOKU_P4_BLOCK3_PLUS] = 20,  [GOMOKU_P4_FLEX3] = 10,
	[GOMOKU_P4_FLEX3_PLUS] = 40,   [GOMOKU_P4_FLEX3_2X] = 150,    [GOMOKU_P4_BLOCK4] = 0,
	[GOMOKU_P4_BLOCK4_PLUS] = 30,  [GOMOKU_P4_BLOCK4_FLEX3] = 200, [GOMOKU_P4_FLEX4] = 300,
	[GOMOKU_P4_FIVE] = 500,
};

const char *const gomoku_feature_names[GOMOKU_NFEATURES] = {
	"own_b1",     "own_f1",       "own_b2",       "own_f2",        "own_b3",
	"own_f3",     "own_b4",       "own_f4",       "own_f5",        "own_flex2",
	"own_block3", "own_flex2_2x", "own_block3_plus", "own_flex3",  "own_flex3_plus",
	"own_flex3_2x", "own_block4", "own_block4_plus", "own_block4_flex3", "own_flex4",
	"own_five",
	"their_b1",     "their_f1",       "their_b2",       "their_f2",        "their_b3",
	"their_f3",     "their_b4",       "their_f4",       "their_f5",        "their_flex2",
	"their_block3", "their_flex2_2x", "their_block3_plus", "their_flex3",  "their_flex3_plus",
	"their_flex3_2x", "their_block4", "their_block4_plus", "their_block4_flex3", "their_flex4",
	"their_five",
	"tempo",
};

/* The feature of line pattern pat within a colour's group, or -1 (a dead
 * line, an overline: no weight). */
static int pattern_feature(int pat)
{
	return pat >= GOMOKU_PAT_B1 ? pat - GOMOKU_PAT_B1 : -1;
}

/* The feature of threat class p4 within a colour's group, or -1 (none). */
static int class_feature(int p4)
{
	return p4 > GOMOKU_P4_NONE ? GOMOKU_F_FLEX2 + p4 - GOMOKU_P4_FLEX2 : -1;
}

/* The sets a point of each threat class belongs to (bit k: enum
 * gomoku_threat k). */
static unsigned set_mask(int p4)
{
	unsigned m = 0;

	if (p4 == GOMOKU_P4_FIVE)
		m |= 1u << GOMOKU_T_FIVE;
	if (p4 == GOMOKU_P4_FLEX4)
		m |= 1u << GOMOKU_T_FLEX4;
	if (p4 >= GOMOKU_P4_BLOCK4 && p4 <= GOMOKU_P4_FLEX4)
		m |= 1u << GOMOKU_T_FOUR;
	if (p4 >= GOMOKU_P4_FLEX3 && p4 <= GOMOKU_P4_FLEX4)
		m |= 1u << GOMOKU_T_THREAT;
	return m;
}

/* ---- the tables ------------------------------------------------------- */

static int shift_of(int off)
{
	return off < 0 ? 2 * (off + HALF) : 2 * (off + HALF - 1);
}

/* The colours of a key swapped (1 <-> 2; empty and edge stay). */
static uint32_t swap_colours(uint32_t key)
{
	return key ^ (((key ^ (key >> 1)) & 0x55555u) * 3);
}

/* Whether key can occur: on each side, off-board cells only beyond the
 * last on-board one. */
static bool key_valid(uint32_t key)
{
	for (int sign = -1; sign <= 1; sign += 2) {
		bool edge = false;

		for (int k = 1; k <= HALF; k++) {
			bool here = (key >> shift_of(sign * k) & 3) == GOMOKU_EDGE;

			if (edge && !here)
				return false;
			edge = here;
		}
	}
	return true;
}

/* The black run through the centre of an 11-cell line. */
static int centre_run(const uint8_t *l)
{
	int n = 1;

	for (int i = HALF + 1; i <= 2 * HALF && l[i] == GOMOKU_BLACK; i++)
		n++;
	for (int i = HALF - 1; i >= 0 && l[i] == GOMOKU_BLACK; i--)
		n++;
	return n;
}

static bool is_five(int run, enum line_mode mode)
{
	return mode == MODE_EXACT ? run == 5 : run >= 5;
}

/* Black's level of key (black on the centre), through memo. */
static uint8_t level(uint8_t *memo, uint32_t key, enum line_mode mode)
{
	uint8_t l[2 * HALF + 1], best = GOMOKU_PAT_DEAD;
	int fives = 0;

	if (memo[key] != UNKNOWN)
		return memo[key];
	for (int off = -HALF; off <= HALF; off++)
		l[off + HALF] = off ? key >> shift_of(off) & 3 : GOMOKU_BLACK;
	int run = centre_run(l);
	if (is_five(run, mode))
		return memo[key] = GOMOKU_PAT_F5;
	if (run > 5)
		return memo[key] = GOMOKU_PAT_OL;
	for (int off = -REACH; off <= REACH; off++) {
		if (!off || l[off + HALF] != GOMOKU_EMPTY)
			continue;
		l[off + HALF] = GOMOKU_BLACK;
		fives += is_five(centre_run(l), mode);
		l[off + HALF] = GOMOKU_EMPTY;
	}
	if (fives)
		return memo[key] = fives >= 2 ? GOMOKU_PAT_F4 : GOMOKU_PAT_B4;
	for (int off = -REACH; off <= REACH; off++) {
		if (!off || l[off + HALF] != GOMOKU_EMPTY)
			continue;
		uint8_t sub = level(memo, key | (uint32_t)GOMOKU_BLACK << shift_of(off), mode);
		/* F4 -> F3, B4 -> B3, ..., B2 -> B1; weaker lines lift nothing */
		uint8_t down = sub >= GOMOKU_PAT_B2 ? sub - 2 : GOMOKU_PAT_DEAD;

		if (down > best)
			best = down;
	}
	return memo[key] = best;
}

/* The threat class of four line patterns (one colour), and whether black
 * with these lines might be forbidden under renju. */
static uint8_t combine(const int pat[GOMOKU_DIRS])
{
	int n[GOMOKU_PAT_COUNT] = { 0 }, p4;

	for (int d = 0; d < GOMOKU_DIRS; d++)
		n[pat[d]]++;
	if (n[GOMOKU_PAT_F5])
		return GOMOKU_P4_FIVE;
	bool foul = n[GOMOKU_PAT_OL] || n[GOMOKU_PAT_F4] || n[GOMOKU_PAT_B4] >= 2 ||
		    n[GOMOKU_PAT_F3] >= 2;
	/* an overline, two fours, or two threes and no four: most likely a
	 * real foul (the exact test is gomoku_renju_foul's) */
	bool likely = n[GOMOKU_PAT_OL] || n[GOMOKU_PAT_F4] + n[GOMOKU_PAT_B4] >= 2 ||
		      (n[GOMOKU_PAT_F3] >= 2 && !n[GOMOKU_PAT_F4] && !n[GOMOKU_PAT_B4]);
	int lesser = n[GOMOKU_PAT_B3] + n[GOMOKU_PAT_F2];

	if (n[GOMOKU_PAT_F4] || n[GOMOKU_PAT_B4] >= 2)
		p4 = GOMOKU_P4_FLEX4;
	else if (n[GOMOKU_PAT_B4] && n[GOMOKU_PAT_F3])
		p4 = GOMOKU_P4_BLOCK4_FLEX3;
	else if (n[GOMOKU_PAT_B4] && lesser)
		p4 = GOMOKU_P4_BLOCK4_PLUS;
	else if (n[GOMOKU_PAT_B4])
		p4 = GOMOKU_P4_BLOCK4;
	else if (n[GOMOKU_PAT_F3] >= 2)
		p4 = GOMOKU_P4_FLEX3_2X;
	else if (n[GOMOKU_PAT_F3] && lesser)
		p4 = GOMOKU_P4_FLEX3_PLUS;
	else if (n[GOMOKU_PAT_F3])
		p4 = GOMOKU_P4_FLEX3;
	else if (n[GOMOKU_PAT_B3] && lesser >= 2)
		p4 = GOMOKU_P4_BLOCK3_PLUS;
	else if (n[GOMOKU_PAT_F2] >= 2)
		p4 = GOMOKU_P4_FLEX2_2X;
	else if (n[GOMOKU_PAT_B3])
		p4 = GOMOKU_P4_BLOCK3;
	else if (n[GOMOKU_PAT_F2])
		p4 = GOMOKU_P4_FLEX2;
	else
		p4 = GOMOKU_P4_NONE;
	return (uint8_t)(p4 | (foul ? GOMOKU_CELL_MAYBE_FOUL << 4 : 0) | (likely ? LIKELY_FOUL : 0));
}

/* The weight under rules of a point whose four lines are pat and threat
 * class p4, for its colour as the side to move (role 0) or waiting (1). */
static int16_t point_weight(enum gomoku_rules rules, int role, const int pat[GOMOKU_DIRS],
			    int p4, int code)
{
	const int16_t *w = weights[rules] + role * GOMOKU_F_PER_COLOUR;
	int val = 0, f = class_feature(p4);

	if (f >= 0)
		val += w[f];
	for (int d = 0; d < GOMOKU_DIRS; d++)
		if ((f = pattern_feature(pat[d])) >= 0)
			val += w[f];
	return (int16_t)(val + code_weights[rules][role][code]);
}

/* ---- codes ------------------------------------------------------------ */

/* A pattern's symbol in codes: dead lines and overlines 0, B1 .. F5 1 .. 9. */
static int code_symbol(int pat)
{
	return pat >= GOMOKU_PAT_B1 ? pat - GOMOKU_PAT_B1 + 1 : 0;
}

#define CODE_SYMBOLS (GOMOKU_PAT_F5 - GOMOKU_PAT_B1 + 2)
_Static_assert(CODE_SYMBOLS * (CODE_SYMBOLS + 1) * (CODE_SYMBOLS + 2) * (CODE_SYMBOLS + 3) / 24 ==
		       GOMOKU_CODES,
	       "GOMOKU_CODES is the number of multisets of four symbols");

/* The hand-set ordering's keys by code: its lines' patterns and their class. */
static void hand_set_order(int keys[2][GOMOKU_CODES + 1])
{
	for (int k = 0; k < GOMOKU_CODES; k++) {
		int pat[GOMOKU_DIRS], p4, interest;

		for (int d = 0; d < GOMOKU_DIRS; d++) {
			int sym = code_symbols[k][d];

			pat[d] = sym ? GOMOKU_PAT_B1 + sym - 1 : GOMOKU_PAT_DEAD;
		}
		p4 = combine(pat) & 15;
		interest = interest_class[p4];
		for (int d = 0; d < GOMOKU_DIRS; d++)
			interest += interest_line[pat[d]];
		keys[0][k] = attack_key[p4] + interest;
		keys[1][k] = defence_key[p4] + interest;
	}
}

/* Number the multisets (symbols in descending order, the multisets in
 * lexicographic order: stable, as gomoku_weights.h names codes by number),
 * and the codes' weights from their lists. */
static void build_codes(void)
{
	static int16_t number[CODE_SYMBOLS][CODE_SYMBOLS][CODE_SYMBOLS][CODE_SYMBOLS];
	int n = 0;

	for (int a = 0; a < CODE_SYMBOLS; a++)
		for (int b = 0; b <= a; b++)
			for (int c = 0; c <= b; c++)
				for (int d = 0; d <= c; d++) {
					uint8_t *sym = code_symbols[n];

					sym[0] = (uint8_t)a, sym[1] = (uint8_t)b;
					sym[2] = (uint8_t)c, sym[3] = (uint8_t)d;
					number[a][b][c][d] = (int16_t)n++;
				}
	for (int i = 0; i < 1 << 16; i++) {
		int sym[GOMOKU_DIRS];

		for (int d = 0; d < GOMOKU_DIRS; d++) {
			int pat = i >> (4 * d) & 15;

			sym[d] = pat < GOMOKU_PAT_COUNT ? code_symbol(pat) : 0;
			/* insertion: descending */
			for (int k = d; k > 0 && sym[k] > sym[k - 1]; k--) {
				int t = sym[k];

				sym[k] = sym[k - 1], sym[k - 1] = t;
			}
		}
		code_table[i] = (uint16_t)number[sym[0]][sym[1]][sym[2]][sym[3]];
	}
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		for (const struct gomoku_code_weight *e = code_lists[rules]; e->code >= 0; e++) {
			code_weights[rules][0][e->code] = e->own;
			code_weights[rules][1][e->code] = e->their;
		}
		if (order_lists[rules][0].code < 0)
			hand_set_order(order_keys[rules]);
		for (const struct gomoku_code_weight *e = order_lists[rules]; e->code >= 0; e++) {
			order_keys[rules][0][e->code] = e->own;
			order_keys[rules][1][e->code] = e->their;
		}
	}
}

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void build_tables(void)
{
	uint8_t (*memo)[KEYS] = xmalloc(MODE_COUNT * sizeof(*memo));
	uint64_t seed = 0x676f6d6f6b75ull; /* "gomoku": fixed, so hashes repeat */

	memset(memo, UNKNOWN, MODE_COUNT * sizeof(*memo));
	build_codes();
	for (uint32_t key = 0; key < KEYS; key++) {
		if (!key_valid(key))
			continue;
		uint32_t swapped = swap_colours(key);
		int free_b = level(memo[MODE_FREE], key, MODE_FREE);
		int free_w = level(memo[MODE_FREE], swapped, MODE_FREE);
		int exact_b = level(memo[MODE_EXACT], key, MODE_EXACT);
		int exact_w = level(memo[MODE_EXACT], swapped, MODE_EXACT);

		line_table[GOMOKU_FREESTYLE][key] = (uint8_t)(free_b | free_w << 4);
		line_table[GOMOKU_STANDARD][key] = (uint8_t)(exact_b | exact_w << 4);
		line_table[GOMOKU_RENJU][key] = (uint8_t)(exact_b | free_w << 4);
	}
	for (int i = 0; i < 1 << 16; i++) {
		int pat[GOMOKU_DIRS];
		bool ok = true;

		for (int d = 0; d < GOMOKU_DIRS; d++) {
			pat[d] = i >> (4 * d) & 15;
			ok &= pat[d] < GOMOKU_PAT_COUNT;
		}
		p4_table[i] = ok ? combine(pat) : 0;
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++)
			for (int role = 0; role < 2; role++)
				val_table[rules][role][i] =
					ok ? point_weight(rules, role, pat, p4_table[i] & 15,
							 code_table[i])
					   : 0;
	}
	free(memo);
	for (int c = 0; c < 3; c++)
		for (int p = 0; p < GOMOKU_MAX_CELLS; p++)
			zobrist[c][p] = splitmix(&seed);
}

static void tables_ready(void)
{
	pthread_once(&tables_once, build_tables);
}

uint64_t gomoku_zobrist(int color, int p)
{
	tables_ready();
	return zobrist[color][p];
}

int gomoku_line_pattern(enum gomoku_rules rules, uint32_t key, int color)
{
	tables_ready();
	return gomoku_pat_of(line_table[rules][key], color);
}

/* ---- sets --------------------------------------------------------------- */

static void bits_set(struct gomoku_bits *s, int p)
{
	s->w[p >> 6] |= 1ull << (p & 63);
}

static void bits_clear(struct gomoku_bits *s, int p)
{
	s->w[p >> 6] &= ~(1ull << (p & 63));
}

int gomoku_bits_list(const struct gomoku_bits *s, int *out)
{
	int n = 0;

	for (int i = 0; i < GOMOKU_BITWORDS; i++)
		for (uint64_t w = s->w[i]; w; w &= w - 1)
			out[n++] = i * 64 + __builtin_ctzll(w);
	return n;
}

int gomoku_bits_first(const struct gomoku_bits *s)
{
	for (int i = 0; i < GOMOKU_BITWORDS; i++)
		if (s->w[i])
			return i * 64 + __builtin_ctzll(s->w[i]);
	return -1;
}

/* ---- the update --------------------------------------------------------- */

/* Move point p of colour c from threat class old to new in the sets. */
static void move_sets(struct gomoku_pos *pos, int c, int p, int old, int new)
{
	unsigned diff = set_mask(old) ^ set_mask(new), now = set_mask(new);

	if (old != GOMOKU_P4_NONE)
		pos->classes[c][old]--;
	if (new != GOMOKU_P4_NONE)
		pos->classes[c][new]++;

	for (int k = 0; diff; k++, diff >>= 1, now >>= 1) {
		if (!(diff & 1))
			continue;
		if (now & 1) {
			bits_set(&pos->set[c][k], p);
			pos->count[c][k]++;
		} else {
			bits_clear(&pos->set[c][k], p);
			pos->count[c][k]--;
		}
	}
}

/* The index of colour i's (0 black, 1 white) four line patterns at a
 * cell: its four nibbles packed into 16 bits, direction d at bits 4d (the
 * tables' index). */
static unsigned pattern_index(const struct gomoku_spot *cell, int i)
{
	uint32_t pats, x;
	unsigned idx;

	memcpy(&pats, cell->pat, sizeof(pats));
	x = pats >> (4 * i) & 0x0f0f0f0fu;
	idx = (x | x >> 4) & 0x00ff00ffu;
	return (idx | idx >> 8) & 0xffffu;
}

/* Empty p's class, weight and sets again from its patterns, for the
 * colours of mask (bit 0 black, bit 1 white: those whose patterns
 * changed). */
static void refresh(struct gomoku_pos *pos, int p, unsigned mask)
{
	struct gomoku_spot *cell = &pos->cell[p];

	for (int i = 0; i < 2; i++) {
		if (!(mask >> i & 1))
			continue;
		unsigned idx = pattern_index(cell, i);
		int c = i + 1, entry = p4_table[idx], p4 = entry & 15;
		bool foul = i == 0 && pos->rules == GOMOKU_RENJU && (entry & LIKELY_FOUL);

		for (int role = 0; role < 2; role++) {
			int val = foul ? 0 : val_table[pos->rules][role][idx];

			pos->sum[role][c] += val - cell->val[role][i];
			cell->val[role][i] = (int16_t)val;
		}
		cell->code[i] = code_table[idx];
		if (p4 != cell->p4[i]) {
			move_sets(pos, c, p, cell->p4[i], p4);
			cell->p4[i] = (uint8_t)p4;
		}
		if (i == 0)
			cell->flags = pos->rules == GOMOKU_RENJU ? (uint8_t)(entry >> 4 & 1) : 0;
	}
}

/* Point p is about to hold a stone: it leaves every sum and set. */
static void vacate(struct gomoku_pos *pos, int p)
{
	struct gomoku_spot *cell = &pos->cell[p];

	for (int i = 0; i < 2; i++) {
		for (int role = 0; role < 2; role++) {
			pos->sum[role][i + 1] -= cell->val[role][i];
			cell->val[role][i] = 0;
		}
		cell->code[i] = GOMOKU_CODES;
		move_sets(pos, i + 1, p, cell->p4[i], GOMOKU_P4_NONE);
		cell->p4[i] = GOMOKU_P4_NONE;
	}
	memset(cell->pat, 0, sizeof(cell->pat));
	cell->flags = 0;
	bits_clear(&pos->cand, p);
}

/* Key bits of offset off changed on p's line d: its pattern again. */
static void relevel(struct gomoku_pos *pos, int q, int d)
{
	struct gomoku_spot *cell = &pos->cell[q];
	uint8_t pat = pos->table[cell->key[d]];

	if (pat != cell->pat[d]) {
		uint8_t diff = pat ^ cell->pat[d];

		cell->pat[d] = pat;
		refresh(pos, q, (diff & 15 ? 1u : 0u) | (diff >> 4 ? 2u : 0u));
	}
}

/* Add (color > 0) or clear (color 0) the key bits of p on the lines
 * through it, repatterning the empty points they reach. */
static void update_lines(struct gomoku_pos *pos, int p, int color)
{
	const struct gomoku_board *b = &pos->b;

	for (int d = 0; d < GOMOKU_DIRS; d++) {
		int step = gomoku_step(b, d);

		for (int sign = -1; sign <= 1; sign += 2) {
			int q = p + sign * step;

			/* p is at offset -sign * k from q */
			for (int k = 1; k <= HALF && b->cell[q] != GOMOKU_EDGE; k++, q += sign * step) {
				uint32_t *key = &pos->cell[q].key[d];
				int shift = shift_of(-sign * k);

				*key = (*key & ~(3u << shift)) | (uint32_t)color << shift;
				if (b->cell[q] == GOMOKU_EMPTY)
					relevel(pos, q, d);
			}
		}
	}
}

/* Count a stone on p (delta 1) or take it off (-1) in the 5x5 square's
 * near counts and the candidate set. */
static void update_near(struct gomoku_pos *pos, int p, int delta)
{
	const struct gomoku_board *b = &pos->b;
	int col = gomoku_col(b, p), row = gomoku_row(b, p);
	int c0 = col > 2 ? col - 2 : 0, c1 = col + 2 < b->size ? col + 2 : b->size - 1;
	int r0 = row > 2 ? row - 2 : 0, r1 = row + 2 < b->size ? row + 2 : b->size - 1;

	for (int r = r0; r <= r1; r++)
		for (int c = c0; c <= c1; c++) {
			int q = gomoku_point(b, c, r);
			struct gomoku_spot *cell = &pos->cell[q];

			if (q == p)
				continue;
			cell->near = (uint8_t)(cell->near + delta);
			if (b->cell[q] != GOMOKU_EMPTY)
				continue;
			if (cell->near)
				bits_set(&pos->cand, q);
			else
				bits_clear(&pos->cand, q);
		}
}

static void put_stone(struct gomoku_pos *pos, int p, int color)
{
	vacate(pos, p);
	gomoku_board_put(&pos->b, p, color);
	pos->hash ^= zobrist[color][p];
	update_lines(pos, p, color);
	update_near(pos, p, 1);
}

void gomoku_pos_put(struct gomoku_pos *pos, int p)
{
	int color = pos->turn;

	put_stone(pos, p, color);
	pos->turn = gomoku_other(color);
	pos->hash ^= zobrist[0][0];
}

void gomoku_pos_remove(struct gomoku_pos *pos, int p)
{
	struct gomoku_spot *cell = &pos->cell[p];
	int color = pos->b.cell[p];

	gomoku_board_remove(&pos->b, p);
	pos->hash ^= zobrist[color][p] ^ zobrist[0][0];
	pos->turn = color;
	update_lines(pos, p, GOMOKU_EMPTY);
	update_near(pos, p, -1);
	for (int d = 0; d < GOMOKU_DIRS; d++)
		cell->pat[d] = pos->table[cell->key[d]];
	refresh(pos, p, 3);
	if (cell->near)
		bits_set(&pos->cand, p);
}

/* The key of on-board point p's line d on an empty board: off-board cells
 * beyond the edge. */
static uint32_t empty_key(const struct gomoku_board *b, int p, int d)
{
	int step = gomoku_step(b, d);
	uint32_t key = 0;

	for (int sign = -1; sign <= 1; sign += 2) {
		bool edge = false;

		for (int k = 1, q = p; k <= HALF; k++) {
			if (!edge) {
				q += sign * step;
				edge = b->cell[q] == GOMOKU_EDGE;
			}
			if (edge)
				key |= (uint32_t)GOMOKU_EDGE << shift_of(sign * k);
		}
	}
	return key;
}

void gomoku_pos_init(struct gomoku_pos *pos, const struct gomoku_board *b,
		     enum gomoku_rules rules, int color)
{
	tables_ready();
	memset(pos, 0, sizeof(*pos));
	gomoku_board_init(&pos->b, b->size);
	pos->rules = rules;
	pos->table = line_table[rules];
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = gomoku_point(b, col, row);

			for (int d = 0; d < GOMOKU_DIRS; d++) {
				pos->cell[p].key[d] = empty_key(&pos->b, p, d);
				pos->cell[p].pat[d] = pos->table[pos->cell[p].key[d]];
			}
			refresh(pos, p, 3);
		}
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = gomoku_point(b, col, row);

			if (b->cell[p] != GOMOKU_EMPTY)
				put_stone(pos, p, b->cell[p]);
		}
	pos->turn = color;
	if (color == GOMOKU_WHITE)
		pos->hash ^= zobrist[0][0];
}

bool gomoku_pos_forbidden(const struct gomoku_pos *pos, int color, int p)
{
	return color == GOMOKU_BLACK && (pos->cell[p].flags & GOMOKU_CELL_MAYBE_FOUL) &&
	       gomoku_renju_foul(&pos->b, p) != GOMOKU_FOUL_NONE;
}

void gomoku_pos_pass(struct gomoku_pos *pos)
{
	pos->turn = gomoku_other(pos->turn);
	pos->hash ^= zobrist[0][0];
}

int gomoku_pos_flex4(const struct gomoku_pos *pos, int color)
{
	const struct gomoku_bits *s = &pos->set[color][GOMOKU_T_FLEX4];
	int points[GOMOKU_MAX_CELLS], n;

	if (!pos->count[color][GOMOKU_T_FLEX4])
		return -1;
	if (pos->rules != GOMOKU_RENJU || color != GOMOKU_BLACK)
		return gomoku_bits_first(s);
	n = gomoku_bits_list(s, points);
	for (int i = 0; i < n; i++)
		if (!gomoku_pos_forbidden(pos, color, points[i]))
			return points[i];
	return -1;
}

/* A black attacker under renju keeps all its four points: its open-four
 * points' fouls may depend on stones further away than a key. */
void gomoku_pos_defences(const struct gomoku_pos *pos, int att, struct gomoku_bits *out)
{
	int def = gomoku_other(att), flex[GOMOKU_MAX_CELLS], blocks[GOMOKU_MAX_CELLS];
	int nflex, nblocks;

	*out = pos->set[def][GOMOKU_T_FOUR];
	if (pos->rules == GOMOKU_RENJU && att == GOMOKU_BLACK) {
		for (int i = 0; i < GOMOKU_BITWORDS; i++)
			out->w[i] |= pos->set[att][GOMOKU_T_FOUR].w[i];
		return;
	}
	nflex = gomoku_bits_list(&pos->set[att][GOMOKU_T_FLEX4], flex);
	nblocks = gomoku_bits_list(&pos->set[att][GOMOKU_T_FOUR], blocks);
	for (int i = 0; i < nblocks; i++) {
		int k = 0;

		/* a stone beyond HALF cells cannot change the point's key */
		while (k < nflex && gomoku_in_line(&pos->b, blocks[i], flex[k], HALF))
			k++;
		if (k == nflex)
			gomoku_bits_set(out, blocks[i]);
	}
}

int gomoku_pos_evaluate(const struct gomoku_pos *pos)
{
	int us = pos->turn, them = gomoku_other(us);

	return pos->sum[0][us] + pos->sum[1][them] + weights[pos->rules][GOMOKU_F_TEMPO];
}

/* Whether black's lines at empty p make it most likely forbidden (renju). */
static bool likely_foul(const struct gomoku_pos *pos, int p)
{
	return pos->rules == GOMOKU_RENJU &&
	       (p4_table[pattern_index(&pos->cell[p], 0)] & LIKELY_FOUL);
}

/* Count colour c's patterns and class at empty p into its group g. */
static void count_point(const struct gomoku_pos *pos, int p, int c, int *g)
{
	const struct gomoku_spot *cell = &pos->cell[p];
	int f;

	if (c == GOMOKU_BLACK && likely_foul(pos, p))
		return;
	for (int d = 0; d < GOMOKU_DIRS; d++)
		if ((f = pattern_feature(gomoku_pat_of(cell->pat[d], c))) >= 0)
			g[f]++;
	if ((f = class_feature(cell->p4[c - 1])) >= 0)
		g[f]++;
}

void gomoku_features(const struct gomoku_pos *pos, int f[GOMOKU_NFEATURES])
{
	int us = pos->turn, them = gomoku_other(us);

	memset(f, 0, GOMOKU_NFEATURES * sizeof(*f));
	for (int row = 0; row < pos->b.size; row++)
		for (int col = 0; col < pos->b.size; col++) {
			int p = gomoku_point(&pos->b, col, row);

			if (pos->b.cell[p] != GOMOKU_EMPTY)
				continue;
			count_point(pos, p, us, f);
			count_point(pos, p, them, f + GOMOKU_F_PER_COLOUR);
		}
	f[GOMOKU_F_TEMPO] = 1;
}

int gomoku_weight(enum gomoku_rules rules, int feature)
{
	return weights[rules][feature];
}

void gomoku_code_counts(const struct gomoku_pos *pos, int counts[2][GOMOKU_CODES])
{
	int us = pos->turn;

	memset(counts, 0, 2 * sizeof(*counts));
	for (int row = 0; row < pos->b.size; row++)
		for (int col = 0; col < pos->b.size; col++) {
			int p = gomoku_point(&pos->b, col, row);

			if (pos->b.cell[p] != GOMOKU_EMPTY)
				continue;
			for (int i = 0; i < 2; i++) {
				int c = i + 1;

				if (c == GOMOKU_BLACK && likely_foul(pos, p))
					continue;
				counts[c != us][code_table[pattern_index(&pos->cell[p], i)]]++;
			}
		}
}

const int (*gomoku_order_keys(enum gomoku_rules rules))[GOMOKU_CODES + 1]
{
	tables_ready();
	return order_keys[rules];
}

int gomoku_code_weight(enum gomoku_rules rules, int role, int code)
{
	tables_ready();
	return code_weights[rules][role][code];
}

int gomoku_code_strongest(int code)
{
	int sym;

	tables_ready();
	sym = code_symbols[code][0];
	return sym ? GOMOKU_PAT_B1 + sym - 1 : GOMOKU_PAT_DEAD;
}

void gomoku_code_name(int code, char *buf, size_t len)
{
	static const char *const names[CODE_SYMBOLS] = { "DEAD", "B1", "F1", "B2", "F2",
							 "B3",   "F3", "B4", "F4", "F5" };
	const uint8_t *sym = code_symbols[code];

	tables_ready();
	snprintf(buf, len, "%s %s %s %s", names[sym[0]], names[sym[1]], names[sym[2]],
		 names[sym[3]]);
}

bool gomoku_pos_check(const struct gomoku_pos *pos)
{
	struct gomoku_pos *fresh = xmalloc(sizeof(*fresh));
	bool same;

	gomoku_pos_init(fresh, &pos->b, pos->rules, pos->turn);
	same = fresh->hash == pos->hash && !memcmp(fresh->sum, pos->sum, sizeof(fresh->sum)) &&
	       !memcmp(fresh->count, pos->count, sizeof(fresh->count)) &&
	       !memcmp(fresh->classes, pos->classes, sizeof(fresh->classes)) &&
	       !memcmp(fresh->set, pos->set, sizeof(fresh->set)) &&
	       !memcmp(&fresh->cand, &pos->cand, sizeof(fresh->cand));
	for (int row = 0; same && row < pos->b.size; row++)
		for (int col = 0; same && col < pos->b.size; col++) {
			int p = gomoku_point(&pos->b, col, row);

			same = !memcmp(&fresh->cell[p], &pos->cell[p], sizeof(fresh->cell[p]));
		}
	free(fresh);
	return same;
}
