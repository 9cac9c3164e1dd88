/* The Ataxx evaluation's weights: one per feature of ataxx_search.h, in
 * units where a piece on a half-filled board is ATAXX_PIECE (100), a
 * table for each rules. Written by ataxx_tune fit (doc/ataxx-tuning.md):
 * ataxx_tune fit std7p.txt (273265 positions)
 * A weight of 0 means the search never computes that feature.
 * edge was added after that fit and set by SPRT steps of self-play
 * (80 over none, 120 over 80; 50, 100, 150 and 180 below 120; git log):
 * refit with --set edge=120 to keep it. safe (66 from the fit), frontier
 * and threat were then set by SPRT steps too, each table on its own
 * rules at 100,000 nodes (git log): safe 90 (+65.8 Elo standard, +71.9
 * yinyang), then safe 110, frontier 0 and threat 200 together (+28.6
 * standard, +37.5 yinyang). Refit with --set edge=120 --set safe=110
 * --set frontier=0 --set threat=200 to keep them all. */
#ifndef QUINTET_ATAXX_WEIGHTS_H
#define QUINTET_ATAXX_WEIGHTS_H

#define ATAXX_WEIGHTS_YINYANG \
	[ATAXX_F_MATERIAL] = 21, \
	[ATAXX_F_MATERIAL_LATE] = 10, \
	[ATAXX_F_SAFE] = 110, \
	[ATAXX_F_MOBILITY] = 12, \
	[ATAXX_F_CLONES] = 10, \
	[ATAXX_F_FRONTIER] = 0, \
	[ATAXX_F_TEMPO] = 5, \
	[ATAXX_F_THREAT] = 200, \
	[ATAXX_F_THREAT_THEM] = -54, \
	[ATAXX_F_PARITY] = -25, \
	[ATAXX_F_EDGE] = 120, \
	[ATAXX_F_YY_STUCK] = 0,

#define ATAXX_WEIGHTS_STANDARD \
	[ATAXX_F_MATERIAL] = 21, \
	[ATAXX_F_MATERIAL_LATE] = 10, \
	[ATAXX_F_SAFE] = 110, \
	[ATAXX_F_MOBILITY] = 12, \
	[ATAXX_F_CLONES] = 10, \
	[ATAXX_F_FRONTIER] = 0, \
	[ATAXX_F_TEMPO] = 5, \
	[ATAXX_F_THREAT] = 200, \
	[ATAXX_F_THREAT_THEM] = -54, \
	[ATAXX_F_PARITY] = -25, \
	[ATAXX_F_EDGE] = 120, \
	[ATAXX_F_YY_STUCK] = 0,

#define ATAXX_TUPLES_YINYANG_ON 0
#define ATAXX_TUPLES_YINYANG 0

#define ATAXX_TUPLES_STANDARD_ON 0
#define ATAXX_TUPLES_STANDARD 0

#endif
