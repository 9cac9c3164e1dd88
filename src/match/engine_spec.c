/* Engine specifications: a command line split into words, or tcp:HOST:PORT. */
#include "match/engine.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct words {
	char **v;      /* the words so far, NULL-terminated */
	size_t n;      /* number of words */
	struct strbuf cur; /* the word being built */
	bool in_word;  /* cur holds a word (possibly empty, from '') */
};

static void end_word(struct words *w)
{
	if (!w->in_word)
		return;
	w->v = xrealloc(w->v, (w->n + 2) * sizeof(*w->v));
	w->v[w->n++] = xstrdup(sb_str(&w->cur));
	w->v[w->n] = NULL;
	sb_reset(&w->cur);
	w->in_word = false;
}

/* Consume a quoted part starting after the opening quote q; returns the
 * position after the closing quote, or NULL when it is missing. */
static const char *quoted(struct words *w, const char *p, char q)
{
	for (; *p && *p != q; p++) {
		if (q == '"' && *p == '\\' && p[1] && strchr("\"\\$`", p[1]))
			p++;
		sb_append(&w->cur, p, 1);
	}
	return *p ? p + 1 : NULL;
}

char **engine_split_argv(const char *line, char *err, size_t errlen)
{
	struct words w = { NULL, 0, STRBUF_INIT, false };
	const char *p = line;

	while (p && *p) {
		if (isspace((unsigned char)*p)) {
			end_word(&w);
			p++;
		} else if (*p == '\'' || *p == '"') {
			w.in_word = true;
			p = quoted(&w, p + 1, *p);
		} else {
			if (*p == '\\' && p[1])
				p++;
			w.in_word = true;
			sb_append(&w.cur, p++, 1);
		}
	}
	if (!p) {
		snprintf(err, errlen, "unterminated quote");
		w.in_word = false;
	}
	end_word(&w);
	sb_free(&w.cur);
	if (p && w.n > 0)
		return w.v;
	if (p)
		snprintf(err, errlen, "empty command");
	engine_free_argv(w.v);
	return NULL;
}

void engine_free_argv(char **argv)
{
	if (!argv)
		return;
	for (char **a = argv; *a; a++)
		free(*a);
	free(argv);
}

void engine_name_default(struct engine *e)
{
	char host[256], port[16], err[128];
	char **argv = NULL;

	if (engine_parse_tcp(e->target, host, sizeof(host), port, sizeof(port), err,
			     sizeof(err)) != 0 ||
	    !(argv = engine_split_argv(e->target, err, sizeof(err)))) {
		snprintf(e->name, sizeof(e->name), "%s", e->target);
		return;
	}
	const char *slash = strrchr(argv[0], '/');
	const char *base = slash && slash[1] ? slash + 1 : argv[0];
	snprintf(e->name, sizeof(e->name), "%s", base);
	engine_free_argv(argv);
}

static int bad_tcp(char *err, size_t errlen, const char *spec, const char *why)
{
	snprintf(err, errlen, "bad engine address '%s': %s (want tcp:HOST:PORT)", spec, why);
	return -1;
}

static bool valid_port(const char *port)
{
	char *end;
	long n = strtol(port, &end, 10);

	return *port && isdigit((unsigned char)*port) && !*end && n >= 1 && n <= 65535;
}

int engine_parse_tcp(const char *spec, char *host, size_t hostlen, char *port,
		     size_t portlen, char *err, size_t errlen)
{
	const char *h, *colon;
	size_t hl;

	if (strncmp(spec, "tcp:", 4) != 0)
		return 0;
	h = spec + 4;
	if (*h == '[') {
		const char *close = strchr(h, ']');
		if (!close || close[1] != ':')
			return bad_tcp(err, errlen, spec, "unclosed [");
		h++;
		hl = (size_t)(close - h);
		colon = close + 1;
	} else {
		colon = strrchr(h, ':');
		if (!colon)
			return bad_tcp(err, errlen, spec, "no port");
		hl = (size_t)(colon - h);
	}
	if (hl == 0 || hl >= hostlen)
		return bad_tcp(err, errlen, spec, "bad host");
	if (memchr(h, ':', hl) && h[-1] != '[')
		return bad_tcp(err, errlen, spec, "bad host");
	if (!valid_port(colon + 1) || strlen(colon + 1) >= portlen)
		return bad_tcp(err, errlen, spec, "bad port");
	memcpy(host, h, hl);
	host[hl] = '\0';
	strcpy(port, colon + 1);
	return 1;
}
