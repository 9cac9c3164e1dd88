/* The TCP and stdio transports: a TCP listener's clients (admitted under
 * the caps, or refused with "? server busy"), and stdin/stdout; each a
 * session whose bufferevents net_io.c reads and writes. (The WebSocket
 * transport is ws.c's, through net.h.) */
#include "net_conn.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "log.h"
#include "net_listen.h"

static void conn_read_cb(struct bufferevent *bev, void *arg)
{
	(void)bev;
	conn_process(arg);
}

static void conn_write_cb(struct bufferevent *bev, void *arg)
{
	struct fe_conn *c = arg;

	if (!c->stdio) /* drained: the next batch is written by conn_push */
		bufferevent_disable(bev, EV_WRITE);
	conn_note_backlog(c);
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

/* A session on bufferevents: in (its input, and its output too for TCP,
 * out == in) and out (stdout for stdio). */
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
	c->reading = true;
	if (stdio) /* a TCP session's replies are written by conn_push */
		bufferevent_enable(out, EV_WRITE);
	return c;
}

/* Close fd after one reply, reply ("? server busy\n\n"). */
static void refuse(evutil_socket_t fd, const char *peer, const char *reply, const char *why)
{
	log_msg(LOG_WARN, "refusing %s: %s", peer, why);
	net_send_refusal(fd, reply);
	evutil_closesocket(fd);
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
	conn_start_idle(conn_new(srv, bev, bev, peer, false));
}

int net_stdio_start(struct server *srv)
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

struct evconnlistener *net_tcp_listen(struct server *srv)
{
	char addr[80];
	struct evconnlistener *l = net_listen(srv->base, srv->opt.listen, "tcp",
					      "? server busy\n\n", accept_cb, srv, addr,
					      sizeof(addr));

	if (!l)
		return NULL;
	/* Once, whatever the log level: scripts read the port from it. */
	log_notice("listening on %s", addr);
	return l;
}
