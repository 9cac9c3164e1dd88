/* Accounts, statistics and players' saves: see accounts.h. Written once
 * against store/db.h's statements; every write is one transaction. */
#include "store/accounts.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "log.h"
#include "store/db.h"
#include "store/save_yaml.h"
#include "store/spool.h"
#include "store/throttle.h"
#include "util/monotime.h"
#include "util/errmsg.h"
#include "util/xalloc.h"

/* Names and addresses whose failures are remembered at once. One address
 * fills at most max_login_failures + 1 of them before it is locked out, and
 * a locked one is never evicted (throttle.h): filling the table with locks
 * takes thousands of addresses. */
#define THROTTLE_SLOTS 4096
#define TOP_COUNT 3         /* players top shows */
#define DAY 86400           /* seconds */

struct accounts {
	struct db *db;                   /* the storage */
	unsigned long long opslimit;     /* Argon2id cost */
	size_t memlimit;
	unsigned max_failures;           /* failures before a login is refused; 0 = no cap */
	long long max_accounts;          /* accounts register may create; 0 = no cap */
	long long token_age;             /* seconds an unused token lasts */
	pthread_mutex_t lock;            /* guards the fields below */
	struct throttle *failed;         /* failures per name and per address */
	char dummy[crypto_pwhash_STRBYTES]; /* a hash unknown names are verified against */
	char *data_dir;                  /* the spool's directory's parent; NULL: no spool */
	atomic_bool spool_pending;       /* the spool may hold entries */
	pthread_mutex_t spool_lock;      /* held by the one worker replaying it */
};

static bool spool_has_entries(const char *data_dir);

struct accounts *accounts_new(const struct accounts_options *opt, char *err, size_t errlen)
{
	struct accounts *a;
	struct db *db;

	if (sodium_init() < 0) {
		errmsg(err, errlen, "libsodium cannot start");
		return NULL;
	}
	if (!(db = db_new(opt->backend, opt->target, opt->timeout, err, errlen)))
		return NULL;
	a = xcalloc(1, sizeof(*a));
	a->db = db;
	a->opslimit = opt->opslimit < crypto_pwhash_OPSLIMIT_INTERACTIVE
			      ? crypto_pwhash_OPSLIMIT_INTERACTIVE : opt->opslimit;
	a->memlimit = opt->memlimit < crypto_pwhash_MEMLIMIT_INTERACTIVE
			      ? crypto_pwhash_MEMLIMIT_INTERACTIVE : opt->memlimit;
	a->max_failures = opt->max_failures;
	a->max_accounts = opt->max_accounts;
	a->token_age = DAY * (long long)(opt->token_days > 0 ? opt->token_days
							      : ACCOUNTS_TOKEN_DAYS);
	a->failed = throttle_new(THROTTLE_SLOTS, opt->max_failures, ACCOUNTS_FAIL_MEMORY);
	pthread_mutex_init(&a->lock, NULL);
	pthread_mutex_init(&a->spool_lock, NULL);
	a->data_dir = opt->data_dir ? xstrdup(opt->data_dir) : NULL;
	/* What an earlier run kept is stored at the first connection. */
	atomic_init(&a->spool_pending, a->data_dir && spool_has_entries(a->data_dir));
	return a;
}

void accounts_free(struct accounts *a)
{
	if (!a)
		return;
	db_free(a->db);
	throttle_free(a->failed);
	pthread_mutex_destroy(&a->lock);
	pthread_mutex_destroy(&a->spool_lock);
	free(a->data_dir);
	free(a);
}

const char *accounts_backend(const struct accounts *a)
{
	return db_backend_name(a->db);
}

bool accounts_valid_name(const char *name)
{
	size_t n = 0;

	for (; name[n]; n++) {
		unsigned char c = (unsigned char)name[n];

		if (n >= ACCOUNTS_NAME_MAX || !(isalnum(c) || c == '_' || c == '.' || c == '-') ||
		    c >= 0x80)
			return false;
	}
	return n > 0;
}

bool accounts_valid_password(const char *pw)
{
	size_t n = 0;

	for (; pw[n]; n++)
		if (n >= ACCOUNTS_PASS_MAX || (unsigned char)pw[n] <= ' ' || pw[n] == 0x7f)
			return false;
	return n >= ACCOUNTS_PASS_MIN;
}

/* name in lower case, the unique key. */
static void name_key(const char *name, char *key)
{
	size_t i = 0;

	for (; name[i] && i < ACCOUNTS_NAME_MAX; i++)
		key[i] = (char)tolower((unsigned char)name[i]);
	key[i] = '\0';
}

/* ------------------------------------------------------------ database */

static bool replay_spool(struct accounts *a, struct db_conn *c);

/* A connection (db_acquire's), the spool replayed on it first when it may
 * hold entries, so that what an outage kept is stored before anything
 * reads. NULL with err. */
static struct db_conn *acquire(struct accounts *a, char *err, size_t errlen)
{
	struct db_conn *c = db_acquire(a->db, err, errlen);

	if (c && atomic_load(&a->spool_pending) && !replay_spool(a, c)) {
		db_release(a->db, c, true);
		errmsg(err, errlen, "database unavailable: lost while storing the spool");
		return NULL;
	}
	return c;
}

/* A failed call's code on c: ACCOUNTS_OUTAGE when the database went away. */
static int failure(struct accounts *a, struct db_conn *c)
{
	return db_lost(a->db, c) ? ACCOUNTS_OUTAGE : -1;
}

/* The statements of one transaction, run on c: a count (rows), or -1
 * with why (db.h's short line). */
typedef int (*txn_body)(struct db *d, struct db_conn *c, void *arg, char *why, size_t whylen);

/* Run body in its own write transaction: committed when it returns a
 * count, rolled back when it fails. The count, or -1 (or ACCOUNTS_OUTAGE)
 * with err. */
static int transaction(struct accounts *a, txn_body body, void *arg, char *err, size_t errlen)
{
	char why[DB_ERRLEN];
	struct db_conn *c = acquire(a, err, errlen);
	int rows;

	if (!c)
		return ACCOUNTS_OUTAGE;
	if (db_begin(a->db, c, why, sizeof(why)) < 0) {
		rows = failure(a, c);
		db_release(a->db, c, true);
		errmsg(err, errlen, "%s", why); /* db.h's short line */
		return rows;
	}
	rows = body(a->db, c, arg, why, sizeof(why));
	if (rows < 0)
		db_rollback(a->db, c);
	else if (db_commit(a->db, c, why, sizeof(why)) < 0)
		rows = -1;
	if (rows < 0)
		rows = failure(a, c);
	db_release(a->db, c, rows < 0);
	if (rows < 0)
		errmsg(err, errlen, "%s", why); /* db.h's short line */
	return rows;
}

/* One statement, as a transaction's body. */
struct one_stmt {
	enum db_stmt s;             /* the statement */
	const char *const *params;  /* its parameters */
	int n;                      /* how many */
	db_row_fn row;              /* its rows' reader, or NULL */
	void *arg;                  /* for row */
};

static int run_one(struct db *d, struct db_conn *c, void *arg, char *why, size_t whylen)
{
	const struct one_stmt *o = arg;

	return db_exec(d, c, o->s, o->params, o->n, o->row, o->arg, why, whylen);
}

/* Run statement s in its own write transaction. Rows seen, or -1 (or
 * ACCOUNTS_OUTAGE). */
static int write_one(struct accounts *a, enum db_stmt s, const char *const *params, int n,
		     db_row_fn row, void *arg, char *err, size_t errlen)
{
	struct one_stmt o = { s, params, n, row, arg };

	return transaction(a, run_one, &o, err, errlen);
}

/* Run a read statement. Rows seen, or -1 (or ACCOUNTS_OUTAGE). */
static int read_rows(struct accounts *a, enum db_stmt s, const char *const *params, int n,
		     db_row_fn row, void *arg, char *err, size_t errlen)
{
	char why[DB_ERRLEN];
	struct db_conn *c;
	int rows;

	/* A read creates no database: a stdin engine asked for `top` writes
	 * no quintet.db (nothing is in it yet anyway), unless the spool holds
	 * writes to store (the first command stores them). */
	if (!atomic_load(&a->spool_pending) && db_absent(a->db))
		return 0;
	c = acquire(a, err, errlen);
	if (!c)
		return ACCOUNTS_OUTAGE;
	rows = db_exec(a->db, c, s, params, n, row, arg, why, sizeof(why));
	if (rows < 0)
		rows = failure(a, c);
	db_release(a->db, c, rows < 0);
	if (rows < 0)
		errmsg(err, errlen, "%s", why); /* db.h's short line */
	return rows;
}

/* An account's row as DB_ACCOUNT_FIND gives it. */
struct found {
	long long id;
	char name[ACCOUNTS_NAME_MAX + 1];
	char hash[crypto_pwhash_STRBYTES];
};

static void found_row(void *arg, const char *const *cols, int ncols)
{
	struct found *f = arg;

	if (ncols < 3 || !cols[0] || !cols[1] || !cols[2])
		return;
	f->id = strtoll(cols[0], NULL, 10);
	snprintf(f->name, sizeof(f->name), "%s", cols[1]);
	snprintf(f->hash, sizeof(f->hash), "%s", cols[2]);
}

static void id_row(void *arg, const char *const *cols, int ncols)
{
	if (ncols > 0 && cols[0])
		*(long long *)arg = strtoll(cols[0], NULL, 10);
}

/* Whether max_accounts accounts exist already. 0 (no) or 1 (yes), or -1
 * with err. */
static int accounts_full(struct accounts *a, char *err, size_t errlen)
{
	long long n = 0;

	if (!a->max_accounts)
		return 0;
	if (read_rows(a, DB_ACCOUNT_COUNT, NULL, 0, id_row, &n, err, errlen) < 0)
		return -1;
	return n >= a->max_accounts;
}

/* name's account into *f (id 0: none). 0, or -1 with err. */
static int find_account(struct accounts *a, const char *name, struct found *f, char *err,
			size_t errlen)
{
	char key[ACCOUNTS_NAME_MAX + 1];
	const char *params[1] = { key };

	memset(f, 0, sizeof(*f));
	name_key(name, key);
	return read_rows(a, DB_ACCOUNT_FIND, params, 1, found_row, f, err, errlen) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------ hashing */

static int hash_password(const struct accounts *a, const char *pw, char *out, char *err,
			 size_t errlen)
{
	if (crypto_pwhash_str(out, pw, strlen(pw), a->opslimit, a->memlimit) != 0)
		return errmsg(err, errlen, "out of memory for the password hash");
	return 0;
}

/* The dummy hash, made once (with the configured cost, so a miss costs
 * what a hit does). */
static const char *dummy_hash(struct accounts *a)
{
	pthread_mutex_lock(&a->lock);
	if (!a->dummy[0]) {
		char err[64];

		if (hash_password(a, "quintet-dummy-password", a->dummy, err, sizeof(err)) < 0)
			a->dummy[0] = '\0';
	}
	pthread_mutex_unlock(&a->lock);
	return a->dummy;
}

/* Whether hash costs less than the configuration asks for now (the
 * limits rose since it was made); a cheaper configuration keeps it. */
static bool cheaper_than_configured(const struct accounts *a, const char *hash)
{
	unsigned long m = 0, t = 0;
	const char *p = strstr(hash, "$m=");

	if (!p || sscanf(p, "$m=%lu,t=%lu", &m, &t) != 2)
		return true; /* unreadable: make a proper one */
	return t < a->opslimit || (unsigned long long)m * 1024 < a->memlimit;
}

/* ------------------------------------------------------------ throttle */

/* The key of a client address's failures, or false for none. */
static bool address_key(const char *address, char *key)
{
	if (!address || !*address)
		return false;
	snprintf(key, THROTTLE_KEY, "@%s", address);
	return true;
}

/* Whether name (NULL: none), or address, has failed max_failures times
 * lately, or cannot be counted (throttle.h). */
static bool locked_out(struct accounts *a, const char *name, const char *address)
{
	char key[THROTTLE_KEY];
	double now = monotime_now();
	bool locked = false;

	if (!a->max_failures)
		return false;
	pthread_mutex_lock(&a->lock);
	if (name) {
		name_key(name, key);
		locked = throttle_locked(a->failed, key, now);
	}
	if (!locked && address_key(address, key))
		locked = throttle_locked(a->failed, key, now);
	pthread_mutex_unlock(&a->lock);
	return locked;
}

/* A failure for name (NULL: the address's only) from address on a
 * connection with *failures before it: the delay its answer waits. */
static double note_failure(struct accounts *a, const char *name, const char *address,
			   unsigned *failures)
{
	char key[THROTTLE_KEY];
	double now = monotime_now(), delay = ACCOUNTS_DELAY_MIN;
	unsigned k = 0;

	pthread_mutex_lock(&a->lock);
	if (name) {
		name_key(name, key);
		k = throttle_fail(a->failed, key, now);
	}
	if (address_key(address, key))
		throttle_fail(a->failed, key, now);
	pthread_mutex_unlock(&a->lock);
	if (*failures < 1000)
		(*failures)++;
	if (*failures > k)
		k = *failures;
	for (unsigned i = 1; i < k && delay < ACCOUNTS_DELAY_MAX; i++)
		delay *= 2;
	return delay < ACCOUNTS_DELAY_MAX ? delay : ACCOUNTS_DELAY_MAX;
}

static void note_success(struct accounts *a, const char *name, unsigned *failures)
{
	char key[THROTTLE_KEY];

	name_key(name, key);
	pthread_mutex_lock(&a->lock);
	throttle_clear(a->failed, key);
	pthread_mutex_unlock(&a->lock);
	*failures = 0;
}

/* ------------------------------------------------------------ accounts */

/* Whether name has an account: 1 (yes), 0, or -1 with err. The register's
 * cheap check before the hash (the insert still settles a race). */
static int name_taken(struct accounts *a, const char *name, char *err, size_t errlen)
{
	struct found f;

	if (find_account(a, name, &f, err, errlen) < 0)
		return -1;
	sodium_memzero(f.hash, sizeof(f.hash));
	return f.id > 0;
}

/* A register for a taken name: a failure of address, as a wrong
 * password is (never of the name: its owner is not locked out by it). */
static int taken(struct accounts *a, const char *address, unsigned *failures, double *delay,
		 char *err, size_t errlen)
{
	*delay = note_failure(a, NULL, address, failures);
	return errmsg(err, errlen, ACCOUNTS_TAKEN);
}

int accounts_register(struct accounts *a, const char *name, const char *pw,
		      struct account *out, const char *address, unsigned *failures,
		      double *delay, char *err, size_t errlen)
{
	char hash[crypto_pwhash_STRBYTES], key[ACCOUNTS_NAME_MAX + 1], created[24];
	const char *params[4] = { name, key, hash, created };
	long long id = 0;
	int rows, rc;

	*delay = 0;
	if (!accounts_valid_name(name))
		return errmsg(err, errlen, "invalid name");
	if (!accounts_valid_password(pw))
		return errmsg(err, errlen, "invalid password");
	if (locked_out(a, NULL, address)) {
		*delay = ACCOUNTS_DELAY_MIN; /* as a refused login: pace its loop */
		return errmsg(err, errlen, ACCOUNTS_LOCKED);
	}
	if ((rc = name_taken(a, name, err, errlen)) != 0)
		return rc < 0 ? -1 : taken(a, address, failures, delay, err, errlen);
	if ((rc = accounts_full(a, err, errlen)) != 0)
		return rc < 0 ? -1 : errmsg(err, errlen, ACCOUNTS_FULL);
	if (hash_password(a, pw, hash, err, errlen) < 0)
		return -1;
	name_key(name, key);
	snprintf(created, sizeof(created), "%lld", (long long)time(NULL));
	rows = write_one(a, DB_ACCOUNT_INSERT, params, 4, id_row, &id, err, errlen);
	sodium_memzero(hash, sizeof(hash));
	if (rows < 0)
		return -1;
	if (rows == 0 || id <= 0)
		return taken(a, address, failures, delay, err, errlen);
	*out = (struct account){ .id = id }; /* no token yet */
	snprintf(out->name, sizeof(out->name), "%s", name);
	return 0;
}

/* Store a new hash of pw for id (a rehash); failure only logs nothing
 * and keeps the old hash, which still verifies. */
static void rehash(struct accounts *a, long long id, const char *pw)
{
	char hash[crypto_pwhash_STRBYTES], ids[24], err[ACCOUNTS_ERRLEN];
	const char *params[2] = { ids, hash };

	if (hash_password(a, pw, hash, err, sizeof(err)) < 0)
		return;
	snprintf(ids, sizeof(ids), "%lld", id);
	write_one(a, DB_ACCOUNT_SET_HASH, params, 2, NULL, NULL, err, sizeof(err));
}

/* Verify name's pw: 0 with *f, or -1 with err (ACCOUNTS_DENIED and a
 * delay, or a database error). */
static int verify(struct accounts *a, const char *name, const char *pw, struct found *f,
		  const char *address, unsigned *failures, double *delay, char *err,
		  size_t errlen)
{
	bool ok;

	*delay = 0;
	memset(f, 0, sizeof(*f));
	if (locked_out(a, name, address)) {
		*delay = ACCOUNTS_DELAY_MIN; /* a refusal costs no hash: pace its loop */
		return errmsg(err, errlen, ACCOUNTS_LOCKED);
	}
	if (accounts_valid_name(name) && find_account(a, name, f, err, errlen) < 0)
		return -1;
	if (f->id > 0) {
		ok = accounts_valid_password(pw) &&
		     crypto_pwhash_str_verify(f->hash, pw, strlen(pw)) == 0;
	} else {
		/* The same work as a known name's, and the same answer
		 * (whatever the dummy verifies to). */
		volatile int spent = crypto_pwhash_str_verify(dummy_hash(a), pw, strlen(pw));

		(void)spent;
		ok = false;
	}
	if (!ok) {
		*delay = note_failure(a, name, address, failures);
		return errmsg(err, errlen, ACCOUNTS_DENIED);
	}
	note_success(a, name, failures);
	return 0;
}

int accounts_login(struct accounts *a, const char *name, const char *pw, struct account *out,
		   const char *address, unsigned *failures, double *delay, char *err,
		   size_t errlen)
{
	struct found f;

	if (verify(a, name, pw, &f, address, failures, delay, err, errlen) < 0)
		return -1;
	if (cheaper_than_configured(a, f.hash))
		rehash(a, f.id, pw);
	sodium_memzero(f.hash, sizeof(f.hash));
	*out = (struct account){ .id = f.id }; /* no token: a password's login */
	snprintf(out->name, sizeof(out->name), "%s", f.name);
	return 0;
}

/* passwd's transaction: the new hash, and no token left (whoever held
 * one may have had it from the old password). */
struct new_hash {
	const char *ids;   /* the account's id */
	const char *hash;  /* its new hash */
};

static int set_hash(struct db *d, struct db_conn *c, void *arg, char *why, size_t whylen)
{
	const struct new_hash *h = arg;
	const char *params[2] = { h->ids, h->hash };
	int rows = db_exec(d, c, DB_ACCOUNT_SET_HASH, params, 2, NULL, NULL, why, whylen);

	if (rows > 0 && db_exec(d, c, DB_TOKEN_DELETE_ALL, params, 1, NULL, NULL, why, whylen) < 0)
		return -1;
	return rows;
}

int accounts_passwd(struct accounts *a, const struct account *acc, const char *old,
		    const char *new_pw, const char *address, unsigned *failures, double *delay,
		    char *err, size_t errlen)
{
	char hash[crypto_pwhash_STRBYTES], ids[24];
	struct new_hash h = { ids, hash };
	struct found f;
	int rows;

	*delay = 0;
	if (!accounts_valid_password(new_pw))
		return errmsg(err, errlen, "invalid password");
	if (verify(a, acc->name, old, &f, address, failures, delay, err, errlen) < 0)
		return -1;
	if (f.id != acc->id)
		return errmsg(err, errlen, "no such player");
	if (hash_password(a, new_pw, hash, err, errlen) < 0)
		return -1;
	snprintf(ids, sizeof(ids), "%lld", acc->id);
	rows = transaction(a, set_hash, &h, err, errlen);
	sodium_memzero(hash, sizeof(hash));
	if (rows < 0)
		return -1;
	return rows == 0 ? errmsg(err, errlen, "no such player") : 0;
}

int accounts_delete(struct accounts *a, const struct account *acc, const char *pw,
		    const char *address, unsigned *failures, double *delay, char *err,
		    size_t errlen)
{
	char ids[24];
	const char *params[1] = { ids };
	struct found f;
	int rows;

	if (verify(a, acc->name, pw, &f, address, failures, delay, err, errlen) < 0)
		return -1;
	if (f.id != acc->id)
		return errmsg(err, errlen, "no such player");
	snprintf(ids, sizeof(ids), "%lld", acc->id);
	rows = write_one(a, DB_ACCOUNT_DELETE, params, 1, NULL, NULL, err, errlen);
	if (rows < 0)
		return -1;
	return rows == 0 ? errmsg(err, errlen, "no such player") : 0;
}

/* ------------------------------------------------------------ session tokens */

#define TOKEN_BYTES (ACCOUNTS_TOKEN_HEX / 2)
_Static_assert(TOKEN_BYTES >= crypto_generichash_BYTES_MIN &&
	       TOKEN_BYTES <= crypto_generichash_BYTES_MAX, "a token's hash is as long as it");

/* Whether token is of the form we make: ACCOUNTS_TOKEN_HEX lowercase hex
 * digits (read no further than one past them, however long it is). */
static bool token_well_formed(const char *token)
{
	size_t n = 0;

	for (; token[n]; n++)
		if (n >= ACCOUNTS_TOKEN_HEX || !((token[n] >= '0' && token[n] <= '9') ||
						 (token[n] >= 'a' && token[n] <= 'f')))
			return false;
	return n == ACCOUNTS_TOKEN_HEX;
}

/* What the database keeps of token: its hash, in hex, into hex
 * (ACCOUNTS_TOKEN_HEX + 1 bytes). */
static void token_hash(const char *token, char *hex)
{
	unsigned char h[TOKEN_BYTES];

	crypto_generichash(h, sizeof(h), (const unsigned char *)token, strlen(token), NULL, 0);
	sodium_bin2hex(hex, ACCOUNTS_TOKEN_HEX + 1, h, sizeof(h));
}

/* The time before which a token last used is expired. */
static long long token_cutoff(const struct accounts *a, time_t now)
{
	return (long long)now - a->token_age;
}

/* accounts_token_new's transaction: the token's row, then the account's
 * trim (never the new token, which a tie of times could otherwise pick). */
struct new_token {
	const char *hash;  /* the new token's */
	char ids[24];      /* the account's id */
	char now[24];      /* its creation */
	char others[24];   /* how many of the others are kept */
	char cutoff[24];   /* tokens last used before it are expired */
};

static int insert_token(struct db *d, struct db_conn *c, void *arg, char *why, size_t whylen)
{
	const struct new_token *t = arg;
	const char *insert[3] = { t->hash, t->ids, t->now };
	const char *trim[4] = { t->ids, t->hash, t->others, t->cutoff };
	int rows = db_exec(d, c, DB_TOKEN_INSERT, insert, 3, NULL, NULL, why, whylen);

	if (rows > 0 && db_exec(d, c, DB_TOKEN_TRIM, trim, 4, NULL, NULL, why, whylen) < 0)
		return -1;
	return rows;
}

int accounts_token_new(struct accounts *a, struct account *acc, char *token, char *err,
		       size_t errlen)
{
	unsigned char raw[TOKEN_BYTES];
	char hash[ACCOUNTS_TOKEN_HEX + 1];
	struct new_token t = { .hash = hash };
	time_t now = time(NULL);
	int rows;

	randombytes_buf(raw, sizeof(raw));
	sodium_bin2hex(token, ACCOUNTS_TOKEN_HEX + 1, raw, sizeof(raw));
	sodium_memzero(raw, sizeof(raw));
	token_hash(token, hash);
	snprintf(t.ids, sizeof(t.ids), "%lld", acc->id);
	snprintf(t.now, sizeof(t.now), "%lld", (long long)now);
	snprintf(t.others, sizeof(t.others), "%d", ACCOUNTS_TOKENS_MAX - 1);
	snprintf(t.cutoff, sizeof(t.cutoff), "%lld", token_cutoff(a, now));
	rows = transaction(a, insert_token, &t, err, errlen);
	if (rows <= 0) {
		sodium_memzero(token, ACCOUNTS_TOKEN_HEX + 1);
		return rows < 0 ? -1 : errmsg(err, errlen, "no such player");
	}
	snprintf(acc->token, sizeof(acc->token), "%s", hash);
	return 0;
}

/* A token's row as DB_TOKEN_FIND gives it. */
struct found_token {
	long long id;                     /* its account */
	char name[ACCOUNTS_NAME_MAX + 1]; /* the account's name */
	long long used;                   /* its last use */
};

static void token_row(void *arg, const char *const *cols, int ncols)
{
	struct found_token *f = arg;

	if (ncols < 3 || !cols[0] || !cols[1] || !cols[2])
		return;
	f->id = strtoll(cols[0], NULL, 10);
	snprintf(f->name, sizeof(f->name), "%s", cols[1]);
	f->used = strtoll(cols[2], NULL, 10);
}

/* accounts_token_login's transaction: the token found, then deleted when
 * expired, else its use recorded. */
struct token_use {
	const char *hash;       /* the token's */
	time_t now;             /* the login's time */
	long long cutoff;       /* tokens last used before it are expired */
	struct found_token f;   /* what was found */
};

/* 1 when the token logs in (u->f), 0 when not (none, or expired). */
static int use_token(struct db *d, struct db_conn *c, void *arg, char *why, size_t whylen)
{
	struct token_use *u = arg;
	char ids[24], now[24];
	const char *find[1] = { u->hash }, *use[2] = { u->hash, now }, *del[2] = { u->hash, ids };

	if (db_exec(d, c, DB_TOKEN_FIND, find, 1, token_row, &u->f, why, whylen) < 0)
		return -1;
	if (u->f.id <= 0)
		return 0;
	if (u->f.used < u->cutoff) {
		snprintf(ids, sizeof(ids), "%lld", u->f.id);
		return db_exec(d, c, DB_TOKEN_DELETE, del, 2, NULL, NULL, why, whylen) < 0 ? -1 : 0;
	}
	snprintf(now, sizeof(now), "%lld", (long long)u->now);
	/* No row: deleted since it was found (PostgreSQL's read committed). */
	return db_exec(d, c, DB_TOKEN_USE, use, 2, NULL, NULL, why, whylen);
}

int accounts_token_login(struct accounts *a, const char *token, struct account *out,
			 const char *address, unsigned *failures, double *delay, char *err,
			 size_t errlen)
{
	char hash[ACCOUNTS_TOKEN_HEX + 1];
	struct token_use u = { .hash = hash, .now = time(NULL) };
	int rows = 0;

	*delay = 0;
	if (locked_out(a, NULL, address)) {
		*delay = ACCOUNTS_DELAY_MIN; /* as a refused login: pace its loop */
		return errmsg(err, errlen, ACCOUNTS_LOCKED);
	}
	if (token_well_formed(token)) {
		token_hash(token, hash);
		u.cutoff = token_cutoff(a, u.now);
		if ((rows = transaction(a, use_token, &u, err, errlen)) < 0)
			return -1;
	}
	if (rows == 0) {
		/* No name to count: the address's failure, and the connection's. */
		*delay = note_failure(a, NULL, address, failures);
		return errmsg(err, errlen, ACCOUNTS_TOKEN_BAD);
	}
	*failures = 0;
	*out = (struct account){ .id = u.f.id };
	snprintf(out->name, sizeof(out->name), "%s", u.f.name);
	snprintf(out->token, sizeof(out->token), "%s", hash);
	return 0;
}

static int spool_revoke(struct accounts *a, long long id, const char *hash, char *err,
			size_t errlen);

int accounts_token_revoke(struct accounts *a, const struct account *acc, char *err,
			  size_t errlen)
{
	char ids[24];
	const char *params[2] = { acc->token, ids };
	int rows;

	if (!acc->token[0])
		return 0;
	snprintf(ids, sizeof(ids), "%lld", acc->id);
	rows = write_one(a, DB_TOKEN_DELETE, params, 2, NULL, NULL, err, errlen);
	/* Kept for later: no login_token gets past an outage, and the spool
	 * is stored before anything reads once it ends. */
	if (rows == ACCOUNTS_OUTAGE && spool_revoke(a, acc->id, acc->token, err, errlen) == 0)
		return 1;
	return rows < 0 ? -1 : 0;
}

/* ------------------------------------------------------------ statistics */

static int spool_stats(struct accounts *a, long long id, const char *game,
		       const char *level, enum accounts_result r, char *err, size_t errlen);

int accounts_record(struct accounts *a, long long id, const char *game, const char *level,
		    enum accounts_result r, char *err, size_t errlen)
{
	char ids[24];
	const char *params[6] = { ids, game, level, r == ACCOUNTS_WIN ? "1" : "0",
				  r == ACCOUNTS_LOSS ? "1" : "0", r == ACCOUNTS_DRAW ? "1" : "0" };
	int rows;

	snprintf(ids, sizeof(ids), "%lld", id);
	rows = write_one(a, DB_STATS_ADD, params, 6, NULL, NULL, err, errlen);
	if (rows == ACCOUNTS_OUTAGE && spool_stats(a, id, game, level, r, err, errlen) == 0)
		return 1;
	return rows < 0 ? -1 : 0;
}

/* Rows appended to a strbuf, one a line, with a prefix. */
struct lines {
	struct strbuf *out; /* where */
	int n;              /* rows so far */
};

static void stats_row(void *arg, const char *const *cols, int ncols)
{
	struct lines *l = arg;

	if (ncols < 5)
		return;
	sb_printf(l->out, "%s%s %s %s %s %s", l->n++ ? "\n" : "", cols[0], cols[1], cols[2],
		  cols[3], cols[4]);
}

int accounts_stats(struct accounts *a, const char *name, struct strbuf *out, char *err,
		   size_t errlen)
{
	struct found f;
	char ids[24];
	const char *params[1] = { ids };
	struct lines l = { out, 0 };

	if (!accounts_valid_name(name))
		return errmsg(err, errlen, "invalid name");
	if (find_account(a, name, &f, err, errlen) < 0)
		return -1;
	sodium_memzero(f.hash, sizeof(f.hash));
	if (f.id <= 0)
		return errmsg(err, errlen, "no such player");
	snprintf(ids, sizeof(ids), "%lld", f.id);
	return read_rows(a, DB_STATS_LIST, params, 1, stats_row, &l, err, errlen) < 0 ? -1 : 0;
}

/* top's rows: the first TOP_COUNT, then current's. */
struct top {
	struct strbuf *out;      /* where */
	const char *current;     /* the asking player's key, or NULL */
	int rank;                /* rows so far */
	bool current_shown;      /* current's row is out */
};

static void top_row(void *arg, const char *const *cols, int ncols)
{
	struct top *t = arg;
	char key[ACCOUNTS_NAME_MAX + 1];
	bool is_current;

	if (ncols < 4 || !cols[0])
		return;
	t->rank++;
	name_key(cols[0], key);
	is_current = t->current && !strcmp(key, t->current);
	if (t->rank > TOP_COUNT && (!is_current || t->current_shown))
		return;
	sb_printf(t->out, "%s%d %s %s %s %s", t->rank > 1 ? "\n" : "", t->rank, cols[0],
		  cols[1], cols[2], cols[3]);
	t->current_shown |= is_current;
}

int accounts_top(struct accounts *a, const char *game, const char *level, const char *current,
		 struct strbuf *out, char *err, size_t errlen)
{
	char key[ACCOUNTS_NAME_MAX + 1];
	const char *params[2] = { game ? game : "", level ? level : "" };
	struct top t = { out, NULL, 0, false };

	if (current) {
		name_key(current, key);
		t.current = key;
	}
	return read_rows(a, DB_TOP, params, 2, top_row, &t, err, errlen) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------ saves */

/* DB_SAVE_GET's row. */
struct got {
	char *text;        /* malloc'd copy */
	size_t len;
	char game[32];
	long long created;
};

static void got_row(void *arg, const char *const *cols, int ncols)
{
	struct got *g = arg;

	if (ncols < 3 || !cols[0] || g->text)
		return;
	g->len = strlen(cols[0]);
	g->text = xstrdup(cols[0]);
	snprintf(g->game, sizeof(g->game), "%s", cols[1] ? cols[1] : "?");
	g->created = cols[2] ? strtoll(cols[2], NULL, 10) : 0;
}

static void compact_time(time_t t, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y%m%dT%H%M%S", &tm);
}

/* keep_other's step, inside the transaction on c: the save name holds
 * another game: copy it to NAME-CREATED first. */
static int keep_previous(struct db *d, struct db_conn *c, const char *ids, const char *name,
			 time_t created, char *why, size_t whylen)
{
	const char *get[2] = { ids, name };
	struct got g = { 0 };
	int rc = 0;

	if (db_exec(d, c, DB_SAVE_GET, get, 2, got_row, &g, why, whylen) < 0)
		return -1;
	if (g.text && g.created != (long long)created) {
		char kept[80], when[24], moves[24], saved_s[24], created_s[24], game[32];
		long m = 0;
		time_t saved = 0;

		compact_time((time_t)g.created, when, sizeof(when));
		snprintf(kept, sizeof(kept), "%s-%s", name, when);
		if (save_yaml_peek(g.text, g.len, game, sizeof(game), &m, &saved) < 0)
			saved = time(NULL);
		snprintf(moves, sizeof(moves), "%ld", m);
		snprintf(saved_s, sizeof(saved_s), "%lld", (long long)saved);
		snprintf(created_s, sizeof(created_s), "%lld", g.created);
		const char *put[7] = { ids, kept, g.game, moves, saved_s, created_s, g.text };
		rc = db_exec(d, c, DB_SAVE_PUT, put, 7, NULL, NULL, why, whylen) < 0 ? -1 : 0;
	}
	free(g.text);
	return rc;
}

int accounts_save_put(struct accounts *a, long long id, const char *name, const char *game,
		      long moves, time_t saved, time_t created, const char *text,
		      bool keep_other, char *err, size_t errlen)
{
	char ids[24], moves_s[24], saved_s[24], created_s[24], why[DB_ERRLEN];
	const char *params[7] = { ids, name, game, moves_s, saved_s, created_s, text };
	struct db_conn *c = acquire(a, err, errlen);
	int rc = -1;

	if (!c)
		return ACCOUNTS_OUTAGE;
	snprintf(ids, sizeof(ids), "%lld", id);
	snprintf(moves_s, sizeof(moves_s), "%ld", moves);
	snprintf(saved_s, sizeof(saved_s), "%lld", (long long)saved);
	snprintf(created_s, sizeof(created_s), "%lld", (long long)created);
	if (db_begin(a->db, c, why, sizeof(why)) < 0)
		goto out;
	if ((keep_other && keep_previous(a->db, c, ids, name, created, why, sizeof(why)) < 0) ||
	    db_exec(a->db, c, DB_SAVE_PUT, params, 7, NULL, NULL, why, sizeof(why)) < 0) {
		db_rollback(a->db, c);
		goto out;
	}
	rc = db_commit(a->db, c, why, sizeof(why));
out:
	if (rc < 0)
		rc = failure(a, c);
	db_release(a->db, c, rc < 0);
	if (rc < 0)
		errmsg(err, errlen, "%s", why); /* db.h's short line */
	return rc;
}

int accounts_save_get(struct accounts *a, long long id, const char *name, char **text,
		      size_t *len, char *game, size_t gamelen, char *err, size_t errlen)
{
	char ids[24];
	const char *params[2] = { ids, name };
	struct got g = { 0 };

	snprintf(ids, sizeof(ids), "%lld", id);
	if (read_rows(a, DB_SAVE_GET, params, 2, got_row, &g, err, errlen) < 0)
		return -1;
	if (!g.text)
		return 1;
	*text = g.text;
	*len = g.len;
	if (game)
		snprintf(game, gamelen, "%s", g.game);
	return 0;
}

/* DB_SAVE_LIST's rows. */
struct listing {
	struct accounts_save_entry *list;
	size_t n;
};

static void list_row(void *arg, const char *const *cols, int ncols)
{
	struct listing *l = arg;
	struct accounts_save_entry *e;

	if (ncols < 4 || !cols[0])
		return;
	l->list = xrealloc(l->list, (l->n + 1) * sizeof(*l->list));
	e = &l->list[l->n++];
	snprintf(e->name, sizeof(e->name), "%s", cols[0]);
	snprintf(e->game, sizeof(e->game), "%s", cols[1] ? cols[1] : "?");
	e->moves = cols[2] ? strtol(cols[2], NULL, 10) : -1;
	e->saved = cols[3] ? (time_t)strtoll(cols[3], NULL, 10) : 0;
}

int accounts_save_list(struct accounts *a, long long id, struct accounts_save_entry **list,
		       size_t *n, char *err, size_t errlen)
{
	char ids[24];
	const char *params[1] = { ids };
	struct listing l = { NULL, 0 };

	snprintf(ids, sizeof(ids), "%lld", id);
	int rc = read_rows(a, DB_SAVE_LIST, params, 1, list_row, &l, err, errlen);
	if (rc < 0) {
		free(l.list);
		return rc;
	}
	*list = l.list;
	*n = l.n;
	return 0;
}

int accounts_save_delete(struct accounts *a, long long id, const char *name, char *err,
			 size_t errlen)
{
	char ids[24];
	const char *params[2] = { ids, name };
	int rows;

	snprintf(ids, sizeof(ids), "%lld", id);
	rows = write_one(a, DB_SAVE_DELETE, params, 2, NULL, NULL, err, errlen);
	return rows < 0 ? -1 : rows == 0 ? 1 : 0;
}

/* ------------------------------------------------------------ the spool */

/* An entry (store/spool.h) is text: SPOOL_MAGIC, the kind, then one field
 * a line, a save's text last and whole:
 *     stats:  ID GAME LEVEL win|loss|draw
 *     save:   ID NAME GAME MOVES SAVED CREATED TEXT...
 *     revoke: ID HASH (a session token's, never the token)
 * Replayed, a stats entry adds its result (DB_STATS_ADD), a save entry is
 * stored as accounts_save_put stores an autosave (keep_other), a revoke
 * entry deletes its token (DB_TOKEN_DELETE). */
#define SPOOL_MAGIC "quintet_spool 1"
#define SPOOL_REJECTED "rejected-" /* an entry the database refused, kept aside */

static const char *const result_words[] = { "win", "loss", "draw" };

static bool spool_has_entries(const char *data_dir)
{
	char **names;
	size_t n = 0;
	int fd;

	if (spool_open(data_dir, false, &fd) < 0)
		return false;
	if (spool_names(fd, &names, &n) == 0)
		spool_names_free(names, n);
	close(fd);
	return n > 0;
}

/* A field's text fits one line of an entry. */
static bool one_line(const char *s)
{
	return *s && !strchr(s, '\n');
}

/* Keep entry in the spool. 0, or -1 with err. */
static int spool_entry(struct accounts *a, const struct strbuf *entry, char *err,
		       size_t errlen)
{
	char why[ACCOUNTS_ERRLEN];
	int fd, rc;

	if (!a->data_dir)
		return errmsg(err, errlen, "database unavailable, and no local spool");
	if (spool_open(a->data_dir, true, &fd) < 0)
		return errmsg(err, errlen, "database unavailable, and the local spool cannot "
			      "be opened: %s", strerror(errno));
	rc = spool_put(fd, entry->buf, entry->len, why, sizeof(why));
	close(fd);
	if (rc < 0)
		return errmsg(err, errlen, "database unavailable, and the local spool cannot be "
			      "written: %s", why);
	atomic_store(&a->spool_pending, true);
	return 0;
}

static int spool_stats(struct accounts *a, long long id, const char *game,
		       const char *level, enum accounts_result r, char *err, size_t errlen)
{
	struct strbuf e = STRBUF_INIT;
	int rc;

	if (!one_line(game) || !one_line(level))
		return errmsg(err, errlen, "database unavailable");
	sb_printf(&e, SPOOL_MAGIC "\nstats\n%lld\n%s\n%s\n%s\n", id, game, level,
		  result_words[r]);
	rc = spool_entry(a, &e, err, errlen);
	sb_free(&e);
	return rc;
}

static int spool_revoke(struct accounts *a, long long id, const char *hash, char *err,
			size_t errlen)
{
	struct strbuf e = STRBUF_INIT;
	int rc;

	sb_printf(&e, SPOOL_MAGIC "\nrevoke\n%lld\n%s\n", id, hash);
	rc = spool_entry(a, &e, err, errlen);
	sb_free(&e);
	return rc;
}

int accounts_save_spool(struct accounts *a, long long id, const char *name, const char *game,
			long moves, time_t saved, time_t created, const char *text, char *err,
			size_t errlen)
{
	struct strbuf e = STRBUF_INIT;
	int rc;

	if (!one_line(name) || !one_line(game))
		return errmsg(err, errlen, "database unavailable");
	sb_printf(&e, SPOOL_MAGIC "\nsave\n%lld\n%s\n%s\n%ld\n%lld\n%lld\n", id, name, game,
		  moves, (long long)saved, (long long)created);
	sb_puts(&e, text);
	rc = spool_entry(a, &e, err, errlen);
	sb_free(&e);
	return rc;
}

/* An entry read back: the statement and its parameters (into its text). */
struct spooled {
	enum db_stmt stmt;        /* DB_STATS_ADD, DB_SAVE_PUT or DB_TOKEN_DELETE */
	const char *params[7];    /* its parameters */
	int n;                    /* how many */
};

/* Cut the next line off *p: its text (NUL-terminated in place), or NULL. */
static char *take_line(char **p)
{
	char *line = *p, *end = line ? strchr(line, '\n') : NULL;

	if (!end)
		return NULL;
	*end = '\0';
	*p = end + 1;
	return line;
}

static bool all_digits(const char *s)
{
	if (!s || !*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/* text (an entry's, NUL-terminated) into *e. 0, or -1 when it is not one. */
static int parse_entry(char *text, struct spooled *e)
{
	char *p = text, *magic = take_line(&p), *kind = take_line(&p);
	const char **f = e->params;

	if (!magic || strcmp(magic, SPOOL_MAGIC) || !kind)
		return -1;
	if (!strcmp(kind, "stats")) {
		static const char *const counts[3][3] = {
			{ "1", "0", "0" }, { "0", "1", "0" }, { "0", "0", "1" } };
		char *word;
		int r = -1;

		f[0] = take_line(&p), f[1] = take_line(&p), f[2] = take_line(&p);
		word = take_line(&p);
		for (int i = 0; word && i < 3; i++)
			if (!strcmp(word, result_words[i]))
				r = i;
		if (!all_digits(f[0]) || !f[1] || !f[2] || r < 0)
			return -1;
		f[3] = counts[r][0], f[4] = counts[r][1], f[5] = counts[r][2];
		e->stmt = DB_STATS_ADD;
		e->n = 6;
		return 0;
	}
	if (!strcmp(kind, "save")) {
		for (int i = 0; i < 6; i++)
			f[i] = take_line(&p);
		if (!all_digits(f[0]) || !f[1] || !f[2] || !all_digits(f[3]) ||
		    !all_digits(f[4]) || !all_digits(f[5]) || !p || !*p)
			return -1;
		f[6] = p;
		e->stmt = DB_SAVE_PUT;
		e->n = 7;
		return 0;
	}
	if (!strcmp(kind, "revoke")) {
		f[1] = take_line(&p), f[0] = take_line(&p); /* DB_TOKEN_DELETE's hash, id */
		if (!all_digits(f[1]) || !f[0] || !*f[0])
			return -1;
		e->stmt = DB_TOKEN_DELETE;
		e->n = 2;
		return 0;
	}
	return -1;
}

/* e stored on c in one transaction. 0, or -1 with why. */
static int store_entry(struct accounts *a, struct db_conn *c, const struct spooled *e,
		       char *why, size_t whylen)
{
	const char *const *f = e->params;

	if (db_begin(a->db, c, why, whylen) < 0)
		return -1;
	if ((e->stmt == DB_SAVE_PUT &&
	     keep_previous(a->db, c, f[0], f[1], (time_t)strtoll(f[5], NULL, 10), why,
			   whylen) < 0) ||
	    db_exec(a->db, c, e->stmt, f, e->n, NULL, NULL, why, whylen) < 0) {
		db_rollback(a->db, c);
		return -1;
	}
	return db_commit(a->db, c, why, whylen);
}

/* Keep the entry name aside (SPOOL_REJECTED): never replayed, never lost. */
static void reject_entry(int fd, const char *name, const char *why)
{
	char aside[SPOOL_NAME_MAX + sizeof(SPOOL_REJECTED)];

	snprintf(aside, sizeof(aside), SPOOL_REJECTED "%s", name);
	if (renameat(fd, name, fd, aside) == 0 && fsync(fd) == 0)
		log_msg(LOG_WARN, "spool entry %s not stored (%s): kept as %s/%s", name, why,
			SPOOL_DIR, aside);
	else
		log_msg(LOG_ERROR, "spool entry %s not stored (%s) and cannot be kept aside: %s",
			name, why, strerror(errno));
}

/* The entry name stored on c and removed: 0; 1 when it was not stored
 * (refused or unreadable: kept aside); -1 when the connection went (the
 * entry waits), -2 when it was stored but cannot be removed. */
static int apply_entry(struct accounts *a, struct db_conn *c, int fd, const char *name)
{
	char why[DB_ERRLEN], *text;
	struct spooled e;
	size_t len;
	int rc = 1;

	if (spool_read(fd, name, &text, &len, why, sizeof(why)) < 0) {
		reject_entry(fd, name, why);
		return 1;
	}
	if (parse_entry(text, &e) < 0) {
		reject_entry(fd, name, "not a spool entry");
	} else if (store_entry(a, c, &e, why, sizeof(why)) < 0) {
		if (db_lost(a->db, c))
			rc = -1;
		else
			reject_entry(fd, name, why);
	} else if (spool_remove(fd, name) < 0) {
		log_msg(LOG_ERROR, "spool entry %s stored but not removed (%s): replaying stops "
			"until it is removed by hand", name, strerror(errno));
		rc = -2;
	} else {
		rc = 0;
	}
	free(text);
	return rc;
}

/* Store the spool's entries on c, oldest first, one worker and one
 * process at a time (another replaying: nothing to do here). false when
 * the connection went meanwhile (the rest wait for the next call). */
static bool replay_spool(struct accounts *a, struct db_conn *c)
{
	char **names = NULL;
	size_t n = 0, stored = 0, i = 0;
	int fd, rc = 0;

	if (pthread_mutex_trylock(&a->spool_lock) != 0)
		return true;
	atomic_store(&a->spool_pending, false); /* an entry put from now on sets it again */
	if (spool_open(a->data_dir, false, &fd) < 0)
		goto unlock;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) { /* another process on this data directory */
		atomic_store(&a->spool_pending, true);
		goto close;
	}
	if (spool_names(fd, &names, &n) < 0)
		log_msg(LOG_ERROR, "spool: cannot list %s: %s", SPOOL_DIR, strerror(errno));
	for (; i < n && rc >= 0; i++)
		if ((rc = apply_entry(a, c, fd, names[i])) == 0)
			stored++;
	if (rc == -1)
		atomic_store(&a->spool_pending, true);
	if (stored)
		log_msg(LOG_WARN, "stored %zu entr%s of the local spool (results and autosaves "
			"kept during a database outage)", stored, stored == 1 ? "y" : "ies");
	spool_names_free(names, n);
close:
	close(fd);
unlock:
	pthread_mutex_unlock(&a->spool_lock);
	return rc != -1;
}
