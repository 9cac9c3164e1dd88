/* Game records written by the referee: what it knows about a finished game,
 * and the generic record format every game gets for free — a GTP script of
 * the setup and `play` commands, replayable with `quintet < FILE`. Games
 * with a standard format (SGF for Go) write their own through
 * struct match_game.write_record. */
#ifndef QUINTET_MATCH_RECORD_H
#define QUINTET_MATCH_RECORD_H

#include <stddef.h>

struct record_move {
	int color;  /* COLOR_BLACK or COLOR_WHITE */
	char *text; /* the move as the game prints it */
};

struct game_record {
	int number;                 /* 1-based game number */
	const char *game;           /* game name */
	const char *black;          /* name of the engine playing black */
	const char *white;          /* name of the engine playing white */
	const char *result;         /* SGF RE style: "B+3.5", "W+R", "B+T", "B+F", "0" */
	const char *comment;        /* how the game ended, in words */
	const char *setup;          /* setup commands sent to the engines, one per line */
	const struct record_move *moves; /* every move, opening included */
	size_t nmoves;              /* number of moves */
};

/* The generic record: comment lines (#) naming the game, the players and
 * the result, then the setup commands and one `play COLOR MOVE` per move.
 * Returns a malloc'd string; the caller frees it. */
char *record_write_gtp(const struct game_record *rec);

/* Escape SGF text (']' and '\' get a backslash) into a malloc'd string. */
char *record_sgf_escape(const char *text);

/* Path of game number's record in dir: DIR/game-0001.EXT. Malloc'd. */
char *record_path(const char *dir, int number, const char *ext);

#endif
