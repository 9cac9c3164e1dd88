/* Principal-variation collection: the triangular table. A node at ply
 * clears its line on entry; when a move raises alpha its line becomes the
 * move followed by the child's line (ply + 1). The root's line is the PV.
 * Lines are cut at SEARCH_MAX_PLY - 1 moves. */
#ifndef QUINTET_SEARCH_PV_H
#define QUINTET_SEARCH_PV_H

#include "search/info.h"

struct search_pv {
	int move[SEARCH_MAX_PLY][SEARCH_MAX_PLY]; /* the line from each ply */
	int len[SEARCH_MAX_PLY];                  /* its length */
};

/* A node at ply starts with no line. */
static inline void search_pv_clear(struct search_pv *pv, int ply)
{
	pv->len[ply] = 0;
}

/* The line at ply: move, then the line at ply + 1. */
void search_pv_update(struct search_pv *pv, int ply, int move);

/* The line at ply: move alone (a decided node: a win, a forced reply). */
void search_pv_set1(struct search_pv *pv, int ply, int move);

/* The root's line into info's pv (fallback alone when it is empty: an
 * iteration that failed low still names its move). */
void search_pv_to_info(const struct search_pv *pv, struct search_info *info, int fallback);

#endif
