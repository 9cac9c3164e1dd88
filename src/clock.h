/* The GTP game clock: what time_settings, kgs-time_settings and time_left
 * told the engine. How much of it one move may spend is timeman.h's plan
 * (timeman_from_gtp translates this clock).
 *
 * Systems: none; absolute (main time only); Canadian byo-yomi as GTP
 * defines it (main time, then byo_time seconds for every byo_stones
 * moves); Japanese byo-yomi as KGS does (main time, then byo_periods
 * periods of byo_time seconds each: a move made within a period keeps
 * it, a period used up is lost, the last one lost loses the game). GTP's
 * special cases: byo_yomi > 0 with 0 stones means no time limit; byo_yomi
 * 0 with 0 stones means absolute; all zero means no limit. time_left's
 * third number is the stones left in the Canadian period, or under
 * Japanese byo-yomi the periods left (KGS's convention); 0 while still in
 * main time. */
#ifndef QUINTET_CLOCK_H
#define QUINTET_CLOCK_H

#include <stdbool.h>

struct game_clock {
	bool limited;        /* a real limit is set */
	double main_time;    /* seconds of main time */
	double byo_time;     /* seconds per byo-yomi period */
	int byo_stones;      /* Canadian: moves per period; 0 otherwise */
	int byo_periods;     /* Japanese: periods; 0 otherwise */
	double left[3];      /* seconds left per colour [1] black, [2] white: of
			      * main time, or (in byo-yomi) of the period */
	int stones_left[3];  /* moves (Canadian) or periods (Japanese) left in
			      * byo-yomi; 0 = in main time */
};

/* Set the clock (time_settings: absolute or Canadian). Both colours start
 * with main_time. */
void clock_set(struct game_clock *c, double main_time, double byo_time, int byo_stones);

/* Set Japanese byo-yomi (kgs-time_settings byoyomi): periods of byo_time
 * after main_time; with no periods (or no period time), absolute. */
void clock_set_byoyomi(struct game_clock *c, double main_time, double byo_time, int periods);

/* Record time_left for a colour (1 or 2). */
void clock_left(struct game_clock *c, int color, double seconds, int stones);

#endif
