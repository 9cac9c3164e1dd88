/* The storage suite: store/accounts.c over each backend of store/db.h,
 * every test on a fresh database (SQLite: a file in a new mkdtemp
 * directory; PostgreSQL, when QUINTET_TEST_PG is set to a conninfo: the
 * tables dropped first, so the migrations run again):
 *   - names and passwords accepted and refused;
 *   - register, duplicate and case-folded names, login, wrong password,
 *     unknown and invalid names (one answer for all);
 *   - throttling: the delay doubles per name and per connection, is capped
 *     and resets on success; a register of a taken name is an address's
 *     failure, and a locked address registers nothing;
 *   - passwd, delete_account (statistics and saves go with it), rehash
 *     when the configured cost rises (and not when it falls);
 *   - statistics rows; top's ordering (wins, ratio, oldest account), ties,
 *     the current player's line, human and mixed rows;
 *   - players' saves: put, get, list newest first, delete, the autosave
 *     keeping another game;
 *   - session tokens: made (64 lowercase hex digits, only the hash
 *     stored), a login with one, the one answer for a wrong, malformed,
 *     revoked or expired one (throttled per connection and address, never
 *     per name), the 16 most recently used kept, logout's revocation,
 *     passwd's and delete_account's of them all;
 *   - the schema: a second open migrates nothing, a version-1 database
 *     (before the tokens) is migrated, a newer schema is refused;
 *   - outages (SQLite's file moved away and back): a result, an
 *     autosave and a token's revocation kept in the spool, stored by the
 *     next call once the file is back, or by the next process; an entry
 *     the database refuses kept aside; a file deleted under the process refuses writes (none is
 *     acknowledged and then lost).
 * Argon2id at libsodium's interactive cost (the configured minimum). */
#define _XOPEN_SOURCE 700 /* nftw */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <dirent.h>
#include <ftw.h>
#include <sodium.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "store/accounts.h"
#include "store/db.h"

static const char *backend = "sqlite";   /* the backend under test */
static char target[1200];                 /* its file or conninfo */
static char dir[256];                     /* SQLite's directory */

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	return remove(path);
}

/* Drop every table through the backend's own connection (PostgreSQL). */
#ifdef HAVE_LIBPQ
#include <libpq-fe.h>
static void pg_drop_all(void)
{
	PGconn *c = PQconnectdb(target);
	PGresult *r;

	assert_int_equal(PQstatus(c), CONNECTION_OK);
	r = PQexec(c, "SET client_min_messages = warning;"
		      "DROP TABLE IF EXISTS tokens, saves, stats, accounts, schema_version"
		      " CASCADE");
	assert_int_equal(PQresultStatus(r), PGRES_COMMAND_OK);
	PQclear(r);
	PQfinish(c);
}
#endif

static struct accounts *open_with(unsigned long long ops, size_t mem)
{
	struct accounts_options o = { backend, target, ops, mem, 0, 0, NULL, 0, 0 };
	char err[ACCOUNTS_ERRLEN];
	struct accounts *a = accounts_new(&o, err, sizeof(err));

	if (!a)
		fail_msg("accounts_new: %s", err);
	return a;
}

static struct accounts *open_default(void)
{
	return open_with(crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE);
}

static int setup(void **state)
{
	(void)state;
	if (!strcmp(backend, "sqlite")) {
		snprintf(dir, sizeof(dir), "/tmp/quintet-accounts.XXXXXX");
		assert_non_null(mkdtemp(dir));
		snprintf(target, sizeof(target), "%s/quintet.db", dir);
	} else {
#ifdef HAVE_LIBPQ
		pg_drop_all();
#endif
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (!strcmp(backend, "sqlite"))
		nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
#ifdef HAVE_LIBPQ
	else
		pg_drop_all(); /* leave nothing (test_schema's version 99) to the next user */
#endif
	return 0;
}

/* ------------------------------------------------------------ helpers */

/* A register from address (NULL: none) on a connection of its own: 0 or
 * -1 with err. */
static int try_register(struct accounts *a, const char *name, const char *pw,
			struct account *acc, const char *address, char *err)
{
	unsigned failures = 0;
	double delay;

	return accounts_register(a, name, pw, acc, address, &failures, &delay, err,
				 ACCOUNTS_ERRLEN);
}

static struct account must_register(struct accounts *a, const char *name, const char *pw)
{
	struct account acc;
	char err[ACCOUNTS_ERRLEN];

	if (try_register(a, name, pw, &acc, NULL, err) < 0)
		fail_msg("register %s: %s", name, err);
	assert_true(acc.id > 0);
	assert_string_equal(acc.name, name);
	return acc;
}

/* A login's outcome: 0 or -1, err and delay filled. */
static int try_login(struct accounts *a, const char *name, const char *pw, unsigned *failures,
		     double *delay, char *err)
{
	struct account acc;

	return accounts_login(a, name, pw, &acc, NULL, failures, delay, err, ACCOUNTS_ERRLEN);
}

static void text_of(struct accounts *a, int (*fn)(struct accounts *, const char *,
						 struct strbuf *, char *, size_t),
		    const char *name, const char *expected)
{
	struct strbuf out = STRBUF_INIT;
	char err[ACCOUNTS_ERRLEN];

	if (fn(a, name, &out, err, sizeof(err)) < 0)
		fail_msg("%s", err);
	assert_string_equal(sb_str(&out), expected);
	sb_free(&out);
}

static void top_is(struct accounts *a, const char *game, const char *level,
		   const char *current, const char *expected)
{
	struct strbuf out = STRBUF_INIT;
	char err[ACCOUNTS_ERRLEN];

	if (accounts_top(a, game, level, current, &out, err, sizeof(err)) < 0)
		fail_msg("%s", err);
	assert_string_equal(sb_str(&out), expected);
	sb_free(&out);
}

static void add(struct accounts *a, long long id, const char *game, const char *level,
		enum accounts_result r, int times)
{
	char err[ACCOUNTS_ERRLEN];

	for (int i = 0; i < times; i++)
		if (accounts_record(a, id, game, level, r, err, sizeof(err)) < 0)
			fail_msg("%s", err);
}

/* Run sql (constant statements) on the database under test, behind the
 * store's back: what an older quintet left, or time passing. */
static void run_sql(const char *sql)
{
	if (!strcmp(backend, "sqlite")) {
		sqlite3 *db;
		char *msg = NULL;

		assert_int_equal(sqlite3_open(target, &db), SQLITE_OK);
		if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
			fail_msg("%s: %s", sql, msg);
		sqlite3_close(db);
		return;
	}
#ifdef HAVE_LIBPQ
	PGconn *c = PQconnectdb(target);
	PGresult *r = PQexec(c, sql);

	if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
		fail_msg("%s: %s", sql, PQerrorMessage(c));
	PQclear(r);
	PQfinish(c);
#endif
}

/* The integer a constant query answers (its first row's first column). */
static long long sql_value(const char *sql)
{
	long long v = -1;

	if (!strcmp(backend, "sqlite")) {
		sqlite3 *db;
		sqlite3_stmt *st;

		assert_int_equal(sqlite3_open(target, &db), SQLITE_OK);
		assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
		assert_int_equal(sqlite3_step(st), SQLITE_ROW);
		v = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		sqlite3_close(db);
		return v;
	}
#ifdef HAVE_LIBPQ
	PGconn *c = PQconnectdb(target);
	PGresult *r = PQexec(c, sql);

	assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
	v = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
	PQclear(r);
	PQfinish(c);
#endif
	return v;
}

/* A new token of *acc (its hash into acc->token) into token. */
static void must_token(struct accounts *a, struct account *acc, char *token)
{
	char err[ACCOUNTS_ERRLEN];

	if (accounts_token_new(a, acc, token, err, sizeof(err)) < 0)
		fail_msg("token of %s: %s", acc->name, err);
}

/* A token login from address on a connection with *failures: 0 with
 * *out, or -1 with err and *delay. */
static int try_token(struct accounts *a, const char *token, struct account *out,
		     const char *address, unsigned *failures, double *delay, char *err)
{
	return accounts_token_login(a, token, out, address, failures, delay, err,
				    ACCOUNTS_ERRLEN);
}

/* token logs acc in (a fresh connection, no address). */
static void token_works(struct accounts *a, const char *token, const struct account *acc)
{
	char err[ACCOUNTS_ERRLEN];
	unsigned failures = 0;
	double delay;
	struct account got;

	if (try_token(a, token, &got, NULL, &failures, &delay, err) < 0)
		fail_msg("token of %s refused: %s", acc->name, err);
	assert_int_equal(got.id, acc->id);
	assert_string_equal(got.name, acc->name);
}

/* token is refused with the one answer (a fresh connection, no address). */
static void token_refused(struct accounts *a, const char *token)
{
	char err[ACCOUNTS_ERRLEN];
	unsigned failures = 0;
	double delay;
	struct account got;

	assert_int_equal(try_token(a, token, &got, NULL, &failures, &delay, err), -1);
	assert_string_equal(err, ACCOUNTS_TOKEN_BAD);
	assert_true(delay == ACCOUNTS_DELAY_MIN);
}

/* How many rows of tokens hold hash. */
static long long token_rows(const char *hash)
{
	char sql[160];

	snprintf(sql, sizeof(sql), "SELECT count(*) FROM tokens WHERE hash = '%s'", hash);
	return sql_value(sql);
}

/* ------------------------------------------------------------ tests */

static void test_names_and_passwords(void **state)
{
	(void)state;
	assert_true(accounts_valid_name("a"));
	assert_true(accounts_valid_name("Alice_B.c-9"));
	assert_true(accounts_valid_name("abcdefghijklmnopqrstuvwxyz012345")); /* 32 */
	assert_false(accounts_valid_name(""));
	assert_false(accounts_valid_name("abcdefghijklmnopqrstuvwxyz0123456")); /* 33 */
	assert_false(accounts_valid_name("a b"));
	assert_false(accounts_valid_name("a/b"));
	assert_false(accounts_valid_name("caf\xc3\xa9"));
	assert_true(accounts_valid_password("12345678"));
	assert_true(accounts_valid_password("p@ss!word#\xc3\xa9"));
	assert_false(accounts_valid_password("1234567"));
	assert_false(accounts_valid_password("pass word1"));
	assert_false(accounts_valid_password("password\t1"));
	char longest[ACCOUNTS_PASS_MAX + 2];
	memset(longest, 'x', sizeof(longest));
	longest[ACCOUNTS_PASS_MAX] = '\0';
	assert_true(accounts_valid_password(longest));
	longest[ACCOUNTS_PASS_MAX] = 'x';
	longest[ACCOUNTS_PASS_MAX + 1] = '\0';
	assert_false(accounts_valid_password(longest));
}

static void test_register_and_login(void **state)
{
	struct accounts *a = open_default();
	struct account acc;
	char err[ACCOUNTS_ERRLEN];
	unsigned failures = 0;
	double delay;

	(void)state;
	struct account alice = must_register(a, "Alice", "secret123");
	assert_int_equal(try_register(a, "alice", "other1234", &acc, NULL, err), -1);
	assert_string_equal(err, "name taken");
	assert_int_equal(try_register(a, "ALICE", "other1234", &acc, NULL, err), -1);
	assert_string_equal(err, "name taken");
	assert_int_equal(try_register(a, "bad name", "other1234", &acc, NULL, err), -1);
	assert_string_equal(err, "invalid name");
	assert_int_equal(try_register(a, "bob", "short", &acc, NULL, err), -1);
	assert_string_equal(err, "invalid password");
	assert_int_equal(try_register(a, "bob", "has space", &acc, NULL, err), -1);
	assert_string_equal(err, "invalid password");

	assert_int_equal(accounts_login(a, "aLiCe", "secret123", &acc, NULL, &failures, &delay, err,
					sizeof(err)), 0);
	assert_int_equal(acc.id, alice.id);
	assert_string_equal(acc.name, "Alice"); /* as registered */
	assert_true(delay == 0);
	/* One answer for a wrong password, an unknown name, an invalid one. */
	const char *bad[][2] = { { "alice", "secret124" }, { "nobody", "secret123" },
				 { "in valid", "secret123" }, { "alice", "short" } };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		failures = 0;
		assert_int_equal(try_login(a, bad[i][0], bad[i][1], &failures, &delay, err), -1);
		assert_string_equal(err, ACCOUNTS_DENIED);
		assert_true(delay > 0);
	}
	accounts_free(a);
}

/* A register for a taken name is found before any hashing and counts as
 * a failure of its address: past max_failures the address registers
 * nothing (ACCOUNTS_LOCKED), another address still does, and the name's
 * owner is not locked out by it. */
static void test_register_taken(void **state)
{
	struct accounts_options o = { backend, target, crypto_pwhash_OPSLIMIT_INTERACTIVE,
				      crypto_pwhash_MEMLIMIT_INTERACTIVE, 3, 0, NULL, 0, 0 };
	char err[ACCOUNTS_ERRLEN];
	struct accounts *a = accounts_new(&o, err, sizeof(err));
	struct account acc;
	unsigned failures = 0;
	double delay = 0;

	(void)state;
	assert_non_null(a);
	must_register(a, "alice", "secret123");
	for (int i = 0; i < 3; i++) {
		assert_int_equal(accounts_register(a, "ALICE", "other1234", &acc, "10.0.0.1",
						   &failures, &delay, err, sizeof(err)), -1);
		assert_string_equal(err, ACCOUNTS_TAKEN);
		assert_true(delay > 0); /* answered after a failed login's delay */
	}
	assert_int_equal(try_register(a, "alice", "other1234", &acc, "10.0.0.1", err), -1);
	assert_string_equal(err, ACCOUNTS_LOCKED);
	assert_int_equal(try_register(a, "newname", "other1234", &acc, "10.0.0.1", err), -1);
	assert_string_equal(err, ACCOUNTS_LOCKED);
	assert_int_equal(try_register(a, "newname", "other1234", &acc, "10.0.0.2", err), 0);
	failures = 0;
	assert_int_equal(accounts_login(a, "alice", "secret123", &acc, "10.0.0.3", &failures,
					&delay, err, sizeof(err)), 0);
	accounts_free(a);
}

/* accounts.max_accounts: past it register is refused before any hashing,
 * until an account is deleted. */
static void test_max_accounts(void **state)
{
	struct accounts_options o = { backend, target, crypto_pwhash_OPSLIMIT_INTERACTIVE,
				      crypto_pwhash_MEMLIMIT_INTERACTIVE, 0, 2, NULL, 0, 0 };
	char err[ACCOUNTS_ERRLEN];
	struct accounts *a = accounts_new(&o, err, sizeof(err));
	struct account acc;
	unsigned failures = 0;
	double delay;

	(void)state;
	assert_non_null(a);
	must_register(a, "alice", "secret123");
	struct account bob = must_register(a, "bob", "secret123");
	assert_int_equal(try_register(a, "carol", "secret123", &acc, NULL, err), -1);
	assert_string_equal(err, ACCOUNTS_FULL);
	assert_int_equal(accounts_login(a, "carol", "secret123", &acc, NULL, &failures, &delay,
					err, sizeof(err)), -1);
	assert_string_equal(err, ACCOUNTS_DENIED); /* nothing was created */
	failures = 0;
	assert_int_equal(accounts_delete(a, &bob, "secret123", NULL, &failures, &delay, err,
					 sizeof(err)), 0);
	must_register(a, "carol", "secret123");
	accounts_free(a);
}

static void test_throttle(void **state)
{
	struct accounts *a = open_default();
	char err[ACCOUNTS_ERRLEN];
	unsigned conn = 0, other = 0;
	double delay;

	(void)state;
	must_register(a, "carol", "secret123");
	/* Per name: 0.25, 0.5, 1 on one connection; a new connection goes on
	 * from the name's count (2), not from its own. */
	const double expect[] = { 0.25, 0.5, 1.0 };
	for (int i = 0; i < 3; i++) {
		assert_int_equal(try_login(a, "carol", "wrong-one", &conn, &delay, err), -1);
		assert_true(delay == expect[i]);
	}
	assert_int_equal(try_login(a, "CAROL", "wrong-one", &other, &delay, err), -1);
	assert_true(delay == 2.0);
	/* A success resets the name and the connection. */
	assert_int_equal(try_login(a, "carol", "secret123", &conn, &delay, err), 0);
	assert_int_equal(conn, 0);
	assert_int_equal(try_login(a, "carol", "wrong-one", &conn, &delay, err), -1);
	assert_true(delay == 0.25);
	/* Per connection: failures on other names count too. */
	other = 4;
	assert_int_equal(try_login(a, "nobody1", "wrong-one", &other, &delay, err), -1);
	assert_true(delay == 4.0);
	/* Capped. */
	other = 40;
	assert_int_equal(try_login(a, "nobody2", "wrong-one", &other, &delay, err), -1);
	assert_true(delay == ACCOUNTS_DELAY_MAX);
	accounts_free(a);
}

static void test_passwd_and_delete(void **state)
{
	struct accounts *a = open_default();
	char err[ACCOUNTS_ERRLEN], *text;
	unsigned failures = 0;
	double delay;
	size_t len;

	(void)state;
	struct account dave = must_register(a, "dave", "secret123");
	assert_int_equal(accounts_passwd(a, &dave, "secret123", "bad pw", NULL, &failures, &delay, err,
					 sizeof(err)), -1);
	assert_string_equal(err, "invalid password");
	assert_int_equal(accounts_passwd(a, &dave, "wrong-old", "newsecret1", NULL, &failures, &delay,
					 err, sizeof(err)), -1);
	assert_string_equal(err, ACCOUNTS_DENIED);
	assert_true(delay == 0.25);
	assert_int_equal(accounts_passwd(a, &dave, "secret123", "newsecret1", NULL, &failures, &delay,
					 err, sizeof(err)), 0);
	assert_int_equal(try_login(a, "dave", "secret123", &failures, &delay, err), -1);
	assert_int_equal(try_login(a, "dave", "newsecret1", &failures, &delay, err), 0);

	add(a, dave.id, "go", "easy", ACCOUNTS_WIN, 1);
	assert_int_equal(accounts_save_put(a, dave.id, "g1", "go", 3, 100, 90, "text", false, err,
					   sizeof(err)), 0);
	assert_int_equal(accounts_delete(a, &dave, "secret123", NULL, &failures, &delay, err,
					 sizeof(err)), -1);
	assert_string_equal(err, ACCOUNTS_DENIED);
	assert_int_equal(accounts_delete(a, &dave, "newsecret1", NULL, &failures, &delay, err,
					 sizeof(err)), 0);
	assert_int_equal(try_login(a, "dave", "newsecret1", &failures, &delay, err), -1);
	struct strbuf out = STRBUF_INIT;
	assert_int_equal(accounts_stats(a, "dave", &out, err, sizeof(err)), -1);
	assert_string_equal(err, "no such player");
	sb_free(&out);
	/* The rows went with it (the cascade): nothing of the old id is left,
	 * and the name is free again. */
	assert_int_equal(accounts_save_get(a, dave.id, "g1", &text, &len, NULL, 0, err,
					   sizeof(err)), 1);
	top_is(a, NULL, NULL, NULL, "");
	struct account again = must_register(a, "Dave", "secret123");
	assert_true(again.id != dave.id);
	text_of(a, accounts_stats, "dave", "");
	accounts_free(a);
}

struct hash_out {
	char *hash; /* where the hash goes */
	size_t len;
};

static void hash_row(void *arg, const char *const *cols, int ncols)
{
	struct hash_out *out = arg;

	assert_true(ncols >= 3);
	snprintf(out->hash, out->len, "%s", cols[2]);
}

/* The stored hash of name, read through the storage interface. */
static void stored_hash(const char *name, char *hash, size_t len)
{
	char err[DB_ERRLEN];
	struct db *d = db_new(backend, target, 0, err, sizeof(err));
	struct db_conn *c = d ? db_acquire(d, err, sizeof(err)) : NULL;
	const char *params[1] = { name };
	struct hash_out out = { hash, len };

	if (!c)
		fail_msg("%s", err);
	hash[0] = '\0';
	assert_int_equal(db_exec(d, c, DB_ACCOUNT_FIND, params, 1, hash_row, &out, err,
				 sizeof(err)), 1);
	db_release(d, c, false);
	db_free(d);
}

/* A token: 64 lowercase hex digits, only its hash stored; it logs in as
 * its account (the hash handed back for logout), and keeps doing so; a
 * second one differs. Revoked (logout), it is refused, the other not. */
static void test_token_login(void **state)
{
	struct accounts *a = open_default();
	char t1[ACCOUNTS_TOKEN_HEX + 1], t2[ACCOUNTS_TOKEN_HEX + 1], err[ACCOUNTS_ERRLEN];
	unsigned failures = 3;
	double delay;
	struct account got;

	(void)state;
	struct account eve = must_register(a, "Eve", "secret123");
	assert_string_equal(eve.token, "");
	must_token(a, &eve, t1);
	assert_int_equal(strlen(t1), ACCOUNTS_TOKEN_HEX);
	assert_int_equal(strspn(t1, "0123456789abcdef"), ACCOUNTS_TOKEN_HEX);
	assert_int_equal(strlen(eve.token), ACCOUNTS_TOKEN_HEX);
	assert_string_not_equal(eve.token, t1);
	assert_int_equal(token_rows(eve.token), 1);
	char sql[160];
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM tokens WHERE hash = '%s'", t1);
	assert_int_equal(sql_value(sql), 0); /* the token itself is nowhere */

	/* A password's login holds no token (whatever *out held). */
	memset(&got, 'x', sizeof(got));
	assert_int_equal(accounts_login(a, "eve", "secret123", &got, NULL, &failures, &delay, err,
					sizeof(err)), 0);
	assert_string_equal(got.token, "");
	failures = 3;
	assert_int_equal(try_token(a, t1, &got, "10.0.0.1", &failures, &delay, err), 0);
	assert_int_equal(failures, 0); /* a success resets the connection's count */
	assert_int_equal(got.id, eve.id);
	assert_string_equal(got.name, "Eve");
	assert_string_equal(got.token, eve.token);
	token_works(a, t1, &eve);

	struct account again = eve;
	must_token(a, &again, t2);
	assert_string_not_equal(t1, t2);
	assert_string_not_equal(again.token, eve.token);
	/* Revoked: the session's own token only. */
	assert_int_equal(accounts_token_revoke(a, &eve, err, sizeof(err)), 0);
	assert_int_equal(token_rows(eve.token), 0);
	token_refused(a, t1);
	token_works(a, t2, &eve);
	assert_int_equal(accounts_token_revoke(a, &eve, err, sizeof(err)), 0); /* gone already */
	struct account none = { .id = eve.id };
	assert_int_equal(accounts_token_revoke(a, &none, err, sizeof(err)), 0); /* no token */
	token_works(a, t2, &eve);
	accounts_free(a);
}

/* The one answer for a wrong, malformed, revoked or expired token, each a
 * failure of the connection (the delay doubles) and of the address (past
 * max_failures it is refused unchecked), never of the account's name. */
static void test_token_refused(void **state)
{
	struct accounts_options o = { backend, target, crypto_pwhash_OPSLIMIT_INTERACTIVE,
				      crypto_pwhash_MEMLIMIT_INTERACTIVE, 4, 0, NULL, 0, 0 };
	char t[ACCOUNTS_TOKEN_HEX + 1], upper[ACCOUNTS_TOKEN_HEX + 1], err[ACCOUNTS_ERRLEN];
	char shorter[ACCOUNTS_TOKEN_HEX], longer[ACCOUNTS_TOKEN_HEX + 2];
	struct accounts *a = accounts_new(&o, err, sizeof(err));
	unsigned conn = 0, fresh = 0;
	double delay;
	struct account got;

	(void)state;
	assert_non_null(a);
	struct account fay = must_register(a, "fay", "secret123");
	must_token(a, &fay, t);
	for (size_t k = 0; k <= ACCOUNTS_TOKEN_HEX; k++)
		upper[k] = (char)toupper((unsigned char)t[k]);
	memcpy(shorter, t, sizeof(shorter) - 1);
	shorter[sizeof(shorter) - 1] = '\0';
	snprintf(longer, sizeof(longer), "%s0", t);
	/* Another token of the right form; the right one in upper case (when
	 * it has a letter, as all but one in 10^13 have), a digit short, a
	 * digit too many. */
	const char *const wrong[] = {
		"0000000000000000000000000000000000000000000000000000000000000000", upper,
		shorter, longer };
	const double expect[] = { 0.25, 0.5, 1.0, 2.0 };
	for (int i = 0; i < 4; i++) {
		assert_int_equal(try_token(a, wrong[i], &got, "10.0.0.7", &conn, &delay, err), -1);
		assert_string_equal(err, ACCOUNTS_TOKEN_BAD);
		assert_true(delay == expect[i]);
	}
	/* The address is past max_failures (4): even the right token is
	 * refused unchecked. */
	assert_int_equal(try_token(a, t, &got, "10.0.0.7", &fresh, &delay, err), -1);
	assert_string_equal(err, ACCOUNTS_LOCKED);
	assert_int_equal(try_token(a, "", &got, "10.0.0.7", &fresh, &delay, err), -1);
	assert_string_equal(err, ACCOUNTS_LOCKED);
	/* No name was counted: fay logs in from another address, by password
	 * and by token. */
	assert_int_equal(accounts_login(a, "fay", "secret123", &got, "10.0.0.8", &fresh, &delay,
					err, sizeof(err)), 0);
	assert_int_equal(try_token(a, t, &got, "10.0.0.8", &fresh, &delay, err), 0);
	accounts_free(a);
}

/* token_days: a token unused that long is refused and deleted; a login
 * starts its days anew. */
static void test_token_expiry(void **state)
{
	struct accounts_options o = { backend, target, crypto_pwhash_OPSLIMIT_INTERACTIVE,
				      crypto_pwhash_MEMLIMIT_INTERACTIVE, 0, 0, NULL, 0, 2 };
	char t1[ACCOUNTS_TOKEN_HEX + 1], t2[ACCOUNTS_TOKEN_HEX + 1], err[ACCOUNTS_ERRLEN];
	char sql[200];
	struct accounts *a = accounts_new(&o, err, sizeof(err));

	(void)state;
	assert_non_null(a);
	struct account gus = must_register(a, "gus", "secret123");
	struct account other = gus;
	must_token(a, &gus, t1);
	must_token(a, &other, t2);
	/* t1 last used two days and a minute ago, t2 a minute short of two. */
	snprintf(sql, sizeof(sql), "UPDATE tokens SET used = used - %d WHERE hash = '%s'",
		 2 * 86400 + 60, gus.token);
	run_sql(sql);
	snprintf(sql, sizeof(sql), "UPDATE tokens SET used = used - %d WHERE hash = '%s'",
		 2 * 86400 - 60, other.token);
	run_sql(sql);
	token_refused(a, t1);
	assert_int_equal(token_rows(gus.token), 0);
	token_works(a, t2, &gus);
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM tokens WHERE hash = '%s' AND used < %lld",
		 other.token, (long long)time(NULL) - 60);
	assert_int_equal(sql_value(sql), 0); /* its use recorded: the days start anew */
	token_works(a, t2, &gus);
	accounts_free(a);
}

/* An account keeps its 16 most recently used tokens: the 17th pushes out
 * the least recently used (and an expired one goes too). */
static void test_token_cap(void **state)
{
	struct accounts *a = open_default();
	char tokens[ACCOUNTS_TOKENS_MAX + 1][ACCOUNTS_TOKEN_HEX + 1];
	struct account held[ACCOUNTS_TOKENS_MAX + 1];
	char sql[200];

	(void)state;
	struct account hal = must_register(a, "hal", "secret123");
	for (int i = 0; i < ACCOUNTS_TOKENS_MAX; i++) {
		held[i] = hal;
		must_token(a, &held[i], tokens[i]);
		/* Last used i minutes ago: the first is the most recent, but
		 * token 5's use is older than all. */
		snprintf(sql, sizeof(sql), "UPDATE tokens SET used = used - %d WHERE hash = '%s'",
			 i == 5 ? 100000 : 60 * i, held[i].token);
		run_sql(sql);
	}
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM tokens WHERE account_id = %lld", hal.id);
	assert_int_equal(sql_value(sql), ACCOUNTS_TOKENS_MAX);
	held[ACCOUNTS_TOKENS_MAX] = hal;
	must_token(a, &held[ACCOUNTS_TOKENS_MAX], tokens[ACCOUNTS_TOKENS_MAX]);
	assert_int_equal(sql_value(sql), ACCOUNTS_TOKENS_MAX);
	token_refused(a, tokens[5]);
	for (int i = 0; i <= ACCOUNTS_TOKENS_MAX; i++)
		if (i != 5)
			token_works(a, tokens[i], &hal);
	accounts_free(a);
}

/* passwd revokes every token of the account (not another's); a deleted
 * account's go with it (the cascade). */
static void test_token_revoked_by_passwd(void **state)
{
	struct accounts *a = open_default();
	char t1[ACCOUNTS_TOKEN_HEX + 1], t2[ACCOUNTS_TOKEN_HEX + 1], t3[ACCOUNTS_TOKEN_HEX + 1];
	char err[ACCOUNTS_ERRLEN], sql[120];
	unsigned failures = 0;
	double delay;

	(void)state;
	struct account ida = must_register(a, "ida", "secret123");
	struct account jon = must_register(a, "jon", "secret123");
	struct account ida2 = ida;
	must_token(a, &ida, t1);
	must_token(a, &ida2, t2);
	must_token(a, &jon, t3);
	assert_int_equal(accounts_passwd(a, &ida, "wrong-pw", "newsecret1", NULL, &failures, &delay,
					 err, sizeof(err)), -1);
	token_works(a, t1, &ida); /* a refused passwd revokes nothing */
	assert_int_equal(accounts_passwd(a, &ida, "secret123", "newsecret1", NULL, &failures,
					 &delay, err, sizeof(err)), 0);
	token_refused(a, t1);
	token_refused(a, t2);
	token_works(a, t3, &jon);
	assert_int_equal(accounts_delete(a, &jon, "secret123", NULL, &failures, &delay, err,
					 sizeof(err)), 0);
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM tokens WHERE account_id = %lld", jon.id);
	assert_int_equal(sql_value(sql), 0);
	token_refused(a, t3);
	/* A token for an account deleted meanwhile: none made. */
	assert_int_equal(accounts_token_new(a, &jon, t3, err, sizeof(err)), -1);
	assert_string_equal(err, "no such player");
	assert_int_equal(sql_value(sql), 0);
	accounts_free(a);
}

static void test_rehash(void **state)
{
	char err[ACCOUNTS_ERRLEN], before[256], after[256];
	unsigned failures = 0;
	double delay;

	(void)state;
	struct accounts *a = open_default();
	must_register(a, "erin", "secret123");
	accounts_free(a);
	stored_hash("erin", before, sizeof(before));
	assert_non_null(strstr(before, "$argon2id$"));
	assert_non_null(strstr(before, ",t=2,"));
	/* The configuration asks for more: the next login rehashes. */
	a = open_with(3, crypto_pwhash_MEMLIMIT_INTERACTIVE);
	assert_int_equal(try_login(a, "erin", "secret123", &failures, &delay, err), 0);
	accounts_free(a);
	stored_hash("erin", after, sizeof(after));
	assert_non_null(strstr(after, ",t=3,"));
	/* Cheaper again: the stronger hash stays, and still verifies. */
	a = open_default();
	assert_int_equal(try_login(a, "erin", "secret123", &failures, &delay, err), 0);
	accounts_free(a);
	stored_hash("erin", before, sizeof(before));
	assert_string_equal(before, after);
}

static void test_stats(void **state)
{
	struct accounts *a = open_default();
	char err[ACCOUNTS_ERRLEN];
	struct strbuf out = STRBUF_INIT;

	(void)state;
	struct account f = must_register(a, "frank", "secret123");
	add(a, f.id, "go", "easy", ACCOUNTS_WIN, 2);
	add(a, f.id, "go", "easy", ACCOUNTS_LOSS, 1);
	add(a, f.id, "go", "hard", ACCOUNTS_DRAW, 1);
	add(a, f.id, "ataxx", "medium", ACCOUNTS_LOSS, 3);
	add(a, f.id, "ataxx", "mixed", ACCOUNTS_WIN, 1);
	add(a, f.id, "go", "human", ACCOUNTS_DRAW, 1);
	text_of(a, accounts_stats, "FRANK",
		"ataxx medium 0 3 0\nataxx mixed 1 0 0\ngo easy 2 1 0\ngo hard 0 0 1\n"
		"go human 0 0 1");
	assert_int_equal(accounts_stats(a, "nobody", &out, err, sizeof(err)), -1);
	assert_string_equal(err, "no such player");
	assert_int_equal(accounts_stats(a, "no body", &out, err, sizeof(err)), -1);
	assert_string_equal(err, "invalid name");
	sb_free(&out);
	accounts_free(a);
}

static void test_top(void **state)
{
	struct accounts *a = open_default();

	(void)state;
	top_is(a, NULL, NULL, NULL, "");
	/* Registered in this order: older accounts first on a full tie. */
	struct account p[5];
	const char *names[5] = { "p1", "p2", "p3", "p4", "p5" };
	for (int i = 0; i < 5; i++)
		p[i] = must_register(a, names[i], "secret123");
	add(a, p[0].id, "go", "easy", ACCOUNTS_WIN, 3);   /* 3 of 4 */
	add(a, p[0].id, "go", "easy", ACCOUNTS_LOSS, 1);
	add(a, p[1].id, "go", "hard", ACCOUNTS_WIN, 3);   /* 3 of 3 */
	add(a, p[2].id, "ataxx", "easy", ACCOUNTS_WIN, 3); /* 3 of 3, younger than p2 */
	add(a, p[3].id, "go", "easy", ACCOUNTS_WIN, 1);   /* 1 of 1 */
	add(a, p[4].id, "go", "easy", ACCOUNTS_LOSS, 2);  /* 0 of 2 */
	add(a, p[4].id, "go", "human", ACCOUNTS_WIN, 9);  /* not counted without a level */
	add(a, p[4].id, "go", "mixed", ACCOUNTS_WIN, 9);
	top_is(a, NULL, NULL, NULL, "1 p2 3 0 0\n2 p3 3 0 0\n3 p1 3 1 0");
	/* The asking player's line follows when not among the three. */
	top_is(a, NULL, NULL, "P5", "1 p2 3 0 0\n2 p3 3 0 0\n3 p1 3 1 0\n5 p5 0 2 0");
	top_is(a, NULL, NULL, "p3", "1 p2 3 0 0\n2 p3 3 0 0\n3 p1 3 1 0");
	top_is(a, "go", NULL, NULL, "1 p2 3 0 0\n2 p1 3 1 0\n3 p4 1 0 0");
	top_is(a, "go", "easy", "p5", "1 p1 3 1 0\n2 p4 1 0 0\n3 p5 0 2 0");
	top_is(a, "go", "human", NULL, "1 p5 9 0 0");
	top_is(a, "flood", NULL, "p1", "");
	accounts_free(a);
}

static void test_saves(void **state)
{
	struct accounts *a = open_default();
	char err[ACCOUNTS_ERRLEN], game[32], *text;
	struct accounts_save_entry *list;
	size_t len, n;

	(void)state;
	struct account g = must_register(a, "gina", "secret123");
	struct account h = must_register(a, "hank", "secret123");
	assert_int_equal(accounts_save_put(a, g.id, "one", "go", 3, 100, 50, "text one", false,
					   err, sizeof(err)), 0);
	assert_int_equal(accounts_save_put(a, g.id, "two", "ataxx", 5, 200, 60, "text two", false,
					   err, sizeof(err)), 0);
	assert_int_equal(accounts_save_put(a, g.id, "one", "flood", 7, 150, 70, "text three",
					   false, err, sizeof(err)), 0);
	assert_int_equal(accounts_save_get(a, g.id, "one", &text, &len, game, sizeof(game), err,
					   sizeof(err)), 0);
	assert_string_equal(text, "text three");
	assert_int_equal(len, 10);
	assert_string_equal(game, "flood");
	free(text);
	assert_int_equal(accounts_save_get(a, h.id, "one", &text, &len, NULL, 0, err, sizeof(err)),
			 1); /* another player's */
	assert_int_equal(accounts_save_list(a, g.id, &list, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_string_equal(list[0].name, "two");
	assert_string_equal(list[1].name, "one");
	assert_int_equal(list[1].moves, 7);
	assert_int_equal(list[1].saved, 150);
	free(list);
	assert_int_equal(accounts_save_delete(a, g.id, "one", err, sizeof(err)), 0);
	assert_int_equal(accounts_save_delete(a, g.id, "one", err, sizeof(err)), 1);
	/* The autosave of one game replaces itself; another game's is kept. */
	assert_int_equal(accounts_save_put(a, g.id, "autosave", "go", 1, 300, 1700000000,
					   "first", true, err, sizeof(err)), 0);
	assert_int_equal(accounts_save_put(a, g.id, "autosave", "go", 2, 301, 1700000000,
					   "first, later", true, err, sizeof(err)), 0);
	assert_int_equal(accounts_save_put(a, g.id, "autosave", "ataxx", 1, 302, 1700000500,
					   "second", true, err, sizeof(err)), 0);
	assert_int_equal(accounts_save_get(a, g.id, "autosave", &text, &len, NULL, 0, err,
					   sizeof(err)), 0);
	assert_string_equal(text, "second");
	free(text);
	assert_int_equal(accounts_save_get(a, g.id, "autosave-20231114T221320", &text, &len, game,
					   sizeof(game), err, sizeof(err)), 0);
	assert_string_equal(text, "first, later");
	assert_string_equal(game, "go");
	free(text);
	assert_int_equal(accounts_save_list(a, g.id, &list, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	free(list);
	accounts_free(a);
}

static void test_schema(void **state)
{
	char err[DB_ERRLEN];
	unsigned failures = 0;
	double delay;

	(void)state;
	struct accounts *a = open_default();
	must_register(a, "ivan", "secret123");
	accounts_free(a);
	/* Opened again: the data is there, nothing migrated twice. */
	a = open_default();
	assert_int_equal(try_login(a, "ivan", "secret123", &failures, &delay, err), 0);
	accounts_free(a);
	/* A version-1 database (before the tokens): migrated at the next
	 * open, its accounts kept. */
	run_sql("DROP TABLE tokens; UPDATE schema_version SET version = 1");
	a = open_default();
	struct account ivan;
	char token[ACCOUNTS_TOKEN_HEX + 1];
	assert_int_equal(accounts_login(a, "ivan", "secret123", &ivan, NULL, &failures, &delay,
					err, sizeof(err)), 0);
	must_token(a, &ivan, token);
	token_works(a, token, &ivan);
	assert_int_equal(sql_value("SELECT version FROM schema_version"), DB_SCHEMA_VERSION);
	accounts_free(a);
	/* A schema from a newer quintet is refused, not touched: the client
	 * gets one short line (the detail is logged). */
	if (!strcmp(backend, "sqlite")) {
		sqlite3 *db;

		assert_int_equal(sqlite3_open(target, &db), SQLITE_OK);
		assert_int_equal(sqlite3_exec(db, "UPDATE schema_version SET version = 99", NULL,
					      NULL, NULL), SQLITE_OK);
		sqlite3_close(db);
	} else {
#ifdef HAVE_LIBPQ
		PGconn *c = PQconnectdb(target);
		PQclear(PQexec(c, "UPDATE schema_version SET version = 99"));
		PQfinish(c);
#endif
	}
	a = open_default();
	assert_int_equal(try_login(a, "ivan", "secret123", &failures, &delay, err), -1);
	assert_string_equal(err, DB_UNAVAILABLE);
	accounts_free(a);
}

/* ------------------------------------------------------------ the spool */

/* The accounts with their spool in data_dir. */
static struct accounts *open_spooled(const char *data_dir)
{
	struct accounts_options o = { backend, target, crypto_pwhash_OPSLIMIT_INTERACTIVE,
				      crypto_pwhash_MEMLIMIT_INTERACTIVE, 0, 0, data_dir, 0, 0 };
	char err[ACCOUNTS_ERRLEN];
	struct accounts *a = accounts_new(&o, err, sizeof(err));

	if (!a)
		fail_msg("accounts_new: %s", err);
	return a;
}

/* Files in data_dir/spool whose names start with one of prefix's bytes. */
static int spool_files(const char *data_dir, const char *prefix)
{
	char path[400];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "%s/spool", data_dir);
	if (!(d = opendir(path)))
		return 0;
	while ((de = readdir(d)))
		n += de->d_name[0] != '.' && strchr(prefix, de->d_name[0]) != NULL;
	closedir(d);
	return n;
}

#define ENTRIES "0123456789" /* a waiting entry's name starts with a digit */

/* SQLite's file moved away (refused: another file, or none) or back. */
static void move_file(bool away)
{
	char aside[1300];

	snprintf(aside, sizeof(aside), "%s.away", target);
	assert_int_equal(away ? rename(target, aside) : rename(aside, target), 0);
}

static void test_spool_replay(void **state)
{
	char err[ACCOUNTS_ERRLEN], *text;
	struct strbuf out = STRBUF_INIT;
	size_t len;

	(void)state;
	if (strcmp(backend, "sqlite"))
		skip(); /* an outage of a server is tests/integration/postgresql.py's */
	struct accounts *a = open_spooled(dir);
	struct account m = must_register(a, "mia", "secret123");
	char token[ACCOUNTS_TOKEN_HEX + 1];
	unsigned failures = 0;
	double delay;
	struct account got;
	must_token(a, &m, token);
	move_file(true);
	assert_int_equal(accounts_record(a, m.id, "go", "easy", ACCOUNTS_WIN, err, sizeof(err)), 1);
	assert_non_null(strstr(err, "database unavailable"));
	assert_int_equal(accounts_save_spool(a, m.id, "autosave", "go", 3, 1000, 900,
					     "quintet_save: 1\n", err, sizeof(err)), 0);
	/* A logout's revocation waits too (no token logs in meanwhile). */
	assert_int_equal(accounts_token_revoke(a, &m, err, sizeof(err)), 1);
	assert_int_equal(try_token(a, token, &got, NULL, &failures, &delay, err), -1);
	assert_non_null(strstr(err, "database unavailable"));
	assert_int_equal(spool_files(dir, ENTRIES), 3);
	assert_int_equal(accounts_stats(a, "mia", &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "database unavailable"));
	/* Back: the next call stores them first, and empties the spool. */
	move_file(false);
	text_of(a, accounts_stats, "mia", "go easy 1 0 0");
	token_refused(a, token);
	assert_int_equal(accounts_save_get(a, m.id, "autosave", &text, &len, NULL, 0, err,
					   sizeof(err)), 0);
	assert_string_equal(text, "quintet_save: 1\n");
	free(text);
	assert_int_equal(spool_files(dir, ENTRIES), 0);
	/* Kept by one process, stored by the next. */
	move_file(true);
	assert_int_equal(accounts_record(a, m.id, "go", "easy", ACCOUNTS_WIN, err, sizeof(err)), 1);
	accounts_free(a);
	move_file(false);
	a = open_spooled(dir);
	text_of(a, accounts_stats, "mia", "go easy 2 0 0");
	assert_int_equal(spool_files(dir, ENTRIES), 0);
	sb_free(&out);
	accounts_free(a);
}

static void test_spool_rejected(void **state)
{
	char err[ACCOUNTS_ERRLEN], data_dir[64] = "/tmp/quintet-spool.XXXXXX";
	unsigned failures = 0;
	double delay;

	(void)state;
	assert_non_null(mkdtemp(data_dir));
	struct accounts *a = open_spooled(data_dir);
	must_register(a, "nora", "secret123");
	/* An entry of an account the database does not have: refused at the
	 * replay, kept aside, and the call goes on. */
	assert_int_equal(accounts_save_spool(a, 999999, "autosave", "go", 1, 1000, 900,
					     "quintet_save: 1\n", err, sizeof(err)), 0);
	assert_int_equal(try_login(a, "nora", "secret123", &failures, &delay, err), 0);
	assert_int_equal(spool_files(data_dir, ENTRIES), 0);
	assert_int_equal(spool_files(data_dir, "r"), 1);
	accounts_free(a);
	nftw(data_dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

static void test_deleted_file(void **state)
{
	char err[ACCOUNTS_ERRLEN];
	unsigned failures = 0;
	double delay;
	struct account acc;

	(void)state;
	if (strcmp(backend, "sqlite"))
		skip();
	struct accounts *a = open_spooled(dir);
	struct account k = must_register(a, "kim", "secret123");
	assert_int_equal(unlink(target), 0);
	/* Refused, not written into the deleted file (which the restart loses),
	 * and no new file made either. */
	assert_int_equal(accounts_register(a, "lee", "secret123", &acc, "10.0.0.1", &failures,
					   &delay, err, sizeof(err)),
			 -1);
	assert_non_null(strstr(err, "database unavailable"));
	assert_int_equal(accounts_save_put(a, k.id, "mine", "go", 1, 1000, 900,
					   "quintet_save: 1\n", false, err, sizeof(err)),
			 ACCOUNTS_OUTAGE);
	assert_int_equal(access(target, F_OK), -1);
	/* A finished game's result waits in the spool. */
	assert_int_equal(accounts_record(a, k.id, "go", "easy", ACCOUNTS_WIN, err, sizeof(err)), 1);
	accounts_free(a);
	/* Restarted on a new file: what was refused is not there, as its
	 * client was told; the result of an account the new file does not
	 * have is kept aside. */
	a = open_spooled(dir);
	assert_int_equal(try_login(a, "lee", "secret123", &failures, &delay, err), -1);
	assert_string_equal(err, ACCOUNTS_DENIED);
	assert_int_equal(spool_files(dir, "r"), 1);
	accounts_free(a);
}

/* Reads before any write find no file as an empty database and make
 * none (a stdin engine's top or stats); the first write makes it. */
static void test_read_creates_nothing(void **state)
{
	struct strbuf out = STRBUF_INIT;
	char err[ACCOUNTS_ERRLEN];

	(void)state;
	if (strcmp(backend, "sqlite"))
		skip();
	struct accounts *a = open_spooled(NULL);
	top_is(a, NULL, NULL, NULL, "");
	assert_int_equal(accounts_stats(a, "kim", &out, err, sizeof(err)), -1);
	assert_string_equal(err, "no such player");
	assert_int_equal(access(target, F_OK), -1);
	must_register(a, "kim", "secret123");
	assert_int_equal(access(target, F_OK), 0);
	accounts_free(a);
	sb_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_and_passwords),
		cmocka_unit_test_setup_teardown(test_read_creates_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_register_and_login, setup, teardown),
		cmocka_unit_test_setup_teardown(test_throttle, setup, teardown),
		cmocka_unit_test_setup_teardown(test_max_accounts, setup, teardown),
		cmocka_unit_test_setup_teardown(test_register_taken, setup, teardown),
		cmocka_unit_test_setup_teardown(test_passwd_and_delete, setup, teardown),
		cmocka_unit_test_setup_teardown(test_token_login, setup, teardown),
		cmocka_unit_test_setup_teardown(test_token_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_token_expiry, setup, teardown),
		cmocka_unit_test_setup_teardown(test_token_cap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_token_revoked_by_passwd, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rehash, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stats, setup, teardown),
		cmocka_unit_test_setup_teardown(test_top, setup, teardown),
		cmocka_unit_test_setup_teardown(test_saves, setup, teardown),
		cmocka_unit_test_setup_teardown(test_schema, setup, teardown),
		cmocka_unit_test_setup_teardown(test_spool_replay, setup, teardown),
		cmocka_unit_test_setup_teardown(test_spool_rejected, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deleted_file, setup, teardown),
	};
	const char *pg = getenv("QUINTET_TEST_PG");

	if (sodium_init() < 0)
		return 1;
	/* One backend per run (cmocka's TAP output takes one group):
	 * QUINTET_TEST_PG=CONNINFO runs the same suite on PostgreSQL. */
	if (pg && *pg) {
		backend = "postgresql";
		snprintf(target, sizeof(target), "%s", pg);
		return cmocka_run_group_tests_name("accounts (postgresql)", tests, NULL, NULL);
	}
	return cmocka_run_group_tests_name("accounts (sqlite)", tests, NULL, NULL);
}
