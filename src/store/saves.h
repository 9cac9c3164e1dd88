/* Save files: any game saved to DATA_DIR/saves/OWNER/NAME.yaml and loaded
 * back exactly. The text is store/save_yaml.h's; this module turns a
 * command context's game into it and back, asking the game only through
 * struct game_ops:
 *
 *   save: get_options, write_setup (COLOR_NONE; kept only when the game
 *         did not start as its variant starts), history, to_move,
 *         position (its digest), the game's rng; the context's level,
 *         clock and creation time. The text is loaded back once, as a
 *         load would (so a save that would not load is refused), then
 *         replaces the file atomically (util/files.c: temp, fsync,
 *         rename, fsync of the directory).
 *   load: a new game of the configuration (cfg_new_game), the options
 *         applied in order and checked (type, range, the configured
 *         sizes), the setup and then the history replayed line by line
 *         through the game's own commands (the caller's replay function:
 *         rows marked GTP_REPLAY only), then the move count, the side to
 *         move and the digest compared with the file's. Any difference
 *         is one "corrupt save: ..." error and nothing is changed.
 *
 * Where: a logged-in player's saves (ctx->player) are rows of the accounts
 * database (store/accounts.h), the same text, so that any daemon sharing
 * it can load them; anyone else's are files of ctx->owner (the stdin
 * session's local user), and a guest has none.
 *
 * Names (save names and owners) are [A-Za-z0-9_-]{1,64}; a file is
 * opened with openat in its owner's directory (no link followed), so no
 * text from a client ever becomes a path. Every function here does file
 * I/O: it runs on a short-work worker, on the job's own snapshot. */
#ifndef QUINTET_SAVES_H
#define QUINTET_SAVES_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "clock.h"
#include "ctx.h"
#include "game.h"
#include "util/strbuf.h"

#define SAVES_DIR "saves"           /* inside DATA_DIR */
#define SAVES_EXT ".yaml"           /* NAME.yaml */
#define SAVES_NAME_MAX 64           /* longest save or owner name */
#define SAVES_MAX_BYTES (1 << 20)   /* a longer file is refused unread */
#define SAVES_AUTOSAVE "autosave"   /* the slot autosave writes and resume reads */
#define SAVES_ERRLEN 512            /* enough for any error of this module */

/* Whether name is a save (or owner) name: 1..SAVES_NAME_MAX bytes of
 * [A-Za-z0-9_-]. */
bool saves_valid_name(const char *name);

/* Run one line of a save's setup or history on ctx's game (the session's
 * command table, GTP_REPLAY rows only). 0, or -1 with err: the command's
 * own error, or why the line is not one. */
typedef int (*saves_replay_fn)(struct cmd_ctx *ctx, const char *line, char *err,
			       size_t errlen);

/* A loaded game and what comes back with it into the session. */
struct saves_game {
	struct game *game;       /* the new game (the caller owns it) */
	int level;               /* its level index in the configuration, or -1 */
	struct game_clock clock; /* time_settings and time_left */
	time_t created;          /* when the game was begun */
};

/* Save ctx's game (with its level, clock and creation time) as name of
 * ctx->owner. 0; 1 for a player's autosave the database cannot take for
 * an outage, kept in the local spool instead (err: ACCOUNTS_KEPT,
 * store/accounts.h); or -1 with err: "guests cannot save" (no owner),
 * "invalid save name", "save failed: REASON" (REASON: strerror's text for
 * the file system's refusal, or why the game cannot be saved); the old
 * file, if any, is then intact. */
int saves_save(const struct cmd_ctx *ctx, const char *name, saves_replay_fn replay,
	       char *err, size_t errlen);

/* Load name of ctx->owner into *out (ctx is not changed). 0, or -1 with
 * err: "guests cannot save", "invalid save name", "no such save",
 * "cannot read save: REASON", "game disabled", "interrupted" (ctx's stop
 * flag or deadline during the replay), "corrupt save: WHAT" (which field,
 * which line or move, and what is wrong with it). */
int saves_load(const struct cmd_ctx *ctx, const char *name, saves_replay_fn replay,
	       struct saves_game *out, char *err, size_t errlen);

/* Append ctx->owner's saves, newest first (then by name), one a line:
 * "NAME GAME MOVES SAVED" (SAVED as 2025-01-02T03:04:05Z); a file that
 * is not a readable save shows "NAME ? ? MTIME". Temporary files a crash
 * left behind (older than a minute) are removed on the way. 0, or -1 with
 * err: "guests cannot save", "cannot read saves: REASON". */
int saves_list(const struct cmd_ctx *ctx, struct strbuf *out, char *err, size_t errlen);

/* Delete name of ctx->owner. 0, or -1 with err: "guests cannot save",
 * "invalid save name", "no such save", "cannot delete save: REASON". */
int saves_delete(const struct cmd_ctx *ctx, const char *name, char *err, size_t errlen);

/* Whether g is worth an autosave: not over, and with a move or an answer
 * (saving a new game would only overwrite the last unfinished one). */
bool saves_worth_autosave(const struct game *g);

/* The save text of ctx's game at time now, appended to out (no file, no
 * check that it loads). 0, or -1 with err: "save failed: REASON". */
int saves_format(const struct cmd_ctx *ctx, time_t now, struct strbuf *out, char *err,
		 size_t errlen);

/* A game from save text (len bytes), as saves_load builds it from a
 * file's. Same errors, but for the file's. */
int saves_restore(const struct cmd_ctx *ctx, const char *text, size_t len,
		  saves_replay_fn replay, struct saves_game *out, char *err, size_t errlen);

#endif
