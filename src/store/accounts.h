/* Players: accounts with Argon2id passwords, statistics per game and level,
 * the top three, and players' saves, over the storage interface (db.h).
 *
 * Passwords. crypto_pwhash_str (Argon2id, the configured ops and memory
 * limits, never below libsodium's interactive ones) makes the stored text;
 * crypto_pwhash_str_verify checks it; a login whose stored hash is cheaper
 * than the configuration asks for now rehashes it. An unknown name is
 * verified against a dummy hash, so it costs what a wrong password does.
 * This module never logs a password, never copies one, and the callers
 * wipe theirs (sodium_memzero) after the call.
 *
 * Throttling. Each failed login doubles a delay from ACCOUNTS_DELAY_MIN up
 * to ACCOUNTS_DELAY_MAX, counted per name (here, shared by every
 * connection, forgotten after ACCOUNTS_FAIL_MEMORY seconds without a
 * failure) and per connection (the caller's counter); the larger applies.
 * A success resets both. The caller holds the reply that long without
 * blocking anything (net_job.c's fe_hold). Past max_failures failures of one
 * name, or from one client address (counted apart, and not reset by a
 * success, so a valid account does not clear its address's count), a
 * login is refused unchecked, with ACCOUNTS_LOCKED and no hashing, until
 * ACCOUNTS_FAIL_MEMORY seconds after the last failure. A register for a
 * taken name counts as a failure of its address (found by a lookup, before
 * any hashing), and a locked address registers nothing. The table of
 * failures (store/throttle.h) never forgets a lock before its time.
 *
 * Session tokens. A logged-in player may ask for a token (32 bytes of
 * randombytes_buf, 64 lowercase hex digits) that logs the player in again
 * without the password: the web page's reconnection. The database keeps
 * only its hash (crypto_generichash of the hex text, 32 bytes, hex): a
 * copy of the database logs nobody in. An account keeps at most
 * ACCOUNTS_TOKENS_MAX, the least recently used going first; a token
 * unused for token_days days is expired, deleted when it is next found;
 * a password change deletes them all, an account's deletion too (the
 * cascade). A failed token login is a failure of the connection and of
 * the address, never of a name (none was given), throttled as a login.
 * A token is 256 random bits: the hash needs no salt nor any cost.
 *
 * Outages. accounts_save_put and accounts_save_list, failing because the
 * database could not be reached (no connection, or the connection lost:
 * store/db.h's db_lost), return ACCOUNTS_OUTAGE rather than -1, having
 * written nothing (the others -1, with "database unavailable: ..."). A
 * finished game's result (accounts_record), an autosave
 * (accounts_save_spool) and a logout's token revocation
 * (accounts_token_revoke) are then kept in the local spool (store/spool.h,
 * DATA_DIR/spool/) and stored, oldest first, on the first connection a
 * later call gets (of any session; the spool found at startup too); an
 * entry the database refuses (its account gone) is kept aside as
 * spool/rejected-NAME and logged.
 *
 * Every function but the name and password checks does database I/O or
 * hashing: call it from a database worker, never the event loop. */
#ifndef QUINTET_ACCOUNTS_H
#define QUINTET_ACCOUNTS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "account.h"
#include "util/strbuf.h"

#define ACCOUNTS_PASS_MIN 8      /* shortest password, bytes */
#define ACCOUNTS_PASS_MAX 128    /* longest password, bytes */
#define ACCOUNTS_DELAY_MIN 0.25  /* seconds after the first failed login */
#define ACCOUNTS_DELAY_MAX 8.0   /* the most a failed login waits */
#define ACCOUNTS_FAIL_MEMORY 900 /* seconds a name's failures are remembered */
#define ACCOUNTS_ERRLEN 320      /* enough for any error here */
#define ACCOUNTS_DENIED "invalid name or password" /* the one answer to a bad login */
#define ACCOUNTS_LOCKED "too many failed logins, try again later" /* past max_failures */
#define ACCOUNTS_FULL "too many accounts" /* max_accounts exist */
#define ACCOUNTS_TAKEN "name taken" /* register: the name has an account */
#define ACCOUNTS_OUTAGE (-2)     /* a failure because the database is unreachable */
#define ACCOUNTS_KEPT "kept locally, will be stored when the database is back"
#define ACCOUNTS_TOKEN_BAD "invalid or expired token" /* the one answer to a bad token */
#define ACCOUNTS_TOKENS_MAX 16   /* tokens an account keeps */
#define ACCOUNTS_TOKEN_DAYS 30   /* accounts.token_days's default */

struct accounts;

struct accounts_options {
	const char *backend;         /* storage.backend: "sqlite" or "postgresql" */
	const char *target;          /* the SQLite file, or the libpq conninfo */
	unsigned long long opslimit; /* Argon2id passes (accounts.password_ops) */
	size_t memlimit;             /* Argon2id memory in bytes (accounts.password_mem_mib) */
	unsigned max_failures;       /* accounts.max_login_failures; 0 = no cap */
	long long max_accounts;      /* accounts.max_accounts; 0 = no cap */
	const char *data_dir;        /* storage.data_dir, the spool's; NULL: no spool */
	double timeout;              /* storage.timeout: seconds a database call
				      * may wait; 0 = DB_TIMEOUT_DEFAULT */
	int token_days;              /* accounts.token_days: days an unused token
				      * lasts; 0 = ACCOUNTS_TOKEN_DAYS */
};

/* What one finished game adds to a player's row. */
enum accounts_result { ACCOUNTS_WIN, ACCOUNTS_LOSS, ACCOUNTS_DRAW };

/* The accounts of a database (opened on first use). NULL with err. */
struct accounts *accounts_new(const struct accounts_options *opt, char *err, size_t errlen);

void accounts_free(struct accounts *a);

/* The backend's name ("sqlite", "postgresql"). */
const char *accounts_backend(const struct accounts *a);

/* Whether name is a player name: 1..32 of [A-Za-z0-9_.-]. */
bool accounts_valid_name(const char *name);

/* Whether pw is an acceptable password: 8..128 bytes, none a space or a
 * control character. */
bool accounts_valid_password(const char *pw);

/* Create an account and log it in (*out). 0, or -1 with err: "invalid
 * name", "invalid password", ACCOUNTS_LOCKED (address is past
 * max_failures: nothing looked up), ACCOUNTS_TAKEN (case-insensitively;
 * found before any hashing, and a failure of address as a wrong password
 * is: *failures and *delay as for a login), ACCOUNTS_FULL (max_accounts
 * exist: nothing hashed; registrations racing at the last places may pass
 * it by as many as run at once), "database unavailable", "database error"
 * (store/db.h: the detail is logged). */
int accounts_register(struct accounts *a, const char *name, const char *pw,
		      struct account *out, const char *address, unsigned *failures,
		      double *delay, char *err, size_t errlen);

/* Check name's password; 0 with *out, or -1 with err: ACCOUNTS_DENIED (the
 * same for a wrong password, an unknown or invalid name), ACCOUNTS_LOCKED
 * (the name or the address is past max_failures: nothing checked), or a
 * database error. address is the client's (NULL or "": none counted).
 * *failures is the connection's count of failed logins: bumped on a
 * denial, reset on success; on a denial *delay is how long the answer
 * must wait (0 otherwise). */
int accounts_login(struct accounts *a, const char *name, const char *pw, struct account *out,
		   const char *address, unsigned *failures, double *delay, char *err,
		   size_t errlen);

/* Change acc's password from old to new, deleting every token of the
 * account in the same transaction. 0, or -1 with err: "invalid
 * password" (new), ACCOUNTS_DENIED (old wrong; *failures and *delay as
 * for a login), "no such player" (deleted meanwhile), a database error. */
int accounts_passwd(struct accounts *a, const struct account *acc, const char *old,
		    const char *new_pw, const char *address, unsigned *failures, double *delay,
		    char *err, size_t errlen);

/* Delete acc (its statistics and saves go with it) when pw is its
 * password. Errors as accounts_passwd. */
int accounts_delete(struct accounts *a, const struct account *acc, const char *pw,
		    const char *address, unsigned *failures, double *delay, char *err,
		    size_t errlen);

/* A new session token for acc: its text (ACCOUNTS_TOKEN_HEX lowercase hex
 * digits) into token (ACCOUNTS_TOKEN_HEX + 1 bytes; the caller wipes it
 * once answered), its hash into acc->token, the hash alone stored. The
 * account's expired tokens, and all but its ACCOUNTS_TOKENS_MAX most
 * recently used, are deleted. 0, or -1 with err: "no such player"
 * (deleted meanwhile), a database error. */
int accounts_token_new(struct accounts *a, struct account *acc, char *token, char *err,
		       size_t errlen);

/* Log in with token: 0 with *out (out->token its hash; its last use is
 * now), or -1 with err: ACCOUNTS_TOKEN_BAD (the same for a malformed,
 * unknown, revoked or expired token; an expired one is deleted), a
 * failure of the connection and of address as a wrong password is
 * (*failures and *delay as for a login; no name is counted), or
 * ACCOUNTS_LOCKED (address is past max_failures: nothing looked up), or
 * a database error. */
int accounts_token_login(struct accounts *a, const char *token, struct account *out,
			 const char *address, unsigned *failures, double *delay, char *err,
			 size_t errlen);

/* Delete acc's token (acc->token: its hash; "" for none: nothing to do).
 * 0 (also when it was gone already); 1 when the database is unreachable
 * and the deletion is kept in the spool instead (err: why); or -1 with
 * err, a database error. */
int accounts_token_revoke(struct accounts *a, const struct account *acc, char *err,
			  size_t errlen);

/* Add one result to acc's row (game, level). 0; 1 when the database is
 * unreachable and the result is kept in the spool instead (err: why); or
 * -1 with err. */
int accounts_record(struct accounts *a, long long id, const char *game, const char *level,
		    enum accounts_result r, char *err, size_t errlen);

/* name's table, one row a line "GAME LEVEL WINS LOSSES DRAWS", by game
 * and level. 0, or -1 with err: "invalid name", "no such player", a
 * database error. */
int accounts_stats(struct accounts *a, const char *name, struct strbuf *out, char *err,
		   size_t errlen);

/* The three best players of game (NULL: all) at level (NULL: all but
 * human and mixed), one a line "RANK NAME WINS LOSSES DRAWS", then the
 * line of current (NULL: nobody) when it has games there and is not
 * among them. 0, or -1 with err. */
int accounts_top(struct accounts *a, const char *game, const char *level, const char *current,
		 struct strbuf *out, char *err, size_t errlen);

/* ---- players' saves: the save files' text, in the saves table ---- */

/* What a listing shows of a save. */
struct accounts_save_entry {
	char name[65];   /* the save's name */
	char game[32];   /* its game */
	long moves;      /* its moves */
	time_t saved;    /* when it was saved */
};

/* Store text (len bytes, a save of game with moves moves, saved and
 * created at those times) as id's save name, replacing one of that name.
 * keep_other (the autosave): an existing save of that name holding another
 * game (another creation time) is first kept as "NAME-CREATED"
 * (autosave-20250102T030405), so that two sessions of one player never
 * overwrite each other's unfinished game. 0, or -1 with err. */
int accounts_save_put(struct accounts *a, long long id, const char *name, const char *game,
		      long moves, time_t saved, time_t created, const char *text,
		      bool keep_other, char *err, size_t errlen);

/* What accounts_save_put would store (an autosave: keep_other), kept in
 * the spool instead while the database is unreachable. 0, or -1 with err
 * (no spool, or it cannot be written). */
int accounts_save_spool(struct accounts *a, long long id, const char *name, const char *game,
			long moves, time_t saved, time_t created, const char *text, char *err,
			size_t errlen);

/* id's save name: 0 with *text (malloc'd, the caller frees) and *len; 1
 * when there is none; -1 with err. game (gamelen bytes, may be NULL) gets
 * its game. */
int accounts_save_get(struct accounts *a, long long id, const char *name, char **text,
		      size_t *len, char *game, size_t gamelen, char *err, size_t errlen);

/* id's saves, newest first, into *list (malloc'd, *n entries; the caller
 * frees). 0, or -1 with err. */
int accounts_save_list(struct accounts *a, long long id, struct accounts_save_entry **list,
		       size_t *n, char *err, size_t errlen);

/* Delete id's save name: 0, 1 when there is none, -1 with err. */
int accounts_save_delete(struct accounts *a, long long id, const char *name, char *err,
			 size_t errlen);

#endif
