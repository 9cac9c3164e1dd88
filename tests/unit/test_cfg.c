/* Unit tests of the configuration: every kind of broken file gets its exact
 * message; the built-in defaults are the shipped quintet.yaml (conf/quintet.yaml and
 * each game's section, as the build writes it) byte for byte; a
 * user's file is laid over the defaults; every row of the key table
 * (cfg_table.c) takes its default and refuses what its limits do not;
 * --dump-config carries every key's help and loads back; a level key its
 * algorithm does not take is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfg.h"
#include "cfg_internal.h"

struct broken {
	const char *text;     /* the file */
	const char *expected; /* the exact error */
};

static const struct broken broken_files[] = {
	{ "servr:\n  workers: 2\n",
	  "t.yaml:1:1: servr: unknown key (expected one of default_game, server, storage, accounts, games)" },
	/* the whole list, however long (it was cut at 255 bytes) */
	{ "server:\n  bogus: 1\n",
	  "t.yaml:2:3: server.bogus: unknown key (expected one of listen, max_connections, "
	  "max_line, idle_timeout, workers, log_level, max_move_time, max_command_time, "
	  "max_command_nodes, short_workers, db_workers, jobs_per_address, worker_nice, "
	  "search_policy, loop_priority, max_connections_per_address, max_queue, write_timeout, "
	  "max_output, http, http_root, http_origins, http_ping, http_request_timeout)" },
	{ "server:\n  workers: 2\n  workers: 3\n",
	  "t.yaml:3:3: server.workers: duplicate key (first at line 2)" },
	{ "server:\n  workers: many\n",
	  "t.yaml:2:12: server.workers: expected an integer from 0 to 256, got \"many\"" },
	{ "server:\n  max_connections: 0\n",
	  "t.yaml:2:20: server.max_connections: expected an integer from 1 to 1000000, got \"0\"" },
	{ "server:\n  max_move_time: -1\n",
	  "t.yaml:2:18: server.max_move_time: expected a number from 0.001 to 86400, got \"-1\"" },
	{ "server:\n  max_output: 4096\n",
	  "t.yaml:2:15: server.max_output: expected an integer from 65536 to 1073741824, got \"4096\"" },
	{ "server:\n  max_queue: 0\n",
	  "t.yaml:2:14: server.max_queue: expected an integer from 1 to 1000000, got \"0\"" },
	{ "storage:\n  max_saves: 0\n",
	  "t.yaml:2:14: storage.max_saves: expected an integer from 1 to 1000000, got \"0\"" },
	{ "accounts:\n  max_login_failures: none\n",
	  "t.yaml:2:23: accounts.max_login_failures: expected an integer from 1 to 1000000, got \"none\"" },
	{ "accounts:\n  token_days: 0\n",
	  "t.yaml:2:15: accounts.token_days: expected an integer from 1 to 3650, got \"0\"" },
	{ "accounts:\n  token_days: 3651\n",
	  "t.yaml:2:15: accounts.token_days: expected an integer from 1 to 3650, got \"3651\"" },
	{ "server:\n  log_level: loud\n",
	  "t.yaml:2:14: server.log_level: expected one of error, warn, info, debug, got \"loud\"" },
	{ "server:\n  listen: nowhere\n",
	  "t.yaml:2:11: server.listen: expected [HOST:]PORT, got \"nowhere\"" },
	{ "server: [1, 2]\n", "t.yaml:1:9: server: expected a mapping, got a list" },
	{ "server:\n  workers: [1]\n",
	  "t.yaml:2:12: server.workers: expected a value, got a list" },
	{ "games:\n  go:\n    levels:\n      hard:\n        algorithm: random\n        playouts: lots\n",
	  "t.yaml:6:19: games.go.levels.hard.playouts: expected a positive integer, got \"lots\"" },
	{ "games:\n  go:\n    levels:\n      hard: {algorithm: alphazero}\n",
	  "t.yaml:4:25: games.go.levels.hard.algorithm: expected one of random, montecarlo, mcts, "
	  "mcts-light, got \"alphazero\"" },
	{ "games:\n  go:\n    levels:\n      huge: {playouts: 5}\n",
	  "t.yaml:4:13: games.go.levels.huge: missing key algorithm" },
	{ "games:\n  go:\n    levels:\n      huge: ~\n",
	  "t.yaml:4:7: games.go.levels.huge: no level named \"huge\" to remove (levels: easy, "
	  "medium, hard)" },
	{ "games:\n  go:\n    levels:\n      hard: {algorithm: random, speed: 2}\n",
	  "t.yaml:4:33: games.go.levels.hard.speed: unknown key (expected one of algorithm, "
	  "playouts, depth, nodes, time, randomness, threads, resign, memory, hash, ponder, "
	  "follow_clock)" },
	{ "games:\n  go:\n    levels:\n      \"two words\": {algorithm: random}\n",
	  "t.yaml:4:7: games.go.levels.two words: level names are 1 to 31 letters, digits, '-' "
	  "or '_'" },
	{ "games:\n  go:\n    sizes: [9, 13]\n",
	  "t.yaml:3:12: games.go.default_size: 19 is not among the allowed sizes" },
	{ "games:\n  go:\n    sizes: [9, 13]\n    default_size: 19\n",
	  "t.yaml:4:19: games.go.default_size: 19 is not among the allowed sizes" },
	{ "games:\n  go:\n    sizes: {min: 9, max: 50}\n",
	  "t.yaml:3:12: games.go.sizes: go does not accept size 50 (unacceptable size)" },
	{ "games:\n  go:\n    sizes: {min: 19, max: 9}\n",
	  "t.yaml:3:12: games.go.sizes: expected {min: A, max: B} with A <= B" },
	{ "games:\n  go:\n    default_level: brutal\n",
	  "t.yaml:3:20: games.go.default_level: no level named \"brutal\" (levels: easy, medium, "
	  "hard)" },
	{ "games:\n  go:\n    levels:\n      hard: null\n      novice: {algorithm: random}\n",
	  "t.yaml:4:7: games.go.default_level: no level named \"hard\" (levels: easy, medium, "
	  "novice)" },
	{ "games:\n  go:\n    komi: 5000\n",
	  "t.yaml:3:11: games.go.komi: expected a number from -1000 to 1000, got \"5000\"" },
	{ "games:\n  go:\n    default_rules: aga\n",
	  "t.yaml:3:20: games.go.default_rules: expected one of chinese, superko, tromp-taylor, "
	  "japanese, got \"aga\"" },
	{ "games:\n  go:\n    enabled: maybe\n",
	  "t.yaml:3:14: games.go.enabled: expected true or false, got \"maybe\"" },
	{ "games:\n  go:\n    enabled: false\n",
	  "t.yaml:3:14: games.go.enabled: go is the default_game" },
	{ "default_game: go\ngames:\n  go:\n    enabled: false\n",
	  "t.yaml:1:15: default_game: game \"go\" is disabled" },
	{ "default_game: chess\n", "t.yaml:1:15: default_game: no game named \"chess\"" },
	{ "", "t.yaml:1:1: empty configuration" },
	{ "# only a comment\n", "t.yaml:1:1: empty configuration" },
	{ "42\n", "t.yaml:1:1: expected a mapping, got a scalar" },
	{ "- a\n- b\n", "t.yaml:1:1: expected a mapping, got a list" },
	{ "server:\n\tworkers: 2\n",
	  "t.yaml:2:1: invalid YAML: found character that cannot start any token (a tab: YAML "
	  "indents with spaces only)" },
	{ "server:\n  listen: \"\xff\xfe\"\n",
	  "t.yaml:2:12: invalid YAML: invalid leading UTF-8 octet" },
	{ "server: {workers: 2\n", "t.yaml:2:1: invalid YAML: did not find expected ',' or '}'" },
	{ "a: 1\n---\nb: 2\n", "t.yaml:1:1: a: unknown key (expected one of default_game, server, "
			      "storage, accounts, games)" },
	{ "default_game: go\n---\ndefault_game: go\n", "t.yaml:2:1: more than one YAML document" },
	{ "x: &a [1]\ny: *a\n", "t.yaml:1:1: x: unknown key (expected one of default_game, "
			       "server, storage, accounts, games)" },
	/* Ten levels deep (the root counts), well within CFG_MAX_DEPTH: the
	 * usual errors. */
	{ "server:\n  workers: [[[[[[[[[2]]]]]]]]]\n",
	  "t.yaml:2:12: server.workers: expected a value, got a list" },
	{ "games:\n  go:\n    levels:\n      hard: {a: {b: {c: {d: {e: {f: 1}}}}}}\n",
	  "t.yaml:4:14: games.go.levels.hard.a: unknown key (expected one of algorithm, playouts, "
	  "depth, nodes, time, randomness, threads, resign, memory, hash, ponder, follow_clock)" },
	{ "[[[[[[[[[[\n", "t.yaml:2:1: invalid YAML: did not find expected node content" },
	{ "server:\n  search_policy: fifo\n",
	  "t.yaml:2:18: server.search_policy: expected one of idle, nice, got \"fifo\"" },
	{ "server:\n  search_policy: 1\n",
	  "t.yaml:2:18: server.search_policy: expected one of idle, nice, got \"1\"" },
	{ "server:\n  loop_priority: 100\n",
	  "t.yaml:2:18: server.loop_priority: expected an integer from 0 to 99, got \"100\"" },
	{ "server:\n  loop_priority: -1\n",
	  "t.yaml:2:18: server.loop_priority: expected an integer from 0 to 99, got \"-1\"" },
	{ "storage:\n  backend: mysql\n",
	  "t.yaml:2:12: storage.backend: expected one of sqlite, postgresql, got \"mysql\"" },
	{ "storage:\n  postgresql: {host: x}\n",
	  "t.yaml:2:16: storage.postgresql.host: unknown key (expected one of conninfo)" },
	{ "accounts:\n  password_ops: 1\n",
	  "t.yaml:2:17: accounts.password_ops: expected an integer from 2 to 100, got \"1\"" },
	{ "accounts:\n  password_mem_mib: 32\n",
	  "t.yaml:2:21: accounts.password_mem_mib: expected an integer from 64 to 4096, got \"32\"" },
};

static void test_broken_files(void **state)
{
	char err[CFG_ERRLEN];
	int bad = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(broken_files) / sizeof(broken_files[0]); i++) {
		const struct broken *b = &broken_files[i];

		err[0] = '\0';
		struct config *cfg = cfg_load_text(b->text, strlen(b->text), "t.yaml", err,
						   sizeof(err));
		if (cfg || strcmp(err, b->expected) != 0) {
			print_error("file %zu:\n%s\nexpected: %s\ngot:      %s\n", i, b->text,
				    b->expected, cfg ? "(accepted)" : err);
			bad++;
		}
		cfg_unref(cfg);
	}
	assert_int_equal(bad, 0);
}

/* An unknown game names every registered game, in table order. */
static void test_unknown_game(void **state)
{
	static const char text[] = "games:\n  chess: {}\n";
	char err[CFG_ERRLEN], expected[CFG_ERRLEN];
	int n = snprintf(expected, sizeof(expected),
			 "t.yaml:2:3: games.chess: unknown key (expected one of ");

	(void)state;
	for (int i = 0; game_table[i]; i++)
		n += snprintf(expected + n, sizeof(expected) - (size_t)n, "%s%s", i ? ", " : "",
			      game_table[i]->name);
	snprintf(expected + n, sizeof(expected) - (size_t)n, ")");
	assert_null(cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err)));
	assert_string_equal(err, expected);
}

static void test_huge_file(void **state)
{
	size_t len = 10u << 20;
	char *text = malloc(len), err[CFG_ERRLEN];

	(void)state;
	memset(text, '#', len);
	assert_null(cfg_load_text(text, len, "big.yaml", err, sizeof(err)));
	assert_string_equal(err, "big.yaml:1:1: file too large (more than 1048576 bytes)");
	free(text);
}

/* head, unit repeated n times, then tail; the caller frees it. */
static char *repeat(const char *head, const char *unit, size_t n, const char *tail)
{
	size_t hlen = strlen(head), ulen = strlen(unit), tlen = strlen(tail);
	char *text = malloc(hlen + ulen * n + tlen + 1);

	memcpy(text, head, hlen);
	for (size_t i = 0; i < n; i++)
		memcpy(text + hlen + i * ulen, unit, ulen);
	memcpy(text + hlen + ulen * n, tail, tlen + 1);
	return text;
}

/* The error loading text as t.yaml (static), or "(accepted)". */
static const char *load_error(const char *text)
{
	static char err[CFG_ERRLEN];
	struct config *cfg = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));

	if (cfg) {
		cfg_unref(cfg);
		return "(accepted)";
	}
	return err;
}

/* CFG_MAX_DEPTH levels pass the depth check (and fail as usual: these are
 * no configurations, some not even closed), one more is refused where it
 * starts: block lists ("- - - x"), flow lists under a key, flow mappings. */
static void test_nesting_limit(void **state)
{
	char *text;

	(void)state;
	assert_int_equal(CFG_MAX_DEPTH, 64);
	text = repeat("", "- ", 64, "x\n");
	assert_string_equal(load_error(text), "t.yaml:1:1: expected a mapping, got a list");
	free(text);
	text = repeat("", "- ", 65, "x\n");
	assert_string_equal(load_error(text), "t.yaml:1:129: nesting deeper than 64 levels");
	free(text);
	text = repeat("server: ", "[", 63, "\n"); /* the root mapping and 63 lists */
	assert_string_equal(load_error(text), "t.yaml:2:1: invalid YAML: did not find expected "
					      "node content");
	free(text);
	text = repeat("server: ", "[", 64, "\n");
	assert_string_equal(load_error(text), "t.yaml:1:72: nesting deeper than 64 levels");
	free(text);
	text = repeat("", "{a: ", 64, "1\n");
	assert_string_equal(load_error(text), "t.yaml:2:1: invalid YAML: did not find expected "
					      "',' or '}'");
	free(text);
	text = repeat("", "{a: ", 65, "1\n");
	assert_string_equal(load_error(text), "t.yaml:1:257: nesting deeper than 64 levels");
	free(text);
}

/* A hostile 40,000-deep flow list (libyaml alone takes seconds on it) and
 * block list stop at the limit; the test bounds no time, run-all does. */
static void test_deep_nesting(void **state)
{
	char *text;

	(void)state;
	text = repeat("", "[", 40000, "\n");
	assert_string_equal(load_error(text), "t.yaml:1:65: nesting deeper than 64 levels");
	free(text);
	text = repeat("", "- ", 40000, "x\n");
	assert_string_equal(load_error(text), "t.yaml:1:129: nesting deeper than 64 levels");
	free(text);
}

static void test_unreadable_file(void **state)
{
	char err[CFG_ERRLEN];

	(void)state;
	assert_null(cfg_load("/nonexistent/quintet.yaml", err, sizeof(err)));
	assert_string_equal(err, "/nonexistent/quintet.yaml: cannot open: No such file or directory");
	assert_null(cfg_load("/", err, sizeof(err)));
	assert_string_equal(err, "/: not a regular file");
	/* A FIFO is refused at once, never waited on. */
	char dir[] = "/tmp/quintet-cfg-XXXXXX", fifo[64];
	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof(fifo), "%s/fifo.yaml", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	alarm(10);
	assert_null(cfg_load(fifo, err, sizeof(err)));
	alarm(0);
	assert_non_null(strstr(err, "fifo.yaml: not a regular file"));
	unlink(fifo);
	rmdir(dir);
}

/* The compiled-in defaults are the shipped file, byte for byte, and loading
 * the file gives the same configuration as loading nothing. */
static void test_defaults_are_the_shipped_file(void **state)
{
	FILE *f = fopen(BUILDDIR "/quintet.yaml", "rb");
	static char file[1 << 20];
	char err[CFG_ERRLEN];
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	(void)state;
	assert_non_null(f);
	size_t n = fread(file, 1, sizeof(file) - 1, f);
	fclose(f);
	file[n] = '\0';
	assert_string_equal(cfg_default_text, file);
	struct config *builtin = cfg_load(NULL, err, sizeof(err));
	struct config *shipped = cfg_load(BUILDDIR "/quintet.yaml", err, sizeof(err));
	assert_non_null(builtin);
	assert_non_null(shipped);
	cfg_dump(builtin, &a);
	cfg_dump(shipped, &b);
	assert_string_equal(sb_str(&a), sb_str(&b));
	/* The daemon's loop at a real-time priority where allowed, its
	 * workers niced (bench/daemon.sh's searches section says why). */
	assert_int_equal(builtin->server.loop_priority, 10);
	assert_int_equal(builtin->server.worker_nice, 10);
	assert_string_equal(builtin->server.search_policy, "nice");
	cfg_unref(builtin);
	cfg_unref(shipped);
	sb_free(&a);
	sb_free(&b);
}

/* --dump-config's text loads back to the same configuration, whatever the
 * text values hold (found by fuzzing: an IPv6 listen address or a data
 * directory with ": " made a dump YAML refused). */
static void test_dump_loads_back(void **state)
{
	static const char text[] = "server:\n  listen: \"[::1]:7077\"\n"
				   "storage:\n  data_dir: \"a: b #c \\\"d\\\" \\\\e\\tf \"\n"
				   "  database: \"null\"\n"
				   "  postgresql: {conninfo: \"host='x' password=\\\"y\\\"\"}\n"
				   "games:\n  ataxx:\n    layout: corners 2\n";
	char err[CFG_ERRLEN];
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	(void)state;
	struct config *cfg = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));
	assert_non_null(cfg);
	assert_string_equal(cfg->storage.data_dir, "a: b #c \"d\" \\e\tf ");
	cfg_dump(cfg, &a);
	struct config *back = cfg_load_text(a.buf, a.len, "dump.yaml", err, sizeof(err));
	if (!back)
		fail_msg("%s\n%s", err, a.buf);
	cfg_dump(back, &b);
	assert_string_equal(sb_str(&a), sb_str(&b));
	assert_string_equal(back->server.listen, "[::1]:7077");
	assert_string_equal(back->storage.data_dir, cfg->storage.data_dir);
	assert_string_equal(back->storage.database, "null");
	assert_string_equal(back->storage.conninfo, "host='x' password=\"y\"");
	cfg_unref(cfg);
	cfg_unref(back);
	sb_free(&a);
	sb_free(&b);
}

/* A level's keys merge over the shipped level's; null removes a level. */
static void test_overlay_level_keys(void **state)
{
	static const char text[] = "games:\n  go:\n    levels:\n      hard: {playouts: 7}\n"
				   "      medium: null\n";
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));

	(void)state;
	assert_non_null(cfg);
	const struct cfg_game *go = cfg_game(cfg, "go");
	assert_int_equal(go->nlevels, 2);
	assert_int_equal(cfg_level_index(go, "medium"), -1);
	assert_int_equal(cfg_level_index(go, "hard"), 1);
	assert_string_equal(go->levels[1].algorithm, "mcts");
	assert_int_equal(go->levels[1].playouts, 7);
	assert_true(go->levels[1].seconds == 5);
	cfg_unref(cfg);
}

struct diff_log {
	char text[2048]; /* "path old new;" per call */
	size_t used;
};

static void collect(void *arg, const char *path, const char *old, const char *new)
{
	struct diff_log *d = arg;

	d->used += (size_t)snprintf(d->text + d->used, sizeof(d->text) - d->used, "%s %s %s;",
				    path, old ? old : "-", new ? new : "-");
}

/* cfg_diff names each changed, removed and added key; a copy is equal. */
static void test_diff(void **state)
{
	static const char text[] = "server:\n  idle_timeout: 9\ngames:\n  go:\n    komi: 0.5\n"
				   "    levels:\n      medium: ~\n      x: {algorithm: random}\n"
				   "      hard: {playouts: 7}\n";
	char err[CFG_ERRLEN];
	struct config *a = cfg_load(NULL, err, sizeof(err));
	struct config *b = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));
	struct config *copy = cfg_copy(b);
	struct diff_log d = { .used = 0 };

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	cfg_diff(b, copy, collect, &d);
	assert_int_equal(d.used, 0);
	cfg_diff(a, b, collect, &d);
	assert_string_equal(d.text,
			    "server.idle_timeout 3600 9;"
			    "games.go.komi 7.5 0.5;"
			    "games.go.levels.medium {algorithm: mcts, playouts: 3000, resign: 0.05} -;"
			    "games.go.levels.hard {algorithm: mcts, time: 5, threads: 2, resign: 0.08} "
			    "{algorithm: mcts, playouts: 7, time: 5, threads: 2, resign: 0.08};"
			    "games.go.levels.x - {algorithm: random};");
	cfg_unref(copy);
	cfg_unref(a);
	cfg_unref(b);
}

static void test_overlay(void **state)
{
	static const char text[] = "server:\n  workers: 3\n  search_policy: idle\n"
				   "  loop_priority: 5\n"
				   "games:\n  go:\n    sizes: [9, 13, 19]\n    komi: 6.5\n"
				   "    default_level: strong\n"
				   "    levels:\n      weak: {algorithm: random}\n"
				   "      strong: {algorithm: mcts, playouts: 100, time: 0.5,"
				   " threads: 2, resign: 0.1}\n";
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));

	(void)state;
	assert_non_null(cfg);
	assert_int_equal(cfg->server.workers, 3);
	assert_int_equal(cfg->server.max_connections, 1024); /* from the defaults */
	assert_string_equal(cfg->server.search_policy, "idle");
	assert_int_equal(cfg->server.loop_priority, 5);
	assert_int_equal(cfg->server.worker_nice, 10); /* from the defaults */
	const struct cfg_game *go = cfg_game(cfg, "go");
	assert_true(cfg_size_allowed(go, 13));
	assert_false(cfg_size_allowed(go, 11));
	/* levels merge: the shipped easy, medium and hard stay, in front */
	assert_int_equal(go->nlevels, 5);
	assert_string_equal(go->levels[go->default_level].name, "strong");
	assert_int_equal(go->levels[4].playouts, 100);
	assert_true(go->levels[4].seconds == 0.5);
	assert_int_equal(go->levels[4].threads, 2);
	assert_int_equal(cfg_level_index(go, "weak"), 3);
	assert_int_equal(cfg_level_index(go, "hard"), 2);
	assert_string_equal(go->settings[0].key, "komi");
	assert_string_equal(go->settings[0].value, "6.5");
	assert_int_equal(cfg_set_default_level(cfg, "go", "weak"), 0);
	assert_int_equal(cfg_set_default_level(cfg, "go", "nope"), -1);
	cfg_unref(cfg);
}

/* One level policy for every front end: players start at default_level,
 * tools (UAI, Gomocup) at the last level listed, and a --level choice
 * (cfg_set_default_level) is everyone's start. */
static void test_start_level_policy(void **state)
{
	const char *text = "games:\n  ataxx:\n    default_level: greedy\n";
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));

	(void)state;
	assert_non_null(cfg);
	const struct cfg_game *ax = cfg_game(cfg, "ataxx");
	int greedy = cfg_level_index(ax, "greedy"), medium = cfg_level_index(ax, "medium");
	assert_true(greedy >= 0 && medium >= 0);
	assert_int_equal(cfg_start_level(ax, CFG_FOR_PLAYERS), greedy);
	assert_int_equal(cfg_start_level(ax, CFG_FOR_TOOLS), ax->nlevels - 1);
	assert_string_equal(ax->levels[cfg_start_level(ax, CFG_FOR_TOOLS)].name, "hard");
	assert_int_equal(cfg_set_default_level(cfg, "ataxx", "medium"), 0);
	assert_int_equal(cfg_start_level(ax, CFG_FOR_PLAYERS), medium);
	assert_int_equal(cfg_start_level(ax, CFG_FOR_TOOLS), medium);
	assert_int_equal(cfg_start_level(NULL, CFG_FOR_TOOLS), -1);
	cfg_unref(cfg);
}

/* A file setting path (dotted, sections nested by indentation) to value. */
static void file_setting(char *out, size_t len, const char *path, const char *value)
{
	size_t used = 0;
	int depth = 0;

	for (const char *p = path;; depth++) {
		size_t n = strcspn(p, ".");

		used += (size_t)snprintf(out + used, len - used, "%*s%.*s:%s", 2 * depth, "",
					 (int)n, p, p[n] ? "\n" : " ");
		if (!p[n])
			break;
		p += n + 1;
	}
	snprintf(out + used, len - used, "%s\n", value);
}

/* The error of a file setting path to value, or "(accepted)". */
static const char *setting_error(const char *path, const char *value)
{
	char text[512];

	file_setting(text, sizeof(text), path, value);
	return load_error(text);
}

/* Whether err is an error at path ("t.yaml:L:C: path: ..."). */
static bool names_path(const char *err, const char *path)
{
	char want[160];

	snprintf(want, sizeof(want), ": %s: ", path);
	return !strncmp(err, "t.yaml:", 7) && strstr(err, want) != NULL;
}

/* Values outside a numeric row's limits: below min, above max. */
static void outside(const struct cfg_key *k, char *below, char *above, size_t len)
{
	if (k->type == CFG_REAL) {
		snprintf(below, len, "%.17g", k->min > 0 ? k->min / 2 : k->min - 1);
		snprintf(above, len, "%.17g", k->max * 2);
	} else {
		snprintf(below, len, "%.0f", k->min - 1);
		snprintf(above, len, "%.0f", k->max + 1);
	}
}

/* A value of the wrong kind for each type. */
static const char *wrong_value(const struct cfg_key *k)
{
	switch (k->type) {
	case CFG_ORIGINS:
		return "7";
	case CFG_WORD:
	case CFG_LOG_LEVEL:
		return "nonsense";
	case CFG_LISTEN:
	case CFG_LISTEN_OR_NULL:
		return "nowhere";
	case CFG_GAMES:
		return "[1]";
	default:
		return "[1, 2]";
	}
}

/* Every row of the table, generated from it: its default (the built-in
 * defaults' value, as dumped) is accepted and read back unchanged; a
 * value below its min, above its max or of the wrong kind is refused
 * with an error naming its path. */
static void test_every_row(void **state)
{
	char err[CFG_ERRLEN], below[64], above[64];
	struct config *builtin = cfg_load(NULL, err, sizeof(err));
	int bad = 0;

	(void)state;
	assert_non_null(builtin);
	assert_true(cfg_nkeys > 30);
	for (size_t i = 0; i < cfg_nkeys; i++) {
		const struct cfg_key *k = &cfg_keys[i];
		struct strbuf def = STRBUF_INIT, back = STRBUF_INIT;
		const char *e;

		if (k->type == CFG_GAMES)
			continue;
		cfg_put_value(&def, k, builtin);
		char text[512];
		file_setting(text, sizeof(text), k->path, sb_str(&def));
		struct config *cfg = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));
		if (!cfg) {
			print_error("%s: default %s refused: %s\n", k->path, sb_str(&def), err);
			bad++;
		} else {
			cfg_put_value(&back, k, cfg);
			if (strcmp(sb_str(&back), sb_str(&def)) != 0) {
				print_error("%s: %s read back as %s\n", k->path, sb_str(&def),
					    sb_str(&back));
				bad++;
			}
			cfg_unref(cfg);
		}
		sb_free(&def);
		sb_free(&back);
		if (k->type == CFG_INT || k->type == CFG_LONG || k->type == CFG_REAL) {
			outside(k, below, above, sizeof(below));
			if (!names_path(e = setting_error(k->path, below), k->path)) {
				print_error("%s: %s below min: %s\n", k->path, below, e);
				bad++;
			}
			if (!names_path(e = setting_error(k->path, above), k->path)) {
				print_error("%s: %s above max: %s\n", k->path, above, e);
				bad++;
			}
		}
		if (!names_path(e = setting_error(k->path, wrong_value(k)), k->path)) {
			print_error("%s: %s: %s\n", k->path, wrong_value(k), e);
			bad++;
		}
	}
	cfg_unref(builtin);
	assert_int_equal(bad, 0);
}

/* Each section's unknown-key error lists every key and subsection the
 * table has in it, in table order (the list is built here from the rows'
 * paths, not by the function under test). */
static void test_unknown_key_lists_section(void **state)
{
	static const char *const sections[] = { "", "server", "storage", "storage.postgresql",
						 "accounts" };
	char path[128], expected[CFG_ERRLEN];

	(void)state;
	for (size_t s = 0; s < sizeof(sections) / sizeof(sections[0]); s++) {
		const char *sec = sections[s];
		size_t slen = strlen(sec), used = 0;
		char last[64] = "";

		expected[0] = '\0';
		for (size_t i = 0; i < cfg_nkeys; i++) {
			const char *p = cfg_keys[i].path;
			char name[64];

			if (slen && (strncmp(p, sec, slen) || p[slen] != '.'))
				continue;
			p += slen ? slen + 1 : 0;
			snprintf(name, sizeof(name), "%.*s", (int)strcspn(p, "."), p);
			if (!strcmp(name, last))
				continue;
			snprintf(last, sizeof(last), "%s", name);
			used += (size_t)snprintf(expected + used, sizeof(expected) - used, "%s%s",
						 used ? ", " : "", name);
		}
		assert_true(used > 0);
		snprintf(path, sizeof(path), "%s%sbogus", sec, slen ? "." : "");
		const char *err = setting_error(path, "1");
		assert_true(names_path(err, path));
		assert_non_null(strstr(err, expected));
		assert_non_null(strstr(err, "unknown key (expected one of "));
	}
	/* the table's top level is the whole of it */
	assert_string_equal(setting_error("bogus", "1"),
			    "t.yaml:1:1: bogus: unknown key (expected one of default_game, server, "
			    "storage, accounts, games)");
	/* a dotted key is a key of its own, never a path into a section */
	assert_string_equal(load_error("\"server.workers\": 1\n"),
			    "t.yaml:1:1: server.workers: unknown key (expected one of default_game, "
			    "server, storage, accounts, games)");
}

/* SIGHUP's report: the keys read at start only are the table's restart
 * rows, exactly those the daemon reads once (main.c's fill_net_options,
 * open_accounts, the pools); the rest, and every games key, apply live. */
static void test_restart_keys(void **state)
{
	static const char *const restart[] = {
		"server.listen", "server.workers", "server.short_workers", "server.db_workers",
		"server.jobs_per_address", "server.worker_nice", "server.search_policy",
		"server.loop_priority", "server.http", "server.http_root",
		"server.http_origins", "server.http_ping", "server.http_request_timeout",
		"storage.data_dir", "storage.stdin_autosave", "storage.backend", "storage.database",
		"storage.postgresql.conninfo", "storage.timeout", "accounts.password_ops",
		"accounts.password_mem_mib", "accounts.max_login_failures", "accounts.max_accounts",
		"accounts.token_days",
	};
	size_t n = 0;

	(void)state;
	for (size_t i = 0; i < cfg_nkeys; i++) {
		bool listed = false;

		for (size_t r = 0; r < sizeof(restart) / sizeof(restart[0]); r++)
			listed |= !strcmp(restart[r], cfg_keys[i].path);
		assert_int_equal(cfg_needs_restart(cfg_keys[i].path), listed);
		n += listed;
	}
	assert_int_equal(n, sizeof(restart) / sizeof(restart[0]));
	assert_false(cfg_needs_restart("games.go.komi"));
	assert_false(cfg_needs_restart("games.go.levels.hard"));
	assert_false(cfg_needs_restart("server"));
}

/* --dump-config: every key with a value, and each game's levels, has its
 * help as a comment just above it (at its own indentation), a key read at start only says so, the levels
 * of each game name every algorithm's keys; the dump loads back to the
 * same dump. */
static void test_dump_help(void **state)
{
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load(NULL, err, sizeof(err));
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	const char *prev = NULL;
	int keys = 0, levels_sections = 0;

	(void)state;
	assert_non_null(cfg);
	cfg_dump(cfg, &a);
	char *text = strdup(sb_str(&a)), *save = NULL;
	bool in_levels = false;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t indent = strspn(line, " ");
		bool comment = line[indent] == '#';
		bool section = !comment && line[strlen(line) - 1] == ':';

		if (in_levels && indent >= 6 && !comment) {
			prev = line; /* a level: its keys are on levels' comment */
			continue;
		}
		in_levels = !strcmp(line + indent, "levels:");
		levels_sections += in_levels;
		if (!comment && (!section || in_levels)) {
			char want[16];

			snprintf(want, sizeof(want), "%*s# ", (int)indent, "");
			if (!prev || strncmp(prev, want, strlen(want)) != 0 ||
			    prev[strlen(want)] == '\0')
				fail_msg("no help above \"%s\"\n%s", line, sb_str(&a));
			keys++;
		}
		prev = line;
	}
	free(text);
	assert_true(keys > (int)cfg_nkeys);
	assert_int_equal(levels_sections, cfg->ngames);
	assert_non_null(strstr(sb_str(&a), "  # [HOST:]PORT the daemon listens on with --daemon "
					   "([::1]:7077 for IPv6) (read at start only)\n"
					   "  listen: 127.0.0.1:7077\n"));
	assert_non_null(strstr(sb_str(&a), "  # longest command line in bytes; a longer one gets "
					   "\"? line too long\"\n  max_line: 65536\n"));
	assert_non_null(strstr(sb_str(&a), "    # AI levels, weakest first; algorithms and their "
					   "keys: random (hash); greedy (hash); alphabeta (depth, "
					   "nodes, time, randomness, hash, follow_clock)\n"
					   "    levels:\n"));
	struct config *back = cfg_load_text(a.buf, a.len, "dump.yaml", err, sizeof(err));
	if (!back)
		fail_msg("%s\n%s", err, a.buf);
	cfg_dump(back, &b);
	assert_string_equal(sb_str(&a), sb_str(&b));
	cfg_unref(back);
	cfg_unref(cfg);
	sb_free(&a);
	sb_free(&b);
}

/* A level key its algorithm does not read is refused, naming the keys
 * the algorithm takes, wherever the key stands (before the algorithm,
 * or over a shipped level whose algorithm it keeps). */
static void test_level_key_meaningless(void **state)
{
	(void)state;
	assert_string_equal(
		load_error("games:\n  ataxx:\n    levels:\n      hard: {algorithm: alphabeta, "
			   "threads: 2}\n"),
		"t.yaml:4:36: games.ataxx.levels.hard.threads: alphabeta takes no 'threads' (its "
		"keys: depth, nodes, time, randomness, hash, follow_clock)");
	assert_string_equal(
		load_error("games:\n  gomoku:\n    levels:\n      deep:\n        playouts: 5\n"
			   "        algorithm: alphabeta\n"),
		"t.yaml:5:9: games.gomoku.levels.deep.playouts: alphabeta takes no 'playouts' (its "
		"keys: depth, nodes, time, randomness, hash, ponder, follow_clock)");
	assert_string_equal(load_error("games:\n  ataxx:\n    levels:\n      hard: {threads: 4}\n"),
			    "t.yaml:4:14: games.ataxx.levels.hard.threads: alphabeta takes no "
			    "'threads' (its keys: depth, nodes, time, randomness, hash, "
			    "follow_clock)");
	assert_string_equal(load_error("games:\n  flood:\n    levels:\n      r: {algorithm: random, "
				       "randomness: 0.5}\n"),
			    "t.yaml:4:30: games.flood.levels.r.randomness: random takes no "
			    "'randomness' (its keys: none)");
	/* a key given as 0 or false is given all the same */
	assert_string_equal(load_error("games:\n  go:\n    levels:\n      r: {algorithm: random, "
				       "ponder: false}\n"),
			    "t.yaml:4:30: games.go.levels.r.ponder: random takes no 'ponder' (its "
			    "keys: playouts, time, threads, memory, follow_clock)");
	assert_string_equal(load_error("games:\n  go:\n    levels:\n      m: {algorithm: "
				       "montecarlo, depth: 3}\n"),
			    "t.yaml:4:34: games.go.levels.m.depth: montecarlo takes no 'depth' (its "
			    "keys: playouts, time, randomness, threads, memory, follow_clock)");
}

/* A level given a new algorithm drops what it kept from the shipped level
 * that the new one does not take, so that its dump loads back. */
static void test_level_new_algorithm(void **state)
{
	static const char text[] = "games:\n  go:\n    levels:\n      hard: {algorithm: montecarlo}\n";
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load_text(text, strlen(text), "t.yaml", err, sizeof(err));
	struct strbuf a = STRBUF_INIT;

	(void)state;
	assert_non_null(cfg);
	const struct cfg_game *go = cfg_game(cfg, "go");
	int hard = cfg_level_index(go, "hard");
	assert_true(go->levels[hard].seconds == 5); /* montecarlo takes time and threads */
	assert_int_equal(go->levels[hard].threads, 2);
	assert_true(go->levels[hard].resign == 0); /* but not resign */
	cfg_dump(cfg, &a);
	assert_non_null(strstr(sb_str(&a), "      hard: {algorithm: montecarlo, time: 5, "
					   "threads: 2}\n"));
	struct config *back = cfg_load_text(a.buf, a.len, "dump.yaml", err, sizeof(err));
	if (!back)
		fail_msg("%s\n%s", err, a.buf);
	cfg_unref(back);
	cfg_unref(cfg);
	sb_free(&a);
}

/* A value of level key k that its limits accept. */
static const char *valid_level_value(const struct cfg_key *k)
{
	return k->type == CFG_BOOL ? "true" : k->type == CFG_REAL ? "0.5" : "2";
}

/* Generated from every game's algorithm table: each level key is
 * accepted by the algorithms that take it, refused by the others with
 * the message naming the keys they take. */
static void test_level_keys_of_every_algorithm(void **state)
{
	char text[256], expected[CFG_ERRLEN], list[CFG_LISTLEN];
	int bad = 0, tried = 0;

	(void)state;
	for (int g = 0; game_table[g]; g++) {
		const struct game_ops *ops = game_table[g];

		for (const struct game_algorithm *a = ops->algorithms; a && a->name; a++) {
			cfg_list_words(a->keys, list, sizeof(list));
			for (size_t i = 0; i < CFG_LEVEL_KEYS; i++) {
				const struct cfg_key *k = &cfg_level_keys[i];
				bool takes = false;

				for (int j = 0; a->keys && a->keys[j]; j++)
					takes |= !strcmp(a->keys[j], k->path);
				snprintf(text, sizeof(text),
					 "games:\n  %s:\n    levels:\n      x: {algorithm: %s, %s: %s}\n",
					 ops->name, a->name, k->path, valid_level_value(k));
				int col = 24 + (int)strlen(a->name);
				snprintf(expected, sizeof(expected),
					 "t.yaml:4:%d: games.%s.levels.x.%s: %s takes no '%s' (its keys: "
					 "%s)", col, ops->name, k->path, a->name, k->path,
					 *list ? list : "none");
				const char *err = load_error(text);
				if (strcmp(err, takes ? "(accepted)" : expected) != 0) {
					print_error("%s\n%s\n", text, err);
					bad++;
				}
				tried++;
			}
		}
	}
	assert_int_equal(bad, 0);
	assert_true(tried > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_broken_files),
		cmocka_unit_test(test_unknown_game),
		cmocka_unit_test(test_huge_file),
		cmocka_unit_test(test_nesting_limit),
		cmocka_unit_test(test_deep_nesting),
		cmocka_unit_test(test_unreadable_file),
		cmocka_unit_test(test_defaults_are_the_shipped_file),
		cmocka_unit_test(test_dump_loads_back),
		cmocka_unit_test(test_overlay),
		cmocka_unit_test(test_overlay_level_keys),
		cmocka_unit_test(test_start_level_policy),
		cmocka_unit_test(test_diff),
		cmocka_unit_test(test_every_row),
		cmocka_unit_test(test_unknown_key_lists_section),
		cmocka_unit_test(test_restart_keys),
		cmocka_unit_test(test_dump_help),
		cmocka_unit_test(test_level_key_meaningless),
		cmocka_unit_test(test_level_new_algorithm),
		cmocka_unit_test(test_level_keys_of_every_algorithm),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
