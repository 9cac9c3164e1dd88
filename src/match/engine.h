/* The referee's side of one engine: a child process speaking the protocol
 * on its stdin/stdout, or a TCP connection to a running quintet daemon
 * ("tcp:HOST:PORT"). Commands go out one at a time; each waits for its
 * reply with a deadline, so a hung engine costs a timeout, never a hang.
 *
 * A child runs in its own process group, so closing it also ends anything
 * it started (a shell script's `sleep`); its stderr goes to /dev/null
 * unless verbose. An engine struct is used by one thread at a time. */
#ifndef QUINTET_MATCH_ENGINE_H
#define QUINTET_MATCH_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "util/strbuf.h"

#define ENGINE_MAX_REPLY (1 << 20) /* longer replies are malformed */

enum engine_rc {
	ENGINE_OK = 0,    /* "= text": reply holds the text */
	ENGINE_FAILED,    /* "? text": reply holds the error message */
	ENGINE_TIMEOUT,   /* no complete reply before the deadline */
	ENGINE_DEAD,      /* the process exited or the connection closed */
	ENGINE_MALFORMED, /* the reply did not start with '=' or '?', or was too long */
	ENGINE_INTERRUPTED, /* the match was interrupted (engine_set_interrupt) */
	ENGINE_PROTOCOL,  /* a reply out of turn: unrequested, a second reply to the
			   * last command, or a reply with the wrong id (or none) */
};

struct engine {
	char *spec;         /* command line or tcp:HOST:PORT, as given */
	int label;          /* 1 (--black) or 2 (--white), for messages */
	bool verbose;       /* child stderr passes through; traffic is logged */
	pid_t pid;          /* child process (and process group), 0 for tcp */
	int wfd;            /* commands go here, -1 when closed */
	int rfd;            /* replies come from here (== wfd for tcp) */
	char *buf;          /* bytes read and not yet consumed, CR removed */
	size_t len;         /* bytes in buf */
	size_t cap;         /* room in buf */
	bool broken;        /* timed out, died or spoke garbage: restart before reuse */
	long last_id;       /* the id of the last command answered, 0: none yet */
	char last_cmd[64];  /* that command (cut), for messages */
	char death[96];     /* how the process ended, once it has ("exited with status 1") */
	char name[96];      /* "name version" from the engine, or the spec */
	bool interrupted;   /* a wait was cut by the interrupt since engine_open */
	bool knows_game;    /* answers known_command game with true */
	bool probed;        /* the three below were asked in the match's game */
	bool knows_seed;    /* ... set_random_seed, once `game` selected the match's game */
	bool knows_rules;   /* ... rules, likewise */
	bool knows_time;    /* ... time_settings, likewise */
};

/* Set the interrupt descriptor (match.c's signal pipe): once it is
 * readable, every wait for an engine ends at once with ENGINE_INTERRUPTED
 * and the engine is marked broken, so closing it kills its process group
 * without waiting. -1: none. Set before any engine thread starts. */
void engine_set_interrupt(int fd);

/* Whether the interrupt descriptor is readable. */
bool engine_interrupt_pending(void);

/* Split a command line into words the way a POSIX shell would for plain
 * words, 'single' and "double" quotes and backslashes (no expansions).
 * Returns a NULL-terminated malloc'd vector (free with engine_free_argv),
 * or NULL with "empty command" / "unterminated quote" in err. */
char **engine_split_argv(const char *line, char *err, size_t errlen);

void engine_free_argv(char **argv);

/* Parse "tcp:HOST:PORT" (HOST may be [IPv6]). Returns 1 and fills host
 * (hostlen bytes) and port when spec is a tcp address, 0 when it is not
 * (a command line), -1 with a message in err when it is a bad address. */
int engine_parse_tcp(const char *spec, char *host, size_t hostlen, char *port,
		     size_t portlen, char *err, size_t errlen);

/* Prepare e for engine_open: a copy of spec, no process yet. */
void engine_init(struct engine *e, const char *spec, int label, bool verbose);

/* Start the engine: spawn the command or connect. Returns 0, or -1 with a message in err ("cannot run
 * 'x': No such file or directory", "cannot connect to h:p: ..."). */
int engine_open(struct engine *e, char *err, size_t errlen);

/* Ask name, version and whether the engine knows `game`; the first
 * command that gets no answer fails with -1 and a message. */
int engine_handshake(struct engine *e, double timeout, char *err, size_t errlen);

/* Ask which optional commands the engine knows in the game it plays now
 * (after `game NAME`: a command known in Go may be unknown in Ataxx):
 * set_random_seed, rules, time_settings; sets probed. -1 with a message
 * when one gets no answer (dead, hung, garbled). */
int engine_probe(struct engine *e, double timeout, char *err, size_t errlen);

/* Send one command line (no newline) with the next id ("7 genmove b")
 * and wait up to timeout seconds (<= 0: forever) for the reply, which must
 * carry that id. On ENGINE_OK / ENGINE_FAILED, reply holds the text after
 * "=ID" / "?ID"; otherwise it holds a description of what went wrong, and
 * the engine is marked broken. Output waiting before the command is sent
 * (a reply nobody asked for, a second reply to the last command) is
 * ENGINE_PROTOCOL, and so is a reply with another id or none. */
enum engine_rc engine_command(struct engine *e, const char *cmd, double timeout,
			      struct strbuf *reply);

/* Whether the engine has said something nobody asked for since its last
 * reply (read without waiting): true with a description in reply
 * ("answered 'genmove b' twice ('=7 pass')", "sent an unrequested reply
 * '= pass' ..."); the engine is then broken. */
bool engine_stray_output(struct engine *e, struct strbuf *reply);

/* End the engine: ask it to quit (unless broken) and wait briefly, then
 * kill its process group. Safe to call twice; the struct may be opened
 * again. Keeps spec, label and name. */
void engine_close(struct engine *e);

/* engine_close, then engine_open and engine_handshake. */
int engine_restart(struct engine *e, double timeout, char *err, size_t errlen);

/* Free what engine_open allocated and the spec copy. */
void engine_destroy(struct engine *e);

#endif
