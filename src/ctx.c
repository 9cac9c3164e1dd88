#include "ctx.h"

#include <pthread.h>
#include <string.h>

#include "cfg.h"
#include "util/files.h"
#include "util/checkpoint.h"
#include "util/monotime.h"

const struct cfg_game *ctx_section(const struct cmd_ctx *ctx)
{
	return ctx->cfg ? cfg_game(ctx->cfg, ctx->game->ops->name) : NULL;
}

const struct game_level *ctx_level(const struct cmd_ctx *ctx)
{
	const struct cfg_game *gc = ctx_section(ctx);

	if (ctx->own_level)
		return ctx->own_level;
	return gc && ctx->level >= 0 && ctx->level < gc->nlevels ? &gc->levels[ctx->level] : NULL;
}

bool ctx_size_allowed(const struct cmd_ctx *ctx, long n)
{
	const struct cfg_game *gc = ctx_section(ctx);

	return !gc || cfg_size_allowed(gc, n);
}

bool ctx_stopped(const struct cmd_ctx *ctx)
{
	job_checkpoint();
	if (ctx->stop && atomic_load_explicit(ctx->stop, memory_order_relaxed))
		return true;
	return ctx->deadline > 0 && monotime_now() >= ctx->deadline;
}

double ctx_seconds_left(const struct cmd_ctx *ctx)
{
	if (ctx->deadline <= 0)
		return 0;
	double left = ctx->deadline - monotime_now();
	return left > 0.001 ? left : 0.001;
}

/* The smaller of two limits where 0 means none. */
static double tighter(double a, double b)
{
	return a <= 0 ? b : b <= 0 ? a : a < b ? a : b;
}

/* A limit of seconds (0: none) counted from the line's arrival: what is
 * left of it now, at least a millisecond. */
static double since_arrival(const struct cmd_ctx *ctx, double limit)
{
	return timeman_left(limit, ctx->arrival);
}

/* The least of the server's move cap, the level's time and clock_seconds
 * (0: none), counted from the line's arrival; 0 for no limit. */
static double move_limit(const struct cmd_ctx *ctx, const struct game_level *level,
			 double clock_seconds)
{
	double limit = ctx->cfg ? ctx->cfg->server.max_move_time : 0;

	if (level)
		limit = tighter(limit, level->seconds);
	return tighter(limit, clock_seconds);
}

/* ctx_budget with the given level (NULL: the game's weakest). */
static struct game_budget budget_of_level(const struct cmd_ctx *ctx,
					  const struct game_level *level, double clock_seconds)
{
	struct game_budget b = { .level = level, .stop = ctx->stop };

	b.max_seconds = tighter(since_arrival(ctx, move_limit(ctx, b.level, clock_seconds)),
				ctx_seconds_left(ctx));
	return b;
}

struct game_budget ctx_budget(const struct cmd_ctx *ctx, double clock_seconds)
{
	return budget_of_level(ctx, ctx_level(ctx), clock_seconds);
}

struct game_budget ctx_analysis_budget(const struct cmd_ctx *ctx)
{
	struct game_budget b = { .level = ctx_level(ctx), .stop = ctx->stop };

	b.max_seconds = ctx_seconds_left(ctx);
	return b;
}

/* The level an engine move searches with, given the clock's hard limit
 * (0: no clock): the context's, or a copy of it in *capped when the copy
 * differs. A follow_clock level under a clock drops its own limits for
 * the clock's (its time becomes the clock's hard limit), so that a clock
 * of 2 s a move gets 2 s of search, not the level's node count; the
 * server's node cap bounds every command whatever the level. */
static const struct game_level *move_level(const struct cmd_ctx *ctx, double clock_hard,
					   struct game_level *capped)
{
	const struct game_level *level = ctx_level(ctx);
	bool clocked = level && level->follow_clock && clock_hard > 0;

	if (!level || (!clocked && ctx->max_nodes <= 0))
		return level;
	*capped = *level;
	if (clocked) {
		capped->depth = 0;
		capped->nodes = 0;
		capped->playouts = 0;
		capped->seconds = clock_hard;
	}
	game_level_cap_nodes(capped, ctx->max_nodes);
	return capped;
}

struct game_budget ctx_move_budget(struct cmd_ctx *ctx, int color, struct game_level *capped)
{
	const struct game_ops *ops = ctx->game->ops;
	int moves_left = ops->moves_left ? ops->moves_left(ctx->game) : 0;
	double lag = timeman_lag_estimate(&ctx->lag);
	struct timeman_clock clock;

	if (ctx->move_clock) {
		clock = *ctx->move_clock;
		clock.moves_left = moves_left;
		clock.lag = lag;
	} else {
		timeman_from_gtp(&clock, &ctx->clock, color, moves_left, lag);
	}
	struct timeman_plan plan = timeman_plan(&clock);
	const struct game_level *level = move_level(ctx, plan.hard, capped);
	struct game_budget budget = budget_of_level(ctx, level, plan.hard);

	budget.spend_all = plan.spend_all;
	double hard = move_limit(ctx, budget.level, plan.hard);

	/* The clock's soft limit, when it comes first; else the search's
	 * own share of the level's or the server's time, as with no clock. */
	if (plan.soft > 0 && plan.soft < hard)
		budget.soft_seconds = tighter(since_arrival(ctx, plan.soft), budget.max_seconds);
	timeman_lag_plan(&ctx->lag, hard);
	return budget;
}

void ctx_emit(const struct cmd_ctx *ctx, const char *line)
{
	if (ctx->emit)
		ctx->emit(ctx->emit_arg, line, strlen(line));
}

void ctx_emit_start(const struct cmd_ctx *ctx)
{
	if (ctx->emit)
		ctx->emit(ctx->emit_arg, NULL, 0);
}

int ctx_read_file(const struct cmd_ctx *ctx, const char *name, size_t max_bytes,
		  char **data, size_t *len, char *err, size_t errlen)
{
	return files_read(ctx->files_dir, ctx->confine_files, name, max_bytes, data, len, err,
			  errlen);
}

/* Serialises the confined writes with their quota check (short workers
 * write at once). */
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;

int ctx_write_file(const struct cmd_ctx *ctx, const char *name, const char *data,
		   size_t len, char *err, size_t errlen)
{
	const struct cfg_storage *st = ctx->cfg ? &ctx->cfg->storage : NULL;
	int rc;

	if (!ctx->confine_files || !st)
		return files_write(ctx->files_dir, ctx->confine_files, name, data, len, err,
				   errlen);
	if (files_check_name(name, err, errlen) < 0)
		return -1;
	pthread_mutex_lock(&files_lock);
	rc = files_quota_check(ctx->files_dir, name, len, st->max_files, st->max_files_bytes,
			       err, errlen);
	if (rc == 0)
		rc = files_write(ctx->files_dir, true, name, data, len, err, errlen);
	pthread_mutex_unlock(&files_lock);
	return rc;
}

enum gtp_status ctx_reply_or_write(const struct cmd_ctx *ctx, const char *file,
				   const char *text, struct strbuf *out)
{
	char err[256];

	if (!file) {
		sb_puts(out, text);
		return GTP_OK;
	}
	if (ctx_write_file(ctx, file, text, strlen(text), err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	return GTP_OK;
}
