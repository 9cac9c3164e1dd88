/* quintet: command line and configuration, then the event loop. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pwd.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cfg.h"
#include "config.h"
#include "gtp.h"
#include "log.h"
#include "net.h"
#include "server.h"
#include "store/accounts.h"
#include "util/files.h"
#include "store/saves.h"
#include "frontend.h"
#include "http.h"
#include "util/listen.h"

/* Command-line settings that override the configuration file, kept so a
 * SIGHUP reload applies them again. NULL / -1 = not given. */
struct overrides {
	const char *config;     /* --config */
	const char *listen;     /* --listen */
	const char *http;       /* --http */
	const char *http_root;  /* --http-root */
	bool daemon;            /* --daemon: listen on server.listen */
	const char *data_dir;   /* --data-dir */
	const char *game;       /* --game */
	const char *level;      /* --level */
	const char *user;       /* --user: the stdin session's owner of saves */
	int workers;            /* --workers */
	int max_connections;    /* --max-connections */
	int idle_timeout;       /* --idle-timeout */
	long max_line;          /* --max-line */
	int log_level;          /* --log-level */
	bool check, dump;       /* --check-config, --dump-config */
	const struct frontend_ops *frontend; /* --protocol, NULL = gtp */
};

static struct overrides ov = { .workers = -1, .max_connections = -1, .idle_timeout = -1,
			       .max_line = -1, .log_level = -1 };

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: quintet [OPTION]...\n"
		"One engine for Go, Gomoku, Ataxx, Flood and Mastermind, spoken to\n"
		"through a GTP v2 line protocol on standard input and output, or over\n"
		"TCP with --listen or --daemon.\n"
		"\n"
		"  --config FILE           configuration file (default: $QUINTET_CONFIG,\n"
		"                          else %s/quintet.yaml if present,\n"
		"                          else the built-in defaults)\n"
		"  --check-config FILE     validate FILE and exit: 0 if good, 2 if not\n"
		"  --dump-config           print the effective configuration and exit\n"
		"  --listen [HOST:]PORT    serve TCP clients (IPv4 or [IPv6]; host\n"
		"                          defaults to 127.0.0.1; port 0 picks one)\n"
		"  --daemon                serve TCP on the configured server.listen\n"
		"                          (and HTTP on server.http, if set), in the\n"
		"                          foreground: no fork, for systemd and the like\n"
		"  --http [HOST:]PORT      serve the web page and its WebSocket (/ws)\n"
		"                          over HTTP (with or without --listen)\n"
		"  --http-root DIR         the web page's directory (default:\n"
		"                          %s/web, or when that is not\n"
		"                          installed the source tree's web/)\n"
		"  --game NAME             the game new sessions play\n"
		"  --level NAME            the AI level new games start at (of --game's\n"
		"                          game, else of every game with that level)\n"
		"  --workers N             threads for slow commands (0: one per core)\n"
		"  --max-connections N     TCP sessions at once\n"
		"  --idle-timeout SECONDS  close TCP sessions idle that long; 0 never\n"
		"  --max-line BYTES        longest accepted command line\n"
		"  --data-dir DIR          the server's data: save files in\n"
		"                          DIR/saves/OWNER/; TCP clients' files\n"
		"                          (loadsgf, printsgf) in DIR/files/, plain\n"
		"                          names only\n"
		"  --user NAME             whose saves the stdin session's are\n"
		"                          (default: the login name; TCP sessions\n"
		"                          are guests, who cannot save); with it or\n"
		"                          --data-dir, an unfinished game on stdin\n"
		"                          is autosaved when input ends\n"
		"  --log-level LEVEL       error, warn, info or debug (default: warn on\n"
		"                          stdin, the configured level when serving TCP)\n"
		"  --protocol NAME         the protocol on stdin or on --listen's port:\n"
		"                          gtp (default), uai (the Universal Ataxx\n"
		"                          Interface, for Ataxx tools such as cuteataxx)\n"
		"                          or gomocup (the Gomocup/Piskvork brain\n"
		"                          protocol, for Gomoku managers)\n"
		"  --seed N                seed for every random choice (default: clock)\n"
		"  -h, --help              show this help and exit\n"
		"  -V, --version           show the version and exit\n"
		"\n"
		"Command-line settings override the configuration file's.\n"
		"Attach it to a GUI (Sabaki, GoGui) with the engine command \"quintet\".\n"
		"Typed by hand (or through nc), the command help lists the current\n"
		"game's commands, one line each.\n"
		"The protocol reference is PROTOCOL.md, installed in %s.\n",
		SYSCONFDIR, DATADIR, DATADIR);
}

static int int_option(const char *name, long min, long max, long *out)
{
	if (gtp_parse_int(optarg, min, max, out) == 0)
		return 0;
	fprintf(stderr, "quintet: --%s needs an integer from %ld to %ld\n", name, min, max);
	return -1;
}

enum { OPT_PROTOCOL = 256, OPT_SEED, OPT_MAX_LINE, OPT_LISTEN, OPT_WORKERS,
       OPT_MAX_CONNECTIONS, OPT_IDLE_TIMEOUT, OPT_LOG_LEVEL, OPT_DATA_DIR, OPT_CONFIG,
       OPT_CHECK_CONFIG, OPT_DUMP_CONFIG, OPT_DAEMON, OPT_GAME, OPT_LEVEL, OPT_USER,
       OPT_HTTP, OPT_HTTP_ROOT };

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "protocol", required_argument, NULL, OPT_PROTOCOL },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "max-line", required_argument, NULL, OPT_MAX_LINE },
	{ "listen", required_argument, NULL, OPT_LISTEN },
	{ "http", required_argument, NULL, OPT_HTTP },
	{ "http-root", required_argument, NULL, OPT_HTTP_ROOT },
	{ "daemon", no_argument, NULL, OPT_DAEMON },
	{ "workers", required_argument, NULL, OPT_WORKERS },
	{ "max-connections", required_argument, NULL, OPT_MAX_CONNECTIONS },
	{ "idle-timeout", required_argument, NULL, OPT_IDLE_TIMEOUT },
	{ "log-level", required_argument, NULL, OPT_LOG_LEVEL },
	{ "data-dir", required_argument, NULL, OPT_DATA_DIR },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "check-config", required_argument, NULL, OPT_CHECK_CONFIG },
	{ "dump-config", no_argument, NULL, OPT_DUMP_CONFIG },
	{ "game", required_argument, NULL, OPT_GAME },
	{ "level", required_argument, NULL, OPT_LEVEL },
	{ "user", required_argument, NULL, OPT_USER },
	{ NULL, 0, NULL, 0 },
};

/* --listen and --http: an address. */
static int set_address(const char *flag, const char **out)
{
	char host[256];
	int port;

	if (listen_parse(optarg, host, sizeof(host), &port) == 0) {
		*out = optarg;
		return 0;
	}
	fprintf(stderr, "quintet: --%s needs [HOST:]PORT, e.g. 127.0.0.1:7077 or "
			"[::1]:7077\n", flag);
	return -1;
}

/* --http-root: a directory that exists (a missing one is an error here,
 * never a page of 404s later). */
static int set_http_root(void)
{
	const size_t size = sizeof(((struct cfg_server *)NULL)->http_root);
	struct stat st;

	if (strlen(optarg) >= size) {
		fprintf(stderr, "quintet: --http-root: longer than %zu bytes\n", size - 1);
		return -1;
	}
	if (stat(optarg, &st) < 0) {
		fprintf(stderr, "quintet: --http-root %s: %s\n", optarg, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "quintet: --http-root %s: not a directory\n", optarg);
		return -1;
	}
	ov.http_root = optarg;
	return 0;
}

static int set_log_level(void)
{
	enum log_level level;

	if (log_parse_level(optarg, &level) == 0) {
		ov.log_level = (int)level;
		return 0;
	}
	fprintf(stderr, "quintet: --log-level is error, warn, info or debug\n");
	return -1;
}

/* Options that take a number. */
static int apply_number_option(int ch, uint64_t *seed)
{
	long v;

	switch (ch) {
	case OPT_SEED:
		if (int_option("seed", 0, LONG_MAX, &v) < 0)
			return -1;
		*seed = (uint64_t)v;
		return 0;
	case OPT_MAX_LINE:
		return int_option("max-line", 64, 64L << 20, &ov.max_line);
	case OPT_WORKERS:
		if (int_option("workers", 0, 256, &v) < 0)
			return -1;
		ov.workers = (int)v;
		return 0;
	case OPT_MAX_CONNECTIONS:
		if (int_option("max-connections", 1, 1000000, &v) < 0)
			return -1;
		ov.max_connections = (int)v;
		return 0;
	case OPT_IDLE_TIMEOUT:
		if (int_option("idle-timeout", 0, 1000000, &v) < 0)
			return -1;
		ov.idle_timeout = (int)v;
		return 0;
	}
	return -1;
}

/* One option; 0, or -1 after printing why it is wrong. */
static int apply_option(int ch, uint64_t *seed)
{
	switch (ch) {
	case 'h':
		usage(stdout);
		exit(0);
	case 'V':
		printf("quintet %s\n", PACKAGE_VERSION);
		exit(0);
	case OPT_PROTOCOL:
		if ((ov.frontend = frontend_find(optarg)))
			return 0;
		fprintf(stderr, "quintet: unknown protocol '%s' (gtp, uai or gomocup)\n", optarg);
		return -1;
	case OPT_LISTEN:
		return set_address("listen", &ov.listen);
	case OPT_HTTP:
		return set_address("http", &ov.http);
	case OPT_HTTP_ROOT:
		return set_http_root();
	case OPT_DAEMON:
		ov.daemon = true;
		return 0;
	case OPT_LOG_LEVEL:
		return set_log_level();
	case OPT_DATA_DIR:
		ov.data_dir = optarg;
		return 0;
	case OPT_CONFIG:
		ov.config = optarg;
		return 0;
	case OPT_CHECK_CONFIG:
		ov.config = optarg;
		ov.check = true;
		return 0;
	case OPT_DUMP_CONFIG:
		ov.dump = true;
		return 0;
	case OPT_GAME:
		ov.game = optarg;
		return 0;
	case OPT_LEVEL:
		ov.level = optarg;
		return 0;
	case OPT_USER:
		if (saves_valid_name(optarg)) {
			ov.user = optarg;
			return 0;
		}
		fprintf(stderr, "quintet: --user needs a name of 1 to %d letters, digits, '_' "
				"or '-'\n", SAVES_NAME_MAX);
		return -1;
	default:
		return apply_number_option(ch, seed);
	}
}

static int parse_args(int argc, char **argv, uint64_t *seed)
{
	int ch;

	while ((ch = getopt_long(argc, argv, "hV", longopts, NULL)) != -1)
		if (apply_option(ch, seed) < 0)
			return -1;
	if (optind < argc) {
		fprintf(stderr, "quintet: unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	return 0;
}

/* --level: the starting level of --game's game, or without --game of every
 * game that has a level of that name (a referee's `game NAME` then keeps
 * it). 0, or -1 when no game has it. */
static int apply_level(struct config *cfg)
{
	int found = 0;

	if (ov.game)
		return cfg_set_default_level(cfg, ov.game, ov.level);
	for (int i = 0; i < cfg->ngames; i++)
		found += cfg_set_default_level(cfg, cfg->games[i].ops->name, ov.level) == 0;
	return found ? 0 : -1;
}

/* Lay the command line over a loaded configuration; 0, or -1 with err. */
static int apply_overrides(struct config *cfg, char *err, size_t errlen)
{
	if (ov.game) {
		const struct cfg_game *g = cfg_game(cfg, ov.game);

		if (!g || !g->enabled) {
			snprintf(err, errlen, "--game: %s game '%s'", g ? "disabled" : "unknown",
				 ov.game);
			return -1;
		}
		snprintf(cfg->default_game, sizeof(cfg->default_game), "%s", ov.game);
	}
	if (ov.level && apply_level(cfg) < 0) {
		if (ov.game)
			snprintf(err, errlen, "--level: %s has no level '%s'", ov.game, ov.level);
		else
			snprintf(err, errlen, "--level: no game has a level '%s'", ov.level);
		return -1;
	}
	if (ov.listen)
		snprintf(cfg->server.listen, sizeof(cfg->server.listen), "%s", ov.listen);
	if (ov.http)
		snprintf(cfg->server.http, sizeof(cfg->server.http), "%s", ov.http);
	if (ov.http_root)
		snprintf(cfg->server.http_root, sizeof(cfg->server.http_root), "%s", ov.http_root);
	if (ov.data_dir)
		snprintf(cfg->storage.data_dir, sizeof(cfg->storage.data_dir), "%s", ov.data_dir);
	if (ov.workers >= 0)
		cfg->server.workers = ov.workers;
	if (ov.max_connections >= 0)
		cfg->server.max_connections = ov.max_connections;
	if (ov.idle_timeout >= 0)
		cfg->server.idle_timeout = ov.idle_timeout;
	if (ov.max_line >= 0)
		cfg->server.max_line = ov.max_line;
	return 0;
}

/* Read the configuration the command line names (or the default one):
 * *as_read gets the file over the defaults as it is (one reference), and
 * the result is a copy with the command line laid over it. NULL with err
 * on any problem. */
static struct config *load_config(struct config **as_read, char *err, size_t errlen)
{
	const char *path = ov.config ? ov.config : cfg_default_path();
	struct config *file = cfg_load(path, err, errlen), *cfg;

	if (!file)
		return NULL;
	cfg = cfg_copy(file);
	if (apply_overrides(cfg, err, errlen) < 0) {
		cfg_unref(cfg);
		cfg_unref(file);
		return NULL;
	}
	*as_read = file;
	return cfg;
}

/* The file as last read, before the command line: what a reload compares
 * the new file with. Only main, then the reload jobs (one at a time), use it. */
static struct config *file_cfg;

/* The flag that overrides a key, when one was given; else NULL. */
static const char *overriding_flag(const char *path)
{
	const struct {
		const char *key, *flag;
		bool given;
	} flags[] = {
		{ "default_game", "--game", ov.game != NULL },
		{ "server.listen", "--listen", ov.listen != NULL },
		{ "server.http", "--http", ov.http != NULL },
		{ "server.http_root", "--http-root", ov.http_root != NULL },
		{ "server.workers", "--workers", ov.workers >= 0 },
		{ "server.max_connections", "--max-connections", ov.max_connections >= 0 },
		{ "server.idle_timeout", "--idle-timeout", ov.idle_timeout >= 0 },
		{ "server.max_line", "--max-line", ov.max_line >= 0 },
		{ "server.log_level", "--log-level", ov.log_level >= 0 },
		{ "storage.data_dir", "--data-dir", ov.data_dir != NULL },
	};
	char level_key[64];

	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (flags[i].given && !strcmp(path, flags[i].key))
			return flags[i].flag;
	for (int i = 0; ov.level && game_table[i]; i++) {
		snprintf(level_key, sizeof(level_key), "games.%s.default_level", game_table[i]->name);
		if (!strcmp(path, level_key) && (!ov.game || !strcmp(ov.game, game_table[i]->name)))
			return "--level";
	}
	return NULL;
}

/* cfg_diff_fn: one log line per key the reloaded file changed; arg
 * counts them. */
static void report_change(void *arg, const char *path, const char *old, const char *new)
{
	const char *flag = overriding_flag(path);
	char change[2300];

	++*(int *)arg;
	if (!old)
		snprintf(change, sizeof(change), "%s: added %s", path, new);
	else if (!new)
		snprintf(change, sizeof(change), "%s: removed", path);
	else
		snprintf(change, sizeof(change), "%s: %s -> %s", path, old, new);
	if (flag)
		log_msg(LOG_WARN, "SIGHUP: %s, but %s on the command line overrides it", change, flag);
	else if (cfg_needs_restart(path))
		log_msg(LOG_WARN, "SIGHUP: %s, which needs a restart", change);
	else
		log_msg(LOG_INFO, "SIGHUP: %s", change);
}

/* SIGHUP, on a short-work worker: the file again, and a line for each
 * key that changed since the last reading. */
static struct config *reload_config(char *err, size_t errlen)
{
	struct config *file, *cfg = load_config(&file, err, errlen);
	int changed = 0;

	if (!cfg)
		return NULL;
	cfg_diff(file_cfg, file, report_change, &changed);
	if (!changed)
		log_msg(LOG_INFO, "SIGHUP: no key changed");
	cfg_unref(file_cfg);
	file_cfg = file;
	return cfg;
}

static void set_log_level_from(const struct config *cfg, bool serving)
{
	if (ov.log_level >= 0)
		log_set_level((enum log_level)ov.log_level);
	else
		log_set_level(serving ? cfg->server.log_level : LOG_WARN);
}

/* The stdin session's owner: --user, else the login name when it is a
 * save name (else none: saves then answer "guests cannot save"). */
static const char *stdin_owner(void)
{
	static char login[SAVES_NAME_MAX + 1];
	const struct passwd *pw;

	if (ov.user)
		return ov.user;
	pw = getpwuid(geteuid());
	if (!pw || !pw->pw_name || !saves_valid_name(pw->pw_name))
		return NULL;
	snprintf(login, sizeof(login), "%s", pw->pw_name);
	return login;
}

/* Tests and benchmarks only, until accounts exist: one owner for every
 * TCP session (QUINTET_TEST_TCP_OWNER), so that saves, autosaves on
 * disconnect and idle timeout can be exercised over TCP. */
static const char *tcp_test_owner(void)
{
	const char *name = getenv("QUINTET_TEST_TCP_OWNER");

	return name && saves_valid_name(name) ? name : NULL;
}

/* The HTTP server's settings: --http, or server.http when serving TCP;
 * NULL for none. Fixed for the process (read at start only). A root that
 * does not exist (quintet is not installed, or server.http_root names a
 * missing directory) gives way to the source tree's web/ (http_file.h);
 * --http-root's was checked to exist, and has no stand-in. */
static const struct http_options *http_options(const struct config *cfg)
{
	static char address[sizeof(cfg->server.http)], root[sizeof(cfg->server.http_root)];
	static char origins[CFG_MAX_ORIGINS][sizeof(cfg->server.http_origins[0])];
	static const char *origin_list[CFG_MAX_ORIGINS + 1];
	static struct http_options o;
	const struct cfg_server *s = &cfg->server;

	if (!ov.http && !((ov.listen || ov.daemon) && s->http[0]))
		return NULL;
	snprintf(address, sizeof(address), "%s", s->http);
	snprintf(root, sizeof(root), "%s", s->http_root[0] ? s->http_root : DATADIR "/web");
	for (int i = 0; i < s->nhttp_origins; i++) {
		snprintf(origins[i], sizeof(origins[i]), "%s", s->http_origins[i]);
		origin_list[i] = origins[i];
	}
	origin_list[s->nhttp_origins] = NULL;
	o = (struct http_options){ .address = address, .root = root,
				   .source_tree = ov.http_root ? NULL : SRCDIR,
				   .origins = origin_list,
				   .ping_interval = s->http_ping,
				   .request_timeout = s->http_request_timeout };
	return &o;
}

static void fill_net_options(const struct config *cfg, struct net_options *opt)
{
	static char data_dir[sizeof(cfg->storage.data_dir)];

	long cores = sysconf(_SC_NPROCESSORS_ONLN);

	opt->listen = ov.listen || ov.daemon ? cfg->server.listen : NULL;
	opt->http = http_options(cfg);
	opt->max_line = (size_t)cfg->server.max_line;
	opt->max_connections = cfg->server.max_connections;
	opt->idle_timeout = cfg->server.idle_timeout;
	net_options_caps(opt, cfg);
	opt->workers = cfg->server.workers > 0 ? cfg->server.workers : cores > 0 ? (int)cores : 1;
	opt->short_workers = cfg->server.short_workers;
	opt->db_workers = cfg->server.db_workers;
	opt->worker_nice = cfg->server.worker_nice;
	opt->search_idle = !strcmp(cfg->server.search_policy, "idle");
	opt->loop_priority = cfg->server.loop_priority;
	opt->jobs_per_address = cfg->server.jobs_per_address;
	opt->files_dir = AT_FDCWD;
	snprintf(data_dir, sizeof(data_dir), "%s", cfg->storage.data_dir);
	opt->data_dir = data_dir; /* fixed for the process, as files_dir is */
	opt->owner = stdin_owner();
	/* An engine a GUI or a referee starts writes no file unless told to. */
	opt->stdin_autosave = cfg->storage.stdin_autosave || ov.user || ov.data_dir;
	opt->tcp_owner = tcp_test_owner();
	opt->reload = reload_config;
	opt->frontend = ov.frontend;
	opt->apply_log_level = set_log_level_from;
}

/* The players' database the configuration names (nothing is opened yet:
 * the first login or register does it, on a worker). NULL with err. */
static struct accounts *open_accounts(const struct config *cfg, char *err, size_t errlen)
{
	const struct cfg_storage *st = &cfg->storage;
	char path[sizeof(st->data_dir) + sizeof(st->database) + 2];
	struct accounts_options o = {
		.backend = st->backend,
		.target = st->conninfo,
		.opslimit = (unsigned long long)cfg->accounts.password_ops,
		.memlimit = (size_t)cfg->accounts.password_mem_mib << 20,
		.max_failures = (unsigned)cfg->accounts.max_login_failures,
		.max_accounts = cfg->accounts.max_accounts,
		.token_days = cfg->accounts.token_days,
		.data_dir = st->data_dir, /* the local spool's, for database outages */
		.timeout = st->timeout,
	};

	if (!strcmp(st->backend, "sqlite")) {
		if (st->database[0] == '/' || !st->data_dir[0])
			snprintf(path, sizeof(path), "%s", st->database);
		else
			snprintf(path, sizeof(path), "%s/%s", st->data_dir, st->database);
		o.target = path;
	}
	return accounts_new(&o, err, errlen);
}

int main(int argc, char **argv)
{
	struct net_options opt = { .seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) };
	char err[CFG_ERRLEN];

	if (parse_args(argc, argv, &opt.seed) < 0) {
		fputs("Try 'quintet --help'.\n", stderr);
		return 2;
	}
	struct config *cfg = load_config(&file_cfg, err, sizeof(err));
	if (!cfg) {
		fprintf(stderr, "quintet: %s\n", err);
		return 2;
	}
	if (ov.check || ov.dump) {
		struct strbuf out = STRBUF_INIT;

		if (ov.dump)
			cfg_dump(cfg, &out);
		else
			sb_printf(&out, "quintet: %s: configuration ok\n", cfg->source);
		fputs(sb_str(&out), stdout);
		sb_free(&out);
		cfg_unref(cfg);
		cfg_unref(file_cfg);
		return 0;
	}
	cfg_set_current(cfg);
	fill_net_options(cfg, &opt);
	set_log_level_from(cfg, opt.listen || opt.http);
	if ((opt.listen || opt.http) && files_open_dir(cfg->storage.data_dir, &opt.files_dir, err,
					 sizeof(err)) < 0) {
		fprintf(stderr, "quintet: %s\n", err);
		cfg_unref(cfg);
		cfg_unref(file_cfg);
		cfg_set_current(NULL);
		return 1;
	}
	if (!(opt.accounts = open_accounts(cfg, err, sizeof(err)))) {
		fprintf(stderr, "quintet: %s\n", err);
		if (opt.files_dir != AT_FDCWD)
			close(opt.files_dir);
		cfg_unref(cfg);
		cfg_set_current(NULL);
		return 1;
	}
	cfg_unref(cfg);
	int rc = server_run(&opt);
	accounts_free(opt.accounts);
	if (opt.files_dir != AT_FDCWD)
		close(opt.files_dir);
	cfg_set_current(NULL);
	cfg_unref(file_cfg);
	return rc;
}
