/* What the HTTP server is told to serve (server.http and its keys):
 * shared by the HTTP server (http.c) and the WebSockets it hands /ws to
 * (ws.c), which sits below it and so takes this small header rather
 * than http.h. */
#ifndef QUINTET_HTTP_OPTIONS_H
#define QUINTET_HTTP_OPTIONS_H

struct http_options {
	const char *address;         /* [HOST:]PORT */
	const char *root;            /* directory of the static files */
	const char *source_tree;     /* the source tree whose web/ is served,
				      * laid out as installed, when root does
				      * not exist (http_file.h); NULL = none */
	const char *const *origins;  /* Origin values a WebSocket may come from
				      * besides the daemon's own ("*": any),
				      * NULL-terminated; NULL = none */
	int ping_interval;           /* seconds between WebSocket pings; 0 = none */
	int request_timeout;         /* seconds a plain HTTP request has to arrive
				      * whole; 0 = no limit (http.c, struct
				      * http_conn) */
};

#endif
