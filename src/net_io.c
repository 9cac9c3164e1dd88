/* A connection's lines in and replies out: lines framed from its input
 * are offered to the front end in order (held while a job runs, when the
 * front end says FE_LATER); replies and the lines a job emits (the emit
 * queue, filled from a worker by fe_emit) go to its socket or transport,
 * under the caps on unread output (OUT_HIGH_WATER: stop reading;
 * max_output: drop the client). struct fe_conn: net_conn.h. */
#include "net_conn.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "log.h"
#include "util/monotime.h"

/* A connection's line and emitted-lines buffers larger than this are
 * given back once used, as its session's reply buffers are: an idle
 * session keeps only small ones. */
#define LINE_KEEP 4096

size_t conn_output_length(const struct fe_conn *c)
{
	if (c->tr)
		return c->tr->backlog(c->tr_state);
	return evbuffer_get_length(bufferevent_get_output(c->out));
}

void conn_reading(struct fe_conn *c, bool on)
{
	if (c->tr) {
		c->tr->reading(c->tr_state, on);
		return;
	}
	if (c->reading == on) /* conn_process asks after every batch */
		return;
	c->reading = on;
	if (on)
		bufferevent_enable(c->in, EV_READ);
	else
		bufferevent_disable(c->in, EV_READ);
}

/* Whether replies are written by conn_push rather than by the
 * bufferevent's write event: a TCP session's. */
static bool pushes(const struct fe_conn *c)
{
	return !c->tr && !c->stdio;
}

bool net_push_output(struct bufferevent *bev)
{
	struct evbuffer *out = bufferevent_get_output(bev);
	if (evbuffer_get_length(out) == 0)
		return true;
	/* The bufferevent keeps its output's start frozen but in its own
	 * write callback, which does the same around its write. */
	evbuffer_unfreeze(out, 1);
	evbuffer_write(out, bufferevent_getfd(bev));
	evbuffer_freeze(out, 1);
	if (evbuffer_get_length(out) == 0)
		return true;
	bufferevent_enable(bev, EV_WRITE);
	return false;
}

/* Write c's output now (net_push_output). Whether the socket took it all
 * (and c is alive). */
bool conn_push(struct fe_conn *c)
{
	return pushes(c) && !c->dead && net_push_output(c->out);
}

/* Loop thread: what the backlog is now, for fe_emit's back-pressure. */
void conn_note_backlog(struct fe_conn *c)
{
	pthread_mutex_lock(&c->emit_lock);
	c->out_backlog = conn_output_length(c);
	if (c->out_backlog <= OUT_HIGH_WATER)
		pthread_cond_broadcast(&c->emit_room);
	pthread_mutex_unlock(&c->emit_lock);
}

/* Whether len bytes of unread output pass max_output (stdio has no cap). */
static bool over_max_output(const struct fe_conn *c, size_t len)
{
	return !c->stdio && c->srv->opt.max_output > 0 && len > c->srv->opt.max_output;
}

/* Unread output past max_output: nothing more is written, and the
 * connection is dropped from the loop (not under the caller, a front end
 * in the middle of a line). */
static void output_overflow(struct fe_conn *c)
{
	log_msg(LOG_WARN, "session %llu (%s): over %zu bytes of output unread, dropping it",
		(unsigned long long)c->id, c->peer, c->srv->opt.max_output);
	c->dead = true;
	c->overflow = true;
	event_active(c->drop_ev, EV_TIMEOUT, 0);
}

/* The caps on a client's unread output, whoever queued it (replies, or a
 * transport's own frames: WebSocket pongs): past max_output the client is
 * dropped, past OUT_HIGH_WATER its input waits until it reads (then
 * conn_process reads again). Whether c may take more input. */
static bool output_room(struct fe_conn *c)
{
	size_t len = conn_output_length(c);

	if (over_max_output(c, len)) {
		output_overflow(c);
		return false;
	}
	if (len > OUT_HIGH_WATER) {
		conn_reading(c, false);
		return false;
	}
	return true;
}

/* Loop thread: data holds whole framed replies, or (lines) lines a job
 * emitted: a transport frames each of them. */
static void conn_write(struct fe_conn *c, const char *data, size_t len, bool lines)
{
	if (len == 0 || c->dead)
		return;
	if (over_max_output(c, conn_output_length(c) + len)) {
		output_overflow(c);
		return;
	}
	if (c->tr) {
		c->tr->send(c->tr_state, data, len, lines);
		return;
	}
	bufferevent_write(c->out, data, len);
	if (!c->in_process) /* else conn_process pushes the batch at its end */
		conn_push(c);
}

void fe_write(struct fe_conn *c, const char *data, size_t len)
{
	conn_write(c, data, len, false);
}

/* The emitted lines change buffers under the lock and are written outside
 * it: a job emitting meanwhile never waits for a socket write (or a
 * WebSocket's framing). They count in the backlog from the swap on, so
 * that fe_emit's back-pressure sees them while they are written. */
void conn_flush_emitted(struct fe_conn *c)
{
	struct strbuf spare = c->writing;

	pthread_mutex_lock(&c->emit_lock);
	c->writing = c->emitted;
	c->emitted = spare;
	c->out_backlog += c->writing.len;
	pthread_mutex_unlock(&c->emit_lock);
	conn_write(c, c->writing.buf, c->writing.len, true);
	sb_trim(&c->writing, LINE_KEEP);
	conn_note_backlog(c);
}

void conn_emit_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	conn_flush_emitted(arg);
}

void fe_emit(struct fe_conn *c, const char *line, size_t len)
{
	pthread_mutex_lock(&c->emit_lock);
	while (c->out_backlog + c->emitted.len > OUT_HIGH_WATER && c->job_stop &&
	       !atomic_load(c->job_stop))
		pthread_cond_wait(&c->emit_room, &c->emit_lock);
	sb_append(&c->emitted, line, len);
	sb_append(&c->emitted, "\n", 1);
	pthread_mutex_unlock(&c->emit_lock);
	event_active(c->emit_ev, EV_READ, 0);
}

/* Debug: the line received, its secret arguments masked (a password is
 * never logged: "login ******", however the line is spelled; log_msg
 * escapes its control bytes). */
static void log_line(const struct fe_conn *c)
{
	const char *line = c->line.buf ? c->line.buf : "";
	size_t head = c->line.len;
	bool secret = c->fe->secret_head && c->fe->secret_head(line, c->line.len, &head);

	log_msg(LOG_DEBUG, "session %llu <- %.*s%s", (unsigned long long)c->id,
		(int)(head < 200 ? head : 200), line, secret ? " ******" : "");
}

/* Offer the current line to the front end; false when processing must
 * pause (FE_LATER, or the connection is closing). */
static bool conn_offer(struct fe_conn *c)
{
	enum fe_step step;

	if (c->line_kind == FRAMER_TOO_LONG) {
		step = c->fe->too_long(c->fe_state, c->line.buf, c->line.len, c->busy);
	} else {
		if (log_enabled(LOG_DEBUG) && !c->line_pending)
			log_line(c);
		step = c->fe->line(c->fe_state, c->line.buf, c->line.len, c->line_arrival, c->busy);
	}
	c->line_pending = step == FE_LATER;
	if (step == FE_CLOSE)
		c->closing = true;
	if (step == FE_DONE && !c->busy)
		conn_touch_at(c, c->line_arrival);
	return step == FE_DONE;
}

/* Offer buffered lines in order until one must wait for the job, the
 * input runs dry, or the client stops reading its output (then false). */
static bool offer_lines(struct fe_conn *c)
{
	double now = 0; /* one clock reading a batch: its lines arrived together */

	while (!c->closing && !c->dead) {
		if (!output_room(c))
			return false;
		if (!c->line_pending) {
			enum framer_result r = framer_next(&c->framer, &c->line, c->eof);

			if (r == FRAMER_NONE) {
				if (c->eof && !c->busy)
					c->closing = true;
				break;
			}
			c->line_kind = r;
			if (now == 0)
				now = monotime_now();
			c->line_arrival = now;
		}
		if (!conn_offer(c))
			break;
		sb_trim(&c->line, LINE_KEEP); /* a long line leaves no buffer behind */
	}
	return true;
}

/* Offer the buffered lines, read on unless the output is full, and write
 * the batch's replies together (conn_push). Output that filled up is
 * written at once; if the socket takes it all, the lines go on (no write
 * event would come back to say the output drained). */
void conn_process(struct fe_conn *c)
{
	bool outer = !c->in_process, room;

	c->in_process = true;
	while (!(room = offer_lines(c)) && outer && conn_push(c))
		;
	if (room && !c->eof && !c->closing && !c->dead)
		conn_reading(c, true);
	if (outer) {
		c->in_process = false;
		conn_push(c);
	}
	if (room)
		conn_maybe_close(c);
}

void conn_input_ended(struct fe_conn *c)
{
	if (c->eof)
		return;
	c->eof = true;
	conn_reading(c, false);
	conn_watch_reset(c);
	if (c->fe->input_ended)
		c->fe->input_ended(c->fe_state, c->busy);
	conn_process(c);
}

void net_input(struct fe_conn *c)
{
	conn_process(c);
}

void net_input_ended(struct fe_conn *c)
{
	conn_input_ended(c);
}

void net_output_queued(struct fe_conn *c)
{
	if (!c->dead)
		output_room(c);
}

void net_drained(struct fe_conn *c)
{
	conn_note_backlog(c);
	conn_process(c);
}
