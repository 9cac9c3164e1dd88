#include "worker.h"

#include <event2/event.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/xalloc.h"

#define WORKER_NICE 10

struct work {
	worker_fn run;     /* on a worker */
	worker_fn done;    /* on the loop */
	void *arg;         /* for both */
	struct work *next; /* queue link */
};

struct work_list {
	struct work *head; /* oldest */
	struct work *tail; /* newest */
};

struct worker_pool {
	pthread_mutex_t lock;      /* guards everything below */
	pthread_cond_t wake;       /* work queued or shutting down */
	struct work_list queue;    /* waiting to run */
	struct work_list finished; /* run, waiting for done() */
	int pending;               /* queued + running + finished */
	bool shutdown;             /* workers exit when the queue is empty */
	int nthreads;              /* started threads */
	pthread_t *threads;        /* their handles */
	struct event *done_ev;     /* activated when finished gets an item */
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

static struct work *list_pop(struct work_list *l)
{
	struct work *w = l->head;

	if (w) {
		l->head = w->next;
		if (!l->head)
			l->tail = NULL;
	}
	return w;
}

static void *worker_main(void *arg)
{
	struct worker_pool *p = arg;

	/* Searches are long and the loop's work is short: let the scheduler
	 * prefer the loop thread so cheap commands stay fast while workers
	 * saturate the cores. Linux applies nice per thread; failing to
	 * lower our own priority only costs latency, so it is not checked. */
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), WORKER_NICE);

	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct work *w = list_pop(&p->queue);

		if (!w) {
			if (p->shutdown)
				break;
			pthread_cond_wait(&p->wake, &p->lock);
			continue;
		}
		pthread_mutex_unlock(&p->lock);
		w->run(w->arg);
		pthread_mutex_lock(&p->lock);
		list_push(&p->finished, w);
		event_active(p->done_ev, EV_READ, 0);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Loop thread: deliver every finished job's done(). */
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
		w->done(w->arg);
		free(w);
	}
}

struct worker_pool *worker_pool_new(struct event_base *base, int nthreads)
{
	struct worker_pool *p = xcalloc(1, sizeof(*p));

	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	p->done_ev = event_new(base, -1, 0, deliver, p);
	p->threads = xcalloc((size_t)nthreads, sizeof(*p->threads));
	for (int i = 0; i < nthreads; i++) {
		if (pthread_create(&p->threads[i], NULL, worker_main, p) != 0)
			break;
		p->nthreads++;
	}
	if (!p->done_ev || p->nthreads == 0) {
		worker_pool_free(p);
		return NULL;
	}
	return p;
}

void worker_submit(struct worker_pool *p, worker_fn run, worker_fn done, void *arg)
{
	struct work *w = xmalloc(sizeof(*w));

	w->run = run;
	w->done = done;
	w->arg = arg;
	pthread_mutex_lock(&p->lock);
	list_push(&p->queue, w);
	p->pending++;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
}

int worker_pool_pending(struct worker_pool *p)
{
	pthread_mutex_lock(&p->lock);
	int n = p->pending;
	pthread_mutex_unlock(&p->lock);
	return n;
}

void worker_pool_free(struct worker_pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->shutdown = true;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->lock);
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	if (p->done_ev) {
		deliver(-1, 0, p);
		event_free(p->done_ev);
	}
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->wake);
	free(p->threads);
	free(p);
}
