/* Unit tests of the worker pool (worker.h) against a real event loop:
 * done() in completion order and exactly once, FIFO with one thread,
 * items dropped unrun when their stop flag is set before a worker takes
 * them, shutdown (queued items dropped, running ones waited for, or the
 * pool abandoned at its deadline), per-owner shares, owner 0 unlimited,
 * the pending count and the workers' nice value.
 *
 * Concurrency is observed, never timed: each probe's run() records when
 * it starts and may block on a gate the test opens; the test waits for
 * states with condition variables bounded by a 10 s limit, and every test
 * is bounded by alarm(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <event2/event.h>
#include <event2/thread.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "util/checkpoint.h"
#include "util/monotime.h"
#include "worker.h"

#define WAIT_LIMIT 10.0 /* seconds any wait may take before it fails */
#define TEST_ALARM 30   /* seconds a whole test may take */
#define MAX_PROBES 64
#define MAX_OWNER 4 /* probes' owners are 0..MAX_OWNER-1 */

/* One submitted item, as the test sees it. Guarded by mu, except the
 * done fields, which only the loop thread (the test's) touches. */
struct probe {
	uint64_t owner;       /* its worker_item owner */
	bool block;           /* run() waits until released */
	bool released;        /* the gate is open */
	bool started;         /* run() was entered */
	bool finished;        /* run() returned */
	int run_seq;          /* order in which run() was entered */
	int nice_seen;        /* the worker thread's nice value in run() */
	atomic_bool stop;     /* the item's stop flag */
	int done_calls;       /* times done() was called */
	bool done_ran;        /* its ran argument */
	int done_seq;         /* order in which done() was called */
	bool done_on_loop;    /* done() ran on the loop thread */
	bool spin;            /* a long job: run() loops through checkpoints
			       * until released (or stopped) */
	long checkpoints;     /* checkpoints it has passed (mu) */
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static struct probe probes[MAX_PROBES];
static int run_count;             /* run() calls so far (mu) */
static int running_now;           /* run() calls in progress (mu) */
static int running_max;           /* the most at once (mu) */
static int owner_now[MAX_OWNER];  /* in progress per owner (mu) */
static int owner_max[MAX_OWNER];  /* the most at once per owner (mu) */
static int done_count;            /* done() calls so far (loop thread) */
static int done_order[MAX_PROBES]; /* probe index of each done() */
static pthread_t loop_thread;
static struct event_base *base;
static struct event *tick; /* keeps the loop from returning at once */

/* A long job's run: checkpoints until its gate opens or it is stopped. */
static void spin_run(struct probe *p)
{
	for (;;) {
		pthread_mutex_lock(&mu);
		bool done = p->released || atomic_load(&p->stop);
		p->checkpoints++;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		if (done)
			return;
		job_checkpoint();
	}
}

static void probe_run(void *arg)
{
	struct probe *p = arg;

	if (p->spin) {
		pthread_mutex_lock(&mu);
		p->started = true;
		p->run_seq = run_count++;
		running_now++;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		spin_run(p);
		pthread_mutex_lock(&mu);
		running_now--;
		p->finished = true;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		return;
	}

	pthread_mutex_lock(&mu);
	p->started = true;
	p->run_seq = run_count++;
	p->nice_seen = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
	if (++running_now > running_max)
		running_max = running_now;
	if (++owner_now[p->owner] > owner_max[p->owner])
		owner_max[p->owner] = owner_now[p->owner];
	pthread_cond_broadcast(&cv);
	while (p->block && !p->released)
		pthread_cond_wait(&cv, &mu);
	running_now--;
	owner_now[p->owner]--;
	p->finished = true;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

static void probe_done(void *arg, bool ran)
{
	struct probe *p = arg;

	p->done_calls++;
	p->done_ran = ran;
	p->done_seq = done_count;
	p->done_on_loop = pthread_equal(pthread_self(), loop_thread);
	if (done_count < MAX_PROBES)
		done_order[done_count] = (int)(p - probes);
	done_count++;
}

static void tick_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what, (void)arg;
}

static int setup(void **state)
{
	struct timeval tv = { 0, 50000 };

	(void)state;
	memset(probes, 0, sizeof(probes));
	for (int i = 0; i < MAX_PROBES; i++)
		atomic_init(&probes[i].stop, false);
	run_count = running_now = running_max = done_count = 0;
	memset(owner_now, 0, sizeof(owner_now));
	memset(owner_max, 0, sizeof(owner_max));
	loop_thread = pthread_self();
	base = event_base_new();
	tick = event_new(base, -1, EV_PERSIST, tick_cb, NULL);
	if (!base || !tick || event_add(tick, &tv) < 0)
		return -1;
	alarm(TEST_ALARM);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	alarm(0);
	event_free(tick);
	event_base_free(base);
	return 0;
}

static struct worker_pool *pool_new(int threads, int nice, int per_owner)
{
	struct worker_pool_options opt = { .threads = threads, .nice = nice,
					   .per_owner = per_owner };
	struct worker_pool *p = worker_pool_new(base, &opt);

	assert_non_null(p);
	return p;
}

static void submit(struct worker_pool *pool, int i, uint64_t owner, bool block)
{
	struct worker_item item = { .run = probe_run, .done = probe_done, .arg = &probes[i],
				    .stop = &probes[i].stop, .owner = owner };

	probes[i].owner = owner;
	probes[i].block = block;
	worker_submit(pool, &item);
}

/* Submit probe i as an item of kind, kept (run even when stopped) or not;
 * a long one spins through checkpoints. The pool has the reserve threads. */
static void submit_kind(struct worker_pool *pool, int i, enum worker_kind kind, bool keep,
			bool block)
{
	struct worker_item item = { .run = probe_run, .done = probe_done, .arg = &probes[i],
				    .stop = &probes[i].stop, .keep = keep, .kind = kind };

	probes[i].block = block;
	probes[i].spin = kind == WORKER_LONG;
	worker_submit(pool, &item);
}

static struct worker_pool *reserve_pool_new(int threads, int per_owner)
{
	struct worker_pool_options opt = { .threads = threads, .per_owner = per_owner,
					   .reserve = true };
	struct worker_pool *p = worker_pool_new(base, &opt);

	assert_non_null(p);
	return p;
}

static void release(int i)
{
	pthread_mutex_lock(&mu);
	probes[i].released = true;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

static bool is_started(int i)
{
	return probes[i].started;
}

static bool is_finished(int i)
{
	return probes[i].finished;
}

static bool two_running(int i)
{
	(void)i;
	return running_now == 2;
}

/* Wait (mu held around pred) until pred(i) holds; false after WAIT_LIMIT. */
static bool wait_for(bool (*pred)(int), int i)
{
	double until = monotime_now() + WAIT_LIMIT;
	bool ok;

	pthread_mutex_lock(&mu);
	while (!(ok = pred(i)) && monotime_now() < until) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 20 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&cv, &mu, &ts);
	}
	pthread_mutex_unlock(&mu);
	return ok;
}

/* Run the loop until n done() calls in all have come; false after WAIT_LIMIT. */
static bool pump_until(int n)
{
	double until = monotime_now() + WAIT_LIMIT;

	while (done_count < n && monotime_now() < until)
		event_base_loop(base, EVLOOP_ONCE);
	return done_count >= n;
}

/* Four items on four threads finish in the order 2, 0, 3, 1: their done()
 * calls come in that order, on the loop thread, once each, ran = true. */
static void test_done_in_completion_order(void **state)
{
	const int order[4] = { 2, 0, 3, 1 };
	struct worker_pool *pool = pool_new(4, 0, 0);

	(void)state;
	for (int i = 0; i < 4; i++)
		submit(pool, i, 0, true);
	for (int i = 0; i < 4; i++)
		assert_true(wait_for(is_started, i));
	for (int k = 0; k < 4; k++) {
		release(order[k]);
		assert_true(pump_until(k + 1));
		assert_int_equal(done_order[k], order[k]);
	}
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_int_equal(done_count, 4);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(probes[i].done_calls, 1);
		assert_true(probes[i].done_ran);
		assert_true(probes[i].done_on_loop);
		assert_true(probes[i].finished);
	}
}

/* Many quick items: every done() exactly once, none after the pool is gone. */
static void test_done_exactly_once(void **state)
{
	struct worker_pool *pool = pool_new(3, 0, 0);

	(void)state;
	for (int i = 0; i < MAX_PROBES; i++)
		submit(pool, i, 0, false);
	assert_true(pump_until(MAX_PROBES));
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_int_equal(done_count, MAX_PROBES);
	for (int i = 0; i < MAX_PROBES; i++) {
		assert_int_equal(probes[i].done_calls, 1);
		assert_true(probes[i].done_ran);
	}
}

/* One thread: items run, and report, in submission order. */
static void test_one_thread_fifo(void **state)
{
	struct worker_pool *pool = pool_new(1, 0, 0);

	(void)state;
	submit(pool, 0, 0, true); /* holds the thread while the rest queue */
	for (int i = 1; i < 20; i++)
		submit(pool, i, 0, false);
	assert_true(wait_for(is_started, 0));
	release(0);
	assert_true(pump_until(20));
	for (int i = 0; i < 20; i++) {
		assert_int_equal(probes[i].run_seq, i);
		assert_int_equal(done_order[i], i);
	}
	assert_int_equal(running_max, 1);
	assert_int_equal(worker_pool_free(pool, 0), 0);
}

/* An item whose stop flag is set while it waits is dropped: run() is not
 * called, done(ran = false) is; items around it run. */
static void test_stopped_item_dropped(void **state)
{
	struct worker_pool *pool = pool_new(1, 0, 0);

	(void)state;
	submit(pool, 0, 0, true);
	assert_true(wait_for(is_started, 0));
	submit(pool, 1, 0, false);
	atomic_store(&probes[1].stop, true); /* queued behind 0: not taken yet */
	submit(pool, 2, 0, false);
	atomic_store(&probes[3].stop, true); /* set before it is even submitted */
	submit(pool, 3, 0, false);
	release(0);
	assert_true(pump_until(4));
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_true(probes[0].done_ran && probes[0].started);
	assert_false(probes[1].started);
	assert_false(probes[1].done_ran);
	assert_int_equal(probes[1].done_calls, 1);
	assert_true(probes[2].started && probes[2].done_ran);
	assert_false(probes[3].started);
	assert_false(probes[3].done_ran);
	assert_int_equal(probes[3].done_calls, 1);
	assert_int_equal(done_order[0], 0); /* completion order still holds */
	assert_int_equal(done_order[1], 1);
	assert_int_equal(done_order[2], 2);
	assert_int_equal(done_order[3], 3);
}

/* Opens probe 0's gate a little after worker_pool_free has begun to wait
 * (the pause only makes that likely; the assertions do not depend on it). */
static void *late_release(void *arg)
{
	struct timespec pause = { 0, 100 * 1000 * 1000 };

	(void)arg;
	nanosleep(&pause, NULL);
	release(0);
	return NULL;
}

/* Shutdown: the queued items are dropped (done ran = false, run never
 * called), the running one is waited for (run returned, done ran = true),
 * all before worker_pool_free returns. */
static void test_free_drops_queued_waits_running(void **state)
{
	struct worker_pool *pool = pool_new(1, 0, 0);
	pthread_t releaser;

	(void)state;
	submit(pool, 0, 0, true);
	assert_true(wait_for(is_started, 0));
	for (int i = 1; i < 5; i++)
		submit(pool, i, 0, false);
	assert_int_equal(pthread_create(&releaser, NULL, late_release, NULL), 0);
	assert_int_equal(worker_pool_free(pool, 0), 0);
	pthread_join(releaser, NULL);
	assert_int_equal(done_count, 5);
	assert_true(probes[0].finished);
	assert_true(probes[0].done_ran);
	for (int i = 0; i < 5; i++)
		assert_int_equal(probes[i].done_calls, 1);
	for (int i = 1; i < 5; i++) {
		assert_false(probes[i].started);
		assert_false(probes[i].done_ran);
	}
	assert_int_equal(run_count, 1);
}

/* A pool abandoned at its deadline stays allocated (the caller is exiting):
 * kept here so the leak checker sees it reachable. */
static struct worker_pool *volatile abandoned;
static struct event_base *volatile abandoned_base;

/* Opens probe 0's gate long after the deadline below, so a pool that
 * waited for it anyway fails the test instead of hanging. */
static void *much_later_release(void *arg)
{
	struct timespec pause = { 2, 0 };

	(void)arg;
	nanosleep(&pause, NULL);
	release(0);
	return NULL;
}

/* Shutdown with a deadline: an item that ignores its stop flag past the
 * deadline makes worker_pool_free give up and return -1 while it still
 * runs, its done() not delivered; the queued item is not run. */
static void test_free_deadline_abandons(void **state)
{
	struct worker_pool *pool = pool_new(1, 0, 0);
	pthread_t releaser;
	bool finished;

	(void)state;
	submit(pool, 0, 0, true);
	assert_true(wait_for(is_started, 0));
	submit(pool, 1, 0, false);
	assert_int_equal(pthread_create(&releaser, NULL, much_later_release, NULL), 0);
	int rc = worker_pool_free(pool, monotime_now() + 0.3);
	pthread_mutex_lock(&mu);
	finished = probes[0].finished;
	pthread_mutex_unlock(&mu);
	pthread_join(releaser, NULL); /* so a failure below leaves nothing running */
	assert_int_equal(rc, -1);
	assert_false(finished);
	assert_int_equal(probes[0].done_calls, 0);
	/* The worker still refers to the pool and its loop: both stay. */
	abandoned = pool;
	abandoned_base = base;
	base = event_base_new();
	assert_true(wait_for(is_finished, 0)); /* before the next test resets probes */
	assert_false(probes[1].started);
}

static bool a2_started_or_b2_finished(int i)
{
	(void)i;
	return probes[1].started || probes[3].finished;
}

/* per_owner 1 on two threads: owner 1's second item does not start while
 * its first runs, though a thread is free; owner 2's items run beside the
 * first. */
static void test_per_owner_share(void **state)
{
	struct worker_pool *pool = pool_new(2, 0, 1);

	(void)state;
	submit(pool, 0, 1, true);  /* A1 */
	submit(pool, 1, 1, true);  /* A2: must wait for A1 */
	submit(pool, 2, 2, true);  /* B1: runs beside A1 */
	assert_true(wait_for(is_started, 0));
	assert_true(wait_for(is_started, 2));
	release(2); /* B1 ends: one thread is free, but only for owner 2 */
	assert_true(pump_until(1));
	assert_int_equal(done_order[0], 2);
	submit(pool, 3, 2, false); /* B2 takes the free thread, A2 still waits */
	assert_true(wait_for(a2_started_or_b2_finished, 0));
	assert_false(probes[1].started);
	assert_true(pump_until(2));
	assert_int_equal(done_order[1], 3);
	release(0); /* A1 ends: A2 may start */
	assert_true(wait_for(is_started, 1));
	release(1);
	assert_true(pump_until(4));
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_int_equal(owner_max[1], 1);
	assert_int_equal(running_max, 2);
	assert_int_equal(probes[1].run_seq, 3); /* after A1, B1, B2 */
	for (int i = 0; i < 4; i++)
		assert_true(probes[i].done_ran);
}

/* Owner 0 is nobody's: with per_owner 1 its items still fill every thread. */
static void test_owner_zero_unlimited(void **state)
{
	struct worker_pool *pool = pool_new(2, 0, 1);

	(void)state;
	submit(pool, 0, 0, true);
	submit(pool, 1, 0, true);
	assert_true(wait_for(two_running, 0));
	release(0);
	release(1);
	assert_true(pump_until(2));
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_int_equal(owner_max[0], 2);
}

/* per_owner 0: no share at all, one owner fills every thread. */
static void test_per_owner_zero_no_limit(void **state)
{
	struct worker_pool *pool = pool_new(2, 0, 0);

	(void)state;
	submit(pool, 0, 1, true);
	submit(pool, 1, 1, true);
	assert_true(wait_for(two_running, 0));
	release(0);
	release(1);
	assert_true(pump_until(2));
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_int_equal(owner_max[1], 2);
}

/* pending counts queued, running, and finished items whose done() has not
 * been delivered yet. */
static void test_pending(void **state)
{
	struct worker_pool *pool = pool_new(1, 0, 0);

	(void)state;
	assert_int_equal(worker_pool_pending(pool), 0);
	submit(pool, 0, 0, true);
	submit(pool, 1, 0, false);
	submit(pool, 2, 0, false);
	assert_int_equal(worker_pool_pending(pool), 3);
	assert_true(wait_for(is_started, 0));
	assert_int_equal(worker_pool_pending(pool), 3);
	release(0);
	assert_true(wait_for(is_started, 2));
	/* All three may have finished, but the loop has delivered nothing. */
	assert_int_equal(worker_pool_pending(pool), 3);
	assert_true(pump_until(3));
	assert_int_equal(worker_pool_pending(pool), 0);
	assert_int_equal(worker_pool_free(pool, 0), 0);
}

/* A positive nice applies to the workers' threads, not to the caller;
 * nice 0 leaves them at the process's priority. */
static void test_nice(void **state)
{
	int base_nice = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
	int want = base_nice < 7 ? 7 : base_nice; /* raising nice never fails */
	struct worker_pool *pool = pool_new(1, 7, 0);

	(void)state;
	submit(pool, 0, 0, false);
	assert_true(pump_until(1));
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_int_equal(probes[0].nice_seen, want);
	assert_int_equal(getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid)), base_nice);
	pool = pool_new(1, 0, 0);
	submit(pool, 1, 0, false);
	assert_true(pump_until(2));
	assert_int_equal(worker_pool_free(pool, 0), 0);
	assert_int_equal(probes[1].nice_seen, base_nice);
}

/* A move stopped while it waits (its deadline passed) behind a search that
 * holds the only worker is not dropped: the rescue thread runs it at once
 * (it answers as it finds its flag set), while the search still runs. */
static void test_stopped_move_rescued(void **state)
{
	struct worker_pool *pool = reserve_pool_new(1, 0);

	(void)state;
	submit_kind(pool, 0, WORKER_MOVE, true, true); /* another client's move */
	assert_true(wait_for(is_started, 0));
	submit_kind(pool, 1, WORKER_MOVE, true, false);
	submit_kind(pool, 2, WORKER_PLAIN, false, false);
	atomic_store(&probes[2].stop, true); /* not kept: still dropped */
	atomic_store(&probes[1].stop, true);
	worker_pool_kick(pool);
	assert_true(wait_for(is_finished, 1));
	assert_true(pump_until(2));
	assert_false(probes[0].finished); /* the other move still holds its worker */
	assert_true(probes[1].done_ran);
	assert_false(probes[2].started);
	assert_false(probes[2].done_ran);
	release(0);
	assert_true(pump_until(3));
	assert_int_equal(worker_pool_free(pool, 0), 0);
}

/* Whether probe 0 (a long job) has passed at least one checkpoint more
 * than probe 63 records (the test's mark). */
static bool long_moved_on(int i)
{
	return probes[0].checkpoints > probes[i].checkpoints;
}

/* The only worker runs a long job: a move submitted now runs on relief,
 * and the long job waits at its checkpoint while it runs (its count stays
 * put), then resumes. */
static void test_long_job_yields_to_move(void **state)
{
	struct worker_pool *pool = reserve_pool_new(1, 0);
	struct timespec pause = { 0, 100 * 1000 * 1000 };

	(void)state;
	submit_kind(pool, 0, WORKER_LONG, false, false);
	assert_true(wait_for(is_started, 0));
	submit_kind(pool, 1, WORKER_MOVE, true, true);
	assert_true(wait_for(is_started, 1));
	/* Running the move, relief has paused the long job by its next
	 * checkpoint: after a pause its count has moved on by at most one. */
	pthread_mutex_lock(&mu);
	long mark = probes[0].checkpoints;
	pthread_mutex_unlock(&mu);
	nanosleep(&pause, NULL);
	pthread_mutex_lock(&mu);
	assert_true(probes[0].checkpoints <= mark + 1);
	probes[MAX_PROBES - 1].checkpoints = probes[0].checkpoints;
	pthread_mutex_unlock(&mu);
	release(1);
	assert_true(wait_for(long_moved_on, MAX_PROBES - 1)); /* resumed */
	release(0);
	assert_true(pump_until(2));
	assert_true(probes[0].done_ran && probes[1].done_ran);
	assert_int_equal(worker_pool_free(pool, 0), 0);
}

/* A stopped long job never waits for relief: stopping it ends it. */
static void test_paused_long_job_stops(void **state)
{
	struct worker_pool *pool = reserve_pool_new(1, 0);

	(void)state;
	submit_kind(pool, 0, WORKER_LONG, false, false);
	assert_true(wait_for(is_started, 0));
	submit_kind(pool, 1, WORKER_MOVE, true, true);
	assert_true(wait_for(is_started, 1));
	atomic_store(&probes[0].stop, true);
	worker_pool_kick(pool);
	assert_true(wait_for(is_finished, 0)); /* while the move still runs */
	assert_false(probes[1].finished);
	release(1);
	assert_true(pump_until(2));
	assert_int_equal(worker_pool_free(pool, 0), 0);
}

/* A worker that frees takes the oldest waiting move before older work. */
static void test_moves_first(void **state)
{
	struct worker_pool *pool = reserve_pool_new(1, 0);

	(void)state;
	submit_kind(pool, 0, WORKER_PLAIN, false, true);
	assert_true(wait_for(is_started, 0));
	submit_kind(pool, 1, WORKER_PLAIN, false, false);
	submit_kind(pool, 2, WORKER_MOVE, true, false);
	release(0);
	assert_true(pump_until(3));
	assert_true(probes[2].run_seq < probes[1].run_seq);
	assert_int_equal(worker_pool_free(pool, 0), 0);
}

/* Relief never runs a move beside busy workers that run no long job: the
 * move waits for a worker (or its deadline). */
static void test_no_relief_beside_moves(void **state)
{
	struct worker_pool *pool = reserve_pool_new(1, 0);
	struct timespec pause = { 0, 100 * 1000 * 1000 };

	(void)state;
	submit_kind(pool, 0, WORKER_MOVE, true, true);
	assert_true(wait_for(is_started, 0));
	submit_kind(pool, 1, WORKER_MOVE, true, false);
	nanosleep(&pause, NULL);
	pthread_mutex_lock(&mu);
	assert_false(probes[1].started);
	pthread_mutex_unlock(&mu);
	release(0);
	assert_true(pump_until(2));
	assert_true(probes[1].done_ran);
	assert_int_equal(worker_pool_free(pool, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_done_in_completion_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_done_exactly_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_one_thread_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stopped_item_dropped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_free_drops_queued_waits_running, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_free_deadline_abandons, setup, teardown),
		cmocka_unit_test_setup_teardown(test_per_owner_share, setup, teardown),
		cmocka_unit_test_setup_teardown(test_owner_zero_unlimited, setup, teardown),
		cmocka_unit_test_setup_teardown(test_per_owner_zero_no_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pending, setup, teardown),
		cmocka_unit_test_setup_teardown(test_nice, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stopped_move_rescued, setup, teardown),
		cmocka_unit_test_setup_teardown(test_long_job_yields_to_move, setup, teardown),
		cmocka_unit_test_setup_teardown(test_paused_long_job_stops, setup, teardown),
		cmocka_unit_test_setup_teardown(test_moves_first, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_relief_beside_moves, setup, teardown),
	};

	evthread_use_pthreads();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
