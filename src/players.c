/* The players' commands: see players.h, and store/accounts.h for what is
 * stored and how passwords are checked and throttled. They run on the
 * short-work workers (hashing, database), on the job's snapshot; the
 * session adopts the logged-in player when the job returns. */
#include "players.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "log.h"
#include "session.h"
#include "store/accounts.h"
#include "store/saves.h"

/* Wipe the secret arguments (passwords, a token) from first on (their
 * text is the job's line, wiped again when it is freed). */
static void wipe(int argc, char **argv, int first)
{
	for (int i = first; i < argc; i++)
		sodium_memzero(argv[i], strlen(argv[i]));
}

/* The player's name for a log line: a valid name as given, else a mark. */
static const char *loggable(const char *name)
{
	return accounts_valid_name(name) ? name : "(an invalid name)";
}

static enum gtp_status no_accounts(struct strbuf *out)
{
	return gtp_fail(out, "accounts unavailable");
}

/* Function:  create an account and log in as it
 * Arguments: name (1 to 32 of A-Z a-z 0-9 _ . -), password (8 to 128
 *            bytes, no spaces)
 * Fails:     accounts unavailable, already logged in, invalid name,
 *            invalid password, name taken (counted as a failed login of
 *            the address, and answered after the same delay), too many
 *            failed logins (the address's), too many accounts, database ...
 * Returns:   welcome NAME */
enum gtp_status players_register(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN];
	struct account acc;
	int rc;

	if (!ctx->accounts || ctx->player.id) {
		wipe(argc, argv, 1);
		return ctx->accounts ? gtp_fail(out, "already logged in") : no_accounts(out);
	}
	rc = accounts_register(ctx->accounts, argv[0], argv[1], &acc, ctx->address,
			       &ctx->login_failures, &ctx->reply_delay, err, sizeof(err));
	wipe(argc, argv, 1);
	if (rc < 0) {
		if (ctx->reply_delay > 0)
			log_msg(LOG_INFO, "register failed for %s: answer delayed %.2f s",
				loggable(argv[0]), ctx->reply_delay);
		return gtp_fail(out, err);
	}
	log_msg(LOG_INFO, "registered %s", acc.name);
	ctx->player = acc;
	sb_printf(out, "welcome %s", acc.name);
	return GTP_OK;
}

/* A login's success, by password or token: the session is acc's. */
static enum gtp_status welcome(struct cmd_ctx *ctx, const struct account *acc,
			       struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN], game[32], *text;
	size_t len;

	ctx->player = *acc;
	sb_printf(out, "welcome %s", acc->name);
	if (accounts_save_get(ctx->accounts, acc->id, SAVES_AUTOSAVE, &text, &len, game,
			      sizeof(game), err, sizeof(err)) == 0) {
		free(text);
		sb_printf(out, "; unfinished %s game: resume", game);
	}
	return GTP_OK;
}

/* Function:  log in
 * Arguments: name, password
 * Fails:     accounts unavailable, already logged in, invalid name or
 *            password (the one answer for any wrong pair, given after a
 *            delay that doubles with each failure), database ...
 * Returns:   welcome NAME, then "; unfinished GAME game: resume" when an
 *            autosave waits */
enum gtp_status players_login(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN];
	struct account acc;
	int rc;

	if (!ctx->accounts || ctx->player.id) {
		wipe(argc, argv, 1);
		return ctx->accounts ? gtp_fail(out, "already logged in") : no_accounts(out);
	}
	rc = accounts_login(ctx->accounts, argv[0], argv[1], &acc, ctx->address,
			    &ctx->login_failures,
			    &ctx->reply_delay, err, sizeof(err));
	wipe(argc, argv, 1);
	if (rc < 0) {
		if (ctx->reply_delay > 0)
			log_msg(LOG_INFO, "login failed for %s: answer delayed %.2f s",
				loggable(argv[0]), ctx->reply_delay);
		return gtp_fail(out, err);
	}
	log_msg(LOG_INFO, "login: %s", acc.name);
	return welcome(ctx, &acc, out);
}

/* Function:  make a session token, with which the web page logs the
 *            player back in (login_token) when its connection drops,
 *            without keeping the password; the session holds it (logout
 *            revokes it)
 * Arguments: none
 * Fails:     accounts unavailable, not logged in, no such player,
 *            database ...
 * Returns:   the token, 64 lowercase hex digits (never logged) */
enum gtp_status players_session_token(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN], token[ACCOUNTS_TOKEN_HEX + 1];

	(void)argc, (void)argv;
	if (!ctx->accounts)
		return no_accounts(out);
	if (!ctx->player.id)
		return gtp_fail(out, "not logged in");
	if (accounts_token_new(ctx->accounts, &ctx->player, token, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	log_msg(LOG_INFO, "session token made for %s", ctx->player.name);
	sb_puts(out, token);
	sodium_memzero(token, sizeof(token));
	return GTP_OK;
}

/* Function:  log in with a session token (session_token's), as login does
 * Arguments: token
 * Fails:     accounts unavailable, already logged in, invalid or expired
 *            token (the one answer for any wrong, expired or revoked
 *            token, delayed as a failed login of the connection and the
 *            address), too many failed logins (the address's), database ...
 * Returns:   as login */
enum gtp_status players_login_token(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN];
	struct account acc;
	int rc;

	if (!ctx->accounts || ctx->player.id) {
		wipe(argc, argv, 0);
		return ctx->accounts ? gtp_fail(out, "already logged in") : no_accounts(out);
	}
	rc = accounts_token_login(ctx->accounts, argv[0], &acc, ctx->address,
				  &ctx->login_failures, &ctx->reply_delay, err, sizeof(err));
	wipe(argc, argv, 0);
	if (rc < 0) {
		if (ctx->reply_delay > 0)
			log_msg(LOG_INFO, "token login failed: answer delayed %.2f s",
				ctx->reply_delay);
		return gtp_fail(out, err);
	}
	log_msg(LOG_INFO, "login: %s (session token)", acc.name);
	return welcome(ctx, &acc, out);
}

/* Function:  log out: revoke the session's token, autosave an unfinished
 *            game, then the session is a guest
 * Arguments: none
 * Fails:     not logged in, database ... (the token could not be revoked,
 *            nor its revocation kept in the spool during an outage:
 *            nothing changed), save failed: REASON (still logged in, the
 *            token revoked)
 * Returns:   nothing, or "autosaved GAME game" (during a database
 *            outage: "autosaved GAME game, kept locally, will be stored
 *            when the database is back") */
enum gtp_status players_logout(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	char err[SAVES_ERRLEN];
	bool save = saves_worth_autosave(ctx->game);
	int rc = 0, revoked = 0;

	(void)argc, (void)argv;
	if (!ctx->player.id)
		return gtp_fail(out, "not logged in");
	/* First: a logout that leaves its token valid would be a lie, and one
	 * refused for it keeps the session whole (the client may retry). */
	if (ctx->accounts &&
	    (revoked = accounts_token_revoke(ctx->accounts, &ctx->player, err, sizeof(err))) < 0)
		return gtp_fail(out, err);
	ctx->player.token[0] = '\0';
	if (save && (rc = saves_save(ctx, SAVES_AUTOSAVE, session_replay_line, err,
				     sizeof(err))) < 0)
		return gtp_fail(out, err);
	log_msg(LOG_INFO, "logout: %s%s%s", ctx->player.name,
		rc > 0 ? " (game autosaved, " ACCOUNTS_KEPT ")" : save ? " (game autosaved)" : "",
		revoked > 0 ? " (token revocation " ACCOUNTS_KEPT ")" : "");
	ctx->player = (struct account){ 0 };
	if (save)
		sb_printf(out, "autosaved %s game%s%s", ctx->game->ops->name, rc > 0 ? ", " : "",
			  rc > 0 ? err : "");
	return GTP_OK;
}

/* Function:  tell who is logged in
 * Arguments: none
 * Fails:     never
 * Returns:   the player's name, or guest */
enum gtp_status players_whoami(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	(void)argc, (void)argv;
	sb_puts(out, ctx->player.id ? ctx->player.name : "guest");
	return GTP_OK;
}

/* Function:  change the password and revoke every session token of the
 *            account; the player's other sessions are logged
 *            out (their next command answers "logged out: ...")
 * Arguments: old password, new password
 * Fails:     not logged in, invalid password (the new one), invalid name
 *            or password (the old one wrong, throttled as a login), no
 *            such player, database ...
 * Returns:   nothing */
enum gtp_status players_passwd(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN];
	int rc;

	if (!ctx->player.id || !ctx->accounts) {
		wipe(argc, argv, 0);
		return gtp_fail(out, "not logged in");
	}
	rc = accounts_passwd(ctx->accounts, &ctx->player, argv[0], argv[1], ctx->address,
			     &ctx->login_failures,
			     &ctx->reply_delay, err, sizeof(err));
	wipe(argc, argv, 0);
	if (rc < 0)
		return gtp_fail(out, err);
	log_msg(LOG_INFO, "password of %s changed", ctx->player.name);
	ctx->end_other_logins = true; /* whoever knew the old one is out */
	ctx->player.token[0] = '\0'; /* revoked with every other */
	return GTP_OK;
}

/* Function:  delete the logged-in account, its statistics and its saves,
 *            and go on as a guest; the player's other sessions are logged
 *            out (their next command answers "logged out: ...")
 * Arguments: password
 * Fails:     not logged in, invalid name or password, no such player,
 *            database ...
 * Returns:   nothing */
enum gtp_status players_delete_account(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN];
	int rc;

	if (!ctx->player.id || !ctx->accounts) {
		wipe(argc, argv, 0);
		return gtp_fail(out, "not logged in");
	}
	rc = accounts_delete(ctx->accounts, &ctx->player, argv[0], ctx->address,
			     &ctx->login_failures,
			     &ctx->reply_delay, err, sizeof(err));
	wipe(argc, argv, 0);
	if (rc < 0)
		return gtp_fail(out, err);
	log_msg(LOG_INFO, "account %s deleted", ctx->player.name);
	ctx->end_other_logins = true;
	ctx->player = (struct account){ 0 };
	return GTP_OK;
}

/* Function:  show a player's statistics
 * Arguments: optional player name (default: the logged-in player)
 * Fails:     accounts unavailable, not logged in (no name given), invalid
 *            name, no such player, database ...
 * Returns:   one row a line: GAME LEVEL WINS LOSSES DRAWS */
enum gtp_status players_stats(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN];

	if (!ctx->accounts)
		return no_accounts(out);
	if (argc == 0 && !ctx->player.id)
		return gtp_fail(out, "not logged in");
	if (accounts_stats(ctx->accounts, argc ? argv[0] : ctx->player.name, out, err,
			   sizeof(err)) < 0) {
		sb_reset(out);
		return gtp_fail(out, err);
	}
	return GTP_OK;
}

/* `unknown game (...)`: every game there are statistics of. */
static enum gtp_status fail_unknown_game(struct strbuf *out)
{
	const char *names[CFG_MAX_GAMES];
	int n = 0;

	while (game_table[n] && n < CFG_MAX_GAMES) {
		names[n] = game_table[n]->name;
		n++;
	}
	return gtp_fail_choices(out, "unknown game", names, n);
}

/* The rows of a game's statistics besides its configured levels. */
static const char *const other_levels[] = { "human", "mixed", "default" };
#define NOTHER_LEVELS (int)(sizeof(other_levels) / sizeof(other_levels[0]))

/* The name of the row of game's statistics level names (in any case): a
 * configured level, human, mixed or default; NULL for none. */
static const char *level_row(const struct cmd_ctx *ctx, const char *game, const char *level)
{
	const struct cfg_game *gc = ctx->cfg ? cfg_game(ctx->cfg, game) : NULL;
	int i = gc ? cfg_level_index(gc, level) : -1;

	for (int k = 0; k < NOTHER_LEVELS; k++)
		if (!strcasecmp(level, other_levels[k]))
			return other_levels[k];
	return i >= 0 ? gc->levels[i].name : NULL;
}

/* `unknown level (...)`: game's levels and the other rows. */
static enum gtp_status fail_unknown_row(const struct cmd_ctx *ctx, const char *game,
					struct strbuf *out)
{
	const struct cfg_game *gc = ctx->cfg ? cfg_game(ctx->cfg, game) : NULL;
	const char *names[CFG_MAX_LEVELS + NOTHER_LEVELS];
	int n = gc ? cfg_level_names(gc, names) : 0;

	for (int k = 0; k < NOTHER_LEVELS; k++)
		names[n++] = other_levels[k];
	return gtp_fail_choices(out, "unknown level", names, n);
}

/* Function:  show the three best players, and the asking player's rank
 * Arguments: optional game, optional level (of that game, or human or
 *            mixed)
 * Fails:     accounts unavailable, unknown game, unknown level, database ...
 * Returns:   one player a line: RANK NAME WINS LOSSES DRAWS (most wins,
 *            then the best ratio of wins to games, then the oldest
 *            account); the logged-in player's line follows when not among
 *            the three */
enum gtp_status players_top(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out)
{
	char err[ACCOUNTS_ERRLEN];

	if (!ctx->accounts)
		return no_accounts(out);
	const struct game_ops *game = argc >= 1 ? game_find(argv[0]) : NULL;
	const char *level = argc == 2 && game ? level_row(ctx, game->name, argv[1]) : NULL;

	if (argc >= 1 && !game)
		return fail_unknown_game(out);
	if (argc == 2 && !level)
		return fail_unknown_row(ctx, game->name, out);
	if (accounts_top(ctx->accounts, game ? game->name : NULL, level,
			 ctx->player.id ? ctx->player.name : NULL, out, err, sizeof(err)) < 0) {
		sb_reset(out);
		return gtp_fail(out, err);
	}
	return GTP_OK;
}
