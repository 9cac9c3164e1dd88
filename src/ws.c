/* A WebSocket connection (ws.h): wslay's framing driven from the
 * bufferevent taken over from evhttp, the session's transport
 * (net_transport_ops: backlog, reading, detach; send is ws_send.c's), the
 * keep-alive pings and the close handshake. struct ws_conn: ws_conn.h. */
#include "ws_conn.h"

#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "http_options.h"
#include "log.h"
#include "net.h"
#include "util/xalloc.h"

#define WS_CLOSE_WAIT 2                /* seconds for the client's close after ours */
#define WS_READ_AHEAD (16 * 1024)      /* decoded lines held beyond max_line */
#define WS_SOCKET_READ_MAX (64 * 1024) /* socket bytes buffered ahead of wslay */
#define WS_MSG_KEEP 4096               /* a message's buffer kept for the next */

struct ws_set {
	TAILQ_HEAD(, ws_conn) conns; /* open or closing WebSockets */
};

static void ws_pump(struct ws_conn *w);

struct ws_set *ws_set_new(void)
{
	struct ws_set *set = xcalloc(1, sizeof(*set));

	TAILQ_INIT(&set->conns);
	return set;
}

/* Free w and close its socket, after one last try at sending what is
 * queued (a close frame). */
static void ws_free(struct ws_conn *w)
{
	struct evbuffer *out = bufferevent_get_output(w->bev);
	size_t left = evbuffer_get_length(out);

	/* Not evbuffer_write: a socket bufferevent keeps its output frozen. */
	if (!w->lost && left > 0 &&
	    send(bufferevent_getfd(w->bev), evbuffer_pullup(out, -1), left,
		 MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
		log_msg(LOG_DEBUG, "websocket %s: last write failed: %s", w->peer, strerror(errno));
	TAILQ_REMOVE(&w->set->conns, w, link);
	if (w->ping_ev)
		event_free(w->ping_ev);
	event_free(w->pump_ev);
	event_free(w->close_ev);
	wslay_event_context_free(w->ctx);
	evbuffer_free(w->lines);
	evbuffer_free(w->replies);
	sb_free(&w->stream_head);
	sb_free(&w->text);
	sb_free(&w->msg);
	evhttp_connection_free(w->evcon);
	free(w);
}

void ws_set_free(struct ws_set *set)
{
	struct ws_conn *w;

	if (!set)
		return;
	while ((w = TAILQ_FIRST(&set->conns)))
		ws_free(w);
	free(set);
}

/* Free w once net has let it go and the closing is over: both close
 * frames exchanged and sent, or the socket gone, or the wait over. */
static void ws_maybe_free(struct ws_conn *w)
{
	if (w->conn)
		return;
	if (!w->lost && !w->timed_out &&
	    !(wslay_event_get_close_sent(w->ctx) && wslay_event_get_close_received(w->ctx) &&
	      evbuffer_get_length(bufferevent_get_output(w->bev)) == 0))
		return;
	ws_free(w);
}

/* Write w's output now (net_push_output), as net's conn_push writes a
 * TCP session's; ws_write_cb disables the write event once drained.
 * Inside ws_pump the batch is pushed at its end. Whether there was output
 * and the socket took it all. */
bool ws_push(struct ws_conn *w)
{
	struct evbuffer *out = bufferevent_get_output(w->bev);

	if (w->lost || w->in_pump || evbuffer_get_length(out) == 0)
		return false;
	return net_push_output(w->bev);
}

void ws_flush(struct ws_conn *w)
{
	if (!w->lost && wslay_event_send(w->ctx) != 0)
		w->lost = true;
	ws_push(w);
}

/* Queue a close frame (unless one is queued already) and ignore data from
 * now on. */
static void ws_close(struct ws_conn *w, uint16_t code, const char *reason)
{
	if (!w->closing)
		log_msg(LOG_INFO, "websocket %s: close %u%s%s", w->peer, code, *reason ? " " : "",
			reason);
	w->closing = true;
	wslay_event_queue_close(w->ctx, code, (const uint8_t *)reason, strlen(reason));
	ws_flush(w);
}

static size_t ws_backlog(void *t)
{
	struct ws_conn *w = t;

	return evbuffer_get_length(bufferevent_get_output(w->bev)) +
	       wslay_event_get_queued_msg_length(w->ctx);
}

/* net_transport_ops.reading: input that waited is decoded from the loop,
 * never inside net's call. */
static void ws_reading(void *t, bool on)
{
	struct ws_conn *w = t;

	if (w->lost)
		return;
	if (!on) {
		bufferevent_disable(w->bev, EV_READ);
		return;
	}
	bufferevent_enable(w->bev, EV_READ);
	if (evbuffer_get_length(bufferevent_get_input(w->bev)) > 0)
		event_active(w->pump_ev, EV_TIMEOUT, 0);
}

/* net_transport_ops.detach: the session is over; say why and close. */
static void ws_detach(void *t, enum net_end why)
{
	struct ws_conn *w = t;
	struct timeval wait = { WS_CLOSE_WAIT, 0 };

	w->conn = NULL;
	evbuffer_drain(w->lines, evbuffer_get_length(w->lines));
	if (why == NET_END_LOST)
		w->lost = true;
	else if (why == NET_END_SHUTDOWN)
		ws_close(w, WSLAY_CODE_GOING_AWAY, "server shutting down");
	else if (why == NET_END_OVERFLOW)
		ws_close(w, WSLAY_CODE_POLICY_VIOLATION, "too much output unread");
	else
		ws_close(w, WSLAY_CODE_NORMAL_CLOSURE, why == NET_END_IDLE ? "idle timeout" : "");
	if (why == NET_END_OVERFLOW) {
		/* A client that reads nothing would not read our close either:
		 * no wait for its own, whatever it goes on sending. */
		ws_flush(w);
		w->timed_out = true;
	} else if (!w->lost) {
		bufferevent_enable(w->bev, EV_READ); /* for the client's close */
	}
	evtimer_add(w->close_ev, &wait);
	event_active(w->pump_ev, EV_TIMEOUT, 0); /* frees it if all is done */
}

static const struct net_transport_ops ws_ops = {
	.send = ws_send,
	.backlog = ws_backlog,
	.reading = ws_reading,
	.detach = ws_detach,
};

/* A text message from the client: one command line for the session. */
static void ws_text(struct ws_conn *w, const uint8_t *msg, size_t len)
{
	if (!w->conn || w->closing)
		return;
	if (len > 0 && msg[len - 1] == '\n')
		len--;
	if (len > 0 && memchr(msg, '\n', len)) {
		ws_close(w, WSLAY_CODE_INVALID_FRAME_PAYLOAD_DATA, "one command line per message");
		return;
	}
	if (len > w->max_line) {
		ws_close(w, WSLAY_CODE_MESSAGE_TOO_BIG, "message too big");
		return;
	}
	if (len > 0)
		evbuffer_add(w->lines, msg, len);
	evbuffer_add(w->lines, "\n", 1);
	w->fresh = true;
}

/* A whole message has passed wslay's checks (UTF-8 included): a text
 * one, gathered in w->msg, is a command line; a binary one is refused. */
static void on_msg_recv(wslay_event_context_ptr ctx, const struct wslay_event_on_msg_recv_arg *arg,
			void *user)
{
	struct ws_conn *w = user;

	(void)ctx;
	if (arg->opcode == WSLAY_TEXT_FRAME)
		ws_text(w, (const uint8_t *)w->msg.buf, w->msg.len);
	else if (arg->opcode == WSLAY_BINARY_FRAME && !w->closing)
		ws_close(w, WSLAY_CODE_UNSUPPORTED_DATA, "binary messages are not accepted");
	if (arg->opcode == WSLAY_TEXT_FRAME || arg->opcode == WSLAY_BINARY_FRAME)
		sb_trim(&w->msg, WS_MSG_KEEP); /* a long line leaves no buffer behind */
}

/* Any frame shows the peer is alive. A data frame's payload is gathered
 * by on_chunk; a control frame's (wslay answers pings and closes) is not. */
static void on_frame_start(wslay_event_context_ptr ctx,
			   const struct wslay_event_on_frame_recv_start_arg *arg, void *user)
{
	struct ws_conn *w = user;

	(void)ctx;
	w->pong_due = false;
	w->data_frame = arg->opcode == WSLAY_TEXT_FRAME || arg->opcode == WSLAY_BINARY_FRAME ||
			arg->opcode == WSLAY_CONTINUATION_FRAME;
}

/* A piece of a data frame's payload, unmasked and (text) valid UTF-8 so
 * far: into w->msg, which one buffer serves every message (wslay's own
 * buffering cost three allocations and two copies a message). wslay
 * checks each frame's length against max_line + 1 from its header; the
 * frames of one message are held to it here, and ws_text checks the
 * rest. */
static void on_chunk(wslay_event_context_ptr ctx,
		     const struct wslay_event_on_frame_recv_chunk_arg *arg, void *user)
{
	struct ws_conn *w = user;

	(void)ctx;
	if (!w->data_frame || w->closing)
		return;
	if (w->msg.len + arg->data_length > w->max_line + 1) {
		ws_close(w, WSLAY_CODE_MESSAGE_TOO_BIG, "message too big");
		sb_trim(&w->msg, 0);
		return;
	}
	sb_append(&w->msg, (const char *)arg->data, arg->data_length);
}

/* wslay reads from the bufferevent's input; it would block when that is
 * empty, or when the session has enough lines waiting. */
static ssize_t ws_recv_cb(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, int flags,
			  void *user)
{
	struct ws_conn *w = user;
	int n = 0;

	(void)flags;
	if (!w->conn || evbuffer_get_length(w->lines) <= w->max_line + WS_READ_AHEAD)
		n = evbuffer_remove(bufferevent_get_input(w->bev), buf, len);
	if (n <= 0) {
		wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
		return -1;
	}
	return n;
}

/* wslay writes into the bufferevent's output, which net bounds: replies
 * before they are queued, pongs after (ws_pump's net_output_queued). */
static ssize_t ws_send_cb(wslay_event_context_ptr ctx, const uint8_t *data, size_t len,
			  int flags, void *user)
{
	struct ws_conn *w = user;

	(void)flags;
	if (w->lost || evbuffer_add(bufferevent_get_output(w->bev), data, len) < 0) {
		wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
		return -1;
	}
	return (ssize_t)len;
}

/* Tell the session its transport failed (once). */
static void ws_report_lost(struct ws_conn *w)
{
	if (w->conn && w->lost && !w->told_lost) {
		w->told_lost = true;
		net_lost(w->conn);
	}
}

/* Decode what has arrived, answer what wslay answers (pongs, the close
 * reply), hand new lines to the session, tell it when input ended. net
 * may let w go meanwhile (detach), never free it: callers end with
 * ws_maybe_free. */
static void ws_pump(struct ws_conn *w)
{
	w->fresh = false;
	w->in_pump = true;
	/* A frame wslay cannot parse (a control frame over 125 bytes, a length
	 * with its top bit set) fails the call: it has queued a close then,
	 * with no code. */
	if (!w->lost && wslay_event_get_read_enabled(w->ctx) && wslay_event_recv(w->ctx) != 0)
		w->closing = true;
	if (!wslay_event_get_read_enabled(w->ctx)) /* a close came: the rest is noise */
		evbuffer_drain(bufferevent_get_input(w->bev),
			       evbuffer_get_length(bufferevent_get_input(w->bev)));
	ws_flush(w);
	if (w->conn)
		net_output_queued(w->conn); /* pongs: a flood of pings stops being read */
	if (w->conn && w->fresh)
		net_input(w->conn);
	if (w->conn && !w->told_end && (w->closing || !wslay_event_get_read_enabled(w->ctx))) {
		w->told_end = true;
		net_input_ended(w->conn);
	}
	w->in_pump = false;
	/* The batch's replies, pongs and close together. Written whole, net
	 * hears it drained, as from ws_write_cb: it waits for that to close
	 * after a quit or the input's end. */
	if (ws_push(w) && w->conn)
		net_drained(w->conn);
	ws_report_lost(w);
}

static void ws_read_cb(struct bufferevent *bev, void *arg)
{
	(void)bev;
	ws_pump(arg);
	ws_maybe_free(arg);
}

static void ws_write_cb(struct bufferevent *bev, void *arg)
{
	struct ws_conn *w = arg;

	bufferevent_disable(bev, EV_WRITE); /* drained: ws_push writes the next */
	if (w->conn)
		net_drained(w->conn);
	ws_maybe_free(w);
}

static void ws_event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct ws_conn *w = arg;

	(void)what;
	if (!w->lost)
		ws_pump(w); /* what came before the end (its close frame) */
	w->lost = true;
	bufferevent_disable(bev, EV_READ | EV_WRITE);
	ws_report_lost(w);
	ws_maybe_free(w);
}

static void pump_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	ws_pump(arg);
	ws_maybe_free(arg);
}

static void close_cb(evutil_socket_t fd, short what, void *arg)
{
	struct ws_conn *w = arg;

	(void)fd, (void)what;
	w->timed_out = true;
	ws_maybe_free(w);
}

/* Keep-alive: a ping each interval; a peer that sent nothing back since
 * the last one is dead. */
static void ping_cb(evutil_socket_t fd, short what, void *arg)
{
	struct ws_conn *w = arg;
	struct wslay_event_msg ping = { .opcode = WSLAY_PING, .msg = (const uint8_t *)"",
					.msg_length = 0 };

	(void)fd, (void)what;
	if (w->lost || w->closing)
		return;
	if (w->pong_due) {
		log_msg(LOG_INFO, "websocket %s: no answer to the last ping, dropped", w->peer);
		w->lost = true;
		ws_report_lost(w);
		ws_maybe_free(w);
		return;
	}
	w->pong_due = true;
	if (wslay_event_queue_msg(w->ctx, &ping) == 0)
		ws_flush(w);
}

static const struct wslay_event_callbacks ws_callbacks = {
	.recv_callback = ws_recv_cb,
	.send_callback = ws_send_cb,
	.on_frame_recv_start_callback = on_frame_start,
	.on_frame_recv_chunk_callback = on_chunk,
	.on_msg_recv_callback = on_msg_recv,
};

void ws_take(struct ws_set *set, struct evhttp_request *req, struct server *srv,
	     const struct http_options *o, const char *peer, uint16_t code, const char *reason)
{
	struct evhttp_connection *evcon = evhttp_request_get_connection(req);
	struct ws_conn *w = xcalloc(1, sizeof(*w));
	struct event_base *base;
	int one = 1;

	w->set = set;
	w->evcon = evcon;
	w->bev = evhttp_connection_get_bufferevent(evcon);
	base = bufferevent_get_base(w->bev);
	w->lines = evbuffer_new();
	w->replies = evbuffer_new();
	w->max_line = net_max_line(srv);
	w->pump_ev = event_new(base, -1, 0, pump_cb, w);
	w->close_ev = evtimer_new(base, close_cb, w);
	if (wslay_event_context_server_init(&w->ctx, &ws_callbacks, w) != 0)
		abort(); /* out of memory, as xalloc would */
	/* A trailing LF is allowed on top of max_line; ws_text checks the rest.
	 * Data messages are gathered by on_chunk, not by wslay. */
	wslay_event_config_set_max_recv_msg_length(w->ctx, w->max_line + 1);
	wslay_event_config_set_no_buffering(w->ctx, 1);
	TAILQ_INSERT_TAIL(&set->conns, w, link);
	/* Replies are small and pipelined: no Nagle wait behind the peer's
	 * delayed ACK (net sets the same on its TCP sessions). */
	setsockopt(bufferevent_getfd(w->bev), IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	bufferevent_set_timeouts(w->bev, NULL, NULL); /* evhttp's */
	net_set_write_timeout(srv, w->bev);
	bufferevent_setwatermark(w->bev, EV_READ, 0, WS_SOCKET_READ_MAX);
	bufferevent_setcb(w->bev, ws_read_cb, ws_write_cb, ws_event_cb, w);
	/* Output (the 101 first) is written by ws_push, which enables writing
	 * only for what the socket did not take. */
	bufferevent_disable(w->bev, EV_WRITE);
	bufferevent_enable(w->bev, EV_READ);
	snprintf(w->peer, sizeof(w->peer), "%s", peer);
	if (code) {
		struct timeval wait = { WS_CLOSE_WAIT, 0 };

		log_msg(LOG_WARN, "websocket %s refused: %s", w->peer, reason);
		ws_close(w, code, reason);
		evtimer_add(w->close_ev, &wait);
		return;
	}
	if (o->ping_interval > 0) {
		struct timeval every = { o->ping_interval, 0 };

		w->ping_ev = event_new(base, -1, EV_PERSIST, ping_cb, w);
		event_add(w->ping_ev, &every);
	}
	w->conn = net_open(srv, &ws_ops, w, w->lines, w->peer);
	/* Frames sent with the handshake; the pump's push writes the 101. */
	event_active(w->pump_ev, EV_TIMEOUT, 0);
}
