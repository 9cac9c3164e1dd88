/* The Gomoku evaluation's weights, one per feature of gomoku_pos.h (enum
 * gomoku_feature), and per code for the side to move and the side waiting
 * (a code's entry, 0 for codes without one), in evaluation units (200 is
 * a 73% win rate for the side to move), a table per rules. Written by
 * gomoku_tune fit (doc/gomoku-tuning.md):
 * gomoku_tune fit --codes freestyle,renju --positions tools/data/gomoku-freestyle-scores.txt.xz --positions tools/data/gomoku-renju-scores.txt.xz tools/data/gomoku-freestyle.txt.xz tools/data/gomoku-freestyle-b.txt.xz tools/data/gomoku-standard.txt.xz tools/data/gomoku-renju.txt.xz tools/data/gomoku-renju-b.txt.xz (34000 games, 168391 positions)
 */
#ifndef QUINTET_GOMOKU_WEIGHTS_H
#define QUINTET_GOMOKU_WEIGHTS_H

#define GOMOKU_WEIGHTS_FREESTYLE { \
	-1, /* own_b1 */ \
	-1, /* own_f1 */ \
	-1, /* own_b2 */ \
	15, /* own_f2 */ \
	19, /* own_b3 */ \
	123, /* own_f3 */ \
	149, /* own_b4 */ \
	120, /* own_f4 */ \
	200, /* own_f5 */ \
	-13, /* own_flex2 */ \
	-16, /* own_block3 */ \
	-22, /* own_flex2_2x */ \
	-17, /* own_block3_plus */ \
	-102, /* own_flex3 */ \
	-93, /* own_flex3_plus */ \
	-131, /* own_flex3_2x */ \
	-105, /* own_block4 */ \
	-69, /* own_block4_plus */ \
	323, /* own_block4_flex3 */ \
	300, /* own_flex4 */ \
	500, /* own_five */ \
	2, /* their_b1 */ \
	1, /* their_f1 */ \
	0, /* their_b2 */ \
	-16, /* their_f2 */ \
	-21, /* their_b3 */ \
	-40, /* their_f3 */ \
	39, /* their_b4 */ \
	46, /* their_f4 */ \
	-200, /* their_f5 */ \
	15, /* their_flex2 */ \
	19, /* their_block3 */ \
	28, /* their_flex2_2x */ \
	25, /* their_block3_plus */ \
	26, /* their_flex3 */ \
	33, /* their_flex3_plus */ \
	22, /* their_flex3_2x */ \
	-79, /* their_block4 */ \
	-107, /* their_block4_plus */ \
	-216, /* their_block4_flex3 */ \
	-169, /* their_flex4 */ \
	-500, /* their_five */ \
	0, /* tempo */ \
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
	0, /* own_b1 */ \
	0, /* own_f1 */ \
	1, /* own_b2 */ \
	4, /* own_f2 */ \
	16, /* own_b3 */ \
	-108, /* own_f3 */ \
	216, /* own_b4 */ \
	38, /* own_f4 */ \
	200, /* own_f5 */ \
	-3, /* own_flex2 */ \
	-13, /* own_block3 */ \
	-2, /* own_flex2_2x */ \
	-8, /* own_block3_plus */ \
	123, /* own_flex3 */ \
	138, /* own_flex3_plus */ \
	298, /* own_flex3_2x */ \
	-174, /* own_block4 */ \
	-131, /* own_block4_plus */ \
	520, /* own_block4_flex3 */ \
	38, /* own_flex4 */ \
	500, /* own_five */ \
	0, /* their_b1 */ \
	0, /* their_f1 */ \
	-2, /* their_b2 */ \
	-7, /* their_f2 */ \
	-12, /* their_b3 */ \
	-35, /* their_f3 */ \
	10, /* their_b4 */ \
	-26, /* their_f4 */ \
	-200, /* their_f5 */ \
	7, /* their_flex2 */ \
	9, /* their_block3 */ \
	12, /* their_flex2_2x */ \
	10, /* their_block3_plus */ \
	28, /* their_flex3 */ \
	27, /* their_flex3_plus */ \
	25, /* their_flex3_2x */ \
	-43, /* their_block4 */ \
	-69, /* their_block4_plus */ \
	-171, /* their_block4_flex3 */ \
	-70, /* their_flex4 */ \
	-500, /* their_five */ \
	5, /* tempo */ \
}

#define GOMOKU_CODE_WEIGHTS_FREESTYLE { \
	{ 0, -3, 3 }, /* DEAD DEAD DEAD DEAD */ \
	{ 1, -3, 4 }, /* B1 DEAD DEAD DEAD */ \
	{ 2, -9, 5 }, /* B1 B1 DEAD DEAD */ \
	{ 3, -6, 8 }, /* B1 B1 B1 DEAD */ \
	{ 5, -1, 2 }, /* F1 DEAD DEAD DEAD */ \
	{ 6, 2, -2 }, /* F1 B1 DEAD DEAD */ \
	{ 7, -2, 1 }, /* F1 B1 B1 DEAD */ \
	{ 8, -3, 1 }, /* F1 B1 B1 B1 */ \
	{ 9, -2, 2 }, /* F1 F1 DEAD DEAD */ \
	{ 10, -1, 1 }, /* F1 F1 B1 DEAD */ \
	{ 11, 1, 1 }, /* F1 F1 B1 B1 */ \
	{ 12, -3, 2 }, /* F1 F1 F1 DEAD */ \
	{ 13, -3, 2 }, /* F1 F1 F1 B1 */ \
	{ 14, -2, 2 }, /* F1 F1 F1 F1 */ \
	{ 15, -1, 2 }, /* B2 DEAD DEAD DEAD */ \
	{ 16, -8, 7 }, /* B2 B1 DEAD DEAD */ \
	{ 17, -7, 11 }, /* B2 B1 B1 DEAD */ \
	{ 18, -22, 21 }, /* B2 B1 B1 B1 */ \
	{ 19, -1, 1 }, /* B2 F1 DEAD DEAD */ \
	{ 20, -1, 1 }, /* B2 F1 B1 DEAD */ \
	{ 21, -3, 1 }, /* B2 F1 B1 B1 */ \
	{ 22, -2, 3 }, /* B2 F1 F1 DEAD */ \
	{ 23, -2, 1 }, /* B2 F1 F1 B1 */ \
	{ 24, -1, 4 }, /* B2 F1 F1 F1 */ \
	{ 25, -6, 6 }, /* B2 B2 DEAD DEAD */ \
	{ 26, -9, 2 }, /* B2 B2 B1 DEAD */ \
	{ 27, -9, 2 }, /* B2 B2 B1 B1 */ \
	{ 28, 2, 1 }, /* B2 B2 F1 DEAD */ \
	{ 30, -2, 3 }, /* B2 B2 F1 F1 */ \
	{ 31, 1, 0 }, /* B2 B2 B2 DEAD */ \
	{ 32, 2, 2 }, /* B2 B2 B2 B1 */ \
	{ 33, -2, -6 }, /* B2 B2 B2 F1 */ \
	{ 34, 0, 8 }, /* B2 B2 B2 B2 */ \
	{ 35, -3, 1 }, /* F2 DEAD DEAD DEAD */ \
	{ 36, -3, -2 }, /* F2 B1 DEAD DEAD */ \
	{ 37, -5, 2 }, /* F2 B1 B1 DEAD */ \
	{ 38, 7, 4 }, /* F2 B1 B1 B1 */ \
	{ 39, -1, -1 }, /* F2 F1 DEAD DEAD */ \
	{ 40, -3, 1 }, /* F2 F1 B1 DEAD */ \
	{ 41, 0, -1 }, /* F2 F1 B1 B1 */ \
	{ 42, -1, 1 }, /* F2 F1 F1 DEAD */ \
	{ 43, -2, 3 }, /* F2 F1 F1 B1 */ \
	{ 44, -1, 3 }, /* F2 F1 F1 F1 */ \
	{ 45, -1, -2 }, /* F2 B2 DEAD DEAD */ \
	{ 46, 2, 0 }, /* F2 B2 B1 DEAD */ \
	{ 47, -2, 2 }, /* F2 B2 B1 B1 */ \
	{ 48, 2, 0 }, /* F2 B2 F1 DEAD */ \
	{ 49, -2, 1 }, /* F2 B2 F1 B1 */ \
	{ 50, -2, 2 }, /* F2 B2 F1 F1 */ \
	{ 51, 3, -4 }, /* F2 B2 B2 DEAD */ \
	{ 52, -1, 3 }, /* F2 B2 B2 B1 */ \
	{ 53, -2, 2 }, /* F2 B2 B2 F1 */ \
	{ 54, -11, 1 }, /* F2 B2 B2 B2 */ \
	{ 55, -3, 5 }, /* F2 F2 DEAD DEAD */ \
	{ 56, 1, 0 }, /* F2 F2 B1 DEAD */ \
	{ 57, 2, -5 }, /* F2 F2 B1 B1 */ \
	{ 58, 4, 2 }, /* F2 F2 F1 DEAD */ \
	{ 59, 0, 1 }, /* F2 F2 F1 B1 */ \
	{ 60, -3, -1 }, /* F2 F2 F1 F1 */ \
	{ 61, -2, -5 }, /* F2 F2 B2 DEAD */ \
	{ 62, 3, -8 }, /* F2 F2 B2 B1 */ \
	{ 63, 1, 1 }, /* F2 F2 B2 F1 */ \
	{ 64, 8, -13 }, /* F2 F2 B2 B2 */ \
	{ 65, 6, 0 }, /* F2 F2 F2 DEAD */ \
	{ 66, -6, 10 }, /* F2 F2 F2 B1 */ \
	{ 67, -6, 11 }, /* F2 F2 F2 F1 */ \
	{ 68, -4, 13 }, /* F2 F2 F2 B2 */ \
	{ 69, 0, 5 }, /* F2 F2 F2 F2 */ \
	{ 70, -3, 2 }, /* B3 DEAD DEAD DEAD */ \
	{ 71, -6, 2 }, /* B3 B1 DEAD DEAD */ \
	{ 72, -1, 12 }, /* B3 B1 B1 DEAD */ \
	{ 73, -2, 8 }, /* B3 B1 B1 B1 */ \
	{ 74, -1, -1 }, /* B3 F1 DEAD DEAD */ \
	{ 75, 0, -1 }, /* B3 F1 B1 DEAD */ \
	{ 76, 5, -6 }, /* B3 F1 B1 B1 */ \
	{ 78, 1, -2 }, /* B3 F1 F1 B1 */ \
	{ 79, -3, 6 }, /* B3 F1 F1 F1 */ \
	{ 80, -1, 1 }, /* B3 B2 DEAD DEAD */ \
	{ 81, 2, 0 }, /* B3 B2 B1 DEAD */ \
	{ 82, 1, -5 }, /* B3 B2 B1 B1 */ \
	{ 83, 4, 1 }, /* B3 B2 F1 DEAD */ \
	{ 84, 0, -3 }, /* B3 B2 F1 B1 */ \
	{ 85, -6, 8 }, /* B3 B2 F1 F1 */ \
	{ 86, 1, -6 }, /* B3 B2 B2 DEAD */ \
	{ 87, 11, -2 }, /* B3 B2 B2 B1 */ \
	{ 88, -2, 5 }, /* B3 B2 B2 F1 */ \
	{ 89, 6, -1 }, /* B3 B2 B2 B2 */ \
	{ 90, 3, 1 }, /* B3 F2 DEAD DEAD */ \
	{ 91, 6, -5 }, /* B3 F2 B1 DEAD */ \
	{ 92, 7, 0 }, /* B3 F2 B1 B1 */ \
	{ 93, -2, -3 }, /* B3 F2 F1 DEAD */ \
	{ 94, 3, 4 }, /* B3 F2 F1 B1 */ \
	{ 95, -5, 3 }, /* B3 F2 F1 F1 */ \
	{ 96, 3, -7 }, /* B3 F2 B2 DEAD */ \
	{ 97, 8, -6 }, /* B3 F2 B2 B1 */ \
	{ 98, -6, 5 }, /* B3 F2 B2 F1 */ \
	{ 99, 0, -8 }, /* B3 F2 B2 B2 */ \
	{ 100, 9, -1 }, /* B3 F2 F2 DEAD */ \
	{ 101, 6, 3 }, /* B3 F2 F2 B1 */ \
	{ 102, -12, 18 }, /* B3 F2 F2 F1 */ \
	{ 103, -4, 11 }, /* B3 F2 F2 B2 */ \
	{ 105, 3, 6 }, /* B3 B3 DEAD DEAD */ \
	{ 106, 3, -4 }, /* B3 B3 B1 DEAD */ \
	{ 107, 0, -18 }, /* B3 B3 B1 B1 */ \
	{ 108, -9, 7 }, /* B3 B3 F1 DEAD */ \
	{ 109, 11, 3 }, /* B3 B3 F1 B1 */ \
	{ 110, -17, 21 }, /* B3 B3 F1 F1 */ \
	{ 111, 11, 2 }, /* B3 B3 B2 DEAD */ \
	{ 112, 19, -25 }, /* B3 B3 B2 B1 */ \
	{ 113, -25, 9 }, /* B3 B3 B2 F1 */ \
	{ 115, 13, -6 }, /* B3 B3 F2 DEAD */ \
	{ 116, -14, 1 }, /* B3 B3 F2 B1 */ \
	{ 117, -17, 24 }, /* B3 B3 F2 F1 */ \
	{ 118, 0, 17 }, /* B3 B3 F2 B2 */ \
	{ -1, 0, 0 } \
}

#define GOMOKU_CODE_WEIGHTS_STANDARD { \
	{ -1, 0, 0 } \
}

#define GOMOKU_CODE_WEIGHTS_RENJU { \
	{ 1, -2, 2 }, /* B1 DEAD DEAD DEAD */ \
	{ 2, -2, 2 }, /* B1 B1 DEAD DEAD */ \
	{ 3, 4, 2 }, /* B1 B1 B1 DEAD */ \
	{ 5, -2, 1 }, /* F1 DEAD DEAD DEAD */ \
	{ 6, -2, 2 }, /* F1 B1 DEAD DEAD */ \
	{ 7, 0, 1 }, /* F1 B1 B1 DEAD */ \
	{ 8, -2, -2 }, /* F1 B1 B1 B1 */ \
	{ 9, -1, -1 }, /* F1 F1 DEAD DEAD */ \
	{ 10, 1, -2 }, /* F1 F1 B1 DEAD */ \
	{ 11, 1, 0 }, /* F1 F1 B1 B1 */ \
	{ 12, 0, -1 }, /* F1 F1 F1 DEAD */ \
	{ 13, 0, -1 }, /* F1 F1 F1 B1 */ \
	{ 15, 1, 2 }, /* B2 DEAD DEAD DEAD */ \
	{ 16, 1, 5 }, /* B2 B1 DEAD DEAD */ \
	{ 17, 7, -5 }, /* B2 B1 B1 DEAD */ \
	{ 18, 9, 4 }, /* B2 B1 B1 B1 */ \
	{ 19, -2, 1 }, /* B2 F1 DEAD DEAD */ \
	{ 20, -1, 2 }, /* B2 F1 B1 DEAD */ \
	{ 21, -4, 2 }, /* B2 F1 B1 B1 */ \
	{ 22, 2, -3 }, /* B2 F1 F1 DEAD */ \
	{ 23, 1, -1 }, /* B2 F1 F1 B1 */ \
	{ 24, 2, 1 }, /* B2 F1 F1 F1 */ \
	{ 25, -2, -1 }, /* B2 B2 DEAD DEAD */ \
	{ 26, -2, 2 }, /* B2 B2 B1 DEAD */ \
	{ 27, 4, 12 }, /* B2 B2 B1 B1 */ \
	{ 28, 1, 0 }, /* B2 B2 F1 DEAD */ \
	{ 29, -8, 7 }, /* B2 B2 F1 B1 */ \
	{ 30, -3, 1 }, /* B2 B2 F1 F1 */ \
	{ 31, -2, -4 }, /* B2 B2 B2 DEAD */ \
	{ 32, -11, 10 }, /* B2 B2 B2 B1 */ \
	{ 33, -5, 5 }, /* B2 B2 B2 F1 */ \
	{ 35, -1, -1 }, /* F2 DEAD DEAD DEAD */ \
	{ 36, -3, -2 }, /* F2 B1 DEAD DEAD */ \
	{ 37, -1, 3 }, /* F2 B1 B1 DEAD */ \
	{ 38, 9, 7 }, /* F2 B1 B1 B1 */ \
	{ 39, -1, -2 }, /* F2 F1 DEAD DEAD */ \
	{ 40, 0, 3 }, /* F2 F1 B1 DEAD */ \
	{ 41, -1, 1 }, /* F2 F1 B1 B1 */ \
	{ 42, 2, -1 }, /* F2 F1 F1 DEAD */ \
	{ 43, 0, 1 }, /* F2 F1 F1 B1 */ \
	{ 44, 1, 0 }, /* F2 F1 F1 F1 */ \
	{ 45, 2, -3 }, /* F2 B2 DEAD DEAD */ \
	{ 46, -4, -3 }, /* F2 B2 B1 DEAD */ \
	{ 47, 0, 2 }, /* F2 B2 B1 B1 */ \
	{ 48, -3, 4 }, /* F2 B2 F1 DEAD */ \
	{ 49, -1, 2 }, /* F2 B2 F1 B1 */ \
	{ 50, 1, -1 }, /* F2 B2 F1 F1 */ \
	{ 51, -3, -3 }, /* F2 B2 B2 DEAD */ \
	{ 52, -2, 7 }, /* F2 B2 B2 B1 */ \
	{ 53, 0, -1 }, /* F2 B2 B2 F1 */ \
	{ 54, -7, 1 }, /* F2 B2 B2 B2 */ \
	{ 55, 7, -1 }, /* F2 F2 DEAD DEAD */ \
	{ 56, 4, -2 }, /* F2 F2 B1 DEAD */ \
	{ 57, 1, -3 }, /* F2 F2 B1 B1 */ \
	{ 58, 0, -4 }, /* F2 F2 F1 DEAD */ \
	{ 59, 0, 2 }, /* F2 F2 F1 B1 */ \
	{ 60, 0, -3 }, /* F2 F2 F1 F1 */ \
	{ 61, -3, 2 }, /* F2 F2 B2 DEAD */ \
	{ 62, 1, -6 }, /* F2 F2 B2 B1 */ \
	{ 63, -3, 4 }, /* F2 F2 B2 F1 */ \
	{ 64, 2, -7 }, /* F2 F2 B2 B2 */ \
	{ 65, 10, -3 }, /* F2 F2 F2 DEAD */ \
	{ 66, 9, -4 }, /* F2 F2 F2 B1 */ \
	{ 67, -12, 9 }, /* F2 F2 F2 F1 */ \
	{ 68, -2, 12 }, /* F2 F2 F2 B2 */ \
	{ 70, 0, 1 }, /* B3 DEAD DEAD DEAD */ \
	{ 71, -4, 2 }, /* B3 B1 DEAD DEAD */ \
	{ 72, -9, 3 }, /* B3 B1 B1 DEAD */ \
	{ 73, -7, 0 }, /* B3 B1 B1 B1 */ \
	{ 74, -1, -1 }, /* B3 F1 DEAD DEAD */ \
	{ 75, -2, 1 }, /* B3 F1 B1 DEAD */ \
	{ 76, -2, -2 }, /* B3 F1 B1 B1 */ \
	{ 77, 0, 1 }, /* B3 F1 F1 DEAD */ \
	{ 78, 4, -2 }, /* B3 F1 F1 B1 */ \
	{ 79, 0, 2 }, /* B3 F1 F1 F1 */ \
	{ 80, 1, 0 }, /* B3 B2 DEAD DEAD */ \
	{ 81, -3, 7 }, /* B3 B2 B1 DEAD */ \
	{ 82, -2, -14 }, /* B3 B2 B1 B1 */ \
	{ 83, 0, -2 }, /* B3 B2 F1 DEAD */ \
	{ 84, 3, 2 }, /* B3 B2 F1 B1 */ \
	{ 85, -3, 4 }, /* B3 B2 F1 F1 */ \
	{ 86, 0, 4 }, /* B3 B2 B2 DEAD */ \
	{ 87, 4, -1 }, /* B3 B2 B2 B1 */ \
	{ 88, 10, 0 }, /* B3 B2 B2 F1 */ \
	{ 89, 9, 0 }, /* B3 B2 B2 B2 */ \
	{ 90, 2, 0 }, /* B3 F2 DEAD DEAD */ \
	{ 91, 6, 5 }, /* B3 F2 B1 DEAD */ \
	{ 92, 6, -14 }, /* B3 F2 B1 B1 */ \
	{ 93, 1, 1 }, /* B3 F2 F1 DEAD */ \
	{ 94, 4, 3 }, /* B3 F2 F1 B1 */ \
	{ 95, -5, 3 }, /* B3 F2 F1 F1 */ \
	{ 96, -2, 4 }, /* B3 F2 B2 DEAD */ \
	{ 97, 2, -7 }, /* B3 F2 B2 B1 */ \
	{ 98, 1, -4 }, /* B3 F2 B2 F1 */ \
	{ 99, 2, 11 }, /* B3 F2 B2 B2 */ \
	{ 100, -6, 4 }, /* B3 F2 F2 DEAD */ \
	{ 101, 9, -5 }, /* B3 F2 F2 B1 */ \
	{ 102, -6, 9 }, /* B3 F2 F2 F1 */ \
	{ 103, 18, 7 }, /* B3 F2 F2 B2 */ \
	{ 105, -6, 2 }, /* B3 B3 DEAD DEAD */ \
	{ 106, -2, -5 }, /* B3 B3 B1 DEAD */ \
	{ 108, 11, -5 }, /* B3 B3 F1 DEAD */ \
	{ 109, -5, -2 }, /* B3 B3 F1 B1 */ \
	{ 110, -4, -3 }, /* B3 B3 F1 F1 */ \
	{ 111, -1, 6 }, /* B3 B3 B2 DEAD */ \
	{ 112, 0, 10 }, /* B3 B3 B2 B1 */ \
	{ 113, -19, 7 }, /* B3 B3 B2 F1 */ \
	{ 115, 2, 8 }, /* B3 B3 F2 DEAD */ \
	{ -1, 0, 0 } \
}

#endif
