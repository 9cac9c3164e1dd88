/* A session: one client's state (current game and its configuration,
 * level, clock, seed) and the common command table. Sessions are
 * sequential: one command at a time, in arrival order.
 *
 * Every command runs against a command context (ctx.h) built from the
 * session field by field. A cheap command runs at once on the loop thread;
 * a slow one (GTP_SLOW, GTP_SHORT) becomes a session_job holding a
 * snapshot, run on a worker, and the session adopts its game, level, clock
 * and seed when it finishes.
 *
 * The code is split by concept over session.c (the session's life and
 * dispatch) and its neighbours; session_int.h, their private header,
 * lists them. */
#ifndef QUINTET_SESSION_H
#define QUINTET_SESSION_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/queue.h>
#include <time.h>

#include "clock.h"
#include "ctx.h"
#include "game.h"
#include "gtp.h"
#include "store/accounts.h"
#include "tally.h"
#include "timeman.h"
#include "util/strbuf.h"

struct config;

struct session {
	struct config *cfg;      /* configuration of the current game (a reference) */
	int level;               /* index of the active level in cfg's game, or -1 */
	struct game *game;       /* current game, or NULL until a command needs
				  * one (session_game): a session that only asks
				  * GTP_STATELESS commands never makes one */
	const struct cfg_game *first_game; /* cfg's game session_game makes while
				  * game is NULL (default_game) */
	uint64_t seed;           /* seed for the next new game (set_random_seed) */
	struct game_clock clock; /* time_settings / time_left */
	struct timeman_lag lag;  /* how late engine moves have answered past
				  * their hard limits (timeman.h), across games */
	bool quit;               /* quit was received: no more input is read */
	struct strbuf text;      /* scratch for the reply text */
	bool confine_files;      /* file names are plain names in files_dir (TCP);
				  * else used as given (stdin) */
	int files_dir;           /* directory of client files (AT_FDCWD: the cwd) */
	const char *owner;       /* whose saves these are, or NULL: a guest (it
				  * outlives the session; see ctx.h) */
	bool owner_autosaves;    /* the owner's unfinished game is autosaved when the
				  * session ends (a logged-in player's always is) */
	const char *data_dir;    /* DATA_DIR of the saves (outlives the session) */
	time_t created;          /* when the current game began (wall clock) */
	struct accounts *accounts; /* the players' database, or NULL (outlives the session) */
	struct account player;   /* the logged-in player; id 0: a guest */
	unsigned login_failures; /* failed logins in a row on this connection */
	char address[64];        /* the client's address without its port ("": stdin) */
	struct tally tally;      /* who made the moves, while a player is logged in */
	bool verbose;            /* verbose on: game-ending moves say the result */
	bool gogui;              /* GoGui's rules commands were asked */
	bool logged_out;         /* another session changed the player's password or
				  * deleted the account: the next command answers
				  * SESSION_LOGGED_OUT, unrun */
	TAILQ_ENTRY(session) live; /* the process's sessions (session.c) */
};

/* The answer of a session's next command after its login ended elsewhere. */
#define SESSION_LOGGED_OUT "logged out: password changed or account deleted elsewhere"

enum session_step {
	SESSION_NONE,  /* blank line: no reply */
	SESSION_REPLY, /* a reply was appended to wire */
	SESSION_JOB,   /* a slow command is waiting in *job */
	SESSION_QUIT,  /* the quit reply was appended; end the session */
};

/* Which workers a job goes to. */
enum session_queue {
	SESSION_QUEUE_SEARCH, /* GTP_SLOW: searches, analysis, perft */
	SESSION_QUEUE_SHORT,  /* GTP_SHORT: file I/O and other brief blocking work */
	SESSION_QUEUE_DB,     /* GTP_DB, a player's GTP_SAVES, statistics: the database */
};

struct session_job;

/* A new session playing the current configuration's default game, made
 * on first use (session_game); free with session_free. */
struct session *session_new(uint64_t seed);

/* The session's game, made now if it has none yet: the first game, seeded
 * with the session's seed, as if made when the session began (whose level
 * the session has held since). Never NULL. */
struct game *session_game(struct session *s);

/* The operations of the session's game, made or to be made. */
const struct game_ops *session_ops(const struct session *s);

void session_free(struct session *s);

/* Handle one input line (len bytes, no LF; it is modified in place) that
 * arrived at monotime_now() value arrival (0: now). A cheap command is answered at
 * once (framed reply appended to wire). A slow one becomes *job, whose
 * deadline counts from arrival: run session_job_run on a worker, then
 * session_job_finish on the session's thread; meanwhile the session must
 * not handle other lines. */
enum session_step session_handle_line(struct session *s, char *line, size_t len,
				      double arrival, struct strbuf *wire,
				      struct session_job **job);

/* The queue a job belongs on, and whether the client's next line stops it
 * (GTP_STREAM). */
enum session_queue session_job_queue(const struct session_job *job);
bool session_job_streams(const struct session_job *job);

/* Whether the job is an engine move (a GTP_ENGINE_MOVE row: it owes an
 * answer by its hard limit), and whether it is a long one that may give
 * its worker up to a waiting move (any other search: perft,
 * playout_score, an analysis, pondering). */
bool session_job_is_move(const struct session_job *job);
bool session_job_is_long(const struct session_job *job);

/* The job's deadline (monotime_now() seconds; 0 = none): an engine move's
 * is its hard limit (the time manager's, from the line's arrival), any
 * other's server.max_command_time from the arrival. */
double session_job_deadline(const struct session_job *job);

/* The job's stop flag, for the worker pool's check before it runs. */
atomic_bool *session_job_stop_flag(struct session_job *job);

/* Give the job a sink for the lines its command streams (ctx_emit);
 * without one they are dropped. Call before it runs. */
void session_job_set_emit(struct session_job *job, ctx_emit_fn emit, void *arg);

/* Run the job's command on its snapshot (any thread). */
void session_job_run(struct session_job *job);

/* Ask a running or queued job to answer as soon as it can (any thread). */
void session_job_stop(struct session_job *job);

/* Adopt the job's game, level, clock and seed into s, append the framed
 * reply to wire (a job dropped before it ran answers "? interrupted" and
 * changes nothing), free the job. */
void session_job_finish(struct session *s, struct session_job *job, bool ran,
			struct strbuf *wire);

/* Answer a job that was never queued (its queue was full: server.max_queue)
 * "? server busy", appending the reply to wire; nothing changes in the
 * session (a cheap command's reply that waited for its statistics is
 * given as it was, the statistics unwritten). Frees the job. */
void session_job_refuse(struct session_job *job, struct strbuf *wire);

/* Free a job whose session is gone; its result is discarded. */
void session_job_free(struct session_job *job);

/* Whether a finished job's command played the engine's move (genmove and
 * its kin, successfully). */
bool session_job_engine_moved(const struct session_job *job);

/* After the engine's move: a job that thinks on the opponent's time
 * (game_ops.ponder) until it is stopped like a streaming command, when the
 * active level asks for it (ponder: true), or NULL. It answers nothing:
 * finish it with session_ponder_done, never session_job_finish. */
struct session_job *session_ponder_job(const struct session *s);

/* Log what a ponder job did (ran false: dropped) and free it; nothing is
 * adopted (its search tree is shared with the session's game). */
void session_ponder_done(struct session_job *job, bool ran);

/* The session is ending: a job (for the short queue) that saves its game
 * to the autosave slot, or NULL when there is nothing to save: no player
 * logged in and no owner that autosaves, a finished game, or a game with
 * no move yet (saving it would only overwrite the last unfinished one). Run it with session_job_run. */
struct session_job *session_autosave_job(const struct session *s);

/* Log how the autosave went (ran false: it never ran) and free the job;
 * nothing is adopted, the session is ending. */
void session_autosave_done(struct session_job *job, bool ran);

/* The reply of a finished job must wait this many seconds (a failed
 * login's throttle; 0: none). */
double session_job_reply_delay(const struct session_job *job);

/* Whether line (a command line as received, or preprocessed) carries a
 * secret (a password), read as the command is after GTP preprocessing
 * (control bytes dropped, '#' starts a comment): then *head_len is the
 * length of its "[id] name" head in line, which is all a log may show. */
bool session_line_is_secret(const char *line, size_t len, size_t *head_len);

/* ---- Other front ends (UAI, Gomocup) translate onto the same session:
 * their positions into its game (built with game_ops on the loop thread,
 * where a cheap GTP command changes it too), their searches into calls, jobs on the same snapshot, queues, caps, deadlines
 * and time manager as GTP's genmove and analyses. */

enum session_call_kind {
	SESSION_CALL_MOVE, /* an engine move: planned by ctx_move_budget, it
			    * answers by its hard limit, queued or not */
	SESSION_CALL_LONG, /* perft, a search until stopped: within
			    * server.max_command_time; gives its worker up to a
			    * waiting move */
};

struct session_call {
	enum session_call_kind kind;
	/* On a worker, on the job's snapshot (ctx->game is the job's copy;
	 * ctx_emit streams the front end's own lines, unframed). */
	void (*run)(struct cmd_ctx *ctx, void *arg);
	void *arg;                         /* the front end's, for run */
	const struct timeman_clock *clock; /* a move's clock as the protocol gave
					    * it (copied; moves_left and lag
					    * are filled in); NULL: none */
	const struct game_level *level;    /* the command's own level (copied), or
					    * NULL: the active level */
};

/* A job running call on a snapshot of s, its time counted from arrival
 * (0: now). Run it like any job (session_job_run; its deadline,
 * queue, kind and stop flag from session_job_*), then end it with
 * session_call_finish, never session_job_finish. */
struct session_job *session_call_job(const struct session *s, const struct session_call *call,
				     double arrival);

/* End a call job: when it ran, s adopts its game (what run left there:
 * a move played, a random generator moved on), seed and lag; a move's
 * reply time is measured against its hard limit, ran or not. Frees the
 * job. */
void session_call_finish(struct session *s, struct session_job *job, bool ran);

/* Make s play a new game of the configured game name at the level
 * cfg_start_level gives for who (CFG_FOR_PLAYERS, CFG_FOR_TOOLS); 0, or -1
 * with err when the configuration lacks it (a disabled game is played:
 * the caller decides). */
int session_start_game(struct session *s, const char *name, int who, char *err,
		       size_t errlen);

/* s plays g from now on (a position a protocol sent, built with game_ops
 * on a copy of s's game); s owns it and destroys its old game. */
void session_replace_game(struct session *s, struct game *g);

/* A save's setup or history line run on ctx (saves_replay_fn): a row of
 * the game's table marked GTP_REPLAY, as a client's command would be. */
int session_replay_line(struct cmd_ctx *ctx, const char *line, char *err, size_t errlen);

/* The common commands, for tests and documentation checks. */
extern const struct gtp_command session_commands[];

#endif
