#include "clock.h"

#include <string.h>

#define CLOCK_MARGIN 0.05       /* seconds kept for the reply to travel */
#define CLOCK_MOVES 30          /* main time is spread over this many moves */
#define CLOCK_FLOOR 0.01        /* the least a move is ever given */

void clock_set(struct game_clock *c, double main_time, double byo_time, int byo_stones)
{
	memset(c, 0, sizeof(*c));
	c->main_time = main_time;
	c->byo_time = byo_time;
	c->byo_stones = byo_stones;
	c->limited = byo_stones > 0 || (main_time > 0 && byo_time == 0);
	c->left[1] = c->left[2] = main_time;
}

void clock_left(struct game_clock *c, int color, double seconds, int stones)
{
	c->left[color] = seconds;
	c->stones_left[color] = stones;
}

double clock_allowance(const struct game_clock *c, int color)
{
	double t;

	if (!c->limited)
		return 0;
	if (c->stones_left[color] > 0) {
		/* In byo-yomi: the period's time over its remaining moves. */
		t = c->left[color] / c->stones_left[color];
	} else {
		t = c->left[color] / CLOCK_MOVES;
		/* Main time runs out into byo-yomi: a period's move is also ours. */
		if (c->byo_stones > 0 && c->byo_time / c->byo_stones > t)
			t = c->byo_time / c->byo_stones;
	}
	t -= CLOCK_MARGIN;
	return t > CLOCK_FLOOR ? t : CLOCK_FLOOR;
}
