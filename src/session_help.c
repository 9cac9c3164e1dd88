/* The commands that describe the engine and its commands:
 * protocol_version, name, version, cputime, known_command, list_commands
 * and help, read from the common table and the current game's
 * (session_lookup). */
#include "session_int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"

/* Function:  report the protocol version
 * Arguments: none
 * Fails:     never
 * Returns:   2 */
enum gtp_status session_cmd_protocol_version(struct cmd_ctx *ctx, int argc, char **argv,
					     struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv;
	sb_puts(out, "2");
	return GTP_OK;
}

enum gtp_status session_cmd_name(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv;
	sb_puts(out, PACKAGE_NAME);
	return GTP_OK;
}

enum gtp_status session_cmd_version(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv;
	sb_puts(out, PACKAGE_VERSION);
	return GTP_OK;
}

/* Function:  the CPU time the engine's process has used (GoGui's cputime)
 * Arguments: none
 * Fails:     never
 * Returns:   seconds with three decimals: every thread of the process since
 *            it started (over TCP, every session's work, not this one's) */
enum gtp_status session_cmd_cputime(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	struct timespec t = { 0, 0 };

	(void)ctx, (void)argc, (void)argv;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	sb_printf(out, "%.3f", (double)t.tv_sec + (double)t.tv_nsec / 1e9);
	return GTP_OK;
}

/* Function:  tell whether a command is known in the current game
 * Arguments: command name
 * Fails:     never
 * Returns:   true or false */
enum gtp_status session_cmd_known_command(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	(void)argc;
	sb_puts(out, session_lookup(ctx->ops, argv[0]) ? "true" : "false");
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
			if (session_lookup(ops, c->name) == c && n < MAX_ROWS)
				rows[n++] = c;
	qsort(rows, n, sizeof(rows[0]), compare_rows);
	return n;
}

/* Function:  list the commands the current game accepts
 * Arguments: none
 * Fails:     never
 * Returns:   one name per line, sorted */
enum gtp_status session_cmd_list_commands(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	const struct gtp_command *rows[MAX_ROWS];
	size_t n = game_rows(ctx->ops, rows);

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

/* Plain help's groups, in order, each command in the first whose rule
 * takes it: by its table flags (the players' database, saves, streamed
 * analysis), else by name; a game's own command that no list names is
 * a play command (its moves and position). */
enum help_group { HELP_PLAY, HELP_SETUP, HELP_ANALYSIS, HELP_FILES, HELP_PLAYERS, HELP_ADMIN,
		  HELP_GROUPS };

static const char *const help_titles[HELP_GROUPS] = {
	"Play (moves and the position)", "A new game and its settings", "Analysis",
	"Saves and files", "Players", "The engine and the session",
};

static const char *const setup_names[] = {
	"boardsize", "clear_board", "colors", "fixed_handicap", "game", "kata-get-rules",
	"kata-set-rules", "kgs-rules", "kgs-time_settings", "komi",
	"layout", "level", "list_games", "list_sizes", "list_variants", "loadboard", "loadfen",
	"mode", "place_free_handicap", "rectangular_boardsize", "rules", "set_free_handicap",
	"set_random_seed", "setcode", "time_left", "time_settings", "variant", NULL,
};
static const char *const analysis_names[] = {
	"candidates", "countlib", "final_status_list", "findlib", "gains", "gogui-analyze_commands",
	"gogui-interrupt", "perft", "playout_score", "point_info", "quintet-ownership",
	"quintet-pv", "quintet-winrates", "reg_genmove", "worm_stones", NULL,
};
static const char *const files_names[] = { "loadsgf", "printsgf", NULL };
static const char *const admin_names[] = {
	"cputime", "help", "kgs-game_over", "known_command", "list_commands", "name",
	"protocol_version", "quit", "verbose", "version", NULL,
};

static bool named(const char *const *names, const char *name)
{
	for (; *names; names++)
		if (!strcmp(*names, name))
			return true;
	return false;
}

static enum help_group help_group(const struct gtp_command *c)
{
	if (c->flags & GTP_DB || !strcmp(c->name, "whoami"))
		return HELP_PLAYERS;
	if (c->flags & GTP_SAVES || named(files_names, c->name))
		return HELP_FILES;
	if (c->flags & GTP_STREAM || strstr(c->name, "analyze") || named(analysis_names, c->name))
		return HELP_ANALYSIS;
	if (named(setup_names, c->name))
		return HELP_SETUP;
	if (named(admin_names, c->name))
		return HELP_ADMIN;
	return HELP_PLAY;
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
 * Returns:   the commands by group (a title line, then one line per command,
 *            sorted, indented: NAME ARGS: WHAT IT DOES); with a
 *            name, that command's line, and for a command taking a MOVE a
 *            second line "MOVE: " and how the game writes one */
enum gtp_status session_cmd_help(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	const struct gtp_command *rows[MAX_ROWS];
	size_t n;

	if (argc == 1) {
		const struct gtp_command *c = session_lookup(ctx->ops, argv[0]);

		if (!c)
			return gtp_fail(out, SESSION_UNKNOWN_COMMAND);
		help_line(c, out);
		if (takes_move(c) && ctx->ops->move_syntax)
			sb_printf(out, "\nMOVE: %s", ctx->ops->move_syntax);
		if (!strcmp(c->name, "final_score") && ctx->ops->result_syntax)
			sb_printf(out, "\nRESULT: %s", ctx->ops->result_syntax);
		return GTP_OK;
	}
	/* No empty line between groups: it would end the reply. */
	n = game_rows(ctx->ops, rows);
	for (int g = 0; g < HELP_GROUPS; g++) {
		bool titled = false;

		for (size_t i = 0; i < n; i++) {
			if (help_group(rows[i]) != (enum help_group)g)
				continue;
			if (!titled)
				sb_printf(out, "%s%s:", out->len ? "\n" : "", help_titles[g]);
			titled = true;
			sb_puts(out, "\n  ");
			help_line(rows[i], out);
		}
	}
	return GTP_OK;
}
