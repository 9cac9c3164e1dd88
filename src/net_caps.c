/* The caps on clients: each connection's place (struct net_slot) under
 * server.max_connections and max_connections_per_address, whatever door
 * it came in by; the refusal a new one gets past them; and the caps a
 * SIGHUP may change (net_options_caps). */
#include "net_conn.h"

#include <event2/bufferevent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "util/xalloc.h"

/* A connection's place under server.max_connections and
 * max_connections_per_address. Held by every client connection, whatever
 * carries it: a TCP session (fe_conn), a WebSocket's session (fe_conn as
 * well) and a plain HTTP connection (http.c, until it becomes a
 * WebSocket's); so one count serves all the doors. */
struct net_slot {
	uint64_t owner;              /* key of the peer's address */
	TAILQ_ENTRY(net_slot) link;  /* in server.slots */
};

void net_peer_address(const char *peer, char *out, size_t len)
{
	const char *end = strrchr(peer, ':');
	size_t n = end ? (size_t)(end - peer) : strlen(peer);

	if (n >= 2 && peer[0] == '[' && peer[n - 1] == ']') {
		peer++;
		n -= 2;
	}
	snprintf(out, len, "%.*s", (int)n, peer);
}

/* A key for an address: connections from one host share one worker
 * share. FNV-1a; 0 is kept for "nobody". */
uint64_t net_address_key(const char *address)
{
	uint64_t h = 14695981039346656037ULL;

	for (const char *p = address; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return h ? h : 1;
}

/* The connections open from address (its key, peer_address's text). */
static int connections_from(const struct server *srv, uint64_t key)
{
	const struct net_slot *s;
	int n = 0;

	TAILQ_FOREACH(s, &srv->slots, link)
		n += s->owner == key;
	return n;
}

struct net_slot *net_slot_new(struct server *srv, const char *peer)
{
	struct net_slot *s = xcalloc(1, sizeof(*s));
	char address[64];

	net_peer_address(peer, address, sizeof(address));
	s->owner = net_address_key(address);
	TAILQ_INSERT_TAIL(&srv->slots, s, link);
	srv->nslots++;
	return s;
}

void net_slot_free(struct server *srv, struct net_slot *slot)
{
	if (!slot)
		return;
	TAILQ_REMOVE(&srv->slots, slot, link);
	srv->nslots--;
	free(slot);
}

const char *net_refusal(const struct server *srv, const char *peer)
{
	char address[64];

	if (srv->stopping || srv->nslots >= srv->opt.max_connections)
		return "server busy";
	net_peer_address(peer, address, sizeof(address));
	if (srv->opt.max_per_address > 0 &&
	    connections_from(srv, net_address_key(address)) >= srv->opt.max_per_address)
		return "too many connections from this address";
	return NULL;
}

void net_set_write_timeout(const struct server *srv, struct bufferevent *bev)
{
	struct timeval tv = { srv->opt.write_timeout, 0 };

	if (srv->opt.write_timeout > 0)
		bufferevent_set_timeouts(bev, NULL, &tv);
}

void net_options_caps(struct net_options *opt, const struct config *cfg)
{
	opt->max_per_address = cfg->server.max_connections_per_address;
	opt->max_queue = cfg->server.max_queue;
	opt->write_timeout = cfg->server.write_timeout;
	opt->max_output = (size_t)cfg->server.max_output;
}
