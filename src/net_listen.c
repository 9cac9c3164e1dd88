/* Listening sockets and what every door shares: net_listen binds one
 * (for TCP sessions, or for evhttp) and keeps it from spinning when the
 * process is out of descriptors (struct door); net_send_refusal tells a
 * refused client why; net_format_peer names a peer. Knows nothing of
 * sessions or of HTTP. */
#include "net_listen.h"

#include <arpa/inet.h>
#include <errno.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"
#include "util/listen.h"
#include "util/monotime.h"
#include "util/xalloc.h"

void net_format_peer(const struct sockaddr *sa, char *out, size_t len)
{
	char host[INET6_ADDRSTRLEN] = "?";
	int port = 0;

	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

		inet_ntop(AF_INET, &in->sin_addr, host, sizeof(host));
		port = ntohs(in->sin_port);
		snprintf(out, len, "%s:%d", host, port);
	} else if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;

		inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof(host));
		port = ntohs(in6->sin6_port);
		snprintf(out, len, "[%s]:%d", host, port);
	} else {
		snprintf(out, len, "?");
	}
}

void net_send_refusal(int fd, const char *text)
{
	char discard[4096];

	if (send(fd, text, strlen(text), MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		log_msg(LOG_DEBUG, "a refusal was not sent: %s", strerror(errno));
	/* Bounded: a client may be sending for ever. */
	for (int i = 0; i < 16 && recv(fd, discard, sizeof(discard), MSG_DONTWAIT) > 0; i++)
		;
}

/* A listener's answer to the process running out of descriptors. accept
 * then fails (EMFILE) while the client waits in the listen queue, so the
 * socket stays readable and libevent would try again at once, for ever: a
 * core spent and a log line each time. Instead the door closes
 * (evconnlistener_disable) for DOOR_PAUSE_MIN ms, doubling up to
 * DOOR_PAUSE_MAX while the failures go on, and a timer opens it again.
 * The clients waiting meanwhile are told: a spare descriptor, kept open for
 * this, is closed to accept each (at most DOOR_REFUSE_BURST a pause), send
 * the door's refusal and close it, as nginx and libuv do. One log line per
 * DOOR_LOG_EVERY seconds, with counts. Any other accept error pauses the
 * same way (without refusals): if it lasts, it would spin too.
 *
 * libevent gives an error callback the accept callback's argument, which
 * evhttp takes for its own listener: doors are found by their listener, in
 * a list of the loop thread's (two at most: TCP and HTTP). */
#define DOOR_PAUSE_MIN 100   /* ms */
#define DOOR_PAUSE_MAX 1000  /* ms */
#define DOOR_REFUSE_BURST 64 /* waiting clients refused per pause */
#define DOOR_LOG_EVERY 10.0  /* seconds between log lines */

struct door {
	struct evconnlistener *l; /* the listener */
	const char *name;         /* "tcp" or "http", for the log */
	const char *refusal;      /* what a client refused for want of descriptors
				   * is sent (static) */
	int spare;                /* a descriptor kept for refusing, or -1 */
	struct event *reopen_ev;  /* ends a pause */
	int pause_ms;             /* the last pause */
	double paused_at;         /* when it began */
	double logged_at;         /* when the last line was logged */
	unsigned pauses, refused; /* since that line */
	struct door *next;        /* in doors */
};

static struct door *doors; /* the loop thread's listeners' doors */

static struct door *door_of(const struct evconnlistener *l)
{
	struct door *d = doors;

	while (d && d->l != l)
		d = d->next;
	return d;
}

static void door_reopen_cb(evutil_socket_t fd, short what, void *arg)
{
	struct door *d = arg;

	(void)fd, (void)what;
	if (d->spare < 0)
		d->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	evconnlistener_enable(d->l);
}

/* Accept the waiting clients with the spare descriptor's room and refuse
 * them: their number. */
static unsigned door_refuse_waiting(struct door *d)
{
	unsigned n = 0;
	int fd;

	if (d->spare < 0)
		return 0;
	close(d->spare);
	while (n < DOOR_REFUSE_BURST &&
	       (fd = accept(evconnlistener_get_fd(d->l), NULL, NULL)) >= 0) {
		net_send_refusal(fd, d->refusal);
		close(fd);
		n++;
	}
	/* -1 when a worker took the room meanwhile: door_reopen_cb tries again. */
	d->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	return n;
}

static void door_error_cb(struct evconnlistener *l, void *arg)
{
	int err = EVUTIL_SOCKET_ERROR();
	struct door *d = door_of(l);
	double now = monotime_now();
	struct timeval pause;

	(void)arg;
	if (!d) {
		log_msg(LOG_ERROR, "accept failed: %s", strerror(err));
		return;
	}
	if (err == EMFILE || err == ENFILE)
		d->refused += door_refuse_waiting(d);
	/* A failure soon after the last pause ended: the shortage lasts. */
	if (now - d->paused_at < 2.0 * DOOR_PAUSE_MAX / 1000)
		d->pause_ms = d->pause_ms * 2 < DOOR_PAUSE_MAX ? d->pause_ms * 2 : DOOR_PAUSE_MAX;
	else
		d->pause_ms = DOOR_PAUSE_MIN;
	d->paused_at = now;
	d->pauses++;
	evconnlistener_disable(l);
	pause = (struct timeval){ d->pause_ms / 1000, d->pause_ms % 1000 * 1000 };
	evtimer_add(d->reopen_ev, &pause);
	if (now - d->logged_at >= DOOR_LOG_EVERY) {
		log_msg(LOG_ERROR,
			"%s: accept failed: %s; not accepting for %d ms (%u pauses and %u "
			"clients refused since the last report)",
			d->name, strerror(err), d->pause_ms, d->pauses, d->refused);
		d->logged_at = now;
		d->pauses = d->refused = 0;
	}
}

/* Give l a door (net_listen's). */
static void door_new(struct evconnlistener *l, const char *name, const char *refusal)
{
	struct door *d = xcalloc(1, sizeof(*d));

	d->l = l;
	d->name = name;
	d->refusal = refusal;
	d->spare = open("/dev/null", O_RDONLY | O_CLOEXEC);
	d->reopen_ev = evtimer_new(evconnlistener_get_base(l), door_reopen_cb, d);
	d->paused_at = d->logged_at = -1e9; /* long ago */
	d->next = doors;
	doors = d;
	evconnlistener_set_error_cb(l, door_error_cb);
}

void net_listener_forget(struct evconnlistener *l)
{
	struct door **p = &doors;

	while (*p && (*p)->l != l)
		p = &(*p)->next;
	if (!*p)
		return;
	struct door *d = *p;

	*p = d->next;
	evconnlistener_set_error_cb(l, NULL);
	event_free(d->reopen_ev);
	if (d->spare >= 0)
		close(d->spare);
	free(d);
}

void net_listener_free(struct evconnlistener *l)
{
	net_listener_forget(l);
	evconnlistener_free(l);
}

struct evconnlistener *net_listen(struct event_base *base, const char *spec, const char *name,
				  const char *refusal, evconnlistener_cb cb, void *arg,
				  char *bound, size_t boundlen)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	struct addrinfo *ai = NULL;
	struct sockaddr_storage ss;
	socklen_t sslen = sizeof(ss);
	struct evconnlistener *l;
	char host[256], port_text[8];
	int port, rc;

	if (listen_parse(spec, host, sizeof(host), &port) < 0) {
		log_msg(LOG_ERROR, "bad listen address '%s'", spec);
		return NULL;
	}
	snprintf(port_text, sizeof(port_text), "%d", port);
	if ((rc = getaddrinfo(host, port_text, &hints, &ai)) != 0) {
		log_msg(LOG_ERROR, "cannot resolve '%s': %s", host, gai_strerror(rc));
		return NULL;
	}
	l = evconnlistener_new_bind(base, cb, arg, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE,
				    1024, ai->ai_addr, (int)ai->ai_addrlen);
	freeaddrinfo(ai);
	if (!l) {
		log_msg(LOG_ERROR, "cannot listen on %s: %s", spec, strerror(errno));
		return NULL;
	}
	snprintf(bound, boundlen, "%s", spec);
	if (getsockname(evconnlistener_get_fd(l), (struct sockaddr *)&ss, &sslen) == 0)
		net_format_peer((struct sockaddr *)&ss, bound, boundlen);
	door_new(l, name, refusal);
	return l;
}
