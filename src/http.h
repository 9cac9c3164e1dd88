/* The HTTP server (--http, server.http): libevent's evhttp serves the web
 * page's static files from a root directory and hands /ws to the WebSocket
 * module (ws.c), whose connections are sessions like TCP ones (net.h).
 *
 * Never blocking the loop: a file is opened and read on a short-work
 * worker (worker.h), and the reply sent from the loop when it returns;
 * at most HTTP_MAX_JOBS at once (more: 503), each file at most
 * HTTP_MAX_FILE bytes, and a connection that reads nothing for
 * HTTP_TIMEOUT seconds is closed, so a client holds bounded memory; a
 * request must arrive whole within request_timeout seconds
 * (server.http_request_timeout), however it trickles. Every connection
 * counts under the caps on connections (net_refusal), as a session does;
 * one past them is answered 503 and closed.
 * Safe paths: the request's path is percent-decoded, then split into
 * components; ".", "..", empty names, names starting with "." and NUL
 * bytes never reach the file system; each component is opened with
 * openat(O_NOFOLLOW) below the root, so no symbolic link is followed,
 * inside the root or out of it; only regular files are served. */
#ifndef QUINTET_HTTP_H
#define QUINTET_HTTP_H

#include <stdbool.h>
#include <stddef.h>

struct event_base;
struct evhttp_request;
struct server;
struct worker_pool;

#define HTTP_MAX_PATH 1024        /* longest decoded path served */
#define HTTP_MAX_FILE (8L << 20)  /* largest file served, bytes */
#define HTTP_TIMEOUT 30           /* seconds a plain HTTP connection may idle */

struct http_options {
	const char *address;         /* [HOST:]PORT */
	const char *root;            /* directory of the static files */
	const char *const *origins;  /* Origin values a WebSocket may come from
				      * besides the daemon's own ("*": any),
				      * NULL-terminated; NULL = none */
	int ping_interval;           /* seconds between WebSocket pings; 0 = none */
	int request_timeout;         /* seconds a plain HTTP request has to arrive
				      * whole; 0 = no limit (http.c, struct
				      * http_conn) */
};

struct http_server;

/* Bind o->address and serve on base; prints "http listening on HOST:PORT"
 * to stderr (the real port for port 0). Sessions go to srv, file reads to
 * pool. NULL, logged, when it cannot listen. o must outlive the server. */
struct http_server *http_start(struct event_base *base, const struct http_options *o,
			       struct server *srv, struct worker_pool *pool);

/* The shutdown: accept no more connections (existing ones go on). */
void http_stop_accepting(struct http_server *h);

/* Free the server and every connection it still holds (NULL: nothing),
 * once no file job is pending (the pool has been joined). */
void http_free(struct http_server *h);

/* The relative file name below the root for a decoded request path (from
 * "/"), "index.html" for a directory's "/"; 0, or -1 if the path may not
 * be served (see the top comment). */
int http_map_path(const char *path, char *out, size_t outlen);

/* Answer req with status code and a one-line text/plain body, keeping
 * the headers already set (evhttp_send_error drops them). */
void http_send_status(struct evhttp_request *req, int code, const char *reason);

/* The Content-Type of a file name, by its extension. */
const char *http_content_type(const char *name);

#endif
