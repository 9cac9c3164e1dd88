/* The GTP analysis commands every game with a search shares: Leela Zero's
 * and KataGo's lz-analyze, kata-analyze and their genmove forms.
 *
 * Their arguments ([COLOR] [INTERVAL] {KEY VALUE}) and the numbers of a
 * candidate's line are parsed and printed here for every game; Go's
 * handlers (games/go/go_analyze.c) print its tree's candidates with them,
 * and the alpha-beta games (Ataxx, Gomoku, Flood) register the handlers
 * below, which run the game's genmove with a report (search/info.h) that
 * turns each completed iteration into one line: one candidate, the best
 * move, its score read through the game's search_scale (game.h). The
 * rows are ANALYSIS_ROWS in each game's table.
 *
 *   session (loop)                   job (worker thread)
 *   lz-analyze ─ GTP_STREAM job ──>  analysis_cmd_lz_analyze
 *                                      genmove on a copy, report() per
 *                                      iteration ─ ctx_emit, at most one
 *                                      line an interval; then idle
 *   next line ─ stop flag ───────>   ends: reply's empty line */
#ifndef QUINTET_ANALYSIS_H
#define QUINTET_ANALYSIS_H

#include <stdbool.h>

#include "gtp.h"
#include "util/strbuf.h"

struct game;

#define ANALYSIS_BAD_ARGUMENT "invalid analysis argument"

/* An analysis command's arguments: [COLOR] [INTERVAL] {KEY VALUE}. */
struct analysis_args {
	int color;      /* COLOR_BLACK / COLOR_WHITE, 0: the side to move */
	long interval;  /* centiseconds between lines, 0: none */
	long maxmoves;  /* candidates per line at most, 0: all */
	long minmoves;  /* candidates per line at least, unvisited ones by prior */
	bool ownership; /* kata: the ownership list after the candidates */
	bool kata;      /* KataGo's line format */
};

/* Parse argv (argc words) for g's analysis command, KataGo's when kata
 * (which alone takes `ownership true|false`): an optional colour (GTP's
 * names or g's own), an optional interval (centiseconds), then KEY VALUE
 * pairs (interval, maxmoves, minmoves). 0, or -1 for anything else (the
 * reply is ANALYSIS_BAD_ARGUMENT). */
int analysis_parse_args(const struct game *g, int argc, char **argv, bool kata,
			struct analysis_args *a);

/* A candidate's numbers as both formats print them. */
struct analysis_candidate {
	long visits;        /* searched (Go: playouts; alpha-beta: nodes) */
	double winrate;     /* for the side to move, 0..1 */
	double prior;       /* 0..1 */
	double lcb;         /* lower confidence bound of winrate, 0..1 */
	double score_lead;  /* KataGo: the game's units, for the side to move */
	double score_stdev; /* KataGo */
	int order;          /* rank in the line, 0 = best */
};

/* Append k's fields after "info move MOVE", up to and including "order N"
 * (no pv): Leela Zero's (" visits N winrate W prior P lcb L order O", the
 * fractions in 1/10000) or, kata, KataGo's. */
void analysis_put_numbers(const struct analysis_candidate *k, bool kata, struct strbuf *sb);

/* The four rows of a game's table, with its handlers. */
#define ANALYSIS_ROWS(lz, kata, lz_genmove, kata_genmove)                                  \
	{ "kata-analyze", kata, 0, 12, GTP_SLOW | GTP_STREAM, 0,                            \
	  "[COLOR] [INTERVAL] [KEY VALUE]...", "analyse until the next line, KataGo's lines" }, \
	{ "kata-genmove_analyze", kata_genmove, 0, 12, GTP_SLOW | GTP_ENGINE_MOVE, 0,        \
	  "[COLOR] [INTERVAL] [KEY VALUE]...", "genmove with KataGo's analysis lines" },       \
	{ "lz-analyze", lz, 0, 12, GTP_SLOW | GTP_STREAM, 0,                                \
	  "[COLOR] [INTERVAL] [KEY VALUE]...",                                              \
	  "analyse until the next line, Leela Zero's lines" },                              \
	{ "lz-genmove_analyze", lz_genmove, 0, 12, GTP_SLOW | GTP_ENGINE_MOVE, 0,            \
	  "[COLOR] [INTERVAL] [KEY VALUE]...", "genmove with Leela Zero's analysis lines" }

/* The rows of a game whose alpha-beta search reports its iterations
 * (game_ops.search_scale set). */
#define ANALYSIS_SEARCH_ROWS                                                               \
	ANALYSIS_ROWS(analysis_cmd_lz_analyze, analysis_cmd_kata_analyze,                 \
		      analysis_cmd_lz_genmove_analyze, analysis_cmd_kata_genmove_analyze)

enum gtp_status analysis_cmd_lz_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out);
enum gtp_status analysis_cmd_kata_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out);
enum gtp_status analysis_cmd_lz_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
						struct strbuf *out);
enum gtp_status analysis_cmd_kata_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
						  struct strbuf *out);

#endif
