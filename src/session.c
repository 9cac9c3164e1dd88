#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "config.h"
#include "util/xalloc.h"

#define ERRLEN 256

/* Result of an ops call that returned 0 or -1 with err. */
static enum gtp_status result(int rc, const char *err, struct strbuf *out)
{
	return rc == 0 ? GTP_OK : gtp_fail(out, err);
}

/* Function:  report the protocol version
 * Arguments: none
 * Fails:     never
 * Returns:   2 */
static enum gtp_status cmd_protocol_version(struct session *s, int argc, char **argv,
					    struct strbuf *out)
{
	(void)s, (void)argc, (void)argv;
	sb_puts(out, "2");
	return GTP_OK;
}

static enum gtp_status cmd_name(struct session *s, int argc, char **argv,
				struct strbuf *out)
{
	(void)s, (void)argc, (void)argv;
	sb_puts(out, PACKAGE_NAME);
	return GTP_OK;
}

static enum gtp_status cmd_version(struct session *s, int argc, char **argv,
				   struct strbuf *out)
{
	(void)s, (void)argc, (void)argv;
	sb_puts(out, PACKAGE_VERSION);
	return GTP_OK;
}

static bool game_supports(const struct game_ops *ops, gtp_handler h);

/* The command a name means in the current game: a common one the game
 * supports, else the game's own. */
static const struct gtp_command *lookup(const struct session *s, const char *name)
{
	const struct gtp_command *c = gtp_find(session_commands, name);

	if (c && game_supports(s->game->ops, c->handler))
		return c;
	return gtp_find(s->game->ops->commands, name);
}

/* Function:  tell whether a command is known in the current game
 * Arguments: command name
 * Fails:     never
 * Returns:   true or false */
static enum gtp_status cmd_known_command(struct session *s, int argc, char **argv,
					 struct strbuf *out)
{
	(void)argc;
	sb_puts(out, lookup(s, argv[0]) ? "true" : "false");
	return GTP_OK;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Function:  list the commands the current game accepts
 * Arguments: none
 * Fails:     never
 * Returns:   one name per line, sorted */
static enum gtp_status cmd_list_commands(struct session *s, int argc, char **argv,
					 struct strbuf *out)
{
	const struct gtp_command *tables[2] = { session_commands, s->game->ops->commands };
	const char *names[512];
	size_t n = 0;

	(void)argc, (void)argv;
	for (int t = 0; t < 2; t++)
		for (const struct gtp_command *c = tables[t]; c && c->name; c++)
			if (lookup(s, c->name) == c && n < sizeof(names) / sizeof(names[0]))
				names[n++] = c->name;
	qsort(names, n, sizeof(names[0]), compare_names);
	for (size_t i = 0; i < n; i++)
		sb_printf(out, "%s%s", i ? "\n" : "", names[i]);
	return GTP_OK;
}

static enum gtp_status cmd_quit(struct session *s, int argc, char **argv,
				struct strbuf *out)
{
	(void)s, (void)argc, (void)argv, (void)out;
	return GTP_QUIT;
}

/* A new game of ops with the session's configuration: options, default
 * size and rules, default level. */
static struct game *new_game(struct session *s, const struct cfg_game *gc)
{
	struct game *g = gc->ops->create(s->seed);
	char text[16], err[ERRLEN];

	for (int i = 0; i < gc->nsettings; i++)
		gc->ops->set_option(g, gc->settings[i].key, gc->settings[i].value, err,
				    sizeof(err));
	snprintf(text, sizeof(text), "%d", gc->default_size);
	if (gc->default_size && gc->ops->set_size)
		gc->ops->set_size(g, text, err, sizeof(err));
	if (gc->default_rules[0] && gc->ops->set_rules)
		gc->ops->set_rules(g, gc->default_rules, err, sizeof(err));
	s->level = gc->default_level;
	return g;
}

/* The configuration section of the session's game. */
static const struct cfg_game *game_config(const struct session *s)
{
	return cfg_game(s->cfg, s->game->ops->name);
}

/* Function:  show or switch the current game
 * Arguments: optional game name
 * Fails:     unknown game, game disabled
 * Returns:   the current game's name, or nothing after a switch (a new game
 *            with the configured options, seeded like the session; it takes
 *            the configuration as last reloaded) */
static enum gtp_status cmd_game(struct session *s, int argc, char **argv,
				struct strbuf *out)
{
	if (argc == 0) {
		sb_puts(out, s->game->ops->name);
		return GTP_OK;
	}
	const struct cfg_game *gc = cfg_game(cfg_current(), argv[0]);
	if (!gc)
		return gtp_fail(out, "unknown game");
	if (!gc->enabled)
		return gtp_fail(out, "game disabled");
	cfg_unref(s->cfg);
	s->cfg = cfg_ref(cfg_current());
	struct game *g = new_game(s, cfg_game(s->cfg, argv[0]));
	s->game->ops->destroy(s->game);
	s->game = g;
	return GTP_OK;
}

static enum gtp_status cmd_list_games(struct session *s, int argc, char **argv,
				      struct strbuf *out)
{
	const struct config *cfg = cfg_current();
	int n = 0;

	(void)s, (void)argc, (void)argv;
	for (int i = 0; i < cfg->ngames; i++)
		if (cfg->games[i].enabled)
			sb_printf(out, "%s%s", n++ ? "\n" : "", cfg->games[i].ops->name);
	return GTP_OK;
}

/* Function:  make every later random choice reproducible
 * Arguments: a non-negative integer
 * Fails:     not a non-negative integer
 * Returns:   nothing */
static enum gtp_status cmd_set_random_seed(struct session *s, int argc, char **argv,
					   struct strbuf *out)
{
	long seed;

	(void)argc;
	if (gtp_parse_int(argv[0], 0, __LONG_MAX__, &seed) < 0)
		return gtp_fail(out, "invalid seed");
	s->seed = (uint64_t)seed;
	rng_seed(&s->game->rng, s->seed);
	return GTP_OK;
}

/* Function:  set the board size, starting a new game
 * Arguments: size
 * Fails:     the game's syntax error (boardsize not an integer), unacceptable
 *            size (refused by the configuration or by the game)
 * Returns:   nothing */
static enum gtp_status cmd_boardsize(struct session *s, int argc, char **argv,
				     struct strbuf *out)
{
	const struct cfg_game *gc = game_config(s);
	char err[ERRLEN];
	long size;

	(void)argc;
	if (gc && gtp_parse_int(argv[0], 1, 100000, &size) == 0 && !cfg_size_allowed(gc, size))
		return gtp_fail(out, "unacceptable size");
	return result(s->game->ops->set_size(s->game, argv[0], err, sizeof(err)), err, out);
}

static enum gtp_status cmd_clear_board(struct session *s, int argc, char **argv,
				       struct strbuf *out)
{
	(void)argc, (void)argv, (void)out;
	s->game->ops->clear(s->game);
	return GTP_OK;
}

/* A colour argument: GTP's names, or the game's own (x/o in Ataxx). */
static int session_color(const struct session *s, const char *text)
{
	int color = gtp_parse_color(text);

	if (!color && s->game->ops->parse_color)
		color = s->game->ops->parse_color(text);
	return color;
}

/* Function:  play a move
 * Arguments: colour, move
 * Fails:     invalid color, invalid coordinate (or the game's move syntax
 *            error), illegal move
 * Returns:   nothing */
static enum gtp_status cmd_play(struct session *s, int argc, char **argv,
				struct strbuf *out)
{
	const struct game_ops *ops = s->game->ops;
	char err[ERRLEN];
	int color = session_color(s, argv[0]), move;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (ops->parse_move(s->game, argv[1], &move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	return result(ops->play(s->game, color, move, err, sizeof(err)), err, out);
}

/* Function:  let the engine choose and play a move
 * Arguments: colour
 * Fails:     invalid color, or the game's reason (game over, ...)
 * Returns:   the move played */
static enum gtp_status cmd_genmove(struct session *s, int argc, char **argv,
				   struct strbuf *out)
{
	const struct game_ops *ops = s->game->ops;
	const struct cfg_game *gc = game_config(s);
	struct game_budget budget = {
		.level = gc && s->level >= 0 ? &gc->levels[s->level] : NULL,
		.max_seconds = s->cfg->server.max_move_time,
		.stop = s->stop,
	};
	char err[ERRLEN];
	int color = session_color(s, argv[0]), move;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	double clock = clock_allowance(&s->clock, color);
	if (clock > 0 && clock < budget.max_seconds)
		budget.max_seconds = clock;
	if (ops->genmove(s->game, color, &budget, &move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	ops->print_move(s->game, move, out);
	return GTP_OK;
}

static enum gtp_status cmd_undo(struct session *s, int argc, char **argv,
				struct strbuf *out)
{
	char err[ERRLEN];

	(void)argc, (void)argv;
	return result(s->game->ops->undo(s->game, err, sizeof(err)), err, out);
}

static enum gtp_status cmd_showboard(struct session *s, int argc, char **argv,
				     struct strbuf *out)
{
	(void)argc, (void)argv;
	s->game->ops->render(s->game, out);
	return GTP_OK;
}

static enum gtp_status cmd_final_score(struct session *s, int argc, char **argv,
				       struct strbuf *out)
{
	char err[ERRLEN];

	(void)argc, (void)argv;
	return result(s->game->ops->final_score(s->game, out, err, sizeof(err)), err, out);
}

/* Function:  list the rule variants (the active one marked) or pick one
 * Arguments: optional variant name
 * Fails:     unknown rules
 * Returns:   one variant per line, the active one followed by " *" */
static enum gtp_status cmd_rules(struct session *s, int argc, char **argv,
				 struct strbuf *out)
{
	const struct game_ops *ops = s->game->ops;
	char err[ERRLEN];

	if (argc == 1)
		return result(ops->set_rules(s->game, argv[0], err, sizeof(err)), err, out);
	const char *active = ops->get_rules(s->game);
	for (int i = 0; ops->rules[i]; i++)
		sb_printf(out, "%s%s%s", i ? "\n" : "", ops->rules[i],
			  strcmp(ops->rules[i], active) ? "" : " *");
	return GTP_OK;
}

/* A whole number of seconds or stones, as GTP's clock commands take. */
static int parse_clock_number(const char *text, long *out)
{
	return gtp_parse_int(text, 0, 100000000, out);
}

/* Function:  set the time control (Canadian byo-yomi)
 * Arguments: main time, byo-yomi time (seconds), byo-yomi stones
 * Fails:     syntax error (not integers from 0 to 100000000)
 * Returns:   nothing. genmove then spends a share of the time left (see
 *            time_left); byo-yomi time with 0 stones means no limit */
static enum gtp_status cmd_time_settings(struct session *s, int argc, char **argv,
					 struct strbuf *out)
{
	long main_time, byo_time, stones;

	(void)argc;
	if (parse_clock_number(argv[0], &main_time) < 0 ||
	    parse_clock_number(argv[1], &byo_time) < 0 || parse_clock_number(argv[2], &stones) < 0)
		return gtp_fail(out, "syntax error");
	clock_set(&s->clock, (double)main_time, (double)byo_time, (int)stones);
	return GTP_OK;
}

/* Function:  tell the engine a colour's remaining time
 * Arguments: colour, seconds left, stones left in the byo-yomi period (0:
 *            still in main time)
 * Fails:     invalid color, syntax error
 * Returns:   nothing */
static enum gtp_status cmd_time_left(struct session *s, int argc, char **argv,
				     struct strbuf *out)
{
	int color = session_color(s, argv[0]);
	long seconds, stones;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (parse_clock_number(argv[1], &seconds) < 0 || parse_clock_number(argv[2], &stones) < 0)
		return gtp_fail(out, "syntax error");
	clock_left(&s->clock, color, (double)seconds, (int)stones);
	return GTP_OK;
}

/* Function:  list the AI levels (the active one marked) or pick one
 * Arguments: optional level name
 * Fails:     unknown level
 * Returns:   one level per line, the active one followed by " *" */
static enum gtp_status cmd_level(struct session *s, int argc, char **argv,
				 struct strbuf *out)
{
	const struct cfg_game *gc = game_config(s);
	int n = gc ? gc->nlevels : 0;

	if (argc == 1) {
		int i = gc ? cfg_level_index(gc, argv[0]) : -1;

		if (i < 0)
			return gtp_fail(out, "unknown level");
		s->level = i;
		return GTP_OK;
	}
	for (int i = 0; i < n; i++)
		sb_printf(out, "%s%s%s", i ? "\n" : "", gc->levels[i].name,
			  i == s->level ? " *" : "");
	return GTP_OK;
}

/* Common commands that need an optional game operation. */
static bool game_supports(const struct game_ops *ops, gtp_handler h)
{
	if (h == cmd_boardsize)
		return ops->set_size;
	if (h == cmd_rules)
		return ops->set_rules && ops->get_rules && ops->rules;
	if (h == cmd_undo)
		return ops->undo;
	if (h == cmd_genmove || h == cmd_time_settings || h == cmd_time_left)
		return ops->genmove;
	if (h == cmd_final_score)
		return ops->final_score;
	return true;
}

const struct gtp_command session_commands[] = {
	{ "boardsize", cmd_boardsize, 1, 1, 0 },
	{ "clear_board", cmd_clear_board, 0, 0, 0 },
	{ "final_score", cmd_final_score, 0, 0, 0 },
	{ "game", cmd_game, 0, 1, 0 },
	{ "genmove", cmd_genmove, 1, 1, GTP_SLOW },
	{ "known_command", cmd_known_command, 1, 1, 0 },
	{ "level", cmd_level, 0, 1, 0 },
	{ "list_commands", cmd_list_commands, 0, 0, 0 },
	{ "list_games", cmd_list_games, 0, 0, 0 },
	{ "name", cmd_name, 0, 0, 0 },
	{ "play", cmd_play, 2, 2, 0 },
	{ "protocol_version", cmd_protocol_version, 0, 0, 0 },
	{ "quit", cmd_quit, 0, 0, 0 },
	{ "rules", cmd_rules, 0, 1, 0 },
	{ "set_random_seed", cmd_set_random_seed, 1, 1, 0 },
	{ "showboard", cmd_showboard, 0, 0, 0 },
	{ "time_left", cmd_time_left, 3, 3, 0 },
	{ "time_settings", cmd_time_settings, 3, 3, 0 },
	{ "undo", cmd_undo, 0, 0, 0 },
	{ "version", cmd_version, 0, 0, 0 },
	{ NULL, NULL, 0, 0, 0 },
};

int session_file_path(const struct session *s, const char *name, char *path, size_t len,
		      char *err, size_t errlen)
{
	int n;

	if (s->confine_files && (name[0] == '.' || strchr(name, '/'))) {
		snprintf(err, errlen, "invalid file name: plain names only");
		return -1;
	}
	if (s->confine_files)
		n = snprintf(path, len, "%s/%s", s->cfg->storage.data_dir, name);
	else
		n = snprintf(path, len, "%s", name);
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, errlen, "file name too long");
		return -1;
	}
	return 0;
}

struct session *session_new(uint64_t seed)
{
	struct session *s = xcalloc(1, sizeof(*s));

	s->seed = seed;
	s->cfg = cfg_ref(cfg_current());
	s->game = new_game(s, cfg_game(s->cfg, s->cfg->default_game));
	return s;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	s->game->ops->destroy(s->game);
	cfg_unref(s->cfg);
	sb_free(&s->text);
	free(s);
}

struct session_job {
	struct session shadow;          /* the session as the command sees it */
	char *line;                     /* preprocessed line, owns req's strings */
	struct gtp_request req;         /* the parsed command */
	const struct gtp_command *cmd;  /* its table row */
	enum gtp_status status;         /* the handler's verdict */
	atomic_bool stop;               /* answer now */
};

/* The table row for a request, or NULL with the error text in out. */
static const struct gtp_command *resolve(struct session *s, struct gtp_request *req,
					 struct strbuf *out)
{
	const struct gtp_command *cmd = lookup(s, req->name);

	if (!cmd) {
		gtp_fail(out, "unknown command");
		return NULL;
	}
	if (req->argc < cmd->min_args || req->argc > cmd->max_args) {
		gtp_fail(out, "wrong number of arguments");
		return NULL;
	}
	return cmd;
}

static struct session_job *job_new(struct session *s, const char *line)
{
	struct session_job *job = xcalloc(1, sizeof(*job));

	job->line = xstrdup(line);
	gtp_parse(job->line, &job->req);
	job->cmd = lookup(s, job->req.name);
	job->shadow = *s;
	job->shadow.game = s->game->ops->copy(s->game);
	memset(&job->shadow.text, 0, sizeof(job->shadow.text));
	atomic_init(&job->stop, false);
	job->shadow.stop = &job->stop;
	return job;
}

enum session_step session_handle_line(struct session *s, char *line, size_t len,
				      struct strbuf *wire, struct session_job **job)
{
	struct gtp_request req;
	enum gtp_status status;
	const struct gtp_command *cmd = NULL;

	gtp_preprocess(line, len);
	if (gtp_is_blank(line))
		return SESSION_NONE;
	char *copy = xstrdup(line); /* gtp_parse cuts the line into tokens */
	sb_reset(&s->text);
	if (gtp_parse(line, &req) < 0) {
		status = gtp_fail(&s->text, "too many arguments");
	} else if (!*req.name) {
		free(copy);
		return SESSION_NONE; /* an id alone: GNU Go answers nothing either */
	} else if ((cmd = resolve(s, &req, &s->text)) && (cmd->flags & GTP_SLOW)) {
		*job = job_new(s, copy);
		free(copy);
		return SESSION_JOB;
	} else {
		status = cmd ? cmd->handler(s, req.argc, req.argv, &s->text) : GTP_FAIL;
	}
	free(copy);
	gtp_format_reply(wire, &req, status, sb_str(&s->text));
	if (status == GTP_QUIT)
		s->quit = true;
	return s->quit ? SESSION_QUIT : SESSION_REPLY;
}

void session_job_run(struct session_job *job)
{
	struct session *sh = &job->shadow;

	job->status = job->cmd->handler(sh, job->req.argc, job->req.argv, &sh->text);
}

void session_job_stop(struct session_job *job)
{
	atomic_store(&job->stop, true);
}

void session_job_free(struct session_job *job)
{
	if (!job)
		return;
	job->shadow.game->ops->destroy(job->shadow.game);
	sb_free(&job->shadow.text);
	free(job->line);
	free(job);
}

void session_job_finish(struct session *s, struct session_job *job, struct strbuf *wire)
{
	struct game *done = job->shadow.game;

	job->shadow.game = s->game;
	s->game = done;
	gtp_format_reply(wire, &job->req, job->status, sb_str(&job->shadow.text));
	session_job_free(job);
}
