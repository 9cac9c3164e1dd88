/* The referee's engine driver: spawn or connect, one command at a time
 * with a deadline, and a clean end that never leaves a process behind. */
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
#include <time.h>
#include <unistd.h>

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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void engine_init(struct engine *e, const char *spec, int label, bool verbose)
{
	pthread_once(&sigpipe_once, ignore_sigpipe);
	memset(e, 0, sizeof(*e));
	e->spec = xstrdup(spec);
	e->label = label;
	e->verbose = verbose;
	e->wfd = e->rfd = -1;
	snprintf(e->name, sizeof(e->name), "%s", spec);
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
	int tcp = engine_parse_tcp(e->spec, host, sizeof(host), port, sizeof(port),
				   err, errlen);

	e->len = 0;
	e->broken = false;
	e->probed = false;
	e->interrupted = false;
	e->last_id = 0;
	e->last_cmd[0] = '\0';
	e->death[0] = '\0';
	if (tcp < 0)
		return -1;
	if (tcp > 0)
		return connect_tcp(e, host, port, err, errlen);
	char **argv = engine_split_argv(e->spec, err, errlen);
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
	double until = now() + seconds;
	int status;

	if (e->pid <= 0)
		return;
	while (!child_exited(e->pid) && now() < until)
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

/* The engine is gone: describe it in reply, mark it broken. */
static enum engine_rc dead(struct engine *e, struct strbuf *reply)
{
	e->broken = true;
	close_fds(e);
	reap(e, ENGINE_QUIT_WAIT);
	sb_reset(reply);
	sb_puts(reply, e->death[0] ? e->death : "connection closed");
	return ENGINE_DEAD;
}

static int write_line(struct engine *e, const char *cmd)
{
	size_t len = strlen(cmd);
	char *line = xmalloc(len + 1);
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

/* Drop leading empty lines; return the length of a complete reply (up to
 * and including its empty line), or 0 when none has arrived yet. */
static size_t complete_reply(struct engine *e)
{
	size_t skip = 0;

	if (e->len == 0)
		return 0;
	while (skip < e->len && e->buf[skip] == '\n')
		skip++;
	memmove(e->buf, e->buf + skip, e->len - skip + 1);
	e->len -= skip;
	char *end = strstr(e->buf, "\n\n");
	return end ? (size_t)(end - e->buf) + 2 : 0;
}

static void trim_into(struct strbuf *out, const char *s, size_t n)
{
	while (n > 0 && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	sb_reset(out);
	sb_append(out, s, n);
}

/* The id after a reply's '=' or '?' at s ("=12 ..."), or -1 for none;
 * *end is where the text starts. */
static long reply_id(const char *s, const char **end)
{
	const char *p = s + 1;
	long id = 0;

	while (*p >= '0' && *p <= '9' && id < 1000000000L)
		id = id * 10 + (*p++ - '0');
	*end = p;
	return p == s + 1 ? -1 : id;
}

/* The first line of buf, cut, for messages. */
static void first_line(const char *buf, struct strbuf *out)
{
	size_t line = strcspn(buf, "\n");

	sb_printf(out, "%.*s", (int)(line < 60 ? line : 60), buf);
}

/* Split the complete reply of n bytes at buf into status, id and text. */
static enum engine_rc parse_reply(struct engine *e, size_t n, struct strbuf *reply, long *id)
{
	const char *p;
	char kind = e->buf[0];
	enum engine_rc rc = kind == '=' ? ENGINE_OK : ENGINE_FAILED;

	*id = -1;
	if (kind != '=' && kind != '?') {
		sb_reset(reply);
		sb_puts(reply, "malformed reply '");
		first_line(e->buf, reply);
		sb_puts(reply, "'");
		e->broken = true;
		rc = ENGINE_MALFORMED;
	} else {
		*id = reply_id(e->buf, &p);
		trim_into(reply, p, n - (size_t)(p - e->buf));
	}
	memmove(e->buf, e->buf + n, e->len - n + 1);
	e->len -= n;
	return rc;
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
			double left = deadline - now();
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

static enum engine_rc interrupted(struct engine *e, struct strbuf *reply)
{
	e->broken = true;
	e->interrupted = true;
	sb_reset(reply);
	sb_puts(reply, "interrupted");
	return ENGINE_INTERRUPTED;
}

static enum engine_rc read_reply(struct engine *e, double deadline, double timeout,
				 struct strbuf *reply, long *id)
{
	char chunk[4096];

	for (;;) {
		size_t n = complete_reply(e);
		if (n > 0)
			return parse_reply(e, n, reply, id);
		if (e->len > ENGINE_MAX_REPLY) {
			e->broken = true;
			sb_reset(reply);
			sb_puts(reply, "reply too long");
			return ENGINE_MALFORMED;
		}
		int waited = wait_readable(e->rfd, deadline);
		if (waited == -2)
			return interrupted(e, reply);
		if (waited < 0) {
			e->broken = true;
			sb_reset(reply);
			sb_printf(reply, "no reply within %g s", timeout);
			return ENGINE_TIMEOUT;
		}
		ssize_t got = read(e->rfd, chunk, sizeof(chunk));
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0)
			return dead(e, reply);
		take_bytes(e, chunk, (size_t)got);
	}
}

bool engine_stray_output(struct engine *e, struct strbuf *reply)
{
	char chunk[4096];
	struct strbuf what = STRBUF_INIT;
	const char *text;

	if (e->rfd < 0)
		return false;
	for (;;) { /* what has arrived, without waiting; an end of file is
		    * left for the next command to find */
		struct pollfd pfd = { .fd = e->rfd, .events = POLLIN };
		if (poll(&pfd, 1, 0) <= 0 || e->len > ENGINE_MAX_REPLY)
			break;
		ssize_t got = read(e->rfd, chunk, sizeof(chunk));
		if (got <= 0)
			break;
		take_bytes(e, chunk, (size_t)got);
	}
	size_t skip = strspn(e->buf ? e->buf : "", "\n");
	if (!e->buf || skip == e->len)
		return false;
	first_line(e->buf + skip, &what);
	long id = e->buf[skip] == '=' || e->buf[skip] == '?' ? reply_id(e->buf + skip, &text) : -1;
	sb_reset(reply);
	if (id > 0 && id == e->last_id)
		sb_printf(reply, "answered '%s' twice ('%s')", e->last_cmd, sb_str(&what));
	else if (e->last_id > 0)
		sb_printf(reply, "sent an unrequested reply '%s' (after answering '%s')",
			  sb_str(&what), e->last_cmd);
	else
		sb_printf(reply, "sent an unrequested reply '%s'", sb_str(&what));
	sb_free(&what);
	e->broken = true;
	return true;
}

/* A reply carried id got to command id (cmd): not its own. */
static enum engine_rc out_of_turn(struct engine *e, const char *cmd, long id, long got,
				  char kind, struct strbuf *reply)
{
	struct strbuf text = STRBUF_INIT;

	sb_printf(&text, "%c", kind);
	if (got >= 0)
		sb_printf(&text, "%ld", got);
	if (reply->len)
		sb_printf(&text, " %.50s", sb_str(reply));
	sb_reset(reply);
	if (got > 0 && got == e->last_id)
		sb_printf(reply, "answered '%s' twice ('%s')", e->last_cmd, sb_str(&text));
	else if (got < 0)
		sb_printf(reply, "answered '%.50s' without its id %ld ('%s')", cmd, id, sb_str(&text));
	else
		sb_printf(reply, "answered '%.50s' with id %ld, not %ld ('%s')", cmd, got, id,
			  sb_str(&text));
	sb_free(&text);
	e->broken = true;
	return ENGINE_PROTOCOL;
}

enum engine_rc engine_command(struct engine *e, const char *cmd, double timeout,
			      struct strbuf *reply)
{
	double deadline = timeout > 0 ? now() + timeout : 0;
	struct strbuf line = STRBUF_INIT;
	enum engine_rc rc;
	long id = e->last_id + 1, got = -1;

	if (e->wfd < 0) {
		sb_reset(reply);
		sb_puts(reply, e->death[0] ? e->death : "not running");
		return ENGINE_DEAD;
	}
	if (engine_interrupt_pending())
		return interrupted(e, reply);
	if (engine_stray_output(e, reply))
		return ENGINE_PROTOCOL;
	sb_printf(&line, "%ld %s", id, cmd);
	if (e->verbose)
		fprintf(stderr, "[engine %d] > %s\n", e->label, sb_str(&line));
	rc = write_line(e, sb_str(&line)) < 0 ? dead(e, reply)
					      : read_reply(e, deadline, timeout, reply, &got);
	sb_free(&line);
	if ((rc == ENGINE_OK || rc == ENGINE_FAILED) && got != id)
		rc = out_of_turn(e, cmd, id, got, rc == ENGINE_OK ? '=' : '?', reply);
	if (rc == ENGINE_OK || rc == ENGINE_FAILED) {
		e->last_id = id;
		snprintf(e->last_cmd, sizeof(e->last_cmd), "%.*s", (int)sizeof(e->last_cmd) - 1, cmd);
	}
	if (e->verbose)
		fprintf(stderr, "[engine %d] < %c %s\n", e->label,
			rc == ENGINE_OK ? '=' : rc == ENGINE_FAILED ? '?' : '!', sb_str(reply));
	return rc;
}

/* Ask a yes/no question; false when the engine does not answer "true". */
static int knows(struct engine *e, const char *command, double timeout, bool *out,
		 struct strbuf *reply)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "known_command %s", command);
	enum engine_rc rc = engine_command(e, cmd, timeout, reply);
	*out = rc == ENGINE_OK && strcmp(sb_str(reply), "true") == 0;
	return rc == ENGINE_OK || rc == ENGINE_FAILED ? 0 : -1;
}

int engine_handshake(struct engine *e, double timeout, char *err, size_t errlen)
{
	struct strbuf reply = STRBUF_INIT, name = STRBUF_INIT;
	enum engine_rc rc = engine_command(e, "name", timeout, &reply);
	int ok = -1;

	if (rc != ENGINE_OK && rc != ENGINE_FAILED)
		goto out;
	sb_puts(&name, rc == ENGINE_OK && *sb_str(&reply) ? sb_str(&reply) : e->spec);
	rc = engine_command(e, "version", timeout, &reply);
	if (rc != ENGINE_OK && rc != ENGINE_FAILED)
		goto out;
	if (rc == ENGINE_OK && *sb_str(&reply))
		sb_printf(&name, " %s", sb_str(&reply));
	snprintf(e->name, sizeof(e->name), "%s", sb_str(&name));
	if (knows(e, "game", timeout, &e->knows_game, &reply) < 0)
		goto out;
	ok = 0;
out:
	if (ok < 0)
		snprintf(err, errlen, "'%s' did not answer: %s", e->spec, sb_str(&reply));
	sb_free(&reply);
	sb_free(&name);
	return ok;
}

int engine_probe(struct engine *e, double timeout, char *err, size_t errlen)
{
	struct strbuf reply = STRBUF_INIT;
	int ok = -1;

	if (knows(e, "set_random_seed", timeout, &e->knows_seed, &reply) == 0 &&
	    knows(e, "rules", timeout, &e->knows_rules, &reply) == 0 &&
	    knows(e, "time_settings", timeout, &e->knows_time, &reply) == 0)
		ok = 0;
	if (ok < 0)
		snprintf(err, errlen, "'%s' did not answer: %s", e->spec, sb_str(&reply));
	e->probed = ok == 0;
	sb_free(&reply);
	return ok;
}

void engine_close(struct engine *e)
{
	if (e->wfd >= 0 && !e->broken) {
		struct strbuf reply = STRBUF_INIT;
		engine_command(e, "quit", ENGINE_QUIT_WAIT, &reply);
		sb_free(&reply);
	}
	bool broken = e->broken;
	close_fds(e);
	reap(e, broken ? 0 : ENGINE_QUIT_WAIT);
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
	e->cap = 0;
}
