#include "net.h"

#include <errno.h>
#include <event2/buffer.h>
#include <event2/event.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session.h"

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
			evbuffer_drain(f->in, buffered);
			f->discarding = !eof;
			return FRAMER_TOO_LONG;
		}
		if (eol.pos < 0 && !(eof && buffered > 0))
			return FRAMER_NONE;
		size_t len = eol.pos < 0 ? buffered : (size_t)eol.pos;
		if (len > f->max_line) {
			evbuffer_drain(f->in, len + 1);
			return FRAMER_TOO_LONG;
		}
		sb_reset(line);
		sb_append(line, (const char *)evbuffer_pullup(f->in, (ssize_t)len), len);
		evbuffer_drain(f->in, eol.pos < 0 ? len : len + 1);
		return FRAMER_LINE;
	}
}

struct stdio_conn {
	struct event_base *base;   /* the loop */
	struct event *read_ev;     /* readable stdin */
	struct line_framer framer; /* stdin's line splitter */
	struct session *session;   /* the one session */
	struct strbuf line;        /* current line */
	struct strbuf wire;        /* framed replies not yet written */
	int status;                /* exit status */
};

static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Answer every complete line; true when the session is over. */
static bool stdio_drain_lines(struct stdio_conn *c, bool eof)
{
	enum framer_result r;
	bool done = false;

	while (!done && (r = framer_next(&c->framer, &c->line, eof)) != FRAMER_NONE) {
		sb_reset(&c->wire);
		if (r == FRAMER_TOO_LONG)
			sb_puts(&c->wire, "? line too long\n\n");
		else
			done = session_handle_line(c->session, c->line.buf, c->line.len, &c->wire);
		if (c->wire.len && write_all(STDOUT_FILENO, c->wire.buf, c->wire.len) < 0) {
			c->status = 1;
			return true;
		}
	}
	return done;
}

static void stdio_readable(evutil_socket_t fd, short what, void *arg)
{
	struct stdio_conn *c = arg;
	int n = evbuffer_read(c->framer.in, fd, 65536);
	bool eof = n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN);

	(void)what;
	if (stdio_drain_lines(c, eof) || eof)
		event_base_loopbreak(c->base);
}

/* epoll refuses regular files and /dev/null; poll takes any descriptor. */
static struct event_base *stdio_base(void)
{
	struct event_config *cfg = event_config_new();
	struct stat st;

	if (fstat(STDIN_FILENO, &st) == 0 && !S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode))
		event_config_avoid_method(cfg, "epoll");
	struct event_base *base = event_base_new_with_config(cfg);
	event_config_free(cfg);
	return base;
}

int net_run_stdio(const struct net_options *opt)
{
	struct stdio_conn c = { .status = 0 };

	signal(SIGPIPE, SIG_IGN);
	c.base = stdio_base();
	if (!c.base) {
		fputs("quintet: cannot create the event loop\n", stderr);
		return 1;
	}
	c.framer.in = evbuffer_new();
	c.framer.max_line = opt->max_line;
	c.session = session_new(opt->seed);
	c.read_ev = event_new(c.base, STDIN_FILENO, EV_READ | EV_PERSIST, stdio_readable, &c);
	event_add(c.read_ev, NULL);
	event_base_dispatch(c.base);
	event_free(c.read_ev);
	session_free(c.session);
	evbuffer_free(c.framer.in);
	sb_free(&c.line);
	sb_free(&c.wire);
	event_base_free(c.base);
	return c.status;
}
