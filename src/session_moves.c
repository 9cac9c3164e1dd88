/* Playing the current game: play, genmove (and reg_genmove, on a copy),
 * undo, showboard and final_score, over the game's ops. */
#include "session_int.h"

/* Function:  play a move (or a click of one: game_play_click)
 * Arguments: colour, move
 * Fails:     invalid color, invalid coordinate (or the game's move syntax
 *            error), illegal move, out of turn (every game but Go), or the
 *            game's other reasons (game over, ...)
 * Returns:   nothing, or what the game answers a move (play_reply:
 *            Mastermind's feedback) */
enum gtp_status session_cmd_play(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	char err[SESSION_ERRLEN];
	int color = game_parse_color(ctx->game, argv[0]), move;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (ops->parse_move(ctx->game, argv[1], &move, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	/* A save's history replays whole moves, as older versions took them
	 * (play_saved); a person's play may be a click (game_play_click). */
	int rc = ctx->replaying && ops->play_saved
		 ? ops->play_saved(ctx->game, color, move, err, sizeof(err))
		 : game_play_click(ctx->game, color, move, err, sizeof(err));

	if (rc < 0)
		return gtp_fail(out, err);
	if (ops->play_reply)
		ops->play_reply(ctx->game, out);
	return GTP_OK;
}

/* genmove's colour: its argument, or the side to move where the game lets
 * it be omitted; 0 with the error in out. */
int session_genmove_color(const struct cmd_ctx *ctx, int argc, char *const *argv,
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
	char err[SESSION_ERRLEN];
	int color = session_genmove_color(ctx, argc, argv, out), move;

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
 *            invalid color, or the game's reason (game over, out of turn,
 *            ...)
 * Returns:   the move played */
enum gtp_status session_cmd_genmove(struct cmd_ctx *ctx, int argc, char **argv,
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
enum gtp_status session_cmd_reg_genmove(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out)
{
	struct game *scratch = ctx->game->ops->copy(ctx->game);
	enum gtp_status status = engine_move(ctx, argc, argv, scratch, out);

	scratch->ops->destroy(scratch);
	return status;
}

enum gtp_status session_cmd_undo(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	char err[SESSION_ERRLEN];

	(void)argc, (void)argv;
	return session_result(ctx->game->ops->undo(ctx->game, err, sizeof(err)), err, out);
}

enum gtp_status session_cmd_showboard(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	(void)argc, (void)argv;
	ctx->game->ops->render(ctx->game, out);
	return GTP_OK;
}

enum gtp_status session_cmd_final_score(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out)
{
	char err[SESSION_ERRLEN];

	(void)argc, (void)argv;
	return session_result(ctx->game->ops->final_score(ctx->game, out, err, sizeof(err)), err,
			      out);
}
