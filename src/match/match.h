/* quintet-match: the match between two engines, or a tournament between
 * more (gauntlet, round robin) — configuration, the schedule (which pair,
 * who plays black, which opening), the games in parallel, and the results.
 *
 * Concurrency: --concurrency J starts J worker threads, each owning one
 * instance of every engine for the whole match (restarted after a crash,
 * timeout or garbage). A worker takes the next game number under the match lock,
 * plays the game without holding the lock, then records the result,
 * updates the statistics and the progress line under the lock. A game's
 * colours, opening and engine seeds depend only on its number, so with
 * seedable engines the results do not depend on J. With --shard K/N
 * the workers take only the shard's games (match_in_shard), in order, and
 * those games are what the whole match would play under their numbers, so
 * the shards' results files make up the whole match (merge.h).
 *
 *   main ── match_run ─┬─ worker 1: engines A1 B1 ── referee_play(game n) ...
 *                      ├─ worker 2: engines A2 B2 ── referee_play(game m) ...
 *                      └─ (lock) results[], totals, SPRT, progress line
 */
#ifndef QUINTET_MATCH_MATCH_H
#define QUINTET_MATCH_MATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "match/engine.h"
#include "match/openings.h"
#include "match/stats.h"

#define MATCH_MAX_CONCURRENCY 64
#define MATCH_MAX_OPTIONS 16
#define MATCH_COMMAND_TIMEOUT 30.0 /* seconds for any command but genmove */
#define MATCH_START_TIMEOUT 60.0   /* seconds for an engine's first answers */
#define MATCH_CLOCK_SLACK 0.05     /* seconds a reply may take beyond the clock's time left */
#define MATCH_MAX_ENGINES 16       /* engines in a match or tournament */
#define MATCH_MAX_INIT 16          /* init lines per engine */
#define MATCH_NAME_MAX 160         /* an engine's name in reports and records, its
				    * suffix included (match_unique_names) */

enum progress_style {
	PROGRESS_NONE,   /* --quiet */
	PROGRESS_LINES,  /* one line per finished game (stderr is not a terminal) */
	PROGRESS_REDRAW, /* one line redrawn in place (a terminal) */
};

enum match_tournament {
	TOURNAMENT_NONE,       /* two engines */
	TOURNAMENT_GAUNTLET,   /* engine 1 against each of the others */
	TOURNAMENT_ROUNDROBIN, /* every engine against every other */
};

/* One engine of the match, as the command line gives it. */
struct match_engine {
	const char *spec;            /* [uai:]COMMAND or [uai:]tcp:HOST:PORT */
	const char *name;            /* --black-name ...: shown instead of its own, or NULL */
	const char *init[MATCH_MAX_INIT + 1]; /* --black-init ... lines, NULL-terminated */
	int ninit;                   /* entries in init */
};

struct match_config {
	const struct game_ops *ops;  /* the game */
	struct match_engine engines[MATCH_MAX_ENGINES]; /* --black, --white, or --engine */
	int nengines;                /* entries in engines */
	enum match_tournament tournament; /* --tournament */
	long games_per_pair;         /* --games: games each pair of engines plays */
	long games;                  /* games to play in all: games_per_pair x pairs */
	const char *size;            /* --size text, or NULL */
	const char *rules;           /* --rules, or NULL */
	const char *komi;            /* --komi text, or NULL */
	const char *options[MATCH_MAX_OPTIONS]; /* --option KEY=VALUE texts */
	int noptions;                /* entries in options */
	double time;                 /* seconds per move, 0 for no limit */
	double clock_main;           /* --clock: seconds per side for the game, 0: none */
	double clock_inc;            /* --clock: seconds added after each move */
	int byo_periods;             /* --clock M+PxS: byo-yomi periods, 0: none */
	double byo_time;             /* --clock M+PxS: seconds per period */
	const struct openings *openings; /* --openings, or NULL */
	int random_plies;            /* --random-opening: random plies after the book's */
	bool alternate;              /* swap colours every game */
	int concurrency;             /* games at once */
	const char *sgf_dir;         /* where records go, or NULL */
	uint64_t seed;               /* referee and engine seeds derive from it */
	long max_moves;              /* move cap; 0 for the game's default */
	double adjudicate_margin;    /* --adjudicate-score: the lead that ends a game, 0: off */
	long adjudicate_moves;       /* ... held for this many moves in a row */
	bool use_sprt;               /* stop early on an SPRT decision */
	struct sprt sprt;            /* its parameters */
	bool verbose;                /* engine stderr and traffic on stderr */
	enum progress_style progress; /* how the live line is drawn */
	const char *results;         /* --results (or --resume) file, or NULL */
	bool resume;                 /* results is the --resume file: append to it */
	char *const *argv;           /* the arguments a new results file records */
	int argc;                    /* entries in argv */
	long shard;                  /* --shard K/N: K, the pairs this process plays
				      * are those whose number is K modulo N */
	long shards;                 /* N, or 0: the whole match */
	const struct match_result *resumed; /* games a results file says were played */
	long nresumed;               /* entries in resumed */
};

/* How a game ended, as the report, the results file and the records say
 * it (match_end_name). The first ones are ends by the game's own rules
 * (match_end_by_rules), one per game_reason (match_end_of_reason) and
 * Go's two passes; the others are the referee's. */
enum game_end {
	END_SCORE,      /* ended by the rules and counted (Ataxx: no empty square
			 * left, or none in reach); results files before the
			 * other rule ends: any end by the rules */
	END_PASSES,     /* two passes in a row ended it, then counted (Go) */
	END_FIVE,       /* a winning line of stones (Gomoku) */
	END_WIPEOUT,    /* a side lost its last piece (Ataxx) */
	END_NO_MOVES,   /* a side could not move (or gain) any more: the rest went
			 * to the other (Ataxx yinyang, Flood), or a draw (Gomoku) */
	END_MOVE_RULE,  /* a draw by a move-count rule (Ataxx's 50 moves) */
	END_SOLVED,     /* both engines broke the code (Mastermind) */
	END_UNSOLVED,   /* an engine did not break it within the tries */
	END_RESIGN,     /* the loser resigned */
	END_ILLEGAL,    /* the loser's move was unreadable or illegal */
	END_MALFORMED,  /* the loser's reply broke the protocol */
	END_TIMEOUT,    /* the loser overran the time per move */
	END_CRASH,      /* the loser's process died or connection closed */
	END_REFUSED,    /* the loser failed a command (genmove, a legal play, setup) */
	END_PROTOCOL,   /* the loser replied out of turn: unrequested, twice, wrong id */
	END_ADJUDICATED, /* --adjudicate-score: a lead held long enough; the leader wins */
	END_CAP_SCORED, /* move cap reached, position scored */
	END_CAP_DRAW,   /* move cap reached, called a draw */
	END_VOID,       /* no result: the opening does not fit this game; not counted */
	END_COUNT
};

/* How close a side came to losing on time in one game: its slowest reply
 * for the time it had left (refclock_allowed), and the byo-yomi periods
 * it lost. */
struct match_timing {
	double share;       /* reply / left at that move; 0: no move had a limit */
	double reply;       /* seconds that reply took */
	double left;        /* seconds it could have taken before losing on time */
	long move;          /* its number in the game (1-based, opening included) */
	int periods_lost;   /* byo-yomi periods lost over the game */
};

struct match_result {
	int number;         /* 1-based game number */
	int black;          /* engine index (0: --black engine, 1: --white, or --engine's) */
	int white;          /* engine index playing white */
	int opening;        /* index into the openings, or -1 */
	int winner;         /* COLOR_BLACK, COLOR_WHITE, or COLOR_NONE for a draw */
	enum game_end end;  /* how it ended */
	char result[32];    /* SGF RE style: "B+3.5", "W+R", "B+T", "W+F", "0" */
	char detail[192];   /* how it ended, in words */
	long moves;         /* moves played, opening included */
	long tally;         /* the game's per-game count (moves, guesses) */
	uint64_t digest;    /* hash of the game's setup and moves (record_digest) */
	struct match_timing timing[3]; /* [COLOR_BLACK], [COLOR_WHITE]; from an old
				 * results file (no timing fields): all 0 */
	bool timed;         /* a time control applied: timing was measured (or read) */
	bool done;          /* the game was played to its end */
};

/* Short name of an end reason ("passes", "five", "resign", "illegal",
 * ...): one word, no spaces. */
const char *match_end_name(enum game_end end);

/* Whether the game's own rules ended it (END_SCORE to END_UNSOLVED). */
bool match_end_by_rules(enum game_end end);

/* The end by the rules a game's result gives as its reason (five:
 * END_FIVE; score: END_SCORE). */
enum game_end match_end_of_reason(enum game_reason reason);

/* Whether the end is a forfeit (illegal move, time, crash, ...). */
bool match_end_is_forfeit(enum game_end end);

/* A new game with the configured options (size, rules, komi) seeded with
 * seed; NULL with a message in err ("--size 30: unacceptable size"). */
struct game *match_new_game(const struct match_config *cfg, uint64_t seed,
			    char *err, size_t errlen);

/* The pairs of engines that meet: 1 in a match, n - 1 in a gauntlet,
 * n (n - 1) / 2 in a round robin. */
int match_pairs(const struct match_config *cfg);

/* The engines of pair p (a < b): gauntlet (0, 1), (0, 2), ...; round robin
 * (0, 1), (0, 2), ..., (1, 2), ... Pair p plays games p x games_per_pair
 * onwards. */
void match_pair(const struct match_config *cfg, int p, int *a, int *b);

/* Which engines play black and white in game index (0-based) and which
 * opening it uses (-1 for none): within its pair, each opening (and each
 * random opening) twice with colours swapped; otherwise colours swap
 * every game with --alternate (always in a tournament). */
void match_schedule(const struct match_config *cfg, long index, int *black, int *white,
		    int *opening);

/* Whether the match's games come in pairs from one start with colours
 * swapped: two engines, and --alternate, --openings or --random-opening.
 * The report then counts the pairs (the pentanomial) and the SPRT tests
 * them. */
bool match_paired(const struct match_config *cfg);

/* The number (0-based, over the whole match) of game index's pair of
 * games: games 2k and 2k + 1 of an engine pair's games, so
 * p x ceil(games_per_pair / 2) + i / 2 for game i of engine pair p. */
long match_game_pair(const struct match_config *cfg, long index);

/* The other game of game index's pair of games, or -1 (the last game of
 * an odd number). */
long match_partner(const struct match_config *cfg, long index);

/* Whether game index is one this process plays: every game, or with
 * --shard K/N those whose pair of games (match_game_pair) is K modulo N,
 * so the two games of a pair are in one shard. */
bool match_in_shard(const struct match_config *cfg, long index);

/* The games this process plays: cfg->games, or its shard's. */
long match_shard_games(const struct match_config *cfg);

/* The seed of game index's pair of games (both games, colours swapped,
 * share it): --seed plus the pair's number (match_game_pair). */
uint64_t match_pair_seed(const struct match_config *cfg, long index);

/* The seed game index's start is made with: its opening's `seed N`, else
 * the pair's seed, so a random start (Flood's board, Mastermind's secret)
 * is the same for both games of a pair. */
uint64_t match_start_seed(const struct match_config *cfg, long index);

/* The init lines of engine index (NULL-terminated). */
const char *const *match_engine_init(const struct match_config *cfg, int index);

/* How reports and records name engine index: the name the match gave it
 * (e->shown, unique), else its --black-name (...), else what it answered
 * (e->name). */
const char *match_engine_name(const struct match_config *cfg, int index, const struct engine *e);

/* Names for the n engines of a match, unique in it: engine k's is base[k]
 * (its --black-name ..., or what it answered), with "#N" added, N its
 * number (1-based), when an earlier engine has that name already
 * (quintet 0.1.0, quintet 0.1.0#2), and again while the result is taken
 * too. base[k] is at most 96 bytes; n at most MATCH_MAX_ENGINES. */
void match_unique_names(const char *const *base, int n, char (*out)[MATCH_NAME_MAX]);

/* The move cap: --max-moves, else the game's default for g's options
 * (game_max_moves). */
long match_max_moves(const struct match_config *cfg, const struct game *g);

/* The seconds per move GTP engines are told (`time_settings 0 N 1` takes
 * whole seconds): the largest whole number not above --time, so an engine
 * never plans for more than the referee allows. --time below 1 s cannot
 * be told and is refused on the command line. */
long match_time_seconds(const struct match_config *cfg);

struct match_summary;
struct strbuf;

/* The game's options in words, for the report's head ("9x9, komi 7.5,
 * rules chinese, 5 s per move"), appended to options. */
void match_describe(const struct match_config *cfg, struct strbuf *options);

/* Add a finished game to the summary (summary_add) and, in a paired
 * match once the other game of its pair is done too, the pair
 * (summary_add_pair). results holds the match's games by index; res is
 * results[res->number - 1]. */
void match_summary_add(const struct match_config *cfg, struct match_summary *s,
		       const struct match_result *results, const struct match_result *res);

/* Play the match: start nengines x concurrency engines (any failure:
 * message on stderr, return 2), then stream the report on out: its header, each
 * game's line as soon as it and every game before it have finished, and
 * at the end the table. Each finished game is appended to cfg->results.
 * SIGINT or SIGTERM stops the match: running games are abandoned (not
 * counted), the engines' process groups are killed, and the report ends
 * with the games played. Returns 0, or 128 + the signal's number when
 * interrupted. */
int match_run(const struct match_config *cfg, FILE *out);

#endif
