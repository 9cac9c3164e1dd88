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
 *     RSS of process PID.
 * With -p PID first, the throughput run also prints the CPU seconds
 * process PID (the daemon) spent in the measured window, and the cheap
 * commands answered per CPU-second: the cost of a command, whatever the
 * client's own speed. With -r the server is a redis-server
 * asked PING inline ("PING\r\n", each reply a line "+PONG\r\n"): the same
 * client and pattern against redis, for the ratio bench/daemon.sh prints.
 * With -w PORT is the daemon's --http port and
 * each connection a WebSocket on /ws: a command a text message (masked
 * with a zero key), a reply a message; in both modes.
 * The options may come in any order. With -R RATE the cheap commands are sent on a
 * schedule instead, RATE a second in all, connection after connection
 * (open loop: a slow reply never delays the next command, which pipelines
 * behind it, up to 256 in flight; DEPTH is ignored): a latency is counted
 * from the command's scheduled time, so a stall of the daemon counts
 * whole, however few commands it lets through (closed loop, a stalled
 * server is asked less and its stall weighs little). A latency includes
 * the client's own delay in sending, which is printed beside it (p99
 * lateness); run it at a real-time priority (chrt -f) to keep that small
 * on a machine the daemon shares. */
#include <arpa/inet.h>
#include <errno.h>
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

static const char *cheap = "protocol_version\n";
static const char *reply_end = "\n\n"; /* ends every reply */

struct client {
	struct bufferevent *bev; /* the connection */
	char cmd[160];           /* the command it loops */
	bool first;              /* its FIRST line's reply is still to come */
	double sent[MAX_DEPTH];  /* send times of commands in flight, a ring */
	int head, inflight;      /* ring start and length */
	int depth;               /* commands kept in flight */
	int background;          /* loops the slow command instead */
	int replies;             /* replies read */
	bool upgraded;           /* -w: the 101 has come; messages follow */
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
static const char *server_pid; /* -p: the daemon, whose CPU time is read */
static bool websocket;      /* -w: sessions are WebSockets on /ws */
static double cpu_start;    /* its CPU seconds when measuring began */
static double rate;         /* -R: cheap commands a second in all; 0 = closed loop */
static struct client **paced; /* -R: the cheap connections, in turn */
static int npaced;          /* their number */
static int paced_next;      /* whose turn it is */
static double due;          /* -R: the next command's scheduled time */
static struct event *pace_ev; /* -R: fires at due */
static double *lateness;    /* -R: seconds each send came after its time */
static long nlateness;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A command line (LF-terminated): as it is, or as a WebSocket message
 * without its LF (masked with a zero key: the payload as it is). */
static void write_line(struct client *c, const char *line)
{
	size_t len = strlen(line);
	unsigned char head[8] = { 0x81 };
	size_t n = 2;

	if (!websocket) {
		bufferevent_write(c->bev, line, len);
		return;
	}
	len--;
	if (len < 126) {
		head[1] = (unsigned char)(0x80 | len);
	} else {
		head[1] = 0x80 | 126;
		head[2] = (unsigned char)(len >> 8);
		head[3] = (unsigned char)len;
		n = 4;
	}
	memset(head + n, 0, 4); /* the mask */
	bufferevent_write(c->bev, head, n + 4);
	bufferevent_write(c->bev, line, len);
}

/* A command, its latency counted from at. */
static void send_at(struct client *c, double at)
{
	const char *cmd = c->background ? c->cmd : cheap;

	write_line(c, cmd);
	c->sent[(c->head + c->inflight) % MAX_DEPTH] = at;
	c->inflight++;
}

static void send_one(struct client *c)
{
	send_at(c, now());
}

/* One reply read: count it, and send the next command. */
static void got_reply(struct client *c)
{
	double t = now() - c->sent[c->head];

	c->head = (c->head + 1) % MAX_DEPTH;
	c->inflight--;
	c->replies++;
	if (c->depth == 0) {
		idle_ready++;
		return;
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
	if (c->background || rate == 0)
		send_one(c);
}

/* -R: send every command whose time has come, each counted from its
 * scheduled time, and wait for the next one's. */
static void pace(evutil_socket_t fd, short what, void *arg)
{
	double t = now();

	(void)fd, (void)what, (void)arg;
	if (npaced == 0) /* -w: no connection upgraded yet */
		due = t;
	while (npaced > 0 && due <= t) {
		struct client *c = paced[paced_next];

		paced_next = (paced_next + 1) % npaced;
		if (c->inflight < MAX_DEPTH) {
			if (measuring && nlateness < MAX_SAMPLES)
				lateness[nlateness++] = t - due;
			send_at(c, due);
		}
		due += 1 / rate;
	}
	double wait = npaced ? due - now() : 0.001;
	struct timeval tv = { 0, 0 };

	if (wait > 0) {
		tv.tv_sec = (time_t)wait;
		tv.tv_usec = (suseconds_t)((wait - (double)tv.tv_sec) * 1e6);
	}
	event_add(pace_ev, &tv);
}

/* The FIRST line, if any, then DEPTH commands (one in idle mode). */
static void start_client(struct client *c)
{
	if (c->background && bg_first) {
		char line[160];

		snprintf(line, sizeof(line), "%s\n", bg_first);
		write_line(c, line);
		c->sent[c->head] = now();
		c->inflight++;
		c->first = true;
	}
	if (rate > 0 && !c->background && c->depth) {
		paced[npaced++] = c; /* pace() sends its commands */
		return;
	}
	for (int i = 0; i < (c->depth ? c->depth : 1); i++)
		send_one(c);
}

/* -w: the handshake's answer, then whole messages (each a reply; pings,
 * which the daemon sends an idle client, skipped). */
static void read_messages(struct client *c, struct evbuffer *in)
{
	struct evbuffer_ptr p;

	if (!c->upgraded) {
		if ((p = evbuffer_search(in, "\r\n\r\n", 4, NULL)).pos < 0)
			return;
		if (memcmp(evbuffer_pullup(in, 13), "HTTP/1.1 101 ", 13) != 0) {
			fprintf(stderr, "loadgen: the WebSocket upgrade was refused\n");
			exit(1);
		}
		evbuffer_drain(in, (size_t)p.pos + 4);
		c->upgraded = true;
		start_client(c);
	}
	for (;;) {
		size_t have = evbuffer_get_length(in), head = 2, len;
		unsigned char *b = evbuffer_pullup(in, have < 4 ? (ssize_t)have : 4);

		if (have < 2)
			return;
		len = b[1] & 0x7f;
		if (len == 126) {
			if (have < 4)
				return;
			len = (size_t)b[2] << 8 | b[3];
			head = 4;
		}
		if (have < head + len)
			return;
		int opcode = b[0] & 0x0f;
		evbuffer_drain(in, head + len);
		if (opcode == 1)
			got_reply(c);
	}
}

static void read_cb(struct bufferevent *bev, void *arg)
{
	struct client *c = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	struct evbuffer_ptr p;

	if (websocket) {
		read_messages(c, in);
		return;
	}
	while ((p = evbuffer_search(in, reply_end, strlen(reply_end), NULL)).pos >= 0) {
		evbuffer_drain(in, (size_t)p.pos + strlen(reply_end));
		got_reply(c);
	}
}

static void event_cb(struct bufferevent *bev, short what, void *arg)
{
	(void)bev, (void)arg;
	if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR)) {
		fprintf(stderr, "loadgen: connection lost (%s)\n",
			what & BEV_EVENT_EOF ? "closed by the server" : strerror(errno));
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
	if (websocket) {
		char req[256];

		snprintf(req, sizeof(req),
			 "GET /ws HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
			 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
			 "Sec-WebSocket-Version: 13\r\n\r\n", host, port);
		bufferevent_write(c->bev, req, strlen(req));
		return c; /* the commands go once it is upgraded */
	}
	start_client(c);
	return c;
}

static int compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* User + system CPU seconds of process pid so far, or 0. */
static double cpu_seconds(const char *pid)
{
	char path[64];
	unsigned long utime = 0, stime = 0;

	if (!pid)
		return 0;
	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	FILE *f = fopen(path, "r");
	/* Fields 14 and 15, after the command name's closing parenthesis. */
	if (f && fscanf(f, "%*d (%*[^)]) %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
			&utime, &stime) != 2)
		utime = stime = 0;
	if (f)
		fclose(f);
	return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

static void start_measuring(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what, (void)arg;
	measuring = 1;
	cpu_start = cpu_seconds(server_pid);
}

static double cpu_spent; /* the daemon's CPU seconds in the window */

static void stop(evutil_socket_t fd, short what, void *arg)
{
	(void)fd, (void)what, (void)arg;
	cpu_spent = cpu_seconds(server_pid) - cpu_start;
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
	for (; argc > 1 && argv[1][0] == '-'; argv++, argc--) {
		if (!strcmp(argv[1], "-r")) {
			cheap = "PING\r\n";
			reply_end = "\r\n";
		} else if (!strcmp(argv[1], "-w")) {
			websocket = true;
		} else if (argc > 2 && !strcmp(argv[1], "-p")) {
			server_pid = (++argv)[1];
			argc--;
		} else if (argc > 2 && !strcmp(argv[1], "-R")) {
			rate = atof((++argv)[1]);
			argc--;
		} else {
			argc = 0; /* the usage */
			break;
		}
	}
	if (argc < 5) {
		fprintf(stderr, "usage: loadgen [-R RATE] [-p PID] [-r] [-w] HOST PORT CONNS SECONDS [DEPTH [BACKGROUND "
				"[COMMAND [FIRST]]]]\n"
				"       loadgen HOST PORT CONNS idle PID\n");
		return 2;
	}
	const char *host = argv[1];
	int port = atoi(argv[2]), conns = atoi(argv[3]);
	/* Timers to the microsecond (timerfd), for -R's schedule. */
	struct event_config *ecfg = event_config_new();
	event_config_set_flag(ecfg, EVENT_BASE_FLAG_PRECISE_TIMER);
	base = event_base_new_with_config(ecfg);
	event_config_free(ecfg);
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
	lateness = malloc(MAX_SAMPLES * sizeof(*lateness));
	paced = calloc((size_t)conns + 1, sizeof(*paced));
	for (int i = 0; i < background; i++)
		open_client(host, port, 1, 1, i);
	for (int i = 0; i < conns; i++)
		open_client(host, port, depth, 0, i);
	struct timeval warm = { 0, 500000 };
	struct timeval total = { (long)seconds + 0, (long)((seconds - (long)seconds) * 1e6) + 500000 };
	if (total.tv_usec >= 1000000)
		total.tv_sec++, total.tv_usec -= 1000000;
	if (rate > 0 && conns > 0) {
		due = now();
		pace_ev = evtimer_new(base, pace, NULL);
		event_active(pace_ev, EV_TIMEOUT, 0);
	}
	event_base_once(base, -1, EV_TIMEOUT, start_measuring, NULL, &warm);
	event_base_once(base, -1, EV_TIMEOUT, stop, NULL, &total);
	event_base_dispatch(base);
	qsort(latency, (size_t)nlatency, sizeof(*latency), compare);
	printf("conns %4d depth %3d background %d: %8.0f cmds/s  p50 %.3f ms  p99 %.3f ms",
	       conns, depth, background, measured / seconds,
	       nlatency ? latency[nlatency / 2] * 1e3 : 0,
	       nlatency ? latency[(long)(nlatency * 0.99)] * 1e3 : 0);
	if (rate > 0 && nlateness) {
		qsort(lateness, (size_t)nlateness, sizeof(*lateness), compare);
		printf("  (rate %g/s, sends' p99 lateness %.3f ms)", rate,
		       lateness[(long)(nlateness * 0.99)] * 1e3);
	}
	if (background)
		printf("  (background %.0f/s)", background_done / seconds);
	if (server_pid && cpu_spent > 0)
		printf("  server CPU %.2f s: %.0f cmds/CPU-s", cpu_spent, measured / cpu_spent);
	printf("\n");
	return 0;
}
