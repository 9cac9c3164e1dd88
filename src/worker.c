#define _GNU_SOURCE /* SCHED_IDLE */
#include "worker.h"

#include <errno.h>
#include <event2/event.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "util/checkpoint.h"
#include "util/monotime.h"
#include "util/xalloc.h"

struct work {
	struct worker_item item; /* what to do */
	bool ran;                /* run() was called */
	struct work *next;       /* list link */
};

struct work_list {
	struct work *head; /* oldest */
	struct work *tail; /* newest */
};

#define MAX_OWNERS 64 /* owners with a running item tracked at once */

struct owner_count {
	uint64_t owner; /* a client address key, 0 = free slot */
	int running;    /* its items running now */
};

enum thread_role {
	ROLE_WORKER, /* runs anything */
	ROLE_RESCUE, /* runs kept items found stopped in the queue */
	ROLE_RELIEF, /* runs a move while the workers' long jobs pause */
};

struct worker_thread {
	struct worker_pool *pool; /* its pool */
	enum thread_role role;    /* what it takes */
	struct work *current;     /* the item in run() now, or NULL (pool lock) */
};

struct worker_pool {
	pthread_mutex_t lock;      /* guards everything below */
	pthread_cond_t wake;       /* work queued or stopped, a share or a worker
				    * freed, or shutting down */
	pthread_cond_t resume;     /* relief ended, a flag set, or shutting down */
	struct work_list queue;    /* waiting to run */
	struct work_list finished; /* run or dropped, waiting for done() */
	int pending;               /* queued + running + finished */
	int running;               /* items in run() now */
	int workers_busy;          /* of them, on ROLE_WORKER threads */
	int long_running;          /* of those, WORKER_LONG items */
	atomic_bool relieving;     /* relief runs a move: long jobs pause */
	bool shutdown;             /* workers exit; queued items are dropped */
	struct worker_pool_options opt; /* as created */
	int nthreads;              /* started threads */
	int nexited;               /* threads that returned */
	pthread_cond_t exited;     /* a thread returned */
	pthread_t *threads;        /* their handles */
	struct worker_thread *roles; /* what each thread is */
	struct event *done_ev;     /* activated when finished gets an item */
	struct owner_count owners[MAX_OWNERS]; /* running items per owner */
};

static void list_push(struct work_list *l, struct work *w)
{
	w->next = NULL;
	if (l->tail)
		l->tail->next = w;
	else
		l->head = w;
	l->tail = w;
}

/* Unlink w, which follows prev (NULL: w is the head). */
static void list_unlink(struct work_list *l, struct work *prev, struct work *w)
{
	if (prev)
		prev->next = w->next;
	else
		l->head = w->next;
	if (l->tail == w)
		l->tail = prev;
}

static struct owner_count *owner_slot(struct worker_pool *p, uint64_t owner, bool create)
{
	struct owner_count *free_slot = NULL;

	for (int i = 0; i < MAX_OWNERS; i++) {
		if (p->owners[i].owner == owner)
			return &p->owners[i];
		if (!free_slot && p->owners[i].owner == 0)
			free_slot = &p->owners[i];
	}
	if (create && free_slot)
		free_slot->owner = owner;
	return create ? free_slot : NULL;
}

/* Whether owner may start one more item now. */
static bool owner_may_run(struct worker_pool *p, uint64_t owner)
{
	if (owner == 0 || p->opt.per_owner <= 0)
		return true;
	struct owner_count *c = owner_slot(p, owner, false);
	return !c || c->running < p->opt.per_owner;
}

static void owner_add(struct worker_pool *p, uint64_t owner, int delta)
{
	if (owner == 0 || p->opt.per_owner <= 0)
		return;
	struct owner_count *c = owner_slot(p, owner, delta > 0);
	if (!c)
		return; /* more owners than slots: they go unlimited */
	c->running += delta;
	if (c->running <= 0)
		*c = (struct owner_count){ 0 };
}

static bool stopped(const struct work *w)
{
	return w->item.stop && atomic_load(w->item.stop);
}

/* Whether a worker may take w now: stopped ones are taken whatever their
 * owner's share (dropped, or answered at once). */
static bool may_take(struct worker_pool *p, const struct work *w)
{
	return stopped(w) || owner_may_run(p, w->item.owner);
}

/* Unlink and return the first queued item (oldest first) that match
 * accepts, or NULL. */
static struct work *take_first(struct worker_pool *p,
			       bool (*match)(struct worker_pool *, const struct work *))
{
	for (struct work *prev = NULL, *w = p->queue.head; w; prev = w, w = w->next)
		if (match(p, w)) {
			list_unlink(&p->queue, prev, w);
			return w;
		}
	return NULL;
}

static bool is_takeable_move(struct worker_pool *p, const struct work *w)
{
	return w->item.kind == WORKER_MOVE && may_take(p, w);
}

/* A kept item found stopped: the rescue thread's. */
static bool is_rescue(struct worker_pool *p, const struct work *w)
{
	(void)p;
	return w->item.keep && stopped(w);
}

static bool is_move(struct worker_pool *p, const struct work *w)
{
	(void)p;
	return w->item.kind == WORKER_MOVE;
}

/* What a thread of role may take now, unlinked; or NULL. A worker takes
 * the oldest move it may run, else the oldest item. Relief takes the
 * oldest move only while every worker is busy and one runs a long job
 * (those will pause), and only one at a time. */
static struct work *take(struct worker_pool *p, enum thread_role role)
{
	struct work *w;

	switch (role) {
	case ROLE_RESCUE:
		return take_first(p, is_rescue);
	case ROLE_RELIEF:
		if (atomic_load(&p->relieving) || p->long_running == 0 ||
		    p->workers_busy < p->opt.threads)
			return NULL;
		return take_first(p, is_move);
	case ROLE_WORKER:
		break;
	}
	if ((w = take_first(p, is_takeable_move)))
		return w;
	return take_first(p, may_take);
}

static void finish(struct worker_pool *p, struct work *w)
{
	list_push(&p->finished, w);
	event_active(p->done_ev, EV_READ, 0);
}

/* Account for w starting (delta 1) or ending (-1) on thread t. */
static void count_running(struct worker_thread *t, struct work *w, int delta)
{
	struct worker_pool *p = t->pool;

	owner_add(p, w->item.owner, delta);
	p->running += delta;
	if (t->role == ROLE_WORKER) {
		p->workers_busy += delta;
		if (w->item.kind == WORKER_LONG)
			p->long_running += delta;
	}
	if (t->role == ROLE_RELIEF)
		atomic_store(&p->relieving, delta > 0);
	t->current = delta > 0 ? w : NULL;
}

/* Run w on thread t unless its stop flag says its answer is no longer
 * wanted. */
static void run_one(struct worker_thread *t, struct work *w)
{
	struct worker_pool *p = t->pool;
	bool dropped = stopped(w) && !w->item.keep;

	count_running(t, w, 1);
	if (p->opt.reserve)
		pthread_cond_broadcast(&p->wake); /* relief may be wanted now */
	pthread_mutex_unlock(&p->lock);
	if (!dropped)
		w->item.run(w->item.arg);
	w->ran = !dropped;
	pthread_mutex_lock(&p->lock);
	count_running(t, w, -1);
	finish(p, w);
	pthread_cond_broadcast(&p->wake); /* a share or a worker may have freed */
	if (t->role == ROLE_RELIEF)
		pthread_cond_broadcast(&p->resume);
}

/* A worker thread's checkpoint hook (util/checkpoint.h): a long job waits
 * here while relief runs a move, unless it is stopped. The test without
 * the lock keeps a checkpoint to one atomic load when nothing waits. */
static void pause_for_relief(void *arg)
{
	struct worker_thread *t = arg;
	struct worker_pool *p = t->pool;

	if (!atomic_load_explicit(&p->relieving, memory_order_relaxed))
		return;
	pthread_mutex_lock(&p->lock);
	struct work *w = t->current;
	while (w && w->item.kind == WORKER_LONG && atomic_load(&p->relieving) && !stopped(w) &&
	       !p->shutdown)
		pthread_cond_wait(&p->resume, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

/* In the daemon searches are long and the loop's work is short: a
 * positive nice lets the loop thread win the CPU. Linux applies nice per
 * thread; failing only costs latency, so it is not checked. A process
 * started nicer than that keeps its own nice (root could otherwise raise
 * the workers above the priority it was given). */
static void lower_priority(const struct worker_pool_options *opt, enum thread_role role)
{
	if (opt->nice > 0) {
		id_t tid = (id_t)syscall(SYS_gettid);

		errno = 0;
		int base = getpriority(PRIO_PROCESS, tid);
		if (errno == 0 && opt->nice > base)
			setpriority(PRIO_PROCESS, tid, opt->nice);
	}
#ifdef SCHED_IDLE
	/* Nice only weighs the shares: a loop thread woken beside a niced
	 * search still waited for the end of the search's slice (milliseconds).
	 * An idle-class thread is preempted at once by any other that wakes,
	 * and the threads a search starts inherit the class. The rescue thread
	 * stays out: its answers take microseconds and must come by their
	 * deadline whatever else runs on the machine. */
	if (opt->idle && role != ROLE_RESCUE) {
		struct sched_param none = { 0 };

		pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
	}
#else
	(void)role;
#endif
}

static void *worker_main(void *arg)
{
	struct worker_thread *t = arg;
	struct worker_pool *p = t->pool;

	lower_priority(&p->opt, t->role);
	if (t->role == ROLE_WORKER)
		job_checkpoint_set(pause_for_relief, t);
	pthread_mutex_lock(&p->lock);
	while (!p->shutdown) {
		struct work *w = take(p, t->role);

		if (w)
			run_one(t, w);
		else
			pthread_cond_wait(&p->wake, &p->lock);
	}
	p->nexited++;
	pthread_cond_broadcast(&p->exited);
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Loop thread: deliver every finished item's done(). */
static void deliver(evutil_socket_t fd, short what, void *arg)
{
	struct worker_pool *p = arg;
	struct work_list batch;

	(void)fd, (void)what;
	pthread_mutex_lock(&p->lock);
	batch = p->finished;
	p->finished.head = p->finished.tail = NULL;
	pthread_mutex_unlock(&p->lock);
	for (struct work *w = batch.head, *next; w; w = next) {
		next = w->next;
		pthread_mutex_lock(&p->lock);
		p->pending--;
		pthread_mutex_unlock(&p->lock);
		w->item.done(w->item.arg, w->ran);
		free(w);
	}
}

struct worker_pool *worker_pool_new(struct event_base *base,
				    const struct worker_pool_options *opt)
{
	struct worker_pool *p = xcalloc(1, sizeof(*p));

	int workers = opt->threads > 0 ? opt->threads : 1;
	int total = workers + (opt->reserve ? 2 : 0);

	p->opt = *opt;
	p->opt.threads = workers;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	pthread_cond_init(&p->resume, NULL);
	pthread_cond_init(&p->exited, NULL);
	atomic_init(&p->relieving, false);
	p->done_ev = event_new(base, -1, 0, deliver, p);
	p->threads = xcalloc((size_t)total, sizeof(*p->threads));
	p->roles = xcalloc((size_t)total, sizeof(*p->roles));
	for (int i = 0; p->done_ev && i < total; i++) {
		p->roles[i] = (struct worker_thread){
			.pool = p,
			.role = i < workers ? ROLE_WORKER : i == workers ? ROLE_RESCUE : ROLE_RELIEF,
		};
		if (pthread_create(&p->threads[i], NULL, worker_main, &p->roles[i]) != 0)
			break;
		p->nthreads++;
	}
	if (!p->done_ev || p->nthreads < total) {
		worker_pool_free(p, 0);
		return NULL;
	}
	return p;
}

void worker_submit(struct worker_pool *p, const struct worker_item *item)
{
	struct work *w = xcalloc(1, sizeof(*w));

	w->item = *item;
	pthread_mutex_lock(&p->lock);
	list_push(&p->queue, w);
	p->pending++;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->lock);
}

void worker_pool_kick(struct worker_pool *p)
{
	pthread_mutex_lock(&p->lock);
	for (struct work *prev = NULL, *w = p->queue.head, *next; w; w = next) {
		next = w->next;
		if (stopped(w) && !w->item.keep) {
			list_unlink(&p->queue, prev, w);
			finish(p, w); /* ran stays false */
		} else {
			prev = w;
		}
	}
	pthread_cond_broadcast(&p->wake);   /* the rescue thread, for kept ones */
	pthread_cond_broadcast(&p->resume); /* a paused long job that was stopped */
	pthread_mutex_unlock(&p->lock);
}

void worker_pool_cancel(struct worker_pool *p, const atomic_bool *stop)
{
	pthread_mutex_lock(&p->lock);
	for (struct work *prev = NULL, *w = p->queue.head; w; prev = w, w = w->next)
		if (w->item.stop == stop) {
			list_unlink(&p->queue, prev, w);
			finish(p, w); /* ran stays false */
			break;
		}
	pthread_mutex_unlock(&p->lock);
}

int worker_pool_queued(struct worker_pool *p)
{
	int n = 0;

	pthread_mutex_lock(&p->lock);
	for (struct work *w = p->queue.head; w; w = w->next)
		n++;
	pthread_mutex_unlock(&p->lock);
	return n;
}

int worker_pool_pending(struct worker_pool *p)
{
	pthread_mutex_lock(&p->lock);
	int n = p->pending;
	pthread_mutex_unlock(&p->lock);
	return n;
}

/* The realtime instant of a monotonic deadline, for condition waits. */
static struct timespec realtime_at(double deadline)
{
	struct timespec ts;
	double left = deadline - monotime_now();

	clock_gettime(CLOCK_REALTIME, &ts);
	if (left < 0)
		left = 0;
	ts.tv_sec += (time_t)left;
	ts.tv_nsec += (long)((left - (double)(time_t)left) * 1e9);
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	return ts;
}

/* Wait until every thread has returned (lock held), or until the deadline
 * while an item still runs: idle threads always get to return. Whether
 * they all returned. */
static bool wait_exits(struct worker_pool *p, double deadline)
{
	struct timespec until = realtime_at(deadline);

	while (p->nexited < p->nthreads) {
		if (deadline <= 0 || p->running == 0)
			pthread_cond_wait(&p->exited, &p->lock);
		else if (pthread_cond_timedwait(&p->exited, &p->lock, &until) == ETIMEDOUT &&
			 p->running > 0)
			return false;
	}
	return true;
}

int worker_pool_free(struct worker_pool *p, double deadline)
{
	struct work *w;

	if (!p)
		return 0;
	pthread_mutex_lock(&p->lock);
	p->shutdown = true;
	while ((w = p->queue.head)) {
		list_unlink(&p->queue, NULL, w);
		finish(p, w);
	}
	pthread_cond_broadcast(&p->wake);
	pthread_cond_broadcast(&p->resume);
	bool all = wait_exits(p, deadline);
	int running = p->running; /* read under the lock: a worker still runs */
	pthread_mutex_unlock(&p->lock);
	if (!all) {
		log_msg(LOG_WARN, "shutdown: %d job(s) still running at the deadline; exiting anyway",
			running);
		return -1;
	}
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	if (p->done_ev) {
		deliver(-1, 0, p);
		event_free(p->done_ev);
	}
	pthread_cond_destroy(&p->exited);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->wake);
	pthread_cond_destroy(&p->resume);
	free(p->threads);
	free(p->roles);
	free(p);
	return 0;
}
