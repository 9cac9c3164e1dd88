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

/* A key the game's search cannot honour (`unsupported analysis key:
 * pvVisits`): the alpha-beta games' for pvVisits, pvEdgeVisits, avoid,
 * allow. */
#define ANALYSIS_UNSUPPORTED "unsupported analysis key: "

#define ANALYSIS_BAD_ARGUMENT "invalid analysis argument"
#define ANALYSIS_MOVES_MAX 1000 /* maxmoves and minmoves above it mean it */

/* A move an avoid or allow clause names. */
struct analysis_move {
	int color;  /* COLOR_BLACK / COLOR_WHITE: whose move */
	int move;   /* the game's move (game_ops.parse_move) */
	long until; /* avoid: the clause's UNTILDEPTH (0 for an allowed move) */
};

/* An analysis command's arguments: [COLOR] [INTERVAL] {KEY VALUE}, the
 * keys KataGo's (docs/GTP_Extensions.md). */
struct analysis_args {
	int color;                  /* COLOR_BLACK / COLOR_WHITE, 0: the side to move */
	double interval;            /* centiseconds between lines, 0: none */
	long maxmoves;              /* candidates per line at most, 0: all */
	long minmoves;              /* at least, unvisited ones by prior */
	bool kata;                  /* KataGo's line format and keys */
	bool root_info;             /* rootInfo: the root's figures after the
				     * candidates */
	bool ownership;             /* ownership: each point's, after them */
	bool ownership_stdev;       /* ownershipStdev: its standard deviation */
	bool moves_ownership;       /* movesOwnership: each candidate's */
	bool moves_ownership_stdev; /* movesOwnershipStdev: and its deviation */
	bool pv_visits;             /* pvVisits: the visits along each pv */
	bool pv_edge_visits;        /* pvEdgeVisits: the same along its edges */
	bool no_result;             /* noResultValue: each candidate's */
	const char *restricted;     /* "avoid" or "allow" when a clause was
				     * given (the first's), else NULL */
	long allow_until[3];        /* per colour: an allow clause's
				     * UNTILDEPTH (its moves in moves[]), 0:
				     * none */
	bool avoided[3];            /* per colour: an avoid clause was given */
	struct analysis_move *moves; /* avoid's and allow's moves (malloc'd) */
	int nmoves;                 /* how many */
};

/* Parse argv (argc words) for g's analysis command, KataGo's when kata,
 * into a (free it with analysis_args_free, also after a failure): an
 * optional colour (GTP's names or g's own), an optional interval
 * (centiseconds, a number 0..360000), then KEY VALUE pairs: interval,
 * maxmoves, minmoves, `avoid COLOR MOVE,MOVE,... UNTILDEPTH` (any number)
 * and `allow COLOR MOVE,... UNTILDEPTH` (one a colour, not with avoid for
 * it), and for kata rootInfo, ownership, ownershipStdev, movesOwnership,
 * movesOwnershipStdev, pvVisits, pvEdgeVisits, noResultValue with true or
 * false. 0, or -1 for anything else (the reply is
 * ANALYSIS_BAD_ARGUMENT). */
int analysis_parse_args(const struct game *g, int argc, char **argv, bool kata,
			struct analysis_args *a);

void analysis_args_free(struct analysis_args *a);

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
 * fractions in 1/10000) or, a->kata, KataGo's (noResultValue among them
 * when asked). */
void analysis_put_numbers(const struct analysis_candidate *k, const struct analysis_args *a,
			  struct strbuf *sb);

/* Append KataGo's " rootInfo visits N utility U winrate W scoreMean S
 * scoreStdev D scoreLead S scoreSelfplay S weight N" for root, the
 * search's own figures (its visits, and the value of its position: prior,
 * lcb and order are not read). */
void analysis_put_root(const struct analysis_candidate *root, struct strbuf *sb);

/* The four rows of a game's table, with its handlers. */
#define ANALYSIS_ROWS(lz, kata, lz_genmove, kata_genmove)                                  \
	{ "kata-analyze", kata, 0, GTP_ANY, GTP_SLOW | GTP_STREAM, 0,                       \
	  "[COLOR] [INTERVAL] [KEY VALUE]...", "analyse until the next line, KataGo's lines" }, \
	{ "kata-genmove_analyze", kata_genmove, 0, GTP_ANY, GTP_SLOW | GTP_ENGINE_MOVE, 0,   \
	  "[COLOR] [INTERVAL] [KEY VALUE]...", "genmove with KataGo's analysis lines" },       \
	{ "lz-analyze", lz, 0, GTP_ANY, GTP_SLOW | GTP_STREAM, 0,                           \
	  "[COLOR] [INTERVAL] [KEY VALUE]...",                                              \
	  "analyse until the next line, Leela Zero's lines" },                              \
	{ "lz-genmove_analyze", lz_genmove, 0, GTP_ANY, GTP_SLOW | GTP_ENGINE_MOVE, 0,       \
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
