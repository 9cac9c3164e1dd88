/* quintet: command line, then the event loop. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "game.h"
#include "gtp.h"
#include "net.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: quintet [OPTION]...\n"
		"One engine for Go, Gomoku, Ataxx, Flood and Mastermind, spoken to\n"
		"through a GTP v2 line protocol on standard input and output.\n"
		"\n"
		"  --protocol NAME   front end on stdin: gtp (default)\n"
		"  --seed N          seed for every random choice (default: from the clock)\n"
		"  --max-line BYTES  longest accepted command line (default %d)\n"
		"  -h, --help        show this help and exit\n"
		"  -V, --version     show the version and exit\n"
		"\n"
		"Attach it to a GUI (Sabaki, GoGui) with the engine command \"quintet\".\n"
		"The protocol reference is PROTOCOL.md, installed in %s.\n",
		NET_DEFAULT_MAX_LINE, DATADIR);
}

static int parse_args(int argc, char **argv, struct net_options *opt)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "protocol", required_argument, NULL, 'p' },
		{ "seed", required_argument, NULL, 's' },
		{ "max-line", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	long value;
	int ch;

	while ((ch = getopt_long(argc, argv, "hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(stdout);
			exit(0);
		case 'V':
			printf("quintet %s\n", PACKAGE_VERSION);
			exit(0);
		case 'p':
			if (strcmp(optarg, "gtp") != 0) {
				fprintf(stderr, "quintet: unknown protocol '%s'\n", optarg);
				return -1;
			}
			break;
		case 's':
			if (gtp_parse_int(optarg, 0, __LONG_MAX__, &value) < 0) {
				fprintf(stderr, "quintet: --seed needs a non-negative integer\n");
				return -1;
			}
			opt->seed = (uint64_t)value;
			break;
		case 'm':
			if (gtp_parse_int(optarg, 64, 64L << 20, &value) < 0) {
				fprintf(stderr, "quintet: --max-line needs 64..67108864\n");
				return -1;
			}
			opt->max_line = (size_t)value;
			break;
		default:
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "quintet: unexpected argument '%s'\n", argv[optind]);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct net_options opt = {
		.max_line = NET_DEFAULT_MAX_LINE,
		.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32),
	};

	if (parse_args(argc, argv, &opt) < 0) {
		fputs("Try 'quintet --help'.\n", stderr);
		return 2;
	}
	return net_run_stdio(&opt);
}
