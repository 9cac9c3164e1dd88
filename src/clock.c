#include "clock.h"

#include <string.h>

#define CLOCK_MARGIN 0.05       /* seconds kept for the reply to travel */
#define CLOCK_SHARE 0.05        /* and this share of the move's time */
#define CLOCK_MOVES 30          /* moves left when the game cannot say */
#define CLOCK_MIN_MOVES 8       /* main time is never spread over fewer */
/* Moves whose share main time always keeps back: a game that goes on far
 * past the guess still has time for its moves and their replies' travel
 * (10 s absolute on 9x9: 160 moves a side at 5 ms of travel each). */
#define CLOCK_RESERVE_MOVES 10
#define CLOCK_FLOOR 0.01        /* the least a move is given, time allowing */

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

/* In main time: the share of what is left, and what byo-yomi adds. */
static double main_share(const struct game_clock *c, int color, int moves_left)
{
	int moves = moves_left > 0 ? moves_left : CLOCK_MOVES;
	double t;

	if (moves < CLOCK_MIN_MOVES)
		moves = CLOCK_MIN_MOVES;
	t = c->left[color] / (moves + CLOCK_RESERVE_MOVES);
	if (c->byo_periods > 0)
		t += c->byo_time; /* a move within the first period keeps it */
	else if (c->byo_stones > 0 && c->byo_time / c->byo_stones > t)
		t = c->byo_time / c->byo_stones;
	return t;
}

double clock_allowance(const struct game_clock *c, int color, int moves_left)
{
	double share, t;

	if (!c->limited)
		return 0;
	if (c->stones_left[color] <= 0)
		share = main_share(c, color, moves_left);
	else if (c->byo_periods > 0)
		share = c->left[color]; /* the period: used within, it is kept */
	else
		share = c->left[color] / c->stones_left[color];
	t = share - CLOCK_MARGIN - CLOCK_SHARE * share;
	/* Short of time: a token move, never more than half the share. */
	double floor = share / 2 < CLOCK_FLOOR ? share / 2 : CLOCK_FLOOR;
	return t > floor ? t : floor;
}
