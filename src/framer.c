#include "framer.h"

#include <event2/buffer.h>

/* The start of an over-long line, so its reply can still echo its id. */
static void keep_prefix(struct line_framer *f, struct strbuf *line)
{
	size_t n = evbuffer_get_length(f->in);

	if (n > FRAMER_PREFIX)
		n = FRAMER_PREFIX;
	sb_reset(line);
	sb_append(line, (const char *)evbuffer_pullup(f->in, (ssize_t)n), n);
}

enum framer_result framer_next(struct line_framer *f, struct strbuf *line, bool eof)
{
	size_t eol_len;

	for (;;) {
		struct evbuffer_ptr eol = evbuffer_search_eol(f->in, NULL, &eol_len,
							      EVBUFFER_EOL_LF);
		size_t buffered = evbuffer_get_length(f->in);

		if (f->discarding) {
			evbuffer_drain(f->in, eol.pos < 0 ? buffered : (size_t)eol.pos + 1);
			if (eol.pos < 0)
				return FRAMER_NONE;
			f->discarding = false;
			continue;
		}
		if (eol.pos < 0 && buffered > f->max_line) {
			keep_prefix(f, line);
			evbuffer_drain(f->in, buffered);
			f->discarding = !eof;
			return FRAMER_TOO_LONG;
		}
		if (eol.pos < 0 && !(eof && buffered > 0))
			return FRAMER_NONE;
		size_t len = eol.pos < 0 ? buffered : (size_t)eol.pos;
		if (len > f->max_line) {
			keep_prefix(f, line);
			evbuffer_drain(f->in, len + 1);
			return FRAMER_TOO_LONG;
		}
		sb_reset(line);
		/* Even an empty line leaves line->buf allocated and terminated. */
		sb_append(line, (const char *)evbuffer_pullup(f->in, (ssize_t)len), len);
		evbuffer_drain(f->in, eol.pos < 0 ? len : len + 1);
		return FRAMER_LINE;
	}
}
