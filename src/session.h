/* A session: one client's state (current game, seed) and the common command
 * table. Sessions are sequential: one command at a time, in arrival order. */
#ifndef QUINTET_SESSION_H
#define QUINTET_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "util/strbuf.h"

struct session {
	struct game *game;  /* current game, never NULL */
	uint64_t seed;      /* seed for the next new game (set_random_seed) */
	bool quit;          /* quit was received: no more input is read */
	struct strbuf text; /* scratch for the reply text */
};

/* A new session playing the default game; free with session_free. */
struct session *session_new(uint64_t seed);

void session_free(struct session *s);

/* Handle one input line (len bytes, no LF; it is modified in place).
 * Appends the framed reply to wire, or nothing for a blank line. Returns
 * true when the session must end (quit). */
bool session_handle_line(struct session *s, char *line, size_t len, struct strbuf *wire);

/* The common commands, for tests and documentation checks. */
extern const struct gtp_command session_commands[];

#endif
