/* The generic game record (a replayable GTP script) and record helpers. */
#include "match/record.h"

#include <stdio.h>
#include <string.h>

#include "game.h"
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

char *record_write_gtp(const struct game_record *rec)
{
	struct strbuf out = STRBUF_INIT;

	sb_printf(&out, "# quintet-match game %d\n", rec->number);
	comment_line(&out, "game", rec->game);
	comment_line(&out, "black", rec->black);
	comment_line(&out, "white", rec->white);
	comment_line(&out, "result", rec->result);
	comment_line(&out, "end", rec->comment);
	sb_printf(&out, "game %s\n", rec->game);
	if (rec->setup && *rec->setup)
		sb_printf(&out, "%s\n", rec->setup);
	for (size_t i = 0; i < rec->nmoves; i++)
		sb_printf(&out, "play %s %s\n", rec->moves[i].color == COLOR_BLACK ? "b" : "w",
			  rec->moves[i].text);
	return out.buf ? out.buf : xstrdup("");
}

char *record_sgf_escape(const char *text)
{
	struct strbuf out = STRBUF_INIT;

	for (const char *p = text; *p; p++) {
		if (*p == ']' || *p == '\\')
			sb_puts(&out, "\\");
		sb_append(&out, p, 1);
	}
	return out.buf ? out.buf : xstrdup("");
}

char *record_path(const char *dir, int number, const char *ext)
{
	struct strbuf out = STRBUF_INIT;
	size_t len = strlen(dir);

	sb_printf(&out, "%s%sgame-%04d.%s", dir, len && dir[len - 1] == '/' ? "" : "/",
		  number, ext);
	return out.buf;
}
