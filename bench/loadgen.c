/* Load generator for the quintet daemon: cheap-command throughput and
 * latency over many pipelined connections, optionally while background
 * sessions keep the workers busy; or the daemon's RSS with idle sessions.
 *
 * Usage:
 *   loadgen HOST PORT CONNS SECONDS [DEPTH [BACKGROUND [COMMAND [FIRST]]]]
 *     CONNS connections each keep DEPTH (default 16) cheap commands in
 *     flight for SECONDS; BACKGROUND sessions (default 0) loop a slow
 *     command meanwhile: COMMAND (default playout_score 3000), where %d
 *     becomes the session's number (save bg%d), after FIRST once (load
 *     seed). Prints commands/s and p50/p99 latency, and the background
 *     commands' rate.
 *   loadgen HOST PORT CONNS idle PID
 *     opens CONNS sessions, answers one command on each, then prints the
 *     RSS of process PID. */
#include <arpa/inet.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_DEPTH 256
#define MAX_SAMPLES 4000000

static const char cheap[] = "protocol_version\n";

struct client {
	struct bufferevent *bev; /* the connection */
	char cmd[160];           /* the command it loops */
	bool first;              /* its FIRST line's reply is still to come */
	double sent[MAX_DEPTH];  /* send times of commands in flight, a ring */
	int head, inflight;      /* ring start and length */
	int depth;               /* commands kept in flight */
	int background;          /* loops the slow command instead */
	int replies;             /* replies read */
};

static struct event_base *base;
static double *latency;     /* seconds, one per cheap reply */
static long nlatency;
static long measured;       /* cheap replies during the measured window */
static long background_done; /* background replies during the window */
static const char *bg_command = "playout_score 3000"; /* COMMAND, %d = session */
static const char *bg_first;  /* FIRST, or NULL */
static int measuring = 0;   /* after warm-up */
static int idle_ready;      /* idle mode: sessions that answered */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void send_one(struct client *c)
{
	const char *cmd = c->background ? c->cmd : cheap;

	bufferevent_write(c->bev, cmd, strlen(cmd));
	c->sent[(c->head + c->inflight) % MAX_DEPTH] = now();
	c->inflight++;
}

static void read_cb(struct bufferevent *bev, void *arg)
{
	struct client *c = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	struct evbuffer_ptr p;

	while ((p = evbuffer_search(in, "\n\n", 2, NULL)).pos >= 0) {
		evbuffer_drain(in, (size_t)p.pos + 2);
		double t = now() - c->sent[c->head];

		c->head = (c->head + 1) % MAX_DEPTH;
		c->inflight--;
		c->replies++;
		if (c->depth == 0) {
			idle_ready++;
			continue;
		}
		if (c->first) {
			c->first = false;
		} else if (!c->background && measuring) {
			measured++;
			if (nlatency < MAX_SAMPLES)
				latency[nlatency++] = t;
		} else if (c->background && measuring) {
			background_done++;
		}
		send_one(c);
	}
}

static void event_cb(struct bufferevent *bev, short what, void *arg)
{
	(void)bev, (void)arg;
	if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)) {
		fprintf(stderr, "loadgen: connection lost\n");
		exit(1);
	}
}

static struct client *open_client(const char *host, int port, int depth, int background,
				  int index)
{
	struct client *c = calloc(1, sizeof(*c));
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };

	inet_pton(AF_INET, host, &sin.sin_addr);
	c->depth = depth;
	c->background = background;
	c->bev = bufferevent_socket_new(base, -1, BEV_OPT_CLOSE_ON_FREE);
	bufferevent_setcb(c->bev, read_cb, NULL, event_cb, c);
	bufferevent_enable(c->bev, EV_READ | EV_WRITE);
	if (bufferevent_socket_connect(c->bev, (struct sockaddr *)&sin, sizeof(sin)) < 0) {
		fprintf(stderr, "loadgen: cannot connect\n");
		exit(1);
	}
	int one = 1;
	setsockopt(bufferevent_getfd(c->bev), IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	if (background) {
		snprintf(c->cmd, sizeof(c->cmd) - 1, bg_command, index);
		strcat(c->cmd, "\n");
	}
	if (background && bg_first) {
		char line[160];

		snprintf(line, sizeof(line), "%s\n", bg_first);
		bufferevent_write(c->bev, line, strlen(line));
		c->sent[c->head] = now();
		c->inflight++;
		c->first = true;
	}
	for (int i = 0; i < (depth ? depth : 1); i++)
		send_one(c);
	return c;
}

static int compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void start_measuring(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what, (void)arg;
	measuring = 1;
}

static void stop(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what, (void)arg;
	event_base_loopbreak(base);
}

static long rss_kib(const char *pid)
{
	char path[64], line[256];
	long kib = -1;

	snprintf(path, sizeof(path), "/proc/%s/status", pid);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmRSS: %ld", &kib) == 1)
			break;
	if (f)
		fclose(f);
	return kib;
}

static void idle_check(evutil_socket_t fd, short what, void *arg)
{
	int *conns = arg;

	(void)fd, (void)what;
	if (idle_ready >= *conns)
		event_base_loopbreak(base);
}

static int run_idle(const char *host, int port, int conns, const char *pid)
{
	long before = rss_kib(pid);
	struct timeval tick = { 0, 50000 };
	struct event *ev = event_new(base, -1, EV_PERSIST, idle_check, &conns);

	for (int i = 0; i < conns; i++)
		open_client(host, port, 0, 0, i);
	event_add(ev, &tick);
	event_base_dispatch(base);
	long after = rss_kib(pid);
	printf("idle sessions %d: daemon RSS %.1f MiB (%.1f MiB before, %.1f KiB per session)\n",
	       conns, after / 1024.0, before / 1024.0, (after - before) / (double)conns);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: loadgen HOST PORT CONNS SECONDS [DEPTH [BACKGROUND "
				"[COMMAND [FIRST]]]]\n"
				"       loadgen HOST PORT CONNS idle PID\n");
		return 2;
	}
	const char *host = argv[1];
	int port = atoi(argv[2]), conns = atoi(argv[3]);
	base = event_base_new();
	if (!strcmp(argv[4], "idle"))
		return run_idle(host, port, conns, argc > 5 ? argv[5] : "0");
	double seconds = atof(argv[4]);
	int depth = argc > 5 ? atoi(argv[5]) : 16, background = argc > 6 ? atoi(argv[6]) : 0;
	if (depth < 1 || depth > MAX_DEPTH)
		depth = 16;
	if (argc > 7)
		bg_command = argv[7];
	if (argc > 8)
		bg_first = argv[8];
	latency = malloc(MAX_SAMPLES * sizeof(*latency));
	for (int i = 0; i < background; i++)
		open_client(host, port, 1, 1, i);
	for (int i = 0; i < conns; i++)
		open_client(host, port, depth, 0, i);
	struct timeval warm = { 0, 500000 };
	struct timeval total = { (long)seconds + 0, (long)((seconds - (long)seconds) * 1e6) + 500000 };
	if (total.tv_usec >= 1000000)
		total.tv_sec++, total.tv_usec -= 1000000;
	event_base_once(base, -1, EV_TIMEOUT, start_measuring, NULL, &warm);
	event_base_once(base, -1, EV_TIMEOUT, stop, NULL, &total);
	event_base_dispatch(base);
	qsort(latency, (size_t)nlatency, sizeof(*latency), compare);
	printf("conns %4d depth %3d background %d: %8.0f cmds/s  p50 %.3f ms  p99 %.3f ms",
	       conns, depth, background, measured / seconds,
	       nlatency ? latency[nlatency / 2] * 1e3 : 0,
	       nlatency ? latency[(long)(nlatency * 0.99)] * 1e3 : 0);
	if (background)
		printf("  (background %.0f/s)", background_done / seconds);
	printf("\n");
	return 0;
}
