/* The configuration written back: every value as a (path, text, help)
 * triple (cfg_each_value), from the table's rows and then the games'
 * sections; --dump-config nests the paths into YAML with each help as a
 * comment above its key, and SIGHUP's diff compares the triples of two
 * configurations. A value's text is the same in both, so the log shows
 * what the dump would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_internal.h"
#include "util/xalloc.h"

#define MAX_DEPTH 8 /* of a dumped path: games.go.levels.hard is 4 */

/* A text value as YAML reads it back: always in double quotes (with \",
 * \\ and \xNN for control bytes; NEL, LS and PS escaped, which YAML would
 * take for line breaks); or, unless always, plain when it can be: letters,
 * digits and . _ / : @ + = , - and inner spaces, no ": " or " #", not
 * ending in a space or a colon, not a word YAML reads as null. */
static void dump_text(struct strbuf *out, const char *s, bool always)
{
	static const char *const nulls[] = { "~", "null", "Null", "NULL" };
	bool plain = !always && *s && strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
					     "0123456789._/", *s) &&
		     !strchr(" :", s[strlen(s) - 1]) && !strstr(s, ": ") && !strstr(s, " #") &&
		     strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			       "._/:@+=,- ") == strlen(s);

	for (size_t i = 0; plain && i < sizeof(nulls) / sizeof(nulls[0]); i++)
		plain = strcmp(s, nulls[i]) != 0;
	if (plain) {
		sb_puts(out, s);
		return;
	}
	sb_puts(out, "\"");
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			sb_printf(out, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			sb_printf(out, "\\x%02x", *p);
		else if (p[0] == 0xc2 && p[1] == 0x85)
			sb_puts(out, "\\N"), p++;
		else if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9))
			sb_puts(out, p[2] == 0xa8 ? "\\L" : "\\P"), p += 2;
		else
			sb_append(out, (const char *)p, 1);
	}
	sb_puts(out, "\"");
}

/* A text key whose empty value means null. */
static void dump_text_or_null(struct strbuf *out, const char *s)
{
	if (*s)
		dump_text(out, s, false);
	else
		sb_puts(out, "null");
}

static void dump_origins(struct strbuf *out, const struct cfg_server *s)
{
	sb_puts(out, "[");
	for (int i = 0; i < s->nhttp_origins; i++) {
		sb_puts(out, i ? ", " : "");
		dump_text(out, s->http_origins[i], true);
	}
	sb_puts(out, "]");
}

void cfg_put_value(struct strbuf *out, const struct cfg_key *k, const void *base)
{
	const char *at = (const char *)base + k->offset;

	switch (k->type) {
	case CFG_INT:
		sb_printf(out, "%d", *(const int *)at);
		return;
	case CFG_LONG:
		sb_printf(out, "%ld", *(const long *)at);
		return;
	case CFG_REAL:
		sb_put_real(out, *(const double *)at);
		return;
	case CFG_BOOL:
		sb_puts(out, *(const bool *)at ? "true" : "false");
		return;
	case CFG_STRING:
	case CFG_WORD:
	case CFG_LISTEN:
		dump_text(out, at, false);
		return;
	case CFG_TEXT:
		dump_text(out, at, true);
		return;
	case CFG_LOG_LEVEL:
		sb_puts(out, k->choices[*(const enum log_level *)at]);
		return;
	case CFG_LISTEN_OR_NULL:
	case CFG_STRING_OR_NULL:
		dump_text_or_null(out, at);
		return;
	case CFG_ORIGINS:
		dump_origins(out, (const struct cfg_server *)((const char *)base +
							      offsetof(struct config, server)));
		return;
	case CFG_GAMES:
		return;
	}
}

/* Whether a level key holds a value (0 and false are "not given"). */
static bool level_key_set(const struct cfg_key *k, const struct game_level *l)
{
	const char *at = (const char *)l + k->offset;

	switch (k->type) {
	case CFG_INT:
		return *(const int *)at != 0;
	case CFG_LONG:
		return *(const long *)at != 0;
	case CFG_REAL:
		return *(const double *)at != 0;
	case CFG_BOOL:
		return *(const bool *)at;
	default:
		return false;
	}
}

/* A level as one flow mapping: its algorithm, then the keys it gives. */
static void put_level(struct strbuf *out, const struct game_level *l)
{
	sb_printf(out, "{algorithm: %s", l->algorithm);
	for (size_t i = 0; i < CFG_LEVEL_KEYS; i++) {
		const struct cfg_key *k = &cfg_level_keys[i];

		if (!level_key_set(k, l))
			continue;
		sb_printf(out, ", %s: ", k->path);
		cfg_put_value(out, k, l);
	}
	sb_puts(out, "}");
}

/* A value and its help are built in the emitter, then handed to fn at
 * once (emit), which empties both for the next. */
struct emitter {
	cfg_value_fn fn;        /* the caller's */
	void *arg;              /* its argument */
	struct strbuf value;    /* being built */
	struct strbuf help;     /* being built */
};

static void emit(struct emitter *e, const char *path, bool has_value)
{
	e->fn(e->arg, path, has_value ? sb_str(&e->value) : NULL,
	      e->help.len ? sb_str(&e->help) : NULL);
	sb_reset(&e->value);
	sb_reset(&e->help);
}

static void emit_row(struct emitter *e, const struct config *cfg, const struct cfg_key *k)
{
	cfg_put_value(&e->value, k, cfg);
	sb_puts(&e->help, k->help);
	if (k->reload == CFG_RESTART)
		sb_puts(&e->help, " (read at start only)");
	emit(e, k->path, true);
}

/* The help of a game's levels: every algorithm and the keys it takes. */
static void levels_help(struct strbuf *out, const struct game_ops *ops)
{
	sb_puts(out, "AI levels, weakest first; algorithms and their keys:");
	for (const struct game_algorithm *a = ops->algorithms; a && a->name; a++) {
		sb_printf(out, "%s %s (", a == ops->algorithms ? "" : ";", a->name);
		for (int i = 0; a->keys && a->keys[i]; i++)
			sb_printf(out, "%s%s", i ? ", " : "", a->keys[i]);
		sb_puts(out, a->keys && a->keys[0] ? ")" : "no keys)");
	}
}

static void emit_sizes(struct emitter *e, const struct cfg_game *g, const char *prefix)
{
	char path[96];

	if (g->nsizes) {
		sb_puts(&e->value, "[");
		for (int i = 0; i < g->nsizes; i++)
			sb_printf(&e->value, "%s%d", i ? ", " : "", g->sizes[i]);
		sb_puts(&e->value, "]");
	} else {
		sb_printf(&e->value, "{min: %d, max: %d}", g->min_size, g->max_size);
	}
	sb_puts(&e->help, "board sizes boardsize accepts: a list, or {min: A, max: B}");
	snprintf(path, sizeof(path), "%s.sizes", prefix);
	emit(e, path, true);
	if (!g->default_size)
		return;
	sb_printf(&e->value, "%d", g->default_size);
	sb_puts(&e->help, "a new game's size");
	snprintf(path, sizeof(path), "%s.default_size", prefix);
	emit(e, path, true);
}

static void emit_rules(struct emitter *e, const struct cfg_game *g, const char *prefix)
{
	char path[96];

	if (!g->default_rules[0])
		return;
	sb_puts(&e->value, g->default_rules);
	sb_puts(&e->help, "a new game's rules:");
	for (int i = 0; g->ops->rules && g->ops->rules[i]; i++)
		sb_printf(&e->help, "%s %s", i ? "," : "", g->ops->rules[i]);
	snprintf(path, sizeof(path), "%s.default_rules", prefix);
	emit(e, path, true);
}

static void emit_settings(struct emitter *e, const struct cfg_game *g, const char *prefix)
{
	char path[128];

	for (int i = 0; i < g->nsettings; i++) {
		const struct game_option *o = g->ops->options;

		while (o && o->key && strcmp(o->key, g->settings[i].key))
			o++;
		dump_text(&e->value, g->settings[i].value, false);
		sb_puts(&e->help, o && o->help ? o->help : "a setting of the game");
		snprintf(path, sizeof(path), "%s.%s", prefix, g->settings[i].key);
		emit(e, path, true);
	}
}

static void emit_levels(struct emitter *e, const struct cfg_game *g, const char *prefix)
{
	char path[128];

	if (g->default_level >= 0) {
		sb_puts(&e->value, g->levels[g->default_level].name);
		sb_puts(&e->help, "the level a session starts at (UAI and Gomocup: the last)");
		snprintf(path, sizeof(path), "%s.default_level", prefix);
		emit(e, path, true);
	}
	levels_help(&e->help, g->ops);
	snprintf(path, sizeof(path), "%s.levels", prefix);
	emit(e, path, false);
	for (int i = 0; i < g->nlevels; i++) {
		put_level(&e->value, &g->levels[i]);
		snprintf(path, sizeof(path), "%s.levels.%s", prefix, g->levels[i].name);
		emit(e, path, true);
	}
}

static void emit_game(struct emitter *e, const struct cfg_game *g)
{
	char prefix[64], path[96];

	snprintf(prefix, sizeof(prefix), "games.%s", g->ops->name);
	sb_puts(&e->value, g->enabled ? "true" : "false");
	sb_puts(&e->help, "offered by game and list_games");
	snprintf(path, sizeof(path), "%s.enabled", prefix);
	emit(e, path, true);
	emit_sizes(e, g, prefix);
	emit_rules(e, g, prefix);
	emit_settings(e, g, prefix);
	emit_levels(e, g, prefix);
}

void cfg_each_value(const struct config *cfg, cfg_value_fn fn, void *arg)
{
	struct emitter e = { fn, arg, STRBUF_INIT, STRBUF_INIT };

	for (size_t i = 0; i < cfg_nkeys; i++) {
		const struct cfg_key *k = &cfg_keys[i];

		if (k->type != CFG_GAMES) {
			emit_row(&e, cfg, k);
			continue;
		}
		sb_puts(&e.help, k->help);
		emit(&e, k->path, false);
		for (int g = 0; g < cfg->ngames; g++)
			emit_game(&e, &cfg->games[g]);
	}
	sb_free(&e.value);
	sb_free(&e.help);
}

/* --dump-config's writer: the sections a path opens, as far as they were
 * not open already, then the help and the key. */
struct dump_writer {
	struct strbuf *out;                 /* the YAML */
	char open[MAX_DEPTH][64];           /* sections open, outermost first */
	int nopen;                          /* how many */
};

static void write_value(void *arg, const char *path, const char *value, const char *help)
{
	struct dump_writer *w = arg;
	char comp[MAX_DEPTH][64];
	int n = 0;

	for (const char *p = path; *p && n < MAX_DEPTH; n++) {
		size_t len = strcspn(p, ".");

		snprintf(comp[n], sizeof(comp[n]), "%.*s", (int)len, p);
		p += len + (p[len] == '.');
	}
	int same = 0;
	while (same < w->nopen && same < n - 1 && !strcmp(w->open[same], comp[same]))
		same++;
	for (w->nopen = same; w->nopen < n - 1; w->nopen++) {
		sb_printf(w->out, "%*s%s:\n", 2 * w->nopen, "", comp[w->nopen]);
		snprintf(w->open[w->nopen], sizeof(w->open[0]), "%s", comp[w->nopen]);
	}
	if (help)
		sb_printf(w->out, "%*s# %s\n", 2 * (n - 1), "", help);
	if (value) {
		sb_printf(w->out, "%*s%s: %s\n", 2 * (n - 1), "", comp[n - 1], value);
		return;
	}
	sb_printf(w->out, "%*s%s:\n", 2 * (n - 1), "", comp[n - 1]);
	snprintf(w->open[w->nopen++], sizeof(w->open[0]), "%s", comp[n - 1]);
}

void cfg_dump(const struct config *cfg, struct strbuf *out)
{
	struct dump_writer w = { .out = out };

	cfg_each_value(cfg, write_value, &w);
}

/* A configuration's values, for the diff. */
struct value_list {
	char **paths, **values; /* malloc'd, n of each */
	size_t n, cap;          /* used, allocated */
};

static void collect(void *arg, const char *path, const char *value, const char *help)
{
	struct value_list *l = arg;

	(void)help;
	if (!value)
		return; /* a section */
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 128;
		l->paths = xrealloc(l->paths, l->cap * sizeof(*l->paths));
		l->values = xrealloc(l->values, l->cap * sizeof(*l->values));
	}
	l->paths[l->n] = xstrdup(path);
	l->values[l->n++] = xstrdup(value);
}

static void free_values(struct value_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->paths[i]);
		free(l->values[i]);
	}
	free(l->paths);
	free(l->values);
}

/* The value of path in l, or NULL. */
static const char *find_value(const struct value_list *l, const char *path)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->paths[i], path))
			return l->values[i];
	return NULL;
}

void cfg_diff(const struct config *old, const struct config *new, cfg_diff_fn fn, void *arg)
{
	struct value_list a = { 0 }, b = { 0 };

	cfg_each_value(old, collect, &a);
	cfg_each_value(new, collect, &b);
	for (size_t i = 0; i < a.n; i++) { /* changed and removed */
		const char *now = find_value(&b, a.paths[i]);

		if (!now || strcmp(now, a.values[i]) != 0)
			fn(arg, a.paths[i], a.values[i], now);
	}
	for (size_t i = 0; i < b.n; i++) /* added */
		if (!find_value(&a, b.paths[i]))
			fn(arg, b.paths[i], NULL, b.values[i]);
	free_values(&a);
	free_values(&b);
}
