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
 *          played. On boards of GO_LARGE_MIN_SIZE and up, with the
 *          ladder scratch, next comes an atari on the last move's string,
 *          left with two liberties, that catches it in a ladder. With a
 *          table of last good replies, the reply stored for the last move
 *          comes after those and before the shapes.
 *
 * Last good replies with forgetting (LGRF-1, Baier and Drake): after each
 * playout, every move of the winner is stored as its player's reply to
 * the move before it, and a loser's move that is the stored reply is
 * forgotten. The playouts so learn, within one search, the local answers
 * that keep working (a group's escape, a cut's connection) and drop those
 * the search refutes. One table per search thread; pure data, zero when
 * empty.
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

/* The smallest board whose heavy playouts chase ladders and whose
 * searches use last good replies. On 19x19 at 1,000 playouts a move, the
 * replies won 57.4% of 291 self-play games (+52 Elo, SPRT [0, 40]
 * accepted) and the ladder chases 66.7% of 87 (+120 Elo, accepted); on
 * 9x9 a version of the replies cost strength (-48 Elo), and the chases
 * lose the 9x9 problem of escaping a broken ladder. 13x13 follows 19x19,
 * as for progressive widening. */
#define GO_LARGE_MIN_SIZE 13

/* The last good replies: reply[c - 1][p] is c's answer to the opponent's
 * move at point p, 0 (GO_PASS) for none. */
struct go_replies {
	uint16_t reply[2][GO_MAX_POINTS]; /* by colour, then the move answered */
};

/* What the heavy policy may consult besides the board; each may be NULL. */
struct go_policy_aids {
	struct go_ladder *ladder;         /* scratch for ladder reading */
	const struct go_replies *replies; /* last good replies to play */
};

/* Learn from one finished playout whose moves (tree and playout, in
 * order, passes included) are trace's: each move of the winner becomes
 * its player's reply to the move before it, unless either is a pass; a
 * loser's move stored as such a reply is forgotten. */
void go_replies_learn(struct go_replies *rp, const struct go_trace *trace, bool black_won);

/* Choose and play a move for c after the last move last (GO_PASS or a
 * point). Returns the point played, or GO_PASS (played) when no move is
 * acceptable. aids may be NULL. */
int go_policy_play(struct go_board *b, enum go_color c, int last, enum go_policy policy,
		   struct rng *r, const struct go_policy_aids *aids);

/* Play from c to move, after last (two passes in a row end it, so pass
 * with passed = true when the previous move was a pass), until two passes
 * or max_moves; moves are appended to trace when not NULL (while it has
 * room); aids may be NULL (no ladder reading, no replies). Returns
 * go_board_eye_score of the end position (black minus white, no komi). */
int go_policy_playout(struct go_board *b, enum go_color c, int last, bool passed,
		      enum go_policy policy, struct rng *r, int max_moves, struct go_trace *trace,
		      const struct go_policy_aids *aids);

#endif
