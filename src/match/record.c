/* The generic game record (a replayable GTP script) and record paths. */
#include "match/record.h"

#include <stdio.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/xalloc.h"

/* One comment line; newlines in text become spaces so the line stays one. */
static void comment_line(struct strbuf *out, const char *key, const char *text)
{
	sb_printf(out, "# %s: ", key);
	for (const char *p = text ? text : ""; *p; p++)
		sb_append(out, *p == '\n' ? " " : p, 1);
	sb_puts(out, "\n");
}

static void header(const struct game_record_info *info, const struct game *g,
		   struct strbuf *out)
{
	sb_printf(out, "# %s\n", info->title ? info->title : "game record");
	comment_line(out, "game", g->ops->name);
	comment_line(out, "black", info->black);
	comment_line(out, "white", info->white);
	comment_line(out, "result", info->result);
	comment_line(out, "end", info->comment);
	sb_printf(out, "game %s\n", g->ops->name);
}

/* g's setup and history; a setup the protocol cannot give is named in a
 * comment instead (the referee's own games always have one). */
static void body(const struct game *g, struct strbuf *out)
{
	struct strbuf setup = STRBUF_INIT;
	char err[128];

	if (g->ops->write_setup(g, COLOR_NONE, &setup, err, sizeof(err)) == 0)
		sb_puts(out, sb_str(&setup));
	else
		comment_line(out, "setup not written", err);
	sb_free(&setup);
	g->ops->history(g, out);
}

/* The record's last lines: final_score when the rules gave the result
 * (replaying the record then answers it again), and the result. */
static void footer(const struct game_record_info *info, struct strbuf *out)
{
	if (info->scored)
		sb_puts(out, "final_score\n");
	comment_line(out, "result", info->result);
}

char *record_write_gtp(const struct game_record_info *info, const struct game *g)
{
	struct strbuf out = STRBUF_INIT;

	header(info, g, &out);
	body(g, &out);
	footer(info, &out);
	return out.buf;
}

char *record_write_solve(const struct game_record_info *info, const struct game *black,
			 const struct game *white)
{
	struct strbuf out = STRBUF_INIT;

	header(info, black, &out);
	sb_puts(&out, "# black's game\n");
	body(black, &out);
	sb_puts(&out, "showboard\n# white's game\n");
	body(white, &out);
	sb_puts(&out, "showboard\n");
	comment_line(&out, "result", info->result);
	return out.buf;
}

static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

uint64_t record_digest(const struct game *black, const struct game *white)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	struct strbuf text = STRBUF_INIT;

	body(black, &text);
	if (white) {
		sb_puts(&text, "\f");
		body(white, &text);
	}
	h = fnv1a(h, sb_str(&text), text.len);
	sb_free(&text);
	return h;
}

char *record_path(const char *dir, int number, const char *ext)
{
	struct strbuf out = STRBUF_INIT;
	size_t len = strlen(dir);

	sb_printf(&out, "%s%sgame-%04d.%s", dir, len && dir[len - 1] == '/' ? "" : "/",
		  number, ext);
	return out.buf;
}
