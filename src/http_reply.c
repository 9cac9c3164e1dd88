/* Answering an evhttp request (http_reply.h). */
#include "http_reply.h"

#include <event2/buffer.h>
#include <event2/http.h>
#include <stddef.h>
#include <stdio.h>

void http_send_body(struct evhttp_request *req, int code, const char *reason,
		    struct evbuffer *body)
{
	char len[32];

	if (evhttp_request_get_command(req) == EVHTTP_REQ_HEAD) {
		snprintf(len, sizeof(len), "%zu", body ? evbuffer_get_length(body) : (size_t)0);
		evhttp_add_header(evhttp_request_get_output_headers(req), "Content-Length", len);
		body = NULL;
	}
	evhttp_send_reply(req, code, reason, body);
}

void http_send_status(struct evhttp_request *req, int code, const char *reason)
{
	struct evbuffer *body = evbuffer_new();

	evbuffer_add_printf(body, "%d %s\n", code, reason);
	evhttp_add_header(evhttp_request_get_output_headers(req), "Content-Type",
			  "text/plain; charset=utf-8");
	http_send_body(req, code, reason, body);
	evbuffer_free(body);
}
