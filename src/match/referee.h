/* One game between two engines, judged by the referee's own copy of the
 * game: it checks every move with the game module, decides the end and the
 * result, and records how the game ended. Engines never judge.
 *
 * The default driver (referee_alternate) asks the side to move for
 * `genmove`, plays the answer on its copy and passes it to the other engine
 * with `play`; `resign` loses; the game's is_over ends it and final_score
 * scores it; the move cap scores the position if the game can (else a
 * draw). Games with other turn structures (Mastermind) supply their own
 * driver in their struct match_game row, built from the helpers here. */
#ifndef QUINTET_MATCH_REFEREE_H
#define QUINTET_MATCH_REFEREE_H

#include <stdbool.h>
#include <stdint.h>

#include "match/engine.h"
#include "match/match.h"
#include "match/record.h"

struct referee {
	const struct match_config *cfg; /* the match */
	struct engine *eng[3];          /* eng[COLOR_BLACK], eng[COLOR_WHITE]; [0] unused */
	struct game *game;              /* the referee's copy of the game */
	struct match_result *res;       /* filled as the game ends */
	struct record_move *moves;      /* moves so far, opening included */
	size_t nmoves;                  /* number of moves */
	size_t cap;                     /* room in moves */
	long max_moves;                 /* move cap of this game */
	bool over;                      /* res holds the result */
	struct strbuf setup;            /* setup commands every engine got */
	struct strbuf reply;            /* last engine reply */
};

/* Play game index (0-based) between engines[0] (--black) and engines[1]
 * (--white) as the schedule says; fill res; save the record when a record
 * directory is set (a failure to save is reported on stderr). Engines that
 * broke are restarted at the start of their next game. */
void referee_play(const struct match_config *cfg, struct engine *engines[2], long index,
		  struct match_result *res);

/* The default driver: alternate genmove until the game ends. Returns 0. */
int referee_alternate(struct referee *r);

/* End the game: color loses for reason end; detail is printf-style. */
void referee_lose(struct referee *r, int color, enum game_end end, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* End the game by the rules: score it with final_score (END_SCORE or
 * END_CAP_SCORED), or call a draw when the game cannot be scored. */
void referee_score(struct referee *r, enum game_end end);

/* Send cmd to color's engine (timeout in seconds, <= 0 for none). 0 when
 * it answered "="; otherwise color loses (refused, time, crash, garbage)
 * with a detail naming cmd, and -1. */
int referee_send(struct referee *r, int color, const char *cmd, double timeout);

/* Play move on the referee's copy for color, record it and tell the other
 * engine. 0, or -1 when the game ended (illegal, or the other engine
 * rejected it). */
int referee_apply(struct referee *r, int color, int move);

#endif
