/* The Gomoku evaluation's weights, one per feature of gomoku_pos.h (enum
 * gomoku_feature), and per code for the side to move and the side waiting
 * (a code's entry, 0 for codes without one), in evaluation units (200 is
 * a 73% win rate for the side to move), a table per rules. Written by
 * gomoku_tune fit (doc/gomoku-tuning.md):
 * gomoku_tune fit tools/data/gomoku-freestyle.txt.xz tools/data/gomoku-freestyle-b.txt.xz tools/data/gomoku-standard.txt.xz tools/data/gomoku-renju.txt.xz tools/data/gomoku-renju-b.txt.xz (34000 games, 481583 positions)
 */
#ifndef QUINTET_GOMOKU_WEIGHTS_H
#define QUINTET_GOMOKU_WEIGHTS_H

#define GOMOKU_WEIGHTS_FREESTYLE { \
	-2, /* own_b1 */ \
	-2, /* own_f1 */ \
	0, /* own_b2 */ \
	18, /* own_f2 */ \
	18, /* own_b3 */ \
	64, /* own_f3 */ \
	185, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	-16, /* own_flex2 */ \
	-15, /* own_block3 */ \
	-29, /* own_flex2_2x */ \
	-22, /* own_block3_plus */ \
	-48, /* own_flex3 */ \
	-43, /* own_flex3_plus */ \
	7, /* own_flex3_2x */ \
	-152, /* own_block4 */ \
	-132, /* own_block4_plus */ \
	468, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	2, /* their_b1 */ \
	2, /* their_f1 */ \
	1, /* their_b2 */ \
	-15, /* their_f2 */ \
	-15, /* their_b3 */ \
	-123, /* their_f3 */ \
	-223, /* their_b4 */ \
	-503, /* their_f4 */ \
	-200, /* their_f5 */ \
	13, /* their_flex2 */ \
	14, /* their_block3 */ \
	27, /* their_flex2_2x */ \
	16, /* their_block3_plus */ \
	110, /* their_flex3 */ \
	113, /* their_flex3_plus */ \
	193, /* their_flex3_2x */ \
	192, /* their_block4 */ \
	177, /* their_block4_plus */ \
	134, /* their_block4_flex3 */ \
	389, /* their_flex4 */ \
	-500, /* their_five */ \
	5, /* tempo */ \
}

#define GOMOKU_WEIGHTS_STANDARD { \
	-1, /* own_b1 */ \
	-1, /* own_f1 */ \
	0, /* own_b2 */ \
	18, /* own_f2 */ \
	26, /* own_b3 */ \
	180, /* own_f3 */ \
	162, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	-14, /* own_flex2 */ \
	-20, /* own_block3 */ \
	-27, /* own_flex2_2x */ \
	-35, /* own_block3_plus */ \
	-169, /* own_flex3 */ \
	-157, /* own_flex3_plus */ \
	-198, /* own_flex3_2x */ \
	-138, /* own_block4 */ \
	-89, /* own_block4_plus */ \
	389, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	1, /* their_b1 */ \
	2, /* their_f1 */ \
	0, /* their_b2 */ \
	-12, /* their_f2 */ \
	-23, /* their_b3 */ \
	-39, /* their_f3 */ \
	-83, /* their_b4 */ \
	-72, /* their_f4 */ \
	-200, /* their_f5 */ \
	9, /* their_flex2 */ \
	18, /* their_block3 */ \
	19, /* their_flex2_2x */ \
	30, /* their_block3_plus */ \
	31, /* their_flex3 */ \
	22, /* their_flex3_plus */ \
	2, /* their_flex3_2x */ \
	65, /* their_block4 */ \
	26, /* their_block4_plus */ \
	-60, /* their_block4_flex3 */ \
	-43, /* their_flex4 */ \
	-500, /* their_five */ \
	5, /* tempo */ \
}

#define GOMOKU_WEIGHTS_RENJU { \
	1, /* own_b1 */ \
	0, /* own_f1 */ \
	2, /* own_b2 */ \
	8, /* own_f2 */ \
	16, /* own_b3 */ \
	-207, /* own_f3 */ \
	243, /* own_b4 */ \
	46, /* own_f4 */ \
	200, /* own_f5 */ \
	-7, /* own_flex2 */ \
	-15, /* own_block3 */ \
	-10, /* own_flex2_2x */ \
	-13, /* own_block3_plus */ \
	219, /* own_flex3 */ \
	231, /* own_flex3_plus */ \
	551, /* own_flex3_2x */ \
	-220, /* own_block4 */ \
	-175, /* own_block4_plus */ \
	638, /* own_block4_flex3 */ \
	46, /* own_flex4 */ \
	500, /* own_five */ \
	-1, /* their_b1 */ \
	0, /* their_f1 */ \
	-2, /* their_b2 */ \
	-8, /* their_f2 */ \
	-9, /* their_b3 */ \
	-72, /* their_f3 */ \
	-63, /* their_b4 */ \
	-129, /* their_f4 */ \
	-200, /* their_f5 */ \
	7, /* their_flex2 */ \
	7, /* their_block3 */ \
	12, /* their_flex2_2x */ \
	6, /* their_block3_plus */ \
	65, /* their_flex3 */ \
	60, /* their_flex3_plus */ \
	86, /* their_flex3_2x */ \
	45, /* their_block4 */ \
	16, /* their_block4_plus */ \
	-59, /* their_block4_flex3 */ \
	49, /* their_flex4 */ \
	-500, /* their_five */ \
	5, /* tempo */ \
}

#define GOMOKU_CODE_WEIGHTS_FREESTYLE { \
	{ -1, 0, 0 } \
}

#define GOMOKU_CODE_WEIGHTS_STANDARD { \
	{ -1, 0, 0 } \
}

#define GOMOKU_CODE_WEIGHTS_RENJU { \
	{ -1, 0, 0 } \
}

#endif
