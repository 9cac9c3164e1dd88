/* The only code that touches file descriptors and the event loop: splits
 * input into length-limited lines, hands each to its session, writes the
 * replies in order. */
#ifndef QUINTET_NET_H
#define QUINTET_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/strbuf.h"

struct evbuffer;

#define NET_DEFAULT_MAX_LINE 65536

struct net_options {
	size_t max_line; /* longest accepted command line, bytes */
	uint64_t seed;   /* seed of the first session's games */
};

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

/* Take the next line out of f->in into line (without its LF). With eof,
 * a final line without LF counts as a line. An over-long line is reported
 * once and the rest of it, up to its LF, is dropped as it arrives. */
enum framer_result framer_next(struct line_framer *f, struct strbuf *line, bool eof);

/* Serve one session on stdin/stdout until EOF or quit. Returns the exit
 * status: 0, or 1 when stdout fails. */
int net_run_stdio(const struct net_options *opt);

#endif
