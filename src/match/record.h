/* Game records written by the referee. A game with a standard format
 * writes its own (ops->write_record: SGF for Go); every other game gets
 * the generic record for free: a GTP script of the game's setup and
 * history (write_setup with everything, then history), replayable with
 * `quintet < FILE`. */
#ifndef QUINTET_MATCH_RECORD_H
#define QUINTET_MATCH_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

/* The generic record of g: comment lines (#) naming the record, the game,
 * the players, the result and how it ended, then `game NAME`, g's setup
 * and its history, `final_score` when the rules gave the result
 * (info->scored), and a last comment line with the result. Returns a
 * malloc'd string; the caller frees it. */
char *record_write_gtp(const struct game_record_info *info, const struct game *g);

/* The generic record of a solve contest (GAME_CONTEST_SOLVE), where each
 * engine played its own copy: the same comment lines and `game NAME`,
 * then for black's copy and white's a comment line, its setup, history
 * and `showboard`, and the result's comment line. Malloc'd. */
char *record_write_solve(const struct game_record_info *info, const struct game *black,
			 const struct game *white);

/* A 64-bit digest (FNV-1a) of g's setup and moves as write_setup (for
 * everyone) and history write them: two games with the same digest are,
 * but for a collision, the same game. Solve contests hash both copies
 * (white may be NULL). */
uint64_t record_digest(const struct game *black, const struct game *white);

/* Path of game number's record in dir: DIR/game-0001.EXT. Malloc'd. */
char *record_path(const char *dir, int number, const char *ext);

#endif
