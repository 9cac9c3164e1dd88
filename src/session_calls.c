/* The jobs of no command line: a front end's call (UAI, Gomocup;
 * session_call in session.h) and pondering after the engine's move. Each
 * runs as a row of no table, so that it is queued, planned, stopped and
 * given up like the GTP command it resembles. */
#include "session.h"

#include "cfg.h"
#include "log.h"
#include "session_int.h"

/* What a front end's call runs as: rows of no table, so that it is
 * queued, planned and given up like genmove (a move) or an analysis (a
 * long job). */
static const struct gtp_command call_rows[] = {
	[SESSION_CALL_MOVE] = { "call", NULL, 0, 0, GTP_SLOW | GTP_ENGINE_MOVE, 0, "", "" },
	[SESSION_CALL_LONG] = { "call", NULL, 0, 0, GTP_SLOW, 0, "", "" },
};

struct session_job *session_call_job(const struct session *s, const struct session_call *call,
				     double arrival)
{
	struct session_job *job = session_job_new(s, "call", arrival);

	job->cmd = &call_rows[call->kind];
	job->call = *call;
	if (call->clock) {
		job->clock = *call->clock;
		job->ctx.move_clock = &job->clock;
	}
	if (call->level) {
		job->level = *call->level;
		job->ctx.own_level = &job->level;
	}
	return job;
}

void session_call_finish(struct session *s, struct session_job *job, bool ran)
{
	if (ran) {
		struct game *old = s->game;
		struct config *job_cfg = job->ctx.cfg;

		job->ctx.cfg = s->cfg; /* a job never changes the configuration */
		session_adopt(s, &job->ctx, job->player);
		job->ctx.game = old;    /* freed with the job */
		job->ctx.cfg = job_cfg; /* the job's own reference, dropped with it */
	}
	if (job->call.kind == SESSION_CALL_MOVE)
		session_note_lag(s, job->ctx.arrival);
	session_job_free(job);
}

/* What a ponder job runs as: a streaming row of no table, so that it is
 * queued and stopped like an analysis. */
static const struct gtp_command ponder_row = { "ponder", NULL, 0, 0, GTP_SLOW | GTP_STREAM, 0,
					       "", "" };

struct session_job *session_ponder_job(const struct session *s)
{
	if (!s->game)
		return NULL;
	const struct cfg_game *gc = s->cfg ? cfg_game(s->cfg, s->game->ops->name) : NULL;
	const struct game_level *lv = gc && s->level >= 0 && s->level < gc->nlevels
					      ? &gc->levels[s->level] : NULL;

	if (!lv || !lv->ponder || !s->game->ops->ponder ||
	    (s->game->ops->is_over && s->game->ops->is_over(s->game)))
		return NULL;
	struct session_job *job = session_job_new(s, "ponder", 0);

	job->cmd = &ponder_row;
	job->ponder = true;
	return job;
}

void session_ponder_done(struct session_job *job, bool ran)
{
	const char *unit = job->ctx.game->ops->ponder_unit;

	if (ran)
		log_msg(LOG_INFO, "pondered %ld %s on the opponent's time", job->pondered,
			unit ? unit : "playouts");
	session_job_free(job);
}
