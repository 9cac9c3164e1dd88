#include "gtp.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t gtp_preprocess(char *line, size_t len)
{
	size_t out = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];

		if (ch == '#')
			break;
		if (ch == '\t')
			ch = ' ';
		else if (ch < 32 || ch == 127)
			continue;
		line[out++] = (char)ch;
	}
	line[out] = '\0';
	return out;
}

bool gtp_is_blank(const char *line)
{
	for (; *line; line++)
		if (*line != ' ')
			return false;
	return true;
}

static char *next_token(char **cursor)
{
	char *p = *cursor;

	while (*p == ' ')
		p++;
	if (!*p) {
		*cursor = p;
		return NULL;
	}
	char *start = p;
	while (*p && *p != ' ')
		p++;
	if (*p)
		*p++ = '\0';
	*cursor = p;
	return start;
}

static bool is_number(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

int gtp_parse(char *line, struct gtp_request *req)
{
	char *cursor = line, *tok;

	/* Not a memset: argv holds GTP_MAX_ARGS pointers, of which argc are set. */
	req->has_id = false;
	req->id = 0;
	req->argc = 0;
	req->name = "";
	tok = next_token(&cursor);
	if (tok && is_number(tok) && strlen(tok) <= 18) {
		req->has_id = true;
		req->id = strtoll(tok, NULL, 10);
		tok = next_token(&cursor);
	}
	if (!tok)
		return 0;
	req->name = tok;
	while ((tok = next_token(&cursor))) {
		if (req->argc == GTP_MAX_ARGS)
			return -1;
		req->argv[req->argc++] = tok;
	}
	if (req->argc < GTP_MAX_ARGS)
		req->argv[req->argc] = NULL;
	return 0;
}

void gtp_format_reply(struct strbuf *wire, const struct gtp_request *req,
		      enum gtp_status status, const char *text)
{
	size_t len = strlen(text);

	sb_puts(wire, status == GTP_FAIL ? "?" : "=");
	if (req->has_id)
		sb_printf(wire, "%lld", req->id);
	while (len > 0 && text[len - 1] == '\n')
		len--;
	sb_append(wire, " ", 1);
	/* Copied in runs, each ending at a line end whose next line is empty. */
	size_t start = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n' && (i + 1 == len || text[i + 1] == '\n')) {
			sb_append(wire, text + start, i + 1 - start);
			sb_append(wire, " ", 1);
			start = i + 1;
		}
	sb_append(wire, text + start, len - start);
	sb_append(wire, "\n\n", 2);
}

void gtp_reply_too_long(struct strbuf *wire, const char *prefix, size_t len)
{
	char buf[64];
	struct gtp_request req = { 0 };

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, prefix, len);
	len = gtp_preprocess(buf, len);
	size_t start = strspn(buf, " "), digits = strspn(buf + start, "0123456789");
	/* Only an id followed by a blank is whole: "12" may be "123..." cut. */
	if (digits > 0 && digits <= 18 && start + digits < len && buf[start + digits] == ' ') {
		req.has_id = true;
		req.id = strtoll(buf + start, NULL, 10);
	}
	gtp_format_reply(wire, &req, GTP_FAIL, "line too long");
}

enum gtp_status gtp_fail(struct strbuf *out, const char *msg)
{
	sb_puts(out, msg);
	return GTP_FAIL;
}

enum gtp_status gtp_fail_choices(struct strbuf *out, const char *msg, const char *const *names,
				 int n)
{
	sb_puts(out, msg);
	for (int i = 0; i < n; i++)
		sb_printf(out, "%s%s", i ? ", " : " (", names[i]);
	if (n > 0)
		sb_puts(out, ")");
	return GTP_FAIL;
}

const struct gtp_command *gtp_find(const struct gtp_command *table, const char *name)
{
	/* The first bytes compared inline: most rows differ there, and a
	 * cheap command's lookup walks most of the common table. */
	for (; table && table->name; table++)
		if (table->name[0] == name[0] && strcmp(table->name, name) == 0)
			return table;
	return NULL;
}

int gtp_parse_color(const char *text)
{
	if (!strcasecmp(text, "b") || !strcasecmp(text, "black"))
		return 1;
	if (!strcasecmp(text, "w") || !strcasecmp(text, "white"))
		return 2;
	return 0;
}

int gtp_parse_int(const char *text, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int gtp_parse_double(const char *text, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (errno || end == text || *end || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int gtp_parse_size(const char *text, long min, long max, long *out)
{
	const char *digits = text + (*text == '+' || *text == '-');
	char *end;
	long v;

	if (!*digits || digits[strspn(digits, "0123456789")] != '\0')
		return GTP_SIZE_SYNTAX;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno == ERANGE || v < min || v > max)
		return GTP_SIZE_RANGE;
	*out = v;
	return 0;
}
