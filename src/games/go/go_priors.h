/* Prior knowledge for the Go tree search: when a node is expanded, each
 * move starts with a few virtual playouts whose win count says what cheap
 * knowledge thinks of it (captures, atari escapes, ladders, self-atari,
 * 3x3 shapes, nearness to the last move, the edge lines). The search then
 * corrects them with real playouts; priors only order the first visits.
 *
 * The ladder reader plays the chase out on scratch boards (struct
 * go_ladder), in place, with a board copy only where the attacker has two
 * ataris to try, within a fixed depth and node count, so a reading costs
 * at most GO_LADDER_DEPTH / 2 + 1 copies. */
#ifndef QUINTET_GO_PRIORS_H
#define QUINTET_GO_PRIORS_H

#include <stdbool.h>

#include "games/go/go_board.h"

#define GO_LADDER_DEPTH 80 /* plies a ladder is read to; deeper: assumed to escape */

struct go_ladder {
	struct go_board boards[GO_LADDER_DEPTH + 2]; /* a copy per attacker ply, the start */
	int nodes;                                   /* positions read in this call */
	unsigned total; /* positions read in every call since its owner zeroed it */
};

/* Virtual playouts for one move: visits, of which wins. */
struct go_prior {
	int visits;
	int wins;
};

/* Whether the string at s (in atari, its owner to move) is caught in a
 * ladder: it extends, the attacker keeps it in atari, until it is taken.
 * A string that can capture an attacker stone is assumed to escape. */
bool go_ladder_captured(const struct go_board *b, int s, struct go_ladder *scratch);

/* Whether c extending its string in atari at its liberty lib leaves it two
 * liberties and a ladder that catches it. */
bool go_ladder_extension_fails(const struct go_board *b, enum go_color c, int lib,
			       struct go_ladder *scratch);

/* Whether c's atari at p on the string at s (two liberties, p one of
 * them) catches it in a ladder. */
bool go_ladder_atari_catches(const struct go_board *b, enum go_color c, int p, int s,
			     struct go_ladder *scratch);

/* The priors of n moves (points, GO_PASS allowed) for c to play on b after
 * the opponent's last move (or GO_PASS), into out. Its ladder readings
 * together visit a bounded number of positions (go_priors.c's
 * PRIORS_LADDER_NODES), so one call costs at most about that many moves
 * whatever the board. */
void go_priors(const struct go_board *b, enum go_color c, int last, const int *moves, int n,
	       struct go_prior *out, struct go_ladder *scratch);

/* The learned patterns' strengths (go_features.h, the shipped table) of
 * moves that are not passes, after last and c's own move before it,
 * last2 (each GO_PASS when none), into strength; the ladder readings
 * bounded as go_priors's. */
void go_priors_learned(const struct go_board *b, enum go_color c, int last, int last2,
		       const int *moves, int n, double *strength, struct go_ladder *scratch);

#endif
