/* The Gomocup (Piskvork) brain protocol's wire forms, shared by quintet's
 * Gomocup front end (frontend_gomocup.c) and the referee's Gomocup driver
 * (match/engine_gomocup.c), so both sides translate alike.
 *
 * A point is "x,y": 0-based, x the column from the left, y the row from
 * the top. quintet's Gomoku moves are vertices (H8: a column letter
 * without I, the row from the bottom), so on a board of side N, x,y is
 * the vertex of column x and row N - y. INFO rule is a bit set: 1 exactly
 * five (quintet's "standard"), 2 a continuous game (the manager's affair),
 * 4 renju, 8 caro; neither 1, 4 nor 8: freestyle; and 2 alone renju, as
 * Yixin numbers it (Rapfi reads it so too).
 *
 * Swap2 (SWAP2BOARD): the opener puts three stones (black, white, black);
 * the other side takes black (SWAP), takes white with a fourth stone, or
 * puts a fourth and fifth and lets the opener choose: SWAP (black), or
 * white with the sixth stone. */
#ifndef QUINTET_GOMOCUP_H
#define QUINTET_GOMOCUP_H

#include <stdbool.h>
#include <stddef.h>

/* The game the protocol plays: both sides build what it needs from the
 * game's generic members, and no game knows about Gomocup. */
#define GOMOCUP_GAME "gomoku"

#define GOMOCUP_RULE_EXACT 1 /* INFO rule bits */
#define GOMOCUP_RULE_CONTINUOUS 2
#define GOMOCUP_RULE_RENJU 4
#define GOMOCUP_RULE_CARO 8
#define GOMOCUP_RULE_YIXIN_RENJU 2 /* the value 2 alone */

/* The vertex text of x,y on a board of side size (into out, len bytes). */
void gomocup_vertex_text(int size, int x, int y, char *out, size_t len);

/* x,y of a vertex text on a board of side size; 0, or -1 when text is not
 * a vertex on that board (a pass, garbage). */
int gomocup_vertex_xy(int size, const char *text, int *x, int *y);

/* Parse "x,y" (what may follow is the end or another ",": a BOARD line's
 * field). 0 with both in 0..size-1, -1 otherwise. */
int gomocup_parse_xy(const char *text, int size, int *x, int *y);

/* quintet's rules name of INFO rule bits: "renju", "standard", "freestyle". */
const char *gomocup_rules_name(int rule);

/* Whether INFO rule's value is one quintet plays: 0..15 without the caro
 * bit (2 alone is Yixin's renju; otherwise 2 is the manager's and
 * ignored). */
bool gomocup_rule_supported(long value);

/* What SWAP2BOARD answers after nstones (3 or 5) stones. */
enum gomocup_swap2_action {
	GOMOCUP_SWAP2_SWAP, /* take black: the side to move (white) is the worse */
	GOMOCUP_SWAP2_ONE,  /* take white and play its stone */
	GOMOCUP_SWAP2_TWO,  /* after 3 only: two more stones, the opener chooses */
};

/* The choice from score, the search's value of the position for white (to
 * move), and margin, the score that counts as an advantage: after three
 * stones SWAP below -margin, ONE above margin, TWO between (the position
 * is about even: add two stones that keep it so); after five SWAP below 0,
 * else ONE. */
enum gomocup_swap2_action gomocup_swap2_choose(int nstones, int score, int margin);

/* The openings SWAP2BOARD offers on an empty board: black, white, black,
 * as column and row offsets from the centre, each within 4 of it (boards
 * from 9x9); the engine picks the one it values closest to even. */
struct gomocup_opening {
	signed char dx[3], dy[3];
};

extern const struct gomocup_opening gomocup_swap2_openings[];
extern const int gomocup_swap2_nopenings;

/* INFO rule's bits for a quintet rules name; -1 for a name Gomocup has
 * no bits for. */
int gomocup_rule_bits(const char *rules);

#endif
