/* Answering an evhttp request with a status or a body: what the HTTP
 * server (http.c, http_file.c) and the WebSocket handshake (ws.c) both
 * send. */
#ifndef QUINTET_HTTP_REPLY_H
#define QUINTET_HTTP_REPLY_H

struct evbuffer;
struct evhttp_request;

/* Answer req with status code and a one-line text/plain body, keeping
 * the headers already set (evhttp_send_error drops them). */
void http_send_status(struct evhttp_request *req, int code, const char *reason);

/* Send body (NULL: none) with the headers set; a HEAD request gets its
 * Content-Length and no body. The caller keeps body. */
void http_send_body(struct evhttp_request *req, int code, const char *reason,
		    struct evbuffer *body);

#endif
