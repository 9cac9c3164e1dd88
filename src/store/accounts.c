/* Accounts, statistics and players' saves: see accounts.h. Written once
 * against store/db.h's statements; every write is one transaction. */
#include "store/accounts.h"

#include <ctype.h>
#include <inttypes.h>
#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/db.h"
#include "store/save_yaml.h"
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

struct accounts {
	struct db *db;                   /* the storage */
	unsigned long long opslimit;     /* Argon2id cost */
	size_t memlimit;
	unsigned max_failures;           /* failures before a login is refused; 0 = no cap */
	long long max_accounts;          /* accounts register may create; 0 = no cap */
	pthread_mutex_t lock;            /* guards the fields below */
	struct throttle *failed;         /* failures per name and per address */
	char dummy[crypto_pwhash_STRBYTES]; /* a hash unknown names are verified against */
};

struct accounts *accounts_new(const struct accounts_options *opt, char *err, size_t errlen)
{
	struct accounts *a;
	struct db *db;

	if (sodium_init() < 0) {
		errmsg(err, errlen, "libsodium cannot start");
		return NULL;
	}
	if (!(db = db_new(opt->backend, opt->target, err, errlen)))
		return NULL;
	a = xcalloc(1, sizeof(*a));
	a->db = db;
	a->opslimit = opt->opslimit < crypto_pwhash_OPSLIMIT_INTERACTIVE
			      ? crypto_pwhash_OPSLIMIT_INTERACTIVE : opt->opslimit;
	a->memlimit = opt->memlimit < crypto_pwhash_MEMLIMIT_INTERACTIVE
			      ? crypto_pwhash_MEMLIMIT_INTERACTIVE : opt->memlimit;
	a->max_failures = opt->max_failures;
	a->max_accounts = opt->max_accounts;
	a->failed = throttle_new(THROTTLE_SLOTS, opt->max_failures, ACCOUNTS_FAIL_MEMORY);
	pthread_mutex_init(&a->lock, NULL);
	return a;
}

void accounts_free(struct accounts *a)
{
	if (!a)
		return;
	db_free(a->db);
	throttle_free(a->failed);
	pthread_mutex_destroy(&a->lock);
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

/* Run statement s in its own write transaction. Rows seen, or -1. */
static int write_one(struct accounts *a, enum db_stmt s, const char *const *params, int n,
		     db_row_fn row, void *arg, char *err, size_t errlen)
{
	char why[DB_ERRLEN];
	struct db_conn *c = db_acquire(a->db, err, errlen);
	int rows;

	if (!c)
		return -1;
	if (db_begin(a->db, c, why, sizeof(why)) < 0) {
		db_release(a->db, c, true);
		return errmsg(err, errlen, "database error: %s", why);
	}
	rows = db_exec(a->db, c, s, params, n, row, arg, why, sizeof(why));
	if (rows < 0)
		db_rollback(a->db, c);
	else if (db_commit(a->db, c, why, sizeof(why)) < 0)
		rows = -1;
	db_release(a->db, c, rows < 0);
	if (rows < 0)
		errmsg(err, errlen, "database error: %s", why);
	return rows;
}

/* Run a read statement. Rows seen, or -1. */
static int read_rows(struct accounts *a, enum db_stmt s, const char *const *params, int n,
		     db_row_fn row, void *arg, char *err, size_t errlen)
{
	char why[DB_ERRLEN];
	struct db_conn *c = db_acquire(a->db, err, errlen);
	int rows;

	if (!c)
		return -1;
	rows = db_exec(a->db, c, s, params, n, row, arg, why, sizeof(why));
	db_release(a->db, c, rows < 0);
	if (rows < 0)
		errmsg(err, errlen, "database error: %s", why);
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
	out->id = id;
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
	out->id = f.id;
	snprintf(out->name, sizeof(out->name), "%s", f.name);
	return 0;
}

int accounts_passwd(struct accounts *a, const struct account *acc, const char *old,
		    const char *new_pw, const char *address, unsigned *failures, double *delay,
		    char *err, size_t errlen)
{
	char hash[crypto_pwhash_STRBYTES], ids[24];
	const char *params[2] = { ids, hash };
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
	rows = write_one(a, DB_ACCOUNT_SET_HASH, params, 2, NULL, NULL, err, errlen);
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

/* ------------------------------------------------------------ statistics */

int accounts_record(struct accounts *a, long long id, const char *game, const char *level,
		    enum accounts_result r, char *err, size_t errlen)
{
	char ids[24];
	const char *params[6] = { ids, game, level, r == ACCOUNTS_WIN ? "1" : "0",
				  r == ACCOUNTS_LOSS ? "1" : "0", r == ACCOUNTS_DRAW ? "1" : "0" };

	snprintf(ids, sizeof(ids), "%lld", id);
	return write_one(a, DB_STATS_ADD, params, 6, NULL, NULL, err, errlen) < 0 ? -1 : 0;
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
	struct db_conn *c = db_acquire(a->db, err, errlen);
	int rc = -1;

	if (!c)
		return -1;
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
	db_release(a->db, c, rc < 0);
	if (rc < 0)
		errmsg(err, errlen, "database error: %s", why);
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
	if (read_rows(a, DB_SAVE_LIST, params, 1, list_row, &l, err, errlen) < 0) {
		free(l.list);
		return -1;
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
