/* The Gomoku evaluation's weights, one per feature of gomoku_pos.h (enum
 * gomoku_feature), in evaluation units (200 is a 73% win rate for the side
 * to move), a table per rules. Written by gomoku_tune fit (doc/gomoku-tuning.md):
 * the hand-set weights before the first fit (own and their the same, tempo 20).
 */
#ifndef QUINTET_GOMOKU_WEIGHTS_H
#define QUINTET_GOMOKU_WEIGHTS_H

#define GOMOKU_WEIGHTS_FREESTYLE { \
	1, /* own_b1 */ \
	3, /* own_f1 */ \
	6, /* own_b2 */ \
	14, /* own_f2 */ \
	18, /* own_b3 */ \
	45, /* own_f3 */ \
	50, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	0, /* own_flex2 */ \
	0, /* own_block3 */ \
	15, /* own_flex2_2x */ \
	20, /* own_block3_plus */ \
	10, /* own_flex3 */ \
	40, /* own_flex3_plus */ \
	150, /* own_flex3_2x */ \
	0, /* own_block4 */ \
	30, /* own_block4_plus */ \
	200, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	-1, /* their_b1 */ \
	-3, /* their_f1 */ \
	-6, /* their_b2 */ \
	-14, /* their_f2 */ \
	-18, /* their_b3 */ \
	-45, /* their_f3 */ \
	-50, /* their_b4 */ \
	-120, /* their_f4 */ \
	-200, /* their_f5 */ \
	0, /* their_flex2 */ \
	0, /* their_block3 */ \
	-15, /* their_flex2_2x */ \
	-20, /* their_block3_plus */ \
	-10, /* their_flex3 */ \
	-40, /* their_flex3_plus */ \
	-150, /* their_flex3_2x */ \
	0, /* their_block4 */ \
	-30, /* their_block4_plus */ \
	-200, /* their_block4_flex3 */ \
	-300, /* their_flex4 */ \
	-500, /* their_five */ \
	20, /* tempo */ \
}

#define GOMOKU_WEIGHTS_STANDARD { \
	1, /* own_b1 */ \
	3, /* own_f1 */ \
	6, /* own_b2 */ \
	14, /* own_f2 */ \
	18, /* own_b3 */ \
	45, /* own_f3 */ \
	50, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	0, /* own_flex2 */ \
	0, /* own_block3 */ \
	15, /* own_flex2_2x */ \
	20, /* own_block3_plus */ \
	10, /* own_flex3 */ \
	40, /* own_flex3_plus */ \
	150, /* own_flex3_2x */ \
	0, /* own_block4 */ \
	30, /* own_block4_plus */ \
	200, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	-1, /* their_b1 */ \
	-3, /* their_f1 */ \
	-6, /* their_b2 */ \
	-14, /* their_f2 */ \
	-18, /* their_b3 */ \
	-45, /* their_f3 */ \
	-50, /* their_b4 */ \
	-120, /* their_f4 */ \
	-200, /* their_f5 */ \
	0, /* their_flex2 */ \
	0, /* their_block3 */ \
	-15, /* their_flex2_2x */ \
	-20, /* their_block3_plus */ \
	-10, /* their_flex3 */ \
	-40, /* their_flex3_plus */ \
	-150, /* their_flex3_2x */ \
	0, /* their_block4 */ \
	-30, /* their_block4_plus */ \
	-200, /* their_block4_flex3 */ \
	-300, /* their_flex4 */ \
	-500, /* their_five */ \
	20, /* tempo */ \
}

#define GOMOKU_WEIGHTS_RENJU { \
	1, /* own_b1 */ \
	3, /* own_f1 */ \
	6, /* own_b2 */ \
	14, /* own_f2 */ \
	18, /* own_b3 */ \
	45, /* own_f3 */ \
	50, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	0, /* own_flex2 */ \
	0, /* own_block3 */ \
	15, /* own_flex2_2x */ \
	20, /* own_block3_plus */ \
	10, /* own_flex3 */ \
	40, /* own_flex3_plus */ \
	150, /* own_flex3_2x */ \
	0, /* own_block4 */ \
	30, /* own_block4_plus */ \
	200, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	-1, /* their_b1 */ \
	-3, /* their_f1 */ \
	-6, /* their_b2 */ \
	-14, /* their_f2 */ \
	-18, /* their_b3 */ \
	-45, /* their_f3 */ \
	-50, /* their_b4 */ \
	-120, /* their_f4 */ \
	-200, /* their_f5 */ \
	0, /* their_flex2 */ \
	0, /* their_block3 */ \
	-15, /* their_flex2_2x */ \
	-20, /* their_block3_plus */ \
	-10, /* their_flex3 */ \
	-40, /* their_flex3_plus */ \
	-150, /* their_flex3_2x */ \
	0, /* their_block4 */ \
	-30, /* their_block4_plus */ \
	-200, /* their_block4_flex3 */ \
	-300, /* their_flex4 */ \
	-500, /* their_five */ \
	20, /* tempo */ \
}

#endif
