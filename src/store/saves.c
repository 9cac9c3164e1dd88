/* Save files: see saves.h for what is saved and how a load checks it,
 * save_yaml.h for the text.
 *
 * Threat model. The files are the owner's (stdin: the local user's own
 * data directory), but they may be hand-edited, truncated by a full disk,
 * or planted: a load trusts nothing in them. Every field is checked by
 * save_yaml.c; every option is checked against the game's table and the
 * configuration; every setup and history line goes through the game's own
 * command handlers, as a client's command would, and only a row marked
 * GTP_REPLAY may run (no file, no clock, no session state), with the
 * weakest level (a genmove in a setup is the cheapest) and the job's stop
 * flag and deadline checked between lines; at the end the side to move and
 * the position's digest must be the file's. A failure leaves the caller's
 * context untouched. Paths: the owner's directory is opened once per
 * command from DATA_DIR (a server setting) with openat and O_NOFOLLOW
 * for "saves" and OWNER, and the file is NAME.yaml in it, NAME checked
 * first; util/files.c does the reading (regular files only, size capped
 * before allocating) and the atomic replacement.
 *
 * Durability: files_write's recipe (a temporary in the same directory,
 * written, fsynced, renamed over the name, the directory fsynced). A
 * crash leaves the old file or the new one; a temporary it leaves has a
 * random name (O_EXCL), so it never blocks a later save, and saves_list
 * removes those older than SAVES_TMP_STALE seconds. */
#include "store/saves.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfg.h"
#include "store/accounts.h"
#include "util/files.h"
#include "store/save_yaml.h"
#include "util/errmsg.h"
#include "util/xalloc.h"

#define SAVES_TMP_PREFIX ".quintet-tmp-" /* util/files.c's temporaries */
#define SAVES_TMP_STALE 60               /* seconds before one counts as a crash's */
#define QUOTE_MAX 40                     /* bytes of a line quoted in an error */

bool saves_valid_name(const char *name)
{
	size_t n = 0;

	for (; name[n]; n++) {
		char c = name[n];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			  c == '_' || c == '-';

		if (!ok || n >= SAVES_NAME_MAX)
			return false;
	}
	return n > 0;
}

/* The start of a line, for an error. */
static const char *quote(const char *text, char *buf, size_t len)
{
	size_t n = strnlen(text, QUOTE_MAX);

	snprintf(buf, len, "%.*s%s", (int)n, text, text[n] ? "..." : "");
	return buf;
}

/* ------------------------------------------------------------ files */

enum dir_state { DIR_OPEN = 0, DIR_MISSING = 1, DIR_FAILED = -1 };

/* Open DATA_DIR/saves/OWNER (creating what is missing when create). errno
 * is kept on DIR_FAILED; DIR_MISSING only without create. */
static enum dir_state open_owner(const struct cmd_ctx *ctx, bool create, int *fd)
{
	int data, saves, rc, saved;

	if (files_open_path_dir(ctx->data_dir ? ctx->data_dir : "", create, &data) < 0)
		return errno == ENOENT && !create ? DIR_MISSING : DIR_FAILED;
	rc = files_open_subdir(data, SAVES_DIR, create, &saves);
	saved = errno;
	close(data);
	if (rc < 0) {
		errno = saved;
		return errno == ENOENT && !create ? DIR_MISSING : DIR_FAILED;
	}
	rc = files_open_subdir(saves, ctx->owner, create, fd);
	saved = errno;
	close(saves);
	errno = saved;
	if (rc < 0)
		return errno == ENOENT && !create ? DIR_MISSING : DIR_FAILED;
	return DIR_OPEN;
}

/* Whether ctx's saves are a logged-in player's, in the accounts database
 * (else files of ctx->owner). */
static bool in_database(const struct cmd_ctx *ctx)
{
	return ctx->accounts && ctx->player.id > 0;
}

/* The owner and the name a command gives; 0, or -1 with err. */
static int check_names(const struct cmd_ctx *ctx, const char *name, char *err, size_t errlen)
{
	if (!ctx->owner && !in_database(ctx))
		return errmsg(err, errlen, "guests cannot save");
	if (name && !saves_valid_name(name))
		return errmsg(err, errlen, "invalid save name");
	return 0;
}

static void file_name(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", name, SAVES_EXT);
}

/* files.c's errors without their prefix ("cannot write file: X" -> X). */
static const char *reason_of(const char *files_err)
{
	const char *colon = strstr(files_err, ": ");

	return colon ? colon + 2 : files_err;
}

/* ------------------------------------------------------------ options */

/* Apply one saved option to g, checked as the configuration would be. */
static int apply_option(struct game *g, const struct game_option_value *o, char *err,
			size_t errlen)
{
	const struct game_ops *ops = g->ops;
	const struct game_option *opt;
	char why[SAVES_ERRLEN / 2];
	int rc;

	if (!strcmp(o->key, "size") && ops->set_size) {
		rc = ops->set_size(g, o->value, why, sizeof(why));
	} else if (!strcmp(o->key, "rules") && ops->set_rules && ops->rules) {
		rc = ops->set_rules(g, o->value, why, sizeof(why));
	} else if ((opt = game_option_find(ops, o->key))) {
		rc = game_option_check(opt, o->value, why, sizeof(why));
		if (rc == 0)
			rc = ops->set_option(g, o->key, o->value, why, sizeof(why));
	} else {
		return errmsg(err, errlen, "corrupt save: options.%s: not an option of %s",
				 o->key, ops->name);
	}
	if (rc < 0)
		return errmsg(err, errlen, "corrupt save: options.%s: %s", o->key, why);
	return 0;
}

/* A new game of the configured game ops with the options applied. NULL
 * with err. */
static struct game *new_variant(const struct cmd_ctx *ctx, const struct game_ops *ops,
				const struct game_option_value *opts, int n, uint64_t seed,
				char *err, size_t errlen)
{
	const struct cfg_game *gc = ctx->cfg ? cfg_game(ctx->cfg, ops->name) : NULL;
	struct game *g = gc ? cfg_new_game(gc, seed) : ops->create(seed);

	for (int i = 0; i < n; i++)
		if (apply_option(g, &opts[i], err, errlen) < 0) {
			ops->destroy(g);
			return NULL;
		}
	return g;
}

/* The pair of list (n entries) with key, or NULL. */
static const struct game_option_value *find_pair(const struct game_option_value *list, int n,
						 const char *key)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(list[i].key, key))
			return &list[i];
	return NULL;
}

/* The options of r's game must be the file's (after_setup: the setup ran,
 * so a difference is the setup's doing), and its board sides allowed by
 * the configuration. */
static int check_options(const struct cmd_ctx *r, const struct save_doc *d, bool after_setup,
			 char *err, size_t errlen)
{
	struct game_option_value now[GAME_MAX_OPTIONS];
	int n = r->game->ops->get_options(r->game, now, GAME_MAX_OPTIONS);
	long side;

	for (int i = 0; i < d->noptions; i++)
		if (!find_pair(now, n, d->options[i].key))
			return errmsg(err, errlen,
					 "corrupt save: options.%s: not a setting of this variant",
					 d->options[i].key);
	for (int i = 0; i < n; i++) {
		const struct game_option_value *o = find_pair(d->options, d->noptions, now[i].key);

		if (!o)
			return errmsg(err, errlen, "corrupt save: options: %s missing", now[i].key);
		if (strcmp(now[i].value, o->value) != 0)
			return after_setup
				       ? errmsg(err, errlen,
						   "corrupt save: setup: changes options.%s to %s",
						   o->key, now[i].value)
				       : errmsg(err, errlen,
						   "corrupt save: options.%s: %s reads back as %s",
						   o->key, o->value, now[i].value);
		if (now[i].side && (gtp_parse_int(now[i].value, 1, 100000, &side) < 0 ||
				    !ctx_size_allowed(r, side)))
			return errmsg(err, errlen,
					 "corrupt save: options.%s: %s is not an allowed size",
					 o->key, now[i].value);
	}
	return 0;
}

/* ------------------------------------------------------------ format */

/* Whether write_setup's text for g is what two new games of the same
 * variant (from two seeds, so a random start never looks standard) give. */
static bool standard_start(const struct cmd_ctx *ctx, const struct game *g,
			   const struct save_doc *d, const char *setup)
{
	for (uint64_t seed = 1; seed <= 2; seed++) {
		char err[SAVES_ERRLEN];
		struct strbuf fresh = STRBUF_INIT;
		struct game *f = new_variant(ctx, g->ops, d->options, d->noptions, seed, err,
					     sizeof(err));
		bool same = f && f->ops->write_setup(f, COLOR_NONE, &fresh, err, sizeof(err)) == 0 &&
			    !strcmp(sb_str(&fresh), setup);

		if (f)
			f->ops->destroy(f);
		sb_free(&fresh);
		if (!same)
			return false;
	}
	return true;
}

/* Whether a history line is a move (the rest are answers: feedback). */
static bool is_move(const char *line)
{
	return strncmp(line, "play ", 5) == 0;
}

int saves_format(const struct cmd_ctx *ctx, time_t now, struct strbuf *out, char *err,
		 size_t errlen)
{
	const struct game *g = ctx->game;
	const struct game_ops *ops = g->ops;
	const struct game_level *level = ctx_level(ctx);
	struct save_doc d = {
		.version = SAVE_YAML_VERSION,
		.saved = now,
		.created = ctx->created ? ctx->created : now,
		.clock = ctx->clock,
		.rng = g->rng,
		.to_move = ops->to_move(g),
		.digest = game_digest(g),
	};
	struct strbuf text = STRBUF_INIT;
	char why[SAVES_ERRLEN / 2];
	int rc = -1;

	snprintf(d.game, sizeof(d.game), "%s", ops->name);
	if (level) {
		d.has_level = true;
		snprintf(d.level, sizeof(d.level), "%s", level->name);
	}
	d.noptions = ops->get_options(g, d.options, GAME_MAX_OPTIONS);
	if (ops->write_setup(g, COLOR_NONE, &text, why, sizeof(why)) < 0) {
		errmsg(err, errlen, "save failed: %s", why);
		goto out;
	}
	if (!standard_start(ctx, g, &d, sb_str(&text)))
		save_doc_add_lines(&d.setup, &d.nsetup, sb_str(&text));
	sb_reset(&text);
	ops->history(g, &text);
	save_doc_add_lines(&d.history, &d.nhistory, sb_str(&text));
	for (size_t i = 0; i < d.nhistory; i++)
		d.moves += is_move(d.history[i]);
	if (save_yaml_emit(&d, out, why, sizeof(why)) < 0) {
		errmsg(err, errlen, "save failed: %s", why);
		goto out;
	}
	rc = 0;
out:
	sb_free(&text);
	save_doc_free(&d);
	return rc;
}

/* ------------------------------------------------------------ restore */

/* The context the setup and history replay in: the new game, the job's
 * configuration and bounds, the weakest level, no clock, no files, and
 * play as the save's quintet played (cmd_ctx.replaying). */
static void replay_context(const struct cmd_ctx *ctx, struct game *g, struct cmd_ctx *r)
{
	*r = (struct cmd_ctx){
		.game = g,
		.cfg = ctx->cfg,
		.level = -1,
		.seed = ctx->seed,
		.stop = ctx->stop,
		.arrival = ctx->arrival,
		.deadline = ctx->deadline,
		.max_nodes = ctx->max_nodes,
		.files_dir = -1,
		.confine_files = true,
		.replaying = true,
	};
}

/* Replay lines (what: "setup" or "history") on r. */
static int replay_lines(struct cmd_ctx *r, saves_replay_fn replay, char **lines, size_t n,
			const char *what, const char *unit, char *err, size_t errlen)
{
	char why[SAVES_ERRLEN / 2], q[64];

	for (size_t i = 0; i < n; i++) {
		if (ctx_stopped(r))
			return errmsg(err, errlen, "interrupted");
		if (replay(r, lines[i], why, sizeof(why)) < 0)
			return errmsg(err, errlen, "corrupt save: %s: %s %zu (%s): %s", what, unit,
					 i + 1, quote(lines[i], q, sizeof(q)), why);
	}
	return 0;
}

/* Build the game d describes into out; 0, or -1 with err. */
static int rebuild(const struct cmd_ctx *ctx, const struct save_doc *d, saves_replay_fn replay,
		   struct saves_game *out, char *err, size_t errlen)
{
	const struct game_ops *ops = game_find(d->game);
	const struct cfg_game *gc = ops && ctx->cfg ? cfg_game(ctx->cfg, d->game) : NULL;
	struct cmd_ctx r;
	long moves = 0;

	if (!ops)
		return errmsg(err, errlen, "corrupt save: game: unknown game %s", d->game);
	if (gc && !gc->enabled)
		return errmsg(err, errlen, "game disabled");
	out->level = -1;
	if (d->has_level && (!gc || (out->level = cfg_level_index(gc, d->level)) < 0))
		return errmsg(err, errlen, "corrupt save: level: %s has no level %s", d->game,
				 d->level);
	for (size_t i = 0; i < d->nhistory; i++)
		moves += is_move(d->history[i]);
	if (moves != d->moves)
		return errmsg(err, errlen, "corrupt save: moves: %ld, but the history holds %ld",
				 d->moves, moves);
	struct game *g = new_variant(ctx, ops, d->options, d->noptions, ctx->seed, err, errlen);
	if (!g)
		return -1;
	replay_context(ctx, g, &r);
	if (replay_lines(&r, replay, d->setup, d->nsetup, "setup", "line", err, errlen) < 0 ||
	    check_options(&r, d, d->nsetup > 0, err, errlen) < 0 ||
	    replay_lines(&r, replay, d->history, d->nhistory, "history", "move", err, errlen) < 0)
		goto fail;
	g = r.game;
	if (ops->to_move(g) != d->to_move) {
		errmsg(err, errlen, "corrupt save: to_move: %s, but %s is to move after the history",
			  d->to_move == COLOR_WHITE ? "white" : "black",
			  d->to_move == COLOR_WHITE ? "black" : "white");
		goto fail;
	}
	if (game_digest(g) != d->digest) {
		errmsg(err, errlen, "corrupt save: digest: the replayed position differs");
		goto fail;
	}
	g->rng = d->rng;
	out->game = g;
	out->clock = d->clock;
	out->created = d->created;
	return 0;
fail:
	r.game->ops->destroy(r.game);
	return -1;
}

int saves_restore(const struct cmd_ctx *ctx, const char *text, size_t len,
		  saves_replay_fn replay, struct saves_game *out, char *err, size_t errlen)
{
	struct save_doc d = { 0 };
	char why[SAVES_ERRLEN - 16];
	int rc = -1;

	if (len > SAVES_MAX_BYTES) {
		errmsg(err, errlen, "corrupt save: larger than %d bytes", SAVES_MAX_BYTES);
	} else if (save_yaml_parse(text, len, &d, why, sizeof(why)) < 0) {
		errmsg(err, errlen, "corrupt save: %s", why);
	} else {
		rc = rebuild(ctx, &d, replay, out, err, errlen);
	}
	save_doc_free(&d);
	return rc;
}

/* ------------------------------------------------------------ commands */

/* A player's save text into the database (the autosave keeps another
 * session's unfinished game: accounts_save_put). */
/* ------------------------------------------------------------ the cap */

#define SAVES_TOO_MANY "save failed: too many saves (delete_save one)"

static bool entry_name(const char *file, char *name, size_t len);

/* The owner's cap on saves (storage.max_saves; 0: none). */
static int max_saves(const struct cmd_ctx *ctx)
{
	return ctx->cfg ? ctx->cfg->storage.max_saves : 0;
}

/* Count the save files in the owner's directory fd; *exists: name is one. */
static int count_files(int fd, const char *name, size_t *n, bool *exists)
{
	char other[SAVES_NAME_MAX + 1];
	struct dirent *de;
	int dfd = dup(fd);
	DIR *dir = dfd >= 0 ? fdopendir(dfd) : NULL;

	if (!dir) {
		if (dfd >= 0)
			close(dfd);
		return -1;
	}
	*n = 0;
	*exists = false;
	while ((de = readdir(dir)))
		if (entry_name(de->d_name, other, sizeof(other))) {
			(*n)++;
			*exists = *exists || !strcmp(other, name);
		}
	closedir(dir);
	return 0;
}

/* Count a player's saves in the database; *exists: name is one. 0, or
 * accounts_save_list's failure (ACCOUNTS_OUTAGE: the database is away). */
static int count_rows(const struct cmd_ctx *ctx, const char *name, size_t *n, bool *exists,
		      char *why, size_t whylen)
{
	struct accounts_save_entry *rows;
	int rc = accounts_save_list(ctx->accounts, ctx->player.id, &rows, n, why, whylen);

	if (rc < 0)
		return rc;
	*exists = false;
	for (size_t i = 0; i < *n; i++)
		*exists = *exists || !strcmp(rows[i].name, name);
	free(rows);
	return 0;
}

/* Whether saving name keeps the owner within max_saves (fd: the owner's
 * directory, or -1 for a player's database rows). A name saved already is
 * replaced, whatever the count; a new one is refused at the cap, but for
 * the autosave, which is written at the cap too but then keeps no older
 * unfinished game beside it (*keep_other false). 0, or -1 with err
 * (ACCOUNTS_OUTAGE when the database is away). */
static int check_room(const struct cmd_ctx *ctx, int fd, const char *name, bool *keep_other,
		      char *err, size_t errlen)
{
	char why[ACCOUNTS_ERRLEN];
	bool exists;
	size_t n;
	int cap = max_saves(ctx), rc;

	*keep_other = true;
	if (cap <= 0)
		return 0;
	rc = fd >= 0 ? count_files(fd, name, &n, &exists)
		     : count_rows(ctx, name, &n, &exists, why, sizeof(why));
	if (rc < 0) {
		errmsg(err, errlen, "save failed: %s", fd >= 0 ? strerror(errno) : why);
		return rc;
	}
	if (n < (size_t)cap)
		return 0;
	if (!strcmp(name, SAVES_AUTOSAVE)) {
		*keep_other = false;
		return 0;
	}
	return exists ? 0 : errmsg(err, errlen, SAVES_TOO_MANY);
}

/* A player's save text into the database (the autosave keeps another
 * session's unfinished game: accounts_save_put). An autosave the database
 * cannot take for an outage is kept in the local spool (accounts.h): 1. */
static int put_in_database(const struct cmd_ctx *ctx, const char *name,
			   const struct strbuf *text, char *err, size_t errlen)
{
	char game[32], why[ACCOUNTS_ERRLEN];
	long moves = 0;
	time_t saved = time(NULL), created;
	bool keep_other, autosave = !strcmp(name, SAVES_AUTOSAVE);
	int rc;

	if (save_yaml_peek(text->buf, text->len, game, sizeof(game), &moves, &saved) < 0)
		return errmsg(err, errlen, "save failed: unreadable text");
	created = ctx->created ? ctx->created : saved;
	rc = check_room(ctx, -1, name, &keep_other, err, errlen);
	if (rc == 0) {
		rc = accounts_save_put(ctx->accounts, ctx->player.id, name, game, moves, saved,
				       created, text->buf, keep_other && autosave, why,
				       sizeof(why));
		if (rc < 0)
			errmsg(err, errlen, "save failed: %s", why);
	}
	if (rc == ACCOUNTS_OUTAGE && autosave &&
	    accounts_save_spool(ctx->accounts, ctx->player.id, name, game, moves, saved, created,
				text->buf, why, sizeof(why)) == 0)
		return 1;
	return rc < 0 ? -1 : 0;
}

/* A player's save name from the database, restored into *out. */
static int load_from_database(const struct cmd_ctx *ctx, const char *name,
			      saves_replay_fn replay, struct saves_game *out, char *err,
			      size_t errlen)
{
	char why[ACCOUNTS_ERRLEN], *text;
	size_t len;
	int rc = accounts_save_get(ctx->accounts, ctx->player.id, name, &text, &len, NULL, 0, why,
				   sizeof(why));

	if (rc < 0)
		return errmsg(err, errlen, "cannot read save: %s", why);
	if (rc > 0)
		return errmsg(err, errlen, "no such save");
	rc = saves_restore(ctx, text, len, replay, out, err, errlen);
	free(text);
	return rc;
}

bool saves_worth_autosave(const struct game *g)
{
	struct strbuf moves = STRBUF_INIT;
	bool played;

	if (g->ops->is_over(g))
		return false;
	g->ops->history(g, &moves);
	played = moves.len > 0;
	sb_free(&moves);
	return played;
}

int saves_save(const struct cmd_ctx *ctx, const char *name, saves_replay_fn replay,
	       char *err, size_t errlen)
{
	struct strbuf text = STRBUF_INIT;
	struct saves_game back;
	char file[SAVES_NAME_MAX + 8], why[SAVES_ERRLEN];
	int fd = -1, rc = -1;

	if (check_names(ctx, name, err, errlen) < 0)
		return -1;
	if (saves_format(ctx, time(NULL), &text, err, errlen) < 0)
		goto out;
	/* What is written must load: a game whose setup or history the
	 * protocol cannot replay is refused now, not found out later. The
	 * check is not stopped with the job: a save asked for is written even
	 * if its client goes meanwhile (the game is the session's own, bounded
	 * by GAME_MAX_HISTORY). */
	struct cmd_ctx check = *ctx;
	check.stop = NULL;
	check.deadline = 0;
	if (saves_restore(&check, text.buf, text.len, replay, &back, why, sizeof(why)) < 0) {
		const char *what = strncmp(why, "corrupt save: ", 14) ? why : why + 14;

		errmsg(err, errlen, "save failed: would not load: %s", what);
		goto out;
	}
	back.game->ops->destroy(back.game);
	if (in_database(ctx)) {
		rc = put_in_database(ctx, name, &text, err, errlen);
		if (rc > 0)
			errmsg(err, errlen, ACCOUNTS_KEPT);
		goto out;
	}
	if (open_owner(ctx, true, &fd) != DIR_OPEN) {
		errmsg(err, errlen, "save failed: %s", strerror(errno));
		goto out;
	}
	bool keep_other; /* files keep no older autosave either way */
	if (check_room(ctx, fd, name, &keep_other, err, errlen) < 0)
		goto out;
	file_name(name, file, sizeof(file));
	if (files_write(fd, true, file, text.buf, text.len, why, sizeof(why)) < 0) {
		errmsg(err, errlen, "save failed: %s", reason_of(why));
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	sb_free(&text);
	return rc;
}

int saves_load(const struct cmd_ctx *ctx, const char *name, saves_replay_fn replay,
	       struct saves_game *out, char *err, size_t errlen)
{
	char file[SAVES_NAME_MAX + 8], why[SAVES_ERRLEN], *text;
	size_t len;
	int fd, rc;

	if (check_names(ctx, name, err, errlen) < 0)
		return -1;
	if (in_database(ctx))
		return load_from_database(ctx, name, replay, out, err, errlen);
	switch (open_owner(ctx, false, &fd)) {
	case DIR_OPEN:
		break;
	case DIR_MISSING:
		return errmsg(err, errlen, "no such save");
	case DIR_FAILED:
		return errmsg(err, errlen, "cannot read save: %s", strerror(errno));
	}
	file_name(name, file, sizeof(file));
	/* One byte past the cap lets the cap be reported as such. */
	rc = files_read(fd, true, file, SAVES_MAX_BYTES + 1, &text, &len, why, sizeof(why));
	int saved = errno;
	close(fd);
	if (rc < 0) {
		if (!strncmp(why, "file too large", 14))
			return errmsg(err, errlen, "corrupt save: larger than %d bytes",
					 SAVES_MAX_BYTES);
		if (!strncmp(why, "cannot open file", 16) && saved == ENOENT)
			return errmsg(err, errlen, "no such save");
		return errmsg(err, errlen, "cannot read save: %s", reason_of(why));
	}
	rc = saves_restore(ctx, text, len, replay, out, err, errlen);
	free(text);
	return rc;
}

int saves_delete(const struct cmd_ctx *ctx, const char *name, char *err, size_t errlen)
{
	char file[SAVES_NAME_MAX + 8];
	int fd;

	if (check_names(ctx, name, err, errlen) < 0)
		return -1;
	if (in_database(ctx)) {
		char why[ACCOUNTS_ERRLEN];
		int rc = accounts_save_delete(ctx->accounts, ctx->player.id, name, why, sizeof(why));

		if (rc < 0)
			return errmsg(err, errlen, "cannot delete save: %s", why);
		return rc > 0 ? errmsg(err, errlen, "no such save") : 0;
	}
	switch (open_owner(ctx, false, &fd)) {
	case DIR_OPEN:
		break;
	case DIR_MISSING:
		return errmsg(err, errlen, "no such save");
	case DIR_FAILED:
		return errmsg(err, errlen, "cannot delete save: %s", strerror(errno));
	}
	file_name(name, file, sizeof(file));
	int rc = unlinkat(fd, file, 0);
	int saved = errno;
	if (rc == 0)
		fsync(fd); /* the removal survives a crash */
	close(fd);
	if (rc == 0)
		return 0;
	if (saved == ENOENT)
		return errmsg(err, errlen, "no such save");
	return errmsg(err, errlen, "cannot delete save: %s", strerror(saved));
}

/* ------------------------------------------------------------ listing */

struct entry {
	char name[SAVES_NAME_MAX + 1]; /* the save's name */
	char game[32];                 /* its game, or "?" */
	long moves;                    /* its moves, or -1 */
	time_t saved;                  /* its save time (else the file's mtime) */
};

static int newest_first(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->saved != y->saved)
		return x->saved > y->saved ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The save name of a directory entry ("NAME.yaml"), or false. */
static bool entry_name(const char *file, char *name, size_t len)
{
	size_t n = strlen(file), ext = strlen(SAVES_EXT);

	if (n <= ext || strcmp(file + n - ext, SAVES_EXT) != 0 || n - ext >= len)
		return false;
	memcpy(name, file, n - ext);
	name[n - ext] = '\0';
	return saves_valid_name(name);
}

/* A crash's temporary, old enough that no save can still be writing it. */
static void remove_stale(int fd, const char *file, time_t now)
{
	struct stat st;

	if (strncmp(file, SAVES_TMP_PREFIX, strlen(SAVES_TMP_PREFIX)) == 0 &&
	    fstatat(fd, file, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
	    st.st_mtime + SAVES_TMP_STALE < now)
		unlinkat(fd, file, 0);
}

/* What a listing shows of file; false when it is gone (deleted since the
 * directory was read). */
static bool read_entry(int fd, const char *file, struct entry *e)
{
	char why[SAVES_ERRLEN], *text;
	struct stat st;
	size_t len;

	snprintf(e->game, sizeof(e->game), "?");
	e->moves = -1;
	if (fstatat(fd, file, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return false;
	e->saved = st.st_mtime;
	if (files_read(fd, true, file, SAVES_MAX_BYTES, &text, &len, why, sizeof(why)) < 0)
		return errno != ENOENT;
	if (save_yaml_peek(text, len, e->game, sizeof(e->game), &e->moves, &e->saved) < 0) {
		snprintf(e->game, sizeof(e->game), "?");
		e->moves = -1;
	}
	free(text);
	return true;
}

/* A listing's lines, one per entry. */
static void print_entries(const struct entry *list, size_t n, struct strbuf *out)
{
	for (size_t i = 0; i < n; i++) {
		char when[32];

		save_yaml_time(list[i].saved, when, sizeof(when));
		if (list[i].moves < 0)
			sb_printf(out, "%s%s ? ? %s", i ? "\n" : "", list[i].name, when);
		else
			sb_printf(out, "%s%s %s %ld %s", i ? "\n" : "", list[i].name, list[i].game,
				  list[i].moves, when);
	}
}

/* A player's listing: the database's rows, newest first already. */
static int list_database(const struct cmd_ctx *ctx, struct strbuf *out, char *err,
			 size_t errlen)
{
	struct accounts_save_entry *rows;
	char why[ACCOUNTS_ERRLEN];
	size_t n;

	if (accounts_save_list(ctx->accounts, ctx->player.id, &rows, &n, why, sizeof(why)) < 0)
		return errmsg(err, errlen, "cannot read saves: %s", why);
	struct entry *list = xcalloc(n ? n : 1, sizeof(*list));
	for (size_t i = 0; i < n; i++) {
		snprintf(list[i].name, sizeof(list[i].name), "%s", rows[i].name);
		snprintf(list[i].game, sizeof(list[i].game), "%s", rows[i].game);
		list[i].moves = rows[i].moves;
		list[i].saved = rows[i].saved;
	}
	print_entries(list, n, out);
	free(list);
	free(rows);
	return 0;
}

int saves_list(const struct cmd_ctx *ctx, struct strbuf *out, char *err, size_t errlen)
{
	struct entry *list = NULL;
	size_t n = 0;
	time_t now = time(NULL);
	struct dirent *de;
	DIR *dir;
	int fd, dfd;

	if (check_names(ctx, NULL, err, errlen) < 0)
		return -1;
	if (in_database(ctx))
		return list_database(ctx, out, err, errlen);
	switch (open_owner(ctx, false, &fd)) {
	case DIR_OPEN:
		break;
	case DIR_MISSING:
		return 0; /* nothing saved yet */
	case DIR_FAILED:
		return errmsg(err, errlen, "cannot read saves: %s", strerror(errno));
	}
	if ((dfd = dup(fd)) < 0 || !(dir = fdopendir(dfd))) {
		int saved = errno;

		if (dfd >= 0)
			close(dfd);
		close(fd);
		return errmsg(err, errlen, "cannot read saves: %s", strerror(saved));
	}
	while ((de = readdir(dir))) {
		struct entry e;

		remove_stale(fd, de->d_name, now);
		if (!entry_name(de->d_name, e.name, sizeof(e.name)) || !read_entry(fd, de->d_name, &e))
			continue;
		list = xrealloc(list, (n + 1) * sizeof(*list));
		list[n++] = e;
	}
	closedir(dir);
	close(fd);
	if (n > 1)
		qsort(list, n, sizeof(*list), newest_first);
	print_entries(list, n, out);
	free(list);
	return 0;
}
