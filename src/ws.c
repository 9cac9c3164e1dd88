#include "ws.h"

#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <nettle/base64.h>
#include <nettle/sha1.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/queue.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wslay/wslay.h>

#include "http.h"
#include "log.h"
#include "net.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#define WS_GUID "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
#define WS_CLOSE_WAIT 2                /* seconds for the client's close after ours */
#define WS_READ_AHEAD (16 * 1024)      /* decoded lines held beyond max_line */
#define WS_SOCKET_READ_MAX (64 * 1024) /* socket bytes buffered ahead of wslay */

/* Close codes wslay has no name for. */
#define WS_CODE_TRY_AGAIN_LATER 1013

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
	struct event *ping_ev;           /* keep-alive, every ping_interval s */
	struct event *pump_ev;           /* deferred: decode what is buffered */
	struct event *close_ev;          /* the close handshake's time is up */
	size_t max_line;                 /* longest line (the session's limit) */
	char peer[80];                   /* "HOST:PORT", for logs */
	bool fresh;                      /* lines were added in this pump */
	bool told_end;                   /* net was told the input ended */
	bool closing;                    /* we queued a close: ignore data */
	bool pong_due;                   /* a ping went out; nothing came back yet */
	bool lost;                       /* the socket failed or the peer is dead */
	bool told_lost;                  /* net was told */
	bool timed_out;                  /* close_ev fired, or no wait at all */
	TAILQ_ENTRY(ws_conn) link;       /* in set->conns */
};

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

static void ws_flush(struct ws_conn *w)
{
	if (!w->lost && wslay_event_send(w->ctx) != 0)
		w->lost = true;
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

/* A UTF-8 sequence's length at s (n bytes left), or 0 if it is invalid
 * (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF). */
static size_t utf8_length(const unsigned char *s, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

/* Send len bytes of text as one text message, each byte that is not part
 * of valid UTF-8 replaced by '?' (a browser closes on invalid text). */
static void ws_send_text(struct ws_conn *w, const char *data, size_t len)
{
	const unsigned char *s = (const unsigned char *)data;

	sb_reset(&w->text);
	sb_append(&w->text, "", 0);
	for (size_t i = 0; i < len;) {
		size_t n = utf8_length(s + i, len - i);

		sb_append(&w->text, n ? data + i : "?", n ? n : 1);
		i += n ? n : 1;
	}
	struct wslay_event_msg msg = { .opcode = WSLAY_TEXT_FRAME,
				       .msg = (const uint8_t *)w->text.buf,
				       .msg_length = w->text.len };
	if (wslay_event_queue_msg(w->ctx, &msg) == 0)
		ws_flush(w);
}

/* A streamed line: its own message, but for the reply's "=ID" (or "?ID")
 * line, which is held to start the reply's message when it ends (the
 * lines a command streams never start with '=' or '?'). */
static void send_streamed(struct ws_conn *w, const char *line, size_t n)
{
	if (n > 0 && (line[0] == '=' || line[0] == '?')) {
		sb_reset(&w->stream_head);
		sb_append(&w->stream_head, line, n);
	} else {
		ws_send_text(w, line, n);
	}
}

/* The end of a streamed reply in w->replies, if it is there: an empty
 * line at once (no text), or the text's lines and then one. Sent as one
 * message, "=ID" then the text after a space, as any reply. */
static bool send_stream_end(struct ws_conn *w)
{
	size_t have = evbuffer_get_length(w->replies), n = 0;

	if (have == 0)
		return false;
	if (*evbuffer_pullup(w->replies, 1) != '\n') {
		struct evbuffer_ptr end = evbuffer_search(w->replies, "\n\n", 2, NULL);

		if (end.pos < 0)
			return false;
		n = (size_t)end.pos;
		sb_puts(&w->stream_head, " ");
		sb_append(&w->stream_head, (const char *)evbuffer_pullup(w->replies, end.pos), n);
		n++;
	}
	evbuffer_drain(w->replies, n + 1);
	ws_send_text(w, w->stream_head.buf, w->stream_head.len);
	sb_reset(&w->stream_head);
	return true;
}

/* net_transport_ops.send: each line one message; each reply (up to its
 * empty line) one message, without that empty line and its own LF. */
static void ws_send(void *t, const char *data, size_t len, bool lines)
{
	struct ws_conn *w = t;

	while (lines && len > 0) {
		const char *end = memchr(data, '\n', len);
		size_t n = end ? (size_t)(end - data) : len;

		send_streamed(w, data, n);
		if (!end)
			return;
		data += n + 1;
		len -= n + 1;
	}
	if (lines)
		return;
	evbuffer_add(w->replies, data, len);
	if (w->stream_head.len > 0 && !send_stream_end(w))
		return;
	for (;;) {
		struct evbuffer_ptr end = evbuffer_search(w->replies, "\n\n", 2, NULL);

		if (end.pos < 0)
			break;
		ws_send_text(w, (const char *)evbuffer_pullup(w->replies, end.pos), (size_t)end.pos);
		evbuffer_drain(w->replies, (size_t)end.pos + 2);
	}
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

static void on_msg_recv(wslay_event_context_ptr ctx, const struct wslay_event_on_msg_recv_arg *arg,
			void *user)
{
	struct ws_conn *w = user;

	(void)ctx;
	if (arg->opcode == WSLAY_TEXT_FRAME)
		ws_text(w, arg->msg, arg->msg_length);
	else if (arg->opcode == WSLAY_BINARY_FRAME && !w->closing)
		ws_close(w, WSLAY_CODE_UNSUPPORTED_DATA, "binary messages are not accepted");
}

/* Any frame shows the peer is alive. */
static void on_frame_start(wslay_event_context_ptr ctx,
			   const struct wslay_event_on_frame_recv_start_arg *arg, void *user)
{
	struct ws_conn *w = user;

	(void)ctx, (void)arg;
	w->pong_due = false;
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

	(void)bev;
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
	.on_msg_recv_callback = on_msg_recv,
};

/* The peer as "HOST:PORT" ("[HOST]:PORT" for IPv6), for logs and the
 * per-address worker share. */
static void peer_name(struct evhttp_connection *evcon, char *out, size_t len)
{
	char *host = NULL;
	ev_uint16_t port = 0;

	evhttp_connection_get_peer(evcon, &host, &port);
	if (host && strchr(host, ':'))
		snprintf(out, len, "[%s]:%u", host, (unsigned)port);
	else
		snprintf(out, len, "%s:%u", host ? host : "?", (unsigned)port);
}

/* Take the connection of req over (its 101 is queued): a session, or with
 * code a close frame at once and no session. */
static void ws_take(struct ws_set *set, struct evhttp_request *req, struct server *srv,
		    const struct http_options *o, const char *peer, uint16_t code,
		    const char *reason)
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
	/* A trailing LF is allowed on top of max_line; ws_text checks the rest. */
	wslay_event_config_set_max_recv_msg_length(w->ctx, w->max_line + 1);
	TAILQ_INSERT_TAIL(&set->conns, w, link);
	/* Replies are small and pipelined: no Nagle wait behind the peer's
	 * delayed ACK (net sets the same on its TCP sessions). */
	setsockopt(bufferevent_getfd(w->bev), IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	bufferevent_set_timeouts(w->bev, NULL, NULL); /* evhttp's */
	net_set_write_timeout(srv, w->bev);
	bufferevent_setwatermark(w->bev, EV_READ, 0, WS_SOCKET_READ_MAX);
	bufferevent_setcb(w->bev, ws_read_cb, ws_write_cb, ws_event_cb, w);
	bufferevent_enable(w->bev, EV_READ | EV_WRITE);
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
	event_active(w->pump_ev, EV_TIMEOUT, 0); /* frames sent with the handshake */
}

int ws_accept_key(const char *key, char out[WS_ACCEPT_LEN + 1])
{
	struct base64_decode_ctx b64;
	struct sha1_ctx sha;
	uint8_t raw[BASE64_DECODE_LENGTH(24)], digest[SHA1_DIGEST_SIZE];
	size_t n = sizeof(raw);

	if (!key || strlen(key) != 24)
		return -1;
	base64_decode_init(&b64);
	if (!base64_decode_update(&b64, &n, raw, 24, key) || !base64_decode_final(&b64) ||
	    n != 16)
		return -1;
	sha1_init(&sha);
	sha1_update(&sha, 24, (const uint8_t *)key);
	sha1_update(&sha, sizeof(WS_GUID) - 1, (const uint8_t *)WS_GUID);
	sha1_digest(&sha, SHA1_DIGEST_SIZE, digest);
	base64_encode_raw(out, SHA1_DIGEST_SIZE, digest);
	out[WS_ACCEPT_LEN] = '\0';
	return 0;
}

/* An Origin's host (brackets of an IPv6 address removed) and port (the
 * scheme's, 80 or 443, when it names none); false unless it is
 * "http[s]://HOST[:PORT]", as browsers send it. */
static bool origin_parse(const char *origin, char *host, size_t hostlen, unsigned *port)
{
	const char *p, *end;
	size_t n, digits;

	if (!strncasecmp(origin, "http://", 7)) {
		*port = 80;
		p = origin + 7;
	} else if (!strncasecmp(origin, "https://", 8)) {
		*port = 443;
		p = origin + 8;
	} else {
		return false;
	}
	if (*p == '[') {
		end = strchr(++p, ']');
		if (!end)
			return false;
		n = (size_t)(end++ - p);
	} else {
		end = p + strcspn(p, ":");
		n = (size_t)(end - p);
	}
	if (n == 0 || n >= hostlen || memchr(p, '/', n) || memchr(p, '@', n))
		return false;
	memcpy(host, p, n);
	host[n] = '\0';
	if (*end == '\0')
		return true;
	digits = strlen(end + 1);
	if (*end != ':' || digits < 1 || digits > 5 || strspn(end + 1, "0123456789") != digits)
		return false;
	*port = (unsigned)atoi(end + 1);
	return *port > 0 && *port < 65536;
}

/* An IPv4 or IPv6 address as 16 bytes (IPv4 mapped into IPv6), from text
 * or from a socket address; false if it is neither. */
static bool ip_from_text(const char *text, uint8_t ip[16])
{
	static const uint8_t mapped[12] = { [10] = 0xff, [11] = 0xff };

	memcpy(ip, mapped, sizeof(mapped));
	return inet_pton(AF_INET, text, ip + 12) == 1 || inet_pton(AF_INET6, text, ip) == 1;
}

static bool ip_from_sockaddr(const struct sockaddr *sa, uint8_t ip[16], unsigned *port)
{
	static const uint8_t mapped[12] = { [10] = 0xff, [11] = 0xff };

	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

		memcpy(ip, mapped, sizeof(mapped));
		memcpy(ip + 12, &in->sin_addr, 4);
		*port = ntohs(in->sin_port);
		return true;
	}
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;

		memcpy(ip, &in6->sin6_addr, 16);
		*port = ntohs(in6->sin6_port);
		return true;
	}
	return false;
}

static bool ip_is_loopback(const uint8_t ip[16])
{
	static const uint8_t v6[16] = { [15] = 1 };
	static const uint8_t mapped[12] = { [10] = 0xff, [11] = 0xff };

	return !memcmp(ip, v6, 16) || (!memcmp(ip, mapped, 12) && ip[12] == 127);
}

/* Whether host names the daemon at local (its address): that address,
 * the machine's name, or on loopback localhost or any loopback address. */
static bool host_is_self(const char *host, const uint8_t local[16], const char *hostname)
{
	uint8_t ip[16];

	if (hostname && *hostname && !strcasecmp(host, hostname))
		return true;
	if (ip_is_loopback(local) && !strcasecmp(host, "localhost"))
		return true;
	if (!ip_from_text(host, ip))
		return false;
	return !memcmp(ip, local, 16) || (ip_is_loopback(local) && ip_is_loopback(ip));
}

bool ws_origin_allowed(const char *origin, const struct sockaddr *local, const char *hostname,
		       const char *const *allowed)
{
	char host[256];
	uint8_t ip[16];
	unsigned port, local_port;

	if (!origin)
		return true;
	for (int i = 0; allowed && allowed[i]; i++)
		if (!strcmp(allowed[i], "*") || !strcasecmp(allowed[i], origin))
			return true;
	return local && ip_from_sockaddr(local, ip, &local_port) &&
	       origin_parse(origin, host, sizeof(host), &port) && port == local_port &&
	       host_is_self(host, ip, hostname);
}

/* Whether req's Origin may open a WebSocket (ws_origin_allowed), judged
 * by the address the client reached and this machine's name. */
static bool origin_ok(struct evhttp_request *req, const struct http_options *o)
{
	struct evhttp_connection *evcon = evhttp_request_get_connection(req);
	struct sockaddr_storage local;
	socklen_t len = sizeof(local);
	char hostname[256] = "";
	bool known;

	known = getsockname(bufferevent_getfd(evhttp_connection_get_bufferevent(evcon)),
			    (struct sockaddr *)&local, &len) == 0;
	if (gethostname(hostname, sizeof(hostname) - 1) < 0)
		hostname[0] = '\0';
	return ws_origin_allowed(evhttp_find_header(evhttp_request_get_input_headers(req), "Origin"),
				 known ? (const struct sockaddr *)&local : NULL, hostname,
				 o->origins);
}

/* Whether header name holds token in its comma-separated list (any case). */
static bool has_token(const struct evkeyvalq *headers, const char *name, const char *token)
{
	const char *value = evhttp_find_header(headers, name);
	size_t n = strlen(token);

	for (const char *p = value; p && *p;) {
		p += strspn(p, " \t,");
		size_t len = strcspn(p, ",");
		size_t trimmed = len;

		while (trimmed > 0 && (p[trimmed - 1] == ' ' || p[trimmed - 1] == '\t'))
			trimmed--;
		if (trimmed == n && !strncasecmp(p, token, n))
			return true;
		p += len;
	}
	return false;
}

bool ws_upgrade(struct ws_set *set, struct evhttp_request *req, struct server *srv,
		const struct http_options *o)
{
	struct evkeyvalq *in = evhttp_request_get_input_headers(req);
	struct evkeyvalq *out = evhttp_request_get_output_headers(req);
	const char *version = evhttp_find_header(in, "Sec-WebSocket-Version");
	char accept[WS_ACCEPT_LEN + 1], peer[80];
	uint16_t code = 0;
	const char *reason = "";

	if (evhttp_request_get_command(req) != EVHTTP_REQ_GET) {
		evhttp_add_header(out, "Allow", "GET");
		http_send_status(req, 405, "Method Not Allowed");
		return false;
	}
	if (!has_token(in, "Upgrade", "websocket") || !has_token(in, "Connection", "upgrade") ||
	    !version || strcmp(version, "13") != 0) {
		evhttp_add_header(out, "Upgrade", "websocket");
		evhttp_add_header(out, "Sec-WebSocket-Version", "13");
		http_send_status(req, 426, "Upgrade Required");
		return false;
	}
	if (ws_accept_key(evhttp_find_header(in, "Sec-WebSocket-Key"), accept) < 0) {
		http_send_status(req, 400, "Bad Request");
		return false;
	}
	peer_name(evhttp_request_get_connection(req), peer, sizeof(peer));
	if (!origin_ok(req, o)) {
		/* Plain HTTP: a page of a foreign origin gets no WebSocket at all. */
		log_msg(LOG_WARN, "websocket %s refused: origin not allowed", peer);
		http_send_status(req, 403, "Forbidden");
		return false;
	}
	if ((reason = net_refusal(srv, peer)))
		code = WS_CODE_TRY_AGAIN_LATER;
	else
		reason = "";
	evhttp_add_header(out, "Upgrade", "websocket");
	evhttp_add_header(out, "Connection", "Upgrade");
	evhttp_add_header(out, "Sec-WebSocket-Accept", accept);
	evhttp_send_reply_start(req, 101, "Switching Protocols");
	ws_take(set, req, srv, o, peer, code, reason);
	return code == 0;
}
