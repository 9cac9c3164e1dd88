/* Openings files: parse, read, check against the rules. */
#include "match/openings.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtp.h"
#include "util/xalloc.h"

#define OPENINGS_MAX_FILE (16L << 20) /* refuse anything bigger */

static const char *const separators = " \t,\r";

/* Add the moves of one line (comment already cut) as an opening under
 * section; -1 with a message for a bad seed. */
static int add_line(struct openings *out, char *line, int number, const char *section,
		    char *err, size_t errlen)
{
	struct opening op = { NULL, 0, number, false, 0, NULL };
	char *save, *tok = strtok_r(line, separators, &save);

	if (tok && !strcmp(tok, "seed")) {
		long seed;
		tok = strtok_r(NULL, separators, &save);
		if (!tok || gtp_parse_int(tok, 0, LONG_MAX, &seed) < 0) {
			snprintf(err, errlen, "%d: bad seed '%s'", number, tok ? tok : "");
			return -1;
		}
		op.has_seed = true;
		op.seed = (uint64_t)seed;
		tok = strtok_r(NULL, separators, &save);
	}
	for (; tok; tok = strtok_r(NULL, separators, &save)) {
		op.moves = xrealloc(op.moves, (op.n + 1) * sizeof(*op.moves));
		op.moves[op.n++] = xstrdup(tok);
	}
	if (op.n == 0 && !op.has_seed)
		return 0;
	op.section = section ? xstrdup(section) : NULL;
	out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
	out->v[out->n++] = op;
	return 0;
}

/* A "[KEY]" line: its key into section (NULL for [*]); 1 when line is a
 * section, 0 when not, -1 when malformed. */
static int section_line(char *line, char **section)
{
	line += strspn(line, " \t\r");
	if (*line != '[')
		return 0;
	char *close = strchr(line, ']');
	if (!close || close == line + 1 || close[1 + strspn(close + 1, " \t\r")] != '\0' ||
	    memchr(line + 1, ' ', (size_t)(close - line - 1)))
		return -1;
	free(*section);
	*close = '\0';
	*section = strcmp(line + 1, "*") ? xstrdup(line + 1) : NULL;
	return 1;
}

int openings_parse(const char *text, struct openings *out, char *err, size_t errlen)
{
	char *copy = xstrdup(text), *line = copy, *section = NULL;
	int number = 1, rc = 0;

	out->v = NULL;
	out->n = 0;
	while (line && rc == 0) {
		char *next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line[strcspn(line, "#")] = '\0';
		int is_section = section_line(line, &section);
		if (is_section < 0) {
			snprintf(err, errlen, "%d: bad section (want [VARIANT])", number);
			rc = -1;
		} else if (is_section == 0) {
			rc = add_line(out, line, number, section, err, errlen);
		}
		number++;
		line = next;
	}
	free(section);
	free(copy);
	if (rc < 0)
		openings_free(out);
	return rc;
}

bool openings_section_fits(const char *section, const char *key)
{
	size_t n = section ? strlen(section) : 0;

	return !section || (!strncmp(section, key, n) && (key[n] == '\0' || key[n] == '/'));
}

static void opening_free(struct opening *op)
{
	for (size_t j = 0; j < op->n; j++)
		free(op->moves[j]);
	free(op->moves);
	free(op->section);
}

void openings_select(struct openings *o, const char *key)
{
	size_t kept = 0;

	for (size_t i = 0; i < o->n; i++) {
		if (openings_section_fits(o->v[i].section, key))
			o->v[kept++] = o->v[i];
		else
			opening_free(&o->v[i]);
	}
	o->n = kept;
}

static char *read_text(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char chunk[4096];
	size_t n;

	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0 && sb.len <= OPENINGS_MAX_FILE)
		sb_append(&sb, chunk, n);
	bool bad = ferror(f) || sb.len > OPENINGS_MAX_FILE;
	if (bad)
		snprintf(err, errlen, "cannot read %s: %s", path,
			 ferror(f) ? strerror(errno) : "file too big");
	fclose(f);
	if (bad || memchr(sb_str(&sb), '\0', sb.len)) {
		if (!bad)
			snprintf(err, errlen, "cannot read %s: not a text file", path);
		sb_free(&sb);
		return NULL;
	}
	return sb.buf ? sb.buf : xstrdup("");
}

/* Play one opening on g; -1 with a message naming the bad move. */
static int play_opening(struct game *g, const struct opening *op, const char *name,
			char *err, size_t errlen)
{
	const struct game_ops *ops = g->ops;
	char why[128];
	int move;

	for (size_t i = 0; i < op->n; i++) {
		if (ops->is_over(g)) {
			snprintf(err, errlen, "%s:%d: the game is over before '%s'", name,
				 op->line, op->moves[i]);
			return -1;
		}
		if (ops->parse_move(g, op->moves[i], &move, why, sizeof(why)) < 0 ||
		    ops->play(g, ops->to_move(g), move, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "%s:%d: %s '%s'", name, op->line, why,
				 op->moves[i]);
			return -1;
		}
	}
	return 0;
}

int openings_check(const struct openings *o, const struct game *start, openings_start_fn make,
		   void *arg, const char *name, char *err, size_t errlen)
{
	char why[256];

	for (size_t i = 0; i < o->n; i++) {
		const struct opening *op = &o->v[i];
		struct game *g = !op->has_seed ? start->ops->copy(start)
			       : make		? make(arg, op->seed, why, sizeof(why))
						: NULL;

		if (!g) {
			snprintf(err, errlen, "%s:%d: %s", name, op->line,
				 make ? why : "a seed line cannot be checked here");
			return -1;
		}
		int rc = play_opening(g, op, name, err, errlen);
		g->ops->destroy(g);
		if (rc < 0)
			return -1;
	}
	return 0;
}

int openings_load(const char *path, const struct game *start, openings_start_fn make,
		  void *arg, struct openings *out, char *err, size_t errlen)
{
	char *text = read_text(path, err, errlen), why[256];
	struct strbuf key = STRBUF_INIT;
	int rc = -1;

	out->v = NULL;
	out->n = 0;
	if (!text)
		return -1;
	if (openings_parse(text, out, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "%s:%s", path, why);
		goto out;
	}
	start->ops->variant_key(start, &key);
	openings_select(out, sb_str(&key));
	if (out->n == 0)
		snprintf(err, errlen, "%s: no openings for %s", path, sb_str(&key));
	else if (openings_check(out, start, make, arg, path, err, errlen) == 0)
		rc = 0;
out:
	if (rc < 0)
		openings_free(out);
	free(text);
	sb_free(&key);
	return rc;
}

void openings_free(struct openings *o)
{
	for (size_t i = 0; i < o->n; i++)
		opening_free(&o->v[i]);
	free(o->v);
	o->v = NULL;
	o->n = 0;
}
