/* The configuration's keys, one row each (as redis's config table): the
 * parser, the unknown-key lists, --dump-config and its help comments and
 * SIGHUP's report all walk these rows, so a key is added here once.
 *
 * Rows are in --dump-config's order, a section's rows together; a
 * section's unknown-key list names its children in this order. Defaults
 * are the shipped file's (cfg_internal.h says why they are not here).
 * games: is one row of its own: per-game keys come from each game's
 * game_ops (cfg_games.c). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cfg_internal.h"

#define AT(member) offsetof(struct config, member)
#define TEXT(member) AT(member), sizeof(((struct config *)0)->member)
#define NUM(member) AT(member), 0

static const char *const log_levels[] = { "error", "warn", "info", "debug", NULL };
static const char *const backends[] = { "sqlite", "postgresql", NULL };
static const char *const search_policies[] = { "idle", "nice", NULL };

const struct cfg_key cfg_keys[] = {
	{ "default_game", CFG_STRING, TEXT(default_game), 0, 0, NULL, AT(at_default_game),
	  CFG_LIVE, "the game a new session plays" },

	{ "server.listen", CFG_LISTEN, TEXT(server.listen), 0, 0, NULL, 0, CFG_RESTART,
	  "[HOST:]PORT the daemon listens on with --daemon ([::1]:7077 for IPv6)" },
	{ "server.max_connections", CFG_INT, NUM(server.max_connections), 1, 1000000, NULL, 0,
	  CFG_LIVE, "client connections at once (TCP, WebSocket and HTTP); one more is refused" },
	{ "server.max_line", CFG_LONG, NUM(server.max_line), 64, 64L << 20, NULL, 0, CFG_LIVE,
	  "longest command line in bytes; a longer one gets \"? line too long\"" },
	{ "server.idle_timeout", CFG_INT, NUM(server.idle_timeout), 0, 1000000, NULL, 0, CFG_LIVE,
	  "seconds without a command before a session is closed; 0 = never" },
	{ "server.workers", CFG_INT, NUM(server.workers), 0, 256, NULL, 0, CFG_RESTART,
	  "threads for slow commands (genmove, analysis); 0 = one per core" },
	{ "server.log_level", CFG_LOG_LEVEL, NUM(server.log_level), 0, 0, log_levels, 0,
	  CFG_LIVE, "error, warn, info or debug (stdin mode logs warnings only)" },
	{ "server.max_move_time", CFG_REAL, NUM(server.max_move_time), 0.001, 86400, NULL, 0,
	  CFG_LIVE, "seconds any genmove may take, whatever its level" },
	{ "server.max_command_time", CFG_REAL, NUM(server.max_command_time), 0.001, 86400, NULL,
	  0, CFG_LIVE, "seconds a slow command may run after its line arrived, queueing included" },
	{ "server.max_command_nodes", CFG_LONG, NUM(server.max_command_nodes), 0,
	  1000000000000000L, NULL, 0, CFG_LIVE, "nodes a slow command may search; 0 = no cap" },
	{ "server.short_workers", CFG_INT, NUM(server.short_workers), 1, 64, NULL, 0, CFG_RESTART,
	  "threads for short blocking work (files, saves, SIGHUP's reading of this file)" },
	{ "server.db_workers", CFG_INT, NUM(server.db_workers), 1, 64, NULL, 0, CFG_RESTART,
	  "threads for the players' database and password hashing" },
	{ "server.jobs_per_address", CFG_INT, NUM(server.jobs_per_address), 0, 256, NULL, 0,
	  CFG_RESTART, "searches one client address may run at once; 0 = all workers but one" },
	{ "server.worker_nice", CFG_INT, NUM(server.worker_nice), 0, 19, NULL, 0, CFG_RESTART,
	  "nice value of the worker threads when serving TCP" },
	{ "server.search_policy", CFG_WORD, TEXT(server.search_policy), 0, 0, search_policies, 0,
	  CFG_RESTART, "search workers when serving TCP: idle (SCHED_IDLE) or nice (worker_nice)" },
	{ "server.loop_priority", CFG_INT, NUM(server.loop_priority), 0, 99, NULL, 0, CFG_RESTART,
	  "real-time (SCHED_FIFO) priority of the event loop when serving TCP; 0 = normal" },
	{ "server.max_connections_per_address", CFG_INT, NUM(server.max_connections_per_address),
	  1, 1000000, NULL, 0, CFG_LIVE, "connections one client address may hold at once" },
	{ "server.max_queue", CFG_INT, NUM(server.max_queue), 1, 1000000, NULL, 0, CFG_LIVE,
	  "jobs waiting for a worker, per pool; beyond it \"? server busy\"" },
	{ "server.write_timeout", CFG_INT, NUM(server.write_timeout), 1, 1000000, NULL, 0,
	  CFG_LIVE, "seconds a client may leave its output unread before it is dropped" },
	{ "server.max_output", CFG_LONG, NUM(server.max_output), 65536, 1L << 30, NULL, 0,
	  CFG_LIVE, "bytes of unread output before a client is dropped" },
	{ "server.http", CFG_LISTEN_OR_NULL, TEXT(server.http), 0, 0, NULL, 0, CFG_RESTART,
	  "[HOST:]PORT of the web page and its WebSocket; null = no HTTP server" },
	{ "server.http_root", CFG_STRING_OR_NULL, TEXT(server.http_root), 0, 0, NULL, 0,
	  CFG_RESTART, "directory of the page's static files; null = the installed page" },
	{ "server.http_origins", CFG_ORIGINS, TEXT(server.http_origins), 0, 0, NULL, 0,
	  CFG_RESTART, "Origins a WebSocket may come from besides the daemon's own; \"*\" = any" },
	{ "server.http_ping", CFG_INT, NUM(server.http_ping), 0, 86400, NULL, 0, CFG_RESTART,
	  "seconds between WebSocket pings; 0 = none" },
	{ "server.http_request_timeout", CFG_INT, NUM(server.http_request_timeout), 0, 86400,
	  NULL, 0, CFG_RESTART, "seconds a plain HTTP request has to arrive whole; 0 = no limit" },

	{ "storage.data_dir", CFG_STRING, TEXT(storage.data_dir), 0, 0, NULL, 0, CFG_RESTART,
	  "the server's files (saves; TCP clients' files in its files/)" },
	{ "storage.stdin_autosave", CFG_BOOL, NUM(storage.stdin_autosave), 0, 0, NULL, 0,
	  CFG_RESTART, "autosave the stdin session's unfinished game when its input ends" },
	{ "storage.backend", CFG_WORD, TEXT(storage.backend), 0, 0, backends, 0, CFG_RESTART,
	  "the players' database: sqlite or postgresql" },
	{ "storage.database", CFG_STRING, TEXT(storage.database), 0, 0, NULL, 0, CFG_RESTART,
	  "the SQLite file, relative to data_dir unless absolute" },
	{ "storage.postgresql.conninfo", CFG_TEXT, TEXT(storage.conninfo), 0, 0, NULL, 0,
	  CFG_RESTART, "libpq's connection string; empty: libpq's defaults and PG* variables" },
	{ "storage.max_saves", CFG_INT, NUM(storage.max_saves), 1, 1000000, NULL, 0, CFG_LIVE,
	  "saves one player may keep, the autosave included" },
	{ "storage.max_files", CFG_INT, NUM(storage.max_files), 1, 100000000, NULL, 0, CFG_LIVE,
	  "regular files TCP clients may keep in data_dir/files/" },
	{ "storage.max_files_bytes", CFG_LONG, NUM(storage.max_files_bytes), 1, 1L << 50, NULL, 0,
	  CFG_LIVE, "bytes those files may hold in all" },
	{ "storage.timeout", CFG_REAL, NUM(storage.timeout), 0.1, 3600, NULL, 0, CFG_RESTART,
	  "seconds any one database call may wait" },

	{ "accounts.password_ops", CFG_INT, NUM(accounts.password_ops), 2, 100, NULL, 0, CFG_RESTART,
	  "Argon2id passes per password hash" },
	{ "accounts.password_mem_mib", CFG_INT, NUM(accounts.password_mem_mib), 64, 4096, NULL, 0,
	  CFG_RESTART, "Argon2id memory per password hash, MiB" },
	{ "accounts.max_login_failures", CFG_INT, NUM(accounts.max_login_failures), 1, 1000000,
	  NULL, 0, CFG_RESTART, "failed logins per name or address within 15 minutes" },
	{ "accounts.max_accounts", CFG_INT, NUM(accounts.max_accounts), 1, 1000000000, NULL, 0,
	  CFG_RESTART, "accounts register may create in all" },
	{ "accounts.token_days", CFG_INT, NUM(accounts.token_days), 1, 3650, NULL, 0, CFG_RESTART,
	  "days a session token (login_token) lasts unused" },

	{ "games", CFG_GAMES, 0, 0, 0, 0, NULL, 0, CFG_LIVE, "one section per game" },
};

const size_t cfg_nkeys = sizeof(cfg_keys) / sizeof(cfg_keys[0]);

#define LEVEL(member) offsetof(struct game_level, member), 0

/* Which of these a level may give depends on its algorithm: each game
 * lists them by algorithm (game.h, struct game_algorithm). */
const struct cfg_key cfg_level_keys[CFG_LEVEL_KEYS] = {
	{ "playouts", CFG_LONG, LEVEL(playouts), 1, (double)LONG_MAX, NULL, 0, CFG_LIVE,
	  "simulations per move" },
	{ "depth", CFG_INT, LEVEL(depth), 1, 1000, NULL, 0, CFG_LIVE, "search depth in plies" },
	{ "nodes", CFG_LONG, LEVEL(nodes), 1, (double)LONG_MAX, NULL, 0, CFG_LIVE,
	  "nodes searched per move" },
	{ "time", CFG_REAL, LEVEL(seconds), 0.001, 86400, NULL, 0, CFG_LIVE, "seconds per move" },
	{ "randomness", CFG_REAL, LEVEL(randomness), 0, 1, NULL, 0, CFG_LIVE,
	  "the chance of a random move instead" },
	{ "threads", CFG_INT, LEVEL(threads), 1, 256, NULL, 0, CFG_LIVE, "search threads" },
	{ "resign", CFG_REAL, LEVEL(resign), 0, 1, NULL, 0, CFG_LIVE,
	  "resign below this win rate; 0 = never" },
	{ "memory", CFG_LONG, LEVEL(memory), 1, 1L << 20, NULL, 0, CFG_LIVE,
	  "MiB of search tree" },
	{ "hash", CFG_INT, LEVEL(hash_mb), 1, 4096, NULL, 0, CFG_LIVE,
	  "MiB of transposition table" },
	{ "ponder", CFG_BOOL, LEVEL(ponder), 0, 0, NULL, 0, CFG_LIVE,
	  "think on the opponent's time (stdin sessions)" },
	{ "follow_clock", CFG_BOOL, LEVEL(follow_clock), 0, 0, NULL, 0, CFG_LIVE,
	  "under a clock, the clock alone limits the move" },
};

const struct cfg_key *cfg_key_find(const char *path)
{
	for (size_t i = 0; i < cfg_nkeys; i++)
		if (!strcmp(cfg_keys[i].path, path))
			return &cfg_keys[i];
	return NULL;
}

/* The name of row's child of section (its next path component) in out,
 * or false when the row is not under section. */
static bool child_of(const char *section, const char *path, char *out, size_t len)
{
	size_t slen = strlen(section);

	if (slen) {
		if (strncmp(path, section, slen) != 0 || path[slen] != '.')
			return false;
		path += slen + 1;
	}
	size_t n = strcspn(path, ".");
	if (n >= len)
		return false;
	memcpy(out, path, n);
	out[n] = '\0';
	return true;
}

void cfg_key_children(const char *section, char *out, size_t len)
{
	char name[64], prev[64];
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < cfg_nkeys && used < len; i++) {
		if (!child_of(section, cfg_keys[i].path, name, sizeof(name)))
			continue;
		bool seen = false;
		/* each name once: a subsection has several rows */
		for (size_t k = 0; k < i && !seen; k++)
			seen = child_of(section, cfg_keys[k].path, prev, sizeof(prev)) &&
			       !strcmp(prev, name);
		if (!seen)
			used += (size_t)snprintf(out + used, len - used, "%s%s", used ? ", " : "",
						 name);
	}
}

bool cfg_is_section(const char *path)
{
	size_t len = strlen(path);

	for (size_t i = 0; i < cfg_nkeys; i++)
		if (!strncmp(cfg_keys[i].path, path, len) && cfg_keys[i].path[len] == '.')
			return true;
	return false;
}

bool cfg_needs_restart(const char *path)
{
	const struct cfg_key *k = cfg_key_find(path);

	return k && k->reload == CFG_RESTART;
}
