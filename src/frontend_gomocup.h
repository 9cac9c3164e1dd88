/* The Gomocup front end (`quintet --protocol gomocup`, on stdin or over TCP
 * with --listen): the Piskvork brain protocol that Gomocup managers and
 * match runners (piskvork, c-gomoku-cli) speak. It drives the Gomoku game
 * through game_ops, takes its levels and sizes from the configuration, and
 * is documented in protocol/PROTOCOL.md ("Gomocup").
 *
 * Like GTP and UAI it sits on the front-end layer (frontend.h): the engine's
 * move is a job on the search workers, with a budget planned from
 * timeout_turn, timeout_match and time_left. */
#ifndef QUINTET_FRONTEND_GOMOCUP_H
#define QUINTET_FRONTEND_GOMOCUP_H

#include "frontend.h"

extern const struct frontend_ops frontend_gomocup;

/* The seconds a move may take, from INFO's values in milliseconds (-1:
 * not given): timeout_turn less a reply margin, at most a twentieth of
 * time_left when the match has a time limit (timeout_match not 0); 0.05 s
 * when timeout_turn is 0 ("as fast as possible"); never under 0.01 s. 0
 * when nothing was given: the level's own limits apply. */
double gomocup_move_seconds(long timeout_turn, long timeout_match, long time_left);

#endif
