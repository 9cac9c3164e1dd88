/* What the libFuzzer targets (tests/fuzz/fuzz_*.c) share: the process's
 * setup, a front-end driver standing in for net_*.c, and a session speaking
 * one line at a time. tests/fuzz/README.md says how to run them.
 *
 * Setup (fuzz_init, once): log level error; the configuration of every
 * session is the built-in defaults (the shipped quintet.yaml) under the overlay in fuzz_common.c (every
 * level and the server's node cap small, one thread), so a genmove or a
 * perft costs milliseconds and mostly the same ones; a private temporary
 * directory (under /dev/shm when it exists: saves fsync) holds client
 * files and saves, and is emptied after every input (fuzz_clean), so
 * nothing outside it is ever touched and nothing accumulates.
 *
 * The front-end driver replaces net_*.c (which these programs do not link):
 * it frames the input with framer_next as net_*.c does and offers each line
 * to the front end; a job is kept queued while the next line is offered
 * (busy), so a line may stop it before it runs (dropped unrun, as the
 * worker pool would), and it runs synchronously on this thread when the
 * front end wants to wait (FE_LATER), at the end of input, or before the
 * connection's last word (ending, whose final job runs too). So every
 * input runs the same way every time, with no thread of its own. Past a
 * few dozen jobs an input's further jobs are dropped unrun (as when the
 * client has gone), so a long input stays quick. */
#ifndef QUINTET_FUZZ_COMMON_H
#define QUINTET_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend.h"

struct session;

/* Set the process up (idempotent). */
void fuzz_init(void);

/* The temporary directory: its path and an open descriptor. */
const char *fuzz_dir(void);
int fuzz_dir_fd(void);

/* Remove everything the last input left in the temporary directory. */
void fuzz_clean(void);

/* Write len bytes as the client file name in the temporary directory. */
void fuzz_write_file(const char *name, const uint8_t *data, size_t len);

/* Serve data as one connection's whole input through ops (frontend.h),
 * lines at most max_line bytes, as net_*.c would for a TCP client whose
 * saves belong to owner (NULL: a guest). Returns the bytes the front end
 * wrote (its output is kept only up to a cap, then dropped). */
size_t fuzz_frontend(const struct frontend_ops *ops, const uint8_t *data, size_t size,
		     size_t max_line, const char *owner);

/* A session of game (NULL: the default one) confined to the temporary
 * directory, with no owner (free with session_free). */
struct session *fuzz_session(const char *game);

/* One line through s, a slow command run at once; the framed reply
 * (malloc'd). The line may hold any byte but LF. */
char *fuzz_say(struct session *s, const char *line, size_t len);

/* fuzz_say with a formatted line; returns whether the reply was "=". */
bool fuzz_sayf(struct session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The reply to line (NUL-terminated, no LF) without "= " and its final
 * newlines, or NULL when it was an error (malloc'd). */
char *fuzz_ask(struct session *s, const char *line);

/* A copy of len bytes as a NUL-terminated line: every LF and NUL becomes
 * a space (malloc'd). */
char *fuzz_line(const uint8_t *data, size_t len);

/* Abort with a message when cond is false (a property a target checks). */
#define FUZZ_CHECK(cond, ...)                                                                \
	do {                                                                                 \
		if (!(cond))                                                                 \
			fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);                   \
	} while (0)
void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 4, 5)));

#endif
