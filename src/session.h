/* A session: one client's state (current game, seed) and the common command
 * table. Sessions are sequential: one command at a time, in arrival order. */
#ifndef QUINTET_SESSION_H
#define QUINTET_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include <stdatomic.h>

#include "clock.h"
#include "game.h"
#include "util/strbuf.h"

struct config;

struct session {
	struct config *cfg; /* configuration of the current game (a reference) */
	int level;          /* index of the active level in cfg's game, or -1 */
	struct game *game;  /* current game, never NULL */
	uint64_t seed;      /* seed for the next new game (set_random_seed) */
	bool quit;          /* quit was received: no more input is read */
	struct strbuf text; /* scratch for the reply text */
	atomic_bool *stop;  /* set when a slow command must answer now, or NULL */
	bool confine_files; /* file names are plain names in the configured
			     * data_dir (TCP); else used as given (stdin) */
	struct game_clock clock; /* time_settings / time_left */
};

enum session_step {
	SESSION_NONE,  /* blank line: no reply */
	SESSION_REPLY, /* a reply was appended to wire */
	SESSION_JOB,   /* a slow command is waiting in *job */
	SESSION_QUIT,  /* the quit reply was appended; end the session */
};

struct session_job;

/* A new session playing the current configuration's default game; free
 * with session_free. */
struct session *session_new(uint64_t seed);

void session_free(struct session *s);

/* Handle one input line (len bytes, no LF; it is modified in place).
 * A cheap command is answered at once (framed reply appended to wire). A
 * slow one (GTP_SLOW) becomes *job: run session_job_run on a worker, then
 * session_job_finish on the session's thread; meanwhile the session must
 * not handle other lines. */
enum session_step session_handle_line(struct session *s, char *line, size_t len,
				      struct strbuf *wire, struct session_job **job);

/* Run the job's command on its snapshot (any thread). */
void session_job_run(struct session_job *job);

/* Ask a running or queued job to answer as soon as it can (any thread). */
void session_job_stop(struct session_job *job);

/* Adopt the job's resulting game into s, append the framed reply to wire,
 * free the job. */
void session_job_finish(struct session *s, struct session_job *job, struct strbuf *wire);

/* Free a job whose session is gone; its result is discarded. */
void session_job_free(struct session_job *job);

/* Turn a file name from the client into a path. Unconfined, the name is
 * used as given; confined, only a plain name (no '/', not starting with
 * '.') is accepted, inside storage.data_dir. 0, or -1 with the error text. */
int session_file_path(const struct session *s, const char *name, char *path, size_t len,
		      char *err, size_t errlen);

/* The common commands, for tests and documentation checks. */
extern const struct gtp_command session_commands[];

#endif
