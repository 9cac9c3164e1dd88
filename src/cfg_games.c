/* games.<game>: one section per registered game, read by code of its own
 * rather than table rows, since what it holds is each game's: options
 * (ops->options, each checked by its declared type), sizes, rules and AI
 * levels, whose algorithm is one of ops->algorithms and whose other keys
 * (cfg_level_keys) must be ones that algorithm takes. Values are read by
 * the same typed getters as the table's (cfg_parse.c). After every file,
 * cfg_check_game tries the settings and sizes on a throwaway game. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cfg_internal.h"

#define MAX_ALGORITHMS 16

/* A level being read: the game that judges its algorithm, and which keys
 * this mapping gave (and where), held to the algorithm once it is known:
 * it may come after them, or from the level this one overlays. */
struct level_target {
	struct game_level *level;   /* filled */
	const struct game_ops *ops; /* the game */
	struct cfg_mark given[CFG_LEVEL_KEYS]; /* a key's mark; file NULL: not given */
};

const char *const *cfg_algorithm_keys(const struct game_ops *ops, const char *algorithm)
{
	for (const struct game_algorithm *a = ops->algorithms; a && a->name; a++)
		if (!strcmp(a->name, algorithm))
			return a->keys;
	return NULL;
}

/* games.<game>.levels.<level>.algorithm: one of the game's. */
static int get_algorithm(struct cfg_ctx *c, const yaml_node_t *v, const char *path,
			 const struct game_ops *ops, struct game_level *l)
{
	const char *names[MAX_ALGORITHMS + 1];
	int n = 0;

	for (const struct game_algorithm *a = ops->algorithms; a && a->name && n < MAX_ALGORITHMS;
	     a++)
		names[n++] = a->name;
	names[n] = NULL;
	return cfg_get_word(c, v, path, names, l->algorithm, sizeof(l->algorithm));
}

/* games.<game>.levels.<level>: */
static int apply_level(struct cfg_ctx *c, const char *path, const char *key,
		       yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	struct level_target *t = target;
	const char *names[CFG_LEVEL_KEYS + 2] = { "algorithm" };

	if (!strcmp(key, "algorithm"))
		return get_algorithm(c, v, path, t->ops, t->level);
	for (size_t i = 0; i < CFG_LEVEL_KEYS; i++) {
		if (!strcmp(key, cfg_level_keys[i].path)) {
			t->given[i] = cfg_mark_of(c, key_node);
			return cfg_apply_value(c, &cfg_level_keys[i], path, v, t->level);
		}
		names[i + 1] = cfg_level_keys[i].path;
	}
	return cfg_unknown_key(c, key_node, path, names);
}

static bool takes(const char *const *keys, const char *key)
{
	for (int i = 0; keys && keys[i]; i++)
		if (!strcmp(keys[i], key))
			return true;
	return false;
}

/* Bytes of a level key's value, to clear it. */
static size_t value_size(enum cfg_type type)
{
	switch (type) {
	case CFG_INT:
		return sizeof(int);
	case CFG_LONG:
		return sizeof(long);
	case CFG_REAL:
		return sizeof(double);
	case CFG_BOOL:
		return sizeof(bool);
	default:
		return 0;
	}
}

/* A level's keys against its algorithm: one this mapping gave that the
 * algorithm does not take is an error naming those it takes; one kept
 * from the level this mapping overlays (a new algorithm over a shipped
 * level) is dropped, so that what is dumped loads back. */
static int hold_to_algorithm(struct cfg_ctx *c, const char *path, struct level_target *t)
{
	const char *algorithm = t->level->algorithm;
	const char *const *keys = cfg_algorithm_keys(t->ops, algorithm);
	char list[CFG_LISTLEN], child[512];

	for (size_t i = 0; i < CFG_LEVEL_KEYS; i++) {
		const struct cfg_key *k = &cfg_level_keys[i];

		if (takes(keys, k->path))
			continue;
		if (t->given[i].file) {
			cfg_list_words(keys, list, sizeof(list));
			snprintf(child, sizeof(child), "%s.%s", path, k->path);
			return cfg_fail_mark(c, t->given[i], child, "%s takes no '%s' (its keys: %s)",
					     algorithm, k->path, *list ? list : "none");
		}
		memset((char *)t->level + k->offset, 0, value_size(k->type));
	}
	return 0;
}

static bool is_level_name(const char *name)
{
	size_t n = strlen(name);

	return n > 0 && n < 32 && strspn(name, "abcdefghijklmnopqrstuvwxyz"
					       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == n;
}


static void list_levels(const struct cfg_game *g, char *out, size_t len)
{
	size_t used = 0;

	snprintf(out, len, "none");
	for (int i = 0; i < g->nlevels && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s", i ? ", " : "",
					 g->levels[i].name);
}

/* Remove level key (its value was null). */
static int remove_level(struct cfg_ctx *c, const char *path, yaml_node_t *key_node,
			struct cfg_game *g, const char *key)
{
	int i = cfg_level_index(g, key);
	char names[256];

	if (i < 0) {
		list_levels(g, names, sizeof(names));
		return cfg_fail(c, key_node, path, "no level named \"%s\" to remove (levels: %s)", key,
				names);
	}
	memmove(&g->levels[i], &g->levels[i + 1], (size_t)(g->nlevels - i - 1) * sizeof(g->levels[0]));
	g->nlevels--;
	return 0;
}

/* games.<game>.levels: a map of level name to level, merged over the
 * levels already read: a new name is added (at the end), a known one gets
 * the keys given (the others stay), a null value removes it. */
static int apply_levels_entry(struct cfg_ctx *c, const char *path, const char *key,
			      yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	struct cfg_game *g = target;
	int i = cfg_level_index(g, key);

	if (!is_level_name(key))
		return cfg_fail(c, key_node, path,
				"level names are 1 to 31 letters, digits, '-' or '_'");
	if (cfg_is_null(v))
		return remove_level(c, path, key_node, g, key);
	if (i < 0 && g->nlevels == CFG_MAX_LEVELS)
		return cfg_fail(c, key_node, path, "too many levels (at most %d)", CFG_MAX_LEVELS);
	struct game_level l = { 0 };
	if (i >= 0)
		l = g->levels[i];
	snprintf(l.name, sizeof(l.name), "%s", key);
	struct level_target t = { .level = &l, .ops = g->ops };
	if (cfg_walk_mapping(c, v, path, apply_level, &t) < 0)
		return -1;
	if (!l.algorithm[0])
		return cfg_fail(c, v, path, "missing key algorithm");
	if (hold_to_algorithm(c, path, &t) < 0)
		return -1;
	g->levels[i >= 0 ? i : g->nlevels++] = l;
	return 0;
}

/* games.<game>.sizes: a list of sizes, or {min: A, max: B}. */
static int apply_size_range(struct cfg_ctx *c, const char *path, const char *key,
			    yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	static const char *const keys[] = { "min", "max", NULL };
	struct cfg_game *g = target;

	if (!strcmp(key, "min"))
		return cfg_get_int(c, v, path, 1, 10000, &g->min_size);
	if (!strcmp(key, "max"))
		return cfg_get_int(c, v, path, 1, 10000, &g->max_size);
	return cfg_unknown_key(c, key_node, path, keys);
}

/* A range merges over a range read before ({max: 19} keeps the min); a
 * list replaces whatever was there. */
static int apply_sizes(struct cfg_ctx *c, const char *path, yaml_node_t *v, struct cfg_game *g)
{
	g->at_sizes = cfg_mark_of(c, v);
	if (v->type == YAML_MAPPING_NODE) {
		if (g->nsizes > 0) {
			g->min_size = 0;
			g->max_size = 0;
		}
		g->nsizes = 0;
		if (cfg_walk_mapping(c, v, path, apply_size_range, g) < 0)
			return -1;
		if (!g->min_size || !g->max_size || g->min_size > g->max_size)
			return cfg_fail(c, v, path, "expected {min: A, max: B} with A <= B");
		return 0;
	}
	if (v->type != YAML_SEQUENCE_NODE)
		return cfg_fail(c, v, path, "expected a list of sizes or {min: A, max: B}");
	g->nsizes = 0;
	for (yaml_node_item_t *it = v->data.sequence.items.start;
	     it < v->data.sequence.items.top; it++) {
		if (g->nsizes == CFG_MAX_SIZES)
			return cfg_fail(c, v, path, "too many sizes (at most %d)", CFG_MAX_SIZES);
		if (cfg_get_int(c, cfg_node_at(c, *it), path, 1, 10000, &g->sizes[g->nsizes++]) < 0)
			return -1;
	}
	if (g->nsizes == 0)
		return cfg_fail(c, v, path, "expected at least one size");
	return 0;
}

static const struct game_option *find_option(const struct game_ops *ops, const char *key)
{
	for (const struct game_option *o = ops->options; o && o->key; o++)
		if (!strcmp(o->key, key))
			return o;
	return NULL;
}

/* A game option: checked by its declared type, stored as text. */
static int apply_option(struct cfg_ctx *c, const char *path, const struct game_option *o,
			yaml_node_t *v, struct cfg_game *g)
{
	struct cfg_setting *set = NULL;
	long n;
	double x;
	bool b;

	for (int i = 0; i < g->nsettings; i++)
		if (!strcmp(g->settings[i].key, o->key))
			set = &g->settings[i];
	if (!set && g->nsettings == CFG_MAX_SETTINGS)
		return cfg_fail(c, v, path, "too many settings");
	if (!set)
		set = &g->settings[g->nsettings++];
	snprintf(set->key, sizeof(set->key), "%s", o->key);
	set->at = cfg_mark_of(c, v);
	switch (o->type) {
	case GAME_OPT_INT:
		if (cfg_get_long(c, v, path, (long)o->min, (long)o->max, &n) < 0)
			return -1;
		snprintf(set->value, sizeof(set->value), "%ld", n);
		return 0;
	case GAME_OPT_REAL:
		if (cfg_get_real(c, v, path, o->min, o->max, &x) < 0)
			return -1;
		return cfg_get_string(c, v, path, set->value, sizeof(set->value));
	case GAME_OPT_BOOL:
		if (cfg_get_bool(c, v, path, &b) < 0)
			return -1;
		snprintf(set->value, sizeof(set->value), "%s", b ? "true" : "false");
		return 0;
	case GAME_OPT_ENUM:
		return cfg_get_word(c, v, path, o->choices, set->value, sizeof(set->value));
	}
	return -1;
}

static const char *const game_keys[] = { "enabled", "sizes", "default_size", "default_rules",
					 "default_level", "levels", "(or a game option)", NULL };

/* games.<game>: */
static int apply_game(struct cfg_ctx *c, const char *path, const char *key,
		      yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	struct cfg_game *g = target;
	const struct game_option *o;

	if (!strcmp(key, "enabled")) {
		g->at_enabled = cfg_mark_of(c, v);
		return cfg_get_bool(c, v, path, &g->enabled);
	}
	if (!strcmp(key, "sizes"))
		return apply_sizes(c, path, v, g);
	if (!strcmp(key, "default_size")) {
		g->at_size = cfg_mark_of(c, v);
		return cfg_get_int(c, v, path, 1, 10000, &g->default_size);
	}
	if (!strcmp(key, "default_rules")) {
		g->at_rules = cfg_mark_of(c, v);
		if (!g->ops->rules)
			return cfg_fail(c, v, path, "%s has no rule variants", g->ops->name);
		return cfg_get_word(c, v, path, g->ops->rules, g->default_rules,
				    sizeof(g->default_rules));
	}
	if (!strcmp(key, "default_level")) {
		g->at_level = cfg_mark_of(c, v);
		return cfg_get_string(c, v, path, g->default_level_name, sizeof(g->default_level_name));
	}
	if (!strcmp(key, "levels")) {
		g->at_levels = cfg_mark_of(c, v);
		return cfg_walk_mapping(c, v, path, apply_levels_entry, g);
	}
	if ((o = find_option(g->ops, key)))
		return apply_option(c, path, o, v, g);
	return cfg_unknown_key(c, key_node, path, game_keys);
}

struct cfg_game *cfg_find_game(struct config *cfg, const char *name)
{
	for (int i = 0; i < cfg->ngames; i++)
		if (!strcasecmp(cfg->games[i].ops->name, name))
			return &cfg->games[i];
	return NULL;
}

/* games: */
int cfg_apply_games(struct cfg_ctx *c, const char *path, const char *key,
		    yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	struct cfg_game *g = cfg_find_game(c->cfg, key);
	const char *names[CFG_MAX_GAMES + 1] = { NULL };

	(void)target;
	if (g)
		return cfg_walk_mapping(c, v, path, apply_game, g);
	for (int i = 0; i < c->cfg->ngames; i++)
		names[i] = c->cfg->games[i].ops->name;
	return cfg_unknown_key(c, key_node, path, names);
}


static int probe_size(struct cfg_ctx *c, struct game *probe, const struct cfg_game *g,
		      int size, struct cfg_mark at, const char *what)
{
	char text[16], why[128], path[64];

	snprintf(text, sizeof(text), "%d", size);
	snprintf(path, sizeof(path), "games.%s.%s", g->ops->name, what);
	if (!g->ops->set_size || g->ops->set_size(probe, text, why, sizeof(why)) == 0)
		return 0;
	return cfg_fail_mark(c, at, path, "%s does not accept size %d (%s)", g->ops->name, size, why);
}

/* Settings and sizes the game itself refuses, tried on a throwaway game. */
static int probe_game(struct cfg_ctx *c, const struct cfg_game *g)
{
	struct game *probe = g->ops->create(1);
	char why[128], path[96];
	int rc = 0;

	for (int i = 0; rc == 0 && i < g->nsettings; i++) {
		const struct cfg_setting *set = &g->settings[i];

		snprintf(path, sizeof(path), "games.%s.%s", g->ops->name, set->key);
		if (g->ops->set_option(probe, set->key, set->value, why, sizeof(why)) < 0)
			rc = cfg_fail_mark(c, set->at, path, "%s", why);
	}
	/* Sizes no file configured are the game's own business. */
	bool ranged = g->nsizes == 0 && g->at_sizes.file && g->ops->set_size;
	if (rc == 0 && ranged)
		rc = probe_size(c, probe, g, g->min_size, g->at_sizes, "sizes");
	if (rc == 0 && ranged)
		rc = probe_size(c, probe, g, g->max_size, g->at_sizes, "sizes");
	for (int i = 0; rc == 0 && i < g->nsizes; i++)
		rc = probe_size(c, probe, g, g->sizes[i], g->at_sizes, "sizes");
	g->ops->destroy(probe);
	return rc;
}

static int check_levels(struct cfg_ctx *c, struct cfg_game *g)
{
	char path[64], names[256];

	snprintf(path, sizeof(path), "games.%s.default_level", g->ops->name);
	g->default_level = g->nlevels ? 0 : -1;
	if (!g->default_level_name[0])
		return 0;
	g->default_level = cfg_level_index(g, g->default_level_name);
	if (g->default_level >= 0)
		return 0;
	list_levels(g, names, sizeof(names));
	return cfg_fail_mark(c, cfg_blame(c->cfg, g->at_level, g->at_levels), path,
			     "no level named \"%s\" (levels: %s)", g->default_level_name, names);
}

int cfg_check_game(struct cfg_ctx *c, struct cfg_game *g)
{
	char path[64];

	snprintf(path, sizeof(path), "games.%s.default_size", g->ops->name);
	if (g->default_size && !cfg_size_allowed(g, g->default_size))
		return cfg_fail_mark(c, cfg_blame(c->cfg, g->at_size, g->at_sizes), path,
				     "%d is not among the allowed sizes", g->default_size);
	if (check_levels(c, g) < 0 || probe_game(c, g) < 0)
		return -1;
	if (g->default_size) {
		struct game *probe = g->ops->create(1);
		int rc = probe_size(c, probe, g, g->default_size, g->at_size, "default_size");

		g->ops->destroy(probe);
		return rc;
	}
	return 0;
}

/* ---- A game's section, for the sessions and front ends ---- */

const struct cfg_game *cfg_game(const struct config *cfg, const char *name)
{
	return cfg_find_game((struct config *)cfg, name);
}

bool cfg_size_allowed(const struct cfg_game *gc, long size)
{
	if (gc->nsizes == 0)
		return size >= gc->min_size && size <= gc->max_size;
	for (int i = 0; i < gc->nsizes; i++)
		if (gc->sizes[i] == size)
			return true;
	return false;
}

struct game *cfg_new_game(const struct cfg_game *gc, uint64_t seed)
{
	struct game *g = gc->ops->create(seed);
	char text[16], err[CFG_ERRLEN];

	/* Every value was checked on a throwaway game when the file was read. */
	for (int i = 0; i < gc->nsettings; i++)
		gc->ops->set_option(g, gc->settings[i].key, gc->settings[i].value, err,
				    sizeof(err));
	snprintf(text, sizeof(text), "%d", gc->default_size);
	if (gc->default_size && gc->ops->set_size)
		gc->ops->set_size(g, text, err, sizeof(err));
	if (gc->default_rules[0] && gc->ops->set_rules)
		gc->ops->set_rules(g, gc->default_rules, err, sizeof(err));
	return g;
}

int cfg_level_index(const struct cfg_game *gc, const char *name)
{
	for (int i = 0; i < gc->nlevels; i++)
		if (!strcmp(gc->levels[i].name, name))
			return i;
	for (int i = 0; i < gc->nlevels; i++) /* a client's Hard is hard */
		if (!strcasecmp(gc->levels[i].name, name))
			return i;
	return -1;
}

int cfg_level_names(const struct cfg_game *gc, const char **names)
{
	for (int i = 0; i < gc->nlevels; i++)
		names[i] = gc->levels[i].name;
	return gc->nlevels;
}

int cfg_set_default_level(struct config *cfg, const char *game, const char *level)
{
	struct cfg_game *g = cfg_find_game(cfg, game);
	int i = g ? cfg_level_index(g, level) : -1;

	if (i < 0)
		return -1;
	g->default_level = i;
	g->level_chosen = true;
	return 0;
}

int cfg_start_level(const struct cfg_game *gc, enum cfg_audience who)
{
	if (!gc)
		return -1;
	if (who == CFG_FOR_TOOLS && !gc->level_chosen && gc->nlevels > 0)
		return gc->nlevels - 1;
	return gc->default_level;
}
