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
	char algorithm[32]; /* one of the game's ops->algorithms */
	long playouts;      /* simulations per move */
	int depth;          /* search depth in plies */
	long nodes;         /* nodes searched per move */
	double seconds;     /* time per move */
	double randomness;  /* 0 = always the best move .. 1 = uniformly random */
	int threads;        /* search threads */
};

/* What an AI may spend on one move. */
struct game_budget {
	const struct game_level *level; /* active level, or NULL: the game's weakest */
	double max_seconds;             /* server-wide cap on any move, 0 = none */
	atomic_bool *stop;              /* set by another thread: answer now; or NULL */
};

/* A game-specific setting the configuration may give (games.<game>.<key>),
 * validated generically from this description before set_option sees it. */
enum game_option_type { GAME_OPT_INT, GAME_OPT_REAL, GAME_OPT_BOOL, GAME_OPT_ENUM };

struct game_option {
	const char *key;            /* YAML key, e.g. "komi"; NULL ends a table */
	enum game_option_type type; /* how the value is checked */
	double min, max;            /* inclusive range for INT and REAL */
	const char *const *choices; /* allowed words for ENUM, NULL-terminated */
};

/* Every function that can fail returns 0, or -1 with a short lowercase GTP
 * error message in err (errlen bytes). Moves are small game-defined
 * integers; print_move turns one back into protocol text.
 *
 * set_size, get_rules/set_rules, undo, genmove and final_score may be NULL
 * where they mean nothing for a game: the common command that needs one
 * (boardsize, rules, undo, genmove, final_score) is then neither listed nor
 * accepted for that game. */
struct game_ops {
	const char *name;                       /* protocol name: "go", ... */
	const struct gtp_command *commands;     /* game-only commands, NULL-named end */
	const char *const *rules;               /* rule variant names, NULL-terminated */
	const char *const *algorithms;          /* AI algorithm names, NULL-terminated */
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
	int (*play)(struct game *g, int color, int move, char *err, size_t errlen);
	int (*undo)(struct game *g, char *err, size_t errlen);
	int (*genmove)(struct game *g, int color, const struct game_budget *budget,
		       int *move, char *err, size_t errlen);

	/* Colour names of this game beyond b/w/black/white (Ataxx: x, o);
	 * COLOR_* or COLOR_NONE. May be NULL. */
	int (*parse_color)(const char *text);
	int (*to_move)(const struct game *g);   /* COLOR_BLACK or COLOR_WHITE */
	bool (*is_over)(const struct game *g);  /* the game has ended by its rules */

	void (*render)(const struct game *g, struct strbuf *out); /* showboard */
	int (*final_score)(const struct game *g, struct strbuf *out,
			   char *err, size_t errlen);
};

/* The registered games, ending with NULL; the first is the default. */
extern const struct game_ops *const game_table[];

/* The game named name, or NULL. */
const struct game_ops *game_find(const char *name);

#endif
