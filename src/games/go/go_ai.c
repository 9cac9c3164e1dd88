/* Go move choice: the uniformly random player and flat Monte-Carlo (every
 * candidate gets the same share of random playouts; the best win rate is
 * played). The strong search comes with the Go AI issue; this is what the
 * levels of the configuration choose between until then. */
#include "games/go/go_ai.h"
#include "util/monotime.h"

#include <math.h>
#include <string.h>

#define GO_MC_DEFAULT_PLAYOUTS 5000

/* Legal moves for c that do not fill c's own eye; returns their count. */
static int candidates(const struct go_game *gg, enum go_color c, int *out)
{
	const struct go_board *b = &gg->board;
	int n = 0;

	for (int i = 0; i < b->nempty; i++) {
		int p = b->empty[i];

		if (!go_board_is_eye(b, c, p) && go_is_legal(gg, c, p))
			out[n++] = p;
	}
	return n;
}

int go_random_move(struct go_game *gg, enum go_color c)
{
	const struct go_board *b = &gg->board;
	int cand[GO_MAX_POINTS], n = b->nempty;

	for (int i = 0; i < n; i++)
		cand[i] = b->empty[i];
	/* Fisher-Yates by rejection: draw, test, swap the rejected out. */
	while (n > 0) {
		int i = (int)rng_below(&gg->base.rng, (uint32_t)n), p = cand[i];

		if (!go_board_is_eye(b, c, p) && go_is_legal(gg, c, p))
			return p;
		cand[i] = cand[--n];
	}
	return GO_PASS;
}

/* The time this move may take: the level's, capped by the server's. */
static double time_limit(const struct game_level *lv, const struct game_budget *budget)
{
	double t = lv && lv->seconds > 0 ? lv->seconds : 0;

	if (budget->max_seconds > 0 && (t == 0 || budget->max_seconds < t))
		t = budget->max_seconds;
	return t;
}

static bool stopped(const struct game_budget *budget)
{
	return budget->stop && atomic_load(budget->stop);
}

/* One playout after c plays p; 1 if c wins it. */
static int playout_wins(struct go_game *gg, enum go_color c, int p)
{
	struct go_board b = gg->board;
	int max_moves = 3 * b.size * b.size;

	go_board_play(&b, c, p, false);
	double score = go_board_playout(&b, go_other(c), &gg->base.rng, max_moves) -
		       go_compensation(gg);
	return c == GO_BLACK ? score > 0 : score < 0;
}

/* Whether the search must end now; the clock is read every 16 playouts. */
static bool out_of_time(const struct game_budget *budget, long runs, double limit,
			double start)
{
	if (stopped(budget))
		return true;
	return limit > 0 && runs % 16 == 0 && monotime_now() - start >= limit;
}

int go_montecarlo_move(struct go_game *gg, enum go_color c, const struct game_level *lv,
		       const struct game_budget *budget)
{
	int cand[GO_MAX_POINTS], n = candidates(gg, c, cand);
	long wins[GO_MAX_POINTS] = { 0 }, runs[GO_MAX_POINTS] = { 0 }, done = 0;
	long total = lv && lv->playouts > 0 ? lv->playouts : GO_MC_DEFAULT_PLAYOUTS;
	double limit = time_limit(lv, budget), start = monotime_now();

	if (n == 0)
		return GO_PASS;
	if (lv && lv->randomness > 0 && rng_below(&gg->base.rng, 1000000) < lv->randomness * 1e6)
		return cand[rng_below(&gg->base.rng, (uint32_t)n)];
	/* Round robin, so the shares stay equal to within one playout whenever
	 * the search stops; every candidate gets at least one unless the time
	 * ends first (a 19x19 board's first round takes a few tenths of a
	 * second), and one without any is never chosen. */
	for (int i = 0; done < total || done < n; i = (i + 1) % n) {
		wins[i] += playout_wins(gg, c, cand[i]);
		runs[i]++;
		done++;
		if (out_of_time(budget, done, limit, start))
			break;
	}
	int best = 0;
	for (int i = 1; i < n; i++)
		if (wins[i] * runs[best] > wins[best] * runs[i])
			best = i;
	/* A hopeless position: passing loses nothing more. */
	return wins[best] == 0 && runs[best] >= 2 ? GO_PASS : cand[best];
}
