/* The engine transport: spawn or connect, lines out, lines in with a
 * deadline, what arrived unasked, and a clean end that never leaves a
 * process behind. The protocols are the drivers' (engine_gtp.c, ...). */
#define _GNU_SOURCE /* pipe2 */
#include "match/engine.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/monotime.h"
#include "util/xalloc.h"

#define ENGINE_QUIT_WAIT 2.0 /* seconds a child gets to exit after quit */

extern char **environ;

static pthread_once_t sigpipe_once = PTHREAD_ONCE_INIT;
static int interrupt_fd = -1; /* engine_set_interrupt; set before threads start */

void engine_set_interrupt(int fd)
{
	interrupt_fd = fd;
}

bool engine_interrupt_pending(void)
{
	struct pollfd pfd = { .fd = interrupt_fd, .events = POLLIN };

	return interrupt_fd >= 0 && poll(&pfd, 1, 0) > 0;
}

/* A dead engine must show up as EPIPE on write, not kill the referee. */
static void ignore_sigpipe(void)
{
	signal(SIGPIPE, SIG_IGN);
}

double engine_clock_total(const struct engine_clock *clk, int color)
{
	return clk->left[color] + clk->periods[color] * clk->period;
}

const struct engine_driver *const engine_drivers[] = { &engine_uai, &engine_gomocup,
						       &engine_gtp, NULL };

const struct engine_driver *engine_driver_of(const char *spec, const char **target)
{
	for (int i = 0; engine_drivers[i]; i++) {
		size_t n = strlen(engine_drivers[i]->prefix);
		if (!strncmp(spec, engine_drivers[i]->prefix, n)) {
			*target = spec + n;
			return engine_drivers[i];
		}
	}
	*target = spec; /* unreachable: GTP's prefix "" matches everything */
	return &engine_gtp;
}

int engine_check_spec(const char *spec, char *err, size_t errlen)
{
	char host[256], port[16];
	const char *target;
	const struct engine_driver *drv = engine_driver_of(spec, &target);
	char **argv;

	if (!drv->ready) {
		snprintf(err, errlen, "%s engines are not supported yet", drv->name);
		return -1;
	}
	int tcp = engine_parse_tcp(target, host, sizeof(host), port, sizeof(port), err, errlen);
	if (tcp != 0)
		return tcp < 0 ? -1 : 0;
	if (!(argv = engine_split_argv(target, err, errlen)))
		return -1;
	engine_free_argv(argv);
	return 0;
}

void engine_init(struct engine *e, const char *spec, int label, bool verbose)
{
	pthread_once(&sigpipe_once, ignore_sigpipe);
	memset(e, 0, sizeof(*e));
	e->spec = xstrdup(spec);
	e->drv = engine_driver_of(e->spec, &e->target);
	e->label = label;
	e->verbose = verbose;
	e->wfd = e->rfd = -1;
	engine_name_default(e);
}

static int spawn_actions(posix_spawn_file_actions_t *fa, posix_spawnattr_t *at,
			 int in, int out, bool verbose)
{
	sigset_t none, dfl;

	sigemptyset(&none);
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGPIPE);
	if (posix_spawn_file_actions_init(fa) || posix_spawnattr_init(at))
		return -1;
	posix_spawn_file_actions_adddup2(fa, in, 0);
	posix_spawn_file_actions_adddup2(fa, out, 1);
	if (!verbose)
		posix_spawn_file_actions_addopen(fa, 2, "/dev/null", O_WRONLY, 0);
	posix_spawnattr_setflags(at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF |
					     POSIX_SPAWN_SETSIGMASK);
	posix_spawnattr_setpgroup(at, 0);
	posix_spawnattr_setsigdefault(at, &dfl);
	posix_spawnattr_setsigmask(at, &none);
	return 0;
}

/* Spawn argv in its own process group with pipes on stdin and stdout. The
 * pipes are close-on-exec, so engines of other threads never inherit them
 * (an inherited write end would hide this engine's death). */
static int spawn(struct engine *e, char **argv, char *err, size_t errlen)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int to[2], from[2], rc;

	if (pipe2(to, O_CLOEXEC) < 0)
		goto fail_errno;
	if (pipe2(from, O_CLOEXEC) < 0)
		goto close_to;
	if (spawn_actions(&fa, &at, to[0], from[1], e->verbose) < 0)
		goto close_from;
	rc = posix_spawnp(&e->pid, argv[0], &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(to[0]);
	close(from[1]);
	if (rc != 0) {
		close(to[1]);
		close(from[0]);
		e->pid = 0;
		snprintf(err, errlen, "cannot run '%s': %s", argv[0], strerror(rc));
		return -1;
	}
	e->wfd = to[1];
	e->rfd = from[0];
	return 0;
close_from:
	close(from[0]);
	close(from[1]);
close_to:
	close(to[0]);
	close(to[1]);
fail_errno:
	snprintf(err, errlen, "cannot start '%s': %s", argv[0], strerror(errno));
	return -1;
}

static int connect_tcp(struct engine *e, const char *host, const char *port,
		       char *err, size_t errlen)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *list, *ai;
	int rc = getaddrinfo(host, port, &hints, &list), fd = -1, saved = 0, one = 1;

	if (rc != 0) {
		snprintf(err, errlen, "cannot resolve %s: %s", host, gai_strerror(rc));
		return -1;
	}
	for (ai = list; ai && fd < 0; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) < 0) {
			saved = errno;
			close(fd);
			fd = -1;
		}
	}
	freeaddrinfo(list);
	if (fd < 0) {
		snprintf(err, errlen, "cannot connect to %s:%s: %s", host, port,
			 strerror(saved ? saved : errno));
		return -1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	e->wfd = e->rfd = fd;
	return 0;
}

int engine_open(struct engine *e, char *err, size_t errlen)
{
	char host[256], port[16];
	int tcp = engine_parse_tcp(e->target, host, sizeof(host), port, sizeof(port),
				   err, errlen);

	e->len = 0;
	e->broken = false;
	e->probed = false;
	e->interrupted = false;
	e->last_id = 0;
	e->last_cmd[0] = '\0';
	e->knows_game = e->knows_seed = e->knows_rules = e->knows_time = false;
	e->death[0] = '\0';
	if (tcp < 0)
		return -1;
	if (tcp > 0)
		return connect_tcp(e, host, port, err, errlen);
	char **argv = engine_split_argv(e->target, err, errlen);
	if (!argv)
		return -1;
	int rc = spawn(e, argv, err, errlen);
	engine_free_argv(argv);
	return rc;
}

static void describe_status(struct engine *e, int status)
{
	if (WIFEXITED(status))
		snprintf(e->death, sizeof(e->death), "exited with status %d",
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(e->death, sizeof(e->death), "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
}

/* Whether the child has exited (it stays a zombie, so its process group
 * id cannot be reused before we kill the group). */
static bool child_exited(pid_t pid)
{
	siginfo_t si = { 0 };

	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
	       si.si_pid == pid;
}

/* Wait up to seconds for the child to exit; then kill what is left of its
 * process group and reap it, recording how it ended. */
static void reap(struct engine *e, double seconds)
{
	double until = monotime_now() + seconds;
	int status;

	if (e->pid <= 0)
		return;
	while (!child_exited(e->pid) && monotime_now() < until)
		usleep(5000);
	kill(-e->pid, SIGKILL);
	while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!e->death[0])
		describe_status(e, status);
	e->pid = 0;
}

static void close_fds(struct engine *e)
{
	if (e->wfd >= 0)
		close(e->wfd);
	if (e->rfd >= 0 && e->rfd != e->wfd)
		close(e->rfd);
	e->wfd = e->rfd = -1;
	e->len = 0;
}

enum engine_rc engine_dead(struct engine *e, struct strbuf *reply)
{
	e->broken = true;
	close_fds(e);
	reap(e, ENGINE_QUIT_WAIT);
	sb_reset(reply);
	sb_puts(reply, e->death[0] ? e->death : "connection closed");
	return ENGINE_DEAD;
}

int engine_write(struct engine *e, const char *cmd)
{
	size_t len = strlen(cmd);
	char *line = xmalloc(len + 1);

	if (e->verbose)
		fprintf(stderr, "[engine %d] > %s\n", e->label, cmd);
	const char *p = line;
	int rc = 0;

	memcpy(line, cmd, len);
	line[len++] = '\n';
	while (len > 0) {
		ssize_t n = write(e->wfd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = -1;
			break;
		}
		p += n;
		len -= (size_t)n;
	}
	free(line);
	return rc;
}

/* Append what was read, dropping CR so "\r\n" ends lines like "\n". */
static void take_bytes(struct engine *e, const char *data, size_t n)
{
	if (e->len + n + 1 > e->cap) {
		e->cap = (e->len + n + 1) * 2;
		e->buf = xrealloc(e->buf, e->cap);
	}
	for (size_t i = 0; i < n; i++)
		if (data[i] != '\r')
			e->buf[e->len++] = data[i];
	e->buf[e->len] = '\0';
}

/* Wait for bytes until deadline (0: none); -1 on timeout, -2 when the
 * interrupt descriptor is readable, 0 on data or end of file. */
static int wait_readable(int fd, double deadline)
{
	for (;;) {
		int ms = -1;
		struct pollfd pfd[2] = { { .fd = fd, .events = POLLIN },
					 { .fd = interrupt_fd, .events = POLLIN } };

		if (deadline > 0) {
			double left = deadline - monotime_now();
			if (left <= 0)
				return -1;
			ms = (int)(left * 1000) + 1;
		}
		int rc = poll(pfd, interrupt_fd >= 0 ? 2 : 1, ms);
		if (rc > 0 && interrupt_fd >= 0 && (pfd[1].revents & POLLIN))
			return -2;
		if (rc > 0)
			return 0;
		if (rc < 0 && errno != EINTR)
			return 0; /* let read report it */
	}
}

enum engine_rc engine_interrupted(struct engine *e, struct strbuf *reply)
{
	e->broken = true;
	e->interrupted = true;
	sb_reset(reply);
	sb_puts(reply, "interrupted");
	return ENGINE_INTERRUPTED;
}

/* Read once (after waiting until deadline): 0 with bytes taken, or an rc
 * with its description in line. */
static enum engine_rc fill(struct engine *e, double deadline, double timeout, struct strbuf *line)
{
	char chunk[4096];

	for (;;) {
		int waited = wait_readable(e->rfd, deadline);
		if (waited == -2)
			return engine_interrupted(e, line);
		if (waited < 0) {
			e->broken = true;
			sb_reset(line);
			sb_printf(line, "no reply within %g s", timeout);
			return ENGINE_TIMEOUT;
		}
		ssize_t got = read(e->rfd, chunk, sizeof(chunk));
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0)
			return engine_dead(e, line);
		take_bytes(e, chunk, (size_t)got);
		return ENGINE_OK;
	}
}

enum engine_rc engine_read_line(struct engine *e, double deadline, double timeout,
				struct strbuf *line)
{
	for (;;) {
		char *nl = e->buf ? memchr(e->buf, '\n', e->len) : NULL;
		if (nl) {
			size_t n = (size_t)(nl - e->buf);
			sb_reset(line);
			sb_append(line, e->buf, n);
			memmove(e->buf, nl + 1, e->len - n);
			e->len -= n + 1;
			e->buf[e->len] = '\0';
			if (e->verbose && line->len)
				fprintf(stderr, "[engine %d] < %s\n", e->label, sb_str(line));
			return ENGINE_OK;
		}
		if (e->len > ENGINE_MAX_REPLY) {
			e->broken = true;
			sb_reset(line);
			sb_puts(line, "reply too long");
			return ENGINE_MALFORMED;
		}
		if (e->wfd < 0) {
			sb_reset(line);
			sb_puts(line, e->death[0] ? e->death : "not running");
			return ENGINE_DEAD;
		}
		enum engine_rc rc = fill(e, deadline, timeout, line);
		if (rc != ENGINE_OK)
			return rc;
	}
}

bool engine_pending(struct engine *e)
{
	char chunk[4096];

	if (e->rfd < 0)
		return false;
	for (;;) { /* an end of file is left for the next read to find */
		struct pollfd pfd = { .fd = e->rfd, .events = POLLIN };
		if (poll(&pfd, 1, 0) <= 0 || e->len > ENGINE_MAX_REPLY)
			break;
		ssize_t got = read(e->rfd, chunk, sizeof(chunk));
		if (got <= 0)
			break;
		take_bytes(e, chunk, (size_t)got);
	}
	return e->buf && strspn(e->buf, "\n") < e->len;
}

bool engine_stray_lines(struct engine *e, bool (*chatter)(const char *line, size_t n),
			struct strbuf *reply)
{
	if (!engine_pending(e))
		return false;
	for (;;) {
		char *nl = memchr(e->buf, '\n', e->len);
		size_t n = nl ? (size_t)(nl - e->buf) : e->len;
		if (n > 0 && !chatter(e->buf, n)) {
			sb_reset(reply);
			sb_printf(reply, "sent '%.*s' unasked", (int)(n < 60 ? n : 60), e->buf);
			e->broken = true;
			return true;
		}
		if (!nl)
			return false; /* a chatter line still arriving */
		memmove(e->buf, nl + 1, e->len - n);
		e->len -= n + 1;
		if (e->len == 0)
			return false;
	}
}

bool engine_stray_output(struct engine *e, struct strbuf *reply)
{
	return e->drv->stray && e->drv->stray(e, reply);
}

int engine_handshake(struct engine *e, double timeout, char *err, size_t errlen)
{
	return e->drv->handshake(e, timeout, err, errlen);
}

void engine_close(struct engine *e)
{
	if (!e->drv)
		return; /* never initialised */
	if (e->wfd >= 0 && !e->broken && e->drv->quit)
		e->drv->quit(e, ENGINE_QUIT_WAIT);
	bool broken = e->broken;
	close_fds(e);
	reap(e, broken ? 0 : ENGINE_QUIT_WAIT);
	if (e->drv->release)
		e->drv->release(e);
}

int engine_restart(struct engine *e, double timeout, char *err, size_t errlen)
{
	engine_close(e);
	if (engine_open(e, err, errlen) < 0)
		return -1;
	return engine_handshake(e, timeout, err, errlen);
}

void engine_destroy(struct engine *e)
{
	engine_close(e);
	free(e->buf);
	free(e->spec);
	e->buf = NULL;
	e->spec = NULL;
	e->target = NULL;
	e->cap = 0;
}
