/* The GTP front end: every line goes to the connection's session; a slow
 * command becomes a job on the workers, and lines that arrive meanwhile
 * wait their turn (a streaming command is stopped by the first of them).
 * When the connection ends, an owner's unfinished game is autosaved on a
 * final job (frontend.h). */
#include "frontend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtp.h"
#include "session.h"
#include "util/xalloc.h"

struct gtp_fe {
	struct fe_conn *conn;     /* where replies go */
	struct session *session;  /* the client's state */
	struct session_job *job;  /* the slow command in flight, or NULL */
	struct session_job *held; /* a finished job whose reply waits (fe_hold) */
	bool final;               /* job is the session's autosave: it is ending */
	bool pondering;           /* job thinks on the opponent's time: no reply */
	struct strbuf wire;       /* framed replies being produced */
};

/* Framed replies larger than this leave no buffer behind them. */
#define GTP_FE_WIRE_KEEP 4096

static void flush(struct gtp_fe *g)
{
	if (g->wire.len > 0)
		fe_write(g->conn, g->wire.buf, g->wire.len);
	sb_trim(&g->wire, GTP_FE_WIRE_KEEP);
}

static void *gtp_open(struct fe_conn *c, const struct fe_info *info)
{
	struct gtp_fe *g = xcalloc(1, sizeof(*g));

	g->conn = c;
	g->session = session_new(info->seed);
	g->session->confine_files = info->confined;
	g->session->files_dir = info->files_dir;
	g->session->owner = info->owner;
	g->session->owner_autosaves = info->autosave;
	g->session->data_dir = info->data_dir ? info->data_dir : "";
	g->session->accounts = info->accounts;
	snprintf(g->session->address, sizeof(g->session->address), "%s",
		 info->address ? info->address : "");
	return g;
}

static void start_job(struct gtp_fe *g, struct session_job *job)
{
	g->job = job;
	fe_start_session_job(g->conn, job);
}

/* Whether a line is GoGui's "# interrupt" (gogui-interrupt): blanks
 * around the comment allowed. */
static bool is_interrupt(const char *line, size_t len)
{
	static const char word[] = "# interrupt";
	size_t start = 0, n = sizeof(word) - 1;

	while (start < len && (line[start] == ' ' || line[start] == '\t'))
		start++;
	while (len > start && (line[len - 1] == ' ' || line[len - 1] == '\t' ||
			       line[len - 1] == '\r'))
		len--;
	return len - start == n && !memcmp(line + start, word, n);
}

/* A line while a job runs waits; it stops a streaming job, and GoGui's
 * "# interrupt" any job (genmove then answers its best move so far). */
static enum fe_step wait_for_job(struct gtp_fe *g, bool interrupt)
{
	if (g->job && (interrupt || session_job_streams(g->job))) /* not while a reply is held */
		fe_stop_job(g->conn);
	return FE_LATER;
}

static enum fe_step gtp_line(void *st, char *line, size_t len, double arrival, bool busy)
{
	struct gtp_fe *g = st;
	struct session_job *job = NULL;

	if (busy)
		return wait_for_job(g, is_interrupt(line, len));
	switch (session_handle_line(g->session, line, len, arrival, &g->wire, &job)) {
	case SESSION_NONE:
		return FE_DONE;
	case SESSION_JOB:
		start_job(g, job);
		return FE_DONE;
	case SESSION_QUIT:
		flush(g);
		return FE_CLOSE;
	case SESSION_REPLY:
		break;
	}
	flush(g);
	return FE_DONE;
}

static enum fe_step gtp_too_long(void *st, const char *prefix, size_t len, bool busy)
{
	struct gtp_fe *g = st;

	if (busy)
		return wait_for_job(g, false);
	gtp_reply_too_long(&g->wire, prefix, len);
	flush(g);
	return FE_DONE;
}

/* After the engine's move, on stdin: think on the opponent's time when
 * the level says so, until the next line. Not over TCP, where the search
 * workers are shared: a pondering session would hold one for nothing. */
static void start_ponder(struct gtp_fe *g)
{
	struct session_job *job;

	if (!fe_is_stdio(g->conn) || !(job = session_ponder_job(g->session)))
		return;
	g->pondering = true;
	start_job(g, job);
}

static void gtp_job_done(void *st, bool ran)
{
	struct gtp_fe *g = st;
	struct session_job *job = g->job;

	g->job = NULL;
	if (g->final) {
		session_autosave_done(job, ran);
		return;
	}
	if (g->pondering) {
		g->pondering = false;
		session_ponder_done(job, ran);
		return;
	}
	if (!ran && fe_job_refused(g->conn)) {
		session_job_refuse(job, &g->wire);
		flush(g);
		return;
	}
	if (g->held) { /* the hold is over */
		job = g->held;
		g->held = NULL;
	} else if (ran && session_job_reply_delay(job) > 0) {
		g->held = job; /* a failed login: the answer waits */
		fe_hold(g->conn, session_job_reply_delay(job));
		return;
	}
	bool moved = ran && session_job_engine_moved(job);

	session_job_finish(g->session, job, ran, &g->wire);
	flush(g);
	if (moved)
		start_ponder(g);
}

/* A client that has gone (a WebSocket closed) gets no answer: its search
 * stops now. A stdio controller or a TCP client that closes its input
 * still gets the reply; a streaming command, which runs until the next
 * line, ends as no line will come. */
static void gtp_input_ended(void *st, bool busy)
{
	struct gtp_fe *g = st;

	if (busy && (fe_hung_up(g->conn) || (g->job && session_job_streams(g->job))))
		fe_stop_job(g->conn);
}

/* The session ends (quit, end of input, the client gone, idle timeout,
 * shutdown): an owner's unfinished game goes to the autosave slot, off the
 * loop, on a job nothing stops. */
static void gtp_ending(void *st)
{
	struct gtp_fe *g = st;
	struct session_job *job = session_autosave_job(g->session);

	if (!job)
		return;
	g->job = job;
	g->final = true;
	fe_start_final_session_job(g->conn, job);
}

static void gtp_close(void *st)
{
	struct gtp_fe *g = st;

	if (g->held) /* the loop ended during a hold: its reply goes nowhere */
		session_job_free(g->held);
	session_free(g->session);
	sb_free(&g->wire);
	free(g);
}

const struct frontend_ops frontend_gtp = {
	.name = "gtp",
	.open = gtp_open,
	.line = gtp_line,
	.too_long = gtp_too_long,
	.job_done = gtp_job_done,
	.input_ended = gtp_input_ended,
	.close = gtp_close,
	.ending = gtp_ending,
	.secret_head = session_line_is_secret,
};
