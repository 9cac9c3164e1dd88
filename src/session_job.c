/* A slow command's job: a snapshot of the session (its own copy of the
 * game and reference to the configuration), run on a worker, then
 * adopted back or refused on the session's thread. Which queue it goes
 * to, its deadline (an engine move's hard limit), its streamed lines and
 * its framed reply are decided here. */
#include "session.h"

#include <assert.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "log.h"
#include "session_int.h"
#include "store/accounts.h"
#include "util/monotime.h"
#include "util/xalloc.h"

/* A job's snapshot: its own copy of the game and reference to the
 * configuration; the clock and the rest are plain values. */
struct session_job *session_job_new(const struct session *s, const char *line, double arrival)
{
	struct session_job *job = xcalloc(1, sizeof(*job));

	assert(s->game); /* session_handle_line made it, or the front end's start */
	job->line = xstrdup(line);
	job->line_len = strlen(line);
	gtp_parse(job->line, &job->req);
	job->cmd = session_lookup(s->game->ops, job->req.name);
	session_ctx_build(s, arrival, &job->ctx);
	job->player = s->player.id;
	job->ctx.game = s->game->ops->copy(s->game);
	job->ctx.cfg = cfg_ref(s->cfg);
	atomic_init(&job->stop, false);
	job->ctx.stop = &job->stop;
	tally_copy(&job->tally, &s->tally);
	return job;
}

/* Whether a job talks to the players' database: the statistics of a game
 * it ended, a players' command, a logged-in player's save command (as
 * store/saves.c decides where saves live). */
static bool job_uses_db(const struct session_job *job)
{
	return (job->record_only && job->has_outcome) || (job->cmd->flags & GTP_DB) ||
	       ((job->cmd->flags & GTP_SAVES) && session_tracking(&job->ctx));
}

enum session_queue session_job_queue(const struct session_job *job)
{
	if (job_uses_db(job))
		return SESSION_QUEUE_DB;
	return job->cmd->flags & GTP_SHORT ? SESSION_QUEUE_SHORT : SESSION_QUEUE_SEARCH;
}

double session_job_reply_delay(const struct session_job *job)
{
	return job->ctx.reply_delay;
}

bool session_job_streams(const struct session_job *job)
{
	return job->cmd->flags & GTP_STREAM;
}

bool session_job_is_move(const struct session_job *job)
{
	return !job->ponder && !job->record_only && (job->cmd->flags & GTP_ENGINE_MOVE);
}

bool session_job_is_long(const struct session_job *job)
{
	return !job->record_only && !session_job_is_move(job) && (job->cmd->flags & GTP_SLOW);
}

bool session_job_engine_moved(const struct session_job *job)
{
	return !job->ponder && !job->record_only && (job->cmd->flags & GTP_ENGINE_MOVE) &&
	       job->status == GTP_OK;
}

/* An engine move's hard deadline: now plus what its budget leaves of its
 * time (the budget counts from the arrival), within the command's own
 * deadline. A move with no time limit, or whose colour is wrong (it fails
 * at once), keeps the command's deadline. */
static double move_deadline(const struct session_job *job)
{
	struct strbuf scratch = STRBUF_INIT;
	int color = job->call.run ? 0
				  : session_genmove_color(&job->ctx, job->req.argc, job->req.argv,
							  &scratch);
	double deadline = job->ctx.deadline;

	sb_free(&scratch);
	if (job->call.run) /* a front end's move is the side to move's */
		color = job->ctx.game->ops->to_move(job->ctx.game);
	if (color) {
		struct game_level capped;
		struct cmd_ctx scratch = job->ctx; /* planning records the plan in it */
		struct game_budget b = ctx_move_budget(&scratch, color, &capped);
		double hard = b.max_seconds > 0 ? monotime_now() + b.max_seconds : 0;

		if (hard > 0 && (deadline <= 0 || hard < deadline))
			deadline = hard;
	}
	return deadline;
}

double session_job_deadline(const struct session_job *job)
{
	return session_job_is_move(job) ? move_deadline(job) : job->ctx.deadline;
}

atomic_bool *session_job_stop_flag(struct session_job *job)
{
	return &job->stop;
}

/* Worker thread: a streamed line, after the reply's "=ID" line. */
static void job_emit(void *arg, const char *line, size_t len)
{
	struct session_job *job = arg;

	if (!job->streamed) {
		struct strbuf head = STRBUF_INIT;

		sb_puts(&head, "=");
		if (job->req.has_id)
			sb_printf(&head, "%lld", job->req.id);
		job->sink(job->sink_arg, head.buf, head.len);
		sb_free(&head);
		job->streamed = true;
	}
	if (line) /* NULL: ctx_emit_start, the head alone */
		job->sink(job->sink_arg, line, len);
}

void session_job_set_emit(struct session_job *job, ctx_emit_fn emit, void *arg)
{
	job->sink = emit;
	job->sink_arg = arg;
	job->ctx.emit = emit ? job_emit : NULL;
	job->ctx.emit_arg = emit ? job : NULL;
	if (job->call.run) { /* the front end's own lines, unframed */
		job->ctx.emit = emit;
		job->ctx.emit_arg = arg;
	}
}

void session_job_run(struct session_job *job)
{
	struct cmd_ctx *ctx = &job->ctx;

	if (job->call.run) {
		job->call.run(ctx, job->call.arg);
		return;
	}
	if (job->ponder) {
		struct game_budget budget = ctx_analysis_budget(ctx);

		job->pondered = ctx->game->ops->ponder(ctx->game, &budget);
		return;
	}
	if (!job->record_only) {
		struct session_before before;

		session_note_before(&job->tally, ctx, &before);
		job->status = job->cmd->handler(ctx, job->req.argc, job->req.argv, &job->text);
		if (session_tracking(ctx))
			job->has_outcome = session_track(&job->tally, ctx, &before, job->cmd,
							 &job->outcome);
		job->say_end = session_says_end(ctx, &before, job->status);
	}
	/* Lines after the reply's own (a move stays the first line). */
	if (job->say_end)
		session_game_over_line(ctx, &job->text);
	if (job->has_outcome && session_tracking(ctx)) {
		bool kept = session_record_outcome(ctx, &job->outcome);

		if (job->outcome.abandoned)
			sb_printf(&job->text, "%sunfinished %s game counted as a loss",
				  sb_str(&job->text)[0] ? "\n" : "", job->outcome.game);
		if (kept)
			sb_printf(&job->text, "%sstatistics " ACCOUNTS_KEPT,
				  sb_str(&job->text)[0] ? "\n" : "");
	}
}

void session_job_stop(struct session_job *job)
{
	atomic_store(&job->stop, true);
}

void session_job_free(struct session_job *job)
{
	if (!job)
		return;
	job->ctx.game->ops->destroy(job->ctx.game);
	cfg_unref(job->ctx.cfg);
	sb_free(&job->text);
	tally_free(&job->tally);
	if (job->cmd && (job->cmd->flags & GTP_SECRET))
		sodium_memzero(job->line, job->line_len);
	free(job->line);
	free(job);
}

/* The end of a streamed reply: its "=ID" line is out, so only the text
 * (success or failure message) and the empty line remain. */
static void finish_stream(const struct session_job *job, struct strbuf *wire)
{
	const char *text = sb_str(&job->text);
	size_t n = strlen(text);

	while (n > 0 && text[n - 1] == '\n')
		n--;
	if (n > 0) {
		sb_append(wire, text, n);
		sb_puts(wire, "\n");
	}
	sb_puts(wire, "\n");
}

void session_job_refuse(struct session_job *job, struct strbuf *wire)
{
	if (job->record_only) {
		/* The command has been applied; only its statistics (or its
		 * result line) are lost. */
		if (job->has_outcome)
			log_msg(LOG_WARN, "statistics of %s not written: server busy",
				job->ctx.player.name);
		gtp_format_reply(wire, &job->req, job->status, sb_str(&job->text));
	} else {
		gtp_format_reply(wire, &job->req, GTP_FAIL, "server busy");
	}
	session_job_free(job);
}

/* A planned move's lateness, measured as its reply is formatted (the
 * loop writes it at once): how long after its line it answers, against
 * the hard limit it was given. */
void session_note_lag(struct session *s, double arrival)
{
	double planned = s->lag.planned;

	timeman_lag_observe(&s->lag, monotime_now() - arrival);
	if (planned > 0)
		log_msg(LOG_DEBUG, "move answered %.3f s after its line, hard limit %.3f s",
			s->lag.last_reply, planned);
}

void session_job_finish(struct session *s, struct session_job *job, bool ran,
			struct strbuf *wire)
{
	if (!ran) {
		gtp_format_reply(wire, &job->req, GTP_FAIL, "interrupted");
	} else {
		struct game *old = s->game;
		struct config *job_cfg = job->ctx.cfg;

		struct tally t = s->tally;

		job->ctx.cfg = s->cfg; /* a job never changes the configuration */
		s->tally = job->tally; /* the job's view of the moves */
		job->tally = t;        /* the old one, freed with the job */
		session_adopt(s, &job->ctx, job->player);
		session_note_lag(s, job->ctx.arrival);
		job->ctx.game = old;     /* freed with the job */
		job->ctx.cfg = job_cfg;  /* the job's own reference, dropped with it */
		if (job->streamed)
			finish_stream(job, wire);
		else
			gtp_format_reply(wire, &job->req, job->status, sb_str(&job->text));
	}
	session_job_free(job);
}
