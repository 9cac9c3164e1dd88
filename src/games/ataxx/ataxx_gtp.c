/* The Ataxx-only protocol commands: layout, loadfen, fen, perft, is_legal,
 * list_moves. Colours here also accept x and o. */
#include "games/ataxx/ataxx.h"

#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "ctx.h"
#include "util/xalloc.h"

#define PERFT_MAX_DEPTH 20

static struct ataxx_game *ataxx_game_of(struct cmd_ctx *ctx)
{
	return ataxx_of(ctx->game);
}

/* Function:  show the start layout, or choose one and start a new game
 * Arguments: none, or corners [1|2], or rows K (1 <= K <= (N-2)/2)
 * Fails:     invalid layout
 * Returns:   the layout (no argument), else nothing */
static enum gtp_status cmd_layout(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	struct ataxx_game *ag = ataxx_game_of(ctx);
	struct ataxx_layout layout;
	char err[64];

	if (argc == 0) {
		ataxx_print_layout(&ag->layout, ag->size, out);
		return GTP_OK;
	}
	if (ataxx_parse_layout(argc, argv, ag->size, &layout, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	ag->layout = layout;
	ataxx_reset(ag);
	return GTP_OK;
}

/* Function:  replace the game by a position given as FEN
 * Arguments: board, side to move, optional half-move clock and move number
 * Fails:     invalid fen: WHY
 * Returns:   nothing */
static enum gtp_status cmd_loadfen(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	struct axw_pos pos;
	char err[128];
	int size;

	if (ataxx_parse_fen(argc, argv, &size, &pos, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	ataxx_set_position(ataxx_game_of(ctx), size, &pos);
	return GTP_OK;
}

/* Function:  print the position as FEN
 * Arguments: none
 * Fails:     never
 * Returns:   board, side to move, half-move clock, move number */
static enum gtp_status cmd_fen(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_game_of(ctx);

	(void)argc, (void)argv;
	ataxx_print_fen(&ag->pos, ag->size, out);
	return GTP_OK;
}

/* Function:  count the leaves of the move tree to a depth
 * Arguments: depth 0..20
 * Fails:     invalid depth, perft interrupted
 * Returns:   the count */
static enum gtp_status cmd_perft(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_game_of(ctx);
	uint64_t nodes;
	long depth;

	(void)argc;
	if (gtp_parse_int(argv[0], 0, PERFT_MAX_DEPTH, &depth) < 0)
		return gtp_fail(out, "invalid depth");
	/* The server's node cap counts leaves; one past it means "over". */
	uint64_t cap = ctx->max_nodes > 0 ? (uint64_t)ctx->max_nodes + 1 : UINT64_MAX, left = cap;
	nodes = ax_perft_sized(&ag->pos, ag->size, (int)depth, ctx->stop, &left);
	if ((ctx->stop && atomic_load(ctx->stop)) || left == 0)
		return gtp_fail(out, "perft interrupted");
	sb_printf(out, "%llu", (unsigned long long)nodes);
	return GTP_OK;
}

/* Function:  tell whether play would take a move (or a click: ataxx_click)
 * Arguments: colour (b, w, black, white, x, o), move
 * Fails:     invalid color, invalid coordinate
 * Returns:   1 or 0 */
static enum gtp_status cmd_is_legal(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_game_of(ctx);
	int color = ataxx_parse_color(argv[0]), move;
	char err[64];

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (ataxx_parse_move(ag->size, argv[1], &move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	sb_puts(out, ataxx_click_is_legal(ag, color, move) ? "1" : "0");
	return GTP_OK;
}

/* Function:  list the legal moves
 * Arguments: optional colour (default: the side to move)
 * Fails:     invalid color
 * Returns:   the moves on one line: clones by destination (a1, b1, ...,
 *            a2, ...), then jumps by origin and destination; "pass" alone
 *            when standard rules force it; empty when the game is over */
static enum gtp_status cmd_list_moves(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	const struct ataxx_game *ag = ataxx_game_of(ctx);
	int color = argc ? ataxx_parse_color(argv[0]) : (ag->pos.turn ? COLOR_WHITE : COLOR_BLACK);

	if (!color)
		return gtp_fail(out, "invalid color");
	int *list = xmalloc(axw_MAX_MOVES * sizeof(*list));
	int n = ataxx_legal_moves(ag, color, list);
	for (int i = 0; i < n; i++) {
		if (i)
			sb_puts(out, " ");
		ataxx_print_move(list[i], false, out);
	}
	free(list);
	return GTP_OK;
}

const struct gtp_command ataxx_commands[] = {
	{ "fen", cmd_fen, 0, 0, 0, 0, "", "the position as FEN" },
	{ "is_legal", cmd_is_legal, 2, 2, 0, 0,
	  "COLOR MOVE", "whether the move is legal (1 or 0)" },
	{ "layout", cmd_layout, 0, 2, GTP_REPLAY, 0,
	  "[NAME [K]]", "the start layout, or pick one (a new game)" },
	{ "list_moves", cmd_list_moves, 0, 1, 0, 0,
	  "[COLOR]", "the legal moves of the side to move (or COLOR)" },
	{ "loadfen", cmd_loadfen, 1, GTP_ANY, GTP_REPLAY, 0,
	  "FEN...", "set up a position from FEN" },
	{ "perft", cmd_perft, 1, 1, GTP_SLOW, 0, "DEPTH", "count the move paths DEPTH plies deep" },
	ANALYSIS_SEARCH_ROWS,
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};
