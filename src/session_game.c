/* Which game the session plays and how: switching games (game,
 * list_games), a new game (clear_board, boardsize, the seed), the rule
 * variants, the board sizes and the AI levels; and the same for front
 * ends (session_start_game, session_replace_game). */
#include "session.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cfg.h"
#include "session_int.h"
#include "util/rng.h"

/* A new game of a configured game; the context's level becomes the game's
 * default level. */
struct game *session_new_game(struct cmd_ctx *ctx, const struct cfg_game *gc)
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
enum gtp_status session_cmd_game(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	if (argc == 0) {
		sb_puts(out, ctx->game->ops->name);
		return GTP_OK;
	}
	const struct config *cfg = cfg_current();
	const struct cfg_game *gc = cfg_game(cfg, argv[0]);
	if (!gc) {
		const char *names[CFG_MAX_GAMES];
		int n = 0;

		for (int i = 0; i < cfg->ngames; i++)
			if (cfg->games[i].enabled)
				names[n++] = cfg->games[i].ops->name;
		return gtp_fail_choices(out, "unknown game", names, n);
	}
	if (!gc->enabled)
		return gtp_fail(out, "game disabled");
	cfg_unref(ctx->cfg);
	ctx->cfg = cfg_ref(cfg_current());
	struct game *g = session_new_game(ctx, cfg_game(ctx->cfg, argv[0]));
	ctx->game->ops->destroy(ctx->game);
	ctx->game = g;
	ctx->created = time(NULL);
	return GTP_OK;
}

/* Function:  KGS's word (kgsGtp, after GNU Go) that the game is over
 * Arguments: none
 * Fails:     never
 * Returns:   nothing; the game stays as it is (a play after it goes on, a
 *            clear_board or game starts the next), as does what the engine
 *            keeps between moves (Go's search tree, reused or dropped by the
 *            next search as after any move) */
enum gtp_status session_cmd_kgs_game_over(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	(void)ctx, (void)argc, (void)argv, (void)out;
	return GTP_OK;
}

enum gtp_status session_cmd_list_games(struct cmd_ctx *ctx, int argc, char **argv,
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
enum gtp_status session_cmd_set_random_seed(struct cmd_ctx *ctx, int argc, char **argv,
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
enum gtp_status session_cmd_boardsize(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	char err[SESSION_ERRLEN];
	long size;

	(void)argc;
	if (gtp_parse_int(argv[0], 1, 100000, &size) == 0 && !ctx_size_allowed(ctx, size))
		return gtp_fail(out, "unacceptable size");
	if (ctx->game->ops->set_size(ctx->game, argv[0], err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	ctx->created = time(NULL);
	return GTP_OK;
}

enum gtp_status session_cmd_clear_board(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out)
{
	char err[SESSION_ERRLEN];

	(void)argc, (void)argv, (void)out;
	if (ctx->gogui && ctx->game->ops->random_start) {
		/* GoGui's replay: the same board, the same starter, as before
		 * the game's first move (every move taken back). */
		while (ctx->game->ops->undo(ctx->game, err, sizeof(err)) == 0)
			;
		return GTP_OK;
	}
	ctx->game->ops->clear(ctx->game);
	ctx->created = time(NULL);
	return GTP_OK;
}

/* Function:  list the rule variants (the active one marked) or pick one
 * Arguments: optional variant name
 * Fails:     unknown rules
 * Returns:   one variant per line, the active one followed by " *" */
enum gtp_status session_cmd_rules(struct cmd_ctx *ctx, int argc, char **argv,
				  struct strbuf *out)
{
	const struct game_ops *ops = ctx->game->ops;
	char err[SESSION_ERRLEN];

	if (argc == 1) {
		int k = 0, n = 0;

		while (ops->rules[n])
			n++;
		while (k < n && strcasecmp(ops->rules[k], argv[0]))
			k++;
		if (k == n)
			return gtp_fail_choices(out, "unknown rules", ops->rules, n);
		return session_result(ops->set_rules(ctx->game, ops->rules[k], err, sizeof(err)),
				      err, out);
	}
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
enum gtp_status session_cmd_list_sizes(struct cmd_ctx *ctx, int argc, char **argv,
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

/* `unknown level (easy, medium, hard)`: gc's levels (none without gc). */
static enum gtp_status fail_unknown_level(const struct cfg_game *gc, struct strbuf *out)
{
	const char *names[CFG_MAX_LEVELS];

	return gtp_fail_choices(out, "unknown level", names, gc ? cfg_level_names(gc, names) : 0);
}

/* Function:  list the AI levels (the active one marked) or pick one
 * Arguments: optional level name
 * Fails:     unknown level
 * Returns:   one level per line, the active one followed by " *" */
enum gtp_status session_cmd_level(struct cmd_ctx *ctx, int argc, char **argv,
				  struct strbuf *out)
{
	const struct cfg_game *gc = ctx_section(ctx);
	int n = gc ? gc->nlevels : 0;

	if (argc == 1) {
		int i = gc ? cfg_level_index(gc, argv[0]) : -1;

		if (i < 0)
			return fail_unknown_level(gc, out);
		ctx->level = i;
		return GTP_OK;
	}
	for (int i = 0; i < n; i++)
		sb_printf(out, "%s%s%s", i ? "\n" : "", gc->levels[i].name,
			  i == ctx->level ? " *" : "");
	return GTP_OK;
}

int session_start_game(struct session *s, const char *name, int who, char *err,
		       size_t errlen)
{
	const struct cfg_game *gc = cfg_game(s->cfg, name);

	if (!gc) {
		snprintf(err, errlen, "%s is not a game of this configuration", name);
		return -1;
	}
	if (s->game)
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
	if (s->game)
		s->game->ops->destroy(s->game);
	s->game = g;
	s->created = time(NULL);
	tally_reset(&s->tally, s->game);
}
