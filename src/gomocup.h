/* The Gomocup (Piskvork) brain protocol's wire forms, shared by quintet's
 * Gomocup front end (frontend_gomocup.c) and the referee's Gomocup driver
 * (match/engine_gomocup.c), so both sides translate alike.
 *
 * A point is "x,y": 0-based, x the column from the left, y the row from
 * the top. quintet's Gomoku moves are vertices (H8: a column letter
 * without I, the row from the bottom), so on a board of side N, x,y is
 * the vertex of column x and row N - y. INFO rule is a bit set: 1 exactly
 * five (quintet's "standard"), 4 renju; neither: freestyle. */
#ifndef QUINTET_GOMOCUP_H
#define QUINTET_GOMOCUP_H

#include <stddef.h>

/* The game the protocol plays: both sides build what it needs from the
 * game's generic members, and no game knows about Gomocup. */
#define GOMOCUP_GAME "gomoku"

#define GOMOCUP_RULE_EXACT 1 /* INFO rule bits */
#define GOMOCUP_RULE_RENJU 4

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

/* INFO rule's bits for a quintet rules name; -1 for a name Gomocup has
 * no bits for. */
int gomocup_rule_bits(const char *rules);

#endif
