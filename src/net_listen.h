/* Listening sockets, below sessions and HTTP alike (net_listen.c): a
 * listener that pauses instead of spinning when the process is out of
 * descriptors, the refusal a client turned away is sent, and how a peer is
 * named. Loop thread only. */
#ifndef QUINTET_NET_LISTEN_H
#define QUINTET_NET_LISTEN_H

#include <stddef.h>

#include <event2/listener.h>

struct event_base;
struct sockaddr;

/* Listen on spec ("[HOST:]PORT"), calling cb for each connection (NULL: set
 * later, as evhttp_bind_listener does). bound gets the address bound, its
 * real port for port 0. NULL, logged, on failure. When the process is out
 * of descriptors the listener pauses instead of failing again at once, and
 * the clients waiting are sent refusal (static storage) and closed; name
 * ("tcp", "http") says which listener in the log (net_listen.c, struct door).
 * Freed with net_listener_free; for one that evhttp owns and frees,
 * net_listener_forget first drops what net_listen added to it. */
struct evconnlistener *net_listen(struct event_base *base, const char *spec, const char *name,
				  const char *refusal, evconnlistener_cb cb, void *arg,
				  char *bound, size_t boundlen);
void net_listener_forget(struct evconnlistener *l);
void net_listener_free(struct evconnlistener *l);

/* Send a refused client text on fd (its socket), and discard what it
 * has sent already (up to 64 KiB), so that closing fd then sends a FIN,
 * not a reset that could destroy the text before the client reads it.
 * Best effort: never blocks (a full buffer or a gone client loses it). */
void net_send_refusal(int fd, const char *text);

/* A socket address as "HOST:PORT" ("[HOST]:PORT" for IPv6), "?" for
 * another family: how peers are named in logs and in net_refusal. */
void net_format_peer(const struct sockaddr *sa, char *out, size_t len);

#endif
