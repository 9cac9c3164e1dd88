/* The GTP game clock: what time_settings and time_left told the engine, and
 * how much of it one move may spend. Canadian byo-yomi as GTP defines it:
 * main time, then byo_yomi seconds for every byo_yomi_stones moves. GTP's
 * special cases: byo_yomi > 0 with 0 stones means no time limit; byo_yomi 0
 * with 0 stones means main time only (absolute); all zero means no limit. */
#ifndef QUINTET_CLOCK_H
#define QUINTET_CLOCK_H

#include <stdbool.h>

struct game_clock {
	bool limited;        /* time_settings gave a real limit */
	double main_time;    /* seconds of main time */
	double byo_time;     /* seconds per byo-yomi period */
	int byo_stones;      /* moves per byo-yomi period */
	double left[3];      /* seconds left per colour [1] black, [2] white */
	int stones_left[3];  /* moves left in the period; 0 = in main time */
};

/* Set the clock (time_settings). Both colours start with main_time. */
void clock_set(struct game_clock *c, double main_time, double byo_time, int byo_stones);

/* Record time_left for a colour (1 or 2). */
void clock_left(struct game_clock *c, int color, double seconds, int stones);

/* Seconds colour may spend on its next move, or 0 for no limit: in
 * byo-yomi the period's time over its moves, in main time a thirtieth of
 * what is left (or a byo-yomi move's share, if larger), less a margin for
 * the reply's travel. */
double clock_allowance(const struct game_clock *c, int color);

#endif
