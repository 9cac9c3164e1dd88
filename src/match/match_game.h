/* What the referee needs to know about each game beyond struct game_ops:
 * its defaults (move cap), options that are not common commands (komi),
 * how to tell an engine the position's options, and how to save a record.
 * One row per game, in match_games.c; this table is the only referee code
 * that names a game. Every hook may be NULL, and a registered game with no
 * row gets the generic row, so a new game plays matches as soon as it is in
 * game_table. */
#ifndef QUINTET_MATCH_GAME_H
#define QUINTET_MATCH_GAME_H

#include <stddef.h>

#include "game.h"
#include "match/record.h"
#include "util/strbuf.h"

struct referee;

struct match_game {
	const char *name;       /* game_ops name; NULL for the generic row */
	long max_moves;         /* default move cap when max_moves_of is NULL */
	/* Default move cap for g's options (board size, ...). */
	long (*max_moves_of)(const struct game *g);
	/* Apply --komi; NULL when the game has no komi. 0, or -1 with err. */
	int (*set_komi)(struct game *g, const char *text, char *err, size_t errlen);
	/* Commands (one per line, no final newline) that give an engine a new
	 * game with g's options. NULL: "boardsize SIZE" when --size was
	 * given (size non-NULL), then "clear_board". */
	void (*setup)(const struct game *g, const char *size, struct strbuf *out);
	/* Append a short description of g's options ("9x9, komi 7.5"). */
	void (*describe)(const struct game *g, struct strbuf *out);
	const char *record_ext; /* file extension of write_record's format */
	/* A record of the finished game g in the game's own format (malloc'd);
	 * NULL: the generic GTP script (record_write_gtp), extension "gtp". */
	char *(*write_record)(const struct game *g, const struct game_record *rec);
	const char *tally_name; /* what the per-game count counts; NULL: "moves" */
	/* The per-game count (guesses for Mastermind); NULL: moves played. */
	long (*tally)(const struct game *g, long moves);
	/* Drive one game when the game is not "players alternate genmove"
	 * (Mastermind: codemaker and codebreaker). NULL: referee_alternate. */
	int (*play_game)(struct referee *r);
};

/* The row for a game name: its own, or the generic row. Never NULL. */
const struct match_game *match_game_for(const char *name);

/* Whether name is one of the five games quintet plans, registered or not;
 * lets the referee say "not available yet" rather than "unknown game". */
bool match_game_planned(const char *name);

/* The move cap of g by its row: max_moves_of, else max_moves. */
long match_game_max_moves(const struct match_game *mg, const struct game *g);

/* Engine setup commands for g (the row's setup, or the generic one). */
void match_game_setup(const struct match_game *mg, const struct game *g,
		      const char *size, struct strbuf *out);

/* Go's row functions (games/go/go_match.c). */
long match_go_max_moves(const struct game *g);
int match_go_set_komi(struct game *g, const char *text, char *err, size_t errlen);
void match_go_setup(const struct game *g, const char *size, struct strbuf *out);
void match_go_describe(const struct game *g, struct strbuf *out);
char *match_go_write_sgf(const struct game *g, const struct game_record *rec);

/* Mastermind's row functions (games/mastermind/mastermind_match.c). */
long match_mastermind_max_moves(const struct game *g);
void match_mastermind_setup(const struct game *g, const char *size, struct strbuf *out);
void match_mastermind_describe(const struct game *g, struct strbuf *out);
char *match_mastermind_write_record(const struct game *g, const struct game_record *rec);
long match_mastermind_tally(const struct game *g, long moves);
int match_mastermind_play(struct referee *r);

/* Flood's row functions (games/flood/flood_match.c): the cap, the setup that gives both
 * engines the referee's random board (colors, loadboard), the description. */
long match_flood_max_moves(const struct game *g);
void match_flood_setup(const struct game *g, const char *size, struct strbuf *out);
void match_flood_describe(const struct game *g, struct strbuf *out);

/* Ataxx's row functions (games/ataxx/ataxx_match.c). */
long match_ataxx_max_moves(const struct game *g);
void match_ataxx_setup(const struct game *g, const char *size, struct strbuf *out);
void match_ataxx_describe(const struct game *g, struct strbuf *out);

#endif
