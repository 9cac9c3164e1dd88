/* Learning Go's move patterns from game records (tools/go_patterns.c,
 * doc/go-patterns.md): every position of the training games is a
 * competition among the legal moves (and the pass) that the move played
 * won; each move is its features (go_features.h), and util/mm.h fits a
 * gamma per feature. The shapes kept are those the played moves showed at
 * least min_count times; the rest of a move's shapes are not features.
 *
 * Records are one game a line: the board size, then the moves in order,
 * black first, as vertices ("D4", "pass"), then "; RESULT" (1 black won,
 * 0 white, 0.5 a draw; read, not used): tools/go_records.py writes them
 * from quintet-match's game files. */
#ifndef QUINTET_GO_LEARN_H
#define QUINTET_GO_LEARN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/go/go_features.h"

#define GO_LEARN_LINE 8192 /* the longest record line */

/* The games read so far. */
struct go_learn_games {
	char **lines;  /* each record's moves, after the size */
	int *sizes;    /* each record's board size */
	size_t n, cap;
};

/* tune_read's line parser for records into games (a struct go_learn_games). */
int go_learn_add_line(const char *line, void *games, char *why, size_t whylen);

void go_learn_games_free(struct go_learn_games *g);

/* What a fit did: positions and moves, rounds, the training
 * log-likelihood, and the held-out games' prediction rates. */
struct go_learn_report {
	size_t train_positions, test_positions, candidates, features, shapes;
	int rounds;
	double log_likelihood;
	double top1, top5; /* shares of the held-out positions' moves ranked first, in the first five */
	double hand_top1, hand_top5; /* the same by the hand-set priors (go_priors.h) */
};

/* Fit the gammas to the games, every held_out-th game (counting from the
 * first, 0: none) kept out for the prediction rates; shapes seen fewer
 * than min_count times among the played moves left out. *table gets a
 * malloc'd array of *n gammas sorted by key. 0, or -1 with why on stderr
 * (an illegal move in a record). */
int go_learn_fit(const struct go_learn_games *g, int min_count, int held_out, int rounds,
		 struct go_gamma **table, size_t *n, struct go_learn_report *report);

/* The prediction rates (report's test_positions, top1, top5, hand_top1,
 * hand_top5) on every position of the games, of small on boards below
 * GO_GAMMAS_SMALL_BELOW and of large on the others. 0, or -1 with why on
 * stderr (an illegal move in a record). */
int go_learn_rate(const struct go_learn_games *g, const struct go_gamma_index *small,
		  const struct go_gamma_index *large, struct go_learn_report *report);

/* Write table as the C header go_gammas.h, or go_gammas_small.h when
 * small (its macros GO_GAMMAS_SMALL...); its first comment names the
 * command, note. -1 on a write error. */
int go_learn_write(FILE *out, const struct go_gamma *table, size_t n, const char *note,
		   bool small);

#endif
