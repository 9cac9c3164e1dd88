/* What the configuration's files share and nothing else sees:
 *
 *   cfg_table.c  the rows: one per key of the scalar sections (path, type,
 *                where it lives in struct config, limits, help, whether
 *                SIGHUP applies it), and one per key of an AI level
 *   cfg_parse.c  the YAML walk, the typed getters and errors with marks;
 *                the scalar sections are read by walking the table
 *   cfg_games.c  games.<game>: sizes, options, levels (checked against the
 *                keys their algorithm takes), the checks on a game, and
 *                what sessions ask of a game's section
 *   cfg_dump.c   every value as (path, text, help): --dump-config and the
 *                SIGHUP diff
 *   cfg.c        load, overlay, checks across sections, references
 *
 * Defaults are not in the table: the shipped quintet.yaml (conf/quintet.yaml
 * and each game's section, put together by the build), compiled in as
 * cfg_default_text, is read first, so every row's default is the shipped
 * file's value (tests/unit/test_cfg.c reads each back). */
#ifndef QUINTET_CFG_INTERNAL_H
#define QUINTET_CFG_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "cfg.h"

#define CFG_BUILTIN_NAME "built-in defaults"

/* A key list or a choice list, whole: the longest (server's keys) is
 * about 330 bytes. */
#define CFG_LISTLEN 768

/* How a row's value is read, checked, stored and written back. */
enum cfg_type {
	CFG_INT,       /* int, from min to max */
	CFG_LONG,      /* long, from min to max */
	CFG_REAL,      /* double, from min to max */
	CFG_BOOL,      /* bool: true/false, yes/no, on/off */
	CFG_STRING,    /* char[size], not empty */
	CFG_TEXT,      /* char[size], may be empty; written quoted */
	CFG_WORD,      /* char[size], one of choices */
	CFG_LOG_LEVEL, /* enum log_level, one of choices */
	CFG_LISTEN,    /* char[size], [HOST:]PORT */
	CFG_LISTEN_OR_NULL, /* char[size], [HOST:]PORT, or null: "" */
	CFG_STRING_OR_NULL, /* char[size], a text, or null: "" */
	CFG_ORIGINS,   /* server.http_origins: a list of texts */
	CFG_GAMES,     /* games: cfg_games.c reads it (no value of its own) */
};

/* When a changed value takes effect. */
enum cfg_reload {
	CFG_LIVE,    /* SIGHUP applies it (to new sessions, or at once) */
	CFG_RESTART, /* read at start only: SIGHUP reports it needs a restart */
};

/* One key of a scalar section. */
struct cfg_key {
	const char *path;            /* "server.max_line"; sections by its dots */
	enum cfg_type type;          /* how it is read and written */
	size_t offset;               /* of the value in struct config */
	size_t size;                 /* bytes of a text value (char[size]) */
	double min, max;             /* inclusive, for INT, LONG and REAL */
	const char *const *choices;  /* WORD and LOG_LEVEL: allowed words, NULL-ended */
	size_t mark;                 /* offset of a struct cfg_mark to set, 0: none */
	enum cfg_reload reload;      /* live or at start only */
	const char *help;            /* one line, --dump-config's comment */
};

extern const struct cfg_key cfg_keys[];
extern const size_t cfg_nkeys;

/* The keys of a level (games.<game>.levels.<name>) but algorithm, which
 * names one of the game's: paths relative to the level, offsets into
 * struct game_level. A value of 0 (false) is "not given": the game's own
 * default, and not dumped. */
#define CFG_LEVEL_KEYS 11
extern const struct cfg_key cfg_level_keys[CFG_LEVEL_KEYS];

/* The row of path, or NULL. */
const struct cfg_key *cfg_key_find(const char *path);

/* The names of section's children (a key, or a subsection: "postgresql"
 * for "storage"), in table order, each once, joined by ", " into out (len
 * bytes); section "" is the top. */
void cfg_key_children(const char *section, char *out, size_t len);

/* Whether path is a section of the table (a prefix of some row's path). */
bool cfg_is_section(const char *path);

/* A parse in progress. */
struct cfg_ctx {
	struct config *cfg;    /* being filled */
	const char *file;      /* name errors give, owned by cfg */
	yaml_document_t *doc;  /* the parsed file */
	char *err;             /* caller's error buffer */
	size_t errlen;         /* its size */
	long visits;           /* nodes walked, against alias bombs */
};

/* The config keeps the names of the files it was read from, so marks stay
 * valid as long as the config: names[0] the defaults, names[1] the file. */
struct config_files {
	struct config cfg;     /* first: a struct config * is one of these */
	char names[2][1024];   /* what marks point at */
};

/* A key's handler: apply value to target. */
typedef int (*cfg_apply_fn)(struct cfg_ctx *c, const char *path, const char *key,
			    yaml_node_t *key_node, yaml_node_t *value, void *target);

/* ---- cfg_parse.c: each returns 0, or -1 with the error in c->err ---- */

yaml_node_t *cfg_node_at(struct cfg_ctx *c, int index);
struct cfg_mark cfg_mark_of(struct cfg_ctx *c, const yaml_node_t *n);
int cfg_fail_mark(struct cfg_ctx *c, struct cfg_mark m, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#define cfg_fail(c, n, path, ...) cfg_fail_mark((c), cfg_mark_of((c), (n)), (path), __VA_ARGS__)

bool cfg_is_null(const yaml_node_t *n);
int cfg_get_scalar(struct cfg_ctx *c, const yaml_node_t *n, const char *path, const char **text);
int cfg_get_long(struct cfg_ctx *c, const yaml_node_t *n, const char *path, long min, long max,
		 long *out);
int cfg_get_int(struct cfg_ctx *c, const yaml_node_t *n, const char *path, long min, long max,
		int *out);
int cfg_get_real(struct cfg_ctx *c, const yaml_node_t *n, const char *path, double min,
		 double max, double *out);
int cfg_get_bool(struct cfg_ctx *c, const yaml_node_t *n, const char *path, bool *out);
int cfg_get_string(struct cfg_ctx *c, const yaml_node_t *n, const char *path, char *out,
		   size_t len);
int cfg_get_word(struct cfg_ctx *c, const yaml_node_t *n, const char *path,
		 const char *const *choices, char *out, size_t len);

/* words joined by ", " into out (len bytes). */
void cfg_list_words(const char *const *words, char *out, size_t len);

/* "unknown key (expected one of ...)" at key. */
int cfg_unknown_key(struct cfg_ctx *c, yaml_node_t *key, const char *path,
		    const char *const *known);

/* Read v as k says into base (a struct config for cfg_keys, a struct
 * game_level for cfg_level_keys) + k->offset. */
int cfg_apply_value(struct cfg_ctx *c, const struct cfg_key *k, const char *path,
		    yaml_node_t *v, void *base);

/* Walk a mapping: each key once (duplicates refused), each handled by apply. */
int cfg_walk_mapping(struct cfg_ctx *c, yaml_node_t *map, const char *path,
		     cfg_apply_fn apply, void *target);

/* Parse one YAML text and lay it over c->cfg. */
int cfg_apply_text(struct cfg_ctx *c, const char *text, size_t len);

/* ---- cfg_games.c ---- */

/* cfg_apply_fn for the mapping under "games" (target unused). */
int cfg_apply_games(struct cfg_ctx *c, const char *path, const char *key,
		    yaml_node_t *key_node, yaml_node_t *v, void *target);

/* The game section named name, or NULL. */
struct cfg_game *cfg_find_game(struct config *cfg, const char *name);

/* A game section after every file: its default size and level exist, the
 * game accepts its settings and sizes. */
int cfg_check_game(struct cfg_ctx *c, struct cfg_game *g);

/* The keys algorithm takes in ops's game (besides "algorithm"), or NULL
 * when ops has no such algorithm. */
const char *const *cfg_algorithm_keys(const struct game_ops *ops, const char *algorithm);

/* ---- cfg.c ---- */

/* The mark to blame for a conflict: the one the user's file set, if any. */
struct cfg_mark cfg_blame(const struct config *cfg, struct cfg_mark a, struct cfg_mark b);

/* ---- cfg_dump.c ---- */

/* One value of a configuration: path, its text as --dump-config writes
 * it, and a one-line help (or NULL). */
typedef void (*cfg_value_fn)(void *arg, const char *path, const char *value, const char *help);

/* Every value of cfg, in --dump-config's order. */
void cfg_each_value(const struct config *cfg, cfg_value_fn fn, void *arg);

/* k's value at base + k->offset as --dump-config writes it. */
void cfg_put_value(struct strbuf *out, const struct cfg_key *k, const void *base);

#endif
