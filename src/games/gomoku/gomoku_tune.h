/* The Gomoku evaluation tuner's pieces; tools/gomoku_tune.c is its command
 * line and doc/gomoku-tuning.md says how to run it:
 *   1. self-play at a small node budget writes whole games with their
 *      results (gomoku_tune_selfplay), one line each;
 *   2. the games are replayed and the features (gomoku_features in
 *      gomoku_pos.h) of every GOMOKU_TUNE_STRIDE-th quiet position taken
 *      (gomoku_tune_add_line: neighbouring positions tell much the same,
 *      and the fit's time grows with the rows);
 *   3. a logistic fit (util/logistic.h) gives the weights in logits,
 *      scaled so that GOMOKU_EVAL_SPREAD is one logit, a table per rules
 *      (a rules without games keeps its table);
 *   4. the tables are written as gomoku_weights.h.
 *
 * A data line is "RULES SIZE ; MOVES ; RESULT": RULES freestyle, standard
 * or renju, MOVES the game's vertices from black's first ("H8 J9 ..."),
 * RESULT the game's result for black (1, 0.5 or 0). Only games are kept,
 * never features: the data stays good when the features change. Reading
 * is bounded: a line of more than GOMOKU_TUNE_LINE bytes is an error. */
#ifndef QUINTET_GOMOKU_TUNE_H
#define QUINTET_GOMOKU_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "games/gomoku/gomoku_pos.h"
#include "util/mm.h"

#define GOMOKU_TUNE_LINE 4096
#define GOMOKU_TUNE_STRIDE 3   /* a game's positions taken: one ply in this many,
				* from ply (games read before) % STRIDE */
#define GOMOKU_EVAL_SPREAD 200 /* evaluation units of one logit (a 73% win rate) */

struct gomoku_selfplay {
	int size;                /* N of the N x N board */
	enum gomoku_rules rules; /* the rules played */
	int games;               /* games to play */
	long nodes;              /* search nodes a move */
	int random_plies;        /* each game opens with 1..random_plies random
				  * stones, each next to one before */
	uint64_t seed;           /* the random openings' seed */
};

/* Play sp->games games of the search against itself, each as a data line
 * to out. Returns the lines written, or -1 when writing fails. */
long gomoku_tune_selfplay(const struct gomoku_selfplay *sp, FILE *out);

/* Whether pos is quiet enough to be evaluated: no five to make for
 * either side, and no open four for the side to move. */
bool gomoku_tune_quiet(const struct gomoku_pos *pos);

/* "RULES SIZE", a data line's head (split in place), into pos: the empty
 * board under those rules, black to move. 0, or -1 with the reason in err. */
int gomoku_tune_start(char *head, struct gomoku_pos *pos, char *err, size_t errlen);

/* Called before each move of a line is played: pos before it, i its
 * index in the line, p its point, v its vertex as written. */
typedef void (*gomoku_move_visit)(const struct gomoku_pos *pos, long i, int p, const char *v,
				  void *ctx);

/* Check and play each move of moves (vertices, split in place) on pos,
 * calling visit (may be NULL) before each. 0, or -1 with the reason in
 * err (an illegal move, a move after a five). */
int gomoku_tune_play(char *moves, struct gomoku_pos *pos, gomoku_move_visit visit, void *ctx,
		     char *err, size_t errlen);

/* Positions read back: x holds n rows of GOMOKU_NFEATURES features, y
 * the result for the side to move of each, rules the rules of its game. */
struct gomoku_tune_set {
	double *x;   /* n * GOMOKU_NFEATURES features */
	double *y;   /* n results, 0..1, for the side to move */
	uint8_t *rules; /* n enum gomoku_rules */
	size_t n;    /* rows */
	size_t cap;  /* rows of room */
	long games;  /* data lines read */
	/* each row's code counts (gomoku_code_counts), sparse: row r's are
	 * code[cstart[r] .. cstart[r + 1]) (role * GOMOKU_CODES + code,
	 * ascending) with their counts ccount[...] */
	size_t *cstart;     /* n + 1 offsets */
	uint16_t *code;
	uint16_t *ccount;
	size_t ncodes;      /* entries */
	size_t code_cap;    /* entries of room */
};

/* Replay one data line's game and add its quiet positions (one ply in
 * GOMOKU_TUNE_STRIDE) to the set (struct gomoku_tune_set *) ctx, a
 * tune_line_fn (util/tune_io.h). 0, or -1 with the reason in why (the set
 * unchanged). */
int gomoku_tune_add_line(const char *line, void *ctx, char *why, size_t whylen);

void gomoku_tune_set_free(struct gomoku_tune_set *set);

/* Fitted weights (logits) in evaluation units, rounded; those of features
 * with use[i] false are keep[i] instead. */
void gomoku_tune_scale(const double *w, const bool *use, const int *keep, int *out);

/* The rows of set under rules into sub (a new set; free it). */
void gomoku_tune_subset(const struct gomoku_tune_set *set, enum gomoku_rules rules,
			struct gomoku_tune_set *sub);

/* The rows of more added to set. */
void gomoku_tune_append(struct gomoku_tune_set *set, const struct gomoku_tune_set *more);

/* Write gomoku_weights.h for the tables of every rules (the features'
 * weights, and the codes' per role, 0 where no entry is written), with
 * note (one line: the command and the data) in its top comment. 0, or -1
 * when writing fails. */
int gomoku_tune_write_weights(FILE *out, const int weights[GOMOKU_RULES_COUNT][GOMOKU_NFEATURES],
			      const int codes[GOMOKU_RULES_COUNT][2][GOMOKU_CODES],
			      const char *note);

/* Search-labelled positions: from each game line, every every-th of the
 * quiet positions the fit would take, searched at nodes, written to out
 * as "RULES SIZE ; MOVES ; RATE" (the moves before it, black's win rate
 * from the search's score). A tune_line_fn over struct gomoku_label. */
struct gomoku_label {
	long nodes;
	int every;
	FILE *out;
	long games;    /* lines read */
	long seen;     /* quiet positions met */
	long written;  /* positions written */
};
int gomoku_tune_label_line(const char *line, void *ctx, char *why, size_t whylen);

/* A position line (above) as one row of the set (struct gomoku_tune_set
 * *), its result the rate for the side to move. */
int gomoku_tune_add_position_line(const char *line, void *ctx, char *why, size_t whylen);

/* The move ordering's keys (gomoku_order.h), learned from the moves of
 * self-play games: each quiet position from ply GOMOKU_ORDER_FROM on is a
 * competition of its candidate points (pos->cand, black's forbidden
 * points left out), each a team of two features, its code for the side to
 * move and its code for the side waiting, won by the move played; a
 * Bradley-Terry fit by Minorization-Maximization (util/mm.h) per rules,
 * over one in every such positions. A tune_line_fn over struct
 * gomoku_order_set reads the games. */
#define GOMOKU_ORDER_FROM 4   /* self-play's random stones come before */
#define GOMOKU_ORDER_SCALE 50  /* key units per natural log of a gamma */
struct gomoku_order_set {
	struct mm_builder comps[GOMOKU_RULES_COUNT];
	struct mm_team teams[GOMOKU_MAX_CELLS];
	int every;   /* one competition in every such positions (0 as 1) */
	long seen;   /* the positions that could be competitions, so far */
	long games;
};
int gomoku_tune_order_line(const char *line, void *ctx, char *why, size_t whylen);
void gomoku_tune_order_free(struct gomoku_order_set *set);

/* What a rules' fit found: its competitions, the mean log-likelihood of
 * the played moves, and how often the played move ranks first (ties
 * shared) under the learned keys. */
struct gomoku_order_report {
	size_t positions;
	int rounds;
	double log_likelihood;
	double top1;
};

/* Fit rules' keys (keys[role][code], role 0 the side to move) from set,
 * at most rounds rounds; 0 keys when the rules has no position. */
void gomoku_tune_order_fit(const struct gomoku_order_set *set, enum gomoku_rules rules,
			   int rounds, int keys[2][GOMOKU_CODES + 1],
			   struct gomoku_order_report *report);

/* Write gomoku_order.h for every rules' keys, with note (one line: the
 * command and the data) in its top comment. 0, or -1 when writing fails. */
int gomoku_tune_write_order(FILE *out, const int keys[GOMOKU_RULES_COUNT][2][GOMOKU_CODES + 1],
			    const char *note);

#endif
