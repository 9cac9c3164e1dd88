/* Gomoku: five in a row (seed 002), in three rule sets (freestyle,
 * standard, renju).
 *
 * The game is an N x N board, 5 <= N <= 25, starting empty; black moves
 * first and the colours alternate, one stone a move, no pass. A stone that
 * makes a winning line under the rules ends the game; so does a position
 * in which the side to move has no legal point (a full board, or under
 * renju only forbidden points left for black): a draw.
 *
 *   gomoku_board.h  the board (representation, invariants, copy rule) and
 *   gomoku_board.c  the rules' interface; stones, runs, vertex text
 *   gomoku_rules.c  winning lines, renju's forbidden points (false threes
 *                   by bounded recursion), legality
 *   gomoku.c        the game: options, history and undo, the end and the
 *                   result, showboard, setup/history/record for saves and
 *                   the referee (game_ops)
 *   gomoku_ai.c     the players: random, and seed 002's computer (weights
 *                   on every point, the five best searched ahead on a
 *                   backtracking stack)
 *   gomoku_gtp.c    the Gomoku-only protocol commands (list_stones,
 *                   is_legal, forbidden, loadsgf, printsgf) */
#ifndef QUINTET_GOMOKU_H
#define QUINTET_GOMOKU_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "games/gomoku/gomoku_board.h"
#include "search/tt.h"

#define GOMOKU_DEFAULT_SIZE 15

_Static_assert((int)GOMOKU_BLACK == (int)COLOR_BLACK && (int)GOMOKU_WHITE == (int)COLOR_WHITE,
	       "board cells and game colours are the same numbers");

struct gomoku_game {
	struct game base;          /* must stay first */
	struct gomoku_board board; /* the current position */
	enum gomoku_rules rules;   /* the active rule set */
	int *moves;                /* the points played, black's first, alternating */
	size_t nmoves;             /* moves played */
	size_t cap;                /* room in moves */
	bool over;                 /* a winning line, or no legal point to move */
	int winner;                /* COLOR_BLACK or COLOR_WHITE after a winning line,
				    * else COLOR_NONE */
	struct search_tt *tt;      /* the alphabeta search's table, shared by
				    * copies (search/tt.h); NULL until the
				    * first search, dropped by a new game or
				    * new rules */
};

extern const struct game_ops gomoku_ops;
extern const struct gtp_command gomoku_commands[];
extern const struct game_algorithm gomoku_algorithms[];
extern const struct search_scale gomoku_search_scale; /* gomoku_ai.c */

static inline struct gomoku_game *gomoku_of(struct game *g)
{
	return (struct gomoku_game *)g;
}

static inline const struct gomoku_game *gomoku_cof(const struct game *g)
{
	return (const struct gomoku_game *)g;
}

/* The colour to move: black after an even number of moves. */
static inline int gomoku_to_move(const struct gomoku_game *gg)
{
	return gg->nmoves % 2 ? COLOR_WHITE : COLOR_BLACK;
}

/* A new empty board of size x size (already checked), rules kept. */
void gomoku_reset(struct gomoku_game *gg, int size);

/* Play color at point p: 0, or -1 with "game over", "out of turn" or
 * "illegal move" (occupied, or one of black's forbidden points under
 * renju) and nothing changed. */
int gomoku_play(struct gomoku_game *gg, int color, int p, char *err, size_t errlen);

/* Switch the rule set; the stones stay, and the last move is judged again
 * under the new rules (the game may end, or go on). */
void gomoku_set_rules(struct gomoku_game *gg, enum gomoku_rules rules);

struct sgf_record;

/* The game as an SGF record (GM[4]): size, rules (RU), the result (RE)
 * once over, the moves. Free with sgf_record_free. */
void gomoku_sgf_record(const struct gomoku_game *gg, struct sgf_record *rec);

/* Parse a rule set's name; 0 with *rules, or -1. */
int gomoku_parse_rules(const char *name, enum gomoku_rules *rules);

/* --- the players (gomoku_ai.c) ------------------------------------------ */

/* What a search did, for tests and benchmarks. */
struct gomoku_search_info {
	long nodes; /* stones tried on the board */
	int depth;  /* the deepest search completed */
};

/* Seed 002's computer for color to move on b under rules: every empty
 * point weighed by the lines it makes and blocks, the five best searched
 * ahead to depth plies (1: only an immediate win is looked for), within
 * the limits (nodes 0: none; seconds 0: none; stop may be NULL). The first
 * stone on an empty board goes to the centre. Returns the point, or -1
 * when color has no legal point. Deterministic for given limits without a
 * time limit. info may be NULL. */
int gomoku_seed_move(const struct gomoku_board *b, enum gomoku_rules rules, int color, int depth,
		     long nodes, double seconds, atomic_bool *stop,
		     struct gomoku_search_info *info);

/* The weight seed 002's computer gives empty point p for color on b
 * (legal for color; higher is better). */
long gomoku_seed_weight(const struct gomoku_board *b, enum gomoku_rules rules, int color, int p);

/* A uniformly random legal point for color, or -1 when there is none. */
int gomoku_random_move(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		       struct rng *r);

/* The move of gg's side to move at the budget's level (NULL: the seed's
 * computer at depth 1); -1 when it has no legal point. */
int gomoku_choose(struct gomoku_game *gg, const struct game_budget *budget);

/* The alphabeta level's search for the side to move (the opponent, after
 * the engine's move) until budget->stop (or budget->max_seconds), filling
 * the game's transposition table for the next genmove; the nodes it
 * searched (0: not an alphabeta level, or the game is over). */
long gomoku_ponder(struct gomoku_game *gg, const struct game_budget *budget);

#endif
