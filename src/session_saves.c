/* The save commands (store/saves.h): save, load, resume, list_saves and
 * delete_save, GTP_SHORT jobs on the job's snapshot; replaying a save's
 * lines through the game's own commands; and the autosave job of a
 * session that ends. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "session_int.h"
#include "store/saves.h"
#include "util/xalloc.h"

int session_replay_line(struct cmd_ctx *ctx, const char *line, char *err, size_t errlen)
{
	struct gtp_request *req = xmalloc(sizeof(*req));
	struct strbuf text = STRBUF_INIT;
	char *copy = xstrdup(line);
	const struct gtp_command *cmd = NULL;
	int rc = -1;

	gtp_preprocess(copy, strlen(copy));
	if (gtp_parse(copy, req) < 0 || req->has_id || !*req->name)
		snprintf(err, errlen, "not a command");
	else if (!(cmd = session_lookup(ctx->game->ops, req->name)) || !(cmd->flags & GTP_REPLAY))
		snprintf(err, errlen, "%s is not a setup or history command", req->name);
	else if (req->argc < cmd->min_args || req->argc > cmd->max_args)
		snprintf(err, errlen, "wrong number of arguments");
	else if (cmd->handler(ctx, req->argc, req->argv, &text) != GTP_OK)
		snprintf(err, errlen, "%s", sb_str(&text));
	else
		rc = 0;
	sb_free(&text);
	free(copy);
	free(req);
	return rc;
}

/* Function:  save the current game (options, setup, moves, level, clock)
 * Arguments: a name: 1 to 64 of A-Z a-z 0-9 _ -
 * Fails:     guests cannot save, invalid save name, save failed: REASON
 * Returns:   nothing; or, for a player's autosave during a database
 *            outage, ACCOUNTS_KEPT */
enum gtp_status session_cmd_save(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	char err[SAVES_ERRLEN];

	(void)argc;
	int rc = saves_save(ctx, argv[0], session_replay_line, err, sizeof(err));
	if (rc > 0) { /* kept locally: said in the reply */
		sb_puts(out, err);
		return GTP_OK;
	}
	return session_result(rc, err, out);
}

/* Replace the context's game with save name's, with its level, clock and
 * creation time; nothing changes on failure. */
static enum gtp_status load_named(struct cmd_ctx *ctx, const char *name, struct strbuf *out)
{
	struct saves_game loaded;
	char err[SAVES_ERRLEN];

	if (saves_load(ctx, name, session_replay_line, &loaded, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	ctx->game->ops->destroy(ctx->game);
	ctx->game = loaded.game;
	ctx->level = loaded.level;
	ctx->clock = loaded.clock;
	ctx->created = loaded.created;
	return GTP_OK;
}

/* Function:  replace the current game with a saved one, exactly as saved
 * Arguments: a save name
 * Fails:     guests cannot save, invalid save name, no such save, cannot
 *            read save: REASON, game disabled, interrupted, corrupt save:
 *            WHAT (the session is unchanged)
 * Returns:   nothing */
enum gtp_status session_cmd_load(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	(void)argc;
	return load_named(ctx, argv[0], out);
}

/* Function:  load the autosave (the game a session of this owner left
 *            unfinished)
 * Arguments: none
 * Fails:     as load
 * Returns:   nothing */
enum gtp_status session_cmd_resume(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	(void)argc, (void)argv;
	return load_named(ctx, SAVES_AUTOSAVE, out);
}

/* Function:  list the owner's saves, newest first
 * Arguments: none
 * Fails:     guests cannot save, cannot read saves: REASON
 * Returns:   one a line: NAME GAME MOVES SAVED (UTC, 2025-01-02T03:04:05Z);
 *            NAME ? ? MTIME for a file that is not a readable save */
enum gtp_status session_cmd_list_saves(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	char err[SAVES_ERRLEN];

	(void)argc, (void)argv;
	if (saves_list(ctx, out, err, sizeof(err)) < 0) {
		sb_reset(out);
		return gtp_fail(out, err);
	}
	return GTP_OK;
}

/* Function:  delete a save
 * Arguments: a save name
 * Fails:     guests cannot save, invalid save name, no such save, cannot
 *            delete save: REASON
 * Returns:   nothing */
enum gtp_status session_cmd_delete_save(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out)
{
	char err[SAVES_ERRLEN];

	(void)argc;
	return session_result(saves_delete(ctx, argv[0], err, sizeof(err)), err, out);
}

struct session_job *session_autosave_job(const struct session *s)
{
	if (!s->game || (!(s->owner && s->owner_autosaves) && !s->player.id) ||
	    !saves_worth_autosave(s->game))
		return NULL;
	return session_job_new(s, "save " SAVES_AUTOSAVE, 0);
}

void session_autosave_done(struct session_job *job, bool ran)
{
	const char *who = job->ctx.player.id ? job->ctx.player.name : job->ctx.owner;

	if (!ran)
		log_msg(LOG_WARN, "autosave of %s not written: shutting down", who);
	else if (job->status != GTP_OK)
		log_msg(LOG_WARN, "autosave of %s: %s", who, sb_str(&job->text));
	else if (job->text.len) /* kept locally: the database is away */
		log_msg(LOG_WARN, "autosave of %s %s", who, sb_str(&job->text));
	else
		log_msg(LOG_INFO, "autosave of %s written", who);
	session_job_free(job);
}
