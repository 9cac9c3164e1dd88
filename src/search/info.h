/* What a search reports: one struct for every alpha-beta search (Ataxx,
 * Gomoku, Flood), filled after each completed iteration and handed to the
 * caller's listener, which the front ends turn into their own lines (UAI
 * `info`, Gomocup MESSAGE, GTP analysis). Moves are the game's own move
 * numbers; scores its own units, for the side to move at the root. */
#ifndef QUINTET_SEARCH_INFO_H
#define QUINTET_SEARCH_INFO_H

#define SEARCH_MAX_PLY 64 /* the deepest ply any search reaches, and a PV's room */

struct search_info {
	int depth;                /* iterations completed (0: decided without one) */
	int seldepth;             /* deepest ply reached, extensions included */
	int score;                /* the game's units, or its won-game scores */
	long nodes;               /* positions visited so far */
	double seconds;           /* time spent so far, in the search's clock */
	const char *how;          /* how the move was found ("search", or a
				   * game's word such as "vcf"); NULL: search */
	int pv[SEARCH_MAX_PLY];   /* principal variation */
	int npv;                  /* its length */
};

/* How a game's search scores read, for the GTP analysis lines
 * (src/analysis.c): a win rate and a lead in the game's own units from a
 * score for the side to move. Each alpha-beta game documents its values
 * in protocol/PROTOCOL.md. */
struct search_scale {
	int win_bound;  /* |score| above it: a proven won or lost game */
	double spread;  /* below it: the win rate is 1 / (1 + e^(-score / spread)) */
	int unit;       /* score units to a unit of the result's margin (a piece,
			 * a square); 0: the result has no margin (Gomoku) */
	int win;        /* a proven score is +-(win + unit x margin) (Flood); 0: it
			 * counts plies instead, its margin is unknown */
};

/* A listener called on the search's thread after each completed
 * iteration; ctx is the caller's. */
typedef void (*search_report_fn)(void *ctx, const struct search_info *info);

#endif
