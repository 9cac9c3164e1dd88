#include "net.h"

#include <arpa/inet.h>
#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <linux/sockios.h>
#include <unistd.h>

#include "cfg.h"
#include "framer.h"
#include "gtp.h"
#include "log.h"
#include "frontend.h"
#include "http.h"
#include "util/listen.h"
#include "util/monotime.h"
#include "util/xalloc.h"
#include "worker.h"

#ifndef TAILQ_FOREACH_SAFE /* glibc's sys/queue.h lacks it */
#define TAILQ_FOREACH_SAFE(var, head, field, tvar)                            \
	for ((var) = TAILQ_FIRST(head); (var) && ((tvar) = TAILQ_NEXT(var, field), 1); \
	     (var) = (tvar))
#endif

/* Output buffered for a client beyond which its input is not read until the
 * client reads (back-pressure); and the input read ahead beyond a line. */
#define OUT_HIGH_WATER (256 * 1024)
#define IN_READ_AHEAD (16 * 1024)
/* conn_close: a TCP client that keeps its side open after quit is reset
 * once it has acknowledged the last reply and had NET_LINGER_READ seconds
 * to read it, or after NET_LINGER_MAX whatever it acknowledged. */
#define NET_LINGER_READ 0.3
#define NET_LINGER_MAX 2.0
#define NET_LINGER_POLL_US 20000

struct server;

struct fe_conn {
	struct server *srv;        /* owner */
	uint64_t id;               /* session id for logs */
	char peer[64];             /* "HOST:PORT", or "stdio" */
	char address[64];          /* the peer's address without its port ("" for stdio) */
	uint64_t owner;            /* key of the peer's address, for worker shares */
	struct net_slot *slot;     /* its place under the caps; NULL for stdio */
	bool stdio;                /* served on fd 0/1 */
	struct bufferevent *in;    /* input (and output for TCP); NULL with tr */
	struct bufferevent *out;   /* output: == in for TCP, fd 1 for stdio */
	const struct net_transport_ops *tr; /* a WebSocket's transport, or NULL */
	void *tr_state;            /* its state */
	struct line_framer framer; /* splits in's input */
	const struct frontend_ops *fe; /* the protocol */
	void *fe_state;            /* its per-connection state */
	struct strbuf line;        /* the line being offered */
	bool line_pending;         /* line was answered FE_LATER: offer it again */
	enum framer_result line_kind; /* FRAMER_LINE or FRAMER_TOO_LONG */
	double line_arrival;       /* when line was framed */
	bool busy;                 /* a job is in flight */
	worker_fn run;             /* the job's work, for conn_run */
	void *run_arg;             /* its argument */
	atomic_bool *job_stop;     /* its stop flag */
	struct event *deadline_ev; /* sets job_stop at the job's deadline */
	struct event *hold_ev;     /* ends a hold (fe_hold) */
	bool holding;              /* busy with a hold, not a job */
	bool refused;              /* busy with a job refused for a full queue:
				    * refuse_ev answers it as dropped, unrun */
	struct event *refuse_ev;   /* delivers a refused job's job_done */
	struct event *drop_ev;     /* drops a client past max_output, from the loop */
	struct event *idle_ev;     /* idle timeout, TCP only */
	struct event *linger_ev;   /* conn_close's wait for the client's ack */
	double linger_since;       /* when conn_close began to wait */
	pthread_mutex_t emit_lock; /* guards emitted and the fields below it */
	pthread_cond_t emit_room;  /* the backlog went down, or the job stopped */
	struct strbuf emitted;     /* lines a job emitted, not yet written */
	size_t out_backlog;        /* output buffered, as last seen by the loop */
	struct event *emit_ev;     /* moves emitted into the output */
	bool eof;                  /* no more input will come */
	bool closing;              /* close once output is flushed and no job runs */
	bool dead;                 /* transport failed (or idle timeout): free when
				    * the job returns, whatever the output holds */
	bool ended;                /* ops->ending was called: only its final job
				    * may still run, then the connection is freed */
	bool idle;                 /* ended by the idle timeout */
	bool overflow;             /* dropped past max_output */
	TAILQ_ENTRY(fe_conn) link; /* in server.conns */
};

/* A connection's place under server.max_connections and
 * max_connections_per_address. Held by every client connection, whatever
 * carries it: a TCP session (fe_conn), a WebSocket's session (fe_conn as
 * well) and a plain HTTP connection (http.c, until it becomes a
 * WebSocket's); so one count serves all the doors. */
struct net_slot {
	uint64_t owner;              /* key of the peer's address */
	TAILQ_ENTRY(net_slot) link;  /* in server.slots */
};

/* What a server handles: SIGINT and SIGTERM stop it, SIGHUP reloads. */
static const int server_signals[3] = { SIGINT, SIGTERM, SIGHUP };

struct server {
	struct event_base *base;          /* the one loop */
	struct worker_pool *pools[FE_QUEUE_COUNT]; /* searches, short blocking
					   * jobs, the database: by enum fe_queue */
	struct evconnlistener *listener;  /* TCP mode, until shutdown */
	struct http_server *http;         /* --http's server, or NULL */
	bool stdio;                       /* serving stdin/stdout, not sockets */
	struct net_options opt;           /* limits */
	TAILQ_HEAD(, fe_conn) conns;      /* live connections */
	int nconns;                       /* their number */
	TAILQ_HEAD(, net_slot) slots;     /* places under the caps */
	int nslots;                       /* their number */
	uint64_t next_id;                 /* for conn ids */
	struct event *signals[3];         /* server_signals' */
	struct event *grace_ev;           /* shutdown deadline */
	double stop_time;                 /* when shutdown began */
	bool stopping;                    /* shutting down */
	bool pools_closed;                /* the pools are shutting down: no final jobs */
	bool reloading;                   /* a SIGHUP reload job is in flight */
};

static void conn_process(struct fe_conn *c);
static void conn_end(struct fe_conn *c);
static void conn_touch(struct fe_conn *c);

static size_t output_length(const struct fe_conn *c)
{
	if (c->tr)
		return c->tr->backlog(c->tr_state);
	return evbuffer_get_length(bufferevent_get_output(c->out));
}

/* Read the client's input, or stop reading it. */
static void conn_reading(struct fe_conn *c, bool on)
{
	if (c->tr)
		c->tr->reading(c->tr_state, on);
	else if (on)
		bufferevent_enable(c->in, EV_READ);
	else
		bufferevent_disable(c->in, EV_READ);
}

/* Why a transport's connection ends, for its close message. */
static enum net_end end_reason(const struct fe_conn *c)
{
	if (c->srv->stopping)
		return NET_END_SHUTDOWN;
	if (c->idle)
		return NET_END_IDLE;
	if (c->overflow)
		return NET_END_OVERFLOW;
	return c->dead ? NET_END_LOST : NET_END_NORMAL;
}

static void server_check_done(struct server *srv)
{
	if (srv->stopping && srv->nconns == 0)
		event_base_loopexit(srv->base, NULL);
}

static void conn_free(struct fe_conn *c)
{
	struct server *srv = c->srv;

	log_msg(LOG_INFO, "session %llu closed (%s)", (unsigned long long)c->id, c->peer);
	TAILQ_REMOVE(&srv->conns, c, link);
	srv->nconns--;
	net_slot_free(srv, c->slot);
	c->fe->close(c->fe_state);
	if (c->idle_ev)
		event_free(c->idle_ev);
	if (c->linger_ev)
		event_free(c->linger_ev);
	event_free(c->deadline_ev);
	event_free(c->hold_ev);
	event_free(c->emit_ev);
	event_free(c->refuse_ev);
	event_free(c->drop_ev);
	if (c->tr) {
		c->tr->detach(c->tr_state, end_reason(c));
	} else {
		if (c->out != c->in)
			bufferevent_free(c->out);
		bufferevent_free(c->in);
	}
	pthread_cond_destroy(&c->emit_room);
	pthread_mutex_destroy(&c->emit_lock);
	sb_free(&c->emitted);
	sb_free(&c->line);
	free(c);
	if (srv->stdio && !srv->stopping)
		event_base_loopexit(srv->base, NULL); /* stdio mode: its one session ended */
	server_check_done(srv);
}

/* Set the job's stop flag and wake an emit waiting for room. A final
 * job has none: nothing stops it. */
/* Whether nobody waits for c's answers any more: the transport is gone,
 * a TCP client ended its input (a half-closed client still gets its
 * replies, but a queued job of its is dropped as for a gone one), or the
 * server is going down. */
static bool conn_gone(const struct fe_conn *c)
{
	return c->dead || (c->eof && !c->stdio) || c->srv->stopping;
}

static void conn_stop_job(struct fe_conn *c)
{
	if (c->holding) {
		event_active(c->hold_ev, EV_TIMEOUT, 0); /* ends now */
		return;
	}
	if (!c->busy || !c->job_stop)
		return;
	if (conn_gone(c)) {
		/* Nobody waits for the answer: a queued job goes unrun, even a
		 * move (which a deadline would have run at once). */
		for (int q = 0; q < FE_QUEUE_COUNT; q++)
			worker_pool_cancel(c->srv->pools[q], c->job_stop);
	}
	pthread_mutex_lock(&c->emit_lock);
	atomic_store(c->job_stop, true);
	pthread_cond_broadcast(&c->emit_room);
	pthread_mutex_unlock(&c->emit_lock);
	/* Queued behind other work, it is answered now, not when a worker
	 * frees (done comes through the pool's event, never from here). */
	for (int q = 0; q < FE_QUEUE_COUNT; q++)
		worker_pool_kick(c->srv->pools[q]);
}

void fe_stop_job(struct fe_conn *c)
{
	conn_stop_job(c);
}

/* The transport is gone: end c now, or when its job returns. */
static void conn_drop(struct fe_conn *c)
{
	c->dead = true;
	if (c->busy)
		conn_stop_job(c);
	else
		conn_end(c);
}

/* End c once it is closing and no job runs. */
static void conn_maybe_close(struct fe_conn *c)
{
	if (c->closing && !c->busy)
		conn_end(c);
}

/* conn_close's timer: free c with a reset once the client has
 * acknowledged every byte and the FIN (SIOCOUTQ 0) and had time to read
 * them (a reset that arrives first makes nc drop what it has not read),
 * or the wait is over. */
static void linger_cb(evutil_socket_t unused, short what, void *arg)
{
	struct fe_conn *c = arg;
	evutil_socket_t fd = bufferevent_getfd(c->in);
	struct timeval poll = { 0, NET_LINGER_POLL_US };
	struct linger reset = { 1, 0 };
	double waited = monotime_now() - c->linger_since;
	int unacked = 0;

	(void)unused, (void)what;
	if (ioctl(fd, SIOCOUTQ, &unacked) < 0)
		unacked = 0;
	if (!c->srv->stopping && waited < NET_LINGER_MAX &&
	    (unacked > 0 || waited < NET_LINGER_READ)) {
		evtimer_add(c->linger_ev, &poll);
		return;
	}
	setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof(reset));
	conn_free(c);
}

/* Free c, whose output is flushed. A TCP session that ended by quit while
 * the client keeps its own side open is closed so that the client sees
 * the end: nc without -N goes on reading its terminal after a plain close
 * (it sees only the FIN) and returns only on a reset. So: a FIN after the
 * last reply (shutdown), then, once the client has acknowledged it all
 * and had NET_LINGER_READ seconds to read it, a reset (SO_LINGER 0); at
 * most NET_LINGER_MAX seconds, and none in a shutdown. A client that
 * closed its side first (end of input), a dead transport and stdio are
 * just freed. */
static void conn_close(struct fe_conn *c)
{
	evutil_socket_t fd = c->stdio || c->tr ? -1 : bufferevent_getfd(c->in);

	if (c->linger_ev)
		return; /* lingering already: linger_cb frees it */
	if (fd < 0 || c->dead || c->eof || c->srv->stopping || shutdown(fd, SHUT_WR) < 0) {
		conn_free(c);
		return;
	}
	c->linger_since = monotime_now();
	c->linger_ev = evtimer_new(c->srv->base, linger_cb, c);
	if (c->idle_ev)
		evtimer_del(c->idle_ev);
	linger_cb(-1, 0, c);
}

/* The connection ends (no job runs): first the front end's last word,
 * ops->ending, which may start a final job; c is freed once that job has
 * returned and its output is flushed (at once when the transport is dead;
 * a TCP client that never reads it is freed by the idle timer). Reading
 * stops for good. */
static void conn_end(struct fe_conn *c)
{
	if (!c->ended) {
		c->ended = true;
		c->closing = true;
		conn_reading(c, false);
		if (c->fe->ending && !c->srv->pools_closed)
			c->fe->ending(c->fe_state);
	}
	if (c->busy)
		return; /* the final job: job_done comes back here */
	if (c->dead || output_length(c) == 0)
		conn_close(c);
	else
		conn_touch(c);
}

static void conn_touch(struct fe_conn *c)
{
	if (c->idle_ev && c->srv->opt.idle_timeout > 0 && !c->busy) {
		struct timeval tv = { c->srv->opt.idle_timeout, 0 };

		evtimer_add(c->idle_ev, &tv);
	}
}

/* Loop thread: what the backlog is now, for fe_emit's back-pressure. */
static void note_backlog(struct fe_conn *c)
{
	pthread_mutex_lock(&c->emit_lock);
	c->out_backlog = output_length(c);
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
	size_t len = output_length(c);

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
	if (over_max_output(c, output_length(c) + len)) {
		output_overflow(c);
		return;
	}
	if (c->tr)
		c->tr->send(c->tr_state, data, len, lines);
	else
		bufferevent_write(c->out, data, len);
}

void fe_write(struct fe_conn *c, const char *data, size_t len)
{
	conn_write(c, data, len, false);
}

bool fe_job_refused(const struct fe_conn *c)
{
	return c->refused;
}

bool fe_is_stdio(const struct fe_conn *c)
{
	return c->stdio;
}

/* Loop thread: write what the job emitted so far. */
static void flush_emitted(struct fe_conn *c)
{
	pthread_mutex_lock(&c->emit_lock);
	conn_write(c, c->emitted.buf, c->emitted.len, true);
	sb_reset(&c->emitted);
	pthread_mutex_unlock(&c->emit_lock);
	note_backlog(c);
}

static void emit_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	flush_emitted(arg);
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

static void job_done(void *arg, bool ran)
{
	struct fe_conn *c = arg;

	evtimer_del(c->deadline_ev);
	if (!ran)
		log_msg(LOG_INFO, "session %llu: job dropped before it ran", (unsigned long long)c->id);
	flush_emitted(c);
	c->busy = false;
	c->job_stop = NULL;
	c->fe->job_done(c->fe_state, ran);
	c->refused = false;
	if (c->dead || c->ended) {
		conn_end(c); /* ends it (a final job may start), or frees it */
		return;
	}
	conn_touch(c);
	conn_process(c);
}

/* Worker thread: the job's work. The connection outlives its job (see
 * dead), and only the loop clears run after done. */
static void conn_run(void *arg)
{
	struct fe_conn *c = arg;

	c->run(c->run_arg);
}

static void deadline_cb(evutil_socket_t fd, short what, void *arg)
{
	struct fe_conn *c = arg;

	(void)fd, (void)what;
	log_msg(LOG_INFO, "session %llu: job reached its deadline, stopping it",
		(unsigned long long)c->id);
	conn_stop_job(c);
}

/* Loop thread: a refused job ends as one dropped unrun. */
static void refuse_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	job_done(arg, false);
}

static void drop_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	conn_drop(arg);
}

/* Whether a TCP client's job finds pool's queue full (server.max_queue):
 * then it is refused, so a flood of jobs costs a reply, not memory. A
 * stdio session has one job at most: never refused. */
static bool queue_full(const struct fe_conn *c, struct worker_pool *pool)
{
	int cap = c->srv->opt.max_queue;

	return !c->stdio && cap > 0 && worker_pool_queued(pool) >= cap;
}

/* fe_start_job and fe_start_stream_job: droppable, the worker drops the
 * job unrun when its stop flag is set before it starts (never a move: it
 * owes an answer by its deadline). */
static void start_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind, worker_fn run,
		      void *arg, atomic_bool *stop, double deadline, bool droppable)
{
	struct server *srv = c->srv;
	struct worker_item item = { .run = conn_run, .done = job_done, .arg = c,
				    .stop = stop,
				    .keep = !droppable || (kind == WORKER_MOVE && !conn_gone(c)),
				    .kind = kind, .owner = c->owner };
	struct worker_pool *pool = srv->pools[q];

	c->busy = true;
	c->job_stop = stop;
	c->run = run;
	c->run_arg = arg;
	if (c->idle_ev)
		evtimer_del(c->idle_ev);
	if (queue_full(c, pool)) {
		log_msg(LOG_WARN, "session %llu (%s): job refused, %d jobs queued",
			(unsigned long long)c->id, c->peer, srv->opt.max_queue);
		c->refused = true;
		event_active(c->refuse_ev, EV_TIMEOUT, 0);
		return;
	}
	if (deadline > 0) {
		double left = deadline - monotime_now();
		struct timeval tv = { 0, 0 };

		if (left > 0) {
			tv.tv_sec = (time_t)left;
			tv.tv_usec = (suseconds_t)((left - (double)tv.tv_sec) * 1e6);
		}
		evtimer_add(c->deadline_ev, &tv);
	}
	/* A TCP client that has gone, or a server going down, gets its answer
	 * now rather than at the end of the search; so does a streaming
	 * command once the input has ended (no line will come to stop it). */
	if ((c->eof && (!c->stdio || !droppable)) || srv->stopping)
		atomic_store(stop, true);
	worker_submit(pool, &item);
}

void fe_start_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind, worker_fn run,
		  void *arg, atomic_bool *stop, double deadline)
{
	start_job(c, q, kind, run, arg, stop, deadline, true);
}

void fe_start_stream_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind,
			 worker_fn run, void *arg, atomic_bool *stop, double deadline)
{
	start_job(c, q, kind, run, arg, stop, deadline, false);
}

/* Loop thread: the hold's time is up (or it was stopped): it ends as a
 * job that ran. */
static void hold_cb(evutil_socket_t fd, short what, void *arg)
{
	struct fe_conn *c = arg;

	(void)fd, (void)what;
	if (!c->holding)
		return;
	evtimer_del(c->hold_ev);
	c->holding = false;
	job_done(c, true);
}

void fe_hold(struct fe_conn *c, double seconds)
{
	struct timeval tv = { (time_t)seconds,
			      (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6) };

	c->busy = true;
	c->holding = true;
	c->job_stop = NULL;
	if (c->idle_ev)
		evtimer_del(c->idle_ev);
	if (c->dead || c->srv->stopping)
		tv = (struct timeval){ 0, 0 };
	evtimer_add(c->hold_ev, &tv);
}

void fe_start_final_job(struct fe_conn *c, enum fe_queue q, worker_fn run, void *arg)
{
	struct worker_item item = { .run = conn_run, .done = job_done, .arg = c };
	struct server *srv = c->srv;

	c->busy = true;
	c->job_stop = NULL; /* never stopped, never dropped but at the shutdown's end */
	c->run = run;
	c->run_arg = arg;
	worker_submit(srv->pools[q], &item);
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
		conn_touch(c);
	return step == FE_DONE;
}

/* Offer buffered lines in order until one must wait for the job, the
 * input runs dry, or the client stops reading its output. */
static void conn_process(struct fe_conn *c)
{
	while (!c->closing && !c->dead) {
		if (!output_room(c))
			return;
		if (!c->line_pending) {
			enum framer_result r = framer_next(&c->framer, &c->line, c->eof);

			if (r == FRAMER_NONE) {
				if (c->eof && !c->busy)
					c->closing = true;
				break;
			}
			c->line_kind = r;
			c->line_arrival = monotime_now();
		}
		if (!conn_offer(c))
			break;
	}
	if (!c->eof && !c->closing && !c->dead)
		conn_reading(c, true);
	conn_maybe_close(c);
}

static void conn_read_cb(struct bufferevent *bev, void *arg)
{
	(void)bev;
	conn_process(arg);
}

static void conn_write_cb(struct bufferevent *bev, void *arg)
{
	struct fe_conn *c = arg;

	(void)bev;
	note_backlog(c);
	conn_process(c);
}

/* The client closed its side: what it sent is still answered. */
static void conn_input_ended(struct fe_conn *c)
{
	if (c->eof)
		return;
	c->eof = true;
	conn_reading(c, false);
	if (c->fe->input_ended)
		c->fe->input_ended(c->fe_state, c->busy);
	conn_process(c);
}

static void conn_event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct fe_conn *c = arg;

	if (what & BEV_EVENT_EOF && bev == c->in && !(what & BEV_EVENT_WRITING)) {
		conn_input_ended(c);
		return;
	}
	if ((what & BEV_EVENT_TIMEOUT) && (what & BEV_EVENT_WRITING)) {
		log_msg(LOG_WARN, "session %llu (%s): replies unread for %d s, dropping it",
			(unsigned long long)c->id, c->peer, c->srv->opt.write_timeout);
		conn_drop(c);
		return;
	}
	if (what & (BEV_EVENT_ERROR | BEV_EVENT_EOF)) {
		log_msg(LOG_INFO, "session %llu: connection lost (%s)",
			(unsigned long long)c->id, strerror(EVUTIL_SOCKET_ERROR()));
		conn_drop(c);
	}
}

static void conn_idle_cb(evutil_socket_t fd, short what, void *arg)
{
	struct fe_conn *c = arg;

	(void)fd, (void)what;
	if (c->busy)
		return;
	log_msg(LOG_INFO, "session %llu idle for %d s: closing", (unsigned long long)c->id,
		c->srv->opt.idle_timeout);
	c->dead = true; /* nothing more is written, whatever is still queued */
	c->idle = true;
	conn_end(c);
}

/* The peer's address without its port ("[::1]:5000" -> "::1"). */
static void peer_address(const char *peer, char *out, size_t len)
{
	const char *end = strrchr(peer, ':');
	size_t n = end ? (size_t)(end - peer) : strlen(peer);

	if (n >= 2 && peer[0] == '[' && peer[n - 1] == ']') {
		peer++;
		n -= 2;
	}
	snprintf(out, len, "%.*s", (int)n, peer);
}

/* A key for an address: connections from one host share one worker
 * share. FNV-1a; 0 is kept for "nobody". */
static uint64_t address_key(const char *address)
{
	uint64_t h = 14695981039346656037ULL;

	for (const char *p = address; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return h ? h : 1;
}

/* A connection with its front end open; its transport is the caller's to
 * set up (in, or tr), and it is then started with conn_start. */
static struct fe_conn *conn_alloc(struct server *srv, const char *peer, bool stdio)
{
	struct fe_conn *c = xcalloc(1, sizeof(*c));
	struct fe_info info = { .seed = srv->opt.seed + srv->next_id, .confined = !stdio,
				.files_dir = stdio ? AT_FDCWD : srv->opt.files_dir,
				.owner = stdio ? srv->opt.owner : srv->opt.tcp_owner,
				.data_dir = srv->opt.data_dir, .accounts = srv->opt.accounts };

	c->srv = srv;
	c->id = ++srv->next_id;
	snprintf(c->peer, sizeof(c->peer), "%s", peer);
	if (!stdio)
		peer_address(peer, c->address, sizeof(c->address));
	info.address = c->address;
	c->owner = stdio ? 0 : address_key(c->address);
	c->slot = stdio ? NULL : net_slot_new(srv, peer);
	c->stdio = stdio;
	c->framer.max_line = srv->opt.max_line;
	c->fe = srv->opt.frontend;
	pthread_mutex_init(&c->emit_lock, NULL);
	pthread_cond_init(&c->emit_room, NULL);
	c->deadline_ev = evtimer_new(srv->base, deadline_cb, c);
	c->hold_ev = evtimer_new(srv->base, hold_cb, c);
	c->emit_ev = event_new(srv->base, -1, 0, emit_cb, c);
	c->refuse_ev = event_new(srv->base, -1, 0, refuse_cb, c);
	c->drop_ev = event_new(srv->base, -1, 0, drop_cb, c);
	c->fe_state = c->fe->open(c, &info);
	TAILQ_INSERT_TAIL(&srv->conns, c, link);
	srv->nconns++;
	log_msg(LOG_INFO, "session %llu connected (%s)", (unsigned long long)c->id, peer);
	return c;
}

static struct fe_conn *conn_new(struct server *srv, struct bufferevent *in,
				struct bufferevent *out, const char *peer, bool stdio)
{
	struct fe_conn *c = conn_alloc(srv, peer, stdio);

	c->in = in;
	c->out = out;
	c->framer.in = bufferevent_get_input(in);
	bufferevent_setwatermark(in, EV_READ, 0, srv->opt.max_line + IN_READ_AHEAD);
	bufferevent_setcb(in, conn_read_cb, out == in ? conn_write_cb : NULL, conn_event_cb, c);
	if (out != in)
		bufferevent_setcb(out, NULL, conn_write_cb, conn_event_cb, c);
	bufferevent_enable(in, EV_READ);
	bufferevent_enable(out, EV_WRITE);
	return c;
}

size_t net_max_line(const struct server *srv)
{
	return srv->opt.max_line;
}

struct fe_conn *net_open(struct server *srv, const struct net_transport_ops *ops, void *t,
			 struct evbuffer *in, const char *peer)
{
	struct fe_conn *c = conn_alloc(srv, peer, false);

	c->tr = ops;
	c->tr_state = t;
	c->framer.in = in;
	c->idle_ev = evtimer_new(srv->base, conn_idle_cb, c);
	conn_touch(c);
	return c;
}

void net_input(struct fe_conn *c)
{
	conn_process(c);
}

void net_input_ended(struct fe_conn *c)
{
	conn_input_ended(c);
}

void net_lost(struct fe_conn *c)
{
	log_msg(LOG_INFO, "session %llu: connection lost", (unsigned long long)c->id);
	conn_drop(c);
}

void net_output_queued(struct fe_conn *c)
{
	if (!c->dead)
		output_room(c);
}

void net_drained(struct fe_conn *c)
{
	note_backlog(c);
	conn_process(c);
}

void net_format_peer(const struct sockaddr *sa, char *out, size_t len)
{
	char host[INET6_ADDRSTRLEN] = "?";
	int port = 0;

	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

		inet_ntop(AF_INET, &in->sin_addr, host, sizeof(host));
		port = ntohs(in->sin_port);
		snprintf(out, len, "%s:%d", host, port);
	} else if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;

		inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof(host));
		port = ntohs(in6->sin6_port);
		snprintf(out, len, "[%s]:%d", host, port);
	} else {
		snprintf(out, len, "?");
	}
}

void net_send_refusal(int fd, const char *text)
{
	char discard[4096];

	if (send(fd, text, strlen(text), MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		log_msg(LOG_DEBUG, "a refusal was not sent: %s", strerror(errno));
	/* Bounded: a client may be sending for ever. */
	for (int i = 0; i < 16 && recv(fd, discard, sizeof(discard), MSG_DONTWAIT) > 0; i++)
		;
}

/* Close fd after one reply, reply ("? server busy\n\n"). */
static void refuse(evutil_socket_t fd, const char *peer, const char *reply, const char *why)
{
	log_msg(LOG_WARN, "refusing %s: %s", peer, why);
	net_send_refusal(fd, reply);
	evutil_closesocket(fd);
}

/* The connections open from address (its key, peer_address's text). */
static int connections_from(const struct server *srv, uint64_t key)
{
	const struct net_slot *s;
	int n = 0;

	TAILQ_FOREACH(s, &srv->slots, link)
		n += s->owner == key;
	return n;
}

struct net_slot *net_slot_new(struct server *srv, const char *peer)
{
	struct net_slot *s = xcalloc(1, sizeof(*s));
	char address[64];

	peer_address(peer, address, sizeof(address));
	s->owner = address_key(address);
	TAILQ_INSERT_TAIL(&srv->slots, s, link);
	srv->nslots++;
	return s;
}

void net_slot_free(struct server *srv, struct net_slot *slot)
{
	if (!slot)
		return;
	TAILQ_REMOVE(&srv->slots, slot, link);
	srv->nslots--;
	free(slot);
}

const char *net_refusal(const struct server *srv, const char *peer)
{
	char address[64];

	if (srv->stopping || srv->nslots >= srv->opt.max_connections)
		return "server busy";
	peer_address(peer, address, sizeof(address));
	if (srv->opt.max_per_address > 0 &&
	    connections_from(srv, address_key(address)) >= srv->opt.max_per_address)
		return "too many connections from this address";
	return NULL;
}

/* Whether a new client from peer may connect; else it is refused with
 * the reply that says why (server.max_connections, and
 * max_connections_per_address, so one host cannot take every slot). */
static bool admit(struct server *srv, evutil_socket_t fd, const char *peer)
{
	const char *why = net_refusal(srv, peer);
	char reply[80];

	if (!why)
		return true;
	snprintf(reply, sizeof(reply), "? %s\n\n", why);
	refuse(fd, peer, reply, why);
	return false;
}

void net_set_write_timeout(const struct server *srv, struct bufferevent *bev)
{
	struct timeval tv = { srv->opt.write_timeout, 0 };

	if (srv->opt.write_timeout > 0)
		bufferevent_set_timeouts(bev, NULL, &tv);
}

static void accept_cb(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa,
		      int salen, void *arg)
{
	struct server *srv = arg;
	char peer[64];
	int one = 1;

	(void)l, (void)salen;
	net_format_peer(sa, peer, sizeof(peer));
	if (!admit(srv, fd, peer))
		return;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	struct bufferevent *bev = bufferevent_socket_new(srv->base, fd, BEV_OPT_CLOSE_ON_FREE);
	if (!bev) {
		evutil_closesocket(fd);
		return;
	}
	net_set_write_timeout(srv, bev);
	struct fe_conn *c = conn_new(srv, bev, bev, peer, false);
	c->idle_ev = evtimer_new(srv->base, conn_idle_cb, c);
	conn_touch(c);
}

static void grace_cb(evutil_socket_t fd, short what, void *arg)
{
	struct server *srv = arg;

	(void)fd, (void)what;
	log_msg(LOG_WARN, "shutdown: %d sessions still busy (a reply or a final job such as an "
			  "autosave) after %d s, closing them", srv->nconns, NET_REPLY_GRACE);
	event_base_loopexit(srv->base, NULL);
}

/* Stop accepting; let in-flight replies finish and every session's final
 * job (its autosave) run, then close every session. All within
 * NET_REPLY_GRACE; the process exits by NET_SHUTDOWN_GRACE whatever runs. */
static void server_stop(struct server *srv)
{
	struct fe_conn *c, *next;
	struct timeval grace = { NET_REPLY_GRACE, 0 };

	if (srv->stopping)
		return;
	srv->stopping = true;
	srv->stop_time = monotime_now();
	if (srv->listener) {
		net_listener_free(srv->listener);
		srv->listener = NULL;
	}
	if (srv->http)
		http_stop_accepting(srv->http);
	TAILQ_FOREACH_SAFE(c, &srv->conns, link, next) {
		c->closing = true;
		conn_reading(c, false);
		conn_stop_job(c);
		conn_maybe_close(c);
	}
	srv->grace_ev = evtimer_new(srv->base, grace_cb, srv);
	evtimer_add(srv->grace_ev, &grace);
	server_check_done(srv);
}

/* A configuration being read on a short-work worker (SIGHUP). */
struct reload_job {
	struct server *srv;    /* to apply it to */
	struct config *cfg;    /* the result, or NULL */
	char err[CFG_ERRLEN];  /* why not */
};

/* Worker thread: parse the file (libyaml may take long on a hostile one). */
static void reload_run(void *arg)
{
	struct reload_job *r = arg;

	r->cfg = r->srv->opt.reload(r->err, sizeof(r->err));
}

/* Loop thread: new sessions and new games get the file as it is now; a
 * bad file is refused and the old configuration stays. */
static void reload_done(void *arg, bool ran)
{
	struct reload_job *r = arg;
	struct server *srv = r->srv;
	struct config *cfg = r->cfg;

	srv->reloading = false;
	if (!ran || !cfg) {
		log_msg(LOG_ERROR, "SIGHUP: configuration not reloaded: %s",
			ran ? r->err : "shutting down");
		if (cfg)
			cfg_unref(cfg);
		free(r);
		return;
	}
	free(r);
	/* opt.reload has logged each key that changed, and which wait for a
	 * restart (listen, data_dir, the workers' settings). */
	cfg_set_current(cfg);
	srv->opt.max_line = (size_t)cfg->server.max_line;
	srv->opt.max_connections = cfg->server.max_connections;
	srv->opt.idle_timeout = cfg->server.idle_timeout;
	net_options_caps(&srv->opt, cfg);
	if (srv->opt.apply_log_level)
		srv->opt.apply_log_level(cfg, !srv->stdio);
	log_msg(LOG_INFO, "SIGHUP: configuration reloaded from %s", cfg->source);
	cfg_unref(cfg);
}

static void server_reload(struct server *srv)
{
	struct reload_job *r;

	if (!srv->opt.reload) {
		log_msg(LOG_ERROR, "SIGHUP: configuration not reloaded: no configuration file");
		return;
	}
	if (srv->reloading) {
		log_msg(LOG_WARN, "SIGHUP: a reload is already in progress");
		return;
	}
	r = xcalloc(1, sizeof(*r));
	r->srv = srv;
	srv->reloading = true;
	worker_submit(srv->pools[FE_QUEUE_SHORT], &(struct worker_item){ .run = reload_run,
							      .done = reload_done, .arg = r });
}

static void signal_cb(evutil_socket_t sig, short what, void *arg)
{
	struct server *srv = arg;

	(void)what;
	if (sig == SIGHUP) {
		server_reload(srv);
		return;
	}
	log_msg(LOG_INFO, "%s: shutting down", sig == SIGINT ? "SIGINT" : "SIGTERM");
	server_stop(srv);
}

void net_options_caps(struct net_options *opt, const struct config *cfg)
{
	opt->max_per_address = cfg->server.max_connections_per_address;
	opt->max_queue = cfg->server.max_queue;
	opt->write_timeout = cfg->server.write_timeout;
	opt->max_output = (size_t)cfg->server.max_output;
}

/* epoll refuses regular files and /dev/null; poll takes any descriptor. */
static bool epoll_can_watch(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

static struct event_base *make_base(bool stdio, int in_fd, int out_fd)
{
	struct event_config *cfg = event_config_new();

	if (!cfg)
		return NULL;
	if (stdio && !(epoll_can_watch(in_fd) && epoll_can_watch(out_fd)))
		event_config_avoid_method(cfg, "epoll");
	struct event_base *base = event_base_new_with_config(cfg);
	event_config_free(cfg);
	return base;
}

static int start_stdio(struct server *srv)
{
	struct bufferevent *in = bufferevent_socket_new(srv->base, srv->opt.in_fd, 0);
	struct bufferevent *out = bufferevent_socket_new(srv->base, srv->opt.out_fd, 0);

	if (!in || !out) {
		if (in)
			bufferevent_free(in);
		if (out)
			bufferevent_free(out);
		return -1;
	}
	conn_new(srv, in, out, "stdio", true);
	return 0;
}

/* A listener's answer to the process running out of descriptors. accept
 * then fails (EMFILE) while the client waits in the listen queue, so the
 * socket stays readable and libevent would try again at once, for ever: a
 * core spent and a log line each time. Instead the door closes
 * (evconnlistener_disable) for DOOR_PAUSE_MIN ms, doubling up to
 * DOOR_PAUSE_MAX while the failures go on, and a timer opens it again.
 * The clients waiting meanwhile are told: a spare descriptor, kept open for
 * this, is closed to accept each (at most DOOR_REFUSE_BURST a pause), send
 * the door's refusal and close it, as nginx and libuv do. One log line per
 * DOOR_LOG_EVERY seconds, with counts. Any other accept error pauses the
 * same way (without refusals): if it lasts, it would spin too.
 *
 * libevent gives an error callback the accept callback's argument, which
 * evhttp takes for its own listener: doors are found by their listener, in
 * a list of the loop thread's (two at most: TCP and HTTP). */
#define DOOR_PAUSE_MIN 100   /* ms */
#define DOOR_PAUSE_MAX 1000  /* ms */
#define DOOR_REFUSE_BURST 64 /* waiting clients refused per pause */
#define DOOR_LOG_EVERY 10.0  /* seconds between log lines */

struct door {
	struct evconnlistener *l; /* the listener */
	const char *name;         /* "tcp" or "http", for the log */
	const char *refusal;      /* what a client refused for want of descriptors
				   * is sent (static) */
	int spare;                /* a descriptor kept for refusing, or -1 */
	struct event *reopen_ev;  /* ends a pause */
	int pause_ms;             /* the last pause */
	double paused_at;         /* when it began */
	double logged_at;         /* when the last line was logged */
	unsigned pauses, refused; /* since that line */
	struct door *next;        /* in doors */
};

static struct door *doors; /* the loop thread's listeners' doors */

static struct door *door_of(const struct evconnlistener *l)
{
	struct door *d = doors;

	while (d && d->l != l)
		d = d->next;
	return d;
}

static void door_reopen_cb(evutil_socket_t fd, short what, void *arg)
{
	struct door *d = arg;

	(void)fd, (void)what;
	if (d->spare < 0)
		d->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	evconnlistener_enable(d->l);
}

/* Accept the waiting clients with the spare descriptor's room and refuse
 * them: their number. */
static unsigned door_refuse_waiting(struct door *d)
{
	unsigned n = 0;
	int fd;

	if (d->spare < 0)
		return 0;
	close(d->spare);
	while (n < DOOR_REFUSE_BURST &&
	       (fd = accept(evconnlistener_get_fd(d->l), NULL, NULL)) >= 0) {
		net_send_refusal(fd, d->refusal);
		close(fd);
		n++;
	}
	/* -1 when a worker took the room meanwhile: door_reopen_cb tries again. */
	d->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	return n;
}

static void door_error_cb(struct evconnlistener *l, void *arg)
{
	int err = EVUTIL_SOCKET_ERROR();
	struct door *d = door_of(l);
	double now = monotime_now();
	struct timeval pause;

	(void)arg;
	if (!d) {
		log_msg(LOG_ERROR, "accept failed: %s", strerror(err));
		return;
	}
	if (err == EMFILE || err == ENFILE)
		d->refused += door_refuse_waiting(d);
	/* A failure soon after the last pause ended: the shortage lasts. */
	if (now - d->paused_at < 2.0 * DOOR_PAUSE_MAX / 1000)
		d->pause_ms = d->pause_ms * 2 < DOOR_PAUSE_MAX ? d->pause_ms * 2 : DOOR_PAUSE_MAX;
	else
		d->pause_ms = DOOR_PAUSE_MIN;
	d->paused_at = now;
	d->pauses++;
	evconnlistener_disable(l);
	pause = (struct timeval){ d->pause_ms / 1000, d->pause_ms % 1000 * 1000 };
	evtimer_add(d->reopen_ev, &pause);
	if (now - d->logged_at >= DOOR_LOG_EVERY) {
		log_msg(LOG_ERROR,
			"%s: accept failed: %s; not accepting for %d ms (%u pauses and %u "
			"clients refused since the last report)",
			d->name, strerror(err), d->pause_ms, d->pauses, d->refused);
		d->logged_at = now;
		d->pauses = d->refused = 0;
	}
}

/* Give l a door (net_listen's). */
static void door_new(struct evconnlistener *l, const char *name, const char *refusal)
{
	struct door *d = xcalloc(1, sizeof(*d));

	d->l = l;
	d->name = name;
	d->refusal = refusal;
	d->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	d->reopen_ev = evtimer_new(evconnlistener_get_base(l), door_reopen_cb, d);
	d->paused_at = d->logged_at = -1e9; /* long ago */
	d->next = doors;
	doors = d;
	evconnlistener_set_error_cb(l, door_error_cb);
}

void net_listener_forget(struct evconnlistener *l)
{
	struct door **p = &doors;

	while (*p && (*p)->l != l)
		p = &(*p)->next;
	if (!*p)
		return;
	struct door *d = *p;

	*p = d->next;
	evconnlistener_set_error_cb(l, NULL);
	event_free(d->reopen_ev);
	if (d->spare >= 0)
		close(d->spare);
	free(d);
}

void net_listener_free(struct evconnlistener *l)
{
	net_listener_forget(l);
	evconnlistener_free(l);
}

struct evconnlistener *net_listen(struct event_base *base, const char *spec, const char *name,
				  const char *refusal, evconnlistener_cb cb, void *arg,
				  char *bound, size_t boundlen)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	struct addrinfo *ai = NULL;
	struct sockaddr_storage ss;
	socklen_t sslen = sizeof(ss);
	struct evconnlistener *l;
	char host[256], port_text[8];
	int port, rc;

	if (listen_parse(spec, host, sizeof(host), &port) < 0) {
		log_msg(LOG_ERROR, "bad listen address '%s'", spec);
		return NULL;
	}
	snprintf(port_text, sizeof(port_text), "%d", port);
	if ((rc = getaddrinfo(host, port_text, &hints, &ai)) != 0) {
		log_msg(LOG_ERROR, "cannot resolve '%s': %s", host, gai_strerror(rc));
		return NULL;
	}
	l = evconnlistener_new_bind(base, cb, arg, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE,
				    1024, ai->ai_addr, (int)ai->ai_addrlen);
	freeaddrinfo(ai);
	if (!l) {
		log_msg(LOG_ERROR, "cannot listen on %s: %s", spec, strerror(errno));
		return NULL;
	}
	snprintf(bound, boundlen, "%s", spec);
	if (getsockname(evconnlistener_get_fd(l), (struct sockaddr *)&ss, &sslen) == 0)
		net_format_peer((struct sockaddr *)&ss, bound, boundlen);
	door_new(l, name, refusal);
	return l;
}

static int start_listener(struct server *srv)
{
	char addr[80];

	srv->listener = net_listen(srv->base, srv->opt.listen, "tcp", "? server busy\n\n",
				   accept_cb, srv, addr, sizeof(addr));
	if (!srv->listener)
		return -1;
	/* Once, plain, whatever the log level: scripts read the port from it. */
	fprintf(stderr, "listening on %s\n", addr);
	return 0;
}

static void add_signals(struct server *srv)
{
	for (int i = 0; i < 3; i++) {
		srv->signals[i] = evsignal_new(srv->base, server_signals[i], signal_cb, srv);
		evsignal_add(srv->signals[i], NULL);
	}
}

/* Join the pools by the shutdown deadline; -1 if a job overran it. */
static int stop_pools(struct server *srv)
{
	double deadline = srv->stopping ? srv->stop_time + NET_SHUTDOWN_GRACE - 0.2 : 0;
	int rc = 0;

	for (int q = 0; q < FE_QUEUE_COUNT; q++)
		if (srv->pools[q] && worker_pool_free(srv->pools[q], deadline) < 0)
			rc = -1;
	return rc;
}

/* Free everything; when a job overran the shutdown deadline its
 * connection and the loop stay allocated: the process is exiting. */
static void server_free(struct server *srv)
{
	struct fe_conn *c, *next;

	/* Workers first: their done() callbacks may free connections (and
	 * start no final job any more). */
	srv->pools_closed = true;
	TAILQ_FOREACH(c, &srv->conns, link) {
		conn_stop_job(c);
		c->dead = true;
	}
	/* A refused job whose answer the loop did not deliver: it ends now
	 * (and frees its connection, dead). */
	TAILQ_FOREACH_SAFE(c, &srv->conns, link, next)
		if (c->refused)
			job_done(c, false);
	if (stop_pools(srv) < 0) {
		/* A job overran the shutdown deadline and still holds its
		 * connection: nothing may be freed under it. Exit now, as
		 * documented; every reply that could go out has gone. */
		log_msg(LOG_WARN, "shutdown: exiting with a job still running");
		_exit(0);
	}
	TAILQ_FOREACH_SAFE(c, &srv->conns, link, next)
		conn_free(c);
	http_free(srv->http); /* after the sessions: it owns their sockets */
	if (srv->listener)
		net_listener_free(srv->listener);
	/* Freeing a signal's event puts back its default action, which for all
	 * three is to die: a SIGTERM repeated during the last of the shutdown
	 * (the exit's leak check takes a while under a sanitizer) would turn
	 * an orderly exit 0 into death by signal. The shutdown is under way:
	 * they are ignored from here on. */
	for (int i = 0; i < 3; i++)
		if (srv->signals[i]) {
			event_free(srv->signals[i]);
			signal(server_signals[i], SIG_IGN);
		}
	if (srv->grace_ev)
		event_free(srv->grace_ev);
	event_base_free(srv->base);
}

static int start_pools(struct server *srv)
{
	const struct net_options *o = &srv->opt;
	int workers = o->workers > 0 ? o->workers : 1;
	int share = o->jobs_per_address > 0 ? o->jobs_per_address : workers - 1;
	bool serving = !srv->stdio;
	struct worker_pool_options search = {
		.threads = workers,
		.nice = serving ? o->worker_nice : 0,
		.per_owner = serving ? (share > 0 ? share : 1) : 0,
		.reserve = true, /* engine moves never wait past their deadline */
	};
	/* Short work is niced too, so the loop wins the core from it. One
	 * address runs on all its workers but one (at least one), so a flood
	 * of file commands from it never holds every thread. */
	int shorts = o->short_workers > 0 ? o->short_workers : 1;
	struct worker_pool_options shortwork = {
		.threads = shorts,
		.nice = serving ? o->worker_nice : 0,
		.per_owner = serving ? (shorts > 1 ? shorts - 1 : 1) : 0,
	};
	/* The database's own: a locked or silent database holds these for
	 * storage.timeout at most, and files, the page and SIGHUP never wait
	 * behind it. Niced: a password hash is a fraction of a second of CPU,
	 * and the loop must win the core from it (a cheap command's latency
	 * while players log in). One address runs on all of them but one (at
	 * least one), so a flood of registers or logins from it never holds
	 * every hashing thread from other players. */
	int dbs = o->db_workers > 0 ? o->db_workers : 1;
	struct worker_pool_options db = {
		.threads = dbs,
		.nice = serving ? o->worker_nice : 0,
		.per_owner = serving ? (dbs > 1 ? dbs - 1 : 1) : 0,
	};

	srv->pools[FE_QUEUE_SEARCH] = worker_pool_new(srv->base, &search);
	srv->pools[FE_QUEUE_SHORT] = worker_pool_new(srv->base, &shortwork);
	srv->pools[FE_QUEUE_DB] = worker_pool_new(srv->base, &db);
	for (int q = 0; q < FE_QUEUE_COUNT; q++)
		if (!srv->pools[q])
			return -1;
	return 0;
}

int net_run(const struct net_options *opt)
{
	struct server srv = { .opt = *opt };
	int rc;

	signal(SIGPIPE, SIG_IGN);
	TAILQ_INIT(&srv.conns);
	TAILQ_INIT(&srv.slots);
	if (!srv.opt.frontend)
		srv.opt.frontend = &frontend_gtp;
	evthread_use_pthreads();
	if (!srv.opt.in_fd && !srv.opt.out_fd)
		srv.opt.out_fd = STDOUT_FILENO; /* and in_fd stays STDIN_FILENO */
	srv.stdio = !opt->listen && !opt->http;
	srv.base = make_base(srv.stdio, srv.opt.in_fd, srv.opt.out_fd);
	if (!srv.base) {
		log_msg(LOG_ERROR, "cannot create the event loop");
		return 1;
	}
	/* Signals first: "listening on" tells scripts the daemon is up, and a
	 * SIGHUP sent on reading it must reload, not kill (its default). */
	add_signals(&srv);
	rc = start_pools(&srv);
	if (rc == 0 && opt->listen)
		rc = start_listener(&srv);
	if (rc == 0 && opt->http)
		rc = (srv.http = http_start(srv.base, opt->http, &srv, srv.pools[FE_QUEUE_SHORT])) ? 0 : -1;
	if (rc == 0 && srv.stdio)
		rc = start_stdio(&srv);
	if (rc == 0)
		event_base_dispatch(srv.base);
	server_free(&srv);
	return rc == 0 ? 0 : 1;
}
