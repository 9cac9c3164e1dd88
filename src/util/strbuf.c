#include "util/strbuf.h"
#include "util/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sb_reserve(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;

	if (need <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;
	while (cap < need)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	char small[256];
	va_list copy;

	va_copy(copy, ap);
	int n = vsnprintf(small, sizeof(small), fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		sb_append(sb, small, (size_t)n);
		return;
	}
	sb_reserve(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

/* Decimals of the smallest subnormal double: with that many every finite
 * double prints exactly, so the search below always ends. */
#define REAL_MAX_DECIMALS 1074

void sb_put_count(struct strbuf *sb, long n, const char *one, const char *many)
{
	sb_printf(sb, "%ld %s", n, n == 1 || n == -1 ? one : many);
}

void sb_put_real(struct strbuf *sb, double x)
{
	char buf[REAL_MAX_DECIMALS + 400]; /* sign, 309 integer digits, point */

	if (!isfinite(x))
		x = 0;
	for (int prec = 0; prec <= REAL_MAX_DECIMALS; prec++) {
		snprintf(buf, sizeof(buf), "%.*f", prec, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	sb_puts(sb, strcmp(buf, "-0") == 0 ? "0" : buf);
}

void sb_append(struct strbuf *sb, const char *s, size_t len)
{
	sb_reserve(sb, len);
	if (len > 0)
		memcpy(sb->buf + sb->len, s, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_append(sb, s, strlen(s));
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void sb_trim(struct strbuf *sb, size_t keep)
{
	if (sb->cap > keep)
		sb_free(sb);
	else
		sb_reset(sb);
}

void sb_chomp(struct strbuf *sb)
{
	while (sb->len > 0 && sb->buf[sb->len - 1] == '\n')
		sb->buf[--sb->len] = '\0';
}

const char *sb_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}
