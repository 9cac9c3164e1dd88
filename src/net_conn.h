/* Inside the net layer: the connection (struct fe_conn) and the core of
 * the running server (struct server) that net_*.c and server.c share, and
 * the functions one of them calls in another. Nothing outside those files
 * includes this: front ends see a connection through frontend.h,
 * transports (ws.c, http.c) through net.h.
 *
 * Who does what: net_conn.c a connection's life (open, end, close, free);
 * net_io.c its lines in and replies out (framing, the emit queue, the caps
 * on unread output); net_job.c its jobs on the worker pools; net_caps.c
 * the places under the connection caps; net_tcp.c the TCP and stdio
 * transports. server.c, above them and above http.c and ws.c, starts and
 * stops the whole.
 *
 * Threads: everything here is the loop thread's, but a connection's emit
 * queue (emit_lock and the fields it guards), which fe_emit fills from a
 * worker. */
#ifndef QUINTET_NET_CONN_H
#define QUINTET_NET_CONN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/queue.h>

#include <event2/util.h>

#include "framer.h"
#include "frontend.h"
#include "net.h"
#include "util/strbuf.h"
#include "worker.h"

#ifndef TAILQ_FOREACH_SAFE /* glibc's sys/queue.h lacks it */
#define TAILQ_FOREACH_SAFE(var, head, field, tvar)                            \
	for ((var) = TAILQ_FIRST(head); (var) && ((tvar) = TAILQ_NEXT(var, field), 1); \
	     (var) = (tvar))
#endif

/* Output buffered for a client beyond which its input is not read until the
 * client reads (back-pressure); and the input read ahead beyond a line. */
#define OUT_HIGH_WATER (256 * 1024)
#define IN_READ_AHEAD (16 * 1024)

struct bufferevent;
struct event;
struct event_base;
struct evconnlistener;

struct fe_conn {
	struct server *srv;        /* owner */
	uint64_t id;               /* session id for logs */
	char peer[64];             /* "HOST:PORT", or "stdio" */
	char address[64];          /* the peer's address without its port ("" for stdio) */
	uint64_t owner;            /* key of the peer's address, for worker shares */
	struct net_slot *slot;     /* its place under the caps; NULL for stdio */
	bool stdio;                /* served on fd 0/1 */
	struct bufferevent *in;    /* input (and output for TCP); NULL with tr */
	struct bufferevent *out;   /* output: == in for TCP, fd 1 for stdio */
	const struct net_transport_ops *tr; /* a WebSocket's transport, or NULL */
	void *tr_state;            /* its state */
	struct line_framer framer; /* splits in's input */
	const struct frontend_ops *fe; /* the protocol */
	void *fe_state;            /* its per-connection state */
	struct strbuf line;        /* the line being offered */
	bool line_pending;         /* line was answered FE_LATER: offer it again */
	enum framer_result line_kind; /* FRAMER_LINE or FRAMER_TOO_LONG */
	double line_arrival;       /* when line was framed */
	bool busy;                 /* a job is in flight */
	worker_fn run;             /* the job's work, for conn_run */
	void *run_arg;             /* its argument */
	atomic_bool *job_stop;     /* its stop flag */
	struct event *deadline_ev; /* sets job_stop at the job's deadline */
	struct event *hold_ev;     /* ends a hold (fe_hold) */
	bool holding;              /* busy with a hold, not a job */
	bool refused;              /* busy with a job refused for a full queue:
				    * refuse_ev answers it as dropped, unrun */
	struct event *refuse_ev;   /* delivers a refused job's job_done */
	struct event *drop_ev;     /* drops a client past max_output, from the loop */
	struct event *idle_ev;     /* idle timeout, TCP only: armed once, not
				    * at every command (conn_touch) */
	bool idle_armed;           /* idle_ev is pending */
	double active_at;          /* when the last command was answered
				    * (monotime_now()), for idle_ev */
	bool reading;              /* a socket's input is enabled (conn_reading) */
	bool in_process;           /* inside conn_process: replies wait for its
				    * end to be written together (conn_push) */
	struct event *linger_ev;   /* conn_close's wait for the client's ack */
	struct event *reset_ev;    /* after a TCP client's end of input: whether
				    * its host reset the connection (conn_watch_reset) */
	double linger_since;       /* when conn_close began to wait */
	pthread_mutex_t emit_lock; /* guards emitted and the fields below it */
	pthread_cond_t emit_room;  /* the backlog went down, or the job stopped */
	struct strbuf emitted;     /* lines a job emitted, not yet written */
	struct strbuf writing;     /* loop thread only, no lock: emitted lines
				    * taken out to be written (conn_flush_emitted) */
	size_t out_backlog;        /* output buffered, as last seen by the loop */
	struct event *emit_ev;     /* moves emitted into the output */
	bool eof;                  /* no more input will come */
	bool closing;              /* close once output is flushed and no job runs */
	bool dead;                 /* transport failed (or idle timeout): free when
				    * the job returns, whatever the output holds */
	bool ended;                /* ops->ending was called: only its final job
				    * may still run, then the connection is freed */
	bool idle;                 /* ended by the idle timeout */
	bool overflow;             /* dropped past max_output */
	TAILQ_ENTRY(fe_conn) link; /* in server.conns */
};

/* The running server as the connections see it: the loop, the pools, the
 * options, the connections and their places under the caps, and whether
 * it is going down. What starts and stops it (listeners, the HTTP server,
 * signals) is server.c's. */
struct server {
	struct event_base *base;          /* the one loop */
	struct worker_pool *pools[FE_QUEUE_COUNT]; /* searches, short blocking
					   * jobs, the database: by enum fe_queue */
	bool stdio;                       /* serving stdin/stdout, not sockets */
	struct net_options opt;           /* limits */
	TAILQ_HEAD(, fe_conn) conns;      /* live connections */
	int nconns;                       /* their number */
	TAILQ_HEAD(, net_slot) slots;     /* places under the caps */
	int nslots;                       /* their number */
	uint64_t next_id;                 /* for conn ids */
	double stop_time;                 /* when shutdown began */
	bool stopping;                    /* shutting down */
	bool pools_closed;                /* the pools are shutting down: no final jobs */
};

/* net_conn.c: a connection's life. */

/* A connection with its front end open; its transport is the caller's to
 * set up (in, or tr), and, for a socket, its idle timer started with conn_start_idle. */
struct fe_conn *conn_alloc(struct server *srv, const char *peer, bool stdio);
/* The idle timer of a socket's session (TCP, WebSocket), armed. */
void conn_start_idle(struct fe_conn *c);
/* Whether nobody waits for c's answers any more. */
bool conn_gone(const struct fe_conn *c);
/* The connection ends once no job runs (conn_end's comment). */
void conn_end(struct fe_conn *c);
/* End c once it is closing and no job runs. */
void conn_maybe_close(struct fe_conn *c);
/* The transport is gone: end c now, or when its job returns. */
void conn_drop(struct fe_conn *c);
/* Restart the idle timer (a command was answered, now or at monotime_now()
 * value now): the time is noted, and the timer, armed once, moves its end
 * on when it fires; no timer is re-armed at every command. */
void conn_touch(struct fe_conn *c);
void conn_touch_at(struct fe_conn *c, double now);
/* Stop the idle timer (a job runs; the connection lingers): conn_touch
 * starts it again. */
void conn_stop_idle(struct fe_conn *c);
/* Free c and everything it holds, now. */
void conn_free(struct fe_conn *c);
/* The shutdown: every session closes once its reply and final job are done. */
void net_close_sessions(struct server *srv);
/* The loop ends when the server is stopping and no connection is left. */
void net_check_done(struct server *srv);
/* Join the pools and free every connection (server_free's first half);
 * exits the process when a job overran the shutdown deadline. */
void net_free_sessions(struct server *srv);

/* net_io.c: lines in, replies out. */

/* TCP: write the replies buffered so far to the socket now (conn_write
 * does after each outside conn_process, conn_process at its end); the
 * rest waits for the write event. Whether nothing is left (false for
 * other transports and a dead connection). */
bool conn_push(struct fe_conn *c);
/* Bytes of output not yet sent to the client. */
size_t conn_output_length(const struct fe_conn *c);
/* Read the client's input, or stop reading it. */
void conn_reading(struct fe_conn *c, bool on);
/* Offer the buffered lines to the front end (conn_process's comment). */
void conn_process(struct fe_conn *c);
/* The client closed its side: what it sent is still answered. */
void conn_input_ended(struct fe_conn *c);

/* After a TCP client's end of input its answers are still owed (it may
 * have closed only its sending side), but reading has stopped: watch for
 * the reset by which a client that has gone entirely shows (it closed
 * with replies unread, or refused one written since) and drop it then,
 * stopping its search. */
void conn_watch_reset(struct fe_conn *c);
/* Loop thread: note the backlog, waking fe_emit when it has room. */
void conn_note_backlog(struct fe_conn *c);
/* Loop thread: write what the job emitted so far. */
void conn_flush_emitted(struct fe_conn *c);
/* The emit queue's event's callback (conn_alloc makes the event). */
void conn_emit_cb(evutil_socket_t fd, short what, void *arg);

/* net_job.c: jobs on the worker pools. */

/* Stop c's job (or end its hold): see the comment there. */
void conn_stop_job(struct fe_conn *c);
/* A job's done callback, also used for refused and held jobs. */
void conn_job_done(void *arg, bool ran);
/* Callbacks of the events conn_alloc makes for a job. */
void conn_deadline_cb(evutil_socket_t fd, short what, void *arg);
void conn_refuse_cb(evutil_socket_t fd, short what, void *arg);
void conn_hold_cb(evutil_socket_t fd, short what, void *arg);
/* Start the three pools (searches, short work, the database): 0 or -1. */
int net_start_pools(struct server *srv);
/* Join the pools by the shutdown deadline; -1 if a job overran it. */
int net_stop_pools(struct server *srv);

/* net_caps.c: places under the caps. */

/* The peer's address without its port ("[::1]:5000" -> "::1"). */
void net_peer_address(const char *peer, char *out, size_t len);
/* A key for an address (0 is nobody's). */
uint64_t net_address_key(const char *address);

/* net_tcp.c: the TCP and stdio transports. */

/* Listen on opt.listen for TCP sessions; logs "listening on HOST:PORT"
 * whatever the log level (log_notice).
 * The listener (net_listener_free), or NULL, logged. */
struct evconnlistener *net_tcp_listen(struct server *srv);
/* The stdio session, on opt.in_fd and opt.out_fd: 0, or -1. */
int net_stdio_start(struct server *srv);

#endif
