/* A logged-in player's statistics: which commands' moves are tracked
 * (tally.h), when a command ended the game, and recording its result in
 * the players' database on a worker; a cheap command that ended a game
 * waits for that in a job of its own. */
#include "session_int.h"

#include "cfg.h"
#include "log.h"
#include "store/accounts.h"

/* Whether a command's moves are tracked for statistics: a player is
 * logged in (a guest's games count for nobody). */
bool session_tracking(const struct cmd_ctx *ctx)
{
	return ctx->accounts && ctx->player.id > 0;
}

/* After cmd ran on ctx (whose game was old, begun at old_created, with
 * before moves): true with *o when it ended the game. */
bool session_track(struct tally *t, const struct cmd_ctx *ctx, const struct game *old,
		   time_t old_created, long before, const struct gtp_command *cmd,
		   struct tally_outcome *o)
{
	if (ctx->game != old || ctx->created != old_created) {
		tally_reset(t, ctx->game); /* another game: game, load, resume */
		return false;
	}
	return tally_update(t, ctx->game, before, (cmd->flags & GTP_ENGINE_MOVE), ctx->level, o);
}

/* The level's name for the statistics ("default" when none is set). */
static const char *level_name(const struct cmd_ctx *ctx, int level)
{
	const struct cfg_game *gc = ctx->cfg ? cfg_game(ctx->cfg, ctx->game->ops->name) : NULL;

	return gc && level >= 0 && level < gc->nlevels ? gc->levels[level].name : "default";
}

/* Worker thread: add the ended game of ctx to the player's statistics. A
 * database failure is logged; the game's reply is not held back by it. An
 * outage keeps the result in the local spool: true (the reply says so). */
bool session_record_outcome(const struct cmd_ctx *ctx, const struct tally_outcome *o)
{
	const struct game *g = ctx->game;
	struct game_result r;
	char err[ACCOUNTS_ERRLEN];

	if (!o->counted) {
		log_msg(LOG_INFO, "%s's %s game not counted: the engine made every move",
			ctx->player.name, g->ops->name);
		return false;
	}
	if (g->ops->result(g, &r, err, sizeof(err)) < 0) {
		log_msg(LOG_WARN, "%s's %s game not counted: %s", ctx->player.name, g->ops->name,
			err);
		return false;
	}
	enum accounts_result res = r.winner == COLOR_NONE ? ACCOUNTS_DRAW
				   : r.winner == o->player ? ACCOUNTS_WIN : ACCOUNTS_LOSS;
	const char *level = o->kind ? o->kind : level_name(ctx, o->level);
	static const char *const words[] = { "win", "loss", "draw" };
	int rc = accounts_record(ctx->accounts, ctx->player.id, g->ops->name, level, res, err,
				 sizeof(err));
	if (rc < 0)
		log_msg(LOG_WARN, "statistics of %s not written: %s", ctx->player.name, err);
	else if (rc > 0)
		log_msg(LOG_WARN, "statistics of %s (%s %s %s) " ACCOUNTS_KEPT ": %s",
			ctx->player.name, g->ops->name, level, words[res], err);
	else
		log_msg(LOG_INFO, "statistics of %s: %s %s %s", ctx->player.name, g->ops->name,
			level, words[res]);
	return rc > 0;
}

/* A cheap command that ended a logged-in player's game: its reply (status,
 * text) waits for a short job writing the statistics. */
struct session_job *session_record_job(const struct session *s, const char *line,
				       double arrival, enum gtp_status status,
				       const struct tally_outcome *o)
{
	struct session_job *job = session_job_new(s, line, arrival);

	job->record_only = true;
	job->status = status;
	sb_puts(&job->text, sb_str(&s->text));
	job->has_outcome = true;
	job->outcome = *o;
	return job;
}
