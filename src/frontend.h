/* The front-end layer: how a wire protocol (GTP, UAI, later Gomocup and
 * WebSocket frames) meets the net layer. net (net.h) owns sockets, buffers, the
 * line framer and the worker pools; a front end owns one connection's
 * protocol state and decides what each line means.
 *
 *   net (loop thread)                     front end
 *   line framed ───────────────────────>  ops->line(st, line, len, arrival)
 *                 <── fe_write / fe_start_job / FE_LATER / FE_CLOSE
 *   job returns (worker done) ─────────>  ops->job_done(st, ran)
 *   worker thread:  fe_emit(c, line)  ──> written in order, back-pressured
 *   the connection ends (quit, end of input, client gone, idle timeout,
 *   shutdown), no job running ─────────>  ops->ending(st)
 *                 <── fe_start_final_job (an autosave), or nothing
 *   final job returns ─────────────────>  ops->job_done(st, ran)
 *   job_done may hold the connection (fe_hold): its time up ──> job_done again
 *   connection freed ──────────────────>  ops->close(st)
 *
 * A connection has at most one job at a time. While it runs, lines are
 * still offered to ops->line with busy set; a front end answers the ones
 * it can (UAI's isready, stop) and returns FE_LATER for the others, which
 * net offers again, unchanged and in order, after the job ends.
 *
 * Ending: once net has decided a connection ends, it reads nothing more
 * and offers no line; it calls ops->ending (once) as soon as no job runs,
 * even while output is still queued. A final job started there runs off
 * the loop like any other but cannot be stopped: not by the client going
 * (the point of an autosave is to outlive it), not by a deadline, not by
 * the shutdown, which waits for final jobs within NET_REPLY_GRACE (net.h)
 * and drops one unrun only if no worker took it by then. The connection
 * stays allocated until that job's job_done, then it is freed (after its
 * output is flushed, unless the transport is gone) and ops->close called. */
#ifndef QUINTET_FRONTEND_H
#define QUINTET_FRONTEND_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "worker.h"

struct fe_conn; /* a connection, opaque outside net_*.c (net_conn.h) */

/* What a new connection's front end is told. */
struct fe_info {
	uint64_t seed;      /* seed for its games */
	bool confined;      /* a remote client: files are plain names in files_dir */
	int files_dir;      /* directory for client-named files (AT_FDCWD: the cwd) */
	const char *owner;  /* whose saves the session's are, or NULL: a guest
			     * (the string outlives every connection) */
	bool autosave;      /* the owner's unfinished game is autosaved at the end */
	const char *data_dir; /* DATA_DIR, where saves live (outlives them too) */
	struct accounts *accounts; /* the players' database, or NULL (outlives them) */
	const char *address; /* the client's address without its port, "" on stdio
			      * (valid while the connection lives) */
};

enum fe_step {
	FE_DONE,  /* the line was handled */
	FE_LATER, /* offer it again when the running job ends (line untouched) */
	FE_CLOSE, /* end the connection once its output is flushed */
};

enum fe_queue {
	FE_QUEUE_SEARCH, /* searches: the workers shared by every connection */
	FE_QUEUE_SHORT,  /* short blocking work (files): its own workers */
	FE_QUEUE_DB,     /* the players' database: its own workers, so a slow
			  * database never delays files or the web page */
	FE_QUEUE_COUNT
};

struct frontend_ops {
	const char *name; /* --protocol name: "gtp", "uai" */
	/* A connection opened: its protocol state, never NULL. */
	void *(*open)(struct fe_conn *c, const struct fe_info *info);
	/* A line arrived (len bytes without the LF, NUL-terminated, may be
	 * modified unless FE_LATER is returned); busy: a job is running. */
	enum fe_step (*line)(void *st, char *line, size_t len, double arrival, bool busy);
	/* A line longer than the limit arrived; prefix holds its first len
	 * bytes. Same contract as line. */
	enum fe_step (*too_long)(void *st, const char *prefix, size_t len, bool busy);
	/* The job started with fe_start_job returned (ran: it was not dropped
	 * unrun); every line it emitted has been written. */
	void (*job_done)(void *st, bool ran);
	/* Input ended (the client closed its side); a running job goes on
	 * unless the front end stops it. May be NULL. */
	void (*input_ended)(void *st, bool busy);
	/* The connection is gone: free st (no job is running). */
	void (*close)(void *st);
	/* The connection ends, whatever the cause, and no job runs: the front
	 * end's last word. It may start one job with fe_start_final_job (an
	 * autosave); its job_done then comes before close. Nothing it writes
	 * is guaranteed to reach the client. Called at most once, and not at
	 * all when the process is past its shutdown grace. May be NULL. */
	void (*ending)(void *st);
	/* Whether line (len bytes, as received) carries a secret; then *head
	 * is the length of what a log may show of it. May be NULL. */
	bool (*secret_head)(const char *line, size_t len, size_t *head);
};

/* The front ends, by --protocol name; NULL if unknown. */
const struct frontend_ops *frontend_find(const char *name);

extern const struct frontend_ops frontend_gtp;

/* Loop thread: append data to the connection's output. */
void fe_write(struct fe_conn *c, const char *data, size_t len);

/* Loop thread: run run(arg) on a worker of queue q, then ops->job_done.
 * stop is the job's flag: net sets it when the client goes, at shutdown,
 * at deadline (monotime_now() seconds, 0 = none), and a set flag drops
 * the job unrun if it has not started. A TCP client's job that finds the
 * queue full (server.max_queue) is not queued: its job_done comes from
 * the loop with ran false and fe_job_refused true. kind (worker.h): an
 * engine move (WORKER_MOVE: deadline is its hard limit; stopped while
 * queued it is not dropped but run at once, so it answers by its deadline
 * whatever the workers do), a long job that yields to moves at its
 * checkpoints (WORKER_LONG), or neither. */
void fe_start_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind, worker_fn run,
		  void *arg, atomic_bool *stop, double deadline);

/* fe_start_job for a streaming command (one the client's next line stops):
 * it runs even when stopped before a worker takes it, so its reply is
 * its own (at once, as it finds its flag set), never "interrupted". */
void fe_start_stream_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind,
			 worker_fn run, void *arg, atomic_bool *stop, double deadline);

/* Loop thread: run a session's job (session.h) on the queue, as the kind,
 * with the stop flag and deadline the session gives it, streamed when it
 * streams; its lines go to c's output in order (fe_emit). ops->job_done
 * follows, as for fe_start_job. Every front end starts its jobs here. */
struct session_job;
void fe_start_session_job(struct fe_conn *c, struct session_job *job);

/* fe_start_final_job for a session's job (its autosave at the end). */
void fe_start_final_session_job(struct fe_conn *c, struct session_job *job);

/* Loop thread, from ops->ending only: run run(arg) on a worker of queue q,
 * then ops->job_done. A final job has no stop flag and no deadline: it is
 * never stopped, and dropped unrun (job_done with ran false) only when the
 * shutdown's grace ends before a worker takes it. */
void fe_start_final_job(struct fe_conn *c, enum fe_queue q, worker_fn run, void *arg);

/* Loop thread, from ops->job_done: keep the connection busy for seconds
 * more (lines wait as for a job; nothing blocks), then call ops->job_done
 * (ran true) again. A failed login's answer waits so. The client going,
 * or the shutdown, ends the hold at once. */
void fe_hold(struct fe_conn *c, double seconds);

/* Loop thread, in ops->job_done with ran false: whether the job was
 * refused because its queue was full (server.max_queue) rather than
 * dropped; the client is told "server busy". */
bool fe_job_refused(const struct fe_conn *c);

/* Loop thread: stop the connection's job (set its flag; a job still queued
 * is answered at once, unrun). Nothing when no job runs. */
void fe_stop_job(struct fe_conn *c);

/* Any thread (the job's): write one line (len bytes, no LF) to the client
 * ahead of the job's end. Waits while the client's output backlog is over
 * the high-water mark, unless the job's stop flag is set. */
void fe_emit(struct fe_conn *c, const char *line, size_t len);

/* Whether the connection's job is running in a stdio session (a GUI or a
 * referee) rather than for a TCP client. */
bool fe_is_stdio(const struct fe_conn *c);

/* Whether the client has gone for good, so that nobody waits for its
 * answers: a WebSocket closed. The end of a plain TCP client's input is
 * not that: like stdin's, it means no more commands, and every command
 * already received is answered (`printf 'genmove b\n' | nc -N`). */
bool fe_hung_up(const struct fe_conn *c);

#endif
