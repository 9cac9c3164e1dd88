/* The configuration as a whole: the built-in defaults, then a user's file
 * laid over them, then the checks across sections; the copies, the
 * references and the current configuration. Reading a file is
 * cfg_parse.c's, its keys cfg_table.c's and cfg_games.c's, writing one
 * back cfg_dump.c's (cfg_internal.h draws the split). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cfg_internal.h"
#include "util/files.h"
#include "util/xalloc.h"

/* The mark to blame for a conflict: the one the user's file set, if any. */
struct cfg_mark cfg_blame(const struct config *cfg, struct cfg_mark a, struct cfg_mark b)
{
	const struct config_files *cf = (const struct config_files *)cfg;

	if (b.file == cf->names[1] && a.file != cf->names[1])
		return b;
	return a.file ? a : b;
}

/* Checks across sections, after every file: each game's own, then
 * default_game names a game that is enabled (blaming whichever the user's
 * file set). */
static int check_all(struct cfg_ctx *c)
{
	struct config *cfg = c->cfg;
	const struct cfg_game *dg = cfg_find_game(cfg, cfg->default_game);

	for (int i = 0; i < cfg->ngames; i++)
		if (cfg_check_game(c, &cfg->games[i]) < 0)
			return -1;
	if (!dg)
		return cfg_fail_mark(c, cfg->at_default_game, "default_game", "no game named \"%s\"",
				     cfg->default_game);
	if (!dg->enabled && cfg_blame(cfg, cfg->at_default_game, dg->at_enabled).file ==
				    cfg->at_default_game.file)
		return cfg_fail_mark(c, cfg->at_default_game, "default_game",
				     "game \"%s\" is disabled", cfg->default_game);
	if (!dg->enabled) {
		char path[64];

		snprintf(path, sizeof(path), "games.%s.enabled", dg->ops->name);
		return cfg_fail_mark(c, dg->at_enabled, path, "%s is the default_game", dg->ops->name);
	}
	return 0;
}

static struct config *config_new(void)
{
	struct config_files *cf = xcalloc(1, sizeof(*cf));
	struct config *cfg = &cf->cfg;

	cfg->refs = 1;
	snprintf(cf->names[0], sizeof(cf->names[0]), "%s", CFG_BUILTIN_NAME);
	snprintf(cfg->source, sizeof(cfg->source), "%s", CFG_BUILTIN_NAME);
	snprintf(cfg->default_game, sizeof(cfg->default_game), "%s", game_table[0]->name);
	for (int i = 0; game_table[i] && i < CFG_MAX_GAMES; i++) {
		struct cfg_game *g = &cfg->games[cfg->ngames++];

		g->ops = game_table[i];
		g->enabled = true;
		g->min_size = 1;
		g->max_size = 10000;
	}
	return cfg;
}

struct config *cfg_load_text(const char *text, size_t len, const char *name,
			     char *err, size_t errlen)
{
	struct config *cfg = config_new();
	struct config_files *cf = (struct config_files *)cfg;
	struct cfg_ctx c = { .cfg = cfg, .file = cf->names[0], .err = err, .errlen = errlen };

	if (cfg_apply_text(&c, cfg_default_text, strlen(cfg_default_text)) < 0)
		goto fail;
	if (name) {
		snprintf(cf->names[1], sizeof(cf->names[1]), "%s", name);
		snprintf(cfg->source, sizeof(cfg->source), "%s", name);
		c.file = cf->names[1];
		if (len > CFG_MAX_FILE_BYTES) {
			cfg_fail_mark(&c, (struct cfg_mark){ c.file, 1, 1 }, "",
				      "file too large (more than %d bytes)", CFG_MAX_FILE_BYTES);
			goto fail;
		}
		if (cfg_apply_text(&c, text, len) < 0)
			goto fail;
	}
	if (check_all(&c) < 0)
		goto fail;
	return cfg;
fail:
	free(cf);
	return NULL;
}

struct config *cfg_load(const char *path, char *err, size_t errlen)
{
	char ferr[CFG_ERRLEN], *buf;
	size_t len;

	if (!path)
		return cfg_load_text(NULL, 0, NULL, err, errlen);
	/* Through the files module: a FIFO or device named as the file is
	 * refused at once instead of blocking, and the buffer fits the file.
	 * One byte past the limit lets cfg_load_text name the limit. */
	if (files_read(AT_FDCWD, false, path, CFG_MAX_FILE_BYTES + 1, &buf, &len, ferr,
		       sizeof(ferr)) < 0) {
		if (strncmp(ferr, "file too large", 14) == 0)
			snprintf(err, errlen, "%s:1:1: file too large (more than %d bytes)", path,
				 CFG_MAX_FILE_BYTES);
		else if (strncmp(ferr, "cannot open file: ", 18) == 0)
			snprintf(err, errlen, "%s: cannot open: %s", path, ferr + 18);
		else
			snprintf(err, errlen, "%s: %s", path, ferr);
		return NULL;
	}
	struct config *cfg = cfg_load_text(buf, len, path, err, errlen);
	free(buf);
	return cfg;
}

const char *cfg_default_path(void)
{
	static const char installed[] = SYSCONFDIR "/quintet.yaml";
	const char *env = getenv("QUINTET_CONFIG");
	struct stat st;

	if (env && *env)
		return env;
	return stat(installed, &st) == 0 ? installed : NULL;
}

static struct config *current; /* see cfg_current */

struct config *cfg_current(void)
{
	char err[CFG_ERRLEN];

	if (!current && !(current = cfg_load(NULL, err, sizeof(err)))) {
		/* The compiled-in file is checked by the tests; this is a build bug. */
		fprintf(stderr, "quintet: built-in configuration: %s\n", err);
		abort();
	}
	return current;
}

void cfg_set_current(struct config *cfg)
{
	struct config *old = current;

	current = cfg ? cfg_ref(cfg) : NULL;
	cfg_unref(old);
}

struct config *cfg_ref(struct config *cfg)
{
	cfg->refs++;
	return cfg;
}

void cfg_unref(struct config *cfg)
{
	if (cfg && --cfg->refs == 0)
		free((struct config_files *)cfg);
}

/* Point a mark of a copy at the copy's own file names. */
static void relink(struct cfg_mark *m, const struct config_files *from, struct config_files *to)
{
	for (int i = 0; i < 2; i++)
		if (m->file == from->names[i])
			m->file = to->names[i];
}

struct config *cfg_copy(const struct config *cfg)
{
	const struct config_files *from = (const struct config_files *)cfg;
	struct config_files *to = xmalloc(sizeof(*to));

	memcpy(to, from, sizeof(*to));
	to->cfg.refs = 1;
	relink(&to->cfg.at_default_game, from, to);
	for (int i = 0; i < to->cfg.ngames; i++) {
		struct cfg_game *g = &to->cfg.games[i];
		struct cfg_mark *marks[] = { &g->at_size, &g->at_sizes, &g->at_rules, &g->at_level,
					     &g->at_levels, &g->at_enabled };

		for (size_t k = 0; k < sizeof(marks) / sizeof(marks[0]); k++)
			relink(marks[k], from, to);
		for (int k = 0; k < g->nsettings; k++)
			relink(&g->settings[k].at, from, to);
	}
	return &to->cfg;
}

