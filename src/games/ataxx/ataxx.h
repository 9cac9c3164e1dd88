/* Ataxx ("Yin vs Yang", seed 004): the game module. ataxx.c holds the
 * game_ops (options, layouts, history, undo, scoring, showboard),
 * ataxx_text.c moves, colours and FEN, ataxx_ai.c the players (random,
 * greedy, alpha-beta) and ataxx_search.c the search; ataxx_gtp.c holds
 * the Ataxx-only protocol commands. Everything here is pure computation.
 *
 * Moves (game-level ints) are (from << 8) | to in wide square numbers
 * (row * 16 + column, a1 = 0); a clone has from == to; AX_PASS passes. */
#ifndef QUINTET_ATAXX_H
#define QUINTET_ATAXX_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "games/ataxx/ataxx_pos.h"
#include "search/tt.h"

#define ATAXX_MIN_SIZE 4
#define ATAXX_MAX_SIZE 16
#define ATAXX_DEFAULT_SIZE 7
/* The search's scores (search_info.score), which UAI reports as mates. */
#define ATAXX_WIN 100000      /* a won game scores ATAXX_WIN - plies */
#define ATAXX_WIN_BOUND 90000 /* scores beyond this are won or lost games */

enum ataxx_rules {
	ATAXX_YINYANG,  /* seed 004: no passes; the stuck side's opponent takes the empties */
	ATAXX_STANDARD, /* tournament Ataxx: passes, 50-move rule, pieces counted */
};

enum ataxx_layout_kind {
	ATAXX_CORNERS, /* k = 1: x a1, o in the far corner; k = 2: the Ataxx start */
	ATAXX_ROWS,    /* x fills the first k rows, o the last k */
};

struct ataxx_layout {
	enum ataxx_layout_kind kind; /* corners or rows */
	int k;                       /* corners: 1 or 2 pieces a side; rows: K as asked */
};

struct ataxx_move {
	int color;  /* COLOR_BLACK (x) or COLOR_WHITE (o) */
	int move;   /* the move as played */
	int picked; /* the piece picked up when it was played (a square), or
		     * -1: undoing the move picks it up again */
};

/* A click that picked a piece up or put it down (ataxx_click), for undo. */
struct ataxx_pick {
	size_t at;  /* the moves played when it came */
	int before; /* the piece picked up before it, or -1 */
};

struct ataxx_game {
	struct game base;           /* must stay first */
	int size;                   /* N of the N x N board, 4..16 */
	enum ataxx_rules rules;     /* active rules */
	struct ataxx_layout layout; /* start layout clear_board uses */
	struct axw_pos setup;       /* position before the first move */
	struct axw_pos pos;         /* current position */
	struct ataxx_move *moves;   /* history after setup */
	size_t nmoves;              /* moves played */
	size_t cap;                 /* room in moves[] */
	int picked;                 /* the side to move's piece a click picked up
				     * (ataxx_click), the move's origin to be;
				     * or -1. Not part of the position: a save
				     * keeps moves, not clicks */
	struct ataxx_pick *picks;   /* the clicks that picked up or put down, in
				     * order, so that undo takes back one click */
	size_t npicks;              /* clicks in picks[] */
	size_t picks_cap;           /* room in picks[] */
	struct search_tt *tt;        /* the search's table, shared by copies
				     * (search/tt.h); NULL until the first
				     * search, dropped by a new game */
};

extern const struct game_ops ataxx_ops;
extern const struct gtp_command ataxx_commands[];
extern const struct search_scale ataxx_search_scale; /* ataxx_ai.c */

static inline struct ataxx_game *ataxx_of(struct game *g)
{
	return (struct ataxx_game *)g;
}

static inline const struct ataxx_game *ataxx_cof(const struct game *g)
{
	return (const struct ataxx_game *)g;
}

/* --- ataxx.c: the game ------------------------------------------------ */

/* An N x N board with nothing on it; every other square blocked; x to
 * move, move 1. */
void ataxx_empty_position(int size, struct axw_pos *pos);

/* Largest K of `rows K` a size allows: (N-2)/2, at least 1. */
int ataxx_max_rows(int size);

/* The start position of a layout on an N x N board (x to move). rows K
 * beyond ataxx_max_rows(size) is cut down to it. */
void ataxx_layout_position(int size, const struct ataxx_layout *layout, bool standard,
			   struct axw_pos *out);

/* New game: the layout's start position at the current size, history
 * cleared, the transposition table dropped. */
void ataxx_reset(struct ataxx_game *ag);

/* Drop the game's transposition table (a new game, new rules); the next
 * search starts an empty one. */
void ataxx_drop_table(struct ataxx_game *ag);

/* Give to the table of from (shared) when both are on the same board (size
 * and blocked squares) and rules: a new position of the same game (UAI
 * sends one before every go) keeps what the searches learnt, whose
 * entries are keyed by the whole position. */
void ataxx_keep_table(struct ataxx_game *to, const struct ataxx_game *from);

/* Replace the game by a position (loadfen): setup = pos, size = size,
 * history cleared, table dropped. The rules of pos are set from the game's rules. */
void ataxx_set_position(struct ataxx_game *ag, int size, const struct axw_pos *pos);

/* Whether the game is over under its rules. */
bool ataxx_is_over(const struct ataxx_game *ag);

/* Play move for colour (1 x, 2 o), the side to move. 0, or -1 with "game
 * over", "out of turn", "illegal move" or "game too long" (the history
 * holds GAME_MAX_HISTORY moves) in err. */
int ataxx_play(struct ataxx_game *ag, int color, int move, char *err, size_t errlen);

/* The protocol's play of move for colour, a person's click at a board
 * (GoGui's): a square holding one of the mover's pieces that can move
 * picks it up (the turn stays), or puts it down when it is the one picked
 * up; with a piece picked up, an empty square two away is the jump from
 * it. Anything else is played as ataxx_play plays it (a clone by its
 * square; a move completes the click: the piece picked up is put down).
 * Only the side to move picks up. 0, or -1 with ataxx_play's errors
 * ("illegal move" for a piece that cannot move, or not the mover's turn);
 * "game too long" when the clicks fill GAME_MAX_HISTORY. */
int ataxx_click(struct ataxx_game *ag, int color, int move, char *err, size_t errlen);

/* Whether ataxx_click would take move for colour now (the history's
 * length aside). */
bool ataxx_click_is_legal(const struct ataxx_game *ag, int color, int move);
/* ataxx_play whatever the turn: the other colour may be to move, and then
 * loses its turn. Only for a save's history (game_ops.play_saved): earlier
 * versions let either colour move, as GTP's Go does, and their saves may
 * hold such moves. */
int ataxx_play_any_turn(struct ataxx_game *ag, int color, int move, char *err, size_t errlen);

/* Every legal move of colour in the current position, in generator order
 * (clones by destination, then jumps by origin and destination; a lone
 * pass when standard rules force one). Returns the count; list needs room
 * for axw_MAX_MOVES. */
int ataxx_legal_moves(const struct ataxx_game *ag, int color, int *list);

/* The position with colour to move. */
struct axw_pos ataxx_pos_for(const struct ataxx_game *ag, int color);

/* Whether the rules or the layout have a name; 0 or -1. */
int ataxx_parse_rules(const char *name, enum ataxx_rules *out);

/* --- ataxx_text.c: moves, colours, layouts, FEN ------------------------ */

/* Parse a colour: b, w, black, white, x, o (any case). 1 (x), 2 (o) or 0. */
int ataxx_parse_color(const char *text);

/* Parse a move for an N x N board: "g2" (clone), "a1c3" (from + to),
 * "pass" or "0000" (any case). The squares must be on the board; whether
 * the move is legal is not checked. 0, or -1 with "invalid coordinate". */
int ataxx_parse_move(int size, const char *text, int *move, char *err, size_t errlen);

/* Append a move: "g2", "a1c3" or "pass" (UAI spells a pass "0000"). */
void ataxx_print_move(int move, bool uai, struct strbuf *out);

/* Parse a layout from words ("corners", "corners 2", "rows 2") for an
 * N x N board (size 0: no size check). 0, or -1 with "invalid layout". */
int ataxx_parse_layout(int argc, char **argv, int size, struct ataxx_layout *out,
		       char *err, size_t errlen);

/* Append a layout as it is written ("rows 2"), with K as the size allows. */
void ataxx_print_layout(const struct ataxx_layout *layout, int size, struct strbuf *out);

/* Parse a FEN ("x5o/7/7/7/7/7/o5x x 0 1": rows from the top, digits for
 * empty squares, '-' for gaps, then the side to move and optionally the
 * half-move clock and the move number) from argc words. On success *size
 * and *pos are set (pos->standard false) and 0 is returned; else -1 with
 * "invalid fen: WHY" in err. */
int ataxx_parse_fen(int argc, char **argv, int *size, struct axw_pos *pos, char *err,
		    size_t errlen);

/* Append the FEN of an N x N position. */
void ataxx_print_fen(const struct axw_pos *pos, int size, struct strbuf *out);

/* --- ataxx_ai.c: the players ------------------------------------------ */

/* Choose a move for the side to move of pos (a position of ag's size) as
 * the budget's level asks: random (also when level is NULL), greedy, or
 * alphabeta. Random choices use ag's rng: deterministic for a given seed and
 * a budget of nodes or depth. 0, or -1 with err: "no legal move" when pos
 * is over for its side to move (yinyang: that side is stuck), "unknown
 * algorithm NAME". */
int ataxx_choose(struct ataxx_game *ag, const struct axw_pos *pos,
		 const struct game_budget *budget, int *move, char *err, size_t errlen);

/* A move at once, for a search that never ran (refused, or given up) but
 * still owes one (UAI): for an alphabeta level the search's first
 * iteration, microseconds, on a small table of its own (not the game's);
 * else the level's own choice. AX_PASS when the game is over for the side
 * to move. */
int ataxx_quick_move(struct ataxx_game *ag, const struct game_level *level);

/* The greedy player's measure of a move: pieces gained (turned pieces
 * count twice, a clone adds one). */
int ataxx_gain(const struct axw_pos *pos, int move);

#endif
