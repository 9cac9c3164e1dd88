/* The configuration: one YAML file (libyaml), validated into these structs.
 * Every default lives in the shipped file (conf/quintet.yaml and each
 * game's src/games/NAME/NAME.yaml, put together by the build), compiled in as the
 * built-in defaults; a user's file is laid over them, so it may give only
 * what it changes: a value or a list replaces the default's, a mapping
 * merges key by key at every level (a level added keeps the shipped ones;
 * a level given a null value is removed). Errors name file, line, column
 * and key path:
 *   quintet.yaml:12:7: games.go.levels.hard.playouts: expected a positive
 *   integer, got "lots"
 *
 * A struct config is immutable once loaded and reference-counted: sessions
 * keep the one they started with, and a SIGHUP reload replaces the current
 * one for new sessions. References are taken and dropped on the loop thread
 * only, but for a reload job's own configurations (main.c), which nothing
 * else holds while the job runs. */
#ifndef QUINTET_CFG_H
#define QUINTET_CFG_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "log.h"

#define CFG_MAX_GAMES 8
#define CFG_MAX_LEVELS 16
#define CFG_MAX_SIZES 32
#define CFG_MAX_SETTINGS 16
#define CFG_MAX_ORIGINS 16
#define CFG_MAX_FILE_BYTES (1 << 20)
#define CFG_MAX_DEPTH 64 /* nested mappings and lists, the root included */
#define CFG_ERRLEN 1024

struct cfg_mark {
	const char *file; /* file that set the value ("built-in defaults" or a path) */
	int line, col;    /* 1-based position of the value */
};

struct cfg_setting {
	char key[32];       /* a key of ops->options */
	char value[64];     /* its checked value, as text */
	struct cfg_mark at; /* where it was set */
};

struct cfg_game {
	const struct game_ops *ops;                    /* the game */
	bool enabled;                                  /* offered by game / list_games */
	int min_size, max_size;                        /* allowed sizes when nsizes == 0 */
	int sizes[CFG_MAX_SIZES];                      /* allowed sizes as a list */
	int nsizes;                                    /* entries in sizes, 0 = range */
	int default_size;                              /* size of a new game */
	char default_rules[32];                        /* rules of a new game, "" = game's */
	struct cfg_setting settings[CFG_MAX_SETTINGS]; /* game options */
	int nsettings;                                 /* entries in settings */
	struct game_level levels[CFG_MAX_LEVELS];      /* AI levels, in file order */
	int nlevels;                                   /* entries in levels */
	int default_level;                             /* index into levels */
	bool level_chosen;                             /* --level set default_level */
	char default_level_name[32];                   /* as written, checked at the end */
	struct cfg_mark at_size, at_sizes, at_rules, at_level, at_levels, at_enabled; /* for errors */
};

struct cfg_server {
	char listen[128];     /* [HOST:]PORT */
	int max_connections;  /* client connections at once (TCP, WebSocket, HTTP) */
	long max_line;        /* bytes */
	int idle_timeout;     /* seconds, 0 = never */
	int workers;          /* 0 = one per core */
	enum log_level log_level;
	double max_move_time; /* seconds */
	double max_command_time; /* seconds any slow command may run, from arrival */
	long max_command_nodes;  /* nodes any slow command may search; 0 = no cap */
	int short_workers;       /* threads for short blocking work (files) */
	int db_workers;          /* threads for the players' database */
	int jobs_per_address;    /* searches one client address may run at once;
				  * 0 = all workers but one (at least one) */
	int worker_nice;         /* nice value of workers when serving TCP */
	char search_policy[8];   /* "idle" (SCHED_IDLE) or "nice": the search
				  * workers' scheduling when serving TCP */
	int loop_priority;       /* SCHED_FIFO priority of the loop thread when
				  * serving TCP; 0 = normal scheduling */
	int max_connections_per_address; /* connections one client address may hold */
	int max_queue;           /* jobs waiting for a worker, per pool; more: busy */
	int write_timeout;       /* seconds a TCP client may leave output unread */
	long max_output;         /* bytes of unread output before a client is dropped */
	char http[128];          /* the HTTP server's [HOST:]PORT, "" = none */
	char http_root[1024];    /* its static files, "" = the installed web page */
	char http_origins[CFG_MAX_ORIGINS][256]; /* Origins a WebSocket may come
						  * from besides the page's host */
	int nhttp_origins;       /* entries in http_origins */
	int http_ping;           /* seconds between WebSocket pings, 0 = none */
	int http_request_timeout; /* seconds a plain HTTP request has to arrive
				   * whole, 0 = no limit */
};

struct cfg_storage {
	char data_dir[1024]; /* save files */
	bool stdin_autosave; /* autosave the stdin session's unfinished game */
	char backend[16];    /* accounts' database: "sqlite" or "postgresql" */
	char database[1024]; /* SQLite file */
	char conninfo[1024]; /* postgresql.conninfo: libpq's connection string */
	int max_saves;       /* saves one player (or owner) may keep */
	int max_files;       /* regular files TCP clients may keep in files/ */
	long max_files_bytes; /* bytes those files may hold in all */
	double timeout;      /* seconds a database call may wait */
};

struct cfg_accounts {
	int password_ops;     /* Argon2id passes (opslimit), >= 2 */
	int password_mem_mib; /* Argon2id memory in MiB (memlimit), >= 64 */
	int max_login_failures; /* failed logins per name or address before refusal */
	int max_accounts;     /* accounts register may create in all */
	int token_days;       /* days an unused session token lasts */
};

struct config {
	int refs;                             /* holders; freed at 0 */
	char source[1024];                    /* the file read, or "built-in defaults" */
	char default_game[32];                /* game of a new session */
	struct cfg_mark at_default_game;      /* where it was set */
	struct cfg_server server;             /* daemon settings */
	struct cfg_storage storage;           /* where data lives */
	struct cfg_accounts accounts;         /* players' passwords */
	struct cfg_game games[CFG_MAX_GAMES]; /* one per registered game, table order */
	int ngames;                           /* registered games */
};

/* The built-in defaults: the shipped quintet.yaml as compiled in. */
extern const char cfg_default_text[];

/* Load the built-in defaults, then path (NULL: none) over them. Returns a
 * config with one reference, or NULL with "FILE:LINE:COL: path: problem"
 * in err. */
struct config *cfg_load(const char *path, char *err, size_t errlen);

/* Load from text already in memory (len bytes) over the defaults; name is
 * what errors call the file. Same contract as cfg_load. */
struct config *cfg_load_text(const char *text, size_t len, const char *name,
			     char *err, size_t errlen);

/* The file quintet reads with no --config: $QUINTET_CONFIG, else the
 * installed copy if it exists, else NULL (built-in defaults only). */
const char *cfg_default_path(void);

/* The configuration new sessions and new games use (loop thread only).
 * Until cfg_set_current is called: the built-in defaults. */
struct config *cfg_current(void);

/* Make cfg the current configuration (takes a reference of its own);
 * NULL releases the current one. */
void cfg_set_current(struct config *cfg);

struct config *cfg_ref(struct config *cfg);
void cfg_unref(struct config *cfg);

/* The section of a game (its name in any case), or NULL when the game is
 * not registered. */
const struct cfg_game *cfg_game(const struct config *cfg, const char *name);

/* Whether size is among a game's allowed sizes. */
bool cfg_size_allowed(const struct cfg_game *gc, long size);

/* Make level the default level of game (before the config is shared);
 * 0, or -1 when there is no such level. */
int cfg_set_default_level(struct config *cfg, const char *game, const char *level);

/* A new game as the section configures it: its options, default size and
 * rules, seeded with seed. The caller destroys it. */
struct game *cfg_new_game(const struct cfg_game *gc, uint64_t seed);

/* Index of a level by name (the exact name first, then in any case: a
 * client's Hard is hard), or -1. */
int cfg_level_index(const struct cfg_game *gc, const char *name);

/* The names of gc's levels, in file order, into names (room for
 * CFG_MAX_LEVELS); returns how many. */
int cfg_level_names(const struct cfg_game *gc, const char **names);

/* Who a session plays for, which decides its first level. */
enum cfg_audience {
	CFG_FOR_PLAYERS, /* GTP: people and GUIs, at the configured default */
	CFG_FOR_TOOLS,   /* UAI, Gomocup: match runners, at the strongest */
};

/* The level a new session of gc's game starts at (index into levels, or
 * -1: none): the one --level chose, whoever asks; else for players the
 * section's default_level, for tools (engine matches want the engine's
 * best) the strongest, the last listed (levels are listed weakest
 * first). The one level policy of every front end; a protocol's own
 * level option (UAI's setoption name Level) then picks among the same
 * levels. */
int cfg_start_level(const struct cfg_game *gc, enum cfg_audience who);

/* Write the effective configuration as YAML (for --dump-config and the
 * defaults test): every value in a fixed order, each key under a one-line
 * comment "# help" (a key read at start only says so); text values quoted
 * where YAML needs it, so the dump loads as a configuration. */
void cfg_dump(const struct config *cfg, struct strbuf *out);

/* A configuration of its own with cfg's values (one reference), for
 * laying command-line settings over a file's without touching it. */
struct config *cfg_copy(const struct config *cfg);

/* A key whose value differs between two configurations: its path
 * ("games.go.komi", "games.go.levels.hard") and both values as
 * --dump-config writes them; old is NULL for a key added (a new level),
 * new for one removed. */
typedef void (*cfg_diff_fn)(void *arg, const char *path, const char *old, const char *new);

/* Call fn for every key whose value differs from old to new: changed and
 * removed keys in old's order, then added ones. */
void cfg_diff(const struct config *old, const struct config *new, cfg_diff_fn fn, void *arg);

/* Whether a change of path (as cfg_diff names it) waits for a restart:
 * the daemon reads it at start only (listen, data_dir, the workers'
 * settings...). The table's reload column (cfg_table.c) says which. */
bool cfg_needs_restart(const char *path);

#endif
