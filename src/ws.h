/* WebSocket (RFC 6455) sessions at /ws: the HTTP upgrade handshake is ours,
 * the framing is wslay's (its event API), driven from the bufferevent of
 * the evhttp connection the upgrade arrived on.
 *
 * Taking the connection over: the handshake answers 101 with
 * evhttp_send_reply_start, which leaves evhttp waiting for a body that
 * never comes; the bufferevent then gets our callbacks and no timeouts,
 * and evhttp never touches it again. The connection is freed with
 * evhttp_connection_free when the WebSocket is closed (which also closes
 * the socket). So nothing of libevent's private state is used.
 *
 * Framing: each text message from the client is one command line (a
 * single trailing LF allowed; any other LF closes with 1007); it goes to
 * net's line framer as that line plus an LF. Each reply goes out as one
 * text message, its lines joined by LF, without the empty line that ends
 * it on TCP; each line a streaming command emits is one message (its
 * reply's "=ID" line, which TCP sends before them, is held and starts the
 * reply's message). Text
 * the server sends is valid UTF-8 (an invalid byte becomes '?').
 *
 * Cost: wslay parses frames, unmasks, checks UTF-8 and answers control
 * frames; a data message's payload is gathered in one buffer of the
 * connection's (wslay's own buffering allocated three times a message),
 * and a reply goes out as one frame written straight into the socket's
 * output when wslay has nothing queued. Output is written from the loop
 * at the end of a batch (ws_push), as net writes TCP replies: no write
 * event, so no epoll_ctl, unless the socket did not take it all.
 *
 * Bounded: a message over server.max_line bytes is refused (1009) from its
 * frame header, or once its fragments pass it, before more is buffered;
 * decoded lines waiting for the
 * session are held to max_line plus a read-ahead, after which the socket
 * is not read until the session catches up; output backlog, pongs
 * included, is net's (OUT_HIGH_WATER, then max_output). Close codes sent:
 * 1000 (quit, idle timeout), 1001 (server shutting down), 1002 (protocol
 * error, e.g. an unmasked frame), 1003 (a binary message), 1007 (invalid
 * UTF-8, more than one line), 1008 (output past max_output unread), 1009
 * (message too big), 1013 (server busy). A refused Origin gets no
 * WebSocket: 403, plain HTTP. */
#ifndef QUINTET_WS_H
#define QUINTET_WS_H

#include <stdbool.h>

struct evhttp_request;
struct http_options;
struct server;

#define WS_ACCEPT_LEN 28 /* base64 of a SHA-1 */

struct ws_set; /* the WebSockets of one HTTP server */

struct ws_set *ws_set_new(void);

/* Close and free every WebSocket of the set, then the set. */
void ws_set_free(struct ws_set *set);

/* Loop thread: answer an upgrade request for /ws: an error status when it
 * is not a valid WebSocket handshake or its Origin is not allowed (403);
 * else 101 and a session on srv (or, when the server is full, a close
 * frame saying so, and no session). Whether a session opened (it then
 * holds the connection's place under the caps: net_slot_new). */
bool ws_upgrade(struct ws_set *set, struct evhttp_request *req, struct server *srv,
		const struct http_options *o);

/* Sec-WebSocket-Accept for a Sec-WebSocket-Key: 0 with out filled (NUL
 * terminated), or -1 when key is not the base64 of 16 bytes. */
int ws_accept_key(const char *key, char out[WS_ACCEPT_LEN + 1]);

/* Whether a request with this Origin header (NULL: none) may open a
 * WebSocket on a connection whose local end, the address the client
 * reached, is local (NULL: unknown): no Origin (not a browser); one of
 * allowed ("*" allows any); or "http[s]://HOST[:PORT]" naming the daemon
 * itself: local's port, and as HOST local's address, hostname (the
 * machine's name), or when local is a loopback address localhost or any
 * loopback address. Never the request's Host header: a page whose name
 * its owner re-pointed at this machine (DNS rebinding) sends its own name
 * in both. */
struct sockaddr;
bool ws_origin_allowed(const char *origin, const struct sockaddr *local, const char *hostname,
		       const char *const *allowed);

#endif
