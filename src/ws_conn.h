/* Inside the WebSocket module (ws.h): one WebSocket's state, shared by
 * ws.c (the connection: wslay's framing on the taken-over bufferevent, the
 * session's transport, the close), ws_send.c (replies into text messages)
 * and ws_handshake.c (the upgrade request judged, then handed to
 * ws_take). Loop thread only. */
#ifndef QUINTET_WS_CONN_H
#define QUINTET_WS_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/queue.h>
#include <wslay/wslay.h>

#include "util/strbuf.h"
#include "ws.h"

struct bufferevent;
struct event;
struct evbuffer;
struct evhttp_connection;
struct fe_conn;

struct ws_conn {
	struct ws_set *set;              /* owner */
	struct evhttp_connection *evcon; /* owns the socket and bev */
	struct bufferevent *bev;         /* the socket's, ours after the 101 */
	wslay_event_context_ptr ctx;     /* the framing */
	struct fe_conn *conn;            /* the session, NULL once net let it go */
	struct evbuffer *lines;          /* messages received, one LF-ended line
					  * each, for net's framer */
	struct evbuffer *replies;        /* reply text not yet ended by its empty line */
	struct strbuf stream_head;       /* a streamed reply's "=ID" line, held for
					  * its end, or empty */
	struct strbuf text;              /* scratch: a message being sent */
	struct strbuf msg;               /* the data message being received */
	struct event *ping_ev;           /* keep-alive, every ping_interval s */
	struct event *pump_ev;           /* deferred: decode what is buffered */
	struct event *close_ev;          /* the close handshake's time is up */
	size_t max_line;                 /* longest line (the session's limit) */
	char peer[80];                   /* "HOST:PORT", for logs */
	bool fresh;                      /* lines were added in this pump */
	bool in_pump;                    /* in ws_pump: output is pushed at its end */
	bool data_frame;                 /* the frame being received carries data */
	bool told_end;                   /* net was told the input ended */
	bool closing;                    /* we queued a close: ignore data */
	bool pong_due;                   /* a ping went out; nothing came back yet */
	bool lost;                       /* the socket failed or the peer is dead */
	bool told_lost;                  /* net was told */
	bool timed_out;                  /* close_ev fired, or no wait at all */
	TAILQ_ENTRY(ws_conn) link;       /* in set->conns */
};

/* Send what wslay has queued; a failure marks w lost. Then ws_push. */
void ws_flush(struct ws_conn *w);

/* Write the socket's output now (unless inside ws_pump, which does at its
 * end); what the socket does not take waits for the write event. Whether
 * it wrote output and the socket took it all. */
bool ws_push(struct ws_conn *w);

/* net_transport_ops.send (ws_send.c): each line one message; each reply
 * (up to its empty line) one message, without that empty line. */
void ws_send(void *t, const char *data, size_t len, bool lines);

/* Take the connection of req over (its 101 is queued): a session on srv,
 * or with code a close frame at once and no session. */
void ws_take(struct ws_set *set, struct evhttp_request *req, struct server *srv,
	     const struct http_options *o, const char *peer, uint16_t code, const char *reason);

#endif
