/* A connection's life: opened on a transport (TCP, stdio, a WebSocket),
 * ended (the front end's last word and final job), closed (with a linger
 * for a TCP client that keeps its side open) and freed; the idle timeout;
 * and the shutdown's end of every session. Its lines and output are
 * net_io.c's, its jobs net_job.c's (struct fe_conn: net_conn.h). */
#include "net_conn.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <fcntl.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"
#include "util/monotime.h"
#include "util/xalloc.h"

/* conn_close: a TCP client that keeps its side open after quit is reset
 * once it has acknowledged the last reply and had NET_LINGER_READ seconds
 * to read it, or after NET_LINGER_MAX whatever it acknowledged. */
#define NET_LINGER_READ 0.3
#define NET_LINGER_MAX 2.0
#define NET_LINGER_POLL_US 20000
/* How often a TCP client that ended its input is checked for a reset. */
#define NET_RESET_POLL_US 200000
#define IDLE_NOTICE "? idle timeout\n\n"

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

void net_check_done(struct server *srv)
{
	if (srv->stopping && srv->nconns == 0)
		event_base_loopexit(srv->base, NULL);
}

void conn_free(struct fe_conn *c)
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
	if (c->reset_ev)
		event_free(c->reset_ev);
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
	sb_free(&c->writing);
	sb_free(&c->line);
	free(c);
	if (srv->stdio && !srv->stopping)
		event_base_loopexit(srv->base, NULL); /* stdio mode: its one session ended */
	net_check_done(srv);
}

/* Whether nobody waits for c's answers any more: the transport is gone,
 * a WebSocket client closed, or the server is going down. A TCP client
 * that ended its input is not gone: it may have closed only its sending
 * side (nc -N) and wait for the answers, as stdin's controller does. One
 * that closed both is found out when its host resets the connection
 * (conn_watch_reset: it is dead then); until then its search runs to its
 * own limits. */
bool conn_gone(const struct fe_conn *c)
{
	return c->dead || fe_hung_up(c) || c->srv->stopping;
}

bool fe_hung_up(const struct fe_conn *c)
{
	return c->eof && c->tr;
}

bool fe_is_stdio(const struct fe_conn *c)
{
	return c->stdio;
}

/* Only a job keeps such a connection open: check while one runs. */
static void reset_probe_cb(evutil_socket_t unused, short what, void *arg)
{
	struct fe_conn *c = arg;
	evutil_socket_t fd = bufferevent_getfd(c->in);
	struct tcp_info info;
	socklen_t len = sizeof(info);

	(void)unused, (void)what;
	if (!c->busy || c->dead || fd < 0)
		return;
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) == 0 && info.tcpi_state == TCP_CLOSE) {
		log_msg(LOG_INFO, "session %llu: the client reset the connection",
			(unsigned long long)c->id);
		event_del(c->reset_ev);
		conn_drop(c); /* busy: freed once the stopped job returns */
	}
}

void conn_watch_reset(struct fe_conn *c)
{
	struct timeval every = { 0, NET_RESET_POLL_US };

	if (c->stdio || c->tr || c->reset_ev)
		return;
	c->reset_ev = event_new(c->srv->base, -1, EV_PERSIST, reset_probe_cb, c);
	event_add(c->reset_ev, &every);
}

void conn_drop(struct fe_conn *c)
{
	c->dead = true;
	if (c->busy)
		conn_stop_job(c);
	else
		conn_end(c);
}

void conn_maybe_close(struct fe_conn *c)
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
	conn_stop_idle(c);
	linger_cb(-1, 0, c);
}

/* The connection ends (no job runs): first the front end's last word,
 * ops->ending, which may start a final job; c is freed once that job has
 * returned and its output is flushed (at once when the transport is dead;
 * a TCP client that never reads it is freed by the idle timer). Reading
 * stops for good. */
void conn_end(struct fe_conn *c)
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
	if (c->dead || conn_output_length(c) == 0)
		conn_close(c);
	else
		conn_touch(c);
}

/* Arm the idle timer for seconds, unless it is pending. */
static void arm_idle(struct fe_conn *c, double seconds)
{
	struct timeval tv = { (time_t)seconds, (suseconds_t)((seconds - (time_t)seconds) * 1e6) };

	if (c->idle_armed)
		return;
	c->idle_armed = true;
	evtimer_add(c->idle_ev, &tv);
}

void conn_stop_idle(struct fe_conn *c)
{
	if (c->idle_ev)
		evtimer_del(c->idle_ev);
	c->idle_armed = false;
}

void conn_touch_at(struct fe_conn *c, double now)
{
	if (c->idle_ev && c->srv->opt.idle_timeout > 0 && !c->busy) {
		c->active_at = now;
		arm_idle(c, c->srv->opt.idle_timeout);
	}
}

void conn_touch(struct fe_conn *c)
{
	conn_touch_at(c, monotime_now());
}

static void conn_idle_cb(evutil_socket_t fd, short what, void *arg)
{
	struct fe_conn *c = arg;

	(void)fd, (void)what;
	c->idle_armed = false;
	if (c->busy)
		return;
	/* Commands answered since the timer was armed moved the end on. */
	double left = c->active_at + c->srv->opt.idle_timeout - monotime_now();
	if (left > 0.001) {
		arm_idle(c, left);
		return;
	}
	log_msg(LOG_INFO, "session %llu idle for %d s: closing", (unsigned long long)c->id,
		c->srv->opt.idle_timeout);
	c->idle = true;
	if (!c->tr && !c->stdio && c->fe == &frontend_gtp && conn_output_length(c) == 0) {
		/* a GTP client that reads learns why the line went quiet: a
		 * reply of no command (a WebSocket's close frame says it) */
		fe_write(c, IDLE_NOTICE, sizeof(IDLE_NOTICE) - 1);
		conn_end(c);
		return;
	}
	c->dead = true; /* nothing more is written, whatever is still queued */
	conn_end(c);
}

static void drop_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	conn_drop(arg);
}

struct fe_conn *conn_alloc(struct server *srv, const char *peer, bool stdio)
{
	struct fe_conn *c = xcalloc(1, sizeof(*c));
	struct fe_info info = { .seed = srv->opt.seed + srv->next_id, .confined = !stdio,
				.files_dir = stdio ? AT_FDCWD : srv->opt.files_dir,
				.owner = stdio ? srv->opt.owner : srv->opt.tcp_owner,
				.autosave = !stdio || srv->opt.stdin_autosave,
				.data_dir = srv->opt.data_dir, .accounts = srv->opt.accounts };

	c->srv = srv;
	c->id = ++srv->next_id;
	snprintf(c->peer, sizeof(c->peer), "%s", peer);
	if (!stdio)
		net_peer_address(peer, c->address, sizeof(c->address));
	info.address = c->address;
	c->owner = stdio ? 0 : net_address_key(c->address);
	c->slot = stdio ? NULL : net_slot_new(srv, peer);
	c->stdio = stdio;
	c->framer.max_line = srv->opt.max_line;
	c->fe = srv->opt.frontend;
	pthread_mutex_init(&c->emit_lock, NULL);
	pthread_cond_init(&c->emit_room, NULL);
	c->deadline_ev = evtimer_new(srv->base, conn_deadline_cb, c);
	c->hold_ev = evtimer_new(srv->base, conn_hold_cb, c);
	c->emit_ev = event_new(srv->base, -1, 0, conn_emit_cb, c);
	c->refuse_ev = event_new(srv->base, -1, 0, conn_refuse_cb, c);
	c->drop_ev = event_new(srv->base, -1, 0, drop_cb, c);
	c->fe_state = c->fe->open(c, &info);
	TAILQ_INSERT_TAIL(&srv->conns, c, link);
	srv->nconns++;
	log_msg(LOG_INFO, "session %llu connected (%s)", (unsigned long long)c->id, peer);
	return c;
}

void conn_start_idle(struct fe_conn *c)
{
	c->idle_ev = evtimer_new(c->srv->base, conn_idle_cb, c);
	conn_touch(c);
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
	conn_start_idle(c);
	return c;
}

void net_lost(struct fe_conn *c)
{
	log_msg(LOG_INFO, "session %llu: connection lost", (unsigned long long)c->id);
	conn_drop(c);
}

void net_close_sessions(struct server *srv)
{
	struct fe_conn *c, *next;

	TAILQ_FOREACH_SAFE(c, &srv->conns, link, next) {
		c->closing = true;
		conn_reading(c, false);
		conn_stop_job(c);
		conn_maybe_close(c);
	}
}

void net_free_sessions(struct server *srv)
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
			conn_job_done(c, false);
	if (net_stop_pools(srv) < 0) {
		/* A job overran the shutdown deadline and still holds its
		 * connection: nothing may be freed under it. Exit now, as
		 * documented; every reply that could go out has gone. */
		log_msg(LOG_WARN, "shutdown: exiting with a job still running");
		_exit(0);
	}
	TAILQ_FOREACH_SAFE(c, &srv->conns, link, next)
		conn_free(c);
}
