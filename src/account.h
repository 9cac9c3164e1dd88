/* Who a session's player is: the identity the accounts store keeps
 * (store/accounts.h), declared here, below the store, so that the command
 * context (ctx.h) carries the logged-in player without every game handler
 * seeing the store's interface. */
#ifndef QUINTET_ACCOUNT_H
#define QUINTET_ACCOUNT_H

#define ACCOUNTS_NAME_MAX 32 /* longest player name */

/* A logged-in player. */
struct account {
	long long id;                     /* accounts.id; 0: nobody */
	char name[ACCOUNTS_NAME_MAX + 1]; /* as registered */
};

#endif
