/* quintet: command line, then the event loop. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "gtp.h"
#include "log.h"
#include "net.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: quintet [OPTION]...\n"
		"One engine for Go, Gomoku, Ataxx, Flood and Mastermind, spoken to\n"
		"through a GTP v2 line protocol on standard input and output, or over\n"
		"TCP with --listen.\n"
		"\n"
		"  --listen [HOST:]PORT    serve TCP clients (IPv4 or [IPv6]; host\n"
		"                          defaults to 127.0.0.1; port 0 picks one)\n"
		"  --workers N             threads for slow commands (default: cores)\n"
		"  --max-connections N     TCP sessions at once (default %d)\n"
		"  --idle-timeout SECONDS  close TCP sessions idle that long; 0 never\n"
		"                          (default %d)\n"
		"  --max-line BYTES        longest accepted command line (default %d)\n"
		"  --data-dir DIR          where TCP clients' files (loadsgf, printsgf)\n"
		"                          live; they may name plain files only\n"
		"                          (default: the working directory)\n"
		"  --log-level LEVEL       error, warn, info or debug (default: warn on\n"
		"                          stdin, info with --listen)\n"
		"  --protocol NAME         front end on stdin: gtp (default)\n"
		"  --seed N                seed for every random choice (default: clock)\n"
		"  -h, --help              show this help and exit\n"
		"  -V, --version           show the version and exit\n"
		"\n"
		"Attach it to a GUI (Sabaki, GoGui) with the engine command \"quintet\".\n"
		"The protocol reference is PROTOCOL.md, installed in %s.\n",
		NET_DEFAULT_MAX_CONNECTIONS, NET_DEFAULT_IDLE_TIMEOUT, NET_DEFAULT_MAX_LINE,
		DATADIR);
}

static int int_option(const char *name, long min, long max, long *out)
{
	if (gtp_parse_int(optarg, min, max, out) == 0)
		return 0;
	fprintf(stderr, "quintet: --%s needs an integer from %ld to %ld\n", name, min, max);
	return -1;
}

enum { OPT_PROTOCOL = 256, OPT_SEED, OPT_MAX_LINE, OPT_LISTEN, OPT_WORKERS,
       OPT_MAX_CONNECTIONS, OPT_IDLE_TIMEOUT, OPT_LOG_LEVEL, OPT_DATA_DIR };

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "protocol", required_argument, NULL, OPT_PROTOCOL },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "max-line", required_argument, NULL, OPT_MAX_LINE },
	{ "listen", required_argument, NULL, OPT_LISTEN },
	{ "workers", required_argument, NULL, OPT_WORKERS },
	{ "max-connections", required_argument, NULL, OPT_MAX_CONNECTIONS },
	{ "idle-timeout", required_argument, NULL, OPT_IDLE_TIMEOUT },
	{ "log-level", required_argument, NULL, OPT_LOG_LEVEL },
	{ "data-dir", required_argument, NULL, OPT_DATA_DIR },
	{ NULL, 0, NULL, 0 },
};

/* One option; 0, or -1 after printing why it is wrong. */
static int apply_option(int ch, struct net_options *opt, bool *level_set)
{
	enum log_level level;
	long v;

	switch (ch) {
	case 'h':
		usage(stdout);
		exit(0);
	case 'V':
		printf("quintet %s\n", PACKAGE_VERSION);
		exit(0);
	case OPT_PROTOCOL:
		if (strcmp(optarg, "gtp") == 0)
			return 0;
		fprintf(stderr, "quintet: unknown protocol '%s'\n", optarg);
		return -1;
	case OPT_SEED:
		if (int_option("seed", 0, __LONG_MAX__, &v) < 0)
			return -1;
		opt->seed = (uint64_t)v;
		return 0;
	case OPT_MAX_LINE:
		if (int_option("max-line", 64, 64L << 20, &v) < 0)
			return -1;
		opt->max_line = (size_t)v;
		return 0;
	case OPT_LISTEN: {
		char host[256];
		int port;

		if (net_parse_listen(optarg, host, sizeof(host), &port) < 0) {
			fprintf(stderr, "quintet: --listen needs [HOST:]PORT, e.g. "
					"127.0.0.1:7077 or [::1]:7077\n");
			return -1;
		}
		opt->listen = optarg;
		return 0;
	}
	case OPT_WORKERS:
		if (int_option("workers", 1, 256, &v) < 0)
			return -1;
		opt->workers = (int)v;
		return 0;
	case OPT_MAX_CONNECTIONS:
		if (int_option("max-connections", 1, 1000000, &v) < 0)
			return -1;
		opt->max_connections = (int)v;
		return 0;
	case OPT_IDLE_TIMEOUT:
		if (int_option("idle-timeout", 0, 1000000, &v) < 0)
			return -1;
		opt->idle_timeout = (int)v;
		return 0;
	case OPT_DATA_DIR:
		opt->data_dir = optarg;
		return 0;
	case OPT_LOG_LEVEL:
		if (log_parse_level(optarg, &level) < 0) {
			fprintf(stderr, "quintet: --log-level is error, warn, info or debug\n");
			return -1;
		}
		log_set_level(level);
		*level_set = true;
		return 0;
	default:
		return -1;
	}
}

static int parse_args(int argc, char **argv, struct net_options *opt)
{
	bool level_set = false;
	int ch;

	while ((ch = getopt_long(argc, argv, "hV", longopts, NULL)) != -1)
		if (apply_option(ch, opt, &level_set) < 0)
			return -1;
	if (optind < argc) {
		fprintf(stderr, "quintet: unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	if (!level_set)
		log_set_level(opt->listen ? LOG_INFO : LOG_WARN);
	return 0;
}

int main(int argc, char **argv)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	struct net_options opt = {
		.max_line = NET_DEFAULT_MAX_LINE,
		.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32),
		.workers = cores > 0 ? (int)cores : 1,
		.max_connections = NET_DEFAULT_MAX_CONNECTIONS,
		.idle_timeout = NET_DEFAULT_IDLE_TIMEOUT,
		.data_dir = ".",
	};

	if (parse_args(argc, argv, &opt) < 0) {
		fputs("Try 'quintet --help'.\n", stderr);
		return 2;
	}
	return net_run(&opt);
}
