/* A pool of worker threads for anything that can take long (genmove,
 * analysis, later password hashing), so the event loop never blocks.
 *
 *   loop thread                      worker threads
 *   worker_submit(run, done, arg) -> queue -> run(arg)
 *   done(arg)  <- event_active(done_ev) <- finished list
 *
 * run() gets only its arg: it must work on its own snapshot. done() runs on
 * the loop thread, in completion order. */
#ifndef QUINTET_WORKER_H
#define QUINTET_WORKER_H

struct event_base;
struct worker_pool;

typedef void (*worker_fn)(void *arg);

/* Start nthreads (>= 1) workers reporting to base, which must have been
 * created after evthread_use_pthreads(). NULL on failure. */
struct worker_pool *worker_pool_new(struct event_base *base, int nthreads);

/* Queue run(arg) on a worker; done(arg) follows on the loop thread. */
void worker_submit(struct worker_pool *p, worker_fn run, worker_fn done, void *arg);

/* Jobs queued, running or finished but not yet delivered. */
int worker_pool_pending(struct worker_pool *p);

/* Let the workers finish every queued job, join them, deliver the last
 * done() callbacks, and free the pool. Call on the loop thread. */
void worker_pool_free(struct worker_pool *p);

#endif
