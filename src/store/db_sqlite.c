/* SQLite, the embedded backend of store/db.h: one file (created on first
 * use), WAL so that readers never wait for the writer, a busy timeout so
 * that two processes (or two workers) writing at once wait for each other
 * instead of failing (storage.timeout: then the call fails, so that a
 * process holding the lock delays a command, never blocks it for good),
 * foreign keys on (off by default in SQLite, and the
 * cascades of account deletion depend on them), synchronous=FULL so a
 * committed transaction survives a power cut. Statements are prepared
 * once per connection, on first use, and reset after each run. */
#include "store/db.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/xalloc.h"

struct db_conn {
	sqlite3 *db;                         /* the connection */
	sqlite3_stmt *stmts[DB_STMT_COUNT];  /* prepared on first use */
	int busy_ms;                         /* how long a writer waits for another */
	bool down;                           /* the last failure was unavailability */
};

/* Whether an SQLite error is the database's not answering (locked past the
 * busy timeout, no room, an I/O error, a file gone), not the statement's. */
static bool code_unavailable(int code)
{
	switch (code & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
	case SQLITE_FULL:
	case SQLITE_IOERR:
	case SQLITE_CANTOPEN:
	case SQLITE_READONLY:
	case SQLITE_PROTOCOL:
	case SQLITE_NOMEM:
		return true;
	default:
		return false;
	}
}

static int fail(struct db_conn *c, char *err, size_t errlen, const char *what)
{
	c->down = code_unavailable(sqlite3_extended_errcode(c->db));
	snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(c->db));
	return -1;
}

static bool sq_unavailable(const struct db_conn *c)
{
	return c->down;
}

static void sq_disconnect(struct db_conn *c)
{
	if (!c)
		return;
	for (int i = 0; i < DB_STMT_COUNT; i++)
		sqlite3_finalize(c->stmts[i]);
	sqlite3_close(c->db);
	free(c);
}

/* Connections opened at once all switch a new file to WAL: two holding a
 * shared lock and both wanting the exclusive one is a deadlock SQLite
 * answers with SQLITE_BUSY at once, without calling the busy handler, so
 * the setup is retried here for as long as the busy timeout. */
static int run_setup(sqlite3 *db, const char *setup, int busy_ms)
{
	int rc = sqlite3_exec(db, setup, NULL, NULL, NULL);

	for (int waited = 0; (rc & 0xff) == SQLITE_BUSY && waited < busy_ms; waited += 10) {
		sqlite3_sleep(10);
		rc = sqlite3_exec(db, setup, NULL, NULL, NULL);
	}
	return rc;
}

static struct db_conn *sq_connect(const char *target, double timeout, char *err,
				  size_t errlen)
{
	static const char setup[] = "PRAGMA journal_mode = WAL;"
				    "PRAGMA foreign_keys = ON;"
				    "PRAGMA synchronous = FULL;";
	struct db_conn *c = xcalloc(1, sizeof(*c));
	int rc = sqlite3_open_v2(target, &c->db,
				 SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
				 NULL);

	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", target,
			 c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(rc));
		sq_disconnect(c);
		return NULL;
	}
	sqlite3_extended_result_codes(c->db, 1);
	c->busy_ms = (int)(timeout * 1000);
	sqlite3_busy_timeout(c->db, c->busy_ms);
	if (run_setup(c->db, setup, c->busy_ms) != SQLITE_OK) {
		fail(c, err, errlen, target);
		sq_disconnect(c);
		return NULL;
	}
	return c;
}

static int sq_script(struct db_conn *c, const char *sql, char *err, size_t errlen)
{
	return sqlite3_exec(c->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0
								     : fail(c, err, errlen, "sqlite");
}

static int sq_query_int(struct db_conn *c, const char *sql, long *out, bool *found, char *err,
			size_t errlen)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) != SQLITE_OK)
		return fail(c, err, errlen, "sqlite");
	rc = sqlite3_step(st);
	*found = rc == SQLITE_ROW;
	if (*found)
		*out = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : fail(c, err, errlen, "sqlite");
}

/* Statement s, prepared on first use. */
static sqlite3_stmt *statement(struct db_conn *c, enum db_stmt s, char *err, size_t errlen)
{
	if (!c->stmts[s] &&
	    sqlite3_prepare_v3(c->db, db_sql_sqlite[s], -1, SQLITE_PREPARE_PERSISTENT,
			       &c->stmts[s], NULL) != SQLITE_OK) {
		fail(c, err, errlen, "prepare");
		return NULL;
	}
	return c->stmts[s];
}

static int sq_exec(struct db_conn *c, enum db_stmt s, const char *const *params, int n,
		   db_row_fn row, void *arg, char *err, size_t errlen)
{
	sqlite3_stmt *st = statement(c, s, err, errlen);
	const char *cols[DB_MAX_COLS];
	int rc, rows = 0;

	if (!st)
		return -1;
	for (int i = 0; i < n; i++) {
		char name[16];

		snprintf(name, sizeof(name), "$%d", i + 1);
		int index = sqlite3_bind_parameter_index(st, name);
		if (index > 0 &&
		    sqlite3_bind_text(st, index, params[i], -1, SQLITE_TRANSIENT) != SQLITE_OK) {
			sqlite3_reset(st);
			return fail(c, err, errlen, "bind");
		}
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int ncols = sqlite3_column_count(st);

		if (ncols > DB_MAX_COLS)
			ncols = DB_MAX_COLS;
		for (int i = 0; i < ncols; i++)
			cols[i] = (const char *)sqlite3_column_text(st, i);
		if (row)
			row(arg, cols, ncols);
		rows++;
	}
	if (rc != SQLITE_DONE) {
		fail(c, err, errlen, "sqlite");
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
		return -1;
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rows;
}

/* The file's device and inode: a file deleted under the daemon (its
 * connections write on into the unlinked inode, which the restart loses)
 * or replaced by another has another identity, or none. */
static int sq_identity(const char *target, char *buf, size_t len)
{
	struct stat st;

	if (stat(target, &st) < 0)
		return -1;
	snprintf(buf, len, "%llu:%llu", (unsigned long long)st.st_dev,
		 (unsigned long long)st.st_ino);
	return 0;
}

const struct db_backend db_sqlite = {
	.name = "sqlite",
	.connect = sq_connect,
	.disconnect = sq_disconnect,
	.unavailable = sq_unavailable,
	.script = sq_script,
	.query_int = sq_query_int,
	.exec = sq_exec,
	.begin_sql = "BEGIN IMMEDIATE",
	.migrate_lock_sql = NULL, /* BEGIN IMMEDIATE holds the write lock already */
	.migrations = db_migrations_sqlite,
	.identity = sq_identity,
	.lost = NULL, /* a file: nothing to lose but the file (identity) */
};
