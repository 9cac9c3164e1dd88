/* Dead stones and seki at the end of a Go game, for final_status_list,
 * final_score and kgs-genmove_cleanup.
 *
 * A string's status comes from where the simulations of two tree searches
 * (go_mcts_search, one with each colour to move, the game's last passes
 * ignored) end: dead when, over its stones, they end with them the
 * opponent's more often than its own (the owner of the area around a dead
 * string captures it; a live one keeps its eyes); in seki when it lives
 * and one of its liberties ends empty, between the colours, in most of
 * them (the heavy policy never fills a shared liberty of a seki, which
 * would be a self-atari; every other point gets filled). Flat playouts
 * misjudge invasions the tree refutes (a GNU Go game of 16 where they
 * kept three dead stones alive). Each search has a tree of its own and a
 * generator seeded by the position: the same position always gets the
 * same answer. Under the tromp-taylor rules nothing is removed at the
 * end, so every stone is alive and the score is the count of the board
 * as it stands. */
#include "games/go/go_status.h"

#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "games/go/go_mcts.h"
#include "games/go/go_playout.h"
#include "games/go/go_priors.h"
#include "util/monotime.h"
#include "util/xalloc.h"

/* Simulations of each of an estimate's two searches: STATUS_PLAYOUTS on
 * 9x9, as many points' worth on larger boards (19x19: 2,243), so that an
 * estimate costs about the same everywhere. 2,000 on 9x9 left one of 46
 * finished GNU Go games apart (a corner group that dies when black moves
 * first and lives when white does); 10,000 agree on all. */
#define STATUS_PLAYOUTS 10000
#define STATUS_POINTS 81
/* kgs-genmove_cleanup: the share of the move's hard limit its estimate may
 * take (the rest is the genmove's when nothing is left to capture), and
 * the least time worth starting an estimate in. */
#define CLEANUP_STATUS_SHARE 0.5
#define STATUS_MIN_SECONDS 0.01

enum go_status { GO_STATUS_ALIVE, GO_STATUS_DEAD, GO_STATUS_SEKI };

static const char *const status_names[] = { "alive", "dead", "seki" };

/* Where the playouts ended: for each board point, the share of them
 * ending with it black's less the share ending with it white's (own), and
 * the share ending with it empty between the colours (neutral). */
struct ownership {
	double own[GO_MAX_POINTS];
	double neutral[GO_MAX_POINTS];
};

/* An estimate's limits: the server's caps, or a share of a move's. */
struct status_budget {
	struct game_budget budget; /* the stop flag and the time of both searches */
	long playouts;             /* for the board's size, or the node cap if less */
	long memory;               /* MiB of tree: the active level's */
};

/* A tree search of limits->playouts for c, within seconds (0: none), on a
 * copy of the game with a tree of its own and a generator seeded by the
 * position, passes ignored; its ownership added to own with weight 1/2. */
static void search_ownership(const struct go_game *gg, enum go_color c,
			     const struct status_budget *limits, double seconds,
			     struct ownership *own)
{
	struct game *g = go_ops.copy(&gg->base);
	struct go_game *copy = go_of(g);
	struct go_analysis *a = xmalloc(sizeof(*a));
	struct go_watch w = { .ownership = true, .play_on = true, .hand_priors = true, .final = a };
	struct game_level lv = { .algorithm = "mcts", .playouts = limits->playouts, .threads = 1,
				 .memory = limits->memory };
	struct game_budget b = limits->budget;
	const struct go_board *board = &gg->board;

	go_mcts_cache_unref(copy->mcts);
	copy->mcts = NULL;
	rng_seed(&copy->base.rng, gg->hashes[gg->nmoves] ^ (uint64_t)c);
	b.level = &lv;
	b.max_seconds = seconds;
	go_mcts_search(copy, c, &lv, &b, GO_POLICY_HEAVY, &w, NULL);
	for (int p = board->stride; p < board->stride * (board->size + 1); p++) {
		own->own[p] += a->ownership[p] / 2;
		own->neutral[p] += a->neutral[p] / 2;
	}
	free(a);
	go_ops.destroy(g);
}

/* The share of the playouts that ended with p c's, less the opponent's. */
static double balance(const struct ownership *own, int p, enum go_color c)
{
	return c == GO_BLACK ? own->own[p] : -own->own[p];
}

/* The status of the string of stones[0..n-1] (colour c). */
static enum go_status string_status(const struct go_board *b, const struct ownership *own,
				    const int *stones, int n, enum go_color c)
{
	int libs[GO_MAX_POINTS];
	double sum = 0;

	for (int i = 0; i < n; i++)
		sum += balance(own, stones[i], c);
	if (sum < 0)
		return GO_STATUS_DEAD;
	int nlibs = go_board_string_libs(b, stones[0], libs);
	for (int i = 0; i < nlibs; i++)
		if (own->neutral[libs[i]] > 0.5)
			return GO_STATUS_SEKI;
	return GO_STATUS_ALIVE;
}

/* What is left of a hard limit of max seconds (0: none) counted from start,
 * at least a millisecond. */
static double time_left(double max, double start)
{
	double left = max - (monotime_now() - start);

	return max <= 0 ? 0 : left > 0.001 ? left : 0.001;
}

/* Whether an estimate within limits has no time to run: stopped, or a
 * hard limit too short to learn anything. */
static bool no_time_to_estimate(const struct status_budget *limits)
{
	const struct game_budget *b = &limits->budget;

	return (b->stop && atomic_load(b->stop)) ||
	       (b->max_seconds > 0 && b->max_seconds < STATUS_MIN_SECONDS);
}

/* Every stone's status into status[] (by point); every stone alive when
 * limits leave no time (nothing is taken off). */
static void estimate(const struct go_game *gg, const struct status_budget *limits,
		     uint8_t *status)
{
	const struct go_board *b = &gg->board;
	struct ownership *own = NULL;
	int stones[GO_MAX_POINTS];
	double max = limits->budget.max_seconds, start = monotime_now();

	memset(status, GO_STATUS_ALIVE, GO_MAX_POINTS);
	if (gg->rules == GO_RULES_TROMP_TAYLOR || no_time_to_estimate(limits))
		return;
	own = xcalloc(1, sizeof(*own));
	/* Once for each colour to move: a status does not depend on whose
	 * turn it is. The two share the time. */
	search_ownership(gg, GO_BLACK, limits, max / 2, own);
	search_ownership(gg, GO_WHITE, limits, time_left(max, start), own);
	uint8_t *seen = xcalloc(GO_MAX_POINTS, 1);
	for (int p = b->stride; p < b->stride * (b->size + 1); p++) {
		enum go_color c = (enum go_color)b->color[p];

		if ((c != GO_BLACK && c != GO_WHITE) || seen[p])
			continue;
		int n = go_board_string_stones(b, p, stones);
		enum go_status st = string_status(b, own, stones, n, c);
		for (int i = 0; i < n; i++) {
			seen[stones[i]] = 1;
			status[stones[i]] = (uint8_t)st;
		}
	}
	free(seen);
	free(own);
}

/* Japanese counting (go_territory_score) with the estimate's dead stones
 * as prisoners and its seki strings' regions nobody's. */
static double territory_without_dead(const struct go_game *gg, const uint8_t *status)
{
	uint8_t *dead = xcalloc(GO_MAX_POINTS, 1), *seki = xcalloc(GO_MAX_POINTS, 1);

	for (int p = 0; p < GO_MAX_POINTS; p++) {
		dead[p] = status[p] == GO_STATUS_DEAD;
		seki[p] = status[p] == GO_STATUS_SEKI;
	}
	double score = go_territory_score(gg, &gg->board, dead, seki);
	free(dead);
	free(seki);
	return score;
}

/* The score of the board with the dead stones taken off, komi and the
 * handicap bonus in: by area, or under japanese by territory and
 * prisoners. */
static double score_without_dead(const struct go_game *gg, const uint8_t *status)
{
	const struct go_board *b = &gg->board;

	if (gg->rules == GO_RULES_JAPANESE)
		return territory_without_dead(gg, status);
	struct go_board *alive = xmalloc(sizeof(*alive));

	go_board_init(alive, b->size);
	for (int p = b->stride; p < b->stride * (b->size + 1); p++)
		if ((b->color[p] == GO_BLACK || b->color[p] == GO_WHITE) &&
		    status[p] != GO_STATUS_DEAD)
			go_board_place(alive, (enum go_color)b->color[p], p);
	double score = go_board_area_score(alive) - go_compensation(gg);
	free(alive);
	return score;
}

/* The limits of an estimate: the server's caps (time and nodes), not the
 * level's. */
static struct status_budget status_limits(const struct cmd_ctx *ctx)
{
	const struct game_level *lv = ctx_level(ctx);
	int points = go_of(ctx->game)->board.size * go_of(ctx->game)->board.size;
	struct status_budget l = { ctx_analysis_budget(ctx),
				   STATUS_PLAYOUTS * STATUS_POINTS / (points > STATUS_POINTS ? points
											 : STATUS_POINTS),
				   lv ? lv->memory : 0 };

	if (ctx->max_nodes > 0 && ctx->max_nodes < l.playouts)
		l.playouts = ctx->max_nodes;
	return l;
}

/* Function:  the score, the dead stones removed once the game is over
 * Arguments: none
 * Fails:     never
 * Returns:   B+N, W+N or 0, as the area count of the board without its
 *            dead stones after two passes (before them, and always under
 *            tromp-taylor, the board as it stands) */
enum gtp_status go_cmd_final_score(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	const struct go_game *gg = go_of(ctx->game);
	struct status_budget limits = status_limits(ctx);
	uint8_t *status = xcalloc(GO_MAX_POINTS, 1); /* GO_STATUS_ALIVE */

	(void)argc, (void)argv;
	/* Dead stones mean something once the game has ended; before, the
	 * board counts as it stands, and the score costs no search. */
	if (go_is_over(gg))
		estimate(gg, &limits, status);
	double score = score_without_dead(gg, status);
	free(status);
	struct game_result r = { .winner = score > 0 ? COLOR_BLACK : score < 0 ? COLOR_WHITE
										 : COLOR_NONE,
				 .has_margin = true,
				 .margin = score < 0 ? -score : score };
	game_result_print(&r, out);
	return GTP_OK;
}

/* Function:  the stones of a status, a string per line
 * Arguments: alive, dead or seki
 * Fails:     invalid status
 * Returns:   the strings of that status, each on its own line (its stones
 *            in list order), strings in the list order of their first stone */
enum gtp_status go_cmd_final_status_list(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out)
{
	const struct go_game *gg = go_of(ctx->game);
	const struct go_board *b = &gg->board;
	struct status_budget limits = status_limits(ctx);
	int want = -1, points[GO_MAX_POINTS], stones[GO_MAX_POINTS], n = 0;

	(void)argc;
	for (int i = 0; i < 3; i++)
		if (!strcmp(argv[0], status_names[i]))
			want = i;
	if (want < 0)
		return gtp_fail(out, "invalid status");
	uint8_t *status = xmalloc(GO_MAX_POINTS), *seen = xcalloc(GO_MAX_POINTS, 1);
	estimate(gg, &limits, status);
	for (int p = b->stride; p < b->stride * (b->size + 1); p++)
		if ((b->color[p] == GO_BLACK || b->color[p] == GO_WHITE) && status[p] == want)
			points[n++] = p;
	go_sort_points(b, points, n);
	bool first = true;
	for (int i = 0; i < n; i++) {
		if (seen[points[i]])
			continue;
		int k = go_board_string_stones(b, points[i], stones);
		for (int j = 0; j < k; j++)
			seen[stones[j]] = 1;
		if (!first)
			sb_puts(out, "\n");
		first = false;
		go_print_points(b, stones, k, out);
	}
	free(seen);
	free(status);
	return GTP_OK;
}

/* A move of c that takes a liberty of the opponent's dead string with the
 * fewest liberties (legal, and not a self-atari unless it captures), or
 * GO_PASS when no dead string has one. */
static int cleanup_move(const struct go_game *gg, enum go_color c, const uint8_t *status)
{
	const struct go_board *b = &gg->board;
	int libs[GO_MAX_POINTS], best = GO_PASS, fewest = GO_MAX_POINTS + 1;

	for (int p = b->stride; p < b->stride * (b->size + 1); p++) {
		if (b->color[p] != go_other(c) || status[p] != GO_STATUS_DEAD || b->head[p] != p)
			continue;
		int n = go_board_string_libs(b, p, libs);
		go_sort_points(b, libs, n);
		for (int i = 0; i < n && n < fewest; i++)
			if (go_is_legal(gg, c, libs[i]) &&
			    (!go_board_is_self_atari(b, c, libs[i], NULL) ||
			     go_board_captures(b, c, libs[i]))) {
				best = libs[i];
				fewest = n;
			}
	}
	return best;
}

/* The estimate's limits in a cleanup move with budget: the server's caps,
 * its stop flag, and a share of its hard limit (the move's whole time
 * counts from the command's start). */
static struct status_budget cleanup_limits(const struct cmd_ctx *ctx,
					   const struct game_budget *budget)
{
	struct status_budget l = status_limits(ctx);
	double share = budget->max_seconds * CLEANUP_STATUS_SHARE;

	l.budget.stop = budget->stop;
	if (share > 0 && (l.budget.max_seconds <= 0 || share < l.budget.max_seconds))
		l.budget.max_seconds = share;
	return l;
}

/* Function:  genmove for the cleanup phase (KGS): capture every dead
 *            stone of the opponent's before passing, never resign
 * Arguments: colour
 * Fails:     invalid color, and as genmove
 * Returns:   the move played */
enum gtp_status go_cmd_kgs_genmove_cleanup(struct cmd_ctx *ctx, int argc, char **argv,
					   struct strbuf *out)
{
	struct go_game *gg = go_of(ctx->game);
	enum go_color c = (enum go_color)gtp_parse_color(argv[0]);
	char err[128];
	int move;

	(void)argc;
	if (!c)
		return gtp_fail(out, "invalid color");
	struct game_level capped;
	struct game_budget budget = ctx_move_budget(ctx, c, &capped);
	double start = monotime_now();
	struct status_budget limits = cleanup_limits(ctx, &budget);
	uint8_t *status = xmalloc(GO_MAX_POINTS);
	estimate(gg, &limits, status);
	move = cleanup_move(gg, c, status);
	free(status);
	if (move != GO_PASS) {
		if (go_play(gg, c, move) < 0)
			return gtp_fail(out, "illegal move");
	} else {
		budget.max_seconds = time_left(budget.max_seconds, start);
		if (ctx->game->ops->genmove(ctx->game, c, &budget, &move, err, sizeof(err)) < 0)
			return gtp_fail(out, err);
		if (move == GO_RESIGN && go_play(gg, c, GO_PASS) == 0)
			move = GO_PASS; /* the game is being scored, not played */
	}
	ctx->game->ops->print_move(ctx->game, move, out);
	return GTP_OK;
}
