/* The Flood evaluation's weights: one per feature of flood_eval.h, in
 * units where a square reached first is FLOOD_REACH_UNIT (256). Written by
 * flood_tune fit (doc/flood-tuning.md):
 * the hand-set weights of the evaluation before the tuner (16 reach, 4 owned, 2 front in 1/16 squares)
 * A weight of 0 means the search never computes that feature. */
#ifndef QUINTET_FLOOD_WEIGHTS_H
#define QUINTET_FLOOD_WEIGHTS_H

#define FLOOD_WEIGHTS \
	[FLOOD_F_REACH] = 256, \
	[FLOOD_F_NEAR] = 0, \
	[FLOOD_F_OWNED] = 64, \
	[FLOOD_F_FRONT] = 32, \
	[FLOOD_F_MOBILITY] = 0, \
	[FLOOD_F_CAPTURE] = 0, \
	[FLOOD_F_TEMPO] = 0, \
	[FLOOD_F_ROLLOUT] = 0

#endif
