/* The referee's side of one engine: a child process speaking a protocol
 * on its stdin/stdout, or a TCP connection to a running server
 * ("tcp:HOST:PORT"). Every wait has a deadline, so a hung engine costs a
 * timeout, never a hang.
 *
 * A child runs in its own process group, so closing it also ends anything
 * it started (a shell script's `sleep`); its stderr goes to /dev/null
 * unless verbose. An engine struct is used by one thread at a time.
 *
 * Two layers:
 *   - the transport (engine.c): spawn or connect, lines out, lines in with
 *     a deadline, what arrived unasked, the interrupt, the process group;
 *   - a driver per protocol (struct engine_driver), picked by the spec's
 *     prefix: GTP (no prefix; engine_gtp.c), UAI ("uai:"; engine_uai.c),
 *     Gomocup ("gomocup:"; engine_gomocup.c). The referee speaks to every
 *     engine through the driver's operations (new game, a move played, a
 *     move asked for), in quintet's own move text; the driver turns them
 *     into its protocol's lines. Another protocol is one more file with
 *     one more struct engine_driver in engine_drivers[]. */
#ifndef QUINTET_MATCH_ENGINE_H
#define QUINTET_MATCH_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "game.h"
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

struct engine_driver;

struct engine {
	char *spec;         /* as given: [PROTOCOL:]COMMAND or [PROTOCOL:]tcp:HOST:PORT */
	const char *target; /* spec without the protocol prefix (points into spec) */
	const struct engine_driver *drv; /* its protocol */
	int label;          /* 1 (--black), 2 (--white), N (--engine), for messages */
	bool verbose;       /* child stderr passes through; traffic is logged */
	pid_t pid;          /* child process (and process group), 0 for tcp */
	int wfd;            /* commands go here, -1 when closed */
	int rfd;            /* replies come from here (== wfd for tcp) */
	char *buf;          /* bytes read and not yet consumed, CR removed */
	size_t len;         /* bytes in buf */
	size_t cap;         /* room in buf */
	bool broken;        /* timed out, died or spoke garbage: restart before reuse */
	bool interrupted;   /* a wait was cut by the interrupt since engine_open */
	char death[96];     /* how the process ended, once it has ("exited with status 1") */
	char name[96];      /* "name version" from the engine, or engine_name_default */
	const char *shown;  /* how the match names it (unique: match_unique_names), or
			     * NULL: match_engine_name decides; not owned */
	/* GTP (engine_gtp.c) */
	long last_id;       /* the id of the last command answered, 0: none yet */
	char last_cmd[64];  /* that command (cut), for messages */
	bool knows_game;    /* answers known_command game with true */
	bool probed;        /* the three below were asked in the match's game */
	bool knows_seed;    /* ... set_random_seed, once `game` selected the match's game */
	bool knows_rules;   /* ... rules, likewise */
	bool knows_time;    /* ... time_settings (and time_left), likewise */
	bool knows_kgs_time; /* ... kgs-time_settings (Japanese byo-yomi), likewise */
	/* Other drivers' own state, or NULL (theirs to free in close). */
	void *state;
};

/* What the referee tells an engine about a new game. */
struct engine_game {
	const struct game *start; /* the referee's game at its start */
	const char *setup;        /* write_setup for the side it plays (GTP lines) */
	int side;                 /* COLOR_BLACK or COLOR_WHITE (a solver: black) */
	uint64_t seed;            /* its seed */
	double move_time;         /* seconds per move, 0: none */
	double main_time;         /* a game clock's seconds per side, 0: none */
	double increment;         /* seconds the clock gains per move */
	int periods;              /* Japanese byo-yomi: periods after main_time, 0: none */
	double period;            /* ... seconds per period */
	const char *const *init;  /* protocol lines after the setup, NULL-ended, or NULL */
};

/* The clocks before a move is asked for. */
struct engine_clock {
	double move_time; /* seconds per move, 0: none (with a clock: Gomocup's cap) */
	bool clock;       /* a game clock runs: left and increment mean something */
	double left[3];   /* seconds left, [COLOR_BLACK] and [COLOR_WHITE]; under
			   * byo-yomi of main time (0 once in byo-yomi) */
	double increment; /* seconds each clock gains per move */
	int periods[3];   /* byo-yomi periods left per colour (all of them while
			   * in main time) */
	double period;    /* seconds per byo-yomi period, 0: no byo-yomi */
};

/* The seconds color may spend before it loses on time: its time left
 * plus every byo-yomi period it has left (what UAI and Gomocup engines,
 * which have no byo-yomi, are told as their time left). */
double engine_clock_total(const struct engine_clock *clk, int color);

/* A protocol. Operations fill cmd with the line they sent last (for the
 * referee's messages: "failed 'genmove b': ...") and reply with the
 * answer, or with what went wrong; an rc other than OK or FAILED marks the
 * engine broken. Moves are quintet's text both ways ("pass", "resign"). */
struct engine_driver {
	const char *prefix;  /* the spec's prefix: "" for GTP, "uai:", ... */
	const char *name;    /* "GTP", "UAI", for messages */
	bool whole_seconds;  /* its time settings take whole seconds only (GTP) */
	bool needs_time;     /* its searches need --time or --clock (UAI) */
	bool solves;         /* it can play puzzles (GAME_CONTEST_SOLVE) */
	bool ready;          /* implemented; false: the prefix is known, the driver
			      * is not written yet (a usage error) */
	/* Identify the engine (e->name). 0, or -1 with a message. */
	int (*handshake)(struct engine *e, double timeout, char *err, size_t errlen);
	/* Whether it can play start's game; GTP switches to it and asks what
	 * it knows there. 0, or -1 with a message. */
	int (*select)(struct engine *e, const struct game *start, double timeout, char *err,
		      size_t errlen);
	/* Bring the engine to the start of a new game. */
	enum engine_rc (*new_game)(struct engine *e, const struct engine_game *g, double timeout,
				   struct strbuf *cmd, struct strbuf *reply);
	/* Tell it that color played move. */
	enum engine_rc (*play)(struct engine *e, int color, const char *move, double timeout,
			       struct strbuf *cmd, struct strbuf *reply);
	/* Ask for color's move (reply: the move, "resign", or an error). */
	enum engine_rc (*genmove)(struct engine *e, int color, const struct engine_clock *clk,
				  double timeout, struct strbuf *cmd, struct strbuf *reply);
	/* Send one line of the protocol (a puzzle's answer, an init line)
	 * and wait for its answer. */
	enum engine_rc (*send)(struct engine *e, const char *line, double timeout,
			       struct strbuf *reply);
	/* Whether the engine said something nobody asked for (engine_stray_output). */
	bool (*stray)(struct engine *e, struct strbuf *reply);
	/* Ask it to quit, waiting up to timeout for an answer where there is one. */
	void (*quit)(struct engine *e, double timeout);
	/* Free e->state. May be NULL. */
	void (*release)(struct engine *e);
};

/* The drivers, ending with NULL; GTP (prefix "") last, as the default. */
extern const struct engine_driver *const engine_drivers[];
extern const struct engine_driver engine_gtp;
extern const struct engine_driver engine_uai;
extern const struct engine_driver engine_gomocup;

/* The driver a spec names by its prefix (GTP without one); *target is
 * the rest of the spec. */
const struct engine_driver *engine_driver_of(const char *spec, const char **target);

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

/* Check a spec: its driver is ready, its target a command line or a tcp
 * address. 0, or -1 with a message. */
int engine_check_spec(const char *spec, char *err, size_t errlen);

/* The name of an engine that does not say its own (GTP `name` refused,
 * no UAI `id name`, no Gomocup ABOUT name): its command's basename
 * (/usr/games/gnugo --mode gtp: gnugo), or its tcp:HOST:PORT. Into e->name. */
void engine_name_default(struct engine *e);

/* Prepare e for engine_open: a copy of spec, its driver, no process yet. */
void engine_init(struct engine *e, const char *spec, int label, bool verbose);

/* Start the engine: spawn the command or connect. Returns 0, or -1 with a message in err ("cannot run
 * 'x': No such file or directory", "cannot connect to h:p: ..."). */
int engine_open(struct engine *e, char *err, size_t errlen);

/* The driver's handshake. */
int engine_handshake(struct engine *e, double timeout, char *err, size_t errlen);

/* GTP: ask which optional commands the engine knows in the game it plays
 * now (after `game NAME`: a command known in Go may be unknown in Ataxx):
 * set_random_seed, rules, time_settings; sets probed. -1 with a message
 * when one gets no answer (dead, hung, garbled). */
int engine_probe(struct engine *e, double timeout, char *err, size_t errlen);

/* GTP: send one command line (no newline) with the next id ("7 genmove b")
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

/* ---- the transport, for drivers ---- */

/* Write line and a newline (logged when verbose). 0, or -1 when the
 * engine is gone (then engine_dead describes it). */
int engine_write(struct engine *e, const char *line);

/* Read one line (without its newline) into line, waiting until deadline
 * (a monotonic time, 0: forever; timeout is for the message): ENGINE_OK,
 * or ENGINE_TIMEOUT, ENGINE_DEAD, ENGINE_INTERRUPTED, ENGINE_MALFORMED
 * (longer than ENGINE_MAX_REPLY) with a description in line and the
 * engine broken. */
enum engine_rc engine_read_line(struct engine *e, double deadline, double timeout,
				struct strbuf *line);

/* Read what has arrived without waiting. Whether anything but newlines is
 * buffered now; the buffered text (the first line is what the engine
 * said first) stays for engine_read_line. */
bool engine_pending(struct engine *e);

/* For drivers whose engines may talk between replies (UAI's info lines,
 * Gomocup's MESSAGE and DEBUG): drop the complete buffered lines chatter
 * accepts (line, n bytes, no newline); the first other one is output
 * nobody asked for: true with "sent '...' unasked" in reply, the engine
 * broken. Reads what has arrived without waiting. */
bool engine_stray_lines(struct engine *e, bool (*chatter)(const char *line, size_t n),
			struct strbuf *reply);

/* The engine is gone: close it, reap the child, describe how it ended in
 * reply; ENGINE_DEAD. */
enum engine_rc engine_dead(struct engine *e, struct strbuf *reply);

/* A wait was cut by the interrupt: ENGINE_INTERRUPTED, the engine broken. */
enum engine_rc engine_interrupted(struct engine *e, struct strbuf *reply);

#endif
