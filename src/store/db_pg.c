/* PostgreSQL, the shared backend of store/db.h, through libpq: for several
 * daemons (behind HAProxy, say) serving the same players. The same tables
 * as SQLite's (db_sql.c), migrated under a transaction-scoped advisory
 * lock so that daemons starting at once migrate once; statements prepared
 * once per connection (PQprepare), run with text parameters
 * (PQexecPrepared), never built from a client's words. A connection that
 * fails is closed by the pool and a new one opened for the next job, so a
 * restarted server costs one failed command, not a stuck daemon.
 *
 * Time limits (storage.timeout): connect_timeout bounds the connection and
 * its start-up (a server that accepts and never answers); the session's
 * statement_timeout and lock_timeout (a tenth less) every statement (a
 * table locked by another client: the server cancels the wait and the
 * connection stays usable); and each call is sent and awaited in
 * non-blocking mode, polled for at most the timeout plus DB_PG_GRACE: a
 * server that stops answering mid-query costs that, then the connection
 * is given up (dead). */
#include "store/db.h"

#include <errno.h>
#include <libpq-fe.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/monotime.h"
#include "util/xalloc.h"

#define PG_MIGRATION_LOCK "70770016" /* pg_advisory_xact_lock's key: quintet's */
#define PG_CONNECT_MIN 2 /* libpq's shortest connect_timeout, seconds */

struct db_conn {
	PGconn *pg;                      /* the connection */
	bool prepared[DB_STMT_COUNT];    /* PQprepare'd on it */
	double wait;                     /* seconds a call waits for its answer */
	bool down;                       /* the last failure was unavailability */
	bool dead;                       /* given up mid-call: every call fails */
};

/* Whether a failed result's SQLSTATE is the server's not answering: a
 * connection exception (08), no resources or disk (53), an operator's
 * intervention or statement_timeout (57), lock_timeout (55P03), a system
 * error (58), a serialization failure or deadlock (40001, 40P01). */
static bool state_unavailable(const char *state)
{
	static const char *const codes[] = { "08", "53", "57", "58", "55P03", "40001", "40P01",
					      NULL };

	for (int i = 0; state && codes[i]; i++)
		if (!strncmp(state, codes[i], strlen(codes[i])))
			return true;
	return false;
}

/* libpq's message (r's, or the connection's) on one line, its final
 * newline and the tabs of its hints turned into spaces. -1. */
static int fail(struct db_conn *c, const PGresult *r, char *err, size_t errlen,
		const char *what)
{
	const char *msg = r ? PQresultErrorMessage(r) : "";
	size_t n;

	if (!*msg)
		msg = PQerrorMessage(c->pg);
	c->down = c->dead || PQstatus(c->pg) != CONNECTION_OK ||
		  state_unavailable(r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL);
	snprintf(err, errlen, "%s: %s", what, msg);
	for (char *p = err; *p; p++)
		if (*p == '\n' || *p == '\t' || *p == '\r')
			*p = ' ';
	n = strlen(err);
	while (n > 0 && err[n - 1] == ' ')
		err[--n] = '\0';
	return -1;
}

static bool pg_unavailable(const struct db_conn *c)
{
	return c->down;
}

static void pg_disconnect(struct db_conn *c)
{
	if (!c)
		return;
	PQfinish(c->pg);
	free(c);
}

/* Wait until c's socket is ready for events, at most until deadline
 * (monotime_now() seconds). false at the deadline or on a poll error. */
static bool wait_socket(struct db_conn *c, short events, double deadline)
{
	struct pollfd p = { .fd = PQsocket(c->pg), .events = events };
	int rc;

	do {
		double left = deadline - monotime_now();

		if (left <= 0)
			return false;
		rc = poll(&p, 1, (int)ceil(left * 1000));
	} while (rc < 0 && errno == EINTR);
	return rc > 0;
}

/* A call's answer: after a PQsend* that returned sent, flush it and read
 * every result within c->wait. The last result, or the first failed one
 * (as PQexec gives it); NULL with err when the call could not be sent or
 * answered (c is then dead at the deadline: its state is unknown). */
static PGresult *await(struct db_conn *c, int sent, char *err, size_t errlen)
{
	double deadline = monotime_now() + c->wait;
	PGresult *kept = NULL, *r;
	int flushed;

	if (!sent) {
		fail(c, NULL, err, errlen, "postgresql");
		return NULL;
	}
	while ((flushed = PQflush(c->pg)) > 0) {
		if (!wait_socket(c, POLLIN | POLLOUT, deadline))
			goto late;
		if (!PQconsumeInput(c->pg))
			goto lost;
	}
	if (flushed < 0)
		goto lost;
	for (;;) {
		while (PQisBusy(c->pg)) {
			if (!wait_socket(c, POLLIN, deadline))
				goto late;
			if (!PQconsumeInput(c->pg))
				goto lost;
		}
		if (!(r = PQgetResult(c->pg)))
			return kept;
		if (kept && PQresultStatus(kept) == PGRES_FATAL_ERROR) {
			PQclear(r);
		} else {
			PQclear(kept);
			kept = r;
		}
	}
late:
	c->dead = true;
	PQclear(kept);
	c->down = true;
	snprintf(err, errlen, "postgresql: no answer within %.1f s, connection given up", c->wait);
	return NULL;
lost:
	PQclear(kept);
	fail(c, NULL, err, errlen, "postgresql");
	c->dead = true;
	return NULL;
}

/* Whether c may be used: a call on a given-up connection fails at once
 * (a rollback after a time limit must not wait the limit again). */
static bool usable(struct db_conn *c, char *err, size_t errlen)
{
	if (!c->dead)
		return true;
	c->down = true;
	snprintf(err, errlen, "postgresql: connection given up");
	return false;
}

static int pg_script(struct db_conn *c, const char *sql, char *err, size_t errlen)
{
	PGresult *r;
	int rc;

	if (!usable(c, err, errlen) || !(r = await(c, PQsendQuery(c->pg, sql), err, errlen)))
		return -1;
	rc = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK
		     ? 0 : fail(c, r, err, errlen, "postgresql");
	PQclear(r);
	return rc;
}

static int pg_query_int(struct db_conn *c, const char *sql, long *out, bool *found, char *err,
			size_t errlen)
{
	PGresult *r;
	int rc = 0;

	if (!usable(c, err, errlen) || !(r = await(c, PQsendQuery(c->pg, sql), err, errlen)))
		return -1;
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		rc = fail(c, r, err, errlen, "postgresql");
	} else {
		*found = PQntuples(r) > 0;
		if (*found)
			*out = strtol(PQgetvalue(r, 0, 0), NULL, 10);
	}
	PQclear(r);
	return rc;
}

/* Connect (connect_timeout first, so that a conninfo setting its own wins),
 * then set the session's limits: statement_timeout the timeout, and
 * lock_timeout a tenth less, so that a wait for another client's lock is
 * logged as one ("canceling statement due to lock timeout"). */
static struct db_conn *pg_connect(const char *target, double timeout, char *err,
				  size_t errlen)
{
	struct db_conn *c = xcalloc(1, sizeof(*c));
	char seconds[24], limits[160];
	const char *const keys[] = { "connect_timeout", "dbname", NULL };
	const char *const values[] = { seconds, target, NULL };
	long ms = lround(timeout * 1000);

	snprintf(seconds, sizeof(seconds), "%ld", lround(fmax(ceil(timeout), PG_CONNECT_MIN)));
	c->wait = timeout + DB_PG_GRACE;
	c->pg = PQconnectdbParams(keys, values, 1);
	if (!c->pg || PQstatus(c->pg) != CONNECTION_OK) {
		if (c->pg)
			fail(c, NULL, err, errlen, "postgresql");
		else
			snprintf(err, errlen, "postgresql: out of memory");
		pg_disconnect(c);
		return NULL;
	}
	snprintf(limits, sizeof(limits), "SET client_min_messages = warning;"
		 "SET statement_timeout = %ld; SET lock_timeout = %ld", ms, ms - ms / 10);
	if (PQsetnonblocking(c->pg, 1) != 0)
		fail(c, NULL, err, errlen, "postgresql");
	else if (pg_script(c, limits, err, errlen) == 0)
		return c;
	pg_disconnect(c);
	return NULL;
}

static int prepare(struct db_conn *c, enum db_stmt s, char *err, size_t errlen)
{
	char name[16];
	PGresult *r;
	int rc = 0;

	if (c->prepared[s])
		return 0;
	snprintf(name, sizeof(name), "q%d", (int)s);
	if (!(r = await(c, PQsendPrepare(c->pg, name, db_sql_postgresql[s], 0, NULL), err,
			errlen)))
		return -1;
	if (PQresultStatus(r) != PGRES_COMMAND_OK)
		rc = fail(c, r, err, errlen, "prepare");
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

	if (!usable(c, err, errlen) || prepare(c, s, err, errlen) < 0)
		return -1;
	snprintf(name, sizeof(name), "q%d", (int)s);
	if (!(r = await(c, PQsendQueryPrepared(c->pg, name, n, params, NULL, NULL, 0), err,
			errlen)))
		return -1;
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
		rows = fail(c, r, err, errlen, "postgresql");
	}
	PQclear(r);
	return rows;
}

/* libpq marks a connection bad when the server went away (a shutdown, a
 * restart, a network failure), not when a statement failed; a server that
 * stopped answering within the limit is gone as well (dead). */
static bool pg_lost(struct db_conn *c)
{
	return c->dead || PQstatus(c->pg) != CONNECTION_OK;
}

const struct db_backend db_postgresql = {
	.name = "postgresql",
	.connect = pg_connect,
	.disconnect = pg_disconnect,
	.unavailable = pg_unavailable,
	.script = pg_script,
	.query_int = pg_query_int,
	.exec = pg_exec,
	.begin_sql = "BEGIN",
	.migrate_lock_sql = "SELECT pg_advisory_xact_lock(" PG_MIGRATION_LOCK ")",
	.migrations = db_migrations_postgresql,
	.identity = NULL, /* a server: the same database whoever serves it */
	.lost = pg_lost,
};
