/* The job core's thread pools, so the event loop never blocks. The daemon
 * runs three: searches (genmove, analysis, perft), short blocking work
 * (files, the web page's files, SIGHUP's reload) and the players' database
 * (with its password hashing), so a short job never waits behind a 60 s
 * search, nor a file behind a locked database.
 *
 *   loop thread                          worker threads
 *   worker_submit(item) ─> queue ──────> item.stop set? drop : run(arg)
 *   done(arg, ran) <─ event_active(done_ev) <─ finished list
 *
 * run() gets only its arg: it must work on its own snapshot. done() runs on
 * the loop thread, in completion order, exactly once per item: ran is
 * false when the item was dropped unrun (its stop flag was set before a
 * worker took it, or the pool shut down). A queue hands a worker the
 * oldest item whose owner (a client address) runs fewer than per_owner
 * items, so one client cannot hold every worker; engine moves
 * (WORKER_MOVE) before the rest.
 *
 * Engine moves never wait past their deadline. A pool made with reserve
 * has two more threads that run moves only:
 *
 *   rescue: a queued item that is stopped but must still answer (keep: a
 *           move whose deadline passed, a stopped stream) runs there at
 *           once, whatever the workers do: it answers as it finds its flag
 *           set, in microseconds, so one thread serves them all;
 *   relief: while a move waits and every worker is busy, one of them with a
 *           long job (WORKER_LONG: perft, playout_score, analysis,
 *           pondering), the move runs on relief and the long jobs pause at
 *           their next checkpoint (util/checkpoint.h: a worker registers
 *           its hook) until it ends. The threads computing at once stay
 *           at most the workers' number; a stopped long job never waits.
 *
 *   worker: run(LONG) ── job_checkpoint() ── relief busy? wait ── resume
 *   relief: run(MOVE) ──────────────────────────── ends: wake the paused
 *
 * Workers run at opt.nice; with opt.idle the workers and relief (not
 * rescue) are in SCHED_IDLE, and so are the threads their searches start:
 * the loop thread takes a core from them the moment it wakes. */
#ifndef QUINTET_WORKER_H
#define QUINTET_WORKER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct event_base;
struct worker_pool;

typedef void (*worker_fn)(void *arg);
typedef void (*worker_done_fn)(void *arg, bool ran);

struct worker_pool_options {
	int threads;   /* workers to start, >= 1 */
	int nice;      /* their nice value (0 = the process's priority) */
	bool idle;     /* workers and relief at SCHED_IDLE (Linux): they run
			* only on a core no other thread wants */
	int per_owner; /* items one owner may run at once; 0 = no limit */
	bool reserve;  /* start the rescue and relief threads (see above) */
};

enum worker_kind {
	WORKER_PLAIN, /* runs when a worker is free */
	WORKER_MOVE,  /* an engine move: taken first, relieved, rescued */
	WORKER_LONG,  /* a long job: pauses at checkpoints while a move is relieved */
};

struct worker_item {
	worker_fn run;       /* on a worker */
	worker_done_fn done; /* then on the loop thread */
	void *arg;           /* for both */
	atomic_bool *stop;   /* the item's stop flag; or NULL */
	bool keep;           /* run even when stopped before it starts (its run
			      * answers at once then); else dropped unrun */
	enum worker_kind kind; /* how it is scheduled */
	uint64_t owner;      /* whose share it counts against; 0 = nobody's */
};

/* Start the workers, reporting to base (created after
 * evthread_use_pthreads()). NULL on failure. */
struct worker_pool *worker_pool_new(struct event_base *base,
				    const struct worker_pool_options *opt);

/* Queue an item (copied). */
void worker_submit(struct worker_pool *p, const struct worker_item *item);

/* Loop thread: drop every queued item whose stop flag is set now (done
 * with ran false) unless it is kept, without waiting for a worker to take
 * it, so its answer is not held up behind other work; kept ones go to the
 * rescue thread when the pool has one. */
void worker_pool_kick(struct worker_pool *p);

/* Loop thread: drop the queued item whose stop flag is stop, kept or not
 * (done with ran false): its answer is wanted by nobody (the client is
 * gone). Nothing when no queued item has it (it runs, or never was). */
void worker_pool_cancel(struct worker_pool *p, const atomic_bool *stop);

/* Items waiting for a worker (queued, not yet taken). */
int worker_pool_queued(struct worker_pool *p);

/* Items queued, running or finished but not yet delivered. */
int worker_pool_pending(struct worker_pool *p);

/* Shut the pool down (loop thread): queued items are dropped, running
 * ones get until deadline (monotime_now() seconds; 0 = wait for ever) to
 * return; every done() is delivered and the pool freed. If a worker is
 * still running at the deadline the pool is abandoned (not freed, its
 * items not delivered) and -1 returned: the caller is exiting. Else 0. */
int worker_pool_free(struct worker_pool *p, double deadline);

#endif
