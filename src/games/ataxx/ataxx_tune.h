/* The Ataxx evaluation tuner's pieces; tools/ataxx_tune.c is its command
 * line and doc/ataxx-tuning.md says how to run it:
 *   1. self-play at a small node budget writes whole games with their
 *      results (ataxx_tune_selfplay);
 *   2. the games are replayed and their positions past the random opening
 *      kept with the game's result (ataxx_tune_read), each position's
 *      features (ataxx_features) and tuple windows (ataxx_tuple.h) read
 *      off it;
 *   3. a logistic fit (logistic_fit in util/logistic.h: P(win) =
 *      1 / (1 + e^-(w . f)), the mean log-loss with an L2 term minimised
 *      by damped Newton steps)
 *      gives the weights, one table per rules, scaled so a piece is
 *      ATAXX_PIECE;
 *   4. the tables are written as ataxx_weights.h (ataxx_tune_write_weights).
 *
 * A data line is "FEN ; RULES ; RESULT": RULES standard or yinyang, RESULT
 * the share x wins, 0 to 1: the game's result (1, 0.5 or 0), or a label
 * made of a search's score (ataxx_tune_label). Reading is bounded: a line of
 * more than ATAXX_TUNE_LINE bytes, or of more than 8 FEN words, is an
 * error with its line number. */
#ifndef QUINTET_ATAXX_TUNE_H
#define QUINTET_ATAXX_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/ataxx/ataxx_search.h"

#define ATAXX_TUNE_LINE 4096
#define ATAXX_TUNE_MAX_PLIES 400 /* a self-play game longer than this is dropped */

struct ataxx_selfplay {
	int size;          /* N of the N x N board (layout corners 2) */
	bool standard;     /* standard rules, else yinyang */
	int games;         /* games to play */
	long nodes;        /* search nodes a move */
	int random_plies;  /* each game opens with 0..random_plies random moves */
	int margin;        /* a position is quiet when the search's score is
			    * within this of the static evaluation */
	uint64_t seed;     /* the random openings' seed */
};

/* Play sp->games games of the search against itself and write each
 * finished game as a game line to out (see above). Returns the lines
 * written, or -1 when writing fails. */
long ataxx_tune_selfplay(const struct ataxx_selfplay *sp, FILE *out);

/* Positions read back: x holds n rows of ATAXX_NFEATURES features, y the
 * result for the side to move of each, standard its rules, pos the
 * position itself (its tuple windows are read off it). Of a game's quiet
 * positions (past its random opening, from ply from_ply on), those of
 * plies p with (p + g) % every == 0 are kept, g the games read before
 * (every 0 counts as 1): the neighbours of a kept position tell much the
 * same. */
struct ataxx_tune_set {
	double *x;  /* n * ATAXX_NFEATURES features */
	double *y;  /* n results, 0..1, for the side to move */
	bool *standard; /* n rules: standard, else yinyang */
	struct axw_pos *pos; /* n positions */
	size_t n;   /* rows */
	size_t cap; /* rows of room */
	int every;  /* a game's positions kept: one in this many */
	int from_ply; /* ... from this ply on */
	long games; /* game lines read */
};

/* Parse one position line: the position's features into
 * x[ATAXX_NFEATURES], the result for its side to move into *y, its rules
 * into *standard and the position into *pos (may be NULL). 0, or -1 with
 * the reason in err. */
int ataxx_tune_parse(const char *line, double *x, double *y, bool *standard,
		     struct axw_pos *pos, char *err, size_t errlen);

/* Parse one data line into the set (struct ataxx_tune_set *) ctx, a
 * tune_line_fn (util/tune_io.h). 0, or -1 with the reason in why. */
int ataxx_tune_add_line(const char *line, void *ctx, char *why, size_t whylen);

/* Append every line of in to set (blank lines and lines starting with #
 * are skipped). 0, or -1 with "line N: why" in err (set keeps the lines
 * before). */
int ataxx_tune_read(FILE *in, struct ataxx_tune_set *set, char *err, size_t errlen);

void ataxx_tune_set_free(struct ataxx_tune_set *set);

/* Label every row of set with a search's score in place of its game's
 * result, and write it to out as a data line (the share for x with four
 * decimals): y = 1 / (1 + e^(-score / scale)), score the side to move's
 * by a search of its position to depth (a private table each, so a
 * label does not depend on the rows before). A won or lost game's score
 * gives 1 or 0. Returns the lines written, or -1 when writing fails. */
long ataxx_tune_label(struct ataxx_tune_set *set, int depth, double scale, FILE *out);

/* Fitted weights in engine units: out[i] = w[i] * ATAXX_PIECE / u,
 * rounded, u the weight of a piece on a half-filled board (material +
 * 8 material_late). 0, or -1 when u is not positive. */
int ataxx_tune_scale(const double w[ATAXX_NFEATURES], int out[ATAXX_NFEATURES]);

/* Fitted tuple weights (one a class, ataxx_tuple_classes) in engine units
 * into out (one a pattern index): the class's weight times ATAXX_PIECE /
 * unit, rounded and held within +-30000. */
void ataxx_tune_scale_tuples(const double *w, double unit, int16_t out[ATAXX_TUPLE_INDICES]);

/* Write ataxx_weights.h for the engine weights of both rules
 * (weights[0] yinyang, [1] standard, as ataxx_weights) and their tuple
 * tables (tuples[0], [1], as ataxx_tuple_weights), with note (one line,
 * e.g. the command and the data) in its top comment. Returns what ferror
 * says: 0, or -1. */
int ataxx_tune_write_weights(FILE *out, const int weights[2][ATAXX_NFEATURES],
			     const int16_t tuples[2][ATAXX_TUPLE_INDICES], const char *note);

#endif
