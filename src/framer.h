/* The line framer: splits a connection's input (a libevent evbuffer) into
 * LF-terminated command lines of at most max_line bytes.
 *
 * Bounded by max_line: a line is copied out only once its LF has arrived
 * (or at EOF) and only when it is at most max_line bytes. When framer_next
 * finds more than max_line bytes without an LF, the line is reported once
 * as too long, keeping its first FRAMER_PREFIX bytes so the reply can echo
 * its id, and everything up to its LF is drained as it arrives, across
 * reads; so a line costs at most max_line bytes plus one read. Only LF ends
 * a line: a CR before it stays in the line (and counts towards max_line); GTP
 * preprocessing removes it. Runs on the thread that owns the evbuffer. */
#ifndef QUINTET_FRAMER_H
#define QUINTET_FRAMER_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strbuf.h"

struct evbuffer;

enum framer_result {
	FRAMER_NONE,     /* no complete line buffered */
	FRAMER_LINE,     /* a line was moved into the caller's buffer */
	FRAMER_TOO_LONG, /* a line over max_line was (or is being) discarded */
};

struct line_framer {
	struct evbuffer *in; /* bytes received, not yet framed */
	size_t max_line;     /* limit on one line, excluding the LF */
	bool discarding;     /* dropping the rest of an over-long line */
};

#define FRAMER_PREFIX 32 /* bytes of an over-long line kept for its reply */

/* Take the next line out of f->in into line (without its LF). With eof,
 * a final line without LF counts as a line. An over-long line is reported
 * once (line then holds its first FRAMER_PREFIX bytes) and the rest of it,
 * up to its LF, is dropped as it arrives. */
enum framer_result framer_next(struct line_framer *f, struct strbuf *line, bool eof);

#endif
