/* The only code that touches descriptors and the event loop. One libevent
 * loop serves either stdin/stdout or a TCP listener; both go through the
 * same connection type, line framer, sessions and worker pool.
 *
 * Threads: the loop thread owns every connection, buffer and front-end
 * state (frontend.h). Jobs run on the worker pools (worker.h) against
 * snapshots; their results come back to the loop through the pools'
 * events, and the lines they stream through each connection's emit queue. */
#ifndef QUINTET_NET_H
#define QUINTET_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/strbuf.h"

struct config;
struct frontend_ops;
struct evbuffer;

#define NET_SHUTDOWN_GRACE 5 /* seconds from SIGTERM to exit, whatever runs */
#define NET_REPLY_GRACE 4    /* of which in-flight replies get this many */

struct net_options {
	size_t max_line;     /* longest accepted command line, bytes */
	uint64_t seed;       /* seed of the first session's games */
	const char *listen;  /* [HOST:]PORT to serve over TCP, or NULL for stdio */
	int in_fd, out_fd;   /* stdio mode's descriptors (0 and 1 when both 0) */
	int workers;         /* worker threads for searches */
	int short_workers;   /* worker threads for short blocking jobs (files) */
	int worker_nice;     /* nice value of the search workers when listening */
	int jobs_per_address; /* searches one address may run at once (TCP);
			       * 0 = all workers but one */
	int files_dir;       /* directory of TCP clients' files (AT_FDCWD = cwd) */
	const struct frontend_ops *frontend; /* protocol; NULL = GTP */
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

/* Parse "[HOST:]PORT" ("7077", "127.0.0.1:7077", "[::1]:0"); host defaults
 * to 127.0.0.1. host gets at most hostlen bytes. 0, or -1 if malformed. */
int net_parse_listen(const char *spec, char *host, size_t hostlen, int *port);

/* Serve until EOF/quit on stdin, or until SIGINT/SIGTERM with --listen.
 * Returns the process exit status (0, or 1 on a fatal error). */
int net_run(const struct net_options *opt);

#endif
