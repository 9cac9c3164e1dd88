/* A WebSocket session's replies as text messages (ws.h's top comment):
 * each reply one message, each streamed line one, the "=ID" line of a
 * streamed reply held to start its end's message; text made valid UTF-8
 * first. */
#define _GNU_SOURCE /* memmem */
#include "ws_conn.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <string.h>

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

/* The length of data's longest prefix of valid UTF-8. */
static size_t utf8_valid_prefix(const char *data, size_t len)
{
	const unsigned char *s = (const unsigned char *)data;
	size_t i = 0;

	while (i < len) {
		if (s[i] < 0x80) { /* replies are ASCII: the common case costs a compare */
			i++;
			continue;
		}
		size_t n = utf8_length(s + i, len - i);

		if (!n)
			break;
		i += n;
	}
	return i;
}

/* Write one unfragmented text frame straight into the socket's output, as
 * a TCP reply goes: no copy into wslay's queue, no allocation. Only when
 * wslay has nothing queued (a pong or a close keeps its order) and no close
 * is under way; false otherwise, and nothing is written. */
static bool ws_write_direct(struct ws_conn *w, const char *data, size_t len)
{
	unsigned char head[10];
	size_t n = 2;

	if (w->lost || w->closing || !wslay_event_get_write_enabled(w->ctx) ||
	    wslay_event_get_queued_msg_count(w->ctx) > 0 || wslay_event_get_close_received(w->ctx))
		return false;
	head[0] = 0x80 | WSLAY_TEXT_FRAME; /* FIN; a server's frames are not masked */
	if (len < 126) {
		head[1] = (unsigned char)len;
	} else if (len <= 0xffff) {
		head[1] = 126;
		head[2] = (unsigned char)(len >> 8);
		head[3] = (unsigned char)len;
		n = 4;
	} else {
		head[1] = 127;
		for (int i = 0; i < 8; i++)
			head[2 + i] = (unsigned char)((uint64_t)len >> (56 - 8 * i));
		n = 10;
	}
	struct evbuffer *out = bufferevent_get_output(w->bev);

	if (evbuffer_add(out, head, n) < 0 || evbuffer_add(out, data, len) < 0)
		w->lost = true;
	return true;
}

/* Send len bytes of text as one text message, each byte that is not part
 * of valid UTF-8 replaced by '?' (a browser closes on invalid text).
 * Valid text (every reply but one echoing a client's bad bytes) goes out
 * as it is, without a copy. */
static void ws_send_text(struct ws_conn *w, const char *data, size_t len)
{
	size_t valid = utf8_valid_prefix(data, len);

	if (valid < len) {
		const unsigned char *s = (const unsigned char *)data;

		sb_reset(&w->text);
		sb_append(&w->text, data, valid);
		for (size_t i = valid; i < len;) {
			size_t n = utf8_length(s + i, len - i);

			sb_append(&w->text, n ? data + i : "?", n ? n : 1);
			i += n ? n : 1;
		}
		data = w->text.buf;
		len = w->text.len;
	}
	if (ws_write_direct(w, data, len))
		return;
	struct wslay_event_msg msg = { .opcode = WSLAY_TEXT_FRAME,
				       .msg = (const uint8_t *)data,
				       .msg_length = len };
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

/* ws_send's work: the messages queued or written, not yet pushed. */
static void ws_send_messages(struct ws_conn *w, const char *data, size_t len, bool lines)
{
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
	/* Whole replies, the usual call, are sent from data itself; only a
	 * reply's unended part waits in w->replies. */
	while (!w->stream_head.len && !evbuffer_get_length(w->replies)) {
		const char *end = memmem(data, len, "\n\n", 2);

		if (!end)
			break;
		ws_send_text(w, data, (size_t)(end - data));
		len -= (size_t)(end - data) + 2;
		data = end + 2;
	}
	if (len == 0)
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

void ws_send(void *t, const char *data, size_t len, bool lines)
{
	struct ws_conn *w = t;

	ws_send_messages(w, data, len, lines);
	ws_push(w);
}
