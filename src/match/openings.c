/* Openings files: parse, read, check against the rules. */
#include "match/openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define OPENINGS_MAX_FILE (16L << 20) /* refuse anything bigger */

static const char *const separators = " \t,\r";

/* Add the moves of one line (comment already cut) as an opening. */
static void add_line(struct openings *out, char *line, int number)
{
	struct opening op = { NULL, 0, number };

	for (char *save, *tok = strtok_r(line, separators, &save); tok;
	     tok = strtok_r(NULL, separators, &save)) {
		op.moves = xrealloc(op.moves, (op.n + 1) * sizeof(*op.moves));
		op.moves[op.n++] = xstrdup(tok);
	}
	if (op.n == 0)
		return;
	out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
	out->v[out->n++] = op;
}

int openings_parse(const char *text, struct openings *out)
{
	char *copy = xstrdup(text), *line = copy;
	int number = 1;

	out->v = NULL;
	out->n = 0;
	while (line) {
		char *next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line[strcspn(line, "#")] = '\0';
		add_line(out, line, number++);
		line = next;
	}
	free(copy);
	return 0;
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

int openings_check(const struct openings *o, const struct game *start, const char *name,
		   char *err, size_t errlen)
{
	for (size_t i = 0; i < o->n; i++) {
		struct game *g = start->ops->copy(start);
		int rc = play_opening(g, &o->v[i], name, err, errlen);

		g->ops->destroy(g);
		if (rc < 0)
			return -1;
	}
	return 0;
}

int openings_load(const char *path, const struct game *start, struct openings *out,
		  char *err, size_t errlen)
{
	char *text = read_text(path, err, errlen);

	out->v = NULL;
	out->n = 0;
	if (!text)
		return -1;
	openings_parse(text, out);
	free(text);
	if (out->n == 0) {
		snprintf(err, errlen, "%s: no openings", path);
		return -1;
	}
	if (openings_check(out, start, path, err, errlen) < 0) {
		openings_free(out);
		return -1;
	}
	return 0;
}

void openings_free(struct openings *o)
{
	for (size_t i = 0; i < o->n; i++) {
		for (size_t j = 0; j < o->v[i].n; j++)
			free(o->v[i].moves[j]);
		free(o->v[i].moves);
	}
	free(o->v);
	o->v = NULL;
	o->n = 0;
}
