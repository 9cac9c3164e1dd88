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

struct accounts;
struct config;
struct frontend_ops;
struct evbuffer;

#define NET_SHUTDOWN_GRACE 5 /* seconds from SIGTERM to exit, whatever runs */
#define NET_REPLY_GRACE 4    /* of which in-flight replies and the sessions'
			      * final jobs (autosaves) get this many */

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
	const char *data_dir; /* DATA_DIR: saves live in DATA_DIR/saves/OWNER/ */
	const char *owner;   /* owner of the stdio session's saves, or NULL */
	const char *tcp_owner; /* owner of every TCP session's saves: NULL (guests,
				* until accounts exist) but for tests and benchmarks */
	struct accounts *accounts; /* the players' database (outlives the loop), or NULL */
	const struct frontend_ops *frontend; /* protocol; NULL = GTP */
	int max_connections; /* TCP sessions at once; more get "? server busy" */
	int idle_timeout;    /* seconds without a command before a TCP session
			      * is closed; 0 = never */
	int max_per_address; /* TCP sessions one client address may hold */
	int max_queue;       /* jobs waiting per pool; one more answers busy */
	int write_timeout;   /* seconds a TCP client's output may wait unread */
	size_t max_output;   /* bytes of a TCP client's unread output: dropped past it */
	/* SIGHUP, on a short-work worker: load the configuration again (NULL
	 * with err if it is bad), logging each key that changed. */
	struct config *(*reload)(char *err, size_t errlen);
	/* Apply a configuration's log level (serving: TCP mode). */
	void (*apply_log_level)(const struct config *cfg, bool serving);
};

/* Copy the configuration's caps on clients (server.max_connections_per_
 * address, max_queue, write_timeout, max_output) into opt; the daemon
 * does so again on SIGHUP. */
void net_options_caps(struct net_options *opt, const struct config *cfg);

/* Serve until EOF/quit on stdin, or until SIGINT/SIGTERM with --listen.
 * Returns the process exit status (0, or 1 on a fatal error). */
int net_run(const struct net_options *opt);

#endif
