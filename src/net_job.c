/* A connection's jobs handed to the worker pools (worker.h): started
 * (droppable, streaming, final, or a hold on the loop's timer), stopped
 * (the client went, the deadline passed, the shutdown), refused when a
 * pool's queue is full, and their done callback back on the loop. Also
 * the pools themselves: started with the server, joined at its end.
 * struct fe_conn: net_conn.h. */
#include "net_conn.h"

#include <event2/event.h>
#include <stdlib.h>

#include "log.h"
#include "util/monotime.h"

/* Set the job's stop flag and wake an emit waiting for room. A final
 * job has none: nothing stops it. */
void conn_stop_job(struct fe_conn *c)
{
	if (c->holding) {
		event_active(c->hold_ev, EV_TIMEOUT, 0); /* ends now */
		return;
	}
	if (!c->busy || !c->job_stop)
		return;
	if (conn_gone(c)) {
		/* Nobody waits for the answer: a queued job goes unrun, even a
		 * move (which a deadline would have run at once). */
		for (int q = 0; q < FE_QUEUE_COUNT; q++)
			worker_pool_cancel(c->srv->pools[q], c->job_stop);
	}
	pthread_mutex_lock(&c->emit_lock);
	atomic_store(c->job_stop, true);
	pthread_cond_broadcast(&c->emit_room);
	pthread_mutex_unlock(&c->emit_lock);
	/* Queued behind other work, it is answered now, not when a worker
	 * frees (done comes through the pool's event, never from here). */
	for (int q = 0; q < FE_QUEUE_COUNT; q++)
		worker_pool_kick(c->srv->pools[q]);
}

void fe_stop_job(struct fe_conn *c)
{
	conn_stop_job(c);
}

bool fe_job_refused(const struct fe_conn *c)
{
	return c->refused;
}

void conn_job_done(void *arg, bool ran)
{
	struct fe_conn *c = arg;

	evtimer_del(c->deadline_ev);
	if (!ran)
		log_msg(LOG_INFO, "session %llu: job dropped before it ran", (unsigned long long)c->id);
	conn_flush_emitted(c);
	c->busy = false;
	c->job_stop = NULL;
	c->fe->job_done(c->fe_state, ran);
	c->refused = false;
	if (c->dead || c->ended) {
		conn_end(c); /* ends it (a final job may start), or frees it */
		return;
	}
	conn_touch(c);
	conn_process(c);
}

/* Worker thread: the job's work. The connection outlives its job (see
 * dead), and only the loop clears run after done. */
static void conn_run(void *arg)
{
	struct fe_conn *c = arg;

	c->run(c->run_arg);
}

void conn_deadline_cb(evutil_socket_t fd, short what, void *arg)
{
	struct fe_conn *c = arg;

	(void)fd, (void)what;
	log_msg(LOG_INFO, "session %llu: job reached its deadline, stopping it",
		(unsigned long long)c->id);
	conn_stop_job(c);
}

/* Loop thread: a refused job ends as one dropped unrun. */
void conn_refuse_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what;
	conn_job_done(arg, false);
}

/* Whether a TCP client's job finds pool's queue full (server.max_queue):
 * then it is refused, so a flood of jobs costs a reply, not memory. A
 * stdio session has one job at most: never refused. */
static bool queue_full(const struct fe_conn *c, struct worker_pool *pool)
{
	int cap = c->srv->opt.max_queue;

	return !c->stdio && cap > 0 && worker_pool_queued(pool) >= cap;
}

/* fe_start_job and fe_start_stream_job: droppable, the worker drops the
 * job unrun when its stop flag is set before it starts (never a move: it
 * owes an answer by its deadline). */
static void start_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind, worker_fn run,
		      void *arg, atomic_bool *stop, double deadline, bool droppable)
{
	struct server *srv = c->srv;
	struct worker_item item = { .run = conn_run, .done = conn_job_done, .arg = c,
				    .stop = stop,
				    .keep = !droppable || (kind == WORKER_MOVE && !conn_gone(c)),
				    .kind = kind, .owner = c->owner };
	struct worker_pool *pool = srv->pools[q];

	c->busy = true;
	c->job_stop = stop;
	c->run = run;
	c->run_arg = arg;
	conn_stop_idle(c);
	if (queue_full(c, pool)) {
		log_msg(LOG_WARN, "session %llu (%s): job refused, %d jobs queued",
			(unsigned long long)c->id, c->peer, srv->opt.max_queue);
		c->refused = true;
		event_active(c->refuse_ev, EV_TIMEOUT, 0);
		return;
	}
	if (deadline > 0) {
		double left = deadline - monotime_now();
		struct timeval tv = { 0, 0 };

		if (left > 0) {
			tv.tv_sec = (time_t)left;
			tv.tv_usec = (suseconds_t)((left - (double)tv.tv_sec) * 1e6);
		}
		evtimer_add(c->deadline_ev, &tv);
	}
	/* A client that has gone, or a server going down, gets its answer
	 * now rather than at the end of the search; so does a streaming
	 * command once the input has ended (no line will come to stop it). */
	if (conn_gone(c) || (c->eof && !droppable))
		atomic_store(stop, true);
	worker_submit(pool, &item);
}

void fe_start_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind, worker_fn run,
		  void *arg, atomic_bool *stop, double deadline)
{
	start_job(c, q, kind, run, arg, stop, deadline, true);
}

void fe_start_stream_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind,
			 worker_fn run, void *arg, atomic_bool *stop, double deadline)
{
	start_job(c, q, kind, run, arg, stop, deadline, false);
}

/* Loop thread: the hold's time is up (or it was stopped): it ends as a
 * job that ran. */
void conn_hold_cb(evutil_socket_t fd, short what, void *arg)
{
	struct fe_conn *c = arg;

	(void)fd, (void)what;
	if (!c->holding)
		return;
	evtimer_del(c->hold_ev);
	c->holding = false;
	conn_job_done(c, true);
}

void fe_hold(struct fe_conn *c, double seconds)
{
	struct timeval tv = { (time_t)seconds,
			      (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6) };

	c->busy = true;
	c->holding = true;
	c->job_stop = NULL;
	conn_stop_idle(c);
	if (c->dead || c->srv->stopping)
		tv = (struct timeval){ 0, 0 };
	evtimer_add(c->hold_ev, &tv);
}

void fe_start_final_job(struct fe_conn *c, enum fe_queue q, worker_fn run, void *arg)
{
	struct worker_item item = { .run = conn_run, .done = conn_job_done, .arg = c };
	struct server *srv = c->srv;

	c->busy = true;
	c->job_stop = NULL; /* never stopped, never dropped but at the shutdown's end */
	c->run = run;
	c->run_arg = arg;
	worker_submit(srv->pools[q], &item);
}

int net_stop_pools(struct server *srv)
{
	double deadline = srv->stopping ? srv->stop_time + NET_SHUTDOWN_GRACE - 0.2 : 0;
	int rc = 0;

	for (int q = 0; q < FE_QUEUE_COUNT; q++)
		if (srv->pools[q] && worker_pool_free(srv->pools[q], deadline) < 0)
			rc = -1;
	return rc;
}

int net_start_pools(struct server *srv)
{
	const struct net_options *o = &srv->opt;
	int workers = o->workers > 0 ? o->workers : 1;
	int share = o->jobs_per_address > 0 ? o->jobs_per_address : workers - 1;
	bool serving = !srv->stdio;
	/* With server.search_policy idle, searches are idle-class when
	 * serving: the loop thread, waking, takes their core at once; at a
	 * nice value alone the kernel may let a search end its slice first,
	 * and the loop waits milliseconds (bench/daemon.sh's latency under
	 * searches). */
	struct worker_pool_options search = {
		.threads = workers,
		.nice = serving ? o->worker_nice : 0,
		.idle = serving && o->search_idle,
		.per_owner = serving ? (share > 0 ? share : 1) : 0,
		.reserve = true, /* engine moves never wait past their deadline */
	};
	/* Short work is niced too, so the loop wins the core from it. One
	 * address runs on all its workers but one (at least one), so a flood
	 * of file commands from it never holds every thread. */
	int shorts = o->short_workers > 0 ? o->short_workers : 1;
	struct worker_pool_options shortwork = {
		.threads = shorts,
		.nice = serving ? o->worker_nice : 0,
		.per_owner = serving ? (shorts > 1 ? shorts - 1 : 1) : 0,
	};
	/* The database's own: a locked or silent database holds these for
	 * storage.timeout at most, and files, the page and SIGHUP never wait
	 * behind it. Niced: a password hash is a fraction of a second of CPU,
	 * and the loop must win the core from it (a cheap command's latency
	 * while players log in). One address runs on all of them but one (at
	 * least one), so a flood of registers or logins from it never holds
	 * every hashing thread from other players. */
	int dbs = o->db_workers > 0 ? o->db_workers : 1;
	struct worker_pool_options db = {
		.threads = dbs,
		.nice = serving ? o->worker_nice : 0,
		.per_owner = serving ? (dbs > 1 ? dbs - 1 : 1) : 0,
	};

	srv->pools[FE_QUEUE_SEARCH] = worker_pool_new(srv->base, &search);
	srv->pools[FE_QUEUE_SHORT] = worker_pool_new(srv->base, &shortwork);
	srv->pools[FE_QUEUE_DB] = worker_pool_new(srv->base, &db);
	for (int q = 0; q < FE_QUEUE_COUNT; q++)
		if (!srv->pools[q])
			return -1;
	return 0;
}
