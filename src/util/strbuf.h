/* A growable NUL-terminated string, used for protocol replies and renders. */
#ifndef QUINTET_STRBUF_H
#define QUINTET_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;  /* NUL-terminated text, or NULL before the first append */
	size_t len; /* bytes used, excluding the NUL */
	size_t cap; /* bytes allocated */
};

#define STRBUF_INIT { NULL, 0, 0 }

/* Append formatted text; aborts on out-of-memory like the rest of quintet. */
void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap);

/* Append the shortest fixed-point form of x that reads back (strtod) to the
 * same double: 7.5, 0, -3, 123.456789. Never an exponent. */
void sb_put_real(struct strbuf *sb, double x);

/* Append a count with its noun, singular for 1 and -1: "1 stone",
 * "3 stones", "1 try", "2 tries". */
void sb_put_count(struct strbuf *sb, long n, const char *one, const char *many);

/* Append len bytes of s. */
void sb_append(struct strbuf *sb, const char *s, size_t len);

/* Append a NUL-terminated string. */
void sb_puts(struct strbuf *sb, const char *s);

/* Forget the content, keep the allocation. */
void sb_reset(struct strbuf *sb);

/* Forget the content, and give the allocation back when it is larger than
 * keep bytes: a buffer that grew for one large reply does not stay that
 * large for the rest of a long-lived connection. */
void sb_trim(struct strbuf *sb, size_t keep);

/* Drop trailing newlines (a reply must not contain an empty line). */
void sb_chomp(struct strbuf *sb);

/* The text so far; "" when nothing has been appended. */
const char *sb_str(const struct strbuf *sb);

/* Release the allocation; the strbuf may be reused after. */
void sb_free(struct strbuf *sb);

#endif
