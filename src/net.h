/* The only code that touches descriptors and the event loop. One libevent
 * loop serves either stdin/stdout or a TCP listener; both go through the
 * same connection type, line framer, sessions and worker pool.
 *
 * Threads: the loop thread owns every connection, buffer and session. Slow
 * commands run on the worker pool (worker.h) against a copy of the game;
 * their results come back to the loop through the pool's event. */
#ifndef QUINTET_NET_H
#define QUINTET_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/strbuf.h"

struct config;
struct evbuffer;

#define NET_SHUTDOWN_GRACE 5 /* seconds in-flight replies get at shutdown */

struct net_options {
	size_t max_line;     /* longest accepted command line, bytes */
	uint64_t seed;       /* seed of the first session's games */
	const char *listen;  /* [HOST:]PORT to serve over TCP, or NULL for stdio */
	int workers;         /* worker threads for slow commands */
	int max_connections; /* TCP sessions at once; more get "? server busy" */
	int idle_timeout;    /* seconds without a command before a TCP session
			      * is closed; 0 = never */
	/* SIGHUP: load the configuration again (NULL with err if it is bad). */
	struct config *(*reload)(char *err, size_t errlen);
	/* Apply a configuration's log level (serving: TCP mode). */
	void (*apply_log_level)(const struct config *cfg, bool serving);
};

/* Serve until EOF/quit on stdin, or until SIGINT/SIGTERM with --listen.
 * Returns the process exit status (0, or 1 on a fatal error). */
int net_run(const struct net_options *opt);

#endif
