/* GoGui's rules extension (GoGui 1.5.2 and later: its manual's "Rules"
 * chapter), by which GoGui shows games other than Go: the
 * gogui-rules_* commands, written once for every game from its ops.
 *
 * A game answers board_view (its squares, paints and marks) and GoGui
 * gets the rest from the ops every game has: the side to move (to_move),
 * the end (is_over), the result (the final_score command's row and
 * result()), and the legal moves, which are the squares whose vertex
 * parse_move reads and the protocol's play (game_play_click: Ataxx's
 * clicks) accepts for the side to move, tried on a copy of the game, and
 * pass where play takes it. So every point listed is one `play COLOR
 * POINT` accepts, by construction. GoGui sends a click as `play B A1` and
 * checks it against the list first; it names squares as Go does
 * (game_vertex_print), which every game's parse_move must read for its
 * squares. A game with no board_view (Mastermind) has none of these. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "session_int.h"
#include "util/xalloc.h"

/* g's board, or -1 with the error in out: the first step of every
 * command here, so that on a board GoGui cannot show (Ataxx's over 8x8,
 * whose column i GoGui's letters skip) each refuses alike. Free with
 * free(). */
static struct game_board *view(const struct game *g, struct strbuf *out)
{
	struct game_board *b = xmalloc(sizeof(*b));
	char err[SESSION_ERRLEN];

	if (g->ops->board_view(g, b, err, sizeof(err)) < 0) {
		gtp_fail(out, err);
		free(b);
		return NULL;
	}
	return b;
}

/* Function:  the game's name as GoGui wants it
 * Arguments: none
 * Fails:     the board cannot be shown (see view)
 * Returns:   the name, its first letter upper case: Go, Gomoku, Ataxx */
enum gtp_status session_cmd_gogui_game_id(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	struct game_board *b = view(ctx->game, out);
	const char *name = ctx->game->ops->name;

	(void)argc, (void)argv;
	ctx->gogui = true;
	if (!b)
		return GTP_FAIL;
	free(b);
	sb_printf(out, "%c%s", toupper((unsigned char)name[0]), name + 1);
	return GTP_OK;
}

/* Function:  the board's size
 * Arguments: none
 * Fails:     the board cannot be shown
 * Returns:   N for an N x N board, else "W H" (GoGui 1.6 reads both) */
enum gtp_status session_cmd_gogui_board_size(struct cmd_ctx *ctx, int argc, char **argv,
					     struct strbuf *out)
{
	struct game_board *b = view(ctx->game, out);

	(void)argc, (void)argv;
	ctx->gogui = true;
	if (!b)
		return GTP_FAIL;
	if (b->width == b->height)
		sb_printf(out, "%d", b->width);
	else
		sb_printf(out, "%d %d", b->width, b->height);
	free(b);
	return GTP_OK;
}

/* Function:  the board as text
 * Arguments: none
 * Fails:     the board cannot be shown
 * Returns:   a line a row from the top, a character a square separated by
 *            spaces: X black, O white, . empty, ? no square */
enum gtp_status session_cmd_gogui_board(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out)
{
	struct game_board *b = view(ctx->game, out);

	(void)argc, (void)argv;
	if (!b)
		return GTP_FAIL;
	for (int y = b->height - 1; y >= 0; y--) {
		for (int x = 0; x < b->width; x++)
			sb_printf(out, "%s%c", x ? " " : "", b->cell[game_board_at(b, x, y)]);
		if (y)
			sb_puts(out, "\n");
	}
	free(b);
	return GTP_OK;
}

/* Function:  the side to move
 * Arguments: none
 * Fails:     the board cannot be shown
 * Returns:   black or white */
enum gtp_status session_cmd_gogui_side_to_move(struct cmd_ctx *ctx, int argc, char **argv,
					       struct strbuf *out)
{
	struct game_board *b = view(ctx->game, out);

	(void)argc, (void)argv;
	if (!b)
		return GTP_FAIL;
	free(b);
	sb_puts(out, ctx->game->ops->to_move(ctx->game) == COLOR_WHITE ? "white" : "black");
	return GTP_OK;
}

/* A move a legal-move list has tried, and what play said. */
struct tried {
	int move;   /* as parse_move read it */
	bool legal; /* play accepted it on a copy */
};

/* Whether the protocol's play accepts move for color on g: tried on a
 * copy, once per move (Flood's squares of one colour are one move). */
static bool accepts(const struct game *g, int color, int move, struct tried *tried, int *ntried)
{
	char err[SESSION_ERRLEN];

	for (int i = 0; i < *ntried; i++)
		if (tried[i].move == move)
			return tried[i].legal;
	struct game *copy = g->ops->copy(g);
	bool legal = game_play_click(copy, color, move, err, sizeof(err)) == 0;
	copy->ops->destroy(copy);
	tried[(*ntried)++] = (struct tried){ move, legal };
	return legal;
}

/* Function:  the legal moves of the side to move, as GoGui clicks them
 * Arguments: none
 * Fails:     the board cannot be shown
 * Returns:   on one line, separated by spaces, top row first and left to
 *            right, the squares play takes for the side to move, then
 *            pass if play takes it; empty once the game is over (which
 *            GoGui reads as the end) */
enum gtp_status session_cmd_gogui_legal_moves(struct cmd_ctx *ctx, int argc, char **argv,
					      struct strbuf *out)
{
	const struct game *g = ctx->game;
	struct game_board *b = view(g, out);
	struct strbuf text = STRBUF_INIT;
	char err[SESSION_ERRLEN];
	int color = g->ops->to_move(g), move, ntried = 0, n = 0;

	(void)argc, (void)argv;
	if (!b)
		return GTP_FAIL;
	if (g->ops->is_over(g))
		goto out;
	struct tried *tried = xmalloc((size_t)(b->width * b->height + 1) * sizeof(*tried));
	for (int y = b->height - 1; y >= 0; y--)
		for (int x = 0; x < b->width; x++) {
			if (b->cell[game_board_at(b, x, y)] == '?')
				continue;
			sb_reset(&text);
			game_vertex_print(x, y, &text);
			if (g->ops->parse_move(g, sb_str(&text), &move, err, sizeof(err)) == 0 &&
			    accepts(g, color, move, tried, &ntried))
				sb_printf(out, "%s%s", n++ ? " " : "", sb_str(&text));
		}
	if (g->ops->parse_move(g, "pass", &move, err, sizeof(err)) == 0 &&
	    accepts(g, color, move, tried, &ntried))
		sb_printf(out, "%spass", n ? " " : "");
	free(tried);
out:
	sb_free(&text);
	free(b);
	return GTP_OK;
}

/* The words of a result's reason where its margin does not tell it. */
static const char *reason_words(enum game_reason reason)
{
	switch (reason) {
	case GAME_REASON_NO_MOVES:
		return "no legal move";
	case GAME_REASON_WIPEOUT:
		return "no pieces left";
	case GAME_REASON_MOVE_RULE:
		return "move-count rule";
	case GAME_REASON_FIVE:
		return "five in a row";
	case GAME_REASON_SOLVED:
		return "solved";
	case GAME_REASON_UNSOLVED:
		return "not solved";
	default:
		return NULL;
	}
}

/* The sentence of a final_score answer ("B+3.5", "W+", "0", as
 * game_result_print writes it) with r's unit and reason. */
static void result_sentence(const char *score, const struct game_result *r, struct strbuf *out)
{
	const char *margin = strchr(score, '+') ? strchr(score, '+') + 1 : "";
	size_t len = strcspn(margin, " ");
	const char *why = reason_words(r->reason);

	if (score[0] == 'B' || score[0] == 'W') {
		sb_puts(out, score[0] == 'B' ? "Black wins" : "White wins");
		if (len && r->unit)
			sb_printf(out, " by %.*s %s%s", (int)len, margin, r->unit,
				  len == 1 && margin[0] == '1' ? "" : "s");
		else if (why)
			sb_printf(out, " (%s)", why);
	} else {
		sb_puts(out, "Draw");
		if (why && (!r->has_margin || r->reason == GAME_REASON_MOVE_RULE))
			sb_printf(out, " (%s)", why);
	}
	sb_puts(out, ".");
}

/* Function:  the result of a finished game, in a sentence (GoGui shows it
 *            when legal_moves turns empty); slow: Go's final_score removes
 *            the dead stones first
 * Arguments: none
 * Fails:     the board cannot be shown, game not over
 * Returns:   "Black wins by 3 squares.", "White wins (five in a row).",
 *            "Draw." */
enum gtp_status session_cmd_gogui_final_result(struct cmd_ctx *ctx, int argc, char **argv,
					       struct strbuf *out)
{
	const struct gtp_command *score = session_lookup(ctx->game->ops, "final_score");
	struct game_board *b = view(ctx->game, out);
	struct strbuf text = STRBUF_INIT;
	struct game_result r;
	char err[SESSION_ERRLEN];
	char *none[1] = { NULL };

	(void)argc, (void)argv;
	if (!b)
		return GTP_FAIL;
	free(b);
	if (!ctx->game->ops->is_over(ctx->game) ||
	    ctx->game->ops->result(ctx->game, &r, err, sizeof(err)) < 0)
		return gtp_fail(out, "game not over");
	if (!score || score->handler(ctx, 0, none, &text) != GTP_OK) {
		sb_puts(out, score ? sb_str(&text) : "game not over");
		sb_free(&text);
		return GTP_FAIL;
	}
	result_sentence(sb_str(&text), &r, out);
	sb_free(&text);
	return GTP_OK;
}

/* The gfx lines of the squares whose mark is m: "MARK A1 B2". */
static void gfx_marks(const struct game_board *b, enum game_mark m, const char *name,
		      struct strbuf *out)
{
	bool any = false;

	for (int y = b->height - 1; y >= 0; y--)
		for (int x = 0; x < b->width; x++) {
			if (b->mark[game_board_at(b, x, y)] != m)
				continue;
			if (!any)
				sb_printf(out, "%s%s", out->len ? "\n" : "", name);
			sb_puts(out, " ");
			game_vertex_print(x, y, out);
			any = true;
		}
}

/* Function:  what GoGui draws over the board, as gfx commands: the
 *            squares' paints and marks the game gives
 * Arguments: none
 * Fails:     the board cannot be shown
 * Returns:   a line "COLOR #rrggbb VERTICES" a paint, then "MARK",
 *            "SQUARE" and "TRIANGLE" lines of vertices; empty when
 *            nothing is drawn */
enum gtp_status session_cmd_gogui_board_gfx(struct cmd_ctx *ctx, int argc, char **argv,
					    struct strbuf *out)
{
	struct game_board *b = view(ctx->game, out);

	(void)argc, (void)argv;
	if (!b)
		return GTP_FAIL;
	for (int k = 1; k <= b->npalette; k++) {
		bool any = false;

		for (int y = b->height - 1; y >= 0; y--)
			for (int x = 0; x < b->width; x++) {
				if (b->paint[game_board_at(b, x, y)] != k)
					continue;
				if (!any)
					sb_printf(out, "%sCOLOR #%06x", out->len ? "\n" : "",
						  (unsigned)b->palette[k - 1]);
				sb_puts(out, " ");
				game_vertex_print(x, y, out);
				any = true;
			}
	}
	gfx_marks(b, GAME_MARK_CROSS, "MARK", out);
	gfx_marks(b, GAME_MARK_SQUARE, "SQUARE", out);
	gfx_marks(b, GAME_MARK_TRIANGLE, "TRIANGLE", out);
	free(b);
	return GTP_OK;
}
