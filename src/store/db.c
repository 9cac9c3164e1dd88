/* The connection pool of store/db.h. Connections are opened on demand by
 * the worker that needs one and kept for the next (at most DB_POOL_MAX
 * idle); the first successful connection of a db migrates the schema, so
 * a daemon that never meets an account never creates a database. */
#include "config.h"
#include "store/db.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "util/xalloc.h"

#define DB_POOL_MAX 16 /* idle connections kept */
#define DB_IDENTITY_LEN 64 /* a backend identity's text */

struct db {
	const struct db_backend *ops; /* the implementation */
	char *target;                 /* its file or conninfo */
	double timeout;               /* seconds a call may wait */
	pthread_mutex_t lock;         /* guards the fields below */
	struct db_conn *idle[DB_POOL_MAX]; /* connections not in use */
	int nidle;                    /* entries in idle */
	bool migrated;                /* the schema is known to be current */
	char identity[DB_IDENTITY_LEN]; /* the first connection's database; "": none yet */
	bool gone;                    /* it is gone: logged, every call refused */
};

static const struct db_backend *find_backend(const char *name)
{
	if (!strcmp(name, db_sqlite.name))
		return &db_sqlite;
#ifdef HAVE_LIBPQ
	if (!strcmp(name, db_postgresql.name))
		return &db_postgresql;
#endif
	return NULL;
}

struct db *db_new(const char *backend, const char *target, double timeout, char *err,
		  size_t errlen)
{
	const struct db_backend *ops = find_backend(backend);
	struct db *d;

	if (!ops) {
		snprintf(err, errlen, "storage backend %s is not built in", backend);
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->ops = ops;
	d->target = xstrdup(target);
	d->timeout = timeout > 0 ? timeout : DB_TIMEOUT_DEFAULT;
	pthread_mutex_init(&d->lock, NULL);
	return d;
}

void db_free(struct db *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->nidle; i++)
		d->ops->disconnect(d->idle[i]);
	pthread_mutex_destroy(&d->lock);
	free(d->target);
	free(d);
}

const char *db_backend_name(const struct db *d)
{
	return d->ops->name;
}

/* A failed call: why (the backend's text: it may name the server's host
 * or socket path, and span lines) to the log, one short line to err. c is
 * NULL when no connection could be made. -1. */
static int failed(struct db *d, const struct db_conn *c, const char *why, char *err,
		  size_t errlen)
{
	bool down = !c || d->ops->unavailable(c);

	log_msg(LOG_WARN, "database (%s): %s", d->ops->name, why);
	snprintf(err, errlen, "%s", down ? DB_UNAVAILABLE : DB_FAILED);
	return -1;
}

/* The same, without the log line: the migration's steps, whose caller
 * logs what went wrong once. */
static int begin_raw(struct db *d, struct db_conn *c, char *why, size_t whylen)
{
	return d->ops->script(c, d->ops->begin_sql, why, whylen);
}

static int commit_raw(struct db *d, struct db_conn *c, char *why, size_t whylen)
{
	if (d->ops->script(c, "COMMIT", why, whylen) == 0)
		return 0;
	db_rollback(d, c);
	return -1;
}

int db_begin(struct db *d, struct db_conn *c, char *err, size_t errlen)
{
	char why[DB_ERRLEN];

	return begin_raw(d, c, why, sizeof(why)) == 0 ? 0 : failed(d, c, why, err, errlen);
}

int db_commit(struct db *d, struct db_conn *c, char *err, size_t errlen)
{
	char why[DB_ERRLEN];

	return commit_raw(d, c, why, sizeof(why)) == 0 ? 0 : failed(d, c, why, err, errlen);
}

void db_rollback(struct db *d, struct db_conn *c)
{
	char ignored[DB_ERRLEN];

	d->ops->script(c, "ROLLBACK", ignored, sizeof(ignored));
}

int db_exec(struct db *d, struct db_conn *c, enum db_stmt s, const char *const *params, int n,
	    db_row_fn row, void *arg, char *err, size_t errlen)
{
	char why[DB_ERRLEN];
	int rows = d->ops->exec(c, s, params, n, row, arg, why, sizeof(why));

	return rows >= 0 ? rows : failed(d, c, why, err, errlen);
}

/* The schema's version: 0 for a new database (its row is made). */
static int read_version(struct db *d, struct db_conn *c, long *version, char *err,
			size_t errlen)
{
	bool found;

	if (d->ops->script(c, "CREATE TABLE IF NOT EXISTS schema_version"
			      " (version INTEGER NOT NULL)", err, errlen) < 0 ||
	    d->ops->query_int(c, "SELECT version FROM schema_version", version, &found, err,
			      errlen) < 0)
		return -1;
	if (found)
		return 0;
	*version = 0;
	return d->ops->script(c, "INSERT INTO schema_version (version) VALUES (0)", err, errlen);
}

int db_migrate(struct db *d, struct db_conn *c, char *err, size_t errlen)
{
	const struct db_backend *ops = d->ops;
	long version = 0;

	if (begin_raw(d, c, err, errlen) < 0)
		return -1;
	if ((ops->migrate_lock_sql && ops->script(c, ops->migrate_lock_sql, err, errlen) < 0) ||
	    read_version(d, c, &version, err, errlen) < 0)
		goto fail;
	if (version > DB_SCHEMA_VERSION) {
		snprintf(err, errlen, "schema version %ld is newer than this quintet's (%d)",
			 version, DB_SCHEMA_VERSION);
		goto fail;
	}
	for (; version < DB_SCHEMA_VERSION; version++) {
		char bump[80];

		/* A constant: the version is ours, not a client's. */
		snprintf(bump, sizeof(bump), "UPDATE schema_version SET version = %ld",
			 version + 1);
		if (ops->script(c, ops->migrations[version], err, errlen) < 0 ||
		    ops->script(c, bump, err, errlen) < 0)
			goto fail;
	}
	return commit_raw(d, c, err, errlen);
fail:
	db_rollback(d, c);
	return -1;
}

/* Whether target still names the database the process first opened
 * (backends with an identity: SQLite's file). The first call records it;
 * a change is logged once, and its end too. false with err. */
static bool same_database(struct db *d, char *err, size_t errlen)
{
	char now[DB_IDENTITY_LEN] = "";
	bool same, was_gone;

	if (!d->ops->identity)
		return true;
	int found = d->ops->identity(d->target, now, sizeof(now));
	pthread_mutex_lock(&d->lock);
	if (!d->identity[0]) { /* the first connection's (none: nothing to compare) */
		if (found == 0)
			snprintf(d->identity, sizeof(d->identity), "%s", now);
		pthread_mutex_unlock(&d->lock);
		return true;
	}
	same = found == 0 && !strcmp(now, d->identity);
	was_gone = d->gone;
	d->gone = !same;
	pthread_mutex_unlock(&d->lock);
	if (!same && !was_gone)
		log_msg(LOG_ERROR, "the database %s was deleted or replaced while in use: every "
			"database command is refused until it is back (or the daemon restarts "
			"on a new one); nothing written since is lost", d->target);
	else if (same && was_gone)
		log_msg(LOG_WARN, "the database %s is back", d->target);
	if (!same)
		snprintf(err, errlen, "database unavailable: its file was deleted or replaced");
	return same;
}

/* A new connection, the schema migrated if no connection did it yet
 * (migrations run in one transaction each and are safe to race: the loser
 * finds the version current). */
static struct db_conn *open_conn(struct db *d, char *err, size_t errlen)
{
	char why[DB_ERRLEN];
	struct db_conn *c;
	bool migrated;

	/* Checked first, so that a deleted file is not created anew. */
	pthread_mutex_lock(&d->lock);
	bool known = d->identity[0] != '\0';
	pthread_mutex_unlock(&d->lock);
	if (known && !same_database(d, err, errlen))
		return NULL;
	c = d->ops->connect(d->target, d->timeout, why, sizeof(why));
	if (!c) {
		failed(d, NULL, why, err, errlen);
		return NULL;
	}
	pthread_mutex_lock(&d->lock);
	migrated = d->migrated;
	pthread_mutex_unlock(&d->lock);
	if (!migrated) {
		if (db_migrate(d, c, why, sizeof(why)) < 0) {
			d->ops->disconnect(c);
			failed(d, NULL, why, err, errlen); /* whatever it was: not usable */
			return NULL;
		}
		pthread_mutex_lock(&d->lock);
		d->migrated = true;
		pthread_mutex_unlock(&d->lock);
	}
	return c;
}

bool db_absent(struct db *d)
{
	char now[DB_IDENTITY_LEN];
	bool known;

	if (!d->ops->identity)
		return false;
	pthread_mutex_lock(&d->lock);
	known = d->identity[0] != '\0';
	pthread_mutex_unlock(&d->lock);
	return !known && d->ops->identity(d->target, now, sizeof(now)) < 0;
}

bool db_lost(struct db *d, struct db_conn *c)
{
	return d->ops->lost && d->ops->lost(c);
}

struct db_conn *db_acquire(struct db *d, char *err, size_t errlen)
{
	struct db_conn *c = NULL;

	pthread_mutex_lock(&d->lock);
	if (d->nidle > 0)
		c = d->idle[--d->nidle];
	pthread_mutex_unlock(&d->lock);
	if (!c && !(c = open_conn(d, err, errlen)))
		return NULL;
	if (!same_database(d, err, errlen)) {
		db_release(d, c, true);
		return NULL;
	}
	return c;
}

void db_release(struct db *d, struct db_conn *c, bool broken)
{
	if (!c)
		return;
	pthread_mutex_lock(&d->lock);
	if (!broken && d->nidle < DB_POOL_MAX) {
		d->idle[d->nidle++] = c;
		c = NULL;
	}
	pthread_mutex_unlock(&d->lock);
	if (c)
		d->ops->disconnect(c);
}
