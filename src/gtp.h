/* GTP v2 framing and command dispatch, kept apart from the games (as GNU Go
 * keeps interface/gtp.c apart from play_gtp.c).
 *
 * A line goes through gtp_preprocess, then gtp_parse splits the optional id,
 * the command name and its arguments; gtp_format_reply frames the answer. */
#ifndef QUINTET_GTP_H
#define QUINTET_GTP_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strbuf.h"

struct cmd_ctx;

#define GTP_MAX_ARGS 1024

enum gtp_status {
	GTP_OK = 0,    /* success: "= text" */
	GTP_FAIL = -1, /* failure: "? text" */
	GTP_QUIT = 1,  /* success, then the session ends */
};

/* A command handler. argv[0..argc-1] are the arguments (not the name).
 * Writes the reply text (success) or the error message (failure) to out,
 * without the "=" / "?" and without the final empty line.
 *
 * Handlers follow GNU Go's header convention:
 *   Function:  what it does
 *   Arguments: what it takes
 *   Fails:     when it answers "?"
 *   Returns:   what the success text is */
typedef enum gtp_status (*gtp_handler)(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out);

struct gtp_command {
	const char *name;    /* exact, case-sensitive */
	gtp_handler handler; /* the implementation */
	int min_args;        /* fewest arguments accepted */
	int max_args;        /* most arguments accepted, GTP_ANY for no limit */
	unsigned flags;      /* GTP_SLOW, GTP_SHORT, GTP_STREAM, GTP_REPLAY, ... */
	size_t needs;        /* offset in struct game_ops of the optional
			      * operation the command needs (GTP_NEEDS), or 0:
			      * without it the command is neither listed nor
			      * accepted in that game */
	const char *args;    /* the arguments for help, "COLOR MOVE", "[NAME]";
			      * "" for none */
	const char *help;    /* what it does, one short line for help */
};

/* The command may take long (search, analysis): it runs as a job on the
 * search workers against a snapshot of the context (ctx.h), whose game,
 * level, clock and seed the session adopts when it returns. It must watch
 * ctx_stopped() (stop flag and deadline) by node count. */
#define GTP_SLOW 1u
/* The command blocks briefly (file or database I/O, hashing): a job like
 * GTP_SLOW, on the short-work workers, so it never waits behind a search. */
#define GTP_SHORT 2u
/* A GTP_SLOW command that streams lines (ctx_emit) until the client sends
 * its next line, which stops it; its reply then ends and that line is
 * handled. */
#define GTP_STREAM 4u

/* The command may stand in a game's write_setup or history, so in a save
 * file's setup and history: it changes the game from its arguments alone
 * (no file, no clock, no session state), and a load replays it through the
 * command table (store/saves.c). A save holding any other command is
 * refused. A game marks the rows its write_setup and history use. */
#define GTP_REPLAY 8u

/* The command's arguments are secret (passwords): the log shows the
 * command's name followed by "******", and the session wipes every copy
 * of the line (sodium_memzero) once it is handled. */
#define GTP_SECRET 16u

/* The command's move is the engine's (genmove and its kin): the players'
 * statistics count a game whose every move came so as the engine's. */
#define GTP_ENGINE_MOVE 32u

/* A GTP_SHORT command of the players' database (store/accounts.h): it
 * runs on the database workers, so a slow database never delays file
 * work. GTP_SAVES: a save command, the database's for a logged-in player
 * (anyone else's saves are files, short work). */
#define GTP_DB 64u
#define GTP_SAVES 128u

/* The command gives the game away (Mastermind's candidates lists the codes
 * that fit): refused while a logged-in player's game is unfinished, since
 * that game counts in the player's statistics. */
#define GTP_HINT 256u

/* The command reads nothing of the session but its configuration and the
 * current game's operations (ctx->ops; ctx->game is NULL), and changes
 * nothing: a session makes no game for it (an idle one that only asks
 * protocol_version holds none), and it runs without the command context's
 * bookkeeping (statistics, verbose's end line), as redis answers PING. */
#define GTP_STATELESS 512u

/* The needs field of a row: the game_ops member it requires. */
#define GTP_NEEDS(member) offsetof(struct game_ops, member)

#define GTP_ANY 1000000

struct gtp_request {
	bool has_id;              /* a numeric id preceded the command */
	long long id;             /* the id when has_id */
	char *name;               /* command name, points into the line */
	int argc;                 /* number of arguments */
	char *argv[GTP_MAX_ARGS]; /* arguments, pointing into the line */
};

/* GTP preprocessing in place: drop control characters other than HT and LF
 * (so CR and NUL go), cut at '#', turn HT into a space. Returns the new
 * length. A line that is then blank gets no reply at all. */
size_t gtp_preprocess(char *line, size_t len);

/* Whether a preprocessed line holds only spaces. */
bool gtp_is_blank(const char *line);

/* Split a preprocessed, NUL-terminated line in place. Returns 0, or -1 when
 * there are more than GTP_MAX_ARGS arguments (req->has_id/id still set so
 * the error can echo the id). A line holding only an id has name "". */
int gtp_parse(char *line, struct gtp_request *req);

/* Frame a reply: "=ID text\n\n" or "?ID text\n\n" appended to wire. Trailing
 * newlines of text are dropped so the reply never holds an empty line early;
 * empty lines inside text are turned into lines holding one space. */
void gtp_format_reply(struct strbuf *wire, const struct gtp_request *req,
		      enum gtp_status status, const char *text);

/* Put an error message in out and return GTP_FAIL, for handlers:
 * `return gtp_fail(out, "illegal move");` */
enum gtp_status gtp_fail(struct strbuf *out, const char *msg);

/* The error for a name that is none of the n valid ones, which it lists:
 * `unknown level (easy, medium, hard)`. */
enum gtp_status gtp_fail_choices(struct strbuf *out, const char *msg, const char *const *names,
				 int n);

/* Append "? line too long" for a line of which only the first len bytes of
 * prefix are known, with the line's id when the prefix shows one whole
 * (digits, then a blank). The line itself is never run. */
void gtp_reply_too_long(struct strbuf *wire, const char *prefix, size_t len);

/* Find name in a table ending with a NULL name; NULL if absent. */
const struct gtp_command *gtp_find(const struct gtp_command *table, const char *name);

/* Parse a colour: b, w, black, white (any case). Returns 1 (black),
 * 2 (white) or 0 for anything else. */
int gtp_parse_color(const char *text);

/* Parse a whole decimal integer into *out within [min, max]; 0 or -1. */
int gtp_parse_int(const char *text, long min, long max, long *out);

/* Parse a finite real number (komi); 0 or -1. */
int gtp_parse_double(const char *text, double *out);

/* gtp_parse_size's answers besides 0. */
enum {
	GTP_SIZE_SYNTAX = -1, /* not an integer: "boardsize not an integer" */
	GTP_SIZE_RANGE = -2,  /* an integer, outside [min, max] or too large for
			       * a long: "unacceptable size" */
};

/* Parse a whole decimal integer (an optional sign, then digits, nothing
 * else) into *out within [min, max], telling the two GTP errors apart.
 * Returns 0, GTP_SIZE_SYNTAX or GTP_SIZE_RANGE; *out is only set on 0. */
int gtp_parse_size(const char *text, long min, long max, long *out);

#endif
