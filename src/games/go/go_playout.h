/* Playout policies for Monte-Carlo Go: how a simulated game picks its moves.
 *
 *   light: a uniformly random legal move that does not fill the mover's own
 *          eye (go_board_play_random);
 *   heavy: answers to the last move first: capture a string the last move
 *          left in atari, save our strings it put in atari (by capturing a
 *          neighbour or extending, when extending gains liberties), a good
 *          3x3 shape among its eight neighbours (go_patterns.h); else a
 *          random move as light, but avoiding self-atari. With a ladder
 *          scratch (go_priors.h), an escape that a ladder catches is not
 *          played.
 *
 * Both never fill the mover's own eye and never play suicide. They work on
 * a struct go_board of the caller's (a copy), and draw only from the given
 * rng, so a playout is reproducible from the rng's state. */
#ifndef QUINTET_GO_PLAYOUT_H
#define QUINTET_GO_PLAYOUT_H

#include <stdbool.h>

#include "games/go/go_board.h"

struct go_ladder;

enum go_policy { GO_POLICY_LIGHT, GO_POLICY_HEAVY };

/* Choose and play a move for c after the last move last (GO_PASS or a
 * point). Returns the point played, or GO_PASS (played) when no move is
 * acceptable. */
int go_policy_play(struct go_board *b, enum go_color c, int last, enum go_policy policy,
		   struct rng *r, struct go_ladder *ladder);

/* Play from c to move, after last (two passes in a row end it, so pass
 * with passed = true when the previous move was a pass), until two passes
 * or max_moves; moves are appended to trace when not NULL (while it has
 * room); ladder may be NULL (no ladder reading). Returns
 * go_board_eye_score of the end position (black minus white, no komi). */
int go_policy_playout(struct go_board *b, enum go_color c, int last, bool passed,
		      enum go_policy policy, struct rng *r, int max_moves, struct go_trace *trace,
		      struct go_ladder *ladder);

#endif
