/* The Gomoku evaluation's weights, one per feature of gomoku_pos.h (enum
 * gomoku_feature), in evaluation units (200 is a 73% win rate for the side
 * to move), a table per rules. Written by gomoku_tune fit
 * (doc/gomoku-tuning.md):
 * gomoku_tune fit tools/data/gomoku-freestyle.txt.xz tools/data/gomoku-standard.txt.xz tools/data/gomoku-renju.txt.xz (22000 games, 345607 positions)
 */
#ifndef QUINTET_GOMOKU_WEIGHTS_H
#define QUINTET_GOMOKU_WEIGHTS_H

#define GOMOKU_WEIGHTS_FREESTYLE { \
	-2, /* own_b1 */ \
	-1, /* own_f1 */ \
	0, /* own_b2 */ \
	21, /* own_f2 */ \
	19, /* own_b3 */ \
	7, /* own_f3 */ \
	213, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	-19, /* own_flex2 */ \
	-18, /* own_block3 */ \
	-33, /* own_flex2_2x */ \
	-27, /* own_block3_plus */ \
	10, /* own_flex3 */ \
	7, /* own_flex3_plus */ \
	128, /* own_flex3_2x */ \
	-186, /* own_block4 */ \
	-156, /* own_block4_plus */ \
	556, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	2, /* their_b1 */ \
	1, /* their_f1 */ \
	0, /* their_b2 */ \
	-19, /* their_f2 */ \
	-18, /* their_b3 */ \
	-76, /* their_f3 */ \
	-279, /* their_b4 */ \
	-606, /* their_f4 */ \
	-200, /* their_f5 */ \
	17, /* their_flex2 */ \
	17, /* their_block3 */ \
	34, /* their_flex2_2x */ \
	25, /* their_block3_plus */ \
	63, /* their_flex3 */ \
	71, /* their_flex3_plus */ \
	103, /* their_flex3_2x */ \
	252, /* their_block4 */ \
	237, /* their_block4_plus */ \
	164, /* their_block4_flex3 */ \
	502, /* their_flex4 */ \
	-500, /* their_five */ \
	4, /* tempo */ \
}

#define GOMOKU_WEIGHTS_STANDARD { \
	-1, /* own_b1 */ \
	-1, /* own_f1 */ \
	0, /* own_b2 */ \
	17, /* own_f2 */ \
	27, /* own_b3 */ \
	124, /* own_f3 */ \
	168, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	-14, /* own_flex2 */ \
	-21, /* own_block3 */ \
	-26, /* own_flex2_2x */ \
	-35, /* own_block3_plus */ \
	-113, /* own_flex3 */ \
	-99, /* own_flex3_plus */ \
	-80, /* own_flex3_2x */ \
	-141, /* own_block4 */ \
	-96, /* own_block4_plus */ \
	405, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	1, /* their_b1 */ \
	2, /* their_f1 */ \
	0, /* their_b2 */ \
	-13, /* their_f2 */ \
	-23, /* their_b3 */ \
	-27, /* their_f3 */ \
	-124, /* their_b4 */ \
	-176, /* their_f4 */ \
	-200, /* their_f5 */ \
	9, /* their_flex2 */ \
	18, /* their_block3 */ \
	19, /* their_flex2_2x */ \
	28, /* their_block3_plus */ \
	17, /* their_flex3 */ \
	10, /* their_flex3_plus */ \
	-26, /* their_flex3_2x */ \
	105, /* their_block4 */ \
	64, /* their_block4_plus */ \
	-35, /* their_block4_flex3 */ \
	70, /* their_flex4 */ \
	-500, /* their_five */ \
	5, /* tempo */ \
}

#define GOMOKU_WEIGHTS_RENJU { \
	1, /* own_b1 */ \
	2, /* own_f1 */ \
	3, /* own_b2 */ \
	13, /* own_f2 */ \
	19, /* own_b3 */ \
	-109, /* own_f3 */ \
	235, /* own_b4 */ \
	0, /* own_f4 */ \
	200, /* own_f5 */ \
	-11, /* own_flex2 */ \
	-19, /* own_block3 */ \
	-18, /* own_flex2_2x */ \
	-23, /* own_block3_plus */ \
	117, /* own_flex3 */ \
	126, /* own_flex3_plus */ \
	364, /* own_flex3_2x */ \
	-216, /* own_block4 */ \
	-167, /* own_block4_plus */ \
	618, /* own_block4_flex3 */ \
	0, /* own_flex4 */ \
	500, /* own_five */ \
	-1, /* their_b1 */ \
	-2, /* their_f1 */ \
	-3, /* their_b2 */ \
	-10, /* their_f2 */ \
	-7, /* their_b3 */ \
	-77, /* their_f3 */ \
	-216, /* their_b4 */ \
	-303, /* their_f4 */ \
	-200, /* their_f5 */ \
	9, /* their_flex2 */ \
	6, /* their_block3 */ \
	14, /* their_flex2_2x */ \
	6, /* their_block3_plus */ \
	72, /* their_flex3 */ \
	66, /* their_flex3_plus */ \
	83, /* their_flex3_2x */ \
	198, /* their_block4 */ \
	168, /* their_block4_plus */ \
	122, /* their_block4_flex3 */ \
	249, /* their_flex4 */ \
	-500, /* their_five */ \
	4, /* tempo */ \
}

#endif
