/* A game's end: a logged-in player's statistics (which commands' moves
 * are tracked, tally.h; when a command ended the game, by its rules or by
 * leaving it for another; recording the result in the players' database
 * on a worker: a cheap command that ended a game waits for that in a job
 * of its own), and the result said under verbose on. */
#include "session_int.h"

#include <string.h>

#include "cfg.h"
#include "log.h"
#include "store/accounts.h"

/* Whether a command's moves are tracked for statistics: a player is
 * logged in (a guest's games count for nobody). */
bool session_tracking(const struct cmd_ctx *ctx)
{
	return ctx->accounts && ctx->player.id > 0;
}

/* The player's own moves after which an unfinished game left for another
 * (game, boardsize, clear_board, load, resume, ...) counts as a loss,
 * unless the player leads then by the game's count (ops->standing: Go's
 * area, Ataxx's pieces, Flood's squares; Gomoku and Mastermind have none,
 * so there leaving counts whoever leads). A game left by the session's end
 * is autosaved instead, and counts when it is finished after resume. */
#define ABANDON_MIN_MOVES 4

static bool leads(const struct game *g, int player)
{
	struct game_result r;

	if (!g->ops->standing)
		return false;
	g->ops->standing(g, &r);
	return r.winner == player;
}

void session_note_before(const struct tally *t, const struct cmd_ctx *ctx,
			 struct session_before *b)
{
	bool tracking = session_tracking(ctx);

	*b = (struct session_before){ .game = ctx->game, .created = ctx->created };
	if (tracking || ctx->verbose)
		b->moves = tally_moves(ctx->game);
	if (ctx->verbose)
		b->was_over = ctx->game->ops->is_over(ctx->game);
	if (tracking && tally_left(t, ctx->game, ABANDON_MIN_MOVES, &b->abandon_as) &&
	    !leads(ctx->game, b->abandon_as.player)) {
		b->abandon = true;
		b->abandon_as.abandoned = true;
		b->abandon_as.game = ctx->game->ops->name;
	}
}

bool session_track(struct tally *t, const struct cmd_ctx *ctx, const struct session_before *b,
		   const struct gtp_command *cmd, struct tally_outcome *o)
{
	/* Another game: game, load, resume; or the same one begun afresh
	 * (boardsize, clear_board: its moves gone). */
	if (ctx->game != b->game || ctx->created != b->created ||
	    (b->moves > 0 && tally_moves(ctx->game) == 0)) {
		tally_reset(t, ctx->game);
		if (!b->abandon)
			return false;
		*o = b->abandon_as;
		return true;
	}
	return tally_update(t, ctx->game, b->moves, (cmd->flags & GTP_ENGINE_MOVE), ctx->level, o);
}

/* The level's name for the statistics ("default" when none is set). */
static const char *level_name(const struct cmd_ctx *ctx, const char *game, int level)
{
	const struct cfg_game *gc = ctx->cfg ? cfg_game(ctx->cfg, game) : NULL;

	return gc && level >= 0 && level < gc->nlevels ? gc->levels[level].name : "default";
}

/* Worker thread: add the ended game of ctx to the player's statistics. A
 * database failure is logged; the game's reply is not held back by it. An
 * outage keeps the result in the local spool: true (the reply says so). */
bool session_record_outcome(const struct cmd_ctx *ctx, const struct tally_outcome *o)
{
	const struct game *g = ctx->game;
	const char *game = o->abandoned ? o->game : g->ops->name;
	struct game_result r;
	char err[ACCOUNTS_ERRLEN];
	enum accounts_result res = ACCOUNTS_LOSS;

	if (!o->counted) {
		log_msg(LOG_INFO, "%s's %s game not counted: the engine made every move",
			ctx->player.name, game);
		return false;
	}
	if (!o->abandoned) {
		if (g->ops->result(g, &r, err, sizeof(err)) < 0) {
			log_msg(LOG_WARN, "%s's %s game not counted: %s", ctx->player.name, game,
				err);
			return false;
		}
		res = r.winner == COLOR_NONE ? ACCOUNTS_DRAW
		      : r.winner == o->player ? ACCOUNTS_WIN : ACCOUNTS_LOSS;
	}
	const char *level = o->kind ? o->kind : level_name(ctx, game, o->level);
	static const char *const words[] = { "win", "loss", "draw" };
	int rc = accounts_record(ctx->accounts, ctx->player.id, game, level, res, err,
				 sizeof(err));
	if (rc < 0)
		log_msg(LOG_WARN, "statistics of %s not written: %s", ctx->player.name, err);
	else if (rc > 0)
		log_msg(LOG_WARN, "statistics of %s (%s %s %s) " ACCOUNTS_KEPT ": %s",
			ctx->player.name, game, level, words[res], err);
	else
		log_msg(LOG_INFO, "statistics of %s: %s %s %s%s", ctx->player.name, game, level,
			words[res], o->abandoned ? " (abandoned)" : "");
	return rc > 0;
}

/* A cheap command that ended a game: its reply (status, text) waits for a
 * short job writing a logged-in player's statistics, or saying the result
 * (which in Go means removing dead stones: never on the loop). */
struct session_job *session_record_job(const struct session *s, const char *line,
				       double arrival, enum gtp_status status,
				       const struct tally_outcome *o, bool say_end)
{
	struct session_job *job = session_job_new(s, line, arrival);

	job->record_only = true;
	job->status = status;
	sb_puts(&job->text, sb_str(&s->text));
	job->has_outcome = o != NULL;
	if (o)
		job->outcome = *o;
	job->say_end = say_end;
	return job;
}

/* Function:  turn verbose on or off, or say which it is
 * Arguments: optional on or off
 * Fails:     syntax error (anything else)
 * Returns:   nothing; without an argument, on or off */
enum gtp_status session_cmd_verbose(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	if (argc == 0) {
		sb_puts(out, ctx->verbose ? "on" : "off");
		return GTP_OK;
	}
	if (strcmp(argv[0], "on") && strcmp(argv[0], "off"))
		return gtp_fail(out, "verbose takes on or off");
	ctx->verbose = !strcmp(argv[0], "on");
	return GTP_OK;
}

bool session_says_end(const struct cmd_ctx *ctx, const struct session_before *b,
		      enum gtp_status status)
{
	return ctx->verbose && status == GTP_OK && !b->was_over && ctx->game == b->game &&
	       ctx->created == b->created && ctx->game->ops->is_over(ctx->game) &&
	       tally_moves(ctx->game) > b->moves;
}

void session_game_over_line(struct cmd_ctx *ctx, struct strbuf *out)
{
	const struct gtp_command *score = session_lookup(ctx->game->ops, "final_score");
	struct strbuf text = { 0 };
	struct game_result r;
	char err[SESSION_ERRLEN];
	char *none[1] = { NULL };

	if (!score || score->handler(ctx, 0, none, &text) != GTP_OK) {
		sb_free(&text);
		return;
	}
	/* Always a line of its own: play's empty first line stays empty. */
	sb_printf(out, "\ngame over: %s", sb_str(&text));
	/* Why, where the result's words do not say it (Gomoku's five). */
	if (ctx->game->ops->result(ctx->game, &r, err, sizeof(err)) == 0 &&
	    r.reason != GAME_REASON_SCORE && !r.detail[0])
		sb_printf(out, " (%s)", game_reason_name(r.reason));
	sb_free(&text);
}
