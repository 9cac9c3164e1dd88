/* What the session's files share and no other file sees (session.h is the
 * public face). The files, each about one thing:
 *   session.c           the session's life (new, adopt, free) and dispatch
 *   session_commands.c  the common command table; a name to its row
 *   session_help.c      the commands describing the engine and its commands
 *   session_game.c      game switching, new games, rules, sizes, levels
 *   session_moves.c     play, genmove and the position
 *   session_gogui.c     GoGui's rules extension (gogui-rules_*), from the
 *                       game's board_view and ops
 *   session_clock.c     the clock commands
 *   session_job.c       a slow command's job: snapshot, run, finish
 *   session_stats.c     a game's end: a logged-in player's statistics, and
 *                       the result said under verbose on
 *   session_calls.c     jobs of no command line: front ends' calls, pondering
 *   session_saves.c     the save commands and the autosave
 * and players.c, the players' commands (players.h). */
#ifndef QUINTET_SESSION_INT_H
#define QUINTET_SESSION_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "ctx.h"
#include "game.h"
#include "gtp.h"
#include "session.h"
#include "tally.h"
#include "timeman.h"
#include "util/strbuf.h"

struct cfg_game;

/* A reply's scratch text (session.text) larger than this is given back
 * once the reply is framed: a showboard of a large board or a long help
 * leaves no buffer behind in an idle session. */
#define SESSION_TEXT_KEEP 4096
/* Room for the error text of a game operation. */
#define SESSION_ERRLEN 256
/* The reply to a name the current game does not have; help lists them. */
#define SESSION_UNKNOWN_COMMAND "unknown command (help lists the commands)"
/* A GTP_HINT command in a logged-in player's unfinished game. */
#define SESSION_HINT_REFUSED "not in a game that counts for your statistics (finish it, or log out)"

/* A job: a slow command's snapshot and result (opaque in session.h). Its
 * fields are session_job.c's, and those of the files that make jobs of
 * their own: session_stats.c (a reply waiting for the statistics),
 * session_calls.c (a front end's call, pondering), session_saves.c (the
 * autosave). */
struct session_job {
	struct cmd_ctx ctx;            /* the snapshot the command runs on */
	char *line;                    /* preprocessed line, owns req's strings */
	size_t line_len;               /* its length before gtp_parse cut it */
	struct gtp_request req;        /* the parsed command */
	const struct gtp_command *cmd; /* its table row */
	enum gtp_status status;        /* the handler's verdict */
	struct strbuf text;            /* its reply text */
	atomic_bool stop;              /* answer now */
	ctx_emit_fn sink;              /* where streamed lines go, or NULL */
	void *sink_arg;                /* for sink */
	bool streamed;                 /* the reply's "=ID" line went out first */
	struct tally tally;            /* the session's, carried through the command */
	bool record_only;              /* a cheap command's reply waiting for the
					* statistics of the game it ended */
	bool ponder;                   /* thinking on the opponent's time: no
					* command, no reply */
	long pondered;                 /* the simulations it ran */
	bool has_outcome;              /* outcome is to be recorded */
	bool say_end;                  /* the reply says the result (verbose on) */
	struct tally_outcome outcome;  /* how the ended game counts */
	struct session_call call;      /* a front end's own command (run set) */
	long long player;              /* the player it started with (session_adopt) */
	struct timeman_clock clock;    /* call.clock's copy */
	struct game_level level;       /* call.level's copy */
};

/* ---- session.c */

/* The context a command runs in: the session's state, field by field
 * (arrival 0: now). */
void session_ctx_build(const struct session *s, double arrival, struct cmd_ctx *ctx);

/* Adopt what a command changed in ctx into s; before is the player the
 * command started with (only a login or logout it made is adopted). */
void session_adopt(struct session *s, const struct cmd_ctx *ctx, long long before);

/* ---- session_commands.c */

/* The row a name means in a game (a common one it supports, else the
 * game's own), or NULL. */
const struct gtp_command *session_lookup(const struct game_ops *ops, const char *name);

/* GTP_OK when rc is 0, else the failure err. */
enum gtp_status session_result(int rc, const char *err, struct strbuf *out);

/* ---- session_game.c */

/* A new game of gc seeded with ctx's seed; ctx's level becomes the
 * game's start level for players. */
struct game *session_new_game(struct cmd_ctx *ctx, const struct cfg_game *gc);

/* ---- session_moves.c */

/* genmove's colour from its arguments (or the side to move), or 0 with
 * the error in out. */
int session_genmove_color(const struct cmd_ctx *ctx, int argc, char *const *argv,
			  struct strbuf *out);

/* ---- session_job.c */

/* A job for line (a command line, preprocessed) on a snapshot of s, its
 * time counted from arrival (0: now). Free with session_job_free. */
struct session_job *session_job_new(const struct session *s, const char *line, double arrival);

/* Observe how late a planned move answers, as its reply is formatted. */
void session_note_lag(struct session *s, double arrival);

/* ---- session_stats.c */

/* Whether ctx's moves count for a logged-in player's statistics. */
bool session_tracking(const struct cmd_ctx *ctx);

/* The game before a command, as the command's end is judged: its end by
 * the rules (a player's statistics, verbose on's line), or its replacement
 * by another game while the player was losing (abandoned: a loss). */
struct session_before {
	const struct game *game; /* the game the command began on */
	time_t created;          /* when it began */
	long moves;              /* its moves (counted when tracking or verbose) */
	bool was_over;           /* it was over already (verbose only) */
	bool abandon;            /* replacing it now counts as abandon_as */
	struct tally_outcome abandon_as; /* a loss of the player's (abandoned) */
};
void session_note_before(const struct tally *t, const struct cmd_ctx *ctx,
			 struct session_before *b);

/* After a command ran on ctx: true with *o when it ended the game, by its
 * rules or by abandoning it (o->abandoned). */
bool session_track(struct tally *t, const struct cmd_ctx *ctx, const struct session_before *b,
		   const struct gtp_command *cmd, struct tally_outcome *o);

/* Worker thread: record ctx's ended game; true when it was kept in the
 * local spool (the reply says so). */
bool session_record_outcome(const struct cmd_ctx *ctx, const struct tally_outcome *o);

/* A job holding a cheap command's reply (status, s's text) until the
 * statistics of the game it ended are written (o, or NULL: none to
 * write) and, with say_end, its result line is added. */
struct session_job *session_record_job(const struct session *s, const char *line, double arrival,
				       enum gtp_status status, const struct tally_outcome *o,
				       bool say_end);

/* Whether the command that answered status on ctx ended the game by a
 * move (a position set up whole, loadboard's, is no move) under verbose
 * on: its reply then gets session_game_over_line. */
bool session_says_end(const struct cmd_ctx *ctx, const struct session_before *b,
		      enum gtp_status status);

/* Worker thread: the line a game-ending move's reply gets under verbose
 * on, after the reply's own: "game over: " and what final_score answers. */
void session_game_over_line(struct cmd_ctx *ctx, struct strbuf *out);

/* ---- The handlers of the common table's rows (session_commands.c, whose
 * help texts say what each does), by the file they live in. */

/* session.c */
enum gtp_status session_cmd_quit(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);

/* session_help.c */
enum gtp_status session_cmd_protocol_version(struct cmd_ctx *ctx, int argc, char **argv,
					     struct strbuf *out);
enum gtp_status session_cmd_name(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_version(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_cputime(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_known_command(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out);
enum gtp_status session_cmd_list_commands(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out);
enum gtp_status session_cmd_help(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);

/* session_stats.c */
enum gtp_status session_cmd_verbose(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);

/* session_game.c */
enum gtp_status session_cmd_game(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_kgs_game_over(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out);
enum gtp_status session_cmd_list_games(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out);
enum gtp_status session_cmd_set_random_seed(struct cmd_ctx *ctx, int argc, char **argv,
					    struct strbuf *out);
enum gtp_status session_cmd_boardsize(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out);
enum gtp_status session_cmd_clear_board(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out);
enum gtp_status session_cmd_rules(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_list_sizes(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out);
enum gtp_status session_cmd_level(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);

/* session_moves.c */
enum gtp_status session_cmd_play(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_genmove(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_reg_genmove(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out);
enum gtp_status session_cmd_undo(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_showboard(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out);
enum gtp_status session_cmd_final_score(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out);

/* session_gogui.c */
enum gtp_status session_cmd_gogui_game_id(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out);
enum gtp_status session_cmd_gogui_board_size(struct cmd_ctx *ctx, int argc, char **argv,
					     struct strbuf *out);
enum gtp_status session_cmd_gogui_board(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out);
enum gtp_status session_cmd_gogui_side_to_move(struct cmd_ctx *ctx, int argc, char **argv,
					       struct strbuf *out);
enum gtp_status session_cmd_gogui_legal_moves(struct cmd_ctx *ctx, int argc, char **argv,
					      struct strbuf *out);
enum gtp_status session_cmd_gogui_final_result(struct cmd_ctx *ctx, int argc, char **argv,
					       struct strbuf *out);
enum gtp_status session_cmd_gogui_board_gfx(struct cmd_ctx *ctx, int argc, char **argv,
					    struct strbuf *out);

/* session_clock.c */
enum gtp_status session_cmd_time_settings(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out);
enum gtp_status session_cmd_kgs_time_settings(struct cmd_ctx *ctx, int argc, char **argv,
					      struct strbuf *out);
enum gtp_status session_cmd_time_left(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out);

/* session_saves.c */
enum gtp_status session_cmd_save(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_load(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_resume(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status session_cmd_list_saves(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out);
enum gtp_status session_cmd_delete_save(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out);

#endif
