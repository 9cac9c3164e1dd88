#include "session.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "config.h"
#include "log.h"
#include "players.h"
#include "store/accounts.h"
#include "store/saves.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define ERRLEN 256
/* The reply to a name the current game does not have; help lists them. */
#define UNKNOWN_COMMAND "unknown command (help lists the commands)"

/* Result of an ops call that returned 0 or -1 with err. */
static enum gtp_status result(int rc, const char *err, struct strbuf *out)
{
	return rc == 0 ? GTP_OK : gtp_fail(out, err);
}

/* Function:  report the protocol version
 * Arguments: none
 * Fails:     never
 * Returns:   2 */
static enum gtp_status cmd_protocol_version(struct cmd_ctx *ctx, int argc, char **argv,
					    struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv;
	sb_puts(out, "2");
	return GTP_OK;
}

static enum gtp_status cmd_name(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv;
	sb_puts(out, PACKAGE_NAME);
	return GTP_OK;
}

static enum gtp_status cmd_version(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv;
	sb_puts(out, PACKAGE_VERSION);
	return GTP_OK;
}

/* The command a name means in a game: a common one the game supports,
 * else the game's own (a game's row may need an optional op too). */
static const struct gtp_command *lookup(const struct game_ops *ops, const char *name)
{
	const struct gtp_command *c = gtp_find(session_commands, name);

	if (!c || !game_has_op(ops, c->needs))
		c = gtp_find(ops->commands, name);
	return c && game_has_op(ops, c->needs) ? c : NULL;
}

/* Function:  tell whether a command is known in the current game
 * Arguments: command name
 * Fails:     never
 * Returns:   true or false */
static enum gtp_status cmd_known_command(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out)
{
	(void)argc;
	sb_puts(out, lookup(ctx->game->ops, argv[0]) ? "true" : "false");
	return GTP_OK;
}

static int compare_rows(const void *a, const void *b)
{
	return strcmp((*(const struct gtp_command *const *)a)->name,
		      (*(const struct gtp_command *const *)b)->name);
}

#define MAX_ROWS 512

/* The rows of the commands a game accepts (common ones it supports, then
 * its own), sorted by name; returns how many (at most MAX_ROWS). */
static size_t game_rows(const struct game_ops *ops, const struct gtp_command **rows)
{
	const struct gtp_command *tables[2] = { session_commands, ops->commands };
	size_t n = 0;

	for (int t = 0; t < 2; t++)
		for (const struct gtp_command *c = tables[t]; c && c->name; c++)
			if (lookup(ops, c->name) == c && n < MAX_ROWS)
				rows[n++] = c;
	qsort(rows, n, sizeof(rows[0]), compare_rows);
	return n;
}

/* Function:  list the commands the current game accepts
 * Arguments: none
 * Fails:     never
 * Returns:   one name per line, sorted */
static enum gtp_status cmd_list_commands(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out)
{
	const struct gtp_command *rows[MAX_ROWS];
	size_t n = game_rows(ctx->game->ops, rows);

	(void)argc, (void)argv;
	for (size_t i = 0; i < n; i++)
		sb_printf(out, "%s%s", i ? "\n" : "", rows[i]->name);
	return GTP_OK;
}

/* One help line: "name ARGS: what it does". */
static void help_line(const struct gtp_command *c, struct strbuf *out)
{
	sb_printf(out, "%s%s%s: %s", c->name, *c->args ? " " : "", c->args, c->help);
}

/* Whether a command's arguments take a move, such as play's COLOR MOVE. */
static bool takes_move(const struct gtp_command *c)
{
	const char *m = strstr(c->args, "MOVE");

	return m && (m == c->args || m[-1] == ' ') && (m[4] == '\0' || m[4] == ' ');
}

/* Function:  say what the current game's commands do, from the command
 *            table
 * Arguments: none, or a command name
 * Fails:     unknown command (with a name the game does not have)
 * Returns:   one line per command, sorted: NAME ARGS: WHAT IT DOES; with a
 *            name, that command's line, and for a command taking a MOVE a
 *            second line "MOVE: " and how the game writes one */
static enum gtp_status cmd_help(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	const struct gtp_command *rows[MAX_ROWS];
	size_t n;

	if (argc == 1) {
		const struct gtp_command *c = lookup(ctx->game->ops, argv[0]);

		if (!c)
			return gtp_fail(out, UNKNOWN_COMMAND);
		help_line(c, out);
		if (takes_move(c) && ctx->game->ops->move_syntax)
			sb_printf(out, "\nMOVE: %s", ctx->game->ops->move_syntax);
		return GTP_OK;
	}
	n = game_rows(ctx->game->ops, rows);
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_puts(out, "\n");
		help_line(rows[i], out);
	}
	return GTP_OK;
}

static enum gtp_status cmd_quit(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv, (void)out;
	return GTP_QUIT;
}

/* A new game of a configured game; the context's level becomes the game's
 * default level. */
static struct game *new_game(struct cmd_ctx *ctx, const struct cfg_game *gc)
{
	ctx->level = cfg_start_level(gc, CFG_FOR_PLAYERS);
	return cfg_new_game(gc, ctx->seed);
}

/* Function:  show or switch the current game
 * Arguments: optional game name
 * Fails:     unknown game, game disabled
 * Returns:   the current game's name, or nothing after a switch (a new game
 *            with the configured options, seeded like the session; it takes
 *            the configuration as last reloaded) */
static enum gtp_status cmd_game(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	if (argc == 0) {
		sb_puts(out, ctx->game->ops->name);
		return GTP_OK;
	}
	const struct cfg_game *gc = cfg_game(cfg_current(), argv[0]);
	if (!gc)
		return gtp_fail(out, "unknown game");
	if (!gc->enabled)
		return gtp_fail(out, "game disabled");
	cfg_unref(ctx->cfg);
	ctx->cfg = cfg_ref(cfg_current());
	struct game *g = new_game(ctx, cfg_game(ctx->cfg, argv[0]));
	ctx->game->ops->destroy(ctx->game);
	ctx->game = g;
	ctx->created = time(NULL);
	return GTP_OK;
}

static enum gtp_status cmd_list_games(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	const struct config *cfg = cfg_current();
	int n = 0;

	(void)ctx, (void)argc, (void)argv;
	for (int i = 0; i < cfg->ngames; i++)
		if (cfg->games[i].enabled)
			sb_printf(out, "%s%s", n++ ? "\n" : "", cfg->games[i].ops->name);
	return GTP_OK;
}

/* Function:  make every later random choice reproducible
 * Arguments: a non-negative integer
 * Fails:     not a non-negative integer
 * Returns:   nothing */
static enum gtp_status cmd_set_random_seed(struct cmd_ctx *ctx, int argc, char **argv,
					   struct strbuf *out)
{
	long seed;

	(void)argc;
	if (gtp_parse_int(argv[0], 0, LONG_MAX, &seed) < 0)
		return gtp_fail(out, "invalid seed");
	ctx->seed = (uint64_t)seed;
	rng_seed(&ctx->game->rng, ctx->seed);
	return GTP_OK;
}

/* Function:  set the board size, starting a new game
 * Arguments: size
 * Fails:     the game's syntax error (boardsize not an integer), unacceptable
 *            size (refused by the configuration or by the game)
 * Returns:   nothing */
static enum gtp_status cmd_boardsize(struct cmd_ctx *ctx, int argc, char **argv,
				     struct strbuf *out)
{
	char err[ERRLEN];
	long size;

	(void)argc;
	if (gtp_parse_int(argv[0], 1, 100000, &size) == 0 && !ctx_size_allowed(ctx, size))
		return gtp_fail(out, "unacceptable size");
	if (ctx->game->ops->set_size(ctx->game, argv[0], err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	ctx->created = time(NULL);
	return GTP_OK;
}

static enum gtp_status cmd_clear_board(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	(void)argc, (void)argv, (void)out;
	ctx->game->ops->clear(ctx->game);
	ctx->created = time(NULL);
	return GTP_OK;
}

/* Function:  play a move
 * Arguments: colour, move
 * Fails:     invalid color, invalid coordinate (or the game's move syntax
 *            error), illegal move
 * Returns:   nothing, or what the game answers a move (play_reply:
 *            Mastermind's feedback) */
static enum gtp_status cmd_play(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	char err[ERRLEN];
	int color = game_parse_color(ctx->game, argv[0]), move;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (ops->parse_move(ctx->game, argv[1], &move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	if (ops->play(ctx->game, color, move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	if (ops->play_reply)
		ops->play_reply(ctx->game, out);
	return GTP_OK;
}

/* genmove's colour: its argument, or the side to move where the game lets
 * it be omitted; 0 with the error in out. */
static int genmove_color(const struct cmd_ctx *ctx, int argc, char *const *argv,
			 struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	int color;

	if (argc == 0 && !ops->genmove_color_optional) {
		gtp_fail(out, "wrong number of arguments");
		return 0;
	}
	color = argc == 0 ? ops->to_move(ctx->game) : game_parse_color(ctx->game, argv[0]);
	if (!color)
		gtp_fail(out, "invalid color");
	return color;
}

/* genmove on g (the session's game, or a copy of it) for the colour of the
 * arguments, the move printed to out. */
static enum gtp_status engine_move(struct cmd_ctx *ctx, int argc, char **argv, struct game *g,
				   struct strbuf *out)
{
	char err[ERRLEN];
	int color = genmove_color(ctx, argc, argv, out), move;

	if (!color)
		return GTP_FAIL;
	struct game_level capped;
	struct game_budget budget = ctx_move_budget(ctx, color, &capped);

	if (g->ops->genmove(g, color, &budget, &move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	g->ops->print_move(g, move, out);
	return GTP_OK;
}

/* Function:  let the engine choose and play a move
 * Arguments: colour (optional in a game with genmove_color_optional: the
 *            side to move)
 * Fails:     wrong number of arguments (no colour where it is required),
 *            invalid color, or the game's reason (game over, ...)
 * Returns:   the move played */
static enum gtp_status cmd_genmove(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	return engine_move(ctx, argc, argv, ctx->game, out);
}

/* Function:  the move genmove would play, without playing it (GNU Go's
 *            regression command)
 * Arguments: colour (optional where genmove's is)
 * Fails:     as genmove
 * Returns:   the move; the game is unchanged, its random generator
 *            included (the search ran on a copy) */
static enum gtp_status cmd_reg_genmove(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	struct game *scratch = ctx->game->ops->copy(ctx->game);
	enum gtp_status status = engine_move(ctx, argc, argv, scratch, out);

	scratch->ops->destroy(scratch);
	return status;
}

static enum gtp_status cmd_undo(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	char err[ERRLEN];

	(void)argc, (void)argv;
	return result(ctx->game->ops->undo(ctx->game, err, sizeof(err)), err, out);
}

static enum gtp_status cmd_showboard(struct cmd_ctx *ctx, int argc, char **argv,
				     struct strbuf *out)
{
	(void)argc, (void)argv;
	ctx->game->ops->render(ctx->game, out);
	return GTP_OK;
}

static enum gtp_status cmd_final_score(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	char err[ERRLEN];

	(void)argc, (void)argv;
	return result(ctx->game->ops->final_score(ctx->game, out, err, sizeof(err)), err, out);
}

/* Function:  list the rule variants (the active one marked) or pick one
 * Arguments: optional variant name
 * Fails:     unknown rules
 * Returns:   one variant per line, the active one followed by " *" */
static enum gtp_status cmd_rules(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	char err[ERRLEN];

	if (argc == 1)
		return result(ops->set_rules(ctx->game, argv[0], err, sizeof(err)), err, out);
	const char *active = ops->get_rules(ctx->game);
	for (int i = 0; ops->rules[i]; i++)
		sb_printf(out, "%s%s%s", i ? "\n" : "", ops->rules[i],
			  strcmp(ops->rules[i], active) ? "" : " *");
	return GTP_OK;
}

/* The board side g plays now: its first option marked as a side (Go's
 * size, Flood's width), or 0 when it has none. */
static long current_side(const struct game *g)
{
	struct game_option_value opts[GAME_MAX_OPTIONS];
	int n = g->ops->get_options(g, opts, GAME_MAX_OPTIONS);
	long side;

	for (int i = 0; i < n; i++)
		if (opts[i].side && gtp_parse_int(opts[i].value, 1, 100000, &side) == 0)
			return side;
	return 0;
}

/* Function:  list the board sizes boardsize accepts
 * Arguments: none
 * Fails:     never
 * Returns:   the configured sizes (games.<game>.sizes) in ascending order,
 *            one per line, the current board side followed by " *" */
static enum gtp_status cmd_list_sizes(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	const struct cfg_game *gc = ctx_section(ctx);
	long side = current_side(ctx->game);
	int n = 0;

	(void)argc, (void)argv;
	if (!gc)
		return GTP_OK;
	for (long size = 1; size <= 10000; size++)
		if (cfg_size_allowed(gc, size))
			sb_printf(out, "%s%ld%s", n++ ? "\n" : "", size, size == side ? " *" : "");
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
static enum gtp_status cmd_time_settings(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out)
{
	long main_time, byo_time, stones;

	(void)argc;
	if (parse_clock_number(argv[0], &main_time) < 0 ||
	    parse_clock_number(argv[1], &byo_time) < 0 || parse_clock_number(argv[2], &stones) < 0)
		return gtp_fail(out, "syntax error");
	clock_set(&ctx->clock, (double)main_time, (double)byo_time, (int)stones);
	return GTP_OK;
}

/* Function:  set the time control as KGS names it
 * Arguments: none | absolute MAIN | canadian MAIN BYO_YOMI STONES |
 *            byoyomi MAIN BYO_YOMI PERIODS (whole seconds and counts)
 * Fails:     syntax error (an unknown system, the wrong count of numbers
 *            for it, a number not an integer from 0 to 100000000)
 * Returns:   nothing */
static enum gtp_status cmd_kgs_time_settings(struct cmd_ctx *ctx, int argc, char **argv,
					     struct strbuf *out)
{
	static const char *const systems[] = { "none", "absolute", "canadian", "byoyomi" };
	static const int numbers[] = { 0, 1, 3, 3 };
	long n[3] = { 0, 0, 0 };
	int k = 0;

	while (k < 4 && strcmp(argv[0], systems[k]))
		k++;
	if (k == 4 || argc - 1 != numbers[k])
		return gtp_fail(out, "syntax error");
	for (int i = 0; i < numbers[k]; i++)
		if (parse_clock_number(argv[i + 1], &n[i]) < 0)
			return gtp_fail(out, "syntax error");
	if (k == 3)
		clock_set_byoyomi(&ctx->clock, (double)n[0], (double)n[1], (int)n[2]);
	else /* as time_settings MAIN BYO_YOMI STONES (none: 0 0 0) */
		clock_set(&ctx->clock, (double)n[0], (double)n[1], (int)n[2]);
	return GTP_OK;
}

/* Function:  tell the engine a colour's remaining time
 * Arguments: colour, seconds left, stones left in the byo-yomi period (0:
 *            still in main time)
 * Fails:     invalid color, syntax error
 * Returns:   nothing */
static enum gtp_status cmd_time_left(struct cmd_ctx *ctx, int argc, char **argv,
				     struct strbuf *out)
{
	int color = game_parse_color(ctx->game, argv[0]);
	long seconds, stones;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (parse_clock_number(argv[1], &seconds) < 0 || parse_clock_number(argv[2], &stones) < 0)
		return gtp_fail(out, "syntax error");
	clock_left(&ctx->clock, color, (double)seconds, (int)stones);
	return GTP_OK;
}

/* Function:  list the AI levels (the active one marked) or pick one
 * Arguments: optional level name
 * Fails:     unknown level
 * Returns:   one level per line, the active one followed by " *" */
static enum gtp_status cmd_level(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	const struct cfg_game *gc = ctx_section(ctx);
	int n = gc ? gc->nlevels : 0;

	if (argc == 1) {
		int i = gc ? cfg_level_index(gc, argv[0]) : -1;

		if (i < 0)
			return gtp_fail(out, "unknown level");
		ctx->level = i;
		return GTP_OK;
	}
	for (int i = 0; i < n; i++)
		sb_printf(out, "%s%s%s", i ? "\n" : "", gc->levels[i].name,
			  i == ctx->level ? " *" : "");
	return GTP_OK;
}

/* ---- saves (store/saves.h): GTP_SHORT jobs, on the job's snapshot ---- */

int session_replay_line(struct cmd_ctx *ctx, const char *line, char *err, size_t errlen)
{
	struct gtp_request *req = xmalloc(sizeof(*req));
	struct strbuf text = STRBUF_INIT;
	char *copy = xstrdup(line);
	const struct gtp_command *cmd = NULL;
	int rc = -1;

	gtp_preprocess(copy, strlen(copy));
	if (gtp_parse(copy, req) < 0 || req->has_id || !*req->name)
		snprintf(err, errlen, "not a command");
	else if (!(cmd = lookup(ctx->game->ops, req->name)) || !(cmd->flags & GTP_REPLAY))
		snprintf(err, errlen, "%s is not a setup or history command", req->name);
	else if (req->argc < cmd->min_args || req->argc > cmd->max_args)
		snprintf(err, errlen, "wrong number of arguments");
	else if (cmd->handler(ctx, req->argc, req->argv, &text) != GTP_OK)
		snprintf(err, errlen, "%s", sb_str(&text));
	else
		rc = 0;
	sb_free(&text);
	free(copy);
	free(req);
	return rc;
}

/* Function:  save the current game (options, setup, moves, level, clock)
 * Arguments: a name: 1 to 64 of A-Z a-z 0-9 _ -
 * Fails:     guests cannot save, invalid save name, save failed: REASON
 * Returns:   nothing; or, for a player's autosave during a database
 *            outage, ACCOUNTS_KEPT */
static enum gtp_status cmd_save(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	char err[SAVES_ERRLEN];

	(void)argc;
	int rc = saves_save(ctx, argv[0], session_replay_line, err, sizeof(err));
	if (rc > 0) { /* kept locally: said in the reply */
		sb_puts(out, err);
		return GTP_OK;
	}
	return result(rc, err, out);
}

/* Replace the context's game with save name's, with its level, clock and
 * creation time; nothing changes on failure. */
static enum gtp_status load_named(struct cmd_ctx *ctx, const char *name, struct strbuf *out)
{
	struct saves_game loaded;
	char err[SAVES_ERRLEN];

	if (saves_load(ctx, name, session_replay_line, &loaded, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	ctx->game->ops->destroy(ctx->game);
	ctx->game = loaded.game;
	ctx->level = loaded.level;
	ctx->clock = loaded.clock;
	ctx->created = loaded.created;
	return GTP_OK;
}

/* Function:  replace the current game with a saved one, exactly as saved
 * Arguments: a save name
 * Fails:     guests cannot save, invalid save name, no such save, cannot
 *            read save: REASON, game disabled, interrupted, corrupt save:
 *            WHAT (the session is unchanged)
 * Returns:   nothing */
static enum gtp_status cmd_load(struct cmd_ctx *ctx, int argc, char **argv,
				struct strbuf *out)
{
	(void)argc;
	return load_named(ctx, argv[0], out);
}

/* Function:  load the autosave (the game a session of this owner left
 *            unfinished)
 * Arguments: none
 * Fails:     as load
 * Returns:   nothing */
static enum gtp_status cmd_resume(struct cmd_ctx *ctx, int argc, char **argv,
				  struct strbuf *out)
{
	(void)argc, (void)argv;
	return load_named(ctx, SAVES_AUTOSAVE, out);
}

/* Function:  list the owner's saves, newest first
 * Arguments: none
 * Fails:     guests cannot save, cannot read saves: REASON
 * Returns:   one a line: NAME GAME MOVES SAVED (UTC, 2025-01-02T03:04:05Z);
 *            NAME ? ? MTIME for a file that is not a readable save */
static enum gtp_status cmd_list_saves(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	char err[SAVES_ERRLEN];

	(void)argc, (void)argv;
	if (saves_list(ctx, out, err, sizeof(err)) < 0) {
		sb_reset(out);
		return gtp_fail(out, err);
	}
	return GTP_OK;
}

/* Function:  delete a save
 * Arguments: a save name
 * Fails:     guests cannot save, invalid save name, no such save, cannot
 *            delete save: REASON
 * Returns:   nothing */
static enum gtp_status cmd_delete_save(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	char err[SAVES_ERRLEN];

	(void)argc;
	return result(saves_delete(ctx, argv[0], err, sizeof(err)), err, out);
}

const struct gtp_command session_commands[] = {
	{ "boardsize", cmd_boardsize, 1, 1, GTP_REPLAY, GTP_NEEDS(set_size),
	  "SIZE", "start a new game on a board of that size" },
	{ "clear_board", cmd_clear_board, 0, 0, GTP_REPLAY, 0,
	  "", "start a new game with the same options" },
	{ "delete_account", players_delete_account, 1, 1, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "PASSWORD", "delete your account, its statistics and saves" },
	{ "delete_save", cmd_delete_save, 1, 1, GTP_SHORT | GTP_SAVES, 0, "NAME", "delete a saved game" },
	{ "final_score", cmd_final_score, 0, 0, 0, GTP_NEEDS(final_score),
	  "", "the result (Go: the score now)" },
	{ "game", cmd_game, 0, 1, 0, 0,
	  "[NAME]", "the current game, or switch to another (list_games)" },
	{ "genmove", cmd_genmove, 0, 1, GTP_SLOW | GTP_REPLAY | GTP_ENGINE_MOVE,
	  GTP_NEEDS(genmove),
	  "COLOR", "let the engine choose and play a move" },
	{ "help", cmd_help, 0, 1, 0, 0,
	  "[COMMAND]", "one line on each command of this game, or on one" },
	{ "kgs-time_settings", cmd_kgs_time_settings, 1, 4, 0, GTP_NEEDS(genmove),
	  "none|absolute|canadian|byoyomi [MAIN [BYO_YOMI STONES|PERIODS]]",
	  "set the time control as KGS names it (seconds)" },
	{ "known_command", cmd_known_command, 1, 1, 0, 0,
	  "COMMAND", "true if this game has the command" },
	{ "level", cmd_level, 0, 1, 0, 0,
	  "[NAME]", "the AI levels (the active one marked *), or pick one" },
	{ "list_commands", cmd_list_commands, 0, 0, 0, 0, "", "the names of this game's commands" },
	{ "list_games", cmd_list_games, 0, 0, 0, 0, "", "the games quintet plays" },
	{ "list_saves", cmd_list_saves, 0, 0, GTP_SHORT | GTP_SAVES, 0, "", "your saved games, newest first" },
	{ "list_sizes", cmd_list_sizes, 0, 0, 0, GTP_NEEDS(set_size),
	  "", "the board sizes boardsize accepts (the current one marked *)" },
	{ "load", cmd_load, 1, 1, GTP_SHORT | GTP_SAVES, 0, "NAME", "replace the game with a saved one" },
	{ "login", players_login, 2, 2, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "NAME PASSWORD", "log in: your saves and statistics" },
	{ "logout", players_logout, 0, 0, GTP_SHORT | GTP_DB, 0,
	  "", "log out (an unfinished game is autosaved)" },
	{ "name", cmd_name, 0, 0, 0, 0, "", "the engine's name" },
	{ "passwd", players_passwd, 2, 2, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "OLD NEW", "change your password" },
	{ "play", cmd_play, 2, 2, GTP_REPLAY, 0, "COLOR MOVE", "play a move for a colour" },
	{ "protocol_version", cmd_protocol_version, 0, 0, 0, 0, "", "the GTP version (2)" },
	{ "quit", cmd_quit, 0, 0, 0, 0, "", "end the session (over TCP the connection closes)" },
	{ "reg_genmove", cmd_reg_genmove, 0, 1, GTP_SLOW, GTP_NEEDS(genmove),
	  "COLOR", "the move genmove would play, not played" },
	{ "register", players_register, 2, 2, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "NAME PASSWORD", "create an account" },
	{ "resume", cmd_resume, 0, 0, GTP_SHORT | GTP_SAVES, 0,
	  "", "load the game your last session left unfinished" },
	{ "rules", cmd_rules, 0, 1, GTP_REPLAY, GTP_NEEDS(rules),
	  "[NAME]", "the rule variants (the active one marked *), or pick one" },
	{ "save", cmd_save, 1, 1, GTP_SHORT | GTP_SAVES, 0,
	  "NAME", "save the game (options, moves, level, clock)" },
	{ "set_random_seed", cmd_set_random_seed, 1, 1, 0, 0,
	  "N", "make every later random choice reproducible" },
	{ "showboard", cmd_showboard, 0, 0, 0, 0, "", "draw the position" },
	{ "stats", players_stats, 0, 1, GTP_SHORT | GTP_DB, 0,
	  "[NAME]", "a player's wins, losses and draws per game and level" },
	{ "time_left", cmd_time_left, 3, 3, 0, GTP_NEEDS(genmove),
	  "COLOR SECONDS STONES", "tell the engine a colour's time left" },
	{ "time_settings", cmd_time_settings, 3, 3, 0, GTP_NEEDS(genmove),
	  "MAIN BYO_YOMI STONES", "set the time control (seconds)" },
	{ "top", players_top, 0, 2, GTP_SHORT | GTP_DB, 0,
	  "[GAME [LEVEL]]", "the three best players" },
	{ "undo", cmd_undo, 0, 0, GTP_REPLAY, GTP_NEEDS(undo), "", "take back the last move" },
	{ "version", cmd_version, 0, 0, 0, 0, "", "the engine's version" },
	{ "whoami", players_whoami, 0, 0, 0, 0, "", "the player logged in, or guest" },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};


/* The context a command runs in: the session's state, field by field. */
static void ctx_build(const struct session *s, double arrival, struct cmd_ctx *ctx)
{
	const struct cfg_server *srv = &s->cfg->server;

	if (arrival <= 0)
		arrival = monotime_now();
	*ctx = (struct cmd_ctx){
		.game = s->game,
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
			tally_reset(&o->tally, o->game);
		}
	pthread_mutex_unlock(&live_lock);
	if (id)
		log_msg(LOG_INFO, "other sessions of player %lld logged out", id);
}

/* What a command may change in the session. before is the player the
 * command started with: only a command that changed it (login, logout) is
 * adopted, never a job's stale copy of a login ended meanwhile. */
static void session_adopt(struct session *s, const struct cmd_ctx *ctx, long long before)
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
	s->login_failures = ctx->login_failures;
	if (ctx->player.id != before && s->player.id != ctx->player.id) {
		/* Logged in or out: statistics count from here, for the new player. */
		s->player = ctx->player;
		tally_reset(&s->tally, s->game);
	}
}

struct session *session_new(uint64_t seed)
{
	struct session *s = xcalloc(1, sizeof(*s));
	struct cmd_ctx ctx = { .seed = seed, .cfg = cfg_ref(cfg_current()), .level = -1,
			       .created = time(NULL) };

	ctx.game = new_game(&ctx, cfg_game(ctx.cfg, ctx.cfg->default_game));
	session_adopt(s, &ctx, 0);
	s->files_dir = AT_FDCWD;
	s->data_dir = "";
	pthread_mutex_lock(&live_lock);
	TAILQ_INSERT_TAIL(&live_sessions, s, live);
	pthread_mutex_unlock(&live_lock);
	return s;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&live_lock);
	TAILQ_REMOVE(&live_sessions, s, live);
	pthread_mutex_unlock(&live_lock);
	s->game->ops->destroy(s->game);
	cfg_unref(s->cfg);
	sb_free(&s->text);
	tally_free(&s->tally);
	free(s);
}

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
	struct tally_outcome outcome;  /* how the ended game counts */
	struct session_call call;      /* a front end's own command (run set) */
	long long player;              /* the player it started with (session_adopt) */
	struct timeman_clock clock;    /* call.clock's copy */
	struct game_level level;       /* call.level's copy */
};

/* The table row for a request, or NULL with the error text in out. */
static const struct gtp_command *resolve(const struct session *s, struct gtp_request *req,
					 struct strbuf *out)
{
	const struct gtp_command *cmd = lookup(s->game->ops, req->name);

	if (!cmd) {
		gtp_fail(out, UNKNOWN_COMMAND);
		return NULL;
	}
	if (req->argc < cmd->min_args || req->argc > cmd->max_args) {
		gtp_fail(out, "wrong number of arguments");
		return NULL;
	}
	return cmd;
}

/* A job's snapshot: its own copy of the game and reference to the
 * configuration; the clock and the rest are plain values. */
static struct session_job *job_new(const struct session *s, const char *line, double arrival)
{
	struct session_job *job = xcalloc(1, sizeof(*job));

	job->line = xstrdup(line);
	job->line_len = strlen(line);
	gtp_parse(job->line, &job->req);
	job->cmd = lookup(s->game->ops, job->req.name);
	ctx_build(s, arrival, &job->ctx);
	job->player = s->player.id;
	job->ctx.game = s->game->ops->copy(s->game);
	job->ctx.cfg = cfg_ref(s->cfg);
	atomic_init(&job->stop, false);
	job->ctx.stop = &job->stop;
	tally_copy(&job->tally, &s->tally);
	return job;
}

/* Whether a command's moves are tracked for statistics: a player is
 * logged in (a guest's games count for nobody). */
static bool tracking(const struct cmd_ctx *ctx)
{
	return ctx->accounts && ctx->player.id > 0;
}

/* After cmd ran on ctx (whose game was old, begun at old_created, with
 * before moves): true with *o when it ended the game. */
static bool track(struct tally *t, const struct cmd_ctx *ctx, const struct game *old,
		  time_t old_created, long before, const struct gtp_command *cmd,
		  struct tally_outcome *o)
{
	if (ctx->game != old || ctx->created != old_created) {
		tally_reset(t, ctx->game); /* another game: game, load, resume */
		return false;
	}
	return tally_update(t, ctx->game, before, (cmd->flags & GTP_ENGINE_MOVE), ctx->level, o);
}

/* The level's name for the statistics ("default" when none is set). */
static const char *level_name(const struct cmd_ctx *ctx, int level)
{
	const struct cfg_game *gc = ctx->cfg ? cfg_game(ctx->cfg, ctx->game->ops->name) : NULL;

	return gc && level >= 0 && level < gc->nlevels ? gc->levels[level].name : "default";
}

/* Worker thread: add the ended game of ctx to the player's statistics. A
 * database failure is logged; the game's reply is not held back by it. An
 * outage keeps the result in the local spool: true (the reply says so). */
static bool record_outcome(const struct cmd_ctx *ctx, const struct tally_outcome *o)
{
	const struct game *g = ctx->game;
	struct game_result r;
	char err[ACCOUNTS_ERRLEN];

	if (!o->counted) {
		log_msg(LOG_INFO, "%s's %s game not counted: the engine made every move",
			ctx->player.name, g->ops->name);
		return false;
	}
	if (g->ops->result(g, &r, err, sizeof(err)) < 0) {
		log_msg(LOG_WARN, "%s's %s game not counted: %s", ctx->player.name, g->ops->name,
			err);
		return false;
	}
	enum accounts_result res = r.winner == COLOR_NONE ? ACCOUNTS_DRAW
				   : r.winner == o->player ? ACCOUNTS_WIN : ACCOUNTS_LOSS;
	const char *level = o->kind ? o->kind : level_name(ctx, o->level);
	static const char *const words[] = { "win", "loss", "draw" };
	int rc = accounts_record(ctx->accounts, ctx->player.id, g->ops->name, level, res, err,
				 sizeof(err));
	if (rc < 0)
		log_msg(LOG_WARN, "statistics of %s not written: %s", ctx->player.name, err);
	else if (rc > 0)
		log_msg(LOG_WARN, "statistics of %s (%s %s %s) " ACCOUNTS_KEPT ": %s",
			ctx->player.name, g->ops->name, level, words[res], err);
	else
		log_msg(LOG_INFO, "statistics of %s: %s %s %s", ctx->player.name, g->ops->name,
			level, words[res]);
	return rc > 0;
}

/* A cheap command that ended a logged-in player's game: its reply (status,
 * text) waits for a short job writing the statistics. */
static struct session_job *record_job(const struct session *s, const char *line,
				      double arrival, enum gtp_status status,
				      const struct tally_outcome *o)
{
	struct session_job *job = job_new(s, line, arrival);

	job->record_only = true;
	job->status = status;
	sb_puts(&job->text, sb_str(&s->text));
	job->has_outcome = true;
	job->outcome = *o;
	return job;
}

/* A refused command's line, and its copy, wiped when it holds a password. */
static void wipe_if_secret(char *copy, char *line, size_t len)
{
	size_t head;

	if (session_line_is_secret(copy, strlen(copy), &head)) {
		sodium_memzero(copy, strlen(copy));
		sodium_memzero(line, len);
	}
}

enum session_step session_handle_line(struct session *s, char *line, size_t len,
				      double arrival, struct strbuf *wire,
				      struct session_job **job)
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
	} else if (s->logged_out && strcmp(req.name, "quit") != 0) {
		s->logged_out = false; /* told once; the command is not run */
		status = gtp_fail(&s->text, SESSION_LOGGED_OUT);
		wipe_if_secret(copy, line, len);
	} else if ((cmd = resolve(s, &req, &s->text)) && (cmd->flags & (GTP_SLOW | GTP_SHORT))) {
		*job = job_new(s, copy, arrival);
		if (cmd->flags & GTP_SECRET) {
			sodium_memzero(copy, strlen(copy));
			sodium_memzero(line, len);
		}
		free(copy);
		return SESSION_JOB;
	} else if (cmd) {
		struct cmd_ctx ctx;
		struct tally_outcome o;
		const struct game *old = s->game;
		time_t old_created = s->created;

		ctx_build(s, arrival, &ctx);
		long before = tracking(&ctx) ? tally_moves(s->game) : 0;
		status = cmd->handler(&ctx, req.argc, req.argv, &s->text);
		session_adopt(s, &ctx, s->player.id);
		if (tracking(&ctx) && track(&s->tally, &ctx, old, old_created, before, cmd, &o) &&
		    status != GTP_QUIT) {
			*job = record_job(s, copy, arrival, status, &o);
			free(copy);
			return SESSION_JOB;
		}
	} else {
		status = GTP_FAIL;
		wipe_if_secret(copy, line, len); /* a refused login (argument count) */
	}
	free(copy);
	gtp_format_reply(wire, &req, status, sb_str(&s->text));
	if (status == GTP_QUIT)
		s->quit = true;
	return s->quit ? SESSION_QUIT : SESSION_REPLY;
}

/* Whether a job talks to the players' database: the statistics of a game
 * it ended, a players' command, a logged-in player's save command (as
 * store/saves.c decides where saves live). */
static bool job_uses_db(const struct session_job *job)
{
	return job->record_only || (job->cmd->flags & GTP_DB) ||
	       ((job->cmd->flags & GTP_SAVES) && tracking(&job->ctx));
}

enum session_queue session_job_queue(const struct session_job *job)
{
	if (job_uses_db(job))
		return SESSION_QUEUE_DB;
	return job->cmd->flags & GTP_SHORT ? SESSION_QUEUE_SHORT : SESSION_QUEUE_SEARCH;
}

double session_job_reply_delay(const struct session_job *job)
{
	return job->ctx.reply_delay;
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

bool session_job_streams(const struct session_job *job)
{
	return job->cmd->flags & GTP_STREAM;
}

bool session_job_is_move(const struct session_job *job)
{
	return !job->ponder && !job->record_only && (job->cmd->flags & GTP_ENGINE_MOVE);
}

bool session_job_is_long(const struct session_job *job)
{
	return !job->record_only && !session_job_is_move(job) && (job->cmd->flags & GTP_SLOW);
}

/* An engine move's hard deadline: now plus what its budget leaves of its
 * time (the budget counts from the arrival), within the command's own
 * deadline. A move with no time limit, or whose colour is wrong (it fails
 * at once), keeps the command's deadline. */
static double move_deadline(const struct session_job *job)
{
	struct strbuf scratch = STRBUF_INIT;
	int color = job->call.run ? 0 : genmove_color(&job->ctx, job->req.argc, job->req.argv,
						       &scratch);
	double deadline = job->ctx.deadline;

	sb_free(&scratch);
	if (job->call.run) /* a front end's move is the side to move's */
		color = job->ctx.game->ops->to_move(job->ctx.game);
	if (color) {
		struct game_level capped;
		struct cmd_ctx scratch = job->ctx; /* planning records the plan in it */
		struct game_budget b = ctx_move_budget(&scratch, color, &capped);
		double hard = b.max_seconds > 0 ? monotime_now() + b.max_seconds : 0;

		if (hard > 0 && (deadline <= 0 || hard < deadline))
			deadline = hard;
	}
	return deadline;
}

double session_job_deadline(const struct session_job *job)
{
	return session_job_is_move(job) ? move_deadline(job) : job->ctx.deadline;
}

atomic_bool *session_job_stop_flag(struct session_job *job)
{
	return &job->stop;
}

/* Worker thread: a streamed line, after the reply's "=ID" line. */
static void job_emit(void *arg, const char *line, size_t len)
{
	struct session_job *job = arg;

	if (!job->streamed) {
		struct strbuf head = STRBUF_INIT;

		sb_puts(&head, "=");
		if (job->req.has_id)
			sb_printf(&head, "%lld", job->req.id);
		job->sink(job->sink_arg, head.buf, head.len);
		sb_free(&head);
		job->streamed = true;
	}
	if (line) /* NULL: ctx_emit_start, the head alone */
		job->sink(job->sink_arg, line, len);
}

void session_job_set_emit(struct session_job *job, ctx_emit_fn emit, void *arg)
{
	job->sink = emit;
	job->sink_arg = arg;
	job->ctx.emit = emit ? job_emit : NULL;
	job->ctx.emit_arg = emit ? job : NULL;
	if (job->call.run) { /* the front end's own lines, unframed */
		job->ctx.emit = emit;
		job->ctx.emit_arg = arg;
	}
}

void session_job_run(struct session_job *job)
{
	struct cmd_ctx *ctx = &job->ctx;

	if (job->call.run) {
		job->call.run(ctx, job->call.arg);
		return;
	}
	if (job->ponder) {
		struct game_budget budget = ctx_analysis_budget(ctx);

		job->pondered = ctx->game->ops->ponder(ctx->game, &budget);
		return;
	}
	if (!job->record_only) {
		const struct game *old = ctx->game;
		time_t old_created = ctx->created;
		long before = tracking(ctx) ? tally_moves(ctx->game) : 0;

		job->status = job->cmd->handler(ctx, job->req.argc, job->req.argv, &job->text);
		if (tracking(ctx))
			job->has_outcome = track(&job->tally, ctx, old, old_created, before, job->cmd,
						 &job->outcome);
	}
	/* A line after the reply's own (a move stays the first line). */
	if (job->has_outcome && tracking(ctx) && record_outcome(ctx, &job->outcome))
		sb_printf(&job->text, "%sstatistics " ACCOUNTS_KEPT,
			  sb_str(&job->text)[0] ? "\n" : "");
}

void session_job_stop(struct session_job *job)
{
	atomic_store(&job->stop, true);
}

void session_job_free(struct session_job *job)
{
	if (!job)
		return;
	job->ctx.game->ops->destroy(job->ctx.game);
	cfg_unref(job->ctx.cfg);
	sb_free(&job->text);
	tally_free(&job->tally);
	if (job->cmd && (job->cmd->flags & GTP_SECRET))
		sodium_memzero(job->line, job->line_len);
	free(job->line);
	free(job);
}

/* The end of a streamed reply: its "=ID" line is out, so only the text
 * (success or failure message) and the empty line remain. */
static void finish_stream(const struct session_job *job, struct strbuf *wire)
{
	const char *text = sb_str(&job->text);
	size_t n = strlen(text);

	while (n > 0 && text[n - 1] == '\n')
		n--;
	if (n > 0) {
		sb_append(wire, text, n);
		sb_puts(wire, "\n");
	}
	sb_puts(wire, "\n");
}

void session_job_refuse(struct session_job *job, struct strbuf *wire)
{
	if (job->record_only) {
		/* The command has been applied; only its statistics are lost. */
		log_msg(LOG_WARN, "statistics of %s not written: server busy",
			job->ctx.player.name);
		gtp_format_reply(wire, &job->req, job->status, sb_str(&job->text));
	} else {
		gtp_format_reply(wire, &job->req, GTP_FAIL, "server busy");
	}
	session_job_free(job);
}

/* A planned move's lateness, measured as its reply is formatted (the
 * loop writes it at once): how long after its line it answers, against
 * the hard limit it was given. */
static void note_lag(struct session *s, double arrival)
{
	double planned = s->lag.planned;

	timeman_lag_observe(&s->lag, monotime_now() - arrival);
	if (planned > 0)
		log_msg(LOG_DEBUG, "move answered %.3f s after its line, hard limit %.3f s",
			s->lag.last_reply, planned);
}

void session_job_finish(struct session *s, struct session_job *job, bool ran,
			struct strbuf *wire)
{
	if (!ran) {
		gtp_format_reply(wire, &job->req, GTP_FAIL, "interrupted");
	} else {
		struct game *old = s->game;
		struct config *job_cfg = job->ctx.cfg;

		struct tally t = s->tally;

		job->ctx.cfg = s->cfg; /* a job never changes the configuration */
		s->tally = job->tally; /* the job's view of the moves */
		job->tally = t;        /* the old one, freed with the job */
		session_adopt(s, &job->ctx, job->player);
		note_lag(s, job->ctx.arrival);
		job->ctx.game = old;     /* freed with the job */
		job->ctx.cfg = job_cfg;  /* the job's own reference, dropped with it */
		if (job->streamed)
			finish_stream(job, wire);
		else
			gtp_format_reply(wire, &job->req, job->status, sb_str(&job->text));
	}
	session_job_free(job);
}

/* What a front end's call runs as: rows of no table, so that it is
 * queued, planned and given up like genmove (a move) or an analysis (a
 * long job). */
static const struct gtp_command call_rows[] = {
	[SESSION_CALL_MOVE] = { "call", NULL, 0, 0, GTP_SLOW | GTP_ENGINE_MOVE, 0, "", "" },
	[SESSION_CALL_LONG] = { "call", NULL, 0, 0, GTP_SLOW, 0, "", "" },
};

struct session_job *session_call_job(const struct session *s, const struct session_call *call,
				     double arrival)
{
	struct session_job *job = job_new(s, "call", arrival);

	job->cmd = &call_rows[call->kind];
	job->call = *call;
	if (call->clock) {
		job->clock = *call->clock;
		job->ctx.move_clock = &job->clock;
	}
	if (call->level) {
		job->level = *call->level;
		job->ctx.own_level = &job->level;
	}
	return job;
}

void session_call_finish(struct session *s, struct session_job *job, bool ran)
{
	if (ran) {
		struct game *old = s->game;
		struct config *job_cfg = job->ctx.cfg;

		job->ctx.cfg = s->cfg; /* a job never changes the configuration */
		session_adopt(s, &job->ctx, job->player);
		job->ctx.game = old;    /* freed with the job */
		job->ctx.cfg = job_cfg; /* the job's own reference, dropped with it */
	}
	if (job->call.kind == SESSION_CALL_MOVE)
		note_lag(s, job->ctx.arrival);
	session_job_free(job);
}

int session_start_game(struct session *s, const char *name, int who, char *err,
		       size_t errlen)
{
	const struct cfg_game *gc = cfg_game(s->cfg, name);

	if (!gc) {
		snprintf(err, errlen, "%s is not a game of this configuration", name);
		return -1;
	}
	s->game->ops->destroy(s->game);
	s->game = cfg_new_game(gc, s->seed);
	s->level = cfg_start_level(gc, who);
	s->created = time(NULL);
	tally_reset(&s->tally, s->game);
	return 0;
}

void session_replace_game(struct session *s, struct game *g)
{
	if (g == s->game)
		return;
	s->game->ops->destroy(s->game);
	s->game = g;
	s->created = time(NULL);
	tally_reset(&s->tally, s->game);
}

/* What a ponder job runs as: a streaming row of no table, so that it is
 * queued and stopped like an analysis. */
static const struct gtp_command ponder_row = { "ponder", NULL, 0, 0, GTP_SLOW | GTP_STREAM, 0,
					       "", "" };

bool session_job_engine_moved(const struct session_job *job)
{
	return !job->ponder && !job->record_only && (job->cmd->flags & GTP_ENGINE_MOVE) &&
	       job->status == GTP_OK;
}

struct session_job *session_ponder_job(const struct session *s)
{
	const struct cfg_game *gc = s->cfg ? cfg_game(s->cfg, s->game->ops->name) : NULL;
	const struct game_level *lv = gc && s->level >= 0 && s->level < gc->nlevels
					      ? &gc->levels[s->level] : NULL;

	if (!lv || !lv->ponder || !s->game->ops->ponder ||
	    (s->game->ops->is_over && s->game->ops->is_over(s->game)))
		return NULL;
	struct session_job *job = job_new(s, "ponder", 0);

	job->cmd = &ponder_row;
	job->ponder = true;
	return job;
}

void session_ponder_done(struct session_job *job, bool ran)
{
	const char *unit = job->ctx.game->ops->ponder_unit;

	if (ran)
		log_msg(LOG_INFO, "pondered %ld %s on the opponent's time", job->pondered,
			unit ? unit : "playouts");
	session_job_free(job);
}

struct session_job *session_autosave_job(const struct session *s)
{
	if ((!s->owner && !s->player.id) || !saves_worth_autosave(s->game))
		return NULL;
	return job_new(s, "save " SAVES_AUTOSAVE, 0);
}

void session_autosave_done(struct session_job *job, bool ran)
{
	const char *who = job->ctx.player.id ? job->ctx.player.name : job->ctx.owner;

	if (!ran)
		log_msg(LOG_WARN, "autosave of %s not written: shutting down", who);
	else if (job->status != GTP_OK)
		log_msg(LOG_WARN, "autosave of %s: %s", who, sb_str(&job->text));
	else if (job->text.len) /* kept locally: the database is away */
		log_msg(LOG_WARN, "autosave of %s %s", who, sb_str(&job->text));
	else
		log_msg(LOG_INFO, "autosave of %s written", who);
	session_job_free(job);
}
