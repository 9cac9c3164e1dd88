/* Who made each move of a logged-in player's game, so that its end can be
 * counted in the player's statistics (issue 16's rules):
 *
 *   - the engine made every move of one side (genmove) and the client
 *     every move of the other: a win, loss or draw for the player under
 *     (game, the level at the engine's first move); "mixed" instead of the
 *     level when a later engine move was made at another level;
 *   - the client made every move of both sides (a game against another
 *     person at the same keyboard): level "human", the player taken as the
 *     side that moved first;
 *   - the client and the engine both moved for one side: level "mixed",
 *     the player the side with more of the client's moves (the first mover
 *     on a tie);
 *   - the engine made every move: not the player's game, not counted.
 *
 * A side that never moved (Mastermind's codemaker, whose secret is the
 * engine's) counts as the engine's; its level is then the one at the
 * game's first move. Moves already in the game when tracking began (a
 * loaded or resumed game, a login mid-game) are of unknown origin and left
 * out of the rule; undo takes the last tracked moves back.
 *
 * The record is one byte per move, so a 100,000-move game costs 100 KB,
 * an idle session nothing. Pure computation on the game's history text. */
#ifndef QUINTET_TALLY_H
#define QUINTET_TALLY_H

#include <stdbool.h>

#include "game.h"
#include "util/strbuf.h"

struct tally {
	struct strbuf origin; /* one byte per tracked move: b/w the client's, B/W the engine's */
	long base;            /* moves in the game when tracking began */
	int first_level;      /* level at the first tracked move, or TALLY_NO_LEVEL */
	int engine_level;     /* level at the engine's first move, or TALLY_NO_LEVEL */
	bool mixed;           /* an engine move at another level than its first */
	bool done;            /* the game's end was seen (counted or not) */
};

#define TALLY_NO_LEVEL (-2)

/* How a finished game counts. */
struct tally_outcome {
	bool counted;     /* false: not the player's game (engine against engine) */
	int player;       /* the player's side: COLOR_BLACK or COLOR_WHITE */
	const char *kind; /* NULL: a level; else "human" or "mixed" */
	int level;        /* the level index when kind is NULL (-1: none) */
	bool abandoned;   /* left unfinished for another game: a loss of game's */
	const char *game; /* with abandoned: the left game's name (static) */
};

/* The moves (history lines that are "play ...") in g. */
long tally_moves(const struct game *g);

/* Start tracking g afresh: its moves are of unknown origin; a game that
 * is already over is never counted. */
void tally_reset(struct tally *t, const struct game *g);

/* A deep copy of src into dst (dst holds nothing). */
void tally_copy(struct tally *dst, const struct tally *src);

void tally_free(struct tally *t);

/* Whether g, unfinished, would count against the player if left now: a
 * game against the engine at a level (not "human" or "mixed") in which
 * the player has made at least min_moves moves; *out says how it counts. */
bool tally_left(const struct tally *t, const struct game *g, long min_moves,
		struct tally_outcome *out);

/* After a command: g the game now, which had before moves before it;
 * engine: the command was the engine's (genmove); level: the context's
 * level. True when g has just ended, with *out saying how it counts. */
bool tally_update(struct tally *t, const struct game *g, long before, bool engine, int level,
		  struct tally_outcome *out);

#endif
