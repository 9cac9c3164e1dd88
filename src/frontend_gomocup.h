/* The Gomocup front end (`quintet --protocol gomocup`, on stdin or over TCP
 * with --listen): the Piskvork brain protocol that Gomocup managers and
 * match runners (piskvork, c-gomoku-cli) speak. It drives the Gomoku game
 * through game_ops, takes its levels and sizes from the configuration, and
 * is documented in protocol/PROTOCOL.md ("Gomocup").
 *
 * Like GTP and UAI it sits on the front-end layer (frontend.h): the engine's
 * move is a job on the search workers, with a budget that timeman.h plans
 * from timeout_turn, timeout_match and time_left. */
#ifndef QUINTET_FRONTEND_GOMOCUP_H
#define QUINTET_FRONTEND_GOMOCUP_H

#include "frontend.h"

extern const struct frontend_ops frontend_gomocup;

#endif
