/* The schema and statements of store/db.h, in the two dialects. The texts
 * differ only where the dialects do (identity columns; PostgreSQL wants a
 * parameter's type where it cannot infer one): the same tables, the same
 * columns, the same orderings. */
#include "store/db.h"

/* ------------------------------------------------------------ schema */

const char *const db_migrations_sqlite[DB_SCHEMA_VERSION] = {
	/* 0 -> 1 */
	"CREATE TABLE accounts ("
	" id INTEGER PRIMARY KEY AUTOINCREMENT," /* ids never reused */
	" name TEXT NOT NULL,"
	" name_key TEXT NOT NULL UNIQUE,"
	" hash TEXT NOT NULL,"
	" created INTEGER NOT NULL);"
	"CREATE TABLE stats ("
	" account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
	" game TEXT NOT NULL,"
	" level TEXT NOT NULL,"
	" wins INTEGER NOT NULL DEFAULT 0,"
	" losses INTEGER NOT NULL DEFAULT 0,"
	" draws INTEGER NOT NULL DEFAULT 0,"
	" PRIMARY KEY (account_id, game, level));"
	"CREATE TABLE saves ("
	" account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
	" name TEXT NOT NULL,"
	" game TEXT NOT NULL,"
	" moves INTEGER NOT NULL,"
	" saved INTEGER NOT NULL,"
	" created INTEGER NOT NULL,"
	" text TEXT NOT NULL,"
	" PRIMARY KEY (account_id, name));",
	/* 1 -> 2: session tokens (the index serves an account's trim,
	 * passwd's delete and the cascade) */
	"CREATE TABLE tokens ("
	" hash TEXT PRIMARY KEY,"
	" account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
	" created INTEGER NOT NULL,"
	" used INTEGER NOT NULL);"
	"CREATE INDEX tokens_account ON tokens (account_id, used);",
};

const char *const db_migrations_postgresql[DB_SCHEMA_VERSION] = {
	/* 0 -> 1 */
	"CREATE TABLE accounts ("
	" id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
	" name TEXT NOT NULL,"
	" name_key TEXT NOT NULL UNIQUE,"
	" hash TEXT NOT NULL,"
	" created BIGINT NOT NULL);"
	"CREATE TABLE stats ("
	" account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
	" game TEXT NOT NULL,"
	" level TEXT NOT NULL,"
	" wins BIGINT NOT NULL DEFAULT 0,"
	" losses BIGINT NOT NULL DEFAULT 0,"
	" draws BIGINT NOT NULL DEFAULT 0,"
	" PRIMARY KEY (account_id, game, level));"
	"CREATE TABLE saves ("
	" account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
	" name TEXT NOT NULL,"
	" game TEXT NOT NULL,"
	" moves BIGINT NOT NULL,"
	" saved BIGINT NOT NULL,"
	" created BIGINT NOT NULL,"
	" text TEXT NOT NULL,"
	" PRIMARY KEY (account_id, name));",
	/* 1 -> 2 */
	"CREATE TABLE tokens ("
	" hash TEXT PRIMARY KEY,"
	" account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
	" created BIGINT NOT NULL,"
	" used BIGINT NOT NULL);"
	"CREATE INDEX tokens_account ON tokens (account_id, used);",
};

/* ------------------------------------------------------------ statements */

/* top: the players with games in the scope, best first: most wins, then
 * the best ratio of wins to games, then the oldest account. Without a
 * level, the human and mixed rows are left out (wins over oneself, or
 * with the engine's help, are no wins over the engine). */
#define TOP_SQL(T)                                                                    \
	"SELECT a.name, SUM(s.wins), SUM(s.losses), SUM(s.draws)"                     \
	" FROM stats s JOIN accounts a ON a.id = s.account_id"                        \
	" WHERE ($1" T " = '' OR s.game = $1" T ")"                                   \
	" AND (($2" T " = '' AND s.level <> 'human' AND s.level <> 'mixed')"          \
	"      OR s.level = $2" T ")"                                                 \
	" GROUP BY a.id, a.name, a.created"                                           \
	" HAVING SUM(s.wins + s.losses + s.draws) > 0"                                \
	" ORDER BY SUM(s.wins) DESC,"                                                 \
	" SUM(s.wins) * 1.0 / SUM(s.wins + s.losses + s.draws) DESC,"                 \
	" a.created, a.id"

#define COMMON_SQL(T, I)                                                              \
	[DB_ACCOUNT_INSERT] = "INSERT INTO accounts (name, name_key, hash, created)"  \
			      " VALUES ($1, $2, $3, $4" I ")"                         \
			      " ON CONFLICT (name_key) DO NOTHING RETURNING id",      \
	[DB_ACCOUNT_FIND] = "SELECT id, name, hash, created FROM accounts"            \
			    " WHERE name_key = $1",                                   \
	[DB_ACCOUNT_SET_HASH] = "UPDATE accounts SET hash = $2 WHERE id = $1" I       \
				" RETURNING id",                                      \
	[DB_ACCOUNT_DELETE] = "DELETE FROM accounts WHERE id = $1" I " RETURNING id", \
	[DB_ACCOUNT_COUNT] = "SELECT count(*) FROM accounts",                         \
	[DB_STATS_ADD] = "INSERT INTO stats (account_id, game, level, wins, losses, draws)" \
			 " VALUES ($1" I ", $2, $3, $4" I ", $5" I ", $6" I ")"       \
			 " ON CONFLICT (account_id, game, level) DO UPDATE SET"       \
			 " wins = stats.wins + excluded.wins,"                        \
			 " losses = stats.losses + excluded.losses,"                  \
			 " draws = stats.draws + excluded.draws",                     \
	[DB_STATS_LIST] = "SELECT game, level, wins, losses, draws FROM stats"        \
			  " WHERE account_id = $1" I " ORDER BY game, level",         \
	[DB_TOP] = TOP_SQL(T),                                                        \
	[DB_SAVE_PUT] = "INSERT INTO saves (account_id, name, game, moves, saved, created, text)" \
			" VALUES ($1" I ", $2, $3, $4" I ", $5" I ", $6" I ", $7)"    \
			" ON CONFLICT (account_id, name) DO UPDATE SET"               \
			" game = excluded.game, moves = excluded.moves,"              \
			" saved = excluded.saved, created = excluded.created,"        \
			" text = excluded.text",                                      \
	[DB_SAVE_GET] = "SELECT text, game, created FROM saves"                       \
			" WHERE account_id = $1" I " AND name = $2",                  \
	[DB_SAVE_LIST] = "SELECT name, game, moves, saved FROM saves"                 \
			 " WHERE account_id = $1" I " ORDER BY saved DESC, name",     \
	[DB_SAVE_DELETE] = "DELETE FROM saves WHERE account_id = $1" I " AND name = $2" \
			   " RETURNING name",                                         \
	[DB_TOKEN_INSERT] = "INSERT INTO tokens (hash, account_id, created, used)"    \
			    " SELECT $1" T ", id, $3" I ", $3" I " FROM accounts"     \
			    " WHERE id = $2" I " RETURNING account_id",               \
	[DB_TOKEN_TRIM] = "DELETE FROM tokens WHERE account_id = $1" I " AND hash <> $2" \
			  " AND (used < $4" I " OR hash NOT IN (SELECT hash FROM tokens" \
			  " WHERE account_id = $1" I " AND hash <> $2"                \
			  " ORDER BY used DESC, created DESC LIMIT $3" I "))",        \
	[DB_TOKEN_FIND] = "SELECT a.id, a.name, t.used FROM tokens t"                 \
			  " JOIN accounts a ON a.id = t.account_id WHERE t.hash = $1", \
	[DB_TOKEN_USE] = "UPDATE tokens SET used = $2" I " WHERE hash = $1"          \
			 " RETURNING account_id",                                     \
	[DB_TOKEN_DELETE] = "DELETE FROM tokens WHERE hash = $1 AND account_id = $2" I \
			    " RETURNING account_id",                                  \
	[DB_TOKEN_DELETE_ALL] = "DELETE FROM tokens WHERE account_id = $1" I,

const char *const db_sql_sqlite[DB_STMT_COUNT] = { COMMON_SQL("", "") };
const char *const db_sql_postgresql[DB_STMT_COUNT] = { COMMON_SQL("::text", "::bigint") };
