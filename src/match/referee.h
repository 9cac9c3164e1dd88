/* One game between two engines, judged by the referee's own copy of the
 * game: it checks every move with the game module, decides the end and the
 * result, and records how the game ended. Engines never judge.
 *
 * Every engine gets the game's write_setup for the side it plays. Then the
 * game's contest mode (game_ops.contest) says how it is played:
 *   - GAME_CONTEST_ALTERNATE: the side to move is asked for `genmove`, the
 *     answer is played on the referee's copy and passed to the other
 *     engine with `play`; `resign` loses; the game's is_over ends it and
 *     result() scores it; the move cap scores the position if the game can
 *     (else a draw).
 *   - GAME_CONTEST_SOLVE: the referee's game is a puzzle (Mastermind's
 *     secret); each engine solves its own copy as black, told ops->answer
 *     after each move; fewer moves wins by the difference, a puzzle not
 *     solved within the cap costs the game's default cap + 1. */
#ifndef QUINTET_MATCH_REFEREE_H
#define QUINTET_MATCH_REFEREE_H

#include "match/engine.h"
#include "match/match.h"

/* Play game index (0-based) between the engines the schedule says
 * (engines[k] is engine k of the match: --black, --white, --engine); fill res; save the record when a record
 * directory is set (a failure to save is reported on stderr). Engines that
 * broke are restarted at the start of their next game. A game cut short by
 * the match's interrupt (engine_set_interrupt) has res->done false: it is
 * neither counted nor saved. */
void referee_play(const struct match_config *cfg, struct engine *const *engines, long index,
		  struct match_result *res);

#endif
