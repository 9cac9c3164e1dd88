/* The Ataxx evaluation's weights: one per feature of ataxx_search.h, in
 * units where a piece is ATAXX_PIECE (100). Hand-set values, accepted one
 * by one by SPRT self-play (git log). ataxx_tune fit writes this file
 * (doc/ataxx-tuning.md); a weight of 0 means the search never computes
 * that feature. */
#ifndef QUINTET_ATAXX_WEIGHTS_H
#define QUINTET_ATAXX_WEIGHTS_H

#define ATAXX_WEIGHTS_TABLE \
	[ATAXX_F_MATERIAL] = 100, \
	[ATAXX_F_SAFE] = 20, \
	[ATAXX_F_MOBILITY] = 4, \
	[ATAXX_F_CLONES] = 0, \
	[ATAXX_F_FRONTIER] = 0, \
	[ATAXX_F_TEMPO] = 30, \
	[ATAXX_F_THREAT] = 90, \
	[ATAXX_F_THREAT_THEM] = 0, \
	[ATAXX_F_PARITY] = 0, \
	[ATAXX_F_YY_TERRITORY] = 0, \
	[ATAXX_F_YY_STUCK] = 0,

#endif
