/* Who a session's player is: the identity the accounts store keeps
 * (store/accounts.h), declared here, below the store, so that the command
 * context (ctx.h) carries the logged-in player without every game handler
 * seeing the store's interface. */
#ifndef QUINTET_ACCOUNT_H
#define QUINTET_ACCOUNT_H

#define ACCOUNTS_NAME_MAX 32 /* longest player name */
#define ACCOUNTS_TOKEN_HEX 64 /* hex digits of a session token, and of its hash */

/* A logged-in player, and the session token its login holds: the one it
 * made (session_token) or came with (login_token), which logout revokes.
 * Only the token's hash is kept, never the token. */
struct account {
	long long id;                      /* accounts.id; 0: nobody */
	char name[ACCOUNTS_NAME_MAX + 1];  /* as registered */
	char token[ACCOUNTS_TOKEN_HEX + 1]; /* its token's hash (hex), "": none */
};

#endif
