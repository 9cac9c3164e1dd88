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

enum framer_result {
	FRAMER_NONE,     /* no complete line buffered */
	FRAMER_LINE,     /* a line was moved into the caller's buffer */
	FRAMER_TOO_LONG, /* a line over max_line was (or is being) discarded */
};

struct line_framer {
	struct evbuffer *in; /* bytes received, not yet framed */
	size_t max_line;     /* limit on one line, excluding the LF */
	bool discarding;     /* dropping the rest of an over-long line */
};

#define FRAMER_PREFIX 32 /* bytes of an over-long line kept for its reply */

/* Take the next line out of f->in into line (without its LF). With eof,
 * a final line without LF counts as a line. An over-long line is reported
 * once (line then holds its first FRAMER_PREFIX bytes) and the rest of it,
 * up to its LF, is dropped as it arrives. */
enum framer_result framer_next(struct line_framer *f, struct strbuf *line, bool eof);

/* Serve until EOF/quit on stdin, or until SIGINT/SIGTERM with --listen.
 * Returns the process exit status (0, or 1 on a fatal error). */
int net_run(const struct net_options *opt);

#endif
