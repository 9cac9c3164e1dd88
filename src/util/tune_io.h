/* The evaluation tuners' common reading (tools/ataxx_tune.c,
 * tools/gomoku_tune.c): data files of one position a line, each ending
 * "; RESULT", read line by line with line numbers in the errors. Reading
 * is bounded: a line longer than the tuner's limit is an error. */
#ifndef QUINTET_TUNE_IO_H
#define QUINTET_TUNE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Parse one line into ctx (the caller's set of rows); 0, or -1 with why. */
typedef int (*tune_line_fn)(const char *line, void *ctx, char *why, size_t whylen);

/* A result: 1, 0.5 or 0, blanks around it; 0, or -1. */
int tune_parse_result(const char *text, double *y);

/* A share won: a number from 0 to 1 (a result, or a label made of a
 * search's score), blanks around it; 0, or -1. */
int tune_parse_share(const char *text, double *y);

/* Every line of in (at most max_line bytes; blank lines and lines starting
 * with # are skipped) through parse. 0, or -1 with "line N: why" in err
 * (the lines before stay parsed). */
int tune_read(FILE *in, size_t max_line, tune_line_fn parse, void *ctx, char *err,
	      size_t errlen);

/* tune_read over the files paths[0..n), each error on stderr as
 * "PATH: line N: why"; a file named *.xz is read through `xz -dc` (its
 * failure is an error too). 0, or -1. */
int tune_read_files(int n, char **paths, size_t max_line, tune_line_fn parse, void *ctx);

/* A line's three fields "A ; B ; C" in buf (modified): the first two ';'
 * become NULs, *b and *c point after them; false (buf untouched) when
 * there are fewer than two. */
bool tune_split3(char *buf, char **b, char **c);

/* A whole decimal number within lo..hi into *out; false when not. */
bool tune_parse_long(const char *text, long lo, long hi, long *out);

/* A whole decimal seed into *out; false when not. */
bool tune_parse_seed(const char *text, uint64_t *out);

/* The index of feature name among names[0..n), or -1 with "PROG: unknown
 * or fixed feature NAME" on stderr (fixed, the feature every fit keeps,
 * counts as unknown). */
int tune_feature_index(const char *prog, const char *const *names, int n, int fixed,
		       const char *name);

/* --drop's comma-separated list (modified): each feature in it gets
 * use[i] false; false when a name is not a droppable feature. */
bool tune_parse_drop(const char *prog, char *list, const char *const *names, int n, int fixed,
		     bool *use);

/* --set's NAME=WEIGHT (modified): feature NAME gets use[i] false and
 * given[i] WEIGHT (a whole number within +-100000); false when bad. */
bool tune_parse_set(const char *prog, char *arg, const char *const *names, int n, int fixed,
		    bool *use, int *given);

#endif
