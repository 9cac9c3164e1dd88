#include "frontend.h"

#include <string.h>

#include "frontend_gomocup.h"
#include "frontend_uai.h"
#include "session.h"

static const struct frontend_ops *const frontends[] = {
	&frontend_gtp,
	&frontend_uai,
	&frontend_gomocup,
	NULL,
};

const struct frontend_ops *frontend_find(const char *name)
{
	for (int i = 0; frontends[i]; i++)
		if (strcmp(frontends[i]->name, name) == 0)
			return frontends[i];
	return NULL;
}

/* Worker thread. */
static void run_session_job(void *job)
{
	session_job_run(job);
}

/* Worker thread: a line the job writes ahead of its end. */
static void emit_to_conn(void *conn, const char *line, size_t len)
{
	fe_emit(conn, line, len);
}

/* The workers a session's job goes to. */
static enum fe_queue job_queue(const struct session_job *job)
{
	switch (session_job_queue(job)) {
	case SESSION_QUEUE_SHORT:
		return FE_QUEUE_SHORT;
	case SESSION_QUEUE_DB:
		return FE_QUEUE_DB;
	default:
		return FE_QUEUE_SEARCH;
	}
}

void fe_start_session_job(struct fe_conn *c, struct session_job *job)
{
	enum fe_queue q = job_queue(job);
	enum worker_kind kind = session_job_is_move(job)   ? WORKER_MOVE
				: session_job_is_long(job) ? WORKER_LONG : WORKER_PLAIN;

	session_job_set_emit(job, emit_to_conn, c);
	(session_job_streams(job) ? fe_start_stream_job : fe_start_job)(
		c, q, kind, run_session_job, job, session_job_stop_flag(job), session_job_deadline(job));
}

void fe_start_final_session_job(struct fe_conn *c, struct session_job *job)
{
	fe_start_final_job(c, job_queue(job), run_session_job, job);
}
