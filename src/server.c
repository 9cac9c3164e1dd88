/* The server's top (server.h): the doors opened and closed, SIGINT and
 * SIGTERM's shutdown within NET_SHUTDOWN_GRACE, SIGHUP's reload of the
 * configuration on a short-work worker, and the order in which everything
 * is freed. The sessions themselves are net's (net_conn.h). */
#define _GNU_SOURCE /* SCHED_RESET_ON_FORK */
#include "server.h"

#include <errno.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfg.h"
#include "http.h"
#include "log.h"
#include "net_conn.h"
#include "net_listen.h"
#include "util/monotime.h"
#include "util/xalloc.h"

/* What a server handles: SIGINT and SIGTERM stop it, SIGHUP reloads. */
static const int server_signals[3] = { SIGINT, SIGTERM, SIGHUP };

/* The running server with what starts and stops it. */
struct server_ctl {
	struct server srv;                /* the sessions' server (net_conn.h) */
	struct evconnlistener *listener;  /* TCP mode, until shutdown */
	struct http_server *http;         /* --http's server, or NULL */
	struct event *signals[3];         /* server_signals' */
	struct event *grace_ev;           /* shutdown deadline */
	bool reloading;                   /* a SIGHUP reload job is in flight */
};

static void grace_cb(evutil_socket_t fd, short what, void *arg)
{
	struct server *srv = arg;

	(void)fd, (void)what;
	log_msg(LOG_WARN, "shutdown: %d sessions still busy (a reply or a final job such as an "
			  "autosave) after %d s, closing them", srv->nconns, NET_REPLY_GRACE);
	event_base_loopexit(srv->base, NULL);
}

/* Stop accepting; let in-flight replies finish and every session's final
 * job (its autosave) run, then close every session. All within
 * NET_REPLY_GRACE; the process exits by NET_SHUTDOWN_GRACE whatever runs. */
static void server_stop(struct server_ctl *ctl)
{
	struct server *srv = &ctl->srv;
	struct timeval grace = { NET_REPLY_GRACE, 0 };

	if (srv->stopping)
		return;
	srv->stopping = true;
	srv->stop_time = monotime_now();
	if (ctl->listener) {
		net_listener_free(ctl->listener);
		ctl->listener = NULL;
	}
	if (ctl->http)
		http_stop_accepting(ctl->http);
	net_close_sessions(srv);
	ctl->grace_ev = evtimer_new(srv->base, grace_cb, srv);
	evtimer_add(ctl->grace_ev, &grace);
	net_check_done(srv);
}

/* A configuration being read on a short-work worker (SIGHUP). */
struct reload_job {
	struct server_ctl *ctl; /* to apply it to */
	struct config *cfg;    /* the result, or NULL */
	char err[CFG_ERRLEN];  /* why not */
};

/* Worker thread: parse the file (libyaml may take long on a hostile one). */
static void reload_run(void *arg)
{
	struct reload_job *r = arg;

	r->cfg = r->ctl->srv.opt.reload(r->err, sizeof(r->err));
}

/* Loop thread: new sessions and new games get the file as it is now; a
 * bad file is refused and the old configuration stays. */
static void reload_done(void *arg, bool ran)
{
	struct reload_job *r = arg;
	struct server *srv = &r->ctl->srv;
	struct config *cfg = r->cfg;

	r->ctl->reloading = false;
	if (!ran || !cfg) {
		log_msg(LOG_ERROR, "SIGHUP: configuration not reloaded: %s",
			ran ? r->err : "shutting down");
		if (cfg)
			cfg_unref(cfg);
		free(r);
		return;
	}
	free(r);
	/* opt.reload has logged each key that changed, and which wait for a
	 * restart (listen, data_dir, the workers' settings). */
	cfg_set_current(cfg);
	srv->opt.max_line = (size_t)cfg->server.max_line;
	srv->opt.max_connections = cfg->server.max_connections;
	srv->opt.idle_timeout = cfg->server.idle_timeout;
	net_options_caps(&srv->opt, cfg);
	if (srv->opt.apply_log_level)
		srv->opt.apply_log_level(cfg, !srv->stdio);
	log_msg(LOG_INFO, "SIGHUP: configuration reloaded from %s", cfg->source);
	cfg_unref(cfg);
}

static void server_reload(struct server_ctl *ctl)
{
	struct server *srv = &ctl->srv;
	struct reload_job *r;

	if (!srv->opt.reload) {
		log_msg(LOG_ERROR, "SIGHUP: configuration not reloaded: no configuration file");
		return;
	}
	if (ctl->reloading) {
		log_msg(LOG_WARN, "SIGHUP: a reload is already in progress");
		return;
	}
	r = xcalloc(1, sizeof(*r));
	r->ctl = ctl;
	ctl->reloading = true;
	worker_submit(srv->pools[FE_QUEUE_SHORT], &(struct worker_item){ .run = reload_run,
							      .done = reload_done, .arg = r });
}

static void signal_cb(evutil_socket_t sig, short what, void *arg)
{
	struct server_ctl *ctl = arg;

	(void)what;
	if (sig == SIGHUP) {
		server_reload(ctl);
		return;
	}
	log_msg(LOG_INFO, "%s: shutting down", sig == SIGINT ? "SIGINT" : "SIGTERM");
	server_stop(ctl);
}

/* epoll refuses regular files and /dev/null; poll takes any descriptor. */
static bool epoll_can_watch(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

static struct event_base *make_base(bool stdio, int in_fd, int out_fd)
{
	struct event_config *cfg = event_config_new();

	if (!cfg)
		return NULL;
	if (stdio && !(epoll_can_watch(in_fd) && epoll_can_watch(out_fd)))
		event_config_avoid_method(cfg, "epoll");
	struct event_base *base = event_base_new_with_config(cfg);
	event_config_free(cfg);
	return base;
}

static void add_signals(struct server_ctl *ctl)
{
	for (int i = 0; i < 3; i++) {
		ctl->signals[i] = evsignal_new(ctl->srv.base, server_signals[i], signal_cb, ctl);
		evsignal_add(ctl->signals[i], NULL);
	}
}

/* Free everything; when a job overran the shutdown deadline its
 * connection and the loop stay allocated: the process is exiting. */
static void server_free(struct server_ctl *ctl)
{
	net_free_sessions(&ctl->srv); /* may exit, when a job overran the deadline */
	http_free(ctl->http); /* after the sessions: it owns their sockets */
	if (ctl->listener)
		net_listener_free(ctl->listener);
	/* Freeing a signal's event puts back its default action, which for all
	 * three is to die: a SIGTERM repeated during the last of the shutdown
	 * (the exit's leak check takes a while under a sanitizer) would turn
	 * an orderly exit 0 into death by signal. The shutdown is under way:
	 * they are ignored from here on. */
	for (int i = 0; i < 3; i++)
		if (ctl->signals[i]) {
			event_free(ctl->signals[i]);
			signal(server_signals[i], SIG_IGN);
		}
	if (ctl->grace_ev)
		event_free(ctl->grace_ev);
	event_base_free(ctl->srv.base);
}

/* Open the doors opt asks for: 0, or -1 (logged) if one cannot open. */
static int start_doors(struct server_ctl *ctl, const struct net_options *opt)
{
	struct server *srv = &ctl->srv;

	if (opt->listen && !(ctl->listener = net_tcp_listen(srv)))
		return -1;
	if (opt->http &&
	    !(ctl->http = http_start(srv->base, opt->http, srv, srv->pools[FE_QUEUE_SHORT])))
		return -1;
	if (srv->stdio)
		return net_stdio_start(srv);
	return 0;
}

/* With server.loop_priority (10 as shipped), the loop thread (this one)
 * goes ahead of every ordinary thread when serving, searches and other
 * programs alike: a command is read the moment it arrives (a niced search
 * kept it waiting for the end of its slice, milliseconds). Only this
 * thread: the pools, started before, stay ordinary, and
 * SCHED_RESET_ON_FORK starts any thread it makes later as an ordinary one.
 * Without CAP_SYS_NICE or a real-time limit (RLIMIT_RTPRIO, systemd's
 * LimitRTPRIO=) it is refused: an info line (the shipped default is only
 * a wish), and the loop runs at normal priority as before. */
static void raise_loop(const struct server *srv)
{
	int prio = srv->opt.loop_priority;

	if (prio <= 0 || srv->stdio)
		return;
#ifdef SCHED_RESET_ON_FORK
	struct sched_param param = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &param) == 0)
		return;
	log_msg(LOG_INFO, "server.loop_priority %d refused (%s): the event loop runs at normal "
		"priority (LimitRTPRIO= or ulimit -r allows it)", prio, strerror(errno));
#else
	log_msg(LOG_INFO, "server.loop_priority: no real-time scheduling here; the event loop "
		"runs at normal priority");
#endif
}

int server_run(const struct net_options *opt)
{
	struct server_ctl ctl = { .srv = { .opt = *opt } };
	struct server *srv = &ctl.srv;
	int rc;

	signal(SIGPIPE, SIG_IGN);
	TAILQ_INIT(&srv->conns);
	TAILQ_INIT(&srv->slots);
	if (!srv->opt.frontend)
		srv->opt.frontend = &frontend_gtp;
	evthread_use_pthreads();
	if (!srv->opt.in_fd && !srv->opt.out_fd)
		srv->opt.out_fd = STDOUT_FILENO; /* and in_fd stays STDIN_FILENO */
	srv->stdio = !opt->listen && !opt->http;
	srv->base = make_base(srv->stdio, srv->opt.in_fd, srv->opt.out_fd);
	if (!srv->base) {
		log_msg(LOG_ERROR, "cannot create the event loop");
		return 1;
	}
	/* Signals first: "listening on" tells scripts the daemon is up, and a
	 * SIGHUP sent on reading it must reload, not kill (its default). */
	add_signals(&ctl);
	rc = net_start_pools(srv);
	if (rc == 0) {
		raise_loop(srv);
		rc = start_doors(&ctl, opt);
	}
	if (rc == 0)
		event_base_dispatch(srv->base);
	server_free(&ctl);
	return rc == 0 ? 0 : 1;
}
