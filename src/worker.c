#include "worker.h"

#include <errno.h>
#include <event2/event.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
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

struct worker_pool {
	pthread_mutex_t lock;      /* guards everything below */
	pthread_cond_t wake;       /* work queued, a share freed, or shutting down */
	struct work_list queue;    /* waiting to run */
	struct work_list finished; /* run or dropped, waiting for done() */
	int pending;               /* queued + running + finished */
	int running;               /* items in run() now */
	bool shutdown;             /* workers exit; queued items are dropped */
	struct worker_pool_options opt; /* as created */
	int nthreads;              /* started threads */
	int nexited;               /* threads that returned */
	pthread_cond_t exited;     /* a thread returned */
	pthread_t *threads;        /* their handles */
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

/* The oldest queued item a worker may take now, unlinked; or NULL. A
 * stopped item is taken whatever its owner's share: it is only dropped. */
static struct work *take(struct worker_pool *p)
{
	for (struct work *prev = NULL, *w = p->queue.head; w; prev = w, w = w->next)
		if (stopped(w) || owner_may_run(p, w->item.owner)) {
			list_unlink(&p->queue, prev, w);
			return w;
		}
	return NULL;
}

static void finish(struct worker_pool *p, struct work *w)
{
	list_push(&p->finished, w);
	event_active(p->done_ev, EV_READ, 0);
}

/* Run w unless its stop flag says its answer is no longer wanted. */
static void run_one(struct worker_pool *p, struct work *w)
{
	bool dropped = stopped(w);

	owner_add(p, w->item.owner, 1);
	p->running++;
	pthread_mutex_unlock(&p->lock);
	if (!dropped)
		w->item.run(w->item.arg);
	w->ran = !dropped;
	pthread_mutex_lock(&p->lock);
	p->running--;
	owner_add(p, w->item.owner, -1);
	finish(p, w);
	pthread_cond_broadcast(&p->wake); /* a share may have freed */
}

static void *worker_main(void *arg)
{
	struct worker_pool *p = arg;

	/* In the daemon searches are long and the loop's work is short: a
	 * positive nice lets the loop thread win the CPU. Linux applies nice
	 * per thread; failing only costs latency, so it is not checked. A
	 * process started nicer than that keeps its own nice (root could
	 * otherwise raise the workers above the priority it was given). */
	if (p->opt.nice > 0) {
		id_t tid = (id_t)syscall(SYS_gettid);

		errno = 0;
		int base = getpriority(PRIO_PROCESS, tid);
		if (errno == 0 && p->opt.nice > base)
			setpriority(PRIO_PROCESS, tid, p->opt.nice);
	}
	pthread_mutex_lock(&p->lock);
	while (!p->shutdown) {
		struct work *w = take(p);

		if (w)
			run_one(p, w);
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

	p->opt = *opt;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	pthread_cond_init(&p->exited, NULL);
	p->done_ev = event_new(base, -1, 0, deliver, p);
	p->threads = xcalloc((size_t)(opt->threads > 0 ? opt->threads : 1), sizeof(*p->threads));
	for (int i = 0; p->done_ev && i < opt->threads; i++) {
		if (pthread_create(&p->threads[i], NULL, worker_main, p) != 0)
			break;
		p->nthreads++;
	}
	if (!p->done_ev || p->nthreads == 0) {
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
		if (stopped(w)) {
			list_unlink(&p->queue, prev, w);
			finish(p, w); /* ran stays false */
		} else {
			prev = w;
		}
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
	free(p->threads);
	free(p);
	return 0;
}
