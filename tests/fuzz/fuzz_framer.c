/* Fuzz target: the TCP line framer (framer_next) against a model of it.
 * The first byte sets max_line (64..319: the configuration's least is
 * 64), the second how the rest arrives in reads (chunks of varying
 * sizes); the rest is the stream. Every line framed must be one of the
 * stream's LF-separated lines, in order, whole when at most max_line
 * bytes, else reported once as too long with its first FRAMER_PREFIX
 * bytes; a last line without LF counts at end of input. */
#include <string.h>

#include <event2/buffer.h>

#include "framer.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct model {
	const uint8_t *s; /* the stream */
	size_t len, pos;  /* its length and where the next line starts */
	size_t max_line;
};

/* The next event the framer must report: the line [pos, end) found. */
static void expect(struct model *m, enum framer_result r, const struct strbuf *line)
{
	const uint8_t *lf = memchr(m->s + m->pos, '\n', m->len - m->pos);
	size_t end = lf ? (size_t)(lf - m->s) : m->len;
	size_t n = end - m->pos;

	FUZZ_CHECK(m->pos < m->len, "a line past the stream's end");
	if (n <= m->max_line) {
		FUZZ_CHECK(r == FRAMER_LINE, "line of %zu bytes reported too long", n);
		FUZZ_CHECK(line->len == n && !memcmp(line->buf, m->s + m->pos, n),
			   "line at byte %zu differs", m->pos);
	} else {
		size_t p = n < FRAMER_PREFIX ? n : FRAMER_PREFIX;

		FUZZ_CHECK(r == FRAMER_TOO_LONG, "line of %zu bytes not too long", n);
		FUZZ_CHECK(line->len == p && !memcmp(line->buf, m->s + m->pos, p),
			   "prefix of the line at byte %zu differs", m->pos);
	}
	m->pos = lf ? end + 1 : end;
}

static void drain(struct line_framer *f, struct strbuf *line, struct model *m, bool eof)
{
	enum framer_result r;

	while ((r = framer_next(f, line, eof)) != FRAMER_NONE)
		expect(m, r, line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	struct model m = { .s = data + 2, .len = size - 2, .max_line = 64 + (size_t)data[0] };
	struct line_framer f = { .in = evbuffer_new(), .max_line = m.max_line };
	struct strbuf line = STRBUF_INIT;
	size_t at = 0;

	for (unsigned k = 1; at < m.len; k++) {
		size_t chunk = 1 + (size_t)(data[1] * k) % 400;

		if (chunk > m.len - at)
			chunk = m.len - at;
		evbuffer_add(f.in, m.s + at, chunk);
		at += chunk;
		drain(&f, &line, &m, false);
	}
	drain(&f, &line, &m, true);
	FUZZ_CHECK(m.pos == m.len, "stream ended at byte %zu of %zu", m.pos, m.len);
	FUZZ_CHECK(evbuffer_get_length(f.in) == 0, "bytes left in the buffer");
	evbuffer_free(f.in);
	sb_free(&line);
	return 0;
}
