/* The HTTP server (http.h): evhttp on a listener of net_listen's, each
 * plain connection admitted under the caps (struct http_conn) and given
 * its request deadline, /ws handed to ws.c, every other path to the
 * static files (http_file.c). */
#include "http.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/listener.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http_reply.h"
#include "log.h"
#include "net.h"
#include "net_listen.h"
#include "util/xalloc.h"
#include "ws.h"

#define HTTP_MAX_HEADERS 16384   /* bytes of request line and headers */
#define HTTP_MAX_BODY 4096       /* bytes of request body (none is used) */

/* What a client waiting for the listener is told when the process is out
 * of descriptors (net_listen). */
static const char http_busy[] = "HTTP/1.1 503 Service Unavailable\r\n"
				"Content-Type: text/plain; charset=utf-8\r\n"
				"Content-Length: 12\r\nConnection: close\r\n\r\nserver busy\n";

/* A plain HTTP connection: its place under the connection caps, and the
 * deadline of the request it is reading. libevent 2.1 has no callback for a
 * new connection but evhttp_set_bevcb, which makes its bufferevent before
 * the connection exists: the connection is looked at (admitted or refused)
 * on the loop's next turn, found as the bufferevent's callback argument
 * (evhttp sets it so, in 2.1 and 2.2), and a reference to the bufferevent
 * is held until then, in case evhttp failed to set it up and freed it.
 *
 * The deadline: a request must arrive whole (line, headers, body) within
 * request_timeout seconds of the connection, or of the previous reply,
 * however slowly it trickles; evhttp's own timeout (HTTP_TIMEOUT) starts
 * again with every byte, so one byte every 20 s held a connection for
 * ever. */
struct http_conn {
	struct http_server *h;            /* owner */
	struct bufferevent *bev;          /* the connection's, made in make_bev */
	struct evhttp_connection *evcon;  /* the connection, once conn_open ran */
	struct net_slot *slot;            /* its place under the caps, or NULL */
	char peer[80];                    /* "HOST:PORT", for the log */
	struct event *open_ev;            /* conn_open, on the next turn */
	struct event *deadline_ev;        /* the request is late */
	TAILQ_ENTRY(http_conn) link;      /* in h->conns */
};

struct http_server {
	struct evhttp *http;               /* libevent's server */
	struct evhttp_bound_socket *bound; /* its listener, until the shutdown */
	struct server *srv;                /* net, where WebSocket sessions go */
	struct http_files *files;          /* the static files */
	const struct http_options *opt;    /* the caller's (outlives us) */
	struct ws_set *ws;                 /* the WebSockets */
	TAILQ_HEAD(, http_conn) conns;     /* plain HTTP connections */
};


/* Answer on the socket itself, for want of a request to answer with
 * evhttp: code reason, and why as the body; the caller closes. Best
 * effort (net_send_refusal), as TCP's refusal. */
static void send_raw_status(struct http_conn *hc, int code, const char *reason,
			    const char *why)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "HTTP/1.1 %d %s\r\nContent-Type: text/plain; charset=utf-8\r\n"
		 "Content-Length: %zu\r\nConnection: close\r\n\r\n%s\n",
		 code, reason, strlen(why) + 1, why);
	net_send_refusal(bufferevent_getfd(hc->bev), text);
}

static void conn_free(struct http_conn *hc)
{
	TAILQ_REMOVE(&hc->h->conns, hc, link);
	net_slot_free(hc->h->srv, hc->slot);
	event_free(hc->open_ev);
	event_free(hc->deadline_ev);
	free(hc);
}

/* evhttp is freeing the connection. */
static void conn_closed_cb(struct evhttp_connection *evcon, void *arg)
{
	evhttp_connection_set_closecb(evcon, NULL, NULL);
	conn_free(arg);
}

static void deadline_cb(evutil_socket_t fd, short what, void *arg)
{
	struct http_conn *hc = arg;

	(void)fd, (void)what;
	log_msg(LOG_INFO, "http %s: no whole request within %d s, closing", hc->peer,
		hc->h->opt->request_timeout);
	send_raw_status(hc, 408, "Request Timeout", "request timeout");
	evhttp_connection_free(hc->evcon); /* and conn_closed_cb frees hc */
}

/* The connection waits for a request: it has request_timeout seconds. */
static void await_request(struct http_conn *hc)
{
	struct timeval limit = { hc->h->opt->request_timeout, 0 };

	if (limit.tv_sec > 0)
		evtimer_add(hc->deadline_ev, &limit);
}

/* A reply went out whole (on_complete_cb): on to the next request. */
static void reply_done_cb(struct evhttp_request *req, void *arg)
{
	(void)req;
	await_request(arg);
}

/* The loop's next turn after make_bev: admit the new connection (a place
 * under the caps, the deadline of its first request) or refuse it. */
static void conn_open(evutil_socket_t fd, short what, void *arg)
{
	struct http_conn *hc = arg;
	struct sockaddr_storage ss;
	socklen_t sslen = sizeof(ss);
	bufferevent_event_cb alive;
	void *evcon = NULL;
	const char *why;

	(void)fd, (void)what;
	bufferevent_getcb(hc->bev, NULL, NULL, &alive, &evcon);
	bufferevent_decref(hc->bev);
	if (!alive) { /* evhttp could not set it up, and freed it */
		conn_free(hc);
		return;
	}
	hc->evcon = evcon;
	if (getpeername(bufferevent_getfd(hc->bev), (struct sockaddr *)&ss, &sslen) == 0)
		net_format_peer((struct sockaddr *)&ss, hc->peer, sizeof(hc->peer));
	if ((why = net_refusal(hc->h->srv, hc->peer))) {
		log_msg(LOG_WARN, "http %s refused: %s", hc->peer, why);
		send_raw_status(hc, 503, "Service Unavailable", why);
		conn_free(hc);
		evhttp_connection_free(evcon);
		return;
	}
	hc->slot = net_slot_new(hc->h->srv, hc->peer);
	evhttp_connection_set_closecb(evcon, conn_closed_cb, hc);
	await_request(hc);
}

/* evhttp_set_bevcb: a connection is being accepted. */
static struct bufferevent *make_bev(struct event_base *base, void *arg)
{
	struct http_server *h = arg;
	struct http_conn *hc = xcalloc(1, sizeof(*hc));

	/* What evhttp would make itself. */
	hc->bev = bufferevent_socket_new(base, -1, 0);
	if (!hc->bev) {
		free(hc);
		return NULL;
	}
	hc->h = h;
	snprintf(hc->peer, sizeof(hc->peer), "?");
	hc->open_ev = event_new(base, -1, 0, conn_open, hc);
	hc->deadline_ev = evtimer_new(base, deadline_cb, hc);
	TAILQ_INSERT_TAIL(&h->conns, hc, link);
	bufferevent_incref(hc->bev);
	event_active(hc->open_ev, EV_TIMEOUT, 0);
	return hc->bev;
}

/* The plain connection req came on, or NULL (a WebSocket's, already). */
static struct http_conn *conn_of(struct http_server *h, struct evhttp_request *req)
{
	struct evhttp_connection *evcon = evhttp_request_get_connection(req);
	struct http_conn *hc;

	TAILQ_FOREACH(hc, &h->conns, link)
		if (hc->evcon && hc->evcon == evcon)
			return hc;
	return NULL;
}

/* /ws: the connection's place goes to its WebSocket session if one opens
 * (ws_upgrade asks net_refusal, this connection no longer counted); if
 * none does, the connection keeps a place. */
static void serve_ws(struct http_server *h, struct http_conn *hc, struct evhttp_request *req)
{
	if (hc) {
		net_slot_free(h->srv, hc->slot);
		hc->slot = NULL;
	}
	if (!ws_upgrade(h->ws, req, h->srv, h->opt)) {
		if (hc)
			hc->slot = net_slot_new(h->srv, hc->peer);
		return;
	}
	if (hc) { /* the session's now, and ws.c's to close */
		evhttp_request_set_on_complete_cb(req, NULL, NULL);
		evhttp_connection_set_closecb(hc->evcon, NULL, NULL);
		conn_free(hc);
	}
}

static void request_cb(struct evhttp_request *req, void *arg)
{
	struct http_server *h = arg;
	struct http_conn *hc = conn_of(h, req);
	const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(req);
	const char *path = uri ? evhttp_uri_get_path(uri) : NULL;
	enum evhttp_cmd_type cmd = evhttp_request_get_command(req);

	if (hc) { /* arrived in time: the deadline is the next request's */
		evtimer_del(hc->deadline_ev);
		evhttp_request_set_on_complete_cb(req, reply_done_cb, hc);
	}
	if (!path || path[0] != '/') {
		http_send_status(req, 400, "Bad Request");
		return;
	}
	if (!strcmp(path, "/ws")) {
		serve_ws(h, hc, req);
		return;
	}
	if (cmd != EVHTTP_REQ_GET && cmd != EVHTTP_REQ_HEAD) {
		evhttp_add_header(evhttp_request_get_output_headers(req), "Allow", "GET, HEAD");
		http_send_status(req, 405, "Method Not Allowed");
		return;
	}
	http_files_serve(h->files, req, path);
}

struct http_server *http_start(struct event_base *base, const struct http_options *o,
			       struct server *srv, struct worker_pool *pool)
{
	struct http_server *h = xcalloc(1, sizeof(*h));
	struct evconnlistener *l;
	char addr[80];

	h->srv = srv;
	h->opt = o;
	h->files = http_files_new(o->root, o->source_tree, pool);
	h->ws = ws_set_new();
	TAILQ_INIT(&h->conns);
	h->http = evhttp_new(base);
	l = h->http ? net_listen(base, o->address, "http", http_busy, NULL, NULL, addr,
				 sizeof(addr))
		    : NULL;
	if (!l || !(h->bound = evhttp_bind_listener(h->http, l))) {
		if (l)
			net_listener_free(l);
		http_free(h);
		return NULL;
	}
	/* Every method reaches request_cb, which answers 405 itself. */
	evhttp_set_allowed_methods(h->http, EVHTTP_REQ_GET | EVHTTP_REQ_POST | EVHTTP_REQ_HEAD |
					    EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE |
					    EVHTTP_REQ_OPTIONS | EVHTTP_REQ_TRACE |
					    EVHTTP_REQ_CONNECT | EVHTTP_REQ_PATCH);
	evhttp_set_max_headers_size(h->http, HTTP_MAX_HEADERS);
	evhttp_set_max_body_size(h->http, HTTP_MAX_BODY);
	evhttp_set_timeout(h->http, HTTP_TIMEOUT);
	evhttp_set_gencb(h->http, request_cb, h);
	evhttp_set_bevcb(h->http, make_bev, h);
	/* Once, whatever the log level: scripts read the port from it. */
	log_notice("http listening on %s", addr);
	return h;
}

void http_stop_accepting(struct http_server *h)
{
	if (h->bound) {
		net_listener_forget(evhttp_bound_socket_get_listener(h->bound));
		evhttp_del_accept_socket(h->http, h->bound);
	}
	h->bound = NULL;
}

void http_free(struct http_server *h)
{
	struct http_conn *hc;

	if (!h)
		return;
	http_stop_accepting(h);
	ws_set_free(h->ws); /* before evhttp_free, which would free their connections */
	if (h->http)
		evhttp_free(h->http); /* conn_closed_cb frees their http_conns */
	while ((hc = TAILQ_FIRST(&h->conns))) { /* not yet opened */
		bufferevent_decref(hc->bev);
		conn_free(hc);
	}
	http_files_free(h->files);
	free(h);
}
