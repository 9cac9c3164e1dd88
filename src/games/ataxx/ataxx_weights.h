/* The Ataxx evaluation's weights: one per feature of ataxx_search.h, in
 * units where a piece on a half-filled board is ATAXX_PIECE (100), a
 * table for each rules, and each rules' tuple table (ataxx_tuple.h),
 * by pattern index. Written by ataxx_tune fit (doc/ataxx-tuning.md):
 * ataxx_tune fit tools/data/ataxx-standard-d8.txt.xz (0 games, 128714 positions)
 * A weight of 0 means the search never computes that feature; a tuple
 * table of zeros is off (_ON 0: the search keeps no tuple sums). */
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
	[ATAXX_F_MATERIAL] = 34, \
	[ATAXX_F_MATERIAL_LATE] = 8, \
	[ATAXX_F_SAFE] = 93, \
	[ATAXX_F_MOBILITY] = 6, \
	[ATAXX_F_CLONES] = 17, \
	[ATAXX_F_FRONTIER] = -17, \
	[ATAXX_F_TEMPO] = 72, \
	[ATAXX_F_THREAT] = 146, \
	[ATAXX_F_THREAT_THEM] = -42, \
	[ATAXX_F_PARITY] = -25, \
	[ATAXX_F_EDGE] = 107, \
	[ATAXX_F_YY_STUCK] = 0,

#define ATAXX_TUPLES_YINYANG_ON 0
#define ATAXX_TUPLES_YINYANG 0

#define ATAXX_TUPLES_STANDARD_ON 0
#define ATAXX_TUPLES_STANDARD 0

#endif
