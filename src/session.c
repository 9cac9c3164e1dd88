/* A session's life and dispatch: session_new and session_free, the
 * process's list of live sessions (a password change or a deleted account
 * ends the player's other logins), session_adopt (what a command may
 * change in the session), and session_handle_line, which resolves a line
 * in the common table (session_commands.c) or the game's and runs a cheap
 * command at once, a slow one as a job (session_job.c). Also quit, which
 * the dispatch ends the session on, and which lines carry a password. */
#include "session.h"

#include <fcntl.h>
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "log.h"
#include "session_int.h"
#include "util/monotime.h"
#include "util/xalloc.h"

/* The context a command runs in: the session's state, field by field. */
void session_ctx_build(const struct session *s, double arrival, struct cmd_ctx *ctx)
{
	const struct cfg_server *srv = &s->cfg->server;

	if (arrival <= 0)
		arrival = monotime_now();
	*ctx = (struct cmd_ctx){
		.game = s->game,
		.ops = s->game->ops,
		.cfg = s->cfg,
		.level = s->level,
		.clock = s->clock,
		.lag = s->lag,
		.seed = s->seed,
		.arrival = arrival,
		.deadline = srv->max_command_time > 0 ? arrival + srv->max_command_time : 0,
		.max_nodes = srv->max_command_nodes,
		.files_dir = s->files_dir,
		.confine_files = s->confine_files,
		.owner = s->owner,
		.data_dir = s->data_dir,
		.created = s->created,
		.verbose = s->verbose,
		.gogui = s->gogui,
		.accounts = s->accounts,
		.player = s->player,
		.login_failures = s->login_failures,
		.address = s->address,
	};
}

/* Every session of the process, so that a password change or a deleted
 * account ends the player's other logins. */
static TAILQ_HEAD(, session) live_sessions = TAILQ_HEAD_INITIALIZER(live_sessions);
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;

/* Log out every session of player id but s: as guests from now on, told so
 * by their next command. */
static void end_other_logins(const struct session *s, long long id)
{
	struct session *o;

	pthread_mutex_lock(&live_lock);
	TAILQ_FOREACH(o, &live_sessions, live)
		if (o != s && o->player.id == id) {
			o->player = (struct account){ 0 };
			o->logged_out = true;
			if (o->game) /* it has one: logging in made it */
				tally_reset(&o->tally, o->game);
		}
	pthread_mutex_unlock(&live_lock);
	if (id)
		log_msg(LOG_INFO, "other sessions of player %lld logged out", id);
}

/* What a command may change in the session. before is the player the
 * command started with: only a command that changed it (login, logout) is
 * adopted, never a job's stale copy of a login ended meanwhile; within the
 * same login, the token it holds (session_token made one, logout or passwd
 * revoked it). */
void session_adopt(struct session *s, const struct cmd_ctx *ctx, long long before)
{
	if (ctx->end_other_logins)
		end_other_logins(s, s->player.id);
	s->game = ctx->game;
	s->cfg = ctx->cfg;
	s->level = ctx->level;
	s->clock = ctx->clock;
	s->lag = ctx->lag;
	s->seed = ctx->seed;
	s->created = ctx->created;
	s->verbose = ctx->verbose;
	s->gogui = ctx->gogui;
	s->login_failures = ctx->login_failures;
	if (ctx->player.id != before && s->player.id != ctx->player.id) {
		/* Logged in or out: statistics count from here, for the new player. */
		s->player = ctx->player;
		tally_reset(&s->tally, s->game);
	} else if (ctx->player.id == s->player.id) {
		memcpy(s->player.token, ctx->player.token, sizeof(s->player.token));
	}
}

struct session *session_new(uint64_t seed)
{
	struct session *s = xcalloc(1, sizeof(*s));

	s->seed = seed;
	s->cfg = cfg_ref(cfg_current());
	s->first_game = cfg_game(s->cfg, s->cfg->default_game);
	s->level = cfg_start_level(s->first_game, CFG_FOR_PLAYERS);
	s->created = time(NULL);
	s->files_dir = AT_FDCWD;
	s->data_dir = "";
	pthread_mutex_lock(&live_lock);
	TAILQ_INSERT_TAIL(&live_sessions, s, live);
	pthread_mutex_unlock(&live_lock);
	return s;
}

/* A game costs a Go board's 34 KiB: 10,000 idle sessions would hold 330
 * MiB of boards nobody asked for, so the first command that needs one
 * makes it, from the seed and configuration the session began with. */
struct game *session_game(struct session *s)
{
	if (!s->game) {
		s->game = cfg_new_game(s->first_game, s->seed);
		s->created = time(NULL);
	}
	return s->game;
}

const struct game_ops *session_ops(const struct session *s)
{
	return s->game ? s->game->ops : s->first_game->ops;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&live_lock);
	TAILQ_REMOVE(&live_sessions, s, live);
	pthread_mutex_unlock(&live_lock);
	if (s->game)
		s->game->ops->destroy(s->game);
	cfg_unref(s->cfg);
	sb_free(&s->text);
	tally_free(&s->tally);
	free(s);
}

/* The table row for a request, or NULL with the error text in out. A row
 * that is not GTP_STATELESS gets the session's game made first. */
static const struct gtp_command *resolve(struct session *s, struct gtp_request *req,
					 struct strbuf *out)
{
	const struct gtp_command *cmd = session_lookup(session_ops(s), req->name);

	if (!cmd) {
		gtp_fail(out, SESSION_UNKNOWN_COMMAND);
		return NULL;
	}
	if (req->argc < cmd->min_args || req->argc > cmd->max_args) {
		gtp_fail(out, "wrong number of arguments");
		return NULL;
	}
	if (!(cmd->flags & GTP_STATELESS))
		session_game(s);
	if ((cmd->flags & GTP_HINT) && s->player.id > 0 && !s->game->ops->is_over(s->game)) {
		gtp_fail(out, SESSION_HINT_REFUSED);
		return NULL;
	}
	return cmd;
}

/* Whether a command of that name carries a password (GTP_SECRET). */
static bool name_is_secret(const char *name)
{
	const struct gtp_command *c = gtp_find(session_commands, name);

	return c && (c->flags & GTP_SECRET);
}

/* A refused command's line (len bytes as received), wiped when it holds a
 * password. */
static void wipe_if_secret(const char *name, char *line, size_t len)
{
	if (name_is_secret(name))
		sodium_memzero(line, len);
}

/* The preprocessed line (plen bytes) as it was before gtp_parse cut it
 * into tokens, which is all it did: its NULs stand where blanks were. The
 * line is not copied before parsing, since a cheap command never needs
 * it whole; a job does. */
static void unparse(char *line, size_t plen)
{
	for (size_t i = 0; i < plen; i++)
		if (line[i] == '\0')
			line[i] = ' ';
}

enum gtp_status session_cmd_quit(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv, (void)out;
	return GTP_QUIT;
}

/* A GTP_STATELESS row: the context holds the configuration and the game's
 * operations only, as nothing else is read and nothing adopted. */
static enum gtp_status run_stateless(struct session *s, const struct gtp_command *cmd,
				     struct gtp_request *req)
{
	struct cmd_ctx ctx = { .ops = session_ops(s), .cfg = s->cfg, .level = -1 };

	return cmd->handler(&ctx, req->argc, req->argv, &s->text);
}

/* A cheap command on the session's state: run at once and adopted; a
 * job when its reply must wait for the statistics of the game it ended
 * (line, plen: the preprocessed line, for that job). */
static enum gtp_status run_cheap(struct session *s, const struct gtp_command *cmd,
				 struct gtp_request *req, char *line, size_t plen,
				 double arrival, struct session_job **job)
{
	struct cmd_ctx ctx;
	struct tally_outcome o;
	struct session_before before;

	*job = NULL;
	session_ctx_build(s, arrival, &ctx);
	session_note_before(&s->tally, &ctx, &before);
	enum gtp_status status = cmd->handler(&ctx, req->argc, req->argv, &s->text);
	session_adopt(s, &ctx, s->player.id);
	bool counted = session_tracking(&ctx) && session_track(&s->tally, &ctx, &before, cmd, &o) &&
		       status != GTP_QUIT;
	bool said = session_says_end(&ctx, &before, status);
	if (counted || said) {
		unparse(line, plen);
		*job = session_record_job(s, line, arrival, status, counted ? &o : NULL, said);
	}
	return status;
}

/* The reply to a command answered at once, framed into wire; the scratch
 * text given back when a large reply grew it. */
static enum session_step reply(struct session *s, const struct gtp_request *req,
			       enum gtp_status status, struct strbuf *wire)
{
	gtp_format_reply(wire, req, status, sb_str(&s->text));
	sb_trim(&s->text, SESSION_TEXT_KEEP);
	if (status == GTP_QUIT)
		s->quit = true;
	return s->quit ? SESSION_QUIT : SESSION_REPLY;
}

enum session_step session_handle_line(struct session *s, char *line, size_t len,
				      double arrival, struct strbuf *wire,
				      struct session_job **job)
{
	struct gtp_request req;
	enum gtp_status status;
	const struct gtp_command *cmd;
	size_t plen = gtp_preprocess(line, len);

	if (gtp_is_blank(line))
		return SESSION_NONE;
	sb_reset(&s->text);
	if (gtp_parse(line, &req) < 0) {
		status = gtp_fail(&s->text, "too many arguments");
	} else if (!*req.name) {
		return SESSION_NONE; /* an id alone: GNU Go answers nothing either */
	} else if (s->logged_out && strcmp(req.name, "quit") != 0) {
		s->logged_out = false; /* told once; the command is not run */
		status = gtp_fail(&s->text, SESSION_LOGGED_OUT);
		wipe_if_secret(req.name, line, len);
	} else if (!(cmd = resolve(s, &req, &s->text))) {
		status = GTP_FAIL;
		wipe_if_secret(req.name, line, len); /* a refused login (argument count) */
	} else if (cmd->flags & (GTP_SLOW | GTP_SHORT)) {
		unparse(line, plen);
		*job = session_job_new(s, line, arrival);
		if (cmd->flags & GTP_SECRET)
			sodium_memzero(line, len);
		return SESSION_JOB;
	} else if (cmd->flags & GTP_STATELESS) {
		status = run_stateless(s, cmd, &req);
	} else {
		status = run_cheap(s, cmd, &req, line, plen, arrival, job);
		if (*job)
			return SESSION_JOB;
	}
	return reply(s, &req, status, wire);
}

/* Whether GTP preprocessing drops byte ch (gtp_preprocess). */
static bool dropped(char ch)
{
	return ((unsigned char)ch < 32 && ch != '\t') || ch == 127;
}

/* The index of the first byte from i on that preprocessing keeps. */
static size_t kept(const char *line, size_t len, size_t i)
{
	while (i < len && dropped(line[i]))
		i++;
	return i;
}

static bool blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* Read as the command is, after preprocessing (a control byte anywhere,
 * "lo\x01gin", is dropped), though the line is not preprocessed: the
 * debug log shows it raw. */
bool session_line_is_secret(const char *line, size_t len, size_t *head_len)
{
	char name[32];
	size_t i = kept(line, len, 0), n = 0;

	while (i < len && (blank(line[i]) || (line[i] >= '0' && line[i] <= '9')))
		i = kept(line, len, i + 1); /* the id and the blanks around it */
	while (i < len && !blank(line[i]) && line[i] != '#') {
		if (n + 1 < sizeof(name))
			name[n++] = line[i];
		i = kept(line, len, i + 1);
	}
	name[n] = '\0';
	for (const struct gtp_command *c = session_commands; c->name; c++)
		if ((c->flags & GTP_SECRET) && !strcmp(name, c->name)) {
			*head_len = i;
			return true;
		}
	return false;
}
