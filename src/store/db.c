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

#include "util/xalloc.h"

#define DB_POOL_MAX 16 /* idle connections kept */

struct db {
	const struct db_backend *ops; /* the implementation */
	char *target;                 /* its file or conninfo */
	pthread_mutex_t lock;         /* guards the fields below */
	struct db_conn *idle[DB_POOL_MAX]; /* connections not in use */
	int nidle;                    /* entries in idle */
	bool migrated;                /* the schema is known to be current */
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

struct db *db_new(const char *backend, const char *target, char *err, size_t errlen)
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

const struct db_backend *db_ops(const struct db *d)
{
	return d->ops;
}

/* A new connection, the schema migrated if no connection did it yet
 * (migrations run in one transaction each and are safe to race: the loser
 * finds the version current). */
static struct db_conn *open_conn(struct db *d, char *err, size_t errlen)
{
	char why[DB_ERRLEN];
	struct db_conn *c = d->ops->connect(d->target, why, sizeof(why));
	bool migrated;

	if (!c) {
		snprintf(err, errlen, "database unavailable: %s", why);
		return NULL;
	}
	pthread_mutex_lock(&d->lock);
	migrated = d->migrated;
	pthread_mutex_unlock(&d->lock);
	if (!migrated) {
		if (d->ops->migrate(c, why, sizeof(why)) < 0) {
			d->ops->disconnect(c);
			snprintf(err, errlen, "database unavailable: %s", why);
			return NULL;
		}
		pthread_mutex_lock(&d->lock);
		d->migrated = true;
		pthread_mutex_unlock(&d->lock);
	}
	return c;
}

struct db_conn *db_acquire(struct db *d, char *err, size_t errlen)
{
	struct db_conn *c = NULL;

	pthread_mutex_lock(&d->lock);
	if (d->nidle > 0)
		c = d->idle[--d->nidle];
	pthread_mutex_unlock(&d->lock);
	return c ? c : open_conn(d, err, errlen);
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
