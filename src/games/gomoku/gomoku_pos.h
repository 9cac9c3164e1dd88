/* The search position of Gomoku's engine (the alphabeta level): a board
 * with line patterns kept up to date stone by stone, on which the
 * evaluation, the move generator, the VCF/VCT solver and the alpha-beta
 * search all read (gomoku_eval.c keeps it; gomoku_vcf.c and
 * gomoku_search.c read it).
 *
 * Representation. b is the game's own board (gomoku_board.h: the padded
 * cell array, so gomoku_renju_foul judges it as it is); every on-board
 * point p also has a struct gomoku_spot (its line data). For each of the four directions
 * d, cell.key[d] describes the ten cells at offsets -5..-1, +1..+5 of p
 * along d, two bits each (0 empty, 1 black, 2 white, 3 off the board; the
 * cell at offset o in bits 2*(o+5) for o < 0, 2*(o+4) for o > 0), whatever
 * p itself holds. The rules' line table (one byte per key) gives the
 * pattern a stone of each colour on p would make on that line, black's in
 * the low nibble of cell.pat[d], white's in the high nibble: the line's
 * "level" for that colour (a five, a four with two or one completion
 * points, a three that becomes a four of either kind, and so down; an
 * overline where the colour needs exactly five), always counted through
 * p. cell.p4[c - 1] combines the four lines into one threat class of the
 * point for colour c (a five, a flexible four, a four with a three, ...,
 * Rapfi's well-known classification, our own tables), cell.val[r][c - 1]
 * its evaluation weight for c as the side to move (r 0) or waiting (r 1),
 * cell.code[c - 1] its code (below), by which moves are ordered.
 *
 * The evaluation is linear in counts over the empty points (enum
 * gomoku_feature): for each colour, the lines of each pattern and the
 * points of each threat class, weighed by gomoku_weights.h (learned from
 * self-play: doc/gomoku-tuning.md) with a table for the side to move and
 * one for the side waiting, plus a tempo; and, per point, a weight of its
 * code (its four patterns as a multiset: GOMOKU_CODES below) for what the
 * lines make together beyond their sum. A point's weight is its four
 * lines', its class's and its code's, all functions of its four patterns
 * (one table lookup), so the sums follow the stones incrementally.
 *
 * Invariants (kept by gomoku_pos_put and gomoku_pos_remove, exact
 * inverses):
 * - key[d] of every on-board point is that of the current stones (occupied
 *   points included); pat, p4, val and code are those of the key on an
 *   empty point and 0 (dead, none, 0, GOMOKU_CODES) on an occupied one;
 * - sum[r][c] is the total of val[r][c - 1] over the empty points;
 * - set[c][k] holds exactly the empty points whose p4 for c is in threat
 *   kind k (enum gomoku_threat), count[c][k] their number; classes[c][k]
 *   is the number of empty points whose p4 for c is k (k > NONE);
 * - cand holds the empty points with a stone within two cells in both
 *   coordinates (near > 0: that many stones in the 5x5 square);
 * - hash is the XOR of the Zobrist keys of the stones and of the side to
 *   move (white), as gomoku_pos_put and _remove flip it.
 * A position is plain data (about 30 KiB): the search makes and unmakes
 * moves on one copy and never shares it between threads. The line tables
 * and Zobrist keys are computed once (pthread_once) and only read after.
 *
 * Renju. Black's patterns are judged with exact fives, white's with five
 * or more; a black point whose lines could make it forbidden (an overline,
 * a four that might be two, two fours, two threes, and no five) has
 * GOMOKU_CELL_MAYBE_FOUL, and only such points are asked of
 * gomoku_renju_foul (gomoku_pos_forbidden), which is exact but costly. */
#ifndef QUINTET_GOMOKU_POS_H
#define QUINTET_GOMOKU_POS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/gomoku/gomoku_board.h"

#define GOMOKU_BITWORDS ((GOMOKU_MAX_CELLS + 63) / 64)

/* A line's level for one colour, weakest first. */
enum gomoku_pattern {
	GOMOKU_PAT_DEAD, /* no five can pass through the point on this line */
	GOMOKU_PAT_OL,   /* an overline where exactly five is needed */
	GOMOKU_PAT_B1,   /* one stone more makes a B2 */
	GOMOKU_PAT_F1,   /* ... an F2 */
	GOMOKU_PAT_B2,   /* ... a B3 */
	GOMOKU_PAT_F2,   /* ... an F3 */
	GOMOKU_PAT_B3,   /* ... a B4 (a closed three) */
	GOMOKU_PAT_F3,   /* ... an F4 (an open three) */
	GOMOKU_PAT_B4,   /* one point completes a five (a four) */
	GOMOKU_PAT_F4,   /* two or more points do (an open four, or two fours) */
	GOMOKU_PAT_F5,   /* the stone makes a winning five */
	GOMOKU_PAT_COUNT
};

/* The threat class of a point for one colour, from its four lines. */
enum gomoku_p4 {
	GOMOKU_P4_NONE,
	GOMOKU_P4_FLEX2,        /* an F2 */
	GOMOKU_P4_BLOCK3,       /* a B3 */
	GOMOKU_P4_FLEX2_2X,     /* two F2 */
	GOMOKU_P4_BLOCK3_PLUS,  /* a B3 and another B3 or F2 */
	GOMOKU_P4_FLEX3,        /* an F3 (an open three) */
	GOMOKU_P4_FLEX3_PLUS,   /* an F3 and a B3 or F2 */
	GOMOKU_P4_FLEX3_2X,     /* two F3 (a double three) */
	GOMOKU_P4_BLOCK4,       /* a B4 */
	GOMOKU_P4_BLOCK4_PLUS,  /* a B4 and a B3 or F2 */
	GOMOKU_P4_BLOCK4_FLEX3, /* a B4 and an F3 (four-three) */
	GOMOKU_P4_FLEX4,        /* an F4 or two B4: two completion points */
	GOMOKU_P4_FIVE,         /* a five */
	GOMOKU_P4_COUNT
};

/* The sets of points kept per colour. */
enum gomoku_threat {
	GOMOKU_T_FIVE,   /* p4 FIVE: the colour wins there */
	GOMOKU_T_FLEX4,  /* p4 FLEX4 */
	GOMOKU_T_FOUR,   /* p4 BLOCK4 .. FLEX4: the stone makes a four */
	GOMOKU_T_THREAT, /* p4 FLEX3 .. FLEX4: a three or a four (VCT moves) */
	GOMOKU_T_COUNT
};

/* The evaluation's features: a colour's group of GOMOKU_F_PER_COLOUR
 * counts over the empty points (its lines of patterns B1..F5, its points
 * of classes FLEX2..FIVE), the side to move's group first, then the
 * waiting side's, then the tempo (always 1). Black's points under renju
 * that are most likely forbidden count nothing. */
enum gomoku_feature {
	GOMOKU_F_B1 = 0,  /* lines, GOMOKU_PAT_B1 .. GOMOKU_PAT_F5 */
	GOMOKU_F_FLEX2 = GOMOKU_PAT_F5 - GOMOKU_PAT_B1 + 1, /* classes, FLEX2 .. FIVE */
	GOMOKU_F_PER_COLOUR = GOMOKU_F_FLEX2 + GOMOKU_P4_FIVE - GOMOKU_P4_FLEX2 + 1,
	GOMOKU_F_TEMPO = 2 * GOMOKU_F_PER_COLOUR,
	GOMOKU_NFEATURES
};

extern const char *const gomoku_feature_names[GOMOKU_NFEATURES];

/* A point's code for one colour: its four line patterns as a multiset
 * (an overline counted as a dead line), one of GOMOKU_CODES. Besides its
 * lines' and its class's weights, a point has a learned weight per code,
 * for the side to move and the side waiting (gomoku_weights.h): what the
 * lines make together beyond their sum. */
#define GOMOKU_CODES 715 /* multisets of 4 among the 10 patterns DEAD, B1 .. F5 */

/* An entry of gomoku_weights.h's code tables: a code and its weights
 * (and of gomoku_order.h's: a code and its ordering keys for the side to
 * move and for the side waiting). */
struct gomoku_code_weight {
	int16_t code;   /* 0 .. GOMOKU_CODES - 1, or -1: the table's end */
	int16_t own;    /* for the side to move */
	int16_t their;  /* for the side waiting */
};

#define GOMOKU_CELL_MAYBE_FOUL 1 /* flags: black's lines could make it forbidden */

struct gomoku_bits {
	uint64_t w[GOMOKU_BITWORDS]; /* bit p of word p / 64: point p */
};

struct gomoku_spot {
	uint32_t key[GOMOKU_DIRS]; /* the ten neighbours on each line, 2 bits each */
	uint8_t pat[GOMOKU_DIRS];  /* black's pattern | white's << 4, per line */
	uint8_t p4[2];             /* enum gomoku_p4 for black, white */
	uint8_t near;              /* stones in the 5x5 square around */
	uint8_t flags;             /* GOMOKU_CELL_MAYBE_FOUL (renju, black) */
	int16_t val[2][2];         /* evaluation weight for black, white ([1]),
				    * as the side to move ([0]) or waiting ([1]) */
	uint16_t code[2];          /* black's and white's code (GOMOKU_CODES: none) */
};

struct gomoku_pos {
	struct gomoku_board b;           /* the stones */
	enum gomoku_rules rules;         /* the rules the tables judge by */
	const uint8_t *table;            /* line key -> pat byte, for rules */
	uint64_t hash;                   /* Zobrist key (stones, side to move) */
	int turn;                        /* colour to move */
	int32_t sum[2][3];               /* total val per role and colour (index 1, 2) */
	int count[3][GOMOKU_T_COUNT];    /* points in each set, per colour */
	int classes[3][GOMOKU_P4_COUNT]; /* empty points of each threat class but
					  * NONE, per colour */
	struct gomoku_bits set[3][GOMOKU_T_COUNT]; /* per colour (index 1, 2) */
	struct gomoku_bits cand;         /* empty points near stones */
	struct gomoku_spot cell[GOMOKU_MAX_CELLS]; /* by board point */
};

/* Pattern of colour c in a cell's pat byte. */
static inline int gomoku_pat_of(uint8_t pat, int c)
{
	return c == GOMOKU_BLACK ? pat & 15 : pat >> 4;
}

static inline int gomoku_p4(const struct gomoku_pos *pos, int c, int p)
{
	return pos->cell[p].p4[c - 1];
}

static inline bool gomoku_bits_has(const struct gomoku_bits *s, int p)
{
	return s->w[p >> 6] >> (p & 63) & 1;
}

static inline void gomoku_bits_set(struct gomoku_bits *s, int p)
{
	s->w[p >> 6] |= 1ull << (p & 63);
}

/* The points of a set into out (room for GOMOKU_MAX_CELLS), in increasing
 * order; returns how many. */
int gomoku_bits_list(const struct gomoku_bits *s, int *out);

/* The first point of a non-empty set. */
int gomoku_bits_first(const struct gomoku_bits *s);

/* Set pos to b's stones with color to move, judged by rules. */
void gomoku_pos_init(struct gomoku_pos *pos, const struct gomoku_board *b,
		     enum gomoku_rules rules, int color);

/* Put a stone of the side to move on empty point p; the other side moves. */
void gomoku_pos_put(struct gomoku_pos *pos, int p);

/* Take the stone of the last mover off p (the inverse of the put that
 * put it there); that side moves again. */
void gomoku_pos_remove(struct gomoku_pos *pos, int p);

/* The side to move passes (for questions about the other side's threats;
 * calling it again undoes it). */
void gomoku_pos_pass(struct gomoku_pos *pos);

/* Whether empty p is forbidden to color under pos's rules (renju's fouls
 * for black; the costly test only for points flagged MAYBE_FOUL). */
bool gomoku_pos_forbidden(const struct gomoku_pos *pos, int color, int p);

/* A point where color makes an open four or two fours and may play, or
 * -1 (the lowest such point: deterministic). */
int gomoku_pos_flex4(const struct gomoku_pos *pos, int color);

/* The replies to att's open-four threat (att has an open-four point, the
 * other side to move): the defender's own fours (counters att must
 * answer), and att's four points that can change every one of att's
 * open-four points (a stone that leaves one of them as it is loses to the
 * open four there). Into out. */
void gomoku_pos_defences(const struct gomoku_pos *pos, int att, struct gomoku_bits *out);

/* The static evaluation for the side to move, in evaluation units (a
 * four is several hundred). */
int gomoku_pos_evaluate(const struct gomoku_pos *pos);

/* The features of pos (for its side to move) recomputed from its cells:
 * the evaluation is the sum of f[i] * gomoku_weight(pos->rules, i). */
void gomoku_features(const struct gomoku_pos *pos, int f[GOMOKU_NFEATURES]);

/* The evaluation's weight of a feature under rules, in evaluation units. */
int gomoku_weight(enum gomoku_rules rules, int feature);

/* The code counts of pos (for its side to move): counts[0][k] the empty
 * points of code k for the side to move, counts[1][k] for the side
 * waiting (black's most likely forbidden points left out, as in
 * gomoku_features). */
void gomoku_code_counts(const struct gomoku_pos *pos, int counts[2][GOMOKU_CODES]);

/* A code's weight under rules for the side to move (role 0) or waiting (1). */
int gomoku_code_weight(enum gomoku_rules rules, int role, int code);

/* The move ordering's keys under rules (gomoku_order.h: learned from
 * self-play moves, doc/gomoku-tuning.md; hand-set for a rules with no
 * learned ones): keys[0][k] of a point whose code for the side to move is
 * k, keys[1][k] for the side waiting; a move's key is the sum of its
 * point's two (keys[r][GOMOKU_CODES] is 0). */
const int (*gomoku_order_keys(enum gomoku_rules rules))[GOMOKU_CODES + 1];

/* A code's four patterns, strongest first, as "F3 B3 F1 DEAD". */
void gomoku_code_name(int code, char *buf, size_t len);

/* A code's strongest line pattern (enum gomoku_pattern; DEAD for an
 * overline too). */
int gomoku_code_strongest(int code);

/* The Zobrist key of a stone of color on p. */
uint64_t gomoku_zobrist(int color, int p);

/* Check every invariant above against a recomputation from the stones;
 * for tests. Returns true when they hold. */
bool gomoku_pos_check(const struct gomoku_pos *pos);

/* The pattern a stone of color would make on the line described by key
 * under rules (for tests). */
int gomoku_line_pattern(enum gomoku_rules rules, uint32_t key, int color);

#endif
