/* Mastermind: variants, codes, the feedback function, the codes consistent
 * with the answers so far, and the game module (codemaker and codebreaker
 * roles). Pure computation.
 *
 *   mastermind_code.c  variants and presets, code and feedback text, the
 *                      feedback function, enumeration of consistent codes
 *   mastermind.c       the game: roles, tries, undo, result (game_ops)
 *   mastermind_gtp.c   guess, setcode, feedback, variant, candidates
 *   mastermind_ai.c    genmove: random, minimax (book, then Knuth's rule),
 *                      optimal (book, then search with a node budget)
 *   mastermind_solve.c the exact solver shared by the AI and the solver tool
 *                      (mastermind_gen.c)
 *   mastermind_tree.c  decision-tree files (trees/), the tool's output
 *   mastermind_book.c  the trees compiled for the engine (generated)
 *
 * A code is an array of colour indexes 0..colors-1, position 0 leftmost.
 * Its protocol text is one digit per peg: 1..colors, or 0..9 when there
 * are 10 colours. A move is the code's number in base colors (so numeric
 * order is the text's order). */
#ifndef QUINTET_MASTERMIND_H
#define QUINTET_MASTERMIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

#define MM_MIN_PEGS 3
#define MM_MAX_PEGS 8
#define MM_MIN_COLORS 2
#define MM_MAX_COLORS 10
#define MM_MAX_TRIES 99
/* The AI keeps the consistent codes in a list only up to this many; a
 * larger set (a huge variant early in the game) is sampled instead. */
#define MM_LIST_CAP (1u << 21)

enum mm_style {
	MM_POSITIONAL, /* one symbol per peg: X here, O elsewhere, - absent */
	MM_COUNTS,     /* two numbers: right place, wrong place */
};

struct mm_variant {
	int pegs;            /* code length, MM_MIN_PEGS..MM_MAX_PEGS */
	int colors;          /* MM_MIN_COLORS..MM_MAX_COLORS */
	bool repeats;        /* a colour may appear more than once */
	int tries;           /* guesses the codebreaker has, 1..MM_MAX_TRIES */
	enum mm_style style; /* how answers are given */
};

struct mm_code {
	uint8_t d[MM_MAX_PEGS]; /* colour index per position; unused tail is 0 */
};

/* An answer is a small integer: counts black * (pegs + 1) + white;
 * positional sum of sym[i] * 3^i with X = 2, O = 1, - = 0. */
struct mm_try {
	struct mm_code guess; /* the code tried */
	int fb;               /* its answer, or -1 while it awaits feedback */
};

/* The named presets: digits (the default), classic, bulls. */
struct mm_preset {
	const char *name;      /* protocol name */
	struct mm_variant v;   /* its parameters */
};
extern const struct mm_preset mm_presets[];
extern const int mm_npresets;

/* The preset named name, or NULL. */
const struct mm_preset *mm_preset_find(const char *name);

bool mm_variant_equal(const struct mm_variant *a, const struct mm_variant *b);

/* The name of v: the preset with exactly these parameters, else "custom". */
const char *mm_variant_name(const struct mm_variant *v);

/* Whether v is playable; -1 with the reason in err when it is not (a
 * parameter out of range, fewer colours than pegs without repeats). */
int mm_variant_check(const struct mm_variant *v, char *err, size_t errlen);

/* "digits pegs 4 colors 9 repeats no tries 10 feedback positional". */
void mm_variant_print(const struct mm_variant *v, struct strbuf *out);

/* Change one parameter by its option key (pegs, colors, repeats, tries,
 * feedback) from text; 0, or -1 with err. Does not check the whole. */
int mm_variant_set(struct mm_variant *v, const char *key, const char *value,
		   char *err, size_t errlen);

/* Number of codes in the variant (up to 10^8). */
uint64_t mm_space_size(const struct mm_variant *v);

/* The digit of colour c ('1'.., or '0'.. with 10 colours). */
char mm_digit(const struct mm_variant *v, int c);

/* Parse code text; 0, or -1 with "invalid code: ..." in err. */
int mm_code_parse(const struct mm_variant *v, const char *text, struct mm_code *c,
		  char *err, size_t errlen);

void mm_code_print(const struct mm_variant *v, const struct mm_code *c, struct strbuf *out);

/* Code <-> move number; numbers run from 0 to mm_number_limit - 1 (some
 * of them repeat colours, which a variant may forbid). */
int mm_number_limit(const struct mm_variant *v);
int mm_code_number(const struct mm_variant *v, const struct mm_code *c);
void mm_code_from_number(const struct mm_variant *v, int n, struct mm_code *c);

/* Whether c obeys v (colours in range, no repeat unless allowed). */
bool mm_code_valid(const struct mm_variant *v, const struct mm_code *c);

/* The answer to guess when the secret is secret. */
int mm_feedback(const struct mm_variant *v, const struct mm_code *secret,
		const struct mm_code *guess);

/* The answer that means solved. */
int mm_fb_win(const struct mm_variant *v);

/* One more than the largest answer value (array size for partitions). */
int mm_fb_range(const struct mm_variant *v);

/* Parse an answer: positional one word of X/O/- (x and o too), counts two
 * integers. 0, or -1 with "invalid feedback: ..." in err. */
int mm_fb_parse(const struct mm_variant *v, int argc, char **argv, int *fb,
		char *err, size_t errlen);

void mm_fb_print(const struct mm_variant *v, int fb, struct strbuf *out);

/* What bounds a search of the codes: any of them 0 or NULL for none. */
struct mm_limits {
	atomic_bool *stop;   /* set by another thread: give up (checked now and then) */
	double deadline;     /* monotime_now() seconds: give up after it (checked
			      * now and then) */
	uint64_t max_nodes;  /* search nodes (one per peg placed): give up past it */
};

/* Enumeration of the codes consistent with answered tries. */
struct mm_enum {
	const struct mm_variant *v;    /* the variant */
	const struct mm_try *tries;    /* answered tries (fb >= 0 only) */
	int ntries;                    /* how many */
	struct rng *shuffle;           /* visit in random order, or NULL: ascending */
	struct mm_limits lim;          /* when to give up */
	/* Called per consistent code; return true to stop the enumeration. */
	bool (*visit)(const struct mm_code *c, void *ctx);
	void *ctx;                     /* for visit */
	uint64_t nodes;                /* out: search nodes visited */
	bool stopped;                  /* out: ended by visit or a limit */
};

/* Visit every consistent code (pruned depth-first search). Returns how
 * many were visited. */
uint64_t mm_enumerate(struct mm_enum *e);

/* Whether some code is consistent with the tries (answered ones only). */
bool mm_any_consistent(const struct mm_variant *v, const struct mm_try *tries, int n);
/* The same, giving up at a limit (lim may be NULL: none): then false with
 * *stopped true (stopped may be NULL). */
bool mm_any_consistent_until(const struct mm_variant *v, const struct mm_try *tries, int n,
			     const struct mm_limits *lim, bool *stopped);

/* The consistent codes, ascending, at most cap of them, into a malloc'd
 * *out (free it, even when empty: it may be NULL). Returns how many were
 * found: cap + 1 means "more than cap" (the search ended there). When a
 * limit (lim may be NULL: none) ended it midway the list is incomplete and
 * *stopped is set. *nodes (nodes may be NULL) gets the search nodes spent. */
uint64_t mm_consistent_list(const struct mm_variant *v, const struct mm_try *tries, int n,
			    size_t cap, struct mm_code **out, const struct mm_limits *lim,
			    bool *stopped, uint64_t *nodes);

/* ---- the game ---- */

struct mm_game {
	struct game base;               /* must stay first */
	struct mm_variant v;            /* the variant being played */
	struct mm_variant custom;       /* the configured custom variant */
	bool custom_active;             /* v was chosen as the custom variant */
	struct mm_code secret;          /* the code to break, when the game holds one */
	bool secret_set;                /* the secret came from setcode */
	bool breaker;                   /* the engine breaks an unknown code: answers
					 * come from `feedback` */
	struct mm_try tries[MM_MAX_TRIES]; /* the tries so far */
	int ntries;                     /* how many (a pending one included) */
};

extern const struct game_ops mastermind_ops;
extern const struct gtp_command mastermind_commands[];

static inline struct mm_game *mm_of(struct game *g)
{
	return (struct mm_game *)g;
}

static inline const struct mm_game *mm_cof(const struct game *g)
{
	return (const struct mm_game *)g;
}

/* Switch to variant v (already checked) and start a new game. */
void mm_set_variant(struct mm_game *mg, const struct mm_variant *v);

/* New game, same variant: a fresh random secret, no tries, no role yet. */
void mm_new_game(struct mm_game *mg);

/* Whether the last try is waiting for its answer. */
bool mm_pending(const struct mm_game *mg);

/* Whether the code was broken or the tries ran out. */
bool mm_is_over(const struct mm_game *mg);

/* Whether the last answer is the winning one. */
bool mm_solved(const struct mm_game *mg);

/* Answered tries (the pending one excluded). */
int mm_answered(const struct mm_game *mg);

/* The game holds the secret and answers tries itself (codemaker role, or
 * no role yet). */
bool mm_holds_secret(const struct mm_game *mg);

/* Try guess: against the secret when the game holds one (the answer is
 * recorded at once), else as a try awaiting `feedback`. 0, or -1 with err
 * ("game over", "awaiting feedback", an invalid code). */
int mm_try_code(struct mm_game *mg, const struct mm_code *guess, char *err, size_t errlen);

/* Answer the pending try; 0, or -1 with err ("no guess awaits feedback",
 * "inconsistent feedback"). Nothing changes on failure. */
int mm_give_feedback(struct mm_game *mg, int fb, char *err, size_t errlen);
/* The same, giving up with "interrupted" (nothing recorded) when the
 * consistency check, which may search the whole code space of a large
 * custom variant, reaches a limit (lim may be NULL: none). */
int mm_give_feedback_until(struct mm_game *mg, int fb, const struct mm_limits *lim,
			   char *err, size_t errlen);

/* Set the secret before the first try (a person is the codemaker); 0, or
 * -1 with err. */
int mm_set_secret(struct mm_game *mg, const struct mm_code *secret, char *err, size_t errlen);

/* Give the game back the engine's own secret before the first try, as a
 * save restores it (`setcode CODE engine`): like mm_set_secret, but the
 * game goes on as if the engine had drawn it (genmove on a new game still
 * takes the codebreaker's role). 0, or -1 with err. */
int mm_restore_secret(struct mm_game *mg, const struct mm_code *secret, char *err,
		      size_t errlen);

/* ---- the codebreaker AI (mastermind_ai.c) ---- */

enum mm_algorithm { MM_ALGO_RANDOM, MM_ALGO_MINIMAX, MM_ALGO_OPTIMAL };

/* What a precomputed strategy (mastermind_book.h, mastermind_tree.h) is
 * best at. */
enum mm_goal {
	MM_GOAL_AVERAGE, /* the least total (optimal's book) */
	MM_GOAL_MINIMAX, /* the least worst case, then the least total (minimax's) */
};

struct mm_ai_stats {
	uint64_t nodes;      /* feedback evaluations and search nodes spent */
	bool from_book;      /* the guess came from the precomputed book */
	bool partial;        /* the budget ended the listing of the consistent
			      * codes: the guess is one of those found */
};

/* The algorithm a level asks for (its algorithm, else by its name: medium
 * minimax, hard optimal; else random). NULL level: random. */
enum mm_algorithm mm_level_algorithm(const struct game_level *level);

/* Choose the next guess for the answered tries of mg (the game is not
 * changed except for its rng). 0, or -1 with err. */
int mm_choose_guess(struct mm_game *mg, const struct game_budget *budget,
		    struct mm_code *guess, struct mm_ai_stats *stats, char *err, size_t errlen);

#endif
