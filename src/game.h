/* The game interface: every game is a struct game_ops registered in one
 * table (the way Pachi registers engines), so the protocol layer, the
 * referee, saves and statistics never need to know which game they hold.
 *
 * Game modules are pure computation: no sockets, no files, no mutable
 * globals. A struct game is the base of each game's state; modules embed it
 * first and recover their own type with a cast. */
#ifndef QUINTET_GAME_H
#define QUINTET_GAME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gtp.h"
#include "search/info.h"
#include "util/rng.h"
#include "util/strbuf.h"

enum game_color { COLOR_NONE = 0, COLOR_BLACK = 1, COLOR_WHITE = 2 };

/* Most moves (passes included) a game's history holds; play and genmove
 * then answer "game too long" until a move is undone or a new game starts.
 * No real game comes near it (quintet-match's default caps are at most ten
 * moves a square, 2660 on 16x16 Ataxx; Go's loadsgf reads at most as many
 * moves), and it bounds what one session's history costs: memory, copies
 * for worker jobs, undo by replay, Go's superko scan. */
#define GAME_MAX_HISTORY 100000

struct game_ops;

struct game {
	const struct game_ops *ops; /* the game's behaviour */
	struct rng rng;             /* every random choice of this game */
};

/* An AI level, as the configuration defines it under
 * games.<game>.levels.<name>. A field the level leaves out is 0 (algorithm
 * "") and the game chooses for itself. */
struct game_level {
	char name[32];      /* easy, hard, or the user's own name */
	char algorithm[32]; /* the name of one of the game's ops->algorithms */
	long playouts;      /* simulations per move */
	int depth;          /* search depth in plies */
	long nodes;         /* nodes searched per move */
	double seconds;     /* time per move */
	double randomness;  /* 0 = always the best move .. 1 = uniformly random */
	int threads;        /* search threads */
	double resign;      /* resign when the win rate falls below it (0 = never) */
	long memory;        /* MiB the search tree may use (0 = the game's default) */
	int hash_mb;        /* transposition table, MiB (0 = the game's default) */
	bool ponder;        /* think on the opponent's time (a game with ponder;
			     * stdin sessions only) */
	bool follow_clock;  /* under a clock (a game clock or a time per move)
			     * the clock alone limits the move: depth, nodes,
			     * playouts and time hold for untimed play only */
};

/* Keep a level's nodes and playouts within the server's node cap
 * (max_nodes > 0; 0: no cap), which bounds every search. */
void game_level_cap_nodes(struct game_level *level, long max_nodes);

/* What an AI may spend on one move. Both times count from the moment the
 * game's genmove (or ponder) is called; the time manager (timeman.h) made
 * them from the clock, the level and the server's caps. */
struct game_budget {
	const struct game_level *level; /* active level, or NULL: the game's weakest */
	double max_seconds;             /* hard limit: everything the move does
					 * (allocation, checks, search) ends by
					 * then; 0 = none */
	double soft_seconds;            /* soft limit: no new iteration past it
					 * once the best move is stable; 0 = the
					 * search's own share of max_seconds */
	bool spend_all;                 /* search to max_seconds whatever the
					 * best move's stability (UAI movetime,
					 * an analysis until stopped) */
	atomic_bool *stop;              /* set by another thread: answer now; or NULL */
	search_report_fn report;        /* an alpha-beta search's iterations, on its
					 * thread (a front end's progress lines); or NULL */
	void *report_arg;               /* report's first argument */
	const int *exclude;             /* moves the search must not choose (the
					 * ranks before, for Gomocup's YXNBEST);
					 * honoured by Gomoku's alphabeta level */
	int nexclude;                   /* how many */
};

/* A game-specific setting the configuration may give (games.<game>.<key>),
 * validated generically from this description before set_option sees it. */
enum game_option_type { GAME_OPT_INT, GAME_OPT_REAL, GAME_OPT_BOOL, GAME_OPT_ENUM };

struct game_option {
	const char *key;            /* YAML key, e.g. "komi"; NULL ends a table */
	enum game_option_type type; /* how the value is checked */
	double min, max;            /* inclusive range for INT and REAL */
	const char *const *choices; /* allowed words for ENUM, NULL-terminated */
	const char *help;           /* one line: --dump-config's comment */
};

/* An AI algorithm a game's levels may name, with the level keys it reads
 * (struct game_level's, as the configuration spells them: playouts,
 * depth, nodes, time, randomness, threads, resign, memory, hash, ponder,
 * follow_clock). A level of this algorithm giving any other key is refused
 * by the configuration, naming these: a key the game would ignore is a
 * mistake the user should hear of. A key counts when anything reads it
 * while a level of the algorithm is active: the move itself, pondering,
 * the analysis commands (hash; Go's: threads, memory, playouts, time),
 * Go's status estimate (memory), the clock (follow_clock replaces depth,
 * nodes, playouts and time). */
struct game_algorithm {
	const char *name;         /* "alphabeta"; NULL ends a table */
	const char *const *keys;  /* the level keys it takes, NULL-terminated */
};

/* One setting of a game's variant as get_options reports it and a save
 * keeps it: the key "size" (a board side, set_size), "rules" (set_rules),
 * or a key of ops->options (set_option), with its value as text. */
struct game_option_value {
	char key[32];   /* "size", "rules" or an options key */
	char value[64]; /* as set_size, set_rules or set_option take it */
	bool side;      /* the value is a board side (Go's size, Flood's width):
			 * a save's loader holds it to the configured sizes */
};

#define GAME_MAX_OPTIONS 16 /* most pairs get_options reports */

/* Why a game ended, as result() reports it. Forfeits (resignation, time,
 * illegal moves) are the referee's own business, not the game's. */
enum game_reason {
	GAME_REASON_SCORE,     /* counted by the rules (area, pieces, squares); Go
				* also scores a game in progress this way */
	GAME_REASON_NO_MOVES,  /* a side could not move (or gain) any more and the
				* rules gave the rest away (Ataxx yinyang, Flood),
				* or called it a draw (Gomoku: no legal point) */
	GAME_REASON_WIPEOUT,   /* a side has no pieces left (Ataxx) */
	GAME_REASON_MOVE_RULE, /* a draw by a move-count rule (Ataxx's 50 moves) */
	GAME_REASON_SOLVED,    /* the codebreaker found the code (Mastermind) */
	GAME_REASON_UNSOLVED,  /* the codebreaker ran out of tries (Mastermind) */
	GAME_REASON_FIVE,      /* a winning line of stones (Gomoku) */
	GAME_REASON_COUNT
};

/* The result of a game by its rules. */
struct game_result {
	int winner;              /* COLOR_BLACK, COLOR_WHITE, or COLOR_NONE: a draw */
	bool has_margin;         /* margin means something; false: "B+" alone */
	double margin;           /* the winner's lead (points, pieces, squares), >= 0 */
	enum game_reason reason; /* why the game ended */
	char detail[64];         /* the game's own words, or "" (Mastermind: "secret 1234") */
	const char *unit;        /* what margin counts, singular ("point", "square",
				  * "piece"), or NULL: nothing to name (no margin) */
};

/* How the referee (quintet-match) plays a game between two engines. */
enum game_contest {
	GAME_CONTEST_ALTERNATE, /* the side to move is asked for a move (genmove), which
				 * the other engine is told (play) */
	GAME_CONTEST_SOLVE,     /* a puzzle the referee sets: each engine solves its own
				 * copy alone, as black (genmove b), and is told the
				 * referee's answer to each move (ops->answer); fewer
				 * moves wins; a puzzle not solved (result() not a black
				 * win) costs the default move cap + 1; no openings */
};

/* What a record says besides the game: who played, when, with what time,
 * and how it ended. Members a writer does not know are 0 or NULL. */
struct game_record_info {
	const char *title;   /* what the record is: "quintet-match game 3" */
	const char *black;   /* who played black */
	const char *white;   /* who played white */
	const char *result;  /* SGF RE style, forfeits too: "B+3.5", "W+R", "B+T", "0" */
	const char *comment; /* how the game ended, in words, or NULL */
	const char *event;   /* the match the game belongs to, or NULL */
	int round;           /* the game's number in it, or 0 */
	const char *date;    /* when it started: "YYYY-MM-DD", or NULL */
	const char *time_of_day; /* ... and "HH:MM:SS", or NULL */
	double move_time;    /* seconds allowed per move, 0: none */
	double main_time;    /* a game clock's seconds per side, 0: none */
	double increment;    /* seconds the clock gains per move */
	int byo_periods;     /* Japanese byo-yomi: periods after main_time, 0: none */
	double byo_time;     /* ... seconds per period */
	bool scored;         /* result is the rules' (ended, or scored at a move cap) */
	const char *adjudication; /* why the referee decided it, when not by the
				   * rules or a resignation ("Out of time", "Illegal
				   * move", "Max game length reached"), or NULL */
};

/* The move cap when a game has no max_moves. */
#define GAME_DEFAULT_MAX_MOVES 1000

/* A board of squares as GoGui's rules extension shows it
 * (src/session_gogui.c, which writes GoGui's text and its vertices from
 * it): a picture of the position, filled by a game's board_view. Square
 * (x, y), x = 0 the left column and y = 0 the bottom row, is index
 * y * width + x of each array. A game draws only what it knows: a square
 * left alone is empty, unpainted and unmarked. */
#define GAME_BOARD_MAX_SIDE 52  /* GoGui's largest board (its GoPoint.MAX_SIZE) */
#define GAME_BOARD_MAX_PAINTS 16 /* colours one board may paint squares with */

enum game_mark {
	GAME_MARK_NONE,     /* nothing drawn */
	GAME_MARK_CROSS,    /* GoGui's MARK: an x over the square */
	GAME_MARK_SQUARE,   /* GoGui's SQUARE: a small square */
	GAME_MARK_TRIANGLE, /* GoGui's TRIANGLE */
};

struct game_board {
	int width, height; /* squares across and up, 1..GAME_BOARD_MAX_SIDE */
	char cell[GAME_BOARD_MAX_SIDE * GAME_BOARD_MAX_SIDE];      /* 'X' a black piece, 'O' a
								    * white one, '.' empty, '?'
								    * no square (a hole) */
	uint8_t paint[GAME_BOARD_MAX_SIDE * GAME_BOARD_MAX_SIDE];  /* 0, or k: the square's
								    * ground is palette[k - 1] */
	uint8_t mark[GAME_BOARD_MAX_SIDE * GAME_BOARD_MAX_SIDE];   /* enum game_mark */
	uint32_t palette[GAME_BOARD_MAX_PAINTS]; /* paint colours, 0xRRGGBB */
	int npalette;                            /* colours in palette */
};

/* An empty width x height picture (the caller checks the sides). */
void game_board_init(struct game_board *b, int width, int height);

/* The index of square (x, y) of b. */
static inline int game_board_at(const struct game_board *b, int x, int y)
{
	return y * b->width + x;
}

/* Append square (x, y) as Go and GoGui write a vertex: the column a
 * letter A..Z without I and, from the 26th column on, two (GoGui's AA,
 * AB, ...), then the row, 1 at the bottom: A1, J10, AA3. */
void game_vertex_print(int x, int y, struct strbuf *out);

/* Parse such a vertex (letters in any case; the row with no sign or
 * leading zero) on a width x height board: 0 with *x and *y, or -1 when
 * text is none or lies off the board. */
int game_vertex_parse(const char *text, int width, int height, int *x, int *y);

/* Every function that can fail returns 0, or -1 with a short lowercase GTP
 * error message in err (errlen bytes). Moves are small game-defined
 * integers; print_move turns one back into protocol text.
 *
 * set_size, rules (with get_rules/set_rules), undo, genmove and final_score
 * may be NULL where they mean nothing for a game: a command row names the
 * member it needs (gtp.h, GTP_NEEDS), and the command is then neither
 * listed nor accepted for that game. A game with a rules list has
 * get_rules and set_rules (checked by tests/unit/test_gtp.c). */
struct game_ops {
	const char *name;                       /* protocol name: "go", ... */
	const char *move_syntax;                /* how a move is written, for help:
						 * a phrase ("a vertex ... or pass") */
	const char *result_syntax;              /* what final_score answers, for help:
						 * a phrase, as move_syntax */
	const struct gtp_command *commands;     /* game-only commands, NULL-named end */
	const char *const *rules;               /* rule variant names, NULL-terminated */
	const struct game_algorithm *algorithms; /* AI algorithms, NULL-named end */
	const struct game_option *options;      /* configurable settings, NULL-keyed end */

	struct game *(*create)(uint64_t seed);  /* default options, seeded rng */
	struct game *(*copy)(const struct game *g);
	void (*destroy)(struct game *g);
	/* Apply one configured setting (already type- and range-checked). */
	int (*set_option)(struct game *g, const char *key, const char *value,
			  char *err, size_t errlen);

	int (*set_size)(struct game *g, const char *arg, char *err, size_t errlen);
	void (*clear)(struct game *g);          /* new game, same options */
	const char *(*get_rules)(const struct game *g);
	int (*set_rules)(struct game *g, const char *name, char *err, size_t errlen);

	int (*parse_move)(const struct game *g, const char *text, int *move,
			  char *err, size_t errlen);
	void (*print_move)(const struct game *g, int move, struct strbuf *out);
	/* Whose turn (PROTOCOL.md, "Whose turn"): Go's play and genmove take
	 * either colour, as GTP's Go does; every other game's refuse the
	 * colour not to move ("out of turn"; Mastermind: "codebreaker is
	 * black"), in the game itself, so that every caller gets the rule. */
	int (*play)(struct game *g, int color, int move, char *err, size_t errlen);
	/* play for a save's history being loaded (cmd_ctx.replaying): as play,
	 * but also a move by the colour not to move, which an older quintet
	 * let a game play and so its saves may hold (Ataxx, before turns were
	 * enforced). May be NULL: play, which refuses them, as such a save
	 * cannot exist. */
	int (*play_saved)(struct game *g, int color, int move, char *err, size_t errlen);
	int (*undo)(struct game *g, char *err, size_t errlen);
	int (*genmove)(struct game *g, int color, const struct game_budget *budget,
		       int *move, char *err, size_t errlen);
	/* What play answers after a move the game replies to (Mastermind: a
	 * try's feedback against the secret the game holds). May be NULL; an
	 * empty text too: play's success text is then empty. */
	void (*play_reply)(const struct game *g, struct strbuf *out);
	/* The protocol's play, where one move may take several commands (a
	 * person's clicks on a board, GoGui's): Ataxx's click on one of the
	 * mover's pieces picks it up, the next click on a square completes
	 * the move from it. 0, or -1 with err, as play. NULL: play. Only the
	 * play command calls it (game_play_click); the referee, openings and
	 * the search play whole moves. */
	int (*click)(struct game *g, int color, int move, char *err, size_t errlen);
	/* genmove may omit the colour, meaning the side to move (Mastermind,
	 * where only the codebreaker moves); false: GTP's genmove COLOR only. */
	bool genmove_color_optional;

	/* Colour names of this game beyond b/w/black/white (Ataxx: x, o);
	 * COLOR_* or COLOR_NONE. May be NULL. */
	int (*parse_color)(const char *text);
	int (*to_move)(const struct game *g);   /* COLOR_BLACK or COLOR_WHITE */
	bool (*is_over)(const struct game *g);  /* the game has ended by its rules */

	void (*render)(const struct game *g, struct strbuf *out); /* showboard */
	int (*final_score)(const struct game *g, struct strbuf *out,
			   char *err, size_t errlen);

	/* ---- Setup, history and result: what saves, the referee and
	 * statistics ask of every game. write_setup, history, result,
	 * variant_key and describe are required; the rest may be NULL (or 0).
	 * tests/unit/test_match_record.c checks every registered game. ---- */

	/* Protocol commands, one a line, each ending in a newline, that turn a
	 * fresh engine session of this game (after `game NAME`) into g's
	 * starting position with g's options: size, rules, komi, layout,
	 * variant, and the start itself (handicap stones, loadfen, loadboard).
	 * side is who will read them: COLOR_BLACK or COLOR_WHITE, an engine
	 * about to play that side, gets only what that side may know (only
	 * Mastermind's codemaker, white, learns the secret); COLOR_NONE gets
	 * everything, so that write_setup + history rebuilds g exactly (saves,
	 * records). 0, or -1 with err when the protocol cannot express the
	 * start (a Go position loaded from SGF with white setup stones). */
	int (*write_setup)(const struct game *g, int side, struct strbuf *out,
			   char *err, size_t errlen);
	/* The moves played since the start, as protocol commands, one a line,
	 * each ending in a newline: `play b D4`, `play w pass`; Mastermind's
	 * tries, with `feedback ANSWER` after each when the engine breaks an
	 * unknown code. */
	void (*history)(const struct game *g, struct strbuf *out);
	/* The result of g by its rules; final_score's text is built from it.
	 * 0, or -1 with "game not over" (every game but Go, which scores a
	 * game in progress). */
	int (*result)(const struct game *g, struct game_result *r, char *err, size_t errlen);
	/* A stable key of g's variant for statistics to group by: the game's
	 * name, then its variant parameters, '/'-separated, each game's format
	 * documented at its function: go/19/chinese/7.5 (go/9/chinese/0.5/h2
	 * with two handicap stones), ataxx/7/yinyang/rows2, ataxx/7/standard/fen,
	 * flood/20x20/6, mastermind/digits/4x9/norepeats/10/positional,
	 * gomoku/15/freestyle. */
	void (*variant_key)(const struct game *g, struct strbuf *out);
	/* A short human description of g's options ("9x9, komi 7.5") for
	 * reports. */
	void (*describe)(const struct game *g, struct strbuf *out);
	/* The default move cap for g's options, beyond which the referee ends
	 * a game; NULL: GAME_DEFAULT_MAX_MOVES. */
	long (*max_moves)(const struct game *g);
	/* A guess of the moves the side to move still has to make, for the
	 * clock's share of main time (timeman_plan); NULL: unknown. */
	int (*moves_left)(const struct game *g);
	/* Think for the side to move (the opponent, after the engine's move)
	 * until budget->stop or its max_seconds, so that the next genmove
	 * starts from what it found; returns the simulations run (playouts,
	 * or an alpha-beta search's nodes: ponder_unit). May be
	 * NULL (no pondering). */
	long (*ponder)(struct game *g, const struct game_budget *budget);
	const char *ponder_unit;    /* what ponder's count counts, plural ("nodes");
				     * NULL: "playouts" */
	enum game_contest contest;  /* how the referee plays it; 0: alternate */
	/* GAME_CONTEST_SOLVE only: the command that tells a solving engine the
	 * answer g gave to its last move (Mastermind: "feedback XO--"). */
	void (*answer)(const struct game *g, struct strbuf *out);
	const char *moves_word;     /* what a move is called in reports, plural
				     * ("guesses"); NULL: "moves" */
	const char *record_ext;     /* file extension of write_record; NULL: none */
	/* A record of the game g in the game's standard format (Go: SGF), with
	 * info's players and result; malloc'd, the caller frees it. NULL: the
	 * referee writes its generic record, write_setup + history as a GTP
	 * script. */
	char *(*write_record)(const struct game *g, const struct game_record_info *info);
	/* The position of g in the game's standard notation (Ataxx: its FEN,
	 * "x5o/7/7/7/7/7/o5x x 0 1"), for tools that speak it (the referee's
	 * UAI engines give it as `position fen ...`); NULL where the game has
	 * none. */
	void (*notation)(const struct game *g, struct strbuf *out);
	/* The position counted now, as if the game ended here (Go: area with
	 * komi; Ataxx: pieces; Flood: squares owned), for the referee's
	 * adjudication (--adjudicate-score); reason GAME_REASON_SCORE. NULL:
	 * the game cannot be counted before its end (Mastermind). */
	void (*standing)(const struct game *g, struct game_result *r);
	/* How the scores of the game's alpha-beta search (its levels of
	 * algorithm "alphabeta", which report through game_budget's report)
	 * read, for the GTP analysis commands (src/analysis.c). NULL: the
	 * game has no such search. */
	const struct search_scale *search_scale;
	/* g's board as GoGui's rules extension shows it (src/session_gogui.c:
	 * the gogui-rules commands are made from it, to_move, is_over,
	 * parse_move and play): its squares, with the paints and marks the
	 * game draws (gogui-rules_board_gfx). 0, or -1 with err when GoGui
	 * cannot show this board. NULL: the game has no board of squares
	 * (Mastermind), and no gogui-rules command. */
	int (*board_view)(const struct game *g, struct game_board *b, char *err, size_t errlen);

	/* ---- Saves (store/saves.c): required of every game; a game that
	 * answers these two and the setup/history members above can be saved
	 * and loaded. tests/unit/test_saves.c checks every registered game has
	 * them and round-trips a game of each. ---- */

	/* The settings that define g's variant, as at most max pairs in out,
	 * in the order a new game (create, then the configuration's settings)
	 * must be given them to play that variant: "size" (set_size; the
	 * configured sizes apply), "rules" (set_rules; one of ops->rules when
	 * the game has that list) and keys of ops->options (set_option, after
	 * the table's type and range check). Values are what those functions
	 * take: "19", "chinese", "7.5", "rows 2". A load applies them in order,
	 * then write_setup's commands when the start was not the variant's
	 * own, then the history, and checks that get_options still gives the
	 * same pairs. Returns how many pairs were written. */
	int (*get_options)(const struct game *g, struct game_option_value *out, int max);
	/* Append g's whole current position as one line of text: everything
	 * that decides what may happen next, hidden parts included (the board,
	 * side to move, counters, a ko point, Mastermind's secret and role),
	 * in a fixed form. Two games of equal options, setup, history and
	 * position are the same game. A save stores its digest (game_digest)
	 * and a load refuses a file whose replayed game gives another. */
	void (*position)(const struct game *g, struct strbuf *out);
	/* A new game (clear_board) draws its start at random (Flood's board):
	 * under GoGui, which replays a game from clear_board after every move,
	 * clear_board goes back to the game's own start instead. */
	bool random_start;
};

/* The registered games, ending with NULL; the first is the default: the
 * registration list, src/games/games.c. */
extern const struct game_ops *const game_table[];

/* The game named name, or NULL. */
const struct game_ops *game_find(const char *name); /* any case */

/* Whether ops's optional member (an operation or a table) at byte offset
 * is set: a command row's needs field, GTP_NEEDS(member); offset 0 means
 * nothing is needed. */
bool game_has_op(const struct game_ops *ops, size_t offset);

/* A colour argument in g: GTP's names (gtp_parse_color), else the game's
 * own (parse_color: Ataxx's x and o). COLOR_* or COLOR_NONE. */
int game_parse_color(const struct game *g, const char *text);

/* The default move cap of g: ops->max_moves, else GAME_DEFAULT_MAX_MOVES. */
long game_max_moves(const struct game *g);

/* Append r in SGF RE style: "B+3.5", "W+12", "B+" without a margin, "0"
 * for a draw. */
void game_result_print(const struct game_result *r, struct strbuf *out);

/* final_score's text from result(): the RE text, then " DETAIL" when the
 * result has one. 0, or -1 with result()'s error. */
int game_final_score(const struct game *g, struct strbuf *out, char *err, size_t errlen);

/* The short name of a reason: score, no-moves, wipeout, move-rule,
 * solved, unsolved, five. */
const char *game_reason_name(enum game_reason reason);

/* The protocol's play of move for color on g: ops->click where the game
 * has one, else ops->play. 0, or -1 with err. */
int game_play_click(struct game *g, int color, int move, char *err, size_t errlen);

/* Append "play b MOVE\n" ("play w" for white): the history line of move
 * played by color, the move as print_move writes it. */
void game_history_line(const struct game *g, int color, int move, struct strbuf *out);

/* For get_options: put the pair key, value at out[n] when n < max, and
 * return n + 1 (so a caller writes every pair and returns the least of
 * its count and max). game_put_side does the same for a board side. */
int game_put_option(struct game_option_value *out, int n, int max, const char *key,
		    const char *value);
int game_put_side(struct game_option_value *out, int n, int max, const char *key, int side);

/* The option of ops's table named key, or NULL. */
const struct game_option *game_option_find(const struct game_ops *ops, const char *key);

/* Check value against an option's declared type and range (INT: a whole
 * number in [min, max]; REAL: a finite number in range; BOOL: true or
 * false; ENUM: one of the choices). 0, or -1 with err ("expected an
 * integer from 3 to 9, got \"x\"", ...). */
int game_option_check(const struct game_option *o, const char *value, char *err,
		      size_t errlen);

/* The digest of g's position (ops->position): FNV-1a, 64 bits, of its
 * text. For telling a replayed game from the saved one, not for security. */
uint64_t game_digest(const struct game *g);

#endif
