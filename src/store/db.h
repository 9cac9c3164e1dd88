/* The storage interface: one database of accounts, statistics, players'
 * saves and session tokens, two implementations (db_sqlite.c, embedded, the default; and
 * db_pg.c, PostgreSQL, for several daemons sharing one database). The
 * logic above it (store/accounts.c) is written once against the named
 * statements below; a backend prepares each statement's text once per
 * connection and runs it with text parameters, handing rows back as text.
 *
 * The schema (both dialects, versioned in schema_version, migrated at the
 * first connection of a process inside one transaction, PostgreSQL under
 * an advisory lock so that daemons starting together migrate once):
 *
 *   accounts(id, name, name_key UNIQUE, hash, created)
 *       name as registered, name_key its lower-case form (names are
 *       case-insensitively unique), hash crypto_pwhash_str's text,
 *       created in Unix seconds (the "oldest account" of top's ties)
 *   stats(account_id -> accounts ON DELETE CASCADE, game, level,
 *         wins, losses, draws)          PRIMARY KEY (account_id, game, level)
 *   saves(account_id -> accounts ON DELETE CASCADE, name, game, moves,
 *         saved, created, text)        PRIMARY KEY (account_id, name)
 *       text is the save file's YAML (store/save_yaml.h), whole
 *   tokens(hash PRIMARY KEY, account_id -> accounts ON DELETE CASCADE,
 *          created, used)               INDEX (account_id, used)
 *       hash is crypto_generichash's of a session token (hex), never the
 *       token; created and used (the last login with it) in Unix seconds
 *       (version 2)
 *
 * Threads: a struct db is shared; a struct db_conn is used by one thread
 * at a time (db_acquire hands one out of a pool, opening it on first use,
 * db_release gives it back). No SQL text is ever built from a client's
 * words: every value is a bound parameter.
 *
 * Time limits: every call waits at most the db's timeout (storage.timeout)
 * for the database: SQLite's busy timeout; PostgreSQL's connect_timeout,
 * statement_timeout and lock_timeout, and a client-side wait of the
 * timeout plus DB_PG_GRACE for a server that stops answering mid-query
 * (the server's own limit normally answers first, keeping the connection).
 *
 * Errors: the backends' texts name files, hosts and socket paths and span
 * lines; they go to the log (warn), and the caller's err gets one short
 * line: DB_UNAVAILABLE when the database could not answer (unreachable,
 * a time limit, a lost connection, a full disk), DB_FAILED otherwise. */
#ifndef QUINTET_DB_H
#define QUINTET_DB_H

#include <stdbool.h>
#include <stddef.h>

#define DB_ERRLEN 256
#define DB_MAX_PARAMS 8
#define DB_MAX_COLS 8
#define DB_TIMEOUT_DEFAULT 3.0 /* seconds a call may wait (storage.timeout) */
#define DB_PG_GRACE 1.0 /* seconds past it before a silent server is given up */
#define DB_UNAVAILABLE "database unavailable" /* a client's error: try later */
#define DB_FAILED "database error"           /* a client's error: the statement failed */

/* The statements, one text per dialect in db_sql.c. */
enum db_stmt {
	DB_ACCOUNT_INSERT,   /* name, key, hash, created -> id (no row: name taken) */
	DB_ACCOUNT_FIND,     /* key -> id, name, hash, created */
	DB_ACCOUNT_SET_HASH, /* id, hash -> id */
	DB_ACCOUNT_DELETE,   /* id -> id */
	DB_ACCOUNT_COUNT,    /* -> how many accounts there are */
	DB_STATS_ADD,        /* id, game, level, wins, losses, draws */
	DB_STATS_LIST,       /* id -> game, level, wins, losses, draws */
	DB_TOP,              /* game or "", level or "" -> name, wins, losses, draws */
	DB_SAVE_PUT,         /* id, name, game, moves, saved, created, text */
	DB_SAVE_GET,         /* id, name -> text, game, created */
	DB_SAVE_LIST,        /* id -> name, game, moves, saved */
	DB_SAVE_DELETE,      /* id, name -> name */
	DB_TOKEN_INSERT,     /* hash, id, now -> id (no row: no such account) */
	DB_TOKEN_TRIM,       /* id, hash, others, cutoff: of the account's tokens
			      * but hash, keep only the others most recently
			      * used, and none used before cutoff */
	DB_TOKEN_FIND,       /* hash -> id, name, used */
	DB_TOKEN_USE,        /* hash, now -> id */
	DB_TOKEN_DELETE,     /* hash, id -> id */
	DB_TOKEN_DELETE_ALL, /* id */
	DB_STMT_COUNT
};

/* A row: ncols values as text (NULL for SQL NULL), valid during the call. */
typedef void (*db_row_fn)(void *arg, const char *const *cols, int ncols);

struct db_conn;

/* One backend. Every function returns 0 (exec: rows seen), or -1 with err
 * (the backend's own text, for the log). */
struct db_backend {
	const char *name; /* storage.backend's word: "sqlite", "postgresql" */
	/* Connect with target (the SQLite file's path, or a libpq conninfo);
	 * every call on the connection waits at most timeout seconds. */
	struct db_conn *(*connect)(const char *target, double timeout, char *err,
				   size_t errlen);
	/* Whether c's last failure was the database's not answering (a time
	 * limit, a lost connection, no room), not the statement's. */
	bool (*unavailable)(const struct db_conn *c);
	void (*disconnect)(struct db_conn *c);
	/* Run a constant text of one or more statements, no parameters:
	 * transaction control and the migrations, never a client's words. */
	int (*script)(struct db_conn *c, const char *sql, char *err, size_t errlen);
	/* A constant query's first column of its first row, as an integer
	 * (*found false when there is no row). */
	int (*query_int)(struct db_conn *c, const char *sql, long *out, bool *found, char *err,
			 size_t errlen);
	/* Run statement s with n text parameters; each row to row (may be NULL). */
	int (*exec)(struct db_conn *c, enum db_stmt s, const char *const *params, int n,
		    db_row_fn row, void *arg, char *err, size_t errlen);
	/* A write transaction's first statement (SQLite: BEGIN IMMEDIATE, so
	 * two writers never deadlock upgrading a read lock). */
	const char *begin_sql;
	/* Run first in the migration's transaction (PostgreSQL's advisory
	 * lock: daemons starting at once migrate one after the other), or NULL. */
	const char *migrate_lock_sql;
	/* Migration i brings schema version i to i + 1 (DB_SCHEMA_VERSION texts). */
	const char *const *migrations;
	/* What database target names now, as text (SQLite: the file's device
	 * and inode; -1 when there is no file), compared by the pool with what
	 * the first connection found: a file deleted or replaced under the
	 * daemon is refused instead of taking writes that a restart loses.
	 * NULL: a server, always the same database. */
	int (*identity)(const char *target, char *buf, size_t len);
	/* After a failure on c: whether the connection itself is gone (the
	 * server went away), rather than the statement refused. NULL: never. */
	bool (*lost)(struct db_conn *c);
};

extern const struct db_backend db_sqlite;
extern const struct db_backend db_postgresql;

/* The newest schema version, and the statements' texts (db_sql.c): sqlite
 * and postgresql dialects, parameters written $1, $2... in both. */
#define DB_SCHEMA_VERSION 2
extern const char *const db_sql_sqlite[DB_STMT_COUNT];
extern const char *const db_sql_postgresql[DB_STMT_COUNT];
/* Migration i brings version i to i + 1 (i from 0), per dialect. */
extern const char *const db_migrations_sqlite[DB_SCHEMA_VERSION];
extern const char *const db_migrations_postgresql[DB_SCHEMA_VERSION];

struct db;

/* A database of backend (by storage.backend name) at target, each call
 * waiting at most timeout seconds (0: DB_TIMEOUT_DEFAULT); nothing is
 * opened until the first db_acquire. NULL with err for an unknown backend. */
struct db *db_new(const char *backend, const char *target, double timeout, char *err,
		  size_t errlen);

/* Close every pooled connection and free d (no connection may be out). */
void db_free(struct db *d);

/* The backend's name. */
const char *db_backend_name(const struct db *d);

/* A connection for this thread's use (any thread but the loop's): a pooled
 * one, or a new one (the first of the process also migrates the schema).
 * NULL with err DB_UNAVAILABLE (why is logged), or "database unavailable:
 * its file was deleted or replaced" when the database is no longer the one
 * first opened (backend identity: the SQLite file was deleted or replaced;
 * logged once as an error). */
struct db_conn *db_acquire(struct db *d, char *err, size_t errlen);

/* Give c back; broken: it failed in a way that may have left it unusable
 * (it is closed instead of pooled). */
void db_release(struct db *d, struct db_conn *c, bool broken);

/* On a connection of d: begin a write transaction, commit it (a failed
 * commit is rolled back), roll it back; run a statement. 0 (db_exec: the
 * rows seen), or -1 with err DB_UNAVAILABLE or DB_FAILED (why is logged). */
int db_begin(struct db *d, struct db_conn *c, char *err, size_t errlen);
int db_commit(struct db *d, struct db_conn *c, char *err, size_t errlen);
void db_rollback(struct db *d, struct db_conn *c);
int db_exec(struct db *d, struct db_conn *c, enum db_stmt s, const char *const *params, int n,
	    db_row_fn row, void *arg, char *err, size_t errlen);

/* Whether the database does not exist yet (SQLite: no file, and none
 * opened by this process): a reader may take it for an empty one rather
 * than have the first connection create it. */
bool db_absent(struct db *d);

/* After a failed call on c: whether the database went away (an outage:
 * the connection is lost), rather than the statement being refused. */
bool db_lost(struct db *d, struct db_conn *c);

/* Bring c's schema to DB_SCHEMA_VERSION in one transaction (db_acquire
 * does it once per process): a missing schema_version table is created,
 * each missing migration run in order; a newer schema is refused. -1 with
 * err: the backend's text (not logged here). */
int db_migrate(struct db *d, struct db_conn *c, char *err, size_t errlen);

#endif
