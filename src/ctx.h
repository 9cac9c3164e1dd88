/* The command context: everything a command handler may see and change.
 *
 * The session builds one for every command, field by field, and adopts
 * back only what a command may change (game, configuration, level, clock,
 * the replies' lag, seed, the game's creation time, the logged-in player).
 * A slow command's job gets a snapshot: its own copy of the game, its own
 * reference to the configuration, a copy of the clock; nothing is
 * shared with the session while the job runs except the read-only files
 * directory. Game modules see only this header, never the session or the
 * configuration's structs (struct config and struct cfg_game stay opaque
 * here; use the ctx_* accessors).
 *
 *   session (loop thread)            job (worker thread)
 *   ctx_build ─ snapshot ─────────>  handler(ctx, argc, argv, out)
 *   session_adopt <─ game, level, clock, lag, seed, created ─┘  (ctx_emit streams lines)
 */
#ifndef QUINTET_CTX_H
#define QUINTET_CTX_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "account.h"
#include "clock.h"
#include "game.h"
#include "timeman.h"

struct accounts;
struct config;
struct cfg_game;

/* Stream one line (no LF) to the client while a job runs; see ctx_emit.
 * A NULL line only starts the reply (ctx_emit_start). */
typedef void (*ctx_emit_fn)(void *arg, const char *line, size_t len);

struct cmd_ctx {
	struct game *game;       /* in/out: the game; a handler may replace it
				  * (it then destroys the old one); NULL for a
				  * GTP_STATELESS row */
	const struct game_ops *ops; /* in: the game's operations (its command
				  * table), even where game is NULL; a
				  * handler that replaces game reads game */
	struct config *cfg;      /* in/out: the configuration (one reference) */
	int level;               /* in/out: active level in the game's section, or -1 */
	struct game_clock clock; /* in/out: time_settings / time_left */
	struct timeman_lag lag;  /* in/out: how late replies have been; a move's
				  * plan records its hard limit here, and the
				  * session its reply's time (timeman.h) */
	uint64_t seed;           /* in/out: seed of the next new game */
	atomic_bool *stop;       /* in: set by another thread: answer now; or NULL */
	double arrival;          /* in: monotime_now() when the command's line arrived */
	double deadline;         /* in: monotime_now() by which to answer; 0 = none */
	long max_nodes;          /* in: cap on nodes (playouts, perft leaves); 0 = none */
	int files_dir;           /* in: directory client files are opened in */
	bool confine_files;      /* in: plain names only, inside files_dir (TCP) */
	const char *owner;       /* in: whose saves these are (DATA_DIR/saves/OWNER/),
				  * or NULL: a guest, who cannot save */
	const char *data_dir;    /* in: DATA_DIR ("" = the working directory) */
	struct accounts *accounts; /* in: the players' database, or NULL: none */
	struct account player;   /* in/out: the logged-in player (id 0: a guest);
				  * their saves are in the database, not owner's */
	unsigned login_failures; /* in/out: the connection's failed logins in a row */
	const char *address;     /* in: the client's address ("" on stdin), for the
				  * login throttle (it outlives the session's jobs) */
	double reply_delay;      /* out: seconds the reply waits (a failed login) */
	bool end_other_logins;   /* out: the player's other sessions are logged out
				  * (passwd, delete_account succeeded) */
	bool gogui;              /* in/out: GoGui's rules commands were asked (GoGui
				  * replays a game from clear_board: see there) */
	bool verbose;            /* in/out: a move that ends the game says the result
				  * on a line of its own (verbose on) */
	bool replaying;          /* in: the command is a line of a save being loaded
				  * (store/saves.c): play takes what the save's
				  * quintet took (game_ops.play_saved) */
	time_t created;          /* in/out: when the session began the current game
				  * (wall clock; a load gives the saved game's) */
	const struct timeman_clock *move_clock; /* in: the mover's clock as another
				  * protocol gave it for this move (UAI go,
				  * Gomocup INFO), or NULL: clock above */
	const struct game_level *own_level; /* in: the command's own level (UAI
				  * go's limits on the active one), or NULL:
				  * the active level */
	ctx_emit_fn emit;        /* in: streaming sink, or NULL (not a job) */
	void *emit_arg;          /* in: for emit */
};

/* The configuration section of the context's current game, or NULL. */
const struct cfg_game *ctx_section(const struct cmd_ctx *ctx);

/* The command's level: its own when it has one, else the active level's
 * definition, or NULL (the game's weakest). */
const struct game_level *ctx_level(const struct cmd_ctx *ctx);

/* Whether the configuration allows a board side of n for the current
 * game (true when it has no section). */
bool ctx_size_allowed(const struct cmd_ctx *ctx, long n);

/* Whether the command must answer now: its stop flag is set or its
 * deadline has passed. Cheap enough for every few thousand nodes. */
bool ctx_stopped(const struct cmd_ctx *ctx);

/* Seconds left before the deadline (at least 0.001), or 0 for none. */
double ctx_seconds_left(const struct cmd_ctx *ctx);

/* A search budget for the context: its level and stop flag, and as
 * max_seconds the least of the server's move cap, the level's time and
 * clock_seconds (the clock's hard limit, 0 = none), all counted from the
 * line's arrival (time spent queued is spent), and the deadline. No soft
 * limit (0: the search's own share). */
struct game_budget ctx_budget(const struct cmd_ctx *ctx, double clock_seconds);

/* The budget of an analysis, which runs until it is stopped: no level
 * time, no clock, no move cap (max_move_time is genmove's), only the
 * command's deadline (server.max_command_time), as UAI's go infinite. */
struct game_budget ctx_analysis_budget(const struct cmd_ctx *ctx);

/* The budget of an engine move for color (genmove and its kin, UAI's go,
 * Gomocup's turns): the clock's plan (timeman_plan, from move_clock or
 * else the GTP clock, the game's guess of its moves left and the
 * session's lag) as ctx_budget's clock limit, its spend_all, and its
 * soft limit as soft_seconds when that comes before max_seconds (else 0:
 * the search's own share of a level's or the server's time), both counted
 * from the line's arrival; the level copied into *capped when it changes:
 * capped by the server's node cap when there is one, and for a
 * follow_clock level under a clock, the clock's hard limit as its time
 * with no depth, nodes or playouts of its own. The hard limit from arrival is recorded in
 * ctx->lag for the session to measure the reply against. */
struct game_budget ctx_move_budget(struct cmd_ctx *ctx, int color, struct game_level *capped);

/* Stream a line to the client (a job only; nothing without a sink). It
 * may wait while the client is not reading (back-pressure). */
void ctx_emit(const struct cmd_ctx *ctx, const char *line);

/* Start the streamed reply now (its "=ID" line) rather than with the first
 * line, for a command that can no longer fail (an analysis under way). */
void ctx_emit_start(const struct cmd_ctx *ctx);

/* Read a whole client-named file (at most max_bytes) into *data (malloc'd,
 * NUL-terminated; the caller frees). 0, or -1 with the error text. */
int ctx_read_file(const struct cmd_ctx *ctx, const char *name, size_t max_bytes,
		  char **data, size_t *len, char *err, size_t errlen);

/* Replace a client-named file atomically with len bytes of data; confined
 * (TCP), within storage.max_files and max_files_bytes (files_quota_check).
 * 0, or -1 with the error text. */
int ctx_write_file(const struct cmd_ctx *ctx, const char *name, const char *data,
		   size_t len, char *err, size_t errlen);

/* A print command's ending (printsgf): text into the client-named file when
 * there is one (file: NULL for none), else as the reply. */
enum gtp_status ctx_reply_or_write(const struct cmd_ctx *ctx, const char *file,
				   const char *text, struct strbuf *out);

#endif
