/* PostgreSQL, the shared backend of store/db.h, through libpq: for several
 * daemons (behind HAProxy, say) serving the same players. The same tables
 * as SQLite's (db_sql.c), migrated under a transaction-scoped advisory
 * lock so that daemons starting at once migrate once; statements prepared
 * once per connection (PQprepare), run with text parameters
 * (PQexecPrepared), never built from a client's words. A connection that
 * fails is closed by the pool and a new one opened for the next job, so a
 * restarted server costs one failed command, not a stuck daemon. */
#include "store/db.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define PG_MIGRATION_LOCK "70770016" /* pg_advisory_xact_lock's key: quintet's */

struct db_conn {
	PGconn *pg;                      /* the connection */
	bool prepared[DB_STMT_COUNT];    /* PQprepare'd on it */
};

/* libpq's message, without its final newline. */
static int fail(PGconn *pg, char *err, size_t errlen, const char *what)
{
	const char *msg = PQerrorMessage(pg);
	size_t n = strlen(msg);

	while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		n--;
	snprintf(err, errlen, "%s: %.*s", what, (int)n, msg);
	return -1;
}

static void pg_disconnect(struct db_conn *c)
{
	if (!c)
		return;
	PQfinish(c->pg);
	free(c);
}

static int pg_script(struct db_conn *c, const char *sql, char *err, size_t errlen)
{
	PGresult *r = PQexec(c->pg, sql);
	ExecStatusType st = PQresultStatus(r);
	int rc = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK ? 0
								  : fail(c->pg, err, errlen, "postgresql");

	PQclear(r);
	return rc;
}

static int pg_query_int(struct db_conn *c, const char *sql, long *out, bool *found, char *err,
			size_t errlen)
{
	PGresult *r = PQexec(c->pg, sql);
	int rc = 0;

	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		rc = fail(c->pg, err, errlen, "postgresql");
	} else {
		*found = PQntuples(r) > 0;
		if (*found)
			*out = strtol(PQgetvalue(r, 0, 0), NULL, 10);
	}
	PQclear(r);
	return rc;
}

static struct db_conn *pg_connect(const char *target, char *err, size_t errlen)
{
	struct db_conn *c = xcalloc(1, sizeof(*c));

	c->pg = PQconnectdb(target);
	if (!c->pg || PQstatus(c->pg) != CONNECTION_OK) {
		if (c->pg)
			fail(c->pg, err, errlen, "postgresql");
		else
			snprintf(err, errlen, "postgresql: out of memory");
		pg_disconnect(c);
		return NULL;
	}
	if (pg_script(c, "SET client_min_messages = warning", err, errlen) < 0) {
		pg_disconnect(c);
		return NULL;
	}
	return c;
}

static int prepare(struct db_conn *c, enum db_stmt s, char *err, size_t errlen)
{
	char name[16];
	PGresult *r;
	int rc = 0;

	if (c->prepared[s])
		return 0;
	snprintf(name, sizeof(name), "q%d", (int)s);
	r = PQprepare(c->pg, name, db_sql_postgresql[s], 0, NULL);
	if (PQresultStatus(r) != PGRES_COMMAND_OK)
		rc = fail(c->pg, err, errlen, "prepare");
	else
		c->prepared[s] = true;
	PQclear(r);
	return rc;
}

static int pg_exec(struct db_conn *c, enum db_stmt s, const char *const *params, int n,
		   db_row_fn row, void *arg, char *err, size_t errlen)
{
	const char *cols[DB_MAX_COLS];
	char name[16];
	PGresult *r;
	int rows;

	if (prepare(c, s, err, errlen) < 0)
		return -1;
	snprintf(name, sizeof(name), "q%d", (int)s);
	r = PQexecPrepared(c->pg, name, n, params, NULL, NULL, 0);
	switch (PQresultStatus(r)) {
	case PGRES_COMMAND_OK:
		rows = 0;
		break;
	case PGRES_TUPLES_OK:
		rows = PQntuples(r);
		for (int i = 0; i < rows && row; i++) {
			int ncols = PQnfields(r) < DB_MAX_COLS ? PQnfields(r) : DB_MAX_COLS;

			for (int j = 0; j < ncols; j++)
				cols[j] = PQgetisnull(r, i, j) ? NULL : PQgetvalue(r, i, j);
			row(arg, cols, ncols);
		}
		break;
	default:
		rows = fail(c->pg, err, errlen, "postgresql");
	}
	PQclear(r);
	return rows;
}

/* libpq marks a connection bad when the server went away (a shutdown, a
 * restart, a network failure), not when a statement failed. */
static bool pg_lost(struct db_conn *c)
{
	return PQstatus(c->pg) != CONNECTION_OK;
}

const struct db_backend db_postgresql = {
	.name = "postgresql",
	.connect = pg_connect,
	.disconnect = pg_disconnect,
	.script = pg_script,
	.query_int = pg_query_int,
	.exec = pg_exec,
	.begin_sql = "BEGIN",
	.migrate_lock_sql = "SELECT pg_advisory_xact_lock(" PG_MIGRATION_LOCK ")",
	.migrations = db_migrations_postgresql,
	.identity = NULL, /* a server: the same database whoever serves it */
	.lost = pg_lost,
};
