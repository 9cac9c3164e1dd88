/* The Flood evaluation tuner's pieces; tools/flood_tune.c is its command
 * line and doc/flood-tuning.md says how to run it:
 *   1. self-play at a small node budget writes quiet positions with the
 *      game's result (flood_tune_selfplay);
 *   2. each position's features (flood_features) are read back
 *      (flood_tune_read);
 *   3. a logistic fit (logistic_fit in util/logistic.h) gives the
 *      weights, scaled so a square reached first is FLOOD_REACH_UNIT;
 *   4. they are written as flood_weights.h (flood_tune_write_weights).
 *
 * A data line is "WxH/C SEED MOVES ; RESULT": the board is the one
 * flood_board_randomize draws from an rng seeded with SEED, black moves
 * first from the corners, MOVES are the colours played since (digits, or
 * - for none), RESULT the game's result for black (1, 0.5 or 0). Reading
 * is bounded: a line of more than FLOOD_TUNE_LINE bytes is an error with
 * its line number. */
#ifndef QUINTET_FLOOD_TUNE_H
#define QUINTET_FLOOD_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/flood/flood_eval.h"

#define FLOOD_TUNE_LINE 4096

struct flood_selfplay {
	int width, height, ncolors; /* the boards' shape */
	int games;         /* games to play, each on a new board */
	long nodes;        /* search nodes a move */
	int random_plies;  /* each game opens with 0..random_plies random moves */
	int margin;        /* a position is quiet when the search's score is
			    * within this (1/16 squares) of the static evaluation */
	uint64_t seed;     /* the boards' and openings' seed */
};

/* Play sp->games games of the search against itself and write every
 * quiet position past the random opening (not over, the search's result
 * not exact) as a data line to out. Returns the lines written, or -1 when
 * writing fails. */
long flood_tune_selfplay(const struct flood_selfplay *sp, FILE *out);

/* Positions read back: x holds n rows of FLOOD_NFEATURES features, y the
 * result for the side to move of each. */
struct flood_tune_set {
	double *x;  /* n * FLOOD_NFEATURES features */
	double *y;  /* n results, 0..1, for the side to move */
	size_t n;   /* rows */
	size_t cap; /* rows of room */
};

/* Parse one data line: the position's features into x[FLOOD_NFEATURES]
 * and the result for its side to move into *y. 0, or -1 with the reason
 * in err. */
int flood_tune_parse(const char *line, double *x, double *y, char *err, size_t errlen);

/* Parse one data line into the set (struct flood_tune_set *) ctx, a
 * tune_line_fn (util/tune_io.h). 0, or -1 with the reason in why. */
int flood_tune_add_line(const char *line, void *ctx, char *why, size_t whylen);

/* Append every line of in to set (blank lines and lines starting with #
 * are skipped). 0, or -1 with "line N: why" in err (set keeps the lines
 * before). */
int flood_tune_read(FILE *in, struct flood_tune_set *set, char *err, size_t errlen);

void flood_tune_set_free(struct flood_tune_set *set);

/* Fitted weights in engine units: out[i] = w[i] * FLOOD_REACH_UNIT / the
 * reach weight, rounded. 0, or -1 when the reach weight is not positive. */
int flood_tune_scale(const double w[FLOOD_NFEATURES], int out[FLOOD_NFEATURES]);

/* Write flood_weights.h for weights, with note (one line, e.g. the
 * command and the data) in its top comment. 0, or -1 on a write error. */
int flood_tune_write_weights(FILE *out, const int weights[FLOOD_NFEATURES], const char *note);

#endif
