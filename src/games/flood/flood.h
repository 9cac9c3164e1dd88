/* Flood: the two-player colour-capture game (seed 000, issue 7).
 *
 * A W x H grid of squares, each one of C colours. Black owns the
 * bottom-left square, white the top-right one. A move names a colour: the
 * mover captures every unowned square of that colour adjacent to its
 * territory, then every square of that colour adjacent to those, and so on.
 * After each move, first for the mover and then for the player to move: a
 * player whose territory touches no unowned square ends the game, and every
 * unowned square goes to the other player.
 *
 * Sets of squares are bitsets. Square (x, y), y = 0 the bottom row, is bit
 * y * stride + x with stride = width + 1: the spare column is a guard that
 * keeps one-bit shifts from wrapping to the next row, so a step in any
 * direction is a whole-bitset shift (+-1, +-stride) and a mask.
 *
 *   flood_board.c  bitsets, the grid and its masks, positions: capture with
 *                  incremental frontiers, the end rule, gains
 *   flood.c        the game: options, new games and the starting player,
 *                  history and undo, board text, showboard, scoring
 *   flood_ai.c     random, greedy (seed 000's computer) and alpha-beta
 *   flood_eval.c   the evaluation: a race of distance fields, squares
 *                  owned and the frontier, weighed (doc/flood-tuning.md)
 *   flood_regions.c a search root's same-colour regions, for a fast race
 *   flood_gtp.c    the Flood-only protocol commands */
#ifndef QUINTET_FLOOD_H
#define QUINTET_FLOOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "search/limits.h"

#define FLOOD_MIN_SIDE       2
#define FLOOD_MAX_SIDE       100
#define FLOOD_DEFAULT_SIDE   20
#define FLOOD_MIN_COLORS     3
#define FLOOD_MAX_COLORS     9
#define FLOOD_DEFAULT_COLORS 6
#define FLOOD_MAX_BITS       (FLOOD_MAX_SIDE * (FLOOD_MAX_SIDE + 1))
#define FLOOD_MAX_WORDS      ((FLOOD_MAX_BITS + 63) / 64)
#define FLOOD_SETS           5 /* own black, own white, front black, front white, free */

/* Directions of a one-square step, as bitset shifts. */
enum flood_dir { FLOOD_EAST, FLOOD_WEST, FLOOD_NORTH, FLOOD_SOUTH };

/* The grid: geometry, colours and the masks derived from them. Fixed for a
 * game; positions refer to it. */
struct flood_board {
	int width, height;   /* squares across and up */
	int stride;          /* width + 1: bits per row, the last one a guard */
	int nbits;           /* height * stride */
	int nw;              /* 64-bit words in a bitset */
	int ncolors;         /* C: colours 1..C */
	int nsquares;        /* width * height */
	uint8_t color[FLOOD_MAX_BITS];                    /* 1..C; 0 on guards and
							   * squares owned from the start */
	uint64_t valid[FLOOD_MAX_WORDS];                  /* every square */
	uint64_t col[FLOOD_MAX_COLORS + 1][FLOOD_MAX_WORDS]; /* squares of colour c */
	uint64_t same[4][FLOOD_MAX_WORDS]; /* squares whose neighbour in that
					    * direction has their colour */
};

/* A position: who owns what, the frontiers, the turn. Only the first
 * FLOOD_SETS * nw words of bits are used; copy with flood_pos_copy. */
struct flood_pos {
	int nw;       /* words per bitset (the board's nw) */
	int count[3]; /* squares owned: [COLOR_BLACK], [COLOR_WHITE] */
	int nfree;    /* squares owned by no one */
	int to_move;  /* COLOR_BLACK or COLOR_WHITE */
	int moves;    /* moves played since the position was set up */
	bool over;    /* the game has ended (the award is in count) */
	uint64_t bits[FLOOD_SETS * FLOOD_MAX_WORDS]; /* the sets, nw words each */
};

/* The sets of a position. */
static inline uint64_t *flood_own(struct flood_pos *p, int color)
{
	return p->bits + (color - 1) * p->nw;
}

static inline uint64_t *flood_front(struct flood_pos *p, int color)
{
	return p->bits + (color + 1) * p->nw;
}

static inline uint64_t *flood_free(struct flood_pos *p)
{
	return p->bits + 4 * p->nw;
}

static inline const uint64_t *flood_cown(const struct flood_pos *p, int color)
{
	return p->bits + (color - 1) * p->nw;
}

static inline const uint64_t *flood_cfront(const struct flood_pos *p, int color)
{
	return p->bits + (color + 1) * p->nw;
}

static inline const uint64_t *flood_cfree(const struct flood_pos *p)
{
	return p->bits + 4 * p->nw;
}

static inline int flood_other(int color)
{
	return 3 - color;
}

/* Bit index of square (x, y); y = 0 is the bottom row. */
static inline int flood_square(const struct flood_board *b, int x, int y)
{
	return y * b->stride + x;
}

static inline bool flood_bit(const uint64_t *set, int i)
{
	return (set[i >> 6] >> (i & 63)) & 1;
}

/* Number of squares in a set of nw words. */
int flood_popcount(const uint64_t *set, int nw);

/* Whether a set of nw words is empty. */
bool flood_empty(const uint64_t *set, int nw);

/* Set the grid's size and colour count, every square colour 1, and the
 * masks. Sizes must be within FLOOD_MIN_SIDE..FLOOD_MAX_SIDE. */
void flood_board_init(struct flood_board *b, int width, int height, int ncolors);

/* Recompute the colour masks after b->color changed. */
void flood_board_update(struct flood_board *b);

/* Give every square a uniformly random colour 1..C from r, top row first,
 * left to right (the order of the board text), and update the masks. */
void flood_board_randomize(struct flood_board *b, struct rng *r);

/* The starting position: black owns the bottom-left square, white the
 * top-right one, to_move moves first. */
void flood_pos_init(struct flood_pos *p, const struct flood_board *b, int to_move);

/* A position with the given territories (own_black and own_white of b->nw
 * words, disjoint, each holding its corner), to_move to play. Frontiers are
 * derived, and the end rule is applied as if to_move's opponent had just
 * moved. */
void flood_pos_setup(struct flood_pos *p, const struct flood_board *b, const uint64_t *own_black,
		     const uint64_t *own_white, int to_move);

/* Copy a position (only the words in use). */
void flood_pos_copy(struct flood_pos *dst, const struct flood_pos *src);

/* The side to move plays colour paint (1..C): capture, frontiers, move
 * count, turn, end rule. Returns the squares captured (0 is a legal move).
 * p must not be over. */
int flood_pos_play(struct flood_pos *p, const struct flood_board *b, int paint);

/* What colour 1..C would capture now for color: gains[1..C] (gains[0] is
 * set to 0). */
void flood_pos_gains(const struct flood_pos *p, const struct flood_board *b, int color,
		     int gains[FLOOD_MAX_COLORS + 1]);

/* Grow set within its own colours: add every square of allowed that has the
 * colour of a neighbour already in set, until nothing changes. */
void flood_grow_same(const struct flood_board *b, uint64_t *set, const uint64_t *allowed);

/* out = the squares next to some square of set (set itself excluded unless
 * adjacent to another member), within the board. */
void flood_dilate(const struct flood_board *b, const uint64_t *set, uint64_t *out);

/* Grow set by plain adjacency within allowed (any colour): set becomes
 * its connected closure through allowed. */
void flood_fill(const struct flood_board *b, uint64_t *set, const uint64_t *allowed);

/* One colour step of a race of distance fields: edge (the squares a side
 * reached last) becomes the unowned squares of open next to it, grown
 * within open through their colours (what one move of that colour would
 * take), and those leave open. Returns how many were taken (0: edge is
 * now empty). Every square of open next to the side's earlier squares
 * must have been taken by an earlier step, so only edge needs looking at. */
int flood_race_step(const struct flood_board *b, uint64_t *edge, uint64_t *open);

/* Whether the game's result is decided: no region of unowned squares
 * touches both territories. A region touching one side only can never be
 * reached by the other (territories grow through unowned squares next to
 * them), so it ends up that side's, by capture or by the end rule. Then
 * gets[COLOR_BLACK] and gets[COLOR_WHITE] are the final counts. */
bool flood_pos_settled(const struct flood_pos *p, const struct flood_board *b, int gets[3]);

/* Black's squares minus white's: positive when black leads. */
static inline int flood_margin(const struct flood_pos *p)
{
	return p->count[COLOR_BLACK] - p->count[COLOR_WHITE];
}

/* --- the game ---------------------------------------------------------- */

enum flood_mode {
	FLOOD_TWO_PLAYER, /* two people: who did not move last starts the next game */
	FLOOD_COMPUTER,   /* a human against the computer: the human always starts */
};

struct flood_move {
	int color; /* who played */
	int paint; /* the colour chosen, 1..C */
};

struct flood_game {
	struct game base;         /* must stay first */
	struct flood_board board; /* the grid of this game */
	struct flood_pos start;   /* the position the game began from */
	struct flood_pos pos;     /* the current position */
	struct flood_move *moves; /* history since start */
	size_t nmoves;            /* moves played */
	size_t cap;               /* room in moves */
	int width, height;        /* size of the next random board */
	int ncolors;              /* colours of the next random board */
	enum flood_mode mode;     /* two-player or against the computer */
	int human;                /* the human's colour against the computer */
	int starter;              /* who moved first in this game */
};

extern const struct game_ops flood_ops;
extern const struct gtp_command flood_commands[];
extern const char *const flood_color_names[FLOOD_MAX_COLORS + 1];
extern const char *const flood_mode_names[];

static inline struct flood_game *flood_of(struct game *g)
{
	return (struct flood_game *)g;
}

static inline const struct flood_game *flood_cof(const struct game *g)
{
	return (const struct flood_game *)g;
}

/* Who starts the next new game: against the computer the human; in
 * two-player mode the player who did not make the last move of this game
 * (this game's starter again when no move was made). */
int flood_next_starter(const struct flood_game *fg);

/* A new game on fg->board with the given territories (NULL, NULL: the two
 * corners); starter moves first, or with 0 the player the mode says. */
void flood_begin(struct flood_game *fg, const uint64_t *black, const uint64_t *white,
		 int starter);

/* A new game on a new random board of the configured size and colours,
 * drawn from the game's rng; the starting player follows the mode. */
void flood_new_game(struct flood_game *fg);

/* Set the size of the next boards and start a new game; 0, or -1 with
 * "unacceptable size". */
int flood_set_dims(struct flood_game *fg, long width, long height, char *err, size_t errlen);

/* Set the colour count and start a new game; 0, or -1 with an error. */
int flood_set_colors(struct flood_game *fg, long ncolors, char *err, size_t errlen);

/* Parse board text (rows from the top separated by '/', a digit 1..C or B
 * or W per square) and start a new game from it, to_move first (0: the
 * player the mode says); the size becomes the text's. 0, or -1 with
 * "bad board: REASON" and nothing changed. */
int flood_load_text(struct flood_game *fg, const char *text, int to_move, char *err,
		    size_t errlen);

/* Append the board text of the current position (owned squares as B/W). */
void flood_print_text(const struct flood_game *fg, struct strbuf *out);

/* Append the board text of position p of fg's board (fg->start, say). */
void flood_print_position(const struct flood_game *fg, const struct flood_pos *p,
			  struct strbuf *out);

/* Parse a colour name (any case) or number 1..C; 0 with *paint, or -1. */
int flood_parse_paint(const struct flood_game *fg, const char *text, int *paint);

/* Play paint for color; 0, or -1 with "game over", "out of turn", "game
 * too long" (the history holds GAME_MAX_HISTORY moves). */
int flood_play(struct flood_game *fg, int color, int paint, char *err, size_t errlen);

/* --- the AI (flood_ai.c) ------------------------------------------------- */

/* Opponent moves, all greedy's colours, before genmove takes the opponent
 * for greedy (flood_search's greedy_opponent): a searching opponent's first
 * moves are often greedy's too, and the line that beats greedy can be a
 * poor one against it (20x20/6 at 50,000 nodes against the search before
 * issue 18, 100 games: 44% from the first move, 47% after 4, 48% without
 * the model; against greedy 97.0% either way). */
#define FLOOD_GREEDY_EVIDENCE 4

#define FLOOD_WIN (1 << 24) /* a proven won game's score, plus the margin */

/* What a search did, for tests and benchmarks. */
struct flood_search_info {
	long nodes;     /* positions visited */
	int depth;      /* deepest iteration completed */
	int score;      /* its score for the side to move, in 1/16 squares */
	bool exact;     /* every line reached the end: score is the result */
};

/* Seed 000's computer: the colour that captures most for the side to move;
 * ties go to the lowest number. p must not be over. */
int flood_greedy(const struct flood_pos *p, const struct flood_board *b);

/* A uniformly random colour among those that capture something. */
int flood_random(const struct flood_pos *p, const struct flood_board *b, struct rng *r);

/* Alpha-beta with iterative deepening and a transposition table over the
 * colours that capture something, evaluating leaves by the squares each
 * side reaches first (distance fields), within lim (search/limits.h: depth,
 * nodes, the hard and soft time, stop; a private table of tt_bits).
 * greedy_opponent: the opponent plays greedy's colours, so first look for
 * a line that beats greedy. Deterministic for a node or depth budget.
 * lim->report (search/info.h) gets each completed iteration (its PV), and
 * a move decided outside them as depth iterations done and a one-move
 * line with how: "exact" (the root solved), "greedy" (a line that beats
 * greedy), "swindle" (a lost game's try against greedy), "only" (one
 * colour or none captures). Scores for the side to move in 1/16 squares,
 * +-(FLOOD_WIN + 16 x the margin) for a proven result (FLOOD_WIN alone when
 * its margin is unknown), 0 a proven draw. info may be NULL. p must not be
 * over. */
int flood_search(const struct flood_pos *p, const struct flood_board *b,
		 const struct search_limits *lim, bool greedy_opponent,
		 struct flood_search_info *info);

/* The best outcome (1 win, 0 draw, -1 loss) for the side to move at p
 * against an opponent who always plays flood_greedy's colour that can be
 * proven within nodes nodes, with its colour in *move; *exact: whether it
 * is the best there is (else a better one may exist). p must not be over. */
int flood_versus_greedy(const struct flood_pos *p, const struct flood_board *b, long nodes,
			int *move, bool *exact);

/* The evaluation of a position for its side to move, in 1/16 squares
 * (flood_eval.c: the weighted features of flood_eval.h). */
int flood_evaluate(const struct flood_pos *p, const struct flood_board *b);

/* Choose a colour for the side to move as the level says (NULL: greedy),
 * within the budget. fg's position must not be over. */
int flood_choose(struct flood_game *fg, const struct game_budget *budget);

extern const struct game_algorithm flood_algorithms[];
extern const struct search_scale flood_search_scale; /* for analysis lines */

#endif
