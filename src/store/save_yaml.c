/* A save file's text to and from struct save_doc: see save_yaml.h for the
 * format and how reading it is bounded. */
#define _GNU_SOURCE /* strptime, timegm */
#include "store/save_yaml.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "gtp.h"
#include "util/xalloc.h"
#include "util/yaml_depth.h"

#define MAX_SETUP_LINES 10000   /* write_setup writes a handful */
#define MAX_HISTORY_LINES (2L * GAME_MAX_HISTORY) /* moves, and answers between */
#define MAX_CLOCK 100000000.0   /* what time_settings and time_left accept */
#define QUOTE_MAX 40            /* bytes of a bad value quoted in an error */

/* ------------------------------------------------------------ lines */

void save_doc_add_lines(char ***list, size_t *n, const char *text)
{
	const char *p = text;

	while (*p) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char *line = xmalloc(len + 1);

		memcpy(line, p, len);
		line[len] = '\0';
		*list = xrealloc(*list, (*n + 1) * sizeof(**list));
		(*list)[(*n)++] = line;
		p += len + (end ? 1 : 0);
	}
}

static void free_lines(char **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

void save_doc_free(struct save_doc *d)
{
	free_lines(d->setup, d->nsetup);
	free_lines(d->history, d->nhistory);
	d->setup = d->history = NULL;
	d->nsetup = d->nhistory = 0;
}

void save_yaml_time(time_t t, char *buf, size_t len)
{
	struct tm tm;

	if (!gmtime_r(&t, &tm) || strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(buf, len, "1970-01-01T00:00:00Z");
}

/* ------------------------------------------------------------ writing */

static int write_out(void *data, unsigned char *buf, size_t size)
{
	sb_append(data, (const char *)buf, size);
	return 1;
}

/* One event to the emitter (which takes it); false once anything failed. */
static bool emit_event(yaml_emitter_t *e, yaml_event_t *ev, bool made)
{
	return made && yaml_emitter_emit(e, ev);
}

static bool emit_scalar(yaml_emitter_t *e, const char *text)
{
	yaml_event_t ev;
	bool made = yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)text,
						 (int)strlen(text), 1, 1,
						 YAML_ANY_SCALAR_STYLE);

	return emit_event(e, &ev, made);
}

static bool emit_start(yaml_emitter_t *e, bool mapping)
{
	yaml_event_t ev;
	bool made = mapping ? yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
								  YAML_BLOCK_MAPPING_STYLE)
			    : yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
								   YAML_BLOCK_SEQUENCE_STYLE);

	return emit_event(e, &ev, made);
}

static bool emit_end(yaml_emitter_t *e, bool mapping)
{
	yaml_event_t ev;
	bool made = mapping ? yaml_mapping_end_event_initialize(&ev)
			    : yaml_sequence_end_event_initialize(&ev);

	return emit_event(e, &ev, made);
}

static bool emit_pair(yaml_emitter_t *e, const char *key, const char *value)
{
	return emit_scalar(e, key) && emit_scalar(e, value);
}

static bool emit_long(yaml_emitter_t *e, const char *key, long value)
{
	char text[32];

	snprintf(text, sizeof(text), "%ld", value);
	return emit_pair(e, key, text);
}

static bool emit_real(yaml_emitter_t *e, const char *key, double value)
{
	struct strbuf text = STRBUF_INIT;
	bool ok;

	sb_put_real(&text, value);
	ok = emit_pair(e, key, sb_str(&text));
	sb_free(&text);
	return ok;
}

static bool emit_time(yaml_emitter_t *e, const char *key, time_t t)
{
	char text[32];

	save_yaml_time(t, text, sizeof(text));
	return emit_pair(e, key, text);
}

static bool emit_lines(yaml_emitter_t *e, const char *key, char **lines, size_t n)
{
	bool ok = emit_scalar(e, key) && emit_start(e, false);

	for (size_t i = 0; ok && i < n; i++)
		ok = emit_scalar(e, lines[i]);
	return ok && emit_end(e, false);
}

static bool emit_clock(yaml_emitter_t *e, const struct game_clock *c)
{
	return emit_scalar(e, "clock") && emit_start(e, true) &&
	       emit_real(e, "main_time", c->main_time) &&
	       emit_real(e, "byo_yomi_time", c->byo_time) &&
	       emit_long(e, "byo_yomi_stones", c->byo_stones) &&
	       emit_real(e, "black_time_left", c->left[COLOR_BLACK]) &&
	       emit_long(e, "black_stones_left", c->stones_left[COLOR_BLACK]) &&
	       emit_real(e, "white_time_left", c->left[COLOR_WHITE]) &&
	       emit_long(e, "white_stones_left", c->stones_left[COLOR_WHITE]) &&
	       (c->byo_periods == 0 || emit_long(e, "byo_yomi_periods", c->byo_periods)) &&
	       emit_end(e, true);
}

static bool emit_body(yaml_emitter_t *e, const struct save_doc *d)
{
	char hex[80];
	bool ok = emit_long(e, "quintet_save", d->version) && emit_pair(e, "game", d->game) &&
		  emit_long(e, "moves", d->moves) && emit_time(e, "saved", d->saved) &&
		  emit_time(e, "created", d->created);

	if (ok && d->has_level)
		ok = emit_pair(e, "level", d->level);
	ok = ok && emit_scalar(e, "options") && emit_start(e, true);
	for (int i = 0; ok && i < d->noptions; i++)
		ok = emit_pair(e, d->options[i].key, d->options[i].value);
	ok = ok && emit_end(e, true) && emit_clock(e, &d->clock);
	snprintf(hex, sizeof(hex), "%016llx%016llx%016llx%016llx",
		 (unsigned long long)d->rng.s[0], (unsigned long long)d->rng.s[1],
		 (unsigned long long)d->rng.s[2], (unsigned long long)d->rng.s[3]);
	ok = ok && emit_pair(e, "random", hex);
	if (ok && d->nsetup > 0)
		ok = emit_lines(e, "setup", d->setup, d->nsetup);
	ok = ok && emit_lines(e, "history", d->history, d->nhistory) &&
	     emit_pair(e, "to_move", d->to_move == COLOR_WHITE ? "white" : "black");
	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)d->digest);
	return ok && emit_pair(e, "digest", hex);
}

int save_yaml_emit(const struct save_doc *d, struct strbuf *out, char *err, size_t errlen)
{
	yaml_emitter_t e;
	yaml_event_t ev;
	bool ok;

	if (!yaml_emitter_initialize(&e)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	yaml_emitter_set_output(&e, write_out, out);
	yaml_emitter_set_width(&e, -1);     /* long lines stay whole */
	yaml_emitter_set_unicode(&e, 1);
	ok = emit_event(&e, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING)) &&
	     emit_event(&e, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1)) &&
	     emit_start(&e, true) && emit_body(&e, d) && emit_end(&e, true) &&
	     emit_event(&e, &ev, yaml_document_end_event_initialize(&ev, 1)) &&
	     emit_event(&e, &ev, yaml_stream_end_event_initialize(&ev)) && yaml_emitter_flush(&e);
	if (!ok)
		snprintf(err, errlen, "%s", e.problem ? e.problem : "out of memory");
	yaml_emitter_delete(&e);
	return ok ? 0 : -1;
}

/* ------------------------------------------------------------ reading */

struct reader {
	yaml_document_t *doc; /* the parsed text */
	char *err;            /* caller's buffer */
	size_t errlen;        /* its size */
};

static int fail(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, r->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* A scalar node's text, or NULL (the node is a mapping or a sequence). */
static const char *text_of(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static yaml_node_t *node(struct reader *r, int index)
{
	return yaml_document_get_node(r->doc, index);
}

/* The start of a value, quoted for an error, at most QUOTE_MAX bytes. */
static const char *quote(const char *text, char *buf, size_t len)
{
	size_t n = strnlen(text, QUOTE_MAX);

	snprintf(buf, len, "%.*s%s", (int)n, text, text[n] ? "..." : "");
	for (char *p = buf; *p; p++)
		if (!isprint((unsigned char)*p))
			*p = '?';
	return buf;
}

static int need_text(struct reader *r, const yaml_node_t *n, const char *field,
		     const char **out)
{
	if (!(*out = text_of(n)))
		return fail(r, "%s: expected text, found a %s", field,
			    n && n->type == YAML_MAPPING_NODE ? "mapping" : "list");
	return 0;
}

/* A name: 1..SAVE_YAML_NAME_MAX of [A-Za-z0-9_-]. */
static int get_name(struct reader *r, const yaml_node_t *n, const char *field, char *out,
		    size_t outlen)
{
	const char *t;
	char q[64];

	if (need_text(r, n, field, &t) < 0)
		return -1;
	size_t len = strlen(t);
	bool ok = len > 0 && len <= SAVE_YAML_NAME_MAX && len < outlen;
	for (size_t i = 0; ok && i < len; i++)
		ok = isalnum((unsigned char)t[i]) || t[i] == '_' || t[i] == '-';
	if (!ok)
		return fail(r, "%s: not a name: \"%s\"", field, quote(t, q, sizeof(q)));
	memcpy(out, t, len + 1);
	return 0;
}

static int get_long(struct reader *r, const yaml_node_t *n, const char *field, long min,
		    long max, long *out)
{
	const char *t;
	char q[64];

	if (need_text(r, n, field, &t) < 0)
		return -1;
	if (gtp_parse_int(t, min, max, out) < 0)
		return fail(r, "%s: expected an integer from %ld to %ld, got \"%s\"", field, min,
			    max, quote(t, q, sizeof(q)));
	return 0;
}

static int get_real(struct reader *r, const yaml_node_t *n, const char *field, double *out)
{
	const char *t;
	char q[64];

	if (need_text(r, n, field, &t) < 0)
		return -1;
	if (gtp_parse_double(t, out) < 0 || *out < 0 || *out > MAX_CLOCK)
		return fail(r, "%s: expected a number from 0 to %.0f, got \"%s\"", field,
			    MAX_CLOCK, quote(t, q, sizeof(q)));
	return 0;
}

static int get_time(struct reader *r, const yaml_node_t *n, const char *field, time_t *out)
{
	const char *t;
	char q[64], again[32];
	struct tm tm = { 0 };

	if (need_text(r, n, field, &t) < 0)
		return -1;
	const char *end = strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (end && !*end) {
		*out = timegm(&tm);
		save_yaml_time(*out, again, sizeof(again));
		if (*out >= 0 && !strcmp(again, t))
			return 0;
	}
	return fail(r, "%s: expected a UTC time such as 2025-01-02T03:04:05Z, got \"%s\"", field,
		    quote(t, q, sizeof(q)));
}

/* Exactly digits hex digits into words 64-bit words. */
static int get_hex(struct reader *r, const yaml_node_t *n, const char *field, int words,
		   uint64_t *out)
{
	const char *t;
	char q[64];

	if (need_text(r, n, field, &t) < 0)
		return -1;
	bool ok = strlen(t) == (size_t)words * 16;
	for (int w = 0; ok && w < words; w++) {
		out[w] = 0;
		for (int i = 0; ok && i < 16; i++) {
			char c = t[w * 16 + i];
			int v = isdigit((unsigned char)c) ? c - '0'
				: c >= 'a' && c <= 'f'    ? c - 'a' + 10
							  : -1;
			ok = v >= 0;
			out[w] = out[w] << 4 | (uint64_t)(v & 15);
		}
	}
	if (!ok)
		return fail(r, "%s: expected %d lowercase hex digits, got \"%s\"", field,
			    words * 16, quote(t, q, sizeof(q)));
	return 0;
}

/* Walk a mapping's pairs; each key must be text, none twice. */
typedef int (*pair_fn)(struct reader *r, const char *key, yaml_node_t *value, void *arg);

static int walk_mapping(struct reader *r, yaml_node_t *map, const char *field, pair_fn fn,
			void *arg)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return fail(r, "%s%sexpected a mapping", field, *field ? ": " : "");
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		const char *key = text_of(node(r, p->key));
		char q[64];

		if (!key)
			return fail(r, "%s%sa key is not text", field, *field ? ": " : "");
		for (yaml_node_pair_t *q2 = map->data.mapping.pairs.start; q2 < p; q2++)
			if (!strcmp(text_of(node(r, q2->key)), key))
				return *field ? fail(r, "%s: duplicate key \"%s\"", field,
						     quote(key, q, sizeof(q)))
					      : fail(r, "duplicate field \"%s\"",
						     quote(key, q, sizeof(q)));
		if (fn(r, key, node(r, p->value), arg) < 0)
			return -1;
	}
	return 0;
}

static int option_pair(struct reader *r, const char *key, yaml_node_t *value, void *arg)
{
	struct save_doc *d = arg;
	struct game_option_value *o = &d->options[d->noptions];
	const char *t;
	char q[64];

	if (d->noptions == GAME_MAX_OPTIONS)
		return fail(r, "options: more than %d", GAME_MAX_OPTIONS);
	if (strlen(key) >= sizeof(o->key))
		return fail(r, "options: key too long: \"%s\"", quote(key, q, sizeof(q)));
	if (!(t = text_of(value)))
		return fail(r, "options.%s: expected text", key);
	if (strlen(t) >= sizeof(o->value))
		return fail(r, "options.%s: value too long", key);
	snprintf(o->key, sizeof(o->key), "%s", key);
	snprintf(o->value, sizeof(o->value), "%s", t);
	d->noptions++;
	return 0;
}

/* The clock's fields, by name; seen counts them. */
struct clock_walk {
	struct game_clock *c; /* being filled */
	unsigned seen;        /* bit per field */
};

static const char *const clock_keys[] = {
	"main_time", "byo_yomi_time", "byo_yomi_stones", "black_time_left",
	"black_stones_left", "white_time_left", "white_stones_left",
	"byo_yomi_periods", /* optional: only Japanese byo-yomi has it */
	NULL,
};
#define CLOCK_OPTIONAL_KEY 7

static int clock_pair(struct reader *r, const char *key, yaml_node_t *value, void *arg)
{
	struct clock_walk *w = arg;
	struct game_clock *c = w->c;
	char field[64];
	long n;
	int k = 0;

	while (clock_keys[k] && strcmp(clock_keys[k], key))
		k++;
	if (!clock_keys[k]) {
		char q[64];

		return fail(r, "clock: unknown field \"%s\"", quote(key, q, sizeof(q)));
	}
	w->seen |= 1u << k;
	snprintf(field, sizeof(field), "clock.%s", key);
	switch (k) {
	case 0:
		return get_real(r, value, field, &c->main_time);
	case 1:
		return get_real(r, value, field, &c->byo_time);
	case 3:
		return get_real(r, value, field, &c->left[COLOR_BLACK]);
	case 5:
		return get_real(r, value, field, &c->left[COLOR_WHITE]);
	}
	if (get_long(r, value, field, 0, (long)MAX_CLOCK, &n) < 0)
		return -1;
	if (k == 2)
		c->byo_stones = (int)n;
	else if (k == CLOCK_OPTIONAL_KEY)
		c->byo_periods = (int)n;
	else
		c->stones_left[k == 4 ? COLOR_BLACK : COLOR_WHITE] = (int)n;
	return 0;
}

static int get_clock(struct reader *r, yaml_node_t *n, struct game_clock *out)
{
	struct game_clock c = { 0 };
	struct clock_walk w = { &c, 0 };

	if (walk_mapping(r, n, "clock", clock_pair, &w) < 0)
		return -1;
	for (int k = 0; clock_keys[k]; k++)
		if (!(w.seen & 1u << k) && k != CLOCK_OPTIONAL_KEY)
			return fail(r, "clock: missing field %s", clock_keys[k]);
	/* As time_settings (or kgs-time_settings byoyomi) then time_left for
	 * each colour set it. */
	if (c.byo_periods > 0)
		clock_set_byoyomi(out, c.main_time, c.byo_time, c.byo_periods);
	else
		clock_set(out, c.main_time, c.byo_time, c.byo_stones);
	clock_left(out, COLOR_BLACK, c.left[COLOR_BLACK], c.stones_left[COLOR_BLACK]);
	clock_left(out, COLOR_WHITE, c.left[COLOR_WHITE], c.stones_left[COLOR_WHITE]);
	return 0;
}

/* A list of one-line texts. */
static int get_lines(struct reader *r, yaml_node_t *n, const char *field, size_t max,
		     char ***list, size_t *count)
{
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return fail(r, "%s: expected a list", field);
	size_t items = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (items > max)
		return fail(r, "%s: more than %zu items", field, max);
	*list = items ? xcalloc(items, sizeof(**list)) : NULL;
	for (size_t i = 0; i < items; i++) {
		const char *t = text_of(node(r, n->data.sequence.items.start[i]));

		if (!t)
			return fail(r, "%s: item %zu is not text", field, i + 1);
		if (strchr(t, '\n'))
			return fail(r, "%s: item %zu spans lines", field, i + 1);
		(*list)[i] = xstrdup(t);
		*count = i + 1;
	}
	return 0;
}

enum field {
	F_VERSION, F_GAME, F_MOVES, F_SAVED, F_CREATED, F_LEVEL, F_OPTIONS, F_CLOCK,
	F_RANDOM, F_SETUP, F_HISTORY, F_TO_MOVE, F_DIGEST, F_COUNT
};

static const char *const field_names[F_COUNT] = {
	"quintet_save", "game", "moves", "saved", "created", "level", "options", "clock",
	"random", "setup", "history", "to_move", "digest",
};

/* Fields a save may leave out. */
static bool optional(enum field f)
{
	return f == F_LEVEL || f == F_SETUP;
}

struct top_walk {
	struct save_doc *d; /* being filled */
	unsigned seen;      /* bit per field */
};

static int top_value(struct reader *r, enum field f, yaml_node_t *v, struct save_doc *d)
{
	const char *t;
	long n;

	switch (f) {
	case F_VERSION:
		return 0; /* checked first, before everything else */
	case F_GAME:
		return get_name(r, v, "game", d->game, sizeof(d->game));
	case F_MOVES:
		if (get_long(r, v, "moves", 0, GAME_MAX_HISTORY, &n) < 0)
			return -1;
		d->moves = n;
		return 0;
	case F_SAVED:
		return get_time(r, v, "saved", &d->saved);
	case F_CREATED:
		return get_time(r, v, "created", &d->created);
	case F_LEVEL:
		d->has_level = true;
		return get_name(r, v, "level", d->level, sizeof(d->level));
	case F_OPTIONS:
		return walk_mapping(r, v, "options", option_pair, d);
	case F_CLOCK:
		return get_clock(r, v, &d->clock);
	case F_RANDOM:
		if (get_hex(r, v, "random", 4, d->rng.s) < 0)
			return -1;
		if (!(d->rng.s[0] | d->rng.s[1] | d->rng.s[2] | d->rng.s[3]))
			return fail(r, "random: all zero (no generator state)");
		return 0;
	case F_SETUP:
		return get_lines(r, v, "setup", MAX_SETUP_LINES, &d->setup, &d->nsetup);
	case F_HISTORY:
		return get_lines(r, v, "history", (size_t)MAX_HISTORY_LINES, &d->history,
				 &d->nhistory);
	case F_TO_MOVE:
		if (need_text(r, v, "to_move", &t) < 0)
			return -1;
		d->to_move = !strcmp(t, "black") ? COLOR_BLACK : !strcmp(t, "white") ? COLOR_WHITE : 0;
		if (!d->to_move) {
			char q[64];

			return fail(r, "to_move: expected black or white, got \"%s\"",
				    quote(t, q, sizeof(q)));
		}
		return 0;
	case F_DIGEST:
		return get_hex(r, v, "digest", 1, &d->digest);
	case F_COUNT:
		break;
	}
	return -1;
}

static int top_pair(struct reader *r, const char *key, yaml_node_t *value, void *arg)
{
	struct top_walk *w = arg;
	int f = 0;
	char q[64];

	while (f < F_COUNT && strcmp(field_names[f], key))
		f++;
	if (f == F_COUNT)
		return fail(r, "unknown field \"%s\"", quote(key, q, sizeof(q)));
	w->seen |= 1u << f;
	return top_value(r, (enum field)f, value, w->d);
}

/* The version, before anything else: a file of another version is told
 * so, not that its fields are unknown. */
static int check_version(struct reader *r, yaml_node_t *root, struct save_doc *d)
{
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
	     p++) {
		const char *key = text_of(node(r, p->key));
		long v;

		if (!key || strcmp(key, "quintet_save") != 0)
			continue;
		if (get_long(r, node(r, p->value), "quintet_save", 1, 1000000, &v) < 0)
			return -1;
		if (v != SAVE_YAML_VERSION)
			return fail(r, "quintet_save: version %ld (this quintet reads version %d)", v,
				    SAVE_YAML_VERSION);
		d->version = (int)v;
		return 0;
	}
	return fail(r, "not a quintet save (no quintet_save field)");
}

static int walk_document(struct reader *r, struct save_doc *d)
{
	yaml_node_t *root = yaml_document_get_root_node(r->doc);
	struct top_walk w = { d, 0 };

	if (!root)
		return fail(r, "empty file");
	if (root->type != YAML_MAPPING_NODE)
		return fail(r, "not a mapping of fields");
	if (check_version(r, root, d) < 0 || walk_mapping(r, root, "", top_pair, &w) < 0)
		return -1;
	for (int f = 0; f < F_COUNT; f++)
		if (!(w.seen & 1u << f) && !optional((enum field)f))
			return fail(r, "missing field %s", field_names[f]);
	return 0;
}

static int syntax_error(struct reader *r, const yaml_parser_t *p)
{
	const char *problem = p->problem ? p->problem : "error";

	if (p->error == YAML_READER_ERROR)
		return fail(r, "not UTF-8 text: %s at byte %zu", problem, p->problem_offset);
	if (p->error == YAML_MEMORY_ERROR)
		return fail(r, "out of memory");
	return fail(r, "not YAML: %s at line %zu, column %zu", problem, p->problem_mark.line + 1,
		    p->problem_mark.column + 1);
}

int save_yaml_parse(const char *text, size_t len, struct save_doc *d, char *err,
		    size_t errlen)
{
	struct reader r = { .err = err, .errlen = errlen };
	yaml_parser_t parser;
	yaml_document_t doc, extra;
	int line = 1, col = 1, rc = -1;

	memset(d, 0, sizeof(*d));
	if (len == 0)
		return fail(&r, "empty file");
	switch (yaml_depth_check(text, len, SAVE_YAML_MAX_DEPTH, &line, &col)) {
	case YAML_DEPTH_OK:
		break;
	case YAML_DEPTH_TOO_DEEP:
		return fail(&r, "nesting deeper than %d levels at line %d, column %d",
			    SAVE_YAML_MAX_DEPTH, line, col);
	case YAML_DEPTH_NO_MEMORY:
		return fail(&r, "out of memory");
	}
	if (!yaml_parser_initialize(&parser))
		return fail(&r, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		rc = syntax_error(&r, &parser);
		goto out_parser;
	}
	r.doc = &doc;
	rc = walk_document(&r, d);
	if (rc == 0) {
		if (!yaml_parser_load(&parser, &extra)) {
			rc = syntax_error(&r, &parser);
		} else {
			if (yaml_document_get_root_node(&extra))
				rc = fail(&r, "more than one YAML document");
			yaml_document_delete(&extra);
		}
	}
	yaml_document_delete(&doc);
out_parser:
	yaml_parser_delete(&parser);
	return rc;
}

/* ------------------------------------------------------------ peeking */

/* The next scalar event's text into buf; false at anything else. */
static bool next_scalar(yaml_parser_t *p, char *buf, size_t len)
{
	yaml_event_t ev;
	bool ok;

	if (!yaml_parser_parse(p, &ev))
		return false;
	ok = ev.type == YAML_SCALAR_EVENT && ev.data.scalar.length < len;
	if (ok)
		memcpy(buf, ev.data.scalar.value, ev.data.scalar.length + 1);
	yaml_event_delete(&ev);
	return ok;
}

/* The next event, which must be of type. */
static bool expect(yaml_parser_t *p, yaml_event_type_t type)
{
	yaml_event_t ev;
	bool ok;

	if (!yaml_parser_parse(p, &ev))
		return false;
	ok = ev.type == type;
	yaml_event_delete(&ev);
	return ok;
}

int save_yaml_peek(const char *text, size_t len, char *game, size_t gamelen, long *moves,
		   time_t *saved)
{
	yaml_parser_t p;
	char key[32], value[80];
	bool ok;
	int found = 0;

	if (!yaml_parser_initialize(&p))
		return -1;
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	ok = expect(&p, YAML_STREAM_START_EVENT) && expect(&p, YAML_DOCUMENT_START_EVENT) &&
	     expect(&p, YAML_MAPPING_START_EVENT);
	/* The first four fields: quintet_save, game, moves, saved. */
	for (int i = 0; ok && i < 4; i++) {
		struct tm tm = { 0 };
		const char *end;

		ok = next_scalar(&p, key, sizeof(key)) && next_scalar(&p, value, sizeof(value));
		if (!ok)
			break;
		if (i == 0) {
			ok = !strcmp(key, "quintet_save") && !strcmp(value, "1");
		} else if (i == 1) {
			ok = !strcmp(key, "game") && strlen(value) < gamelen;
			if (ok)
				snprintf(game, gamelen, "%s", value);
		} else if (i == 2) {
			ok = !strcmp(key, "moves") && gtp_parse_int(value, 0, GAME_MAX_HISTORY, moves) == 0;
		} else {
			end = strptime(value, "%Y-%m-%dT%H:%M:%SZ", &tm);
			ok = !strcmp(key, "saved") && end && !*end;
			if (ok)
				*saved = timegm(&tm);
		}
		found += ok;
	}
	yaml_parser_delete(&p);
	return ok && found == 4 ? 0 : -1;
}
