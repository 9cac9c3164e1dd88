/* The HTTP server (--http, server.http): libevent's evhttp serves the web
 * page's static files from a root directory (http_file.h) and hands /ws
 * to the WebSocket module (ws.h), whose connections are sessions like TCP
 * ones (net.h). Above both; only server.c is above it.
 *
 * Never blocking the loop: a file is read on a short-work worker, and a
 * connection that reads nothing for HTTP_TIMEOUT seconds is closed, so a
 * client holds bounded memory; a request must arrive whole within
 * request_timeout seconds (server.http_request_timeout), however it
 * trickles. Every connection counts under the caps on connections
 * (net_refusal), as a session does; one past them is answered 503 and
 * closed. */
#ifndef QUINTET_HTTP_H
#define QUINTET_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "http_file.h"
#include "http_options.h"

struct event_base;
struct server;
struct worker_pool;

#define HTTP_TIMEOUT 30           /* seconds a plain HTTP connection may idle */

struct http_server;

/* Bind o->address and serve on base; logs "http listening on HOST:PORT"
 * whatever the log level (log_notice; the real port for port 0). Sessions go to srv, file reads to
 * pool. NULL, logged, when it cannot listen. o must outlive the server. */
struct http_server *http_start(struct event_base *base, const struct http_options *o,
			       struct server *srv, struct worker_pool *pool);

/* The shutdown: accept no more connections (existing ones go on). */
void http_stop_accepting(struct http_server *h);

/* Free the server and every connection it still holds (NULL: nothing),
 * once no file job is pending (the pool has been joined). */
void http_free(struct http_server *h);

#endif
