#include "net.h"

#include <arpa/inet.h>
#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfg.h"
#include "framer.h"
#include "gtp.h"
#include "log.h"
#include "session.h"
#include "util/listen.h"
#include "util/xalloc.h"
#include "worker.h"

#ifndef TAILQ_FOREACH_SAFE /* glibc's sys/queue.h lacks it */
#define TAILQ_FOREACH_SAFE(var, head, field, tvar)                            \
	for ((var) = TAILQ_FIRST(head); (var) && ((tvar) = TAILQ_NEXT(var, field), 1); \
	     (var) = (tvar))
#endif

/* Output buffered for a client beyond which its input is not read until the
 * client reads (back-pressure); and the input read ahead beyond a line. */
#define OUT_HIGH_WATER (256 * 1024)
#define IN_READ_AHEAD (16 * 1024)

struct server;

struct conn {
	struct server *srv;        /* owner */
	uint64_t id;               /* session id for logs */
	char peer[64];             /* "HOST:PORT", or "stdio" */
	bool stdio;                /* served on fd 0/1 */
	struct bufferevent *in;    /* input (and output for TCP) */
	struct bufferevent *out;   /* output: == in for TCP, fd 1 for stdio */
	struct line_framer framer; /* splits in's input */
	struct session *session;   /* the client's state */
	struct session_job *job;   /* slow command in flight, or NULL */
	struct strbuf line;        /* current input line */
	struct strbuf wire;        /* framed replies being produced */
	struct event *idle_ev;     /* idle timeout, TCP only */
	bool eof;                  /* no more input will come */
	bool closing;              /* close once output is flushed and no job runs */
	bool dead;                 /* transport failed: free when the job returns */
	TAILQ_ENTRY(conn) link;    /* in server.conns */
};

struct server {
	struct event_base *base;          /* the one loop */
	struct worker_pool *pool;         /* slow commands */
	struct evconnlistener *listener;  /* TCP mode, until shutdown */
	struct net_options opt;           /* limits */
	TAILQ_HEAD(, conn) conns;         /* live connections */
	int nconns;                       /* their number */
	uint64_t next_id;                 /* for conn ids */
	struct event *signals[3];         /* SIGINT, SIGTERM, SIGHUP */
	struct event *grace_ev;           /* shutdown deadline */
	bool stopping;                    /* shutting down */
};

static void conn_process(struct conn *c);

static size_t output_length(const struct conn *c)
{
	return evbuffer_get_length(bufferevent_get_output(c->out));
}

static void server_check_done(struct server *srv)
{
	if (srv->stopping && srv->nconns == 0)
		event_base_loopexit(srv->base, NULL);
}

static void conn_free(struct conn *c)
{
	struct server *srv = c->srv;

	log_msg(LOG_INFO, "session %llu closed (%s)", (unsigned long long)c->id, c->peer);
	TAILQ_REMOVE(&srv->conns, c, link);
	srv->nconns--;
	if (c->idle_ev)
		event_free(c->idle_ev);
	if (c->out != c->in)
		bufferevent_free(c->out);
	bufferevent_free(c->in);
	session_free(c->session);
	sb_free(&c->line);
	sb_free(&c->wire);
	free(c);
	if (srv->listener == NULL && !srv->stopping)
		event_base_loopexit(srv->base, NULL); /* stdio mode: its one session ended */
	server_check_done(srv);
}

/* Free c unless a job still refers to it. */
static void conn_drop(struct conn *c)
{
	c->dead = true;
	if (c->job)
		session_job_stop(c->job);
	else
		conn_free(c);
}

static void conn_maybe_close(struct conn *c)
{
	if (c->closing && !c->job && output_length(c) == 0)
		conn_free(c);
}

static void conn_touch(struct conn *c)
{
	if (c->idle_ev && c->srv->opt.idle_timeout > 0) {
		struct timeval tv = { c->srv->opt.idle_timeout, 0 };

		evtimer_add(c->idle_ev, &tv);
	}
}

static void conn_send(struct conn *c)
{
	if (c->wire.len > 0)
		bufferevent_write(c->out, c->wire.buf, c->wire.len);
	sb_reset(&c->wire);
}

/* Worker thread. c->job is set before the job is queued and only the loop
 * clears it, after this returns; the conn outlives its job (see dead). */
static void job_run(void *arg)
{
	struct conn *c = arg;

	session_job_run(c->job);
}

static void job_done(void *arg)
{
	struct conn *c = arg;
	struct session_job *job = c->job;

	c->job = NULL;
	if (c->dead) {
		session_job_free(job);
		conn_free(c);
		return;
	}
	session_job_finish(c->session, job, &c->wire);
	conn_send(c);
	conn_touch(c);
	conn_process(c);
}

static void conn_start_job(struct conn *c, struct session_job *job)
{
	c->job = job;
	if (c->idle_ev)
		evtimer_del(c->idle_ev);
	/* A TCP client that has gone, or a server going down, gets its answer
	 * now rather than at the end of the search. */
	if ((c->eof && !c->stdio) || c->srv->stopping)
		session_job_stop(job);
	worker_submit(c->srv->pool, job_run, job_done, c);
}

/* Handle one framed line; false when the connection must stop reading. */
static bool conn_handle(struct conn *c, enum framer_result r)
{
	struct session_job *job = NULL;

	if (r == FRAMER_TOO_LONG) {
		gtp_reply_too_long(&c->wire, c->line.buf, c->line.len);
		conn_send(c);
		return true;
	}
	if (log_enabled(LOG_DEBUG))
		log_msg(LOG_DEBUG, "session %llu <- %.200s", (unsigned long long)c->id,
			sb_str(&c->line));
	switch (session_handle_line(c->session, c->line.buf, c->line.len, &c->wire, &job)) {
	case SESSION_NONE:
		return true;
	case SESSION_JOB:
		conn_start_job(c, job);
		return false;
	case SESSION_QUIT:
		c->closing = true;
		conn_send(c);
		return false;
	case SESSION_REPLY:
		break;
	}
	conn_send(c);
	conn_touch(c);
	return true;
}

/* Answer buffered lines in order until a job starts, the input runs dry,
 * or the client stops reading its output. */
static void conn_process(struct conn *c)
{
	enum framer_result r;

	while (!c->job && !c->closing && !c->dead) {
		if (output_length(c) > OUT_HIGH_WATER) {
			bufferevent_disable(c->in, EV_READ);
			return;
		}
		r = framer_next(&c->framer, &c->line, c->eof);
		if (r == FRAMER_NONE) {
			if (c->eof)
				c->closing = true;
			break;
		}
		if (!conn_handle(c, r))
			break;
	}
	if (!c->eof && !c->closing && !c->dead)
		bufferevent_enable(c->in, EV_READ);
	conn_maybe_close(c);
}

static void conn_read_cb(struct bufferevent *bev, void *arg)
{
	(void)bev;
	conn_process(arg);
}

static void conn_write_cb(struct bufferevent *bev, void *arg)
{
	(void)bev;
	conn_process(arg);
}

static void conn_event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct conn *c = arg;

	if (what & BEV_EVENT_EOF && bev == c->in && !(what & BEV_EVENT_WRITING)) {
		c->eof = true;
		bufferevent_disable(c->in, EV_READ);
		if (c->job && !c->stdio)
			session_job_stop(c->job);
		conn_process(c);
		return;
	}
	if (what & (BEV_EVENT_ERROR | BEV_EVENT_EOF)) {
		log_msg(LOG_INFO, "session %llu: connection lost (%s)",
			(unsigned long long)c->id, strerror(EVUTIL_SOCKET_ERROR()));
		conn_drop(c);
	}
}

static void conn_idle_cb(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;

	(void)fd, (void)what;
	if (c->job)
		return;
	log_msg(LOG_INFO, "session %llu idle for %d s: closing", (unsigned long long)c->id,
		c->srv->opt.idle_timeout);
	conn_free(c);
}

static struct conn *conn_new(struct server *srv, struct bufferevent *in,
			     struct bufferevent *out, const char *peer)
{
	struct conn *c = xcalloc(1, sizeof(*c));

	c->srv = srv;
	c->id = ++srv->next_id;
	snprintf(c->peer, sizeof(c->peer), "%s", peer);
	c->in = in;
	c->out = out;
	c->framer.in = bufferevent_get_input(in);
	c->framer.max_line = srv->opt.max_line;
	c->session = session_new(srv->opt.seed + c->id - 1);
	bufferevent_setwatermark(in, EV_READ, 0, srv->opt.max_line + IN_READ_AHEAD);
	bufferevent_setcb(in, conn_read_cb, out == in ? conn_write_cb : NULL, conn_event_cb, c);
	if (out != in)
		bufferevent_setcb(out, NULL, conn_write_cb, conn_event_cb, c);
	TAILQ_INSERT_TAIL(&srv->conns, c, link);
	srv->nconns++;
	bufferevent_enable(in, EV_READ);
	bufferevent_enable(out, EV_WRITE);
	log_msg(LOG_INFO, "session %llu connected (%s)", (unsigned long long)c->id, peer);
	return c;
}

static void format_peer(const struct sockaddr *sa, char *out, size_t len)
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

static void refuse_busy(evutil_socket_t fd, const char *peer)
{
	static const char busy[] = "? server busy\n\n";

	log_msg(LOG_WARN, "refusing %s: too many connections", peer);
	if (send(fd, busy, sizeof(busy) - 1, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		log_msg(LOG_DEBUG, "busy reply to %s failed: %s", peer, strerror(errno));
	evutil_closesocket(fd);
}

static void accept_cb(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa,
		      int salen, void *arg)
{
	struct server *srv = arg;
	char peer[64];
	int one = 1;

	(void)l, (void)salen;
	format_peer(sa, peer, sizeof(peer));
	if (srv->nconns >= srv->opt.max_connections) {
		refuse_busy(fd, peer);
		return;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	struct bufferevent *bev = bufferevent_socket_new(srv->base, fd, BEV_OPT_CLOSE_ON_FREE);
	if (!bev) {
		evutil_closesocket(fd);
		return;
	}
	struct conn *c = conn_new(srv, bev, bev, peer);
	c->session->confine_files = true;
	c->idle_ev = evtimer_new(srv->base, conn_idle_cb, c);
	conn_touch(c);
}

static void accept_error_cb(struct evconnlistener *l, void *arg)
{
	(void)l, (void)arg;
	log_msg(LOG_ERROR, "accept failed: %s", strerror(EVUTIL_SOCKET_ERROR()));
}

static void grace_cb(evutil_socket_t fd, short what, void *arg)
{
	struct server *srv = arg;

	(void)fd, (void)what;
	log_msg(LOG_WARN, "shutdown: %d sessions still busy after %d s, closing them",
		srv->nconns, NET_SHUTDOWN_GRACE);
	event_base_loopexit(srv->base, NULL);
}

/* Stop accepting; let in-flight replies finish, then close every session. */
static void server_stop(struct server *srv)
{
	struct conn *c, *next;
	struct timeval grace = { NET_SHUTDOWN_GRACE, 0 };

	if (srv->stopping)
		return;
	srv->stopping = true;
	if (srv->listener) {
		evconnlistener_free(srv->listener);
		srv->listener = NULL;
	}
	TAILQ_FOREACH_SAFE(c, &srv->conns, link, next) {
		c->closing = true;
		bufferevent_disable(c->in, EV_READ);
		if (c->job)
			session_job_stop(c->job);
		conn_maybe_close(c);
	}
	srv->grace_ev = evtimer_new(srv->base, grace_cb, srv);
	evtimer_add(srv->grace_ev, &grace);
	server_check_done(srv);
}

/* SIGHUP: new sessions and new games get the file as it is now; a bad file
 * is refused and the old configuration stays. */
static void server_reload(struct server *srv)
{
	char err[CFG_ERRLEN];
	struct config *cfg = srv->opt.reload ? srv->opt.reload(err, sizeof(err)) : NULL;

	if (!cfg) {
		log_msg(LOG_ERROR, "SIGHUP: configuration not reloaded: %s",
			srv->opt.reload ? err : "no configuration file");
		return;
	}
	if (cfg->server.workers != cfg_current()->server.workers ||
	    strcmp(cfg->server.listen, cfg_current()->server.listen) != 0)
		log_msg(LOG_WARN, "SIGHUP: listen and workers change only at restart");
	cfg_set_current(cfg);
	srv->opt.max_line = (size_t)cfg->server.max_line;
	srv->opt.max_connections = cfg->server.max_connections;
	srv->opt.idle_timeout = cfg->server.idle_timeout;
	if (srv->opt.apply_log_level)
		srv->opt.apply_log_level(cfg, srv->listener != NULL);
	log_msg(LOG_INFO, "SIGHUP: configuration reloaded from %s", cfg->source);
	cfg_unref(cfg);
}

static void signal_cb(evutil_socket_t sig, short what, void *arg)
{
	struct server *srv = arg;

	(void)what;
	if (sig == SIGHUP) {
		server_reload(srv);
		return;
	}
	log_msg(LOG_INFO, "%s: shutting down", sig == SIGINT ? "SIGINT" : "SIGTERM");
	server_stop(srv);
}

/* epoll refuses regular files and /dev/null; poll takes any descriptor. */
static bool epoll_can_watch(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

static struct event_base *make_base(bool stdio)
{
	struct event_config *cfg = event_config_new();

	if (!cfg)
		return NULL;
	if (stdio && !(epoll_can_watch(STDIN_FILENO) && epoll_can_watch(STDOUT_FILENO)))
		event_config_avoid_method(cfg, "epoll");
	struct event_base *base = event_base_new_with_config(cfg);
	event_config_free(cfg);
	return base;
}

static int start_stdio(struct server *srv)
{
	struct bufferevent *in = bufferevent_socket_new(srv->base, STDIN_FILENO, 0);
	struct bufferevent *out = bufferevent_socket_new(srv->base, STDOUT_FILENO, 0);

	if (!in || !out) {
		if (in)
			bufferevent_free(in);
		if (out)
			bufferevent_free(out);
		return -1;
	}
	conn_new(srv, in, out, "stdio")->stdio = true;
	return 0;
}

static void print_bound_address(struct evconnlistener *l)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	char addr[80];

	if (getsockname(evconnlistener_get_fd(l), (struct sockaddr *)&ss, &len) < 0)
		return;
	format_peer((struct sockaddr *)&ss, addr, sizeof(addr));
	fprintf(stderr, "listening on %s\n", addr);
	log_msg(LOG_INFO, "listening on %s", addr);
}

static int start_listener(struct server *srv)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	struct addrinfo *ai = NULL;
	char host[256], port_text[8];
	int port, rc;

	if (listen_parse(srv->opt.listen, host, sizeof(host), &port) < 0) {
		log_msg(LOG_ERROR, "bad listen address '%s'", srv->opt.listen);
		return -1;
	}
	snprintf(port_text, sizeof(port_text), "%d", port);
	if ((rc = getaddrinfo(host, port_text, &hints, &ai)) != 0) {
		log_msg(LOG_ERROR, "cannot resolve '%s': %s", host, gai_strerror(rc));
		return -1;
	}
	srv->listener = evconnlistener_new_bind(srv->base, accept_cb, srv,
						LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE,
						1024, ai->ai_addr, (int)ai->ai_addrlen);
	freeaddrinfo(ai);
	if (!srv->listener) {
		log_msg(LOG_ERROR, "cannot listen on %s: %s", srv->opt.listen, strerror(errno));
		return -1;
	}
	evconnlistener_set_error_cb(srv->listener, accept_error_cb);
	print_bound_address(srv->listener);
	return 0;
}

static void add_signals(struct server *srv)
{
	const int sigs[3] = { SIGINT, SIGTERM, SIGHUP };

	for (int i = 0; i < 3; i++) {
		srv->signals[i] = evsignal_new(srv->base, sigs[i], signal_cb, srv);
		evsignal_add(srv->signals[i], NULL);
	}
}

static void server_free(struct server *srv)
{
	struct conn *c, *next;

	/* Workers first: their done() callbacks may free connections. */
	TAILQ_FOREACH(c, &srv->conns, link)
		if (c->job)
			session_job_stop(c->job);
	TAILQ_FOREACH(c, &srv->conns, link)
		c->dead = true;
	worker_pool_free(srv->pool);
	TAILQ_FOREACH_SAFE(c, &srv->conns, link, next)
		conn_free(c);
	if (srv->listener)
		evconnlistener_free(srv->listener);
	for (int i = 0; i < 3; i++)
		if (srv->signals[i])
			event_free(srv->signals[i]);
	if (srv->grace_ev)
		event_free(srv->grace_ev);
	event_base_free(srv->base);
}

int net_run(const struct net_options *opt)
{
	struct server srv = { .opt = *opt };
	int rc;

	signal(SIGPIPE, SIG_IGN);
	TAILQ_INIT(&srv.conns);
	evthread_use_pthreads();
	srv.base = make_base(opt->listen == NULL);
	if (!srv.base) {
		log_msg(LOG_ERROR, "cannot create the event loop");
		return 1;
	}
	srv.pool = worker_pool_new(srv.base, opt->workers > 0 ? opt->workers : 1);
	rc = srv.pool ? (opt->listen ? start_listener(&srv) : start_stdio(&srv)) : -1;
	if (rc == 0) {
		add_signals(&srv);
		event_base_dispatch(srv.base);
	}
	server_free(&srv);
	return rc == 0 ? 0 : 1;
}
