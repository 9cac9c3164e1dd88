/* The net layer's public face: sessions on connections. One libevent loop
 * serves either stdin/stdout, or TCP clients (net_tcp.c) and the HTTP
 * server's WebSockets (ws.c, a transport below), all through the same
 * connection type (net_conn.c), line framing and output (net_io.c), jobs
 * on worker pools (net_job.c) and caps on clients (net_caps.c). Listening
 * sockets are net_listen.h's; what starts and stops the whole (both doors,
 * signals, reload, shutdown) is server.h's, above this and above HTTP.
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
struct event_base;
struct fe_conn;
struct http_options;
struct server; /* the running server (net_conn.h), for transports */

#define NET_SHUTDOWN_GRACE 5 /* seconds from SIGTERM to exit, whatever runs */
#define NET_REPLY_GRACE 4    /* of which in-flight replies and the sessions'
			      * final jobs (autosaves) get this many */

struct net_options {
	size_t max_line;     /* longest accepted command line, bytes */
	uint64_t seed;       /* seed of the first session's games */
	const char *listen;  /* [HOST:]PORT to serve over TCP, or NULL */
	const struct http_options *http; /* the HTTP server (--http), or NULL;
					  * with neither: stdio */
	int in_fd, out_fd;   /* stdio mode's descriptors (0 and 1 when both 0) */
	int workers;         /* worker threads for searches */
	int short_workers;   /* worker threads for short blocking jobs (files) */
	int db_workers;      /* worker threads for the players' database */
	int worker_nice;     /* nice value of the workers when listening */
	bool search_idle;    /* the search workers at SCHED_IDLE when listening */
	int loop_priority;   /* the loop thread's SCHED_FIFO priority when
			      * listening; 0 = normal scheduling */
	int jobs_per_address; /* searches one address may run at once (TCP);
			       * 0 = all workers but one */
	int files_dir;       /* directory of TCP clients' files (AT_FDCWD = cwd) */
	const char *data_dir; /* DATA_DIR: saves live in DATA_DIR/saves/OWNER/ */
	const char *owner;   /* owner of the stdio session's saves, or NULL */
	bool stdin_autosave; /* that owner's unfinished game is autosaved at the end
			      * (--user, --data-dir, storage.stdin_autosave) */
	const char *tcp_owner; /* owner of every TCP session's saves: NULL (guests,
				* until accounts exist) but for tests and benchmarks */
	struct accounts *accounts; /* the players' database (outlives the loop), or NULL */
	const struct frontend_ops *frontend; /* protocol; NULL = GTP */
	int max_connections; /* client connections at once (TCP, WebSocket and
			      * plain HTTP); more get "? server busy" (503) */
	int idle_timeout;    /* seconds without a command before a TCP session
			      * is closed; 0 = never */
	int max_per_address; /* connections one client address may hold, the
			      * same three kinds */
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

/* Transports: a session carried by something other than a socket of its
 * own, the WebSocket (ws.c). Loop thread only, like all of net.
 *
 *   transport                                net
 *   a client connects ─ net_refusal? ──────> net_open(ops, t, in, peer)
 *   messages decoded into in, LF each ─────> net_input(c)
 *   the client's close / a protocol error ─> net_input_ended(c)
 *   the socket failed ─────────────────────> net_lost(c)
 *   its output drained ────────────────────> net_drained(c)
 *   it queued output of its own (pongs) ───> net_output_queued(c)
 *        <── ops->send (a reply, or emitted lines) / backlog / reading
 *        <── ops->detach: net is done with it (the connection is freed);
 *            the transport closes the socket in its own time
 * ops->detach may come from inside any net_* call: a transport frees its
 * state later, from its own callbacks, never inside detach. */
enum net_end {
	NET_END_NORMAL,   /* quit, or the client closed */
	NET_END_IDLE,     /* the idle timeout */
	NET_END_SHUTDOWN, /* the server is going down */
	NET_END_LOST,     /* the transport failed */
	NET_END_OVERFLOW, /* the client left over max_output bytes unread */
};

struct net_transport_ops {
	/* data: whole framed replies; or, with lines, LF-terminated lines a
	 * job emitted (each its own message). */
	void (*send)(void *t, const char *data, size_t len, bool lines);
	size_t (*backlog)(void *t);         /* bytes not yet sent to the client */
	void (*reading)(void *t, bool on);  /* deliver input, or hold it back */
	void (*detach)(void *t, enum net_end why);
};

/* Why a new connection from peer ("HOST:PORT") may not open, the text of
 * TCP's refusal without its "? " ("server busy": max_connections or the
 * shutdown; max_connections_per_address), or NULL when it may. Counts the
 * places taken with net_slot_new: every session's, and every plain HTTP
 * connection's. */
const char *net_refusal(const struct server *srv, const char *peer);

/* A client connection's place under those caps: each session holds one
 * (net_open takes it), and so does each plain HTTP connection (http.c),
 * which gives it back before its upgrade to a WebSocket, whose session
 * takes its own. net_slot_new takes one whatever the caps say (ask
 * net_refusal first); net_slot_free gives it back (NULL: nothing). */
struct net_slot;
struct net_slot *net_slot_new(struct server *srv, const char *peer);
void net_slot_free(struct server *srv, struct net_slot *slot);

/* Give a transport's bufferevent the write timeout of TCP sessions
 * (server.write_timeout): output left unread that long ends in an event
 * with BEV_EVENT_TIMEOUT, and the transport reports its session lost. */
struct bufferevent;
void net_set_write_timeout(const struct server *srv, struct bufferevent *bev);

/* Write bev's output now, from the loop, rather than through its write
 * event: a batch of replies costs one writev and no epoll_ctl (the event
 * would be added at the first reply and deleted once the output drained),
 * as redis writes its replies before it sleeps. What the socket does not
 * take waits for the write event, enabled only then (with the write
 * timeout); the transport's write callback disables it once drained. A
 * failed write is left to that event too, which reports it. Whether the
 * output is empty now. */
bool net_push_output(struct bufferevent *bev);

/* The longest command line (server.max_line, as now). */
size_t net_max_line(const struct server *srv);

/* A session on transport t: lines are framed from in, which t fills. */
struct fe_conn *net_open(struct server *srv, const struct net_transport_ops *ops, void *t,
			 struct evbuffer *in, const char *peer);
void net_input(struct fe_conn *c);
void net_input_ended(struct fe_conn *c);
void net_lost(struct fe_conn *c);
void net_drained(struct fe_conn *c);
/* The transport queued output of its own (a pong): it counts against the
 * caps on unread output as replies do (ops->backlog includes it): past
 * OUT_HIGH_WATER net stops its reading (ops->reading) until the client
 * reads, past max_output the session is dropped (ops->detach with
 * NET_END_OVERFLOW). */
void net_output_queued(struct fe_conn *c);

#endif
