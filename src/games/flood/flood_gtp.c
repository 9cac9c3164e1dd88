/* The Flood-only protocol commands: rectangular boards, the colour count,
 * the mode, gains, the board text and the running score. */
#include "games/flood/flood.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "ctx.h"

#define ERRLEN 128

static struct flood_game *game_of(struct cmd_ctx *ctx)
{
	return flood_of(ctx->game);
}

/* Parse a count: 0, or -1 when the text is not an integer. An integer too
 * large for a long becomes LONG_MAX, so it is refused as out of range. */
static int parse_count(const char *text, long *n)
{
	int rc = gtp_parse_size(text, LONG_MIN, LONG_MAX, n);

	if (rc == GTP_SIZE_RANGE)
		*n = LONG_MAX;
	return rc == GTP_SIZE_SYNTAX ? -1 : 0;
}

/* Function:  a new random board of width x height squares
 * Arguments: width, height (integers 2..100, each among the configured
 *            sizes)
 * Fails:     boardsize not an integer, unacceptable size
 * Returns:   nothing */
static enum gtp_status cmd_rectangular_boardsize(struct cmd_ctx *ctx, int argc, char **argv,
						 struct strbuf *out)
{
	char err[ERRLEN];
	long w, h;

	(void)argc;
	if (parse_count(argv[0], &w) < 0 || parse_count(argv[1], &h) < 0)
		return gtp_fail(out, "boardsize not an integer");
	if (!ctx_size_allowed(ctx, w) || !ctx_size_allowed(ctx, h))
		return gtp_fail(out, "unacceptable size");
	if (flood_set_dims(game_of(ctx), w, h, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	return GTP_OK;
}

/* Function:  show the colour count, or set it and start a new random board
 * Arguments: none, or an integer 3..9
 * Fails:     colors not an integer, unacceptable colors
 * Returns:   the colour count with no argument, else nothing */
static enum gtp_status cmd_colors(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	char err[ERRLEN];
	long n;

	if (argc == 0) {
		sb_printf(out, "%d", game_of(ctx)->board.ncolors);
		return GTP_OK;
	}
	if (parse_count(argv[0], &n) < 0)
		return gtp_fail(out, "colors not an integer");
	if (flood_set_colors(game_of(ctx), n, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	return GTP_OK;
}

/* Function:  show or set the mode the next new game starts in
 * Arguments: none; two-player; or computer with an optional colour (the
 *            human's, black unless given)
 * Fails:     unknown mode, invalid color, wrong number of arguments
 *            (two-player with a colour)
 * Returns:   "two-player" or "computer COLOR" with no argument, else nothing */
static enum gtp_status cmd_mode(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	struct flood_game *fg = game_of(ctx);
	int human = fg->human;

	if (argc == 0) {
		sb_puts(out, flood_mode_names[fg->mode]);
		if (fg->mode == FLOOD_COMPUTER)
			sb_puts(out, fg->human == COLOR_BLACK ? " black" : " white");
		return GTP_OK;
	}
	bool computer = !strcmp(argv[0], flood_mode_names[FLOOD_COMPUTER]);
	if (!computer && strcmp(argv[0], flood_mode_names[FLOOD_TWO_PLAYER]))
		return gtp_fail(out, "unknown mode");
	if (argc == 2 && !computer)
		return gtp_fail(out, "wrong number of arguments");
	if (argc == 2 && !(human = gtp_parse_color(argv[1])))
		return gtp_fail(out, "invalid color");
	fg->mode = computer ? FLOOD_COMPUTER : FLOOD_TWO_PLAYER;
	fg->human = human;
	return GTP_OK;
}

/* Function:  what each colour would capture now for a player
 * Arguments: colour (the player)
 * Fails:     invalid color
 * Returns:   C numbers: the squares colours 1..C would capture */
static enum gtp_status cmd_gains(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	struct flood_game *fg = game_of(ctx);
	int gains[FLOOD_MAX_COLORS + 1], color = gtp_parse_color(argv[0]);

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	flood_pos_gains(&fg->pos, &fg->board, color, gains);
	for (int c = 1; c <= fg->board.ncolors; c++)
		sb_printf(out, "%s%d", c > 1 ? " " : "", gains[c]);
	return GTP_OK;
}

/* Function:  start a new game from board text
 * Arguments: rows from the top separated by '/', one character a square:
 *            1..C (colour), B or W (owned); optionally the colour to move
 *            (else the starting-player rule decides)
 * Fails:     invalid color, bad board: REASON
 * Returns:   nothing */
static enum gtp_status cmd_loadboard(struct cmd_ctx *ctx, int argc, char **argv,
				     struct strbuf *out)
{
	char err[ERRLEN];
	int to_move = 0;

	if (argc == 2 && !(to_move = gtp_parse_color(argv[1])))
		return gtp_fail(out, "invalid color");
	if (flood_load_text(game_of(ctx), argv[0], to_move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	return GTP_OK;
}

/* Function:  print the current position as board text
 * Arguments: none
 * Fails:     never
 * Returns:   rows from the top separated by '/' */
static enum gtp_status cmd_board(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	(void)argc, (void)argv;
	flood_print_text(game_of(ctx), out);
	return GTP_OK;
}

/* Function:  the squares each player owns now
 * Arguments: none
 * Fails:     never
 * Returns:   "black N white M" */
static enum gtp_status cmd_score(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	const struct flood_pos *p = &game_of(ctx)->pos;

	(void)argc, (void)argv;
	sb_printf(out, "black %d white %d", p->count[COLOR_BLACK], p->count[COLOR_WHITE]);
	return GTP_OK;
}

const struct gtp_command flood_commands[] = {
	{ "board", cmd_board, 0, 0, 0, 0, "", "the board as loadboard text" },
	{ "colors", cmd_colors, 0, 1, GTP_REPLAY, 0,
	  "[N]", "the colour count, or a new board of N colours" },
	{ "gains", cmd_gains, 1, 1, 0, 0, "COLOR", "squares each colour would capture now" },
	{ "loadboard", cmd_loadboard, 1, 2, GTP_REPLAY, 0,
	  "ROWS [PLAYER]", "set up a board from text" },
	{ "mode", cmd_mode, 0, 2, GTP_REPLAY, 0,
	  "[MODE [COLOR]]", "two-player or computer mode, or pick one" },
	{ "rectangular_boardsize", cmd_rectangular_boardsize, 2, 2, 0, 0,
	  "WIDTH HEIGHT", "a new random board of that size" },
	{ "score", cmd_score, 0, 0, 0, 0, "", "squares each player holds now" },
	ANALYSIS_SEARCH_ROWS,
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};
