/* The WebSocket upgrade (RFC 6455, section 4.2): a request for /ws judged
 * (method, Upgrade and Connection headers, version 13, the key, the
 * Origin: ws_origin_allowed) and answered: an error status, or 101 and
 * the connection handed to ws.c (ws_take), with a session or, past the
 * caps, a close frame. */
#include "ws_conn.h"

#include <arpa/inet.h>
#include <event2/bufferevent.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <nettle/base64.h>
#include <nettle/sha1.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http_options.h"
#include "http_reply.h"
#include "log.h"
#include "net.h"

#define WS_GUID "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

/* Close codes wslay has no name for. */
#define WS_CODE_TRY_AGAIN_LATER 1013

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
