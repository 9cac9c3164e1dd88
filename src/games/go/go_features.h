/* The features of a Go move that the learned move patterns weigh (issue 48,
 * after Coulom's "Computing Elo ratings of move patterns"): for a candidate
 * move of the side to move, at most one value in each group, 0 for none.
 *
 * Tactical groups read the strings around the point (captures, escapes,
 * self-atari, ataris, with the ladder reader of go_priors.h); distance
 * groups measure to the edge and to the last two moves; shape groups
 * describe the stones around the point relative to the side to move (own,
 * the opponent's, empty, off the board), so that a position and the same
 * position with the colours swapped give the same features, and reduced to
 * one canonical value over the eight symmetries of the square, so that a
 * rotated or reflected board gives the same features too.
 *
 * Shapes come in sizes: the neighbourhood of points within a "gridcular"
 * distance d (dx + dy + max(dx, dy), Coulom's) for d = 3 (the 3x3) up to
 * GO_SHAPE_MAX_D, each a 58-bit hash of the points' contents; a table
 * knows the shapes seen often enough in training, and GO_FG_SHAPE is the
 * largest of the move's shapes the table knows. GO_FG_SHAPE3 is the 3x3
 * with each neighbouring stone's liberties (1, 2, 3 or more): a code. */
#ifndef QUINTET_GO_FEATURES_H
#define QUINTET_GO_FEATURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/go/go_board.h"
#include "games/go/go_priors.h"

enum go_feature_group {
	GO_FG_PASS,       /* 1: the move is a pass (no other group then) */
	GO_FG_CAPTURE,    /* takes a string: GO_CAPTURE_* */
	GO_FG_ESCAPE,     /* extends its own string in atari: GO_ESCAPE_* */
	GO_FG_SELF_ATARI, /* leaves its own string in atari: 1 one stone, 2 more */
	GO_FG_ATARI,      /* puts a string in atari: GO_ATARI_* */
	GO_FG_LINE,       /* the line from the nearest edge: 1..4, 5 for the fifth or higher */
	GO_FG_DIST_LAST,  /* gridcular distance to the last move: 2..16, 17 farther */
	GO_FG_DIST_LAST2, /* ... to the move before it (the mover's own last) */
	GO_FG_SHAPE3,     /* the 3x3 with liberties: its canonical code + 1 */
	GO_FG_SHAPE,      /* the largest known shape: its key (go_shape_key) */
	GO_FG_COUNT
};

enum {
	GO_CAPTURE_SAVES = 1, /* the taken string touches an own string in atari */
	GO_CAPTURE_LAST,      /* it holds the last move's stone */
	GO_CAPTURE_LARGE,     /* three stones or more */
	GO_CAPTURE_OTHER,
};

enum {
	GO_ESCAPE_SAFE = 1, /* the string gets three liberties or more */
	GO_ESCAPE_TWO,      /* two, and no ladder catches it */
	GO_ESCAPE_LADDER,   /* two, and a ladder catches it */
	GO_ESCAPE_LARGE = 3, /* added when the strings saved hold two stones or more */
};

enum {
	GO_ATARI_LADDER = 1, /* the string cannot escape the ladder */
	GO_ATARI_KO,         /* while a ko is on the board */
	GO_ATARI_OTHER,
};

#define GO_DIST_FAR 17    /* distances beyond 16 */
#define GO_SHAPE_MIN_D 3  /* the smallest shape: the 3x3 */
#define GO_SHAPE_MAX_D 8  /* the largest: 48 points around */
#define GO_SHAPE_SIZES (GO_SHAPE_MAX_D - GO_SHAPE_MIN_D + 1)

/* A move's features: value[group], 0 for none; and the keys of its shapes
 * by size (shape[d - GO_SHAPE_MIN_D]) for the table to choose from. */
struct go_move_features {
	uint64_t value[GO_FG_COUNT];
	uint64_t shape[GO_SHAPE_SIZES];
};

/* What the features of one board's moves share: the liberties of its
 * strings, counted (up to 3) once each; and the ladder reader's scratch,
 * or NULL for no ladder reading (escapes and ataris read as uncaught). */
struct go_feature_cache {
	const struct go_board *b;
	struct go_ladder *ladder;
	uint8_t libs[GO_MAX_POINTS]; /* by string head: liberties + 1, 0 unknown */
};

/* Start a cache for b's moves (b must not change while it is used). */
void go_feature_cache_init(struct go_feature_cache *fc, const struct go_board *b,
			   struct go_ladder *ladder);

/* The features of c playing p (legal, or GO_PASS) on the cache's board
 * after the opponent's last move and c's own before it (GO_PASS when none),
 * without GO_FG_SHAPE (the table chooses it: go_features_choose_shape). */
void go_features(struct go_feature_cache *fc, enum go_color c, int p, int last, int last2,
		 struct go_move_features *out);

/* The canonical shape key of p's neighbourhood within gridcular distance d
 * (GO_SHAPE_MIN_D..GO_SHAPE_MAX_D) for c to play; never 0. */
uint64_t go_shape_key(const struct go_board *b, enum go_color c, int p, int d);

/* A feature as one 64-bit key (group and value), for tables. */
static inline uint64_t go_feature_key(enum go_feature_group g, uint64_t value)
{
	return (uint64_t)g << 58 | (value & ((UINT64_C(1) << 58) - 1));
}

/* Set f's GO_FG_SHAPE to its largest shape known(ctx, key) accepts, or 0. */
void go_features_choose_shape(struct go_move_features *f, bool (*known)(void *ctx, uint64_t key),
			      void *ctx);

/* One learned feature: its key (go_feature_key) and gamma. */
struct go_gamma {
	uint64_t key;
	double gamma;
};

/* A table of gammas indexed for lookups (open addressing by key). */
struct go_gamma_index {
	uint64_t *key;  /* 0: a free slot */
	double *gamma;
	size_t mask;    /* slots - 1 */
};

void go_gamma_index_build(struct go_gamma_index *ix, const struct go_gamma *table, size_t n);
void go_gamma_index_free(struct go_gamma_index *ix);

/* The gamma of key, or 1 when the table does not have it. */
double go_gamma_of(const struct go_gamma_index *ix, uint64_t key);

/* The strength of a move's features: the product of their gammas, the
 * largest shape the table knows chosen first (f's GO_FG_SHAPE is set). */
double go_features_strength(const struct go_gamma_index *ix, struct go_move_features *f);

/* The small boards' table (go_gammas_small.h, fitted to 9x9 games beside
 * 19x19 ones) is for boards below GO_GAMMAS_SMALL_BELOW; go_gammas.h
 * (19x19 games alone, whose shapes and distances a small board's edges
 * bend) for the others. The search reads the small table only when
 * GO_GAMMAS_SMALL_ON is 1: it predicts GNU Go's 9x9 moves better, but
 * lost a tactical check of tests/unit/test_go_mcts and did not win its
 * SPRT (doc/go-patterns.md), so it is off and 9x9 reads go_gammas.h. */
#define GO_GAMMAS_SMALL_BELOW 13
#define GO_GAMMAS_SMALL_ON 0

/* A shipped table, indexed once on first use (read-only after, for any
 * thread): go_gammas_small.h when small, else go_gammas.h. */
const struct go_gamma_index *go_shipped_gammas(bool small);

/* The table the search reads on a board of size (go_shipped_gammas). */
const struct go_gamma_index *go_learned_gammas(int size);

#endif
