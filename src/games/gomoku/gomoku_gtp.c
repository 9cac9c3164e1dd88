/* The Gomoku-only protocol commands: stone lists, legality, renju's
 * forbidden points, and SGF files (GM[4]). They sit apart from gomoku.c
 * because two of them touch files (through ctx.h, never fopen). */
#include "games/gomoku/gomoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "ctx.h"
#include "sgf_commands.h"


static struct gomoku_game *game_of(struct cmd_ctx *ctx)
{
	return gomoku_of(ctx->game);
}

/* Function:  list the stones of a colour
 * Arguments: colour
 * Fails:     invalid color
 * Returns:   vertices, top row first, left to right */
static enum gtp_status cmd_list_stones(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	const struct gomoku_board *b = &game_of(ctx)->board;
	int points[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE], n = 0;
	int color = gtp_parse_color(argv[0]);

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++)
			if (b->cell[gomoku_point(b, col, row)] == color)
				points[n++] = gomoku_point(b, col, row);
	gomoku_print_points(b, points, n, out);
	return GTP_OK;
}

/* Function:  tell whether a colour may play a point now
 * Arguments: colour, vertex
 * Fails:     invalid color, invalid coordinate
 * Returns:   1 when the point is empty, the game not over and the rules
 *            allow it (under renju not one of black's forbidden points;
 *            whose turn it is does not matter), else 0 */
static enum gtp_status cmd_is_legal(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	const struct gomoku_game *gg = game_of(ctx);
	int color = gtp_parse_color(argv[0]), p;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (gomoku_parse_vertex(&gg->board, argv[1], &p) < 0)
		return gtp_fail(out, "invalid coordinate");
	bool legal = !gg->over && gomoku_is_legal(&gg->board, gg->rules, color, p);
	sb_puts(out, legal ? "1" : "0");
	return GTP_OK;
}

/* Function:  black's forbidden points under renju in the current position
 * Arguments: none
 * Fails:     never
 * Returns:   vertices, top row first, left to right; empty under the
 *            other rules or when none is forbidden */
static enum gtp_status cmd_forbidden(struct cmd_ctx *ctx, int argc, char **argv,
				     struct strbuf *out)
{
	const struct gomoku_game *gg = game_of(ctx);
	int points[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE];

	(void)argc, (void)argv;
	int n = gomoku_forbidden_points(&gg->board, gg->rules, points);
	gomoku_print_points(&gg->board, points, n, out);
	return GTP_OK;
}

/* Replay rec's moves on gg (reset to rec's size) up to, not including,
 * move number stop (1-based; 0: all). 0, or -1 with err. */
static int replay_record(struct gomoku_game *gg, const struct sgf_record *rec, long stop,
			 char *err, size_t errlen)
{
	char why[64];
	long number = 1; /* of the next move */

	for (size_t i = 0; i < rec->nitems; i++) {
		const struct sgf_item *it = &rec->items[i];

		if (it->kind == SGF_SETUP) {
			snprintf(err, errlen, "unsupported setup at move %ld", number);
			return -1;
		}
		if (stop && number >= stop)
			break;
		if (it->col < 0 ||
		    gomoku_play(gg, it->color, gomoku_point(&gg->board, it->col, it->row), why,
				sizeof(why)) < 0) {
			snprintf(err, errlen, "illegal move %ld in sgf", number);
			return -1;
		}
		number++;
	}
	return 0;
}

/* Build the game of an SGF file into a fresh copy of the current game:
 * its size, its rules when RU names one of ours (else the current ones),
 * its moves. */
/* A copy of the context's game set up as rec says (its rules when it names
 * them) and replayed to stop (sgf_replay_fn). */
static struct game *replay_sgf(const struct cmd_ctx *ctx, const struct sgf_record *rec,
			       long stop, char *err, size_t errlen)
{
	struct gomoku_game *gg;
	enum gomoku_rules rules;

	if (rec->size < GOMOKU_MIN_SIZE || rec->size > GOMOKU_MAX_SIZE) {
		snprintf(err, errlen, "unsupported board size");
		return NULL;
	}
	gg = gomoku_of(gomoku_ops.copy(ctx->game));
	if (rec->rules && gomoku_parse_rules(rec->rules, &rules) == 0)
		gg->rules = rules;
	gomoku_reset(gg, rec->size);
	if (replay_record(gg, rec, stop, err, errlen) < 0) {
		gomoku_ops.destroy(&gg->base);
		return NULL;
	}
	return &gg->base;
}

/* Function:  load a game from an SGF file (GM[4])
 * Arguments: file name, optional move number (stop before that move)
 * Fails:     cannot open file, the file's syntax or content errors, an
 *            illegal move in it; the current game is then unchanged
 * Returns:   the colour to play */
static enum gtp_status cmd_loadsgf(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	return sgf_cmd_loadsgf(ctx, argc, argv, SGF_GAME_GOMOKU, replay_sgf, out);
}

/* Function:  write the game as SGF (GM[4])
 * Arguments: optional file name
 * Fails:     cannot write file
 * Returns:   the SGF text when no file is named, else nothing */
static enum gtp_status cmd_printsgf(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	struct sgf_record rec;

	gomoku_sgf_record(game_of(ctx), &rec);
	return sgf_cmd_printsgf(ctx, argc, argv, &rec, out);
}

const struct gtp_command gomoku_commands[] = {
	{ "forbidden", cmd_forbidden, 0, 0, 0, 0, "", "points black may not play (renju)" },
	{ "is_legal", cmd_is_legal, 2, 2, 0, 0,
	  "COLOR VERTEX", "whether the move is legal (1 or 0)" },
	{ "list_stones", cmd_list_stones, 1, 1, 0, 0,
	  "COLOR", "the vertices of the colour's stones" },
	{ "loadsgf", cmd_loadsgf, 1, 2, GTP_SHORT, 0,
	  "FILE [MOVE]", "load an SGF game (up to before move MOVE)" },
	{ "printsgf", cmd_printsgf, 0, 1, GTP_SHORT, 0,
	  "[FILE]", "the game as SGF, or write it to FILE" },
	ANALYSIS_SEARCH_ROWS,
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};
