#include "cfg.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <yaml.h>

#include "gtp.h"
#include "util/files.h"
#include "util/listen.h"
#include "util/yaml_depth.h"
#include "util/xalloc.h"

#define CFG_MAX_VISITS 100000
#define BUILTIN_NAME "built-in defaults"

struct cfg_ctx {
	struct config *cfg;    /* being filled */
	const char *file;      /* name errors give, owned by cfg */
	yaml_document_t *doc;  /* the parsed file */
	char *err;             /* caller's error buffer */
	size_t errlen;         /* its size */
	long visits;           /* nodes walked, against alias bombs */
};

/* The config keeps the names of the files it was read from, so marks stay
 * valid as long as the config. */
struct config_files {
	struct config cfg;
	char names[2][1024];
};

static yaml_node_t *node_at(struct cfg_ctx *c, int index)
{
	return yaml_document_get_node(c->doc, index);
}

static const char *kind_name(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_MAPPING_NODE:
		return "a mapping";
	case YAML_SEQUENCE_NODE:
		return "a list";
	default:
		return "a scalar";
	}
}

static struct cfg_mark mark_of(struct cfg_ctx *c, const yaml_node_t *n)
{
	return (struct cfg_mark){ c->file, (int)n->start_mark.line + 1,
				  (int)n->start_mark.column + 1 };
}

static int fail_mark(struct cfg_ctx *c, struct cfg_mark m, const char *path,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int fail_mark(struct cfg_ctx *c, struct cfg_mark m, const char *path,
		     const char *fmt, ...)
{
	char msg[CFG_ERRLEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "%s:%d:%d: %s%s%s", m.file, m.line, m.col, path,
		 *path ? ": " : "", msg);
	return -1;
}

#define fail(c, n, path, ...) fail_mark((c), mark_of((c), (n)), (path), __VA_ARGS__)

static int need_scalar(struct cfg_ctx *c, const yaml_node_t *n, const char *path,
		       const char **text)
{
	*text = NULL; /* set on every path: gcc -O3 cannot see fail() is -1 */
	if (n->type != YAML_SCALAR_NODE)
		return fail(c, n, path, "expected a value, got %s", kind_name(n));
	*text = (const char *)n->data.scalar.value;
	return 0;
}

static int get_long(struct cfg_ctx *c, const yaml_node_t *n, const char *path, long min,
		    long max, long *out)
{
	const char *text;

	if (need_scalar(c, n, path, &text) < 0)
		return -1;
	if (gtp_parse_int(text, min, max, out) == 0)
		return 0;
	if (min == 1 && max == LONG_MAX)
		return fail(c, n, path, "expected a positive integer, got \"%s\"", text);
	if (min == 0 && max == LONG_MAX)
		return fail(c, n, path, "expected a non-negative integer, got \"%s\"", text);
	return fail(c, n, path, "expected an integer from %ld to %ld, got \"%s\"", min, max,
		    text);
}

static int get_int(struct cfg_ctx *c, const yaml_node_t *n, const char *path, long min,
		   long max, int *out)
{
	long v;

	if (get_long(c, n, path, min, max, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

static int get_real(struct cfg_ctx *c, const yaml_node_t *n, const char *path, double min,
		    double max, double *out)
{
	const char *text;

	if (need_scalar(c, n, path, &text) < 0)
		return -1;
	if (gtp_parse_double(text, out) == 0 && *out >= min && *out <= max)
		return 0;
	return fail(c, n, path, "expected a number from %g to %g, got \"%s\"", min, max, text);
}

static int get_bool(struct cfg_ctx *c, const yaml_node_t *n, const char *path, bool *out)
{
	static const char *const yes[] = { "true", "yes", "on" }, *const no[] = { "false", "no", "off" };
	const char *text;

	if (need_scalar(c, n, path, &text) < 0)
		return -1;
	for (int i = 0; i < 3; i++) {
		if (!strcasecmp(text, yes[i]) || !strcasecmp(text, no[i])) {
			*out = !strcasecmp(text, yes[i]);
			return 0;
		}
	}
	return fail(c, n, path, "expected true or false, got \"%s\"", text);
}

static int get_string(struct cfg_ctx *c, const yaml_node_t *n, const char *path, char *out,
		      size_t len)
{
	const char *text;

	if (need_scalar(c, n, path, &text) < 0)
		return -1;
	if (!*text)
		return fail(c, n, path, "expected a non-empty text");
	if (strlen(text) >= len)
		return fail(c, n, path, "too long (at most %zu bytes)", len - 1);
	snprintf(out, len, "%s", text);
	return 0;
}

/* A key list or a choice list, whole: the longest (server's keys) is
 * about 330 bytes. */
#define CFG_LISTLEN 768

static void list_words(const char *const *words, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (int i = 0; words && words[i] && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s", i ? ", " : "", words[i]);
}

static int get_word(struct cfg_ctx *c, const yaml_node_t *n, const char *path,
		    const char *const *choices, char *out, size_t len)
{
	char list[CFG_LISTLEN];
	const char *text;

	if (need_scalar(c, n, path, &text) < 0)
		return -1;
	for (int i = 0; choices && choices[i]; i++)
		if (!strcmp(text, choices[i]) && strlen(text) < len) {
			snprintf(out, len, "%s", text);
			return 0;
		}
	list_words(choices, list, sizeof(list));
	return fail(c, n, path, "expected one of %s, got \"%s\"", list, text);
}

/* A key's handler: apply value to target. */
typedef int (*cfg_apply_fn)(struct cfg_ctx *c, const char *path, const char *key,
			    yaml_node_t *key_node, yaml_node_t *value, void *target);

static int check_duplicate(struct cfg_ctx *c, yaml_node_t *map, yaml_node_pair_t *pair,
			   const char *path)
{
	yaml_node_t *key = node_at(c, pair->key);

	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < pair; p++) {
		yaml_node_t *other = node_at(c, p->key);

		if (other->type == YAML_SCALAR_NODE &&
		    !strcmp((char *)other->data.scalar.value, (char *)key->data.scalar.value))
			return fail(c, key, path, "duplicate key (first at line %d)",
				    (int)other->start_mark.line + 1);
	}
	return 0;
}

/* Walk a mapping: each key once, each handled by apply. */
static int walk_mapping(struct cfg_ctx *c, yaml_node_t *map, const char *path,
			cfg_apply_fn apply, void *target)
{
	char child[512];

	if (map->type != YAML_MAPPING_NODE)
		return fail(c, map, path, "expected a mapping, got %s", kind_name(map));
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *key = node_at(c, p->key), *value = node_at(c, p->value);

		if (++c->visits > CFG_MAX_VISITS)
			return fail(c, map, path, "too many entries (aliases?)");
		if (key->type != YAML_SCALAR_NODE)
			return fail(c, key, path, "expected a plain key, got %s", kind_name(key));
		const char *name = (const char *)key->data.scalar.value;
		snprintf(child, sizeof(child), "%s%s%s", path, *path ? "." : "", name);
		if (check_duplicate(c, map, p, child) < 0 ||
		    apply(c, child, name, key, value, target) < 0)
			return -1;
	}
	return 0;
}

static int unknown_key(struct cfg_ctx *c, yaml_node_t *key, const char *path,
		       const char *const *known)
{
	char list[CFG_LISTLEN];

	list_words(known, list, sizeof(list));
	return fail(c, key, path, "unknown key (expected one of %s)", list);
}

static bool is_null(const yaml_node_t *n);

/* server.http_origins: a list of Origin values ([] or null: none). */
static int apply_origins(struct cfg_ctx *c, const char *path, yaml_node_t *v,
			 struct cfg_server *s)
{
	s->nhttp_origins = 0;
	if (is_null(v))
		return 0;
	if (v->type != YAML_SEQUENCE_NODE)
		return fail(c, v, path, "expected a list of origins");
	for (yaml_node_item_t *it = v->data.sequence.items.start;
	     it < v->data.sequence.items.top; it++) {
		if (s->nhttp_origins == CFG_MAX_ORIGINS)
			return fail(c, v, path, "too many origins (at most %d)", CFG_MAX_ORIGINS);
		if (get_string(c, node_at(c, *it), path, s->http_origins[s->nhttp_origins],
			       sizeof(s->http_origins[0])) < 0)
			return -1;
		s->nhttp_origins++;
	}
	return 0;
}

/* server.http, http_root, http_origins, http_ping, http_request_timeout;
 * 1 for another key. */
static int apply_http(struct cfg_ctx *c, const char *path, const char *key, yaml_node_t *v,
		      struct cfg_server *s)
{
	char host[256];
	int port;

	if (!strcmp(key, "http")) {
		s->http[0] = '\0';
		if (is_null(v))
			return 0;
		if (get_string(c, v, path, s->http, sizeof(s->http)) < 0)
			return -1;
		if (listen_parse(s->http, host, sizeof(host), &port) < 0)
			return fail(c, v, path, "expected [HOST:]PORT or null, got \"%s\"", s->http);
		return 0;
	}
	if (!strcmp(key, "http_root")) {
		s->http_root[0] = '\0';
		return is_null(v) ? 0 : get_string(c, v, path, s->http_root, sizeof(s->http_root));
	}
	if (!strcmp(key, "http_origins"))
		return apply_origins(c, path, v, s);
	if (!strcmp(key, "http_ping"))
		return get_int(c, v, path, 0, 86400, &s->http_ping);
	if (!strcmp(key, "http_request_timeout"))
		return get_int(c, v, path, 0, 86400, &s->http_request_timeout);
	return 1;
}

/* server: */
static int apply_server(struct cfg_ctx *c, const char *path, const char *key,
			yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	static const char *const keys[] = { "listen", "max_connections", "max_line",
					    "idle_timeout", "workers", "log_level",
					    "max_move_time", "max_command_time", "max_command_nodes",
					    "short_workers", "db_workers", "jobs_per_address", "worker_nice",
					    "max_connections_per_address", "max_queue",
					    "write_timeout", "max_output", "http", "http_root",
					    "http_origins", "http_ping", "http_request_timeout",
					    NULL };
	static const char *const levels[] = { "error", "warn", "info", "debug", NULL };
	struct cfg_server *s = target;
	char word[16], host[256];
	int port, rc;

	if (!strcmp(key, "listen")) {
		if (get_string(c, v, path, s->listen, sizeof(s->listen)) < 0)
			return -1;
		if (listen_parse(s->listen, host, sizeof(host), &port) < 0)
			return fail(c, v, path, "expected [HOST:]PORT, got \"%s\"", s->listen);
		return 0;
	}
	if (!strcmp(key, "max_connections"))
		return get_int(c, v, path, 1, 1000000, &s->max_connections);
	if (!strcmp(key, "max_line"))
		return get_long(c, v, path, 64, 64L << 20, &s->max_line);
	if (!strcmp(key, "idle_timeout"))
		return get_int(c, v, path, 0, 1000000, &s->idle_timeout);
	if (!strcmp(key, "workers"))
		return get_int(c, v, path, 0, 256, &s->workers);
	if (!strcmp(key, "max_move_time"))
		return get_real(c, v, path, 0.001, 86400, &s->max_move_time);
	if (!strcmp(key, "max_command_time"))
		return get_real(c, v, path, 0.001, 86400, &s->max_command_time);
	if (!strcmp(key, "max_command_nodes"))
		return get_long(c, v, path, 0, 1000000000000000L, &s->max_command_nodes);
	if (!strcmp(key, "short_workers"))
		return get_int(c, v, path, 1, 64, &s->short_workers);
	if (!strcmp(key, "db_workers"))
		return get_int(c, v, path, 1, 64, &s->db_workers);
	if (!strcmp(key, "jobs_per_address"))
		return get_int(c, v, path, 0, 256, &s->jobs_per_address);
	if (!strcmp(key, "worker_nice"))
		return get_int(c, v, path, 0, 19, &s->worker_nice);
	if (!strcmp(key, "max_connections_per_address"))
		return get_int(c, v, path, 1, 1000000, &s->max_connections_per_address);
	if (!strcmp(key, "max_queue"))
		return get_int(c, v, path, 1, 1000000, &s->max_queue);
	if (!strcmp(key, "write_timeout"))
		return get_int(c, v, path, 1, 1000000, &s->write_timeout);
	if (!strcmp(key, "max_output"))
		return get_long(c, v, path, 65536, 1L << 30, &s->max_output);
	if (!strcmp(key, "log_level")) {
		if (get_word(c, v, path, levels, word, sizeof(word)) < 0)
			return -1;
		log_parse_level(word, &s->log_level);
		return 0;
	}
	if ((rc = apply_http(c, path, key, v, s)) <= 0)
		return rc;
	return unknown_key(c, key_node, path, keys);
}

/* storage.postgresql: (conninfo may be empty: libpq's defaults and PG*
 * environment variables) */
static int apply_postgresql(struct cfg_ctx *c, const char *path, const char *key,
			    yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	static const char *const keys[] = { "conninfo", NULL };
	struct cfg_storage *s = target;
	const char *text;

	if (strcmp(key, "conninfo") != 0)
		return unknown_key(c, key_node, path, keys);
	if (need_scalar(c, v, path, &text) < 0)
		return -1;
	if (strlen(text) >= sizeof(s->conninfo))
		return fail(c, v, path, "too long (at most %zu bytes)", sizeof(s->conninfo) - 1);
	snprintf(s->conninfo, sizeof(s->conninfo), "%s", text);
	return 0;
}

/* storage: */
static int apply_storage(struct cfg_ctx *c, const char *path, const char *key,
			 yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	static const char *const keys[] = { "data_dir", "backend", "database", "postgresql",
					    "max_saves", "max_files", "max_files_bytes", "timeout",
					    NULL };
	static const char *const backends[] = { "sqlite", "postgresql", NULL };
	struct cfg_storage *s = target;

	if (!strcmp(key, "data_dir"))
		return get_string(c, v, path, s->data_dir, sizeof(s->data_dir));
	if (!strcmp(key, "backend"))
		return get_word(c, v, path, backends, s->backend, sizeof(s->backend));
	if (!strcmp(key, "database"))
		return get_string(c, v, path, s->database, sizeof(s->database));
	if (!strcmp(key, "postgresql"))
		return walk_mapping(c, v, path, apply_postgresql, s);
	if (!strcmp(key, "max_saves"))
		return get_int(c, v, path, 1, 1000000, &s->max_saves);
	if (!strcmp(key, "max_files"))
		return get_int(c, v, path, 1, 100000000, &s->max_files);
	if (!strcmp(key, "max_files_bytes"))
		return get_long(c, v, path, 1, 1L << 50, &s->max_files_bytes);
	if (!strcmp(key, "timeout"))
		return get_real(c, v, path, 0.1, 3600, &s->timeout);
	return unknown_key(c, key_node, path, keys);
}

/* accounts: */
static int apply_accounts(struct cfg_ctx *c, const char *path, const char *key,
			  yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	static const char *const keys[] = { "password_ops", "password_mem_mib",
					    "max_login_failures", "max_accounts", NULL };
	struct cfg_accounts *a = target;

	if (!strcmp(key, "password_ops"))
		return get_int(c, v, path, 2, 100, &a->password_ops);
	if (!strcmp(key, "password_mem_mib"))
		return get_int(c, v, path, 64, 4096, &a->password_mem_mib);
	if (!strcmp(key, "max_login_failures"))
		return get_int(c, v, path, 1, 1000000, &a->max_login_failures);
	if (!strcmp(key, "max_accounts"))
		return get_int(c, v, path, 1, 1000000000, &a->max_accounts);
	return unknown_key(c, key_node, path, keys);
}

/* A level being read, with the game that judges its algorithm. */
struct level_target {
	struct game_level *level;   /* filled */
	const struct game_ops *ops; /* the game */
};

/* games.<game>.levels.<level>: */
static int apply_level(struct cfg_ctx *c, const char *path, const char *key,
		       yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	static const char *const keys[] = { "algorithm", "playouts", "depth", "nodes", "time",
					    "randomness", "threads", "resign", "memory", "hash", "ponder",
					    "follow_clock", NULL };
	struct level_target *t = target;
	struct game_level *l = t->level;

	if (!strcmp(key, "algorithm"))
		return get_word(c, v, path, t->ops->algorithms, l->algorithm, sizeof(l->algorithm));
	if (!strcmp(key, "playouts"))
		return get_long(c, v, path, 1, LONG_MAX, &l->playouts);
	if (!strcmp(key, "depth"))
		return get_int(c, v, path, 1, 1000, &l->depth);
	if (!strcmp(key, "nodes"))
		return get_long(c, v, path, 1, LONG_MAX, &l->nodes);
	if (!strcmp(key, "time"))
		return get_real(c, v, path, 0.001, 86400, &l->seconds);
	if (!strcmp(key, "randomness"))
		return get_real(c, v, path, 0, 1, &l->randomness);
	if (!strcmp(key, "threads"))
		return get_int(c, v, path, 1, 256, &l->threads);
	if (!strcmp(key, "resign"))
		return get_real(c, v, path, 0, 1, &l->resign);
	if (!strcmp(key, "memory"))
		return get_long(c, v, path, 1, 1L << 20, &l->memory);
	if (!strcmp(key, "hash"))
		return get_int(c, v, path, 1, 4096, &l->hash_mb);
	if (!strcmp(key, "ponder"))
		return get_bool(c, v, path, &l->ponder);
	if (!strcmp(key, "follow_clock"))
		return get_bool(c, v, path, &l->follow_clock);
	return unknown_key(c, key_node, path, keys);
}

static bool is_level_name(const char *name)
{
	size_t n = strlen(name);

	return n > 0 && n < 32 && strspn(name, "abcdefghijklmnopqrstuvwxyz"
					       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == n;
}

/* Whether a value is YAML's null (~, null, or nothing): in a user's file,
 * the way to remove an entry of a map the defaults fill (a level). */
static bool is_null(const yaml_node_t *n)
{
	static const char *const nulls[] = { "", "~", "null", "Null", "NULL" };

	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return false;
	for (size_t i = 0; i < sizeof(nulls) / sizeof(nulls[0]); i++)
		if (!strcmp((const char *)n->data.scalar.value, nulls[i]))
			return true;
	return false;
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
		return fail(c, key_node, path, "no level named \"%s\" to remove (levels: %s)", key,
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
		return fail(c, key_node, path,
			    "level names are 1 to 31 letters, digits, '-' or '_'");
	if (is_null(v))
		return remove_level(c, path, key_node, g, key);
	if (i < 0 && g->nlevels == CFG_MAX_LEVELS)
		return fail(c, key_node, path, "too many levels (at most %d)", CFG_MAX_LEVELS);
	struct game_level l = { 0 };
	if (i >= 0)
		l = g->levels[i];
	snprintf(l.name, sizeof(l.name), "%s", key);
	struct level_target t = { &l, g->ops };
	if (walk_mapping(c, v, path, apply_level, &t) < 0)
		return -1;
	if (!l.algorithm[0])
		return fail(c, v, path, "missing key algorithm");
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
		return get_int(c, v, path, 1, 10000, &g->min_size);
	if (!strcmp(key, "max"))
		return get_int(c, v, path, 1, 10000, &g->max_size);
	return unknown_key(c, key_node, path, keys);
}

/* A range merges over a range read before ({max: 19} keeps the min); a
 * list replaces whatever was there. */
static int apply_sizes(struct cfg_ctx *c, const char *path, yaml_node_t *v, struct cfg_game *g)
{
	g->at_sizes = mark_of(c, v);
	if (v->type == YAML_MAPPING_NODE) {
		if (g->nsizes > 0) {
			g->min_size = 0;
			g->max_size = 0;
		}
		g->nsizes = 0;
		if (walk_mapping(c, v, path, apply_size_range, g) < 0)
			return -1;
		if (!g->min_size || !g->max_size || g->min_size > g->max_size)
			return fail(c, v, path, "expected {min: A, max: B} with A <= B");
		return 0;
	}
	if (v->type != YAML_SEQUENCE_NODE)
		return fail(c, v, path, "expected a list of sizes or {min: A, max: B}");
	g->nsizes = 0;
	for (yaml_node_item_t *it = v->data.sequence.items.start;
	     it < v->data.sequence.items.top; it++) {
		if (g->nsizes == CFG_MAX_SIZES)
			return fail(c, v, path, "too many sizes (at most %d)", CFG_MAX_SIZES);
		if (get_int(c, node_at(c, *it), path, 1, 10000, &g->sizes[g->nsizes++]) < 0)
			return -1;
	}
	if (g->nsizes == 0)
		return fail(c, v, path, "expected at least one size");
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
		return fail(c, v, path, "too many settings");
	if (!set)
		set = &g->settings[g->nsettings++];
	snprintf(set->key, sizeof(set->key), "%s", o->key);
	set->at = mark_of(c, v);
	switch (o->type) {
	case GAME_OPT_INT:
		if (get_long(c, v, path, (long)o->min, (long)o->max, &n) < 0)
			return -1;
		snprintf(set->value, sizeof(set->value), "%ld", n);
		return 0;
	case GAME_OPT_REAL:
		if (get_real(c, v, path, o->min, o->max, &x) < 0)
			return -1;
		return get_string(c, v, path, set->value, sizeof(set->value));
	case GAME_OPT_BOOL:
		if (get_bool(c, v, path, &b) < 0)
			return -1;
		snprintf(set->value, sizeof(set->value), "%s", b ? "true" : "false");
		return 0;
	case GAME_OPT_ENUM:
		return get_word(c, v, path, o->choices, set->value, sizeof(set->value));
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
		g->at_enabled = mark_of(c, v);
		return get_bool(c, v, path, &g->enabled);
	}
	if (!strcmp(key, "sizes"))
		return apply_sizes(c, path, v, g);
	if (!strcmp(key, "default_size")) {
		g->at_size = mark_of(c, v);
		return get_int(c, v, path, 1, 10000, &g->default_size);
	}
	if (!strcmp(key, "default_rules")) {
		g->at_rules = mark_of(c, v);
		if (!g->ops->rules)
			return fail(c, v, path, "%s has no rule variants", g->ops->name);
		return get_word(c, v, path, g->ops->rules, g->default_rules,
				sizeof(g->default_rules));
	}
	if (!strcmp(key, "default_level")) {
		g->at_level = mark_of(c, v);
		return get_string(c, v, path, g->default_level_name, sizeof(g->default_level_name));
	}
	if (!strcmp(key, "levels")) {
		g->at_levels = mark_of(c, v);
		return walk_mapping(c, v, path, apply_levels_entry, g);
	}
	if ((o = find_option(g->ops, key)))
		return apply_option(c, path, o, v, g);
	return unknown_key(c, key_node, path, game_keys);
}

static struct cfg_game *find_game(struct config *cfg, const char *name)
{
	for (int i = 0; i < cfg->ngames; i++)
		if (!strcmp(cfg->games[i].ops->name, name))
			return &cfg->games[i];
	return NULL;
}

/* games: */
static int apply_games(struct cfg_ctx *c, const char *path, const char *key,
		       yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	struct cfg_game *g = find_game(c->cfg, key);
	const char *names[CFG_MAX_GAMES + 1] = { NULL };

	(void)target;
	if (g)
		return walk_mapping(c, v, path, apply_game, g);
	for (int i = 0; i < c->cfg->ngames; i++)
		names[i] = c->cfg->games[i].ops->name;
	return unknown_key(c, key_node, path, names);
}

/* The top level. */
static int apply_top(struct cfg_ctx *c, const char *path, const char *key,
		     yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	static const char *const keys[] = { "default_game", "server", "storage", "accounts",
					    "games", NULL };
	struct config *cfg = target;

	if (!strcmp(key, "default_game")) {
		cfg->at_default_game = mark_of(c, v);
		return get_string(c, v, path, cfg->default_game, sizeof(cfg->default_game));
	}
	if (!strcmp(key, "server"))
		return walk_mapping(c, v, path, apply_server, &cfg->server);
	if (!strcmp(key, "storage"))
		return walk_mapping(c, v, path, apply_storage, &cfg->storage);
	if (!strcmp(key, "accounts"))
		return walk_mapping(c, v, path, apply_accounts, &cfg->accounts);
	if (!strcmp(key, "games"))
		return walk_mapping(c, v, path, apply_games, cfg);
	return unknown_key(c, key_node, path, keys);
}

/* Line and column of a byte offset, for reader errors that give only one. */
static struct cfg_mark mark_at_offset(const char *file, const char *text, size_t len,
				      size_t offset)
{
	struct cfg_mark m = { file, 1, 1 };

	for (size_t i = 0; i < offset && i < len; i++) {
		if (text[i] == '\n') {
			m.line++;
			m.col = 1;
		} else {
			m.col++;
		}
	}
	return m;
}

static int syntax_error(struct cfg_ctx *c, yaml_parser_t *parser, const char *text, size_t len)
{
	struct cfg_mark m;
	const char *hint = "";

	if (parser->error == YAML_READER_ERROR) {
		m = mark_at_offset(c->file, text, len, parser->problem_offset);
		return fail_mark(c, m, "", "invalid YAML: %s", parser->problem);
	}
	m = (struct cfg_mark){ c->file, (int)parser->problem_mark.line + 1,
			       (int)parser->problem_mark.column + 1 };
	if (parser->problem_mark.index < len && text[parser->problem_mark.index] == '\t')
		hint = " (a tab: YAML indents with spaces only)";
	return fail_mark(c, m, "", "invalid YAML: %s%s", parser->problem ? parser->problem : "error",
			 hint);
}

/* Refuse a text nested deeper than CFG_MAX_DEPTH before any document is
 * built (util/yaml_depth.h says why it must be counted on events). */
static int check_depth(struct cfg_ctx *c, const char *text, size_t len)
{
	int line = 1, col = 1;

	switch (yaml_depth_check(text, len, CFG_MAX_DEPTH, &line, &col)) {
	case YAML_DEPTH_OK:
		return 0;
	case YAML_DEPTH_TOO_DEEP:
		return fail_mark(c, (struct cfg_mark){ c->file, line, col }, "",
				 "nesting deeper than %d levels", CFG_MAX_DEPTH);
	case YAML_DEPTH_NO_MEMORY:
		break;
	}
	return fail_mark(c, (struct cfg_mark){ c->file, 1, 1 }, "", "out of memory");
}

/* Parse one YAML text and lay it over c->cfg. */
static int apply_text(struct cfg_ctx *c, const char *text, size_t len)
{
	yaml_parser_t parser;
	yaml_document_t doc, extra;
	int rc = -1;

	if (check_depth(c, text, len) < 0)
		return -1;
	if (!yaml_parser_initialize(&parser))
		return fail_mark(c, (struct cfg_mark){ c->file, 1, 1 }, "", "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		rc = syntax_error(c, &parser, text, len);
		goto out_parser;
	}
	c->doc = &doc;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (!root) {
		rc = fail_mark(c, (struct cfg_mark){ c->file, 1, 1 }, "", "empty configuration");
		goto out_doc;
	}
	rc = walk_mapping(c, root, "", apply_top, c->cfg);
	if (rc == 0 && yaml_parser_load(&parser, &extra)) {
		if (yaml_document_get_root_node(&extra))
			rc = fail_mark(c, (struct cfg_mark){ c->file,
							     (int)extra.start_mark.line + 1, 1 },
				       "", "more than one YAML document");
		yaml_document_delete(&extra);
	}
out_doc:
	yaml_document_delete(&doc);
out_parser:
	yaml_parser_delete(&parser);
	return rc;
}

/* The mark to blame for a conflict: the one the user's file set, if any. */
static struct cfg_mark blame(const struct config *cfg, struct cfg_mark a, struct cfg_mark b)
{
	const struct config_files *cf = (const struct config_files *)cfg;

	if (b.file == cf->names[1] && a.file != cf->names[1])
		return b;
	return a.file ? a : b;
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
	return -1;
}

int cfg_set_default_level(struct config *cfg, const char *game, const char *level)
{
	struct cfg_game *g = find_game(cfg, game);
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

static int probe_size(struct cfg_ctx *c, struct game *probe, const struct cfg_game *g,
		      int size, struct cfg_mark at, const char *what)
{
	char text[16], why[128], path[64];

	snprintf(text, sizeof(text), "%d", size);
	snprintf(path, sizeof(path), "games.%s.%s", g->ops->name, what);
	if (!g->ops->set_size || g->ops->set_size(probe, text, why, sizeof(why)) == 0)
		return 0;
	return fail_mark(c, at, path, "%s does not accept size %d (%s)", g->ops->name, size, why);
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
			rc = fail_mark(c, set->at, path, "%s", why);
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
	return fail_mark(c, blame(c->cfg, g->at_level, g->at_levels), path,
			 "no level named \"%s\" (levels: %s)", g->default_level_name, names);
}

static int check_game(struct cfg_ctx *c, struct cfg_game *g)
{
	char path[64];

	snprintf(path, sizeof(path), "games.%s.default_size", g->ops->name);
	if (g->default_size && !cfg_size_allowed(g, g->default_size))
		return fail_mark(c, blame(c->cfg, g->at_size, g->at_sizes), path,
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

static int check_all(struct cfg_ctx *c)
{
	struct config *cfg = c->cfg;
	const struct cfg_game *dg = find_game(cfg, cfg->default_game);

	for (int i = 0; i < cfg->ngames; i++)
		if (check_game(c, &cfg->games[i]) < 0)
			return -1;
	if (!dg)
		return fail_mark(c, cfg->at_default_game, "default_game", "no game named \"%s\"",
				 cfg->default_game);
	if (!dg->enabled && blame(cfg, cfg->at_default_game, dg->at_enabled).file ==
				    cfg->at_default_game.file)
		return fail_mark(c, cfg->at_default_game, "default_game",
				 "game \"%s\" is disabled", cfg->default_game);
	if (!dg->enabled) {
		char path[64];

		snprintf(path, sizeof(path), "games.%s.enabled", dg->ops->name);
		return fail_mark(c, dg->at_enabled, path, "%s is the default_game", dg->ops->name);
	}
	return 0;
}

static struct config *config_new(void)
{
	struct config_files *cf = xcalloc(1, sizeof(*cf));
	struct config *cfg = &cf->cfg;

	cfg->refs = 1;
	snprintf(cf->names[0], sizeof(cf->names[0]), "%s", BUILTIN_NAME);
	snprintf(cfg->source, sizeof(cfg->source), "%s", BUILTIN_NAME);
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

	if (apply_text(&c, cfg_default_text, strlen(cfg_default_text)) < 0)
		goto fail;
	if (name) {
		snprintf(cf->names[1], sizeof(cf->names[1]), "%s", name);
		snprintf(cfg->source, sizeof(cfg->source), "%s", name);
		c.file = cf->names[1];
		if (len > CFG_MAX_FILE_BYTES) {
			fail_mark(&c, (struct cfg_mark){ c.file, 1, 1 }, "",
				  "file too large (more than %d bytes)", CFG_MAX_FILE_BYTES);
			goto fail;
		}
		if (apply_text(&c, text, len) < 0)
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

const struct cfg_game *cfg_game(const struct config *cfg, const char *name)
{
	return find_game((struct config *)cfg, name);
}

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

static void dump_level(const struct game_level *l, struct strbuf *out)
{
	sb_printf(out, "      %s: {algorithm: %s", l->name, l->algorithm);
	if (l->playouts)
		sb_printf(out, ", playouts: %ld", l->playouts);
	if (l->depth)
		sb_printf(out, ", depth: %d", l->depth);
	if (l->nodes)
		sb_printf(out, ", nodes: %ld", l->nodes);
	if (l->seconds) {
		sb_puts(out, ", time: ");
		sb_put_real(out, l->seconds);
	}
	if (l->randomness) {
		sb_puts(out, ", randomness: ");
		sb_put_real(out, l->randomness);
	}
	if (l->threads)
		sb_printf(out, ", threads: %d", l->threads);
	if (l->resign) {
		sb_puts(out, ", resign: ");
		sb_put_real(out, l->resign);
	}
	if (l->memory)
		sb_printf(out, ", memory: %ld", l->memory);
	if (l->hash_mb)
		sb_printf(out, ", hash: %d", l->hash_mb);
	if (l->ponder)
		sb_puts(out, ", ponder: true");
	if (l->follow_clock)
		sb_puts(out, ", follow_clock: true");
	sb_puts(out, "}\n");
}

static void dump_game(const struct cfg_game *g, struct strbuf *out)
{
	sb_printf(out, "  %s:\n    enabled: %s\n", g->ops->name, g->enabled ? "true" : "false");
	if (g->nsizes) {
		sb_puts(out, "    sizes: [");
		for (int i = 0; i < g->nsizes; i++)
			sb_printf(out, "%s%d", i ? ", " : "", g->sizes[i]);
		sb_puts(out, "]\n");
	} else {
		sb_printf(out, "    sizes: {min: %d, max: %d}\n", g->min_size, g->max_size);
	}
	if (g->default_size)
		sb_printf(out, "    default_size: %d\n", g->default_size);
	if (g->default_rules[0])
		sb_printf(out, "    default_rules: %s\n", g->default_rules);
	for (int i = 0; i < g->nsettings; i++) {
		sb_printf(out, "    %s: ", g->settings[i].key);
		dump_text(out, g->settings[i].value, false);
		sb_puts(out, "\n");
	}
	if (g->default_level >= 0)
		sb_printf(out, "    default_level: %s\n", g->levels[g->default_level].name);
	sb_puts(out, "    levels:\n");
	for (int i = 0; i < g->nlevels; i++)
		dump_level(&g->levels[i], out);
}

/* A text key whose empty value means null. */
static void dump_text_or_null(struct strbuf *out, const char *s)
{
	if (*s)
		dump_text(out, s, false);
	else
		sb_puts(out, "null");
}

void cfg_dump(const struct config *cfg, struct strbuf *out)
{
	static const char *const levels[] = { "error", "warn", "info", "debug" };
	const struct cfg_server *s = &cfg->server;

	sb_printf(out, "default_game: %s\nserver:\n  listen: ", cfg->default_game);
	dump_text(out, s->listen, false);
	sb_printf(out, "\n  max_connections: %d\n"
		  "  max_line: %ld\n  idle_timeout: %d\n  workers: %d\n  log_level: %s\n"
		  "  max_move_time: ",
		  s->max_connections, s->max_line, s->idle_timeout, s->workers, levels[s->log_level]);
	sb_put_real(out, s->max_move_time);
	sb_puts(out, "\n  max_command_time: ");
	sb_put_real(out, s->max_command_time);
	sb_printf(out, "\n  max_command_nodes: %ld\n  short_workers: %d\n  db_workers: %d\n"
		  "  jobs_per_address: %d\n"
		  "  worker_nice: %d\n  max_connections_per_address: %d\n  max_queue: %d\n"
		  "  write_timeout: %d\n  max_output: %ld",
		  s->max_command_nodes, s->short_workers, s->db_workers, s->jobs_per_address,
		  s->worker_nice,
		  s->max_connections_per_address, s->max_queue, s->write_timeout, s->max_output);
	sb_puts(out, "\n  http: ");
	dump_text_or_null(out, s->http);
	sb_puts(out, "\n  http_root: ");
	dump_text_or_null(out, s->http_root);
	sb_puts(out, "\n  http_origins: [");
	for (int i = 0; i < s->nhttp_origins; i++) {
		sb_puts(out, i ? ", " : "");
		dump_text(out, s->http_origins[i], true);
	}
	sb_printf(out, "]\n  http_ping: %d\n  http_request_timeout: %d", s->http_ping,
		  s->http_request_timeout);
	sb_puts(out, "\nstorage:\n  data_dir: ");
	dump_text(out, cfg->storage.data_dir, false);
	sb_printf(out, "\n  backend: %s\n  database: ", cfg->storage.backend);
	dump_text(out, cfg->storage.database, false);
	sb_puts(out, "\n  postgresql:\n    conninfo: ");
	dump_text(out, cfg->storage.conninfo, true);
	sb_printf(out, "\n  max_saves: %d\n  max_files: %d\n  max_files_bytes: %ld\n  timeout: ",
		  cfg->storage.max_saves, cfg->storage.max_files, cfg->storage.max_files_bytes);
	sb_put_real(out, cfg->storage.timeout);
	sb_puts(out, "\n");
	sb_printf(out, "accounts:\n  password_ops: %d\n  password_mem_mib: %d\n"
		  "  max_login_failures: %d\n  max_accounts: %d\ngames:\n",
		  cfg->accounts.password_ops, cfg->accounts.password_mem_mib,
		  cfg->accounts.max_login_failures, cfg->accounts.max_accounts);
	for (int i = 0; i < cfg->ngames; i++)
		dump_game(&cfg->games[i], out);
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

/* --dump-config's text as one "key.path\tvalue" line per key that holds a
 * value (a level's whole flow mapping is one value). */
static void dump_keys(const struct config *cfg, struct strbuf *out)
{
	struct strbuf dump = STRBUF_INIT;
	char keys[8][64];

	cfg_dump(cfg, &dump);
	for (const char *line = sb_str(&dump); *line;) {
		const char *end = strchr(line, '\n'), *colon;
		size_t indent = strspn(line, " "), depth = indent / 2;

		end = end ? end : line + strlen(line);
		colon = memchr(line, ':', (size_t)(end - line));
		if (colon && depth < 8) {
			snprintf(keys[depth], sizeof(keys[depth]), "%.*s", (int)(colon - line - indent),
				 line + indent);
			const char *value = colon + 1 + (colon + 1 < end && colon[1] == ' ');
			if (value < end) {
				for (size_t d = 0; d <= depth; d++)
					sb_printf(out, "%s%s", d ? "." : "", keys[d]);
				sb_printf(out, "\t%.*s\n", (int)(end - value), value);
			}
		}
		line = *end ? end + 1 : end;
	}
	sb_free(&dump);
}

/* The value of key (a "key.path\t" prefix) in dump_keys' text, or NULL;
 * *len gets its length. */
static const char *find_key(const char *keys, const char *key, size_t keylen, size_t *len)
{
	for (const char *line = keys; *line;) {
		const char *end = strchr(line, '\n');

		if (!strncmp(line, key, keylen) && line[keylen] == '\t') {
			*len = (size_t)(end - line - (ptrdiff_t)keylen - 1);
			return line + keylen + 1;
		}
		line = end + 1;
	}
	return NULL;
}

/* Walk the keys of a against b: with a the old configuration, each key
 * b holds differently or lacks; with a the new one, each key b lacks. */
static void diff_side(const char *a, const char *b, bool a_is_old, cfg_diff_fn fn, void *arg)
{
	char key[256], av[1100], bv[1100];

	for (const char *line = a; *line;) {
		const char *end = strchr(line, '\n'), *tab = strchr(line, '\t');
		size_t keylen = (size_t)(tab - line), alen = (size_t)(end - tab - 1), blen = 0;
		const char *other = find_key(b, line, keylen, &blen);
		bool same = other && blen == alen && !memcmp(other, tab + 1, alen);

		line = end + 1;
		if (same || (!a_is_old && other))
			continue;
		snprintf(key, sizeof(key), "%.*s", (int)keylen, tab - keylen);
		snprintf(av, sizeof(av), "%.*s", (int)alen, tab + 1);
		snprintf(bv, sizeof(bv), "%.*s", (int)blen, other ? other : "");
		if (a_is_old)
			fn(arg, key, av, other ? bv : NULL);
		else
			fn(arg, key, NULL, av);
	}
}

void cfg_diff(const struct config *old, const struct config *new, cfg_diff_fn fn, void *arg)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	dump_keys(old, &a);
	dump_keys(new, &b);
	diff_side(sb_str(&a), sb_str(&b), true, fn, arg);  /* changed and removed */
	diff_side(sb_str(&b), sb_str(&a), false, fn, arg); /* added */
	sb_free(&a);
	sb_free(&b);
}
