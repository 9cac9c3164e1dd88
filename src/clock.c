/* The GTP clock's state: see clock.h. */
#include "clock.h"

#include <string.h>

void clock_set(struct game_clock *c, double main_time, double byo_time, int byo_stones)
{
	memset(c, 0, sizeof(*c));
	c->main_time = main_time;
	c->byo_time = byo_time;
	c->byo_stones = byo_stones;
	c->limited = byo_stones > 0 || (main_time > 0 && byo_time == 0);
	c->left[1] = c->left[2] = main_time;
}

void clock_set_byoyomi(struct game_clock *c, double main_time, double byo_time, int periods)
{
	if (periods <= 0 || byo_time <= 0) {
		clock_set(c, main_time, 0, 0);
		return;
	}
	clock_set(c, main_time, byo_time, 0);
	c->byo_periods = periods;
	c->limited = true;
	if (main_time == 0) /* straight into byo-yomi */
		for (int color = 1; color <= 2; color++) {
			c->left[color] = byo_time;
			c->stones_left[color] = periods;
		}
}

void clock_left(struct game_clock *c, int color, double seconds, int stones)
{
	c->left[color] = seconds;
	c->stones_left[color] = stones;
}
