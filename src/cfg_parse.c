/* The configuration's parser: a YAML text walked as a document, each
 * value read by a typed getter that checks it and names file, line,
 * column and key path when it is wrong. The scalar sections are read by
 * walking the table (cfg_table.c): a key is its row's, a subsection's or
 * unknown, and the unknown-key error lists the section's children from
 * the same rows. games: is handed to cfg_games.c.
 *
 * Bounds on a hostile file: its size (CFG_MAX_FILE_BYTES, cfg.c), its
 * nesting (CFG_MAX_DEPTH, counted on events before any document is
 * built) and the nodes walked (CFG_MAX_VISITS, against alias bombs). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfg_internal.h"
#include "gtp.h"
#include "util/listen.h"
#include "util/yaml_depth.h"

#define CFG_MAX_VISITS 100000

yaml_node_t *cfg_node_at(struct cfg_ctx *c, int index)
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

struct cfg_mark cfg_mark_of(struct cfg_ctx *c, const yaml_node_t *n)
{
	return (struct cfg_mark){ c->file, (int)n->start_mark.line + 1,
				  (int)n->start_mark.column + 1 };
}

int cfg_fail_mark(struct cfg_ctx *c, struct cfg_mark m, const char *path,
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


int cfg_get_scalar(struct cfg_ctx *c, const yaml_node_t *n, const char *path,
		   const char **text)
{
	*text = NULL; /* set on every path: gcc -O3 cannot see cfg_fail() is -1 */
	if (n->type != YAML_SCALAR_NODE)
		return cfg_fail(c, n, path, "expected a value, got %s", kind_name(n));
	*text = (const char *)n->data.scalar.value;
	return 0;
}

int cfg_get_long(struct cfg_ctx *c, const yaml_node_t *n, const char *path, long min,
		 long max, long *out)
{
	const char *text;

	if (cfg_get_scalar(c, n, path, &text) < 0)
		return -1;
	if (gtp_parse_int(text, min, max, out) == 0)
		return 0;
	if (min == 1 && max == LONG_MAX)
		return cfg_fail(c, n, path, "expected a positive integer, got \"%s\"", text);
	if (min == 0 && max == LONG_MAX)
		return cfg_fail(c, n, path, "expected a non-negative integer, got \"%s\"", text);
	return cfg_fail(c, n, path, "expected an integer from %ld to %ld, got \"%s\"", min, max,
			text);
}

int cfg_get_int(struct cfg_ctx *c, const yaml_node_t *n, const char *path, long min,
		long max, int *out)
{
	long v;

	if (cfg_get_long(c, n, path, min, max, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

int cfg_get_real(struct cfg_ctx *c, const yaml_node_t *n, const char *path, double min,
		 double max, double *out)
{
	const char *text;

	if (cfg_get_scalar(c, n, path, &text) < 0)
		return -1;
	if (gtp_parse_double(text, out) == 0 && *out >= min && *out <= max)
		return 0;
	return cfg_fail(c, n, path, "expected a number from %g to %g, got \"%s\"", min, max, text);
}

int cfg_get_bool(struct cfg_ctx *c, const yaml_node_t *n, const char *path, bool *out)
{
	static const char *const yes[] = { "true", "yes", "on" }, *const no[] = { "false", "no", "off" };
	const char *text;

	if (cfg_get_scalar(c, n, path, &text) < 0)
		return -1;
	for (int i = 0; i < 3; i++) {
		if (!strcasecmp(text, yes[i]) || !strcasecmp(text, no[i])) {
			*out = !strcasecmp(text, yes[i]);
			return 0;
		}
	}
	return cfg_fail(c, n, path, "expected true or false, got \"%s\"", text);
}

int cfg_get_string(struct cfg_ctx *c, const yaml_node_t *n, const char *path, char *out,
		   size_t len)
{
	const char *text;

	if (cfg_get_scalar(c, n, path, &text) < 0)
		return -1;
	if (!*text)
		return cfg_fail(c, n, path, "expected a non-empty text");
	if (strlen(text) >= len)
		return cfg_fail(c, n, path, "too long (at most %zu bytes)", len - 1);
	snprintf(out, len, "%s", text);
	return 0;
}

void cfg_list_words(const char *const *words, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (int i = 0; words && words[i] && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s", i ? ", " : "", words[i]);
}

int cfg_get_word(struct cfg_ctx *c, const yaml_node_t *n, const char *path,
		 const char *const *choices, char *out, size_t len)
{
	char list[CFG_LISTLEN];
	const char *text;

	if (cfg_get_scalar(c, n, path, &text) < 0)
		return -1;
	for (int i = 0; choices && choices[i]; i++)
		if (!strcmp(text, choices[i]) && strlen(text) < len) {
			snprintf(out, len, "%s", text);
			return 0;
		}
	cfg_list_words(choices, list, sizeof(list));
	return cfg_fail(c, n, path, "expected one of %s, got \"%s\"", list, text);
}


static int check_duplicate(struct cfg_ctx *c, yaml_node_t *map, yaml_node_pair_t *pair,
			   const char *path)
{
	yaml_node_t *key = cfg_node_at(c, pair->key);

	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < pair; p++) {
		yaml_node_t *other = cfg_node_at(c, p->key);

		if (other->type == YAML_SCALAR_NODE &&
		    !strcmp((char *)other->data.scalar.value, (char *)key->data.scalar.value))
			return cfg_fail(c, key, path, "duplicate key (first at line %d)",
					(int)other->start_mark.line + 1);
	}
	return 0;
}

/* Walk a mapping: each key once, each handled by apply. */
int cfg_walk_mapping(struct cfg_ctx *c, yaml_node_t *map, const char *path,
		     cfg_apply_fn apply, void *target)
{
	char child[512];

	if (map->type != YAML_MAPPING_NODE)
		return cfg_fail(c, map, path, "expected a mapping, got %s", kind_name(map));
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *key = cfg_node_at(c, p->key), *value = cfg_node_at(c, p->value);

		if (++c->visits > CFG_MAX_VISITS)
			return cfg_fail(c, map, path, "too many entries (aliases?)");
		if (key->type != YAML_SCALAR_NODE)
			return cfg_fail(c, key, path, "expected a plain key, got %s", kind_name(key));
		const char *name = (const char *)key->data.scalar.value;
		snprintf(child, sizeof(child), "%s%s%s", path, *path ? "." : "", name);
		if (check_duplicate(c, map, p, child) < 0 ||
		    apply(c, child, name, key, value, target) < 0)
			return -1;
	}
	return 0;
}

int cfg_unknown_key(struct cfg_ctx *c, yaml_node_t *key, const char *path,
		    const char *const *known)
{
	char list[CFG_LISTLEN];

	cfg_list_words(known, list, sizeof(list));
	return cfg_fail(c, key, path, "unknown key (expected one of %s)", list);
}


/* Whether a value is YAML's null (~, null, or nothing): in a user's file,
 * the way to remove an entry of a map the defaults fill (a level). */
bool cfg_is_null(const yaml_node_t *n)
{
	static const char *const nulls[] = { "", "~", "null", "Null", "NULL" };

	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return false;
	for (size_t i = 0; i < sizeof(nulls) / sizeof(nulls[0]); i++)
		if (!strcmp((const char *)n->data.scalar.value, nulls[i]))
			return true;
	return false;
}


/* A text that may be empty (storage.postgresql.conninfo). */
static int get_text(struct cfg_ctx *c, const yaml_node_t *v, const char *path, char *out,
		    size_t len)
{
	const char *text;

	if (cfg_get_scalar(c, v, path, &text) < 0)
		return -1;
	if (strlen(text) >= len)
		return cfg_fail(c, v, path, "too long (at most %zu bytes)", len - 1);
	snprintf(out, len, "%s", text);
	return 0;
}

/* [HOST:]PORT; with or_null, null too (stored as ""). */
static int get_listen(struct cfg_ctx *c, const yaml_node_t *v, const char *path, char *out,
		      size_t len, bool or_null)
{
	char host[256];
	int port;

	out[0] = '\0';
	if (or_null && cfg_is_null(v))
		return 0;
	if (cfg_get_string(c, v, path, out, len) < 0)
		return -1;
	if (listen_parse(out, host, sizeof(host), &port) < 0)
		return cfg_fail(c, v, path, "expected [HOST:]PORT%s, got \"%s\"",
				or_null ? " or null" : "", out);
	return 0;
}

static int get_log_level(struct cfg_ctx *c, const yaml_node_t *v, const char *path,
			 const char *const *choices, enum log_level *out)
{
	char word[16];

	if (cfg_get_word(c, v, path, choices, word, sizeof(word)) < 0)
		return -1;
	log_parse_level(word, out);
	return 0;
}

/* server.http_origins: a list of Origin values ([] or null: none). */
static int get_origins(struct cfg_ctx *c, yaml_node_t *v, const char *path,
		       struct cfg_server *s)
{
	s->nhttp_origins = 0;
	if (cfg_is_null(v))
		return 0;
	if (v->type != YAML_SEQUENCE_NODE)
		return cfg_fail(c, v, path, "expected a list of origins");
	for (yaml_node_item_t *it = v->data.sequence.items.start;
	     it < v->data.sequence.items.top; it++) {
		if (s->nhttp_origins == CFG_MAX_ORIGINS)
			return cfg_fail(c, v, path, "too many origins (at most %d)",
					CFG_MAX_ORIGINS);
		if (cfg_get_string(c, cfg_node_at(c, *it), path, s->http_origins[s->nhttp_origins],
				   sizeof(s->http_origins[0])) < 0)
			return -1;
		s->nhttp_origins++;
	}
	return 0;
}

/* A limit of a LONG row as a long: LONG_MAX written as a double is 2^63,
 * one past it. */
static long long_limit(double x)
{
	return x >= (double)LONG_MAX ? LONG_MAX : x <= (double)LONG_MIN ? LONG_MIN : (long)x;
}

int cfg_apply_value(struct cfg_ctx *c, const struct cfg_key *k, const char *path,
		    yaml_node_t *v, void *base)
{
	char *at = (char *)base + k->offset;

	if (k->mark)
		*(struct cfg_mark *)((char *)base + k->mark) = cfg_mark_of(c, v);
	switch (k->type) {
	case CFG_INT:
		return cfg_get_int(c, v, path, (long)k->min, (long)k->max, (int *)at);
	case CFG_LONG:
		return cfg_get_long(c, v, path, long_limit(k->min), long_limit(k->max), (long *)at);
	case CFG_REAL:
		return cfg_get_real(c, v, path, k->min, k->max, (double *)at);
	case CFG_BOOL:
		return cfg_get_bool(c, v, path, (bool *)at);
	case CFG_STRING:
		return cfg_get_string(c, v, path, at, k->size);
	case CFG_TEXT:
		return get_text(c, v, path, at, k->size);
	case CFG_WORD:
		return cfg_get_word(c, v, path, k->choices, at, k->size);
	case CFG_LOG_LEVEL:
		return get_log_level(c, v, path, k->choices, (enum log_level *)at);
	case CFG_LISTEN:
	case CFG_LISTEN_OR_NULL:
		return get_listen(c, v, path, at, k->size, k->type == CFG_LISTEN_OR_NULL);
	case CFG_STRING_OR_NULL:
		at[0] = '\0';
		return cfg_is_null(v) ? 0 : cfg_get_string(c, v, path, at, k->size);
	case CFG_ORIGINS:
		return get_origins(c, v, path, (struct cfg_server *)((char *)base +
								     offsetof(struct config, server)));
	case CFG_GAMES:
		return cfg_walk_mapping(c, v, path, cfg_apply_games, NULL);
	}
	return -1;
}

/* cfg_apply_fn for a section of the table: a row's key, a subsection, or
 * an error listing the section's children. */
static int apply_section(struct cfg_ctx *c, const char *path, const char *key,
			 yaml_node_t *key_node, yaml_node_t *v, void *target)
{
	const struct cfg_key *k = strchr(key, '.') ? NULL : cfg_key_find(path);
	char section[512], list[CFG_LISTLEN];

	(void)target;
	if (k)
		return cfg_apply_value(c, k, path, v, c->cfg);
	if (!strchr(key, '.') && cfg_is_section(path))
		return cfg_walk_mapping(c, v, path, apply_section, NULL);
	snprintf(section, sizeof(section), "%.*s", (int)(strlen(path) - strlen(key)), path);
	if (*section)
		section[strlen(section) - 1] = '\0'; /* its dot */
	cfg_key_children(section, list, sizeof(list));
	return cfg_fail(c, key_node, path, "unknown key (expected one of %s)", list);
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
		return cfg_fail_mark(c, m, "", "invalid YAML: %s", parser->problem);
	}
	m = (struct cfg_mark){ c->file, (int)parser->problem_mark.line + 1,
			       (int)parser->problem_mark.column + 1 };
	if (parser->problem_mark.index < len && text[parser->problem_mark.index] == '\t')
		hint = " (a tab: YAML indents with spaces only)";
	return cfg_fail_mark(c, m, "", "invalid YAML: %s%s", parser->problem ? parser->problem : "error",
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
		return cfg_fail_mark(c, (struct cfg_mark){ c->file, line, col }, "",
				     "nesting deeper than %d levels", CFG_MAX_DEPTH);
	case YAML_DEPTH_NO_MEMORY:
		break;
	}
	return cfg_fail_mark(c, (struct cfg_mark){ c->file, 1, 1 }, "", "out of memory");
}

/* Parse one YAML text and lay it over c->cfg. */
int cfg_apply_text(struct cfg_ctx *c, const char *text, size_t len)
{
	yaml_parser_t parser;
	yaml_document_t doc, extra;
	int rc = -1;

	if (check_depth(c, text, len) < 0)
		return -1;
	if (!yaml_parser_initialize(&parser))
		return cfg_fail_mark(c, (struct cfg_mark){ c->file, 1, 1 }, "", "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		rc = syntax_error(c, &parser, text, len);
		goto out_parser;
	}
	c->doc = &doc;
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (!root) {
		rc = cfg_fail_mark(c, (struct cfg_mark){ c->file, 1, 1 }, "", "empty configuration");
		goto out_doc;
	}
	rc = cfg_walk_mapping(c, root, "", apply_section, NULL);
	if (rc == 0 && yaml_parser_load(&parser, &extra)) {
		if (yaml_document_get_root_node(&extra))
			rc = cfg_fail_mark(c, (struct cfg_mark){ c->file,
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

