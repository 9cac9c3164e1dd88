/* The local spool: what the database could not take during an outage (a
 * finished game's statistics, an ending session's autosave), kept in
 * DATA_DIR/spool/ until the database is back (store/accounts.c writes and
 * replays the entries; this module only keeps them).
 *
 * One entry is one file, written like a save (files_write: temporary,
 * fsync, rename, fsync of the directory), so a crash leaves it whole or
 * absent; its name starts with the time it was written (nanoseconds,
 * fixed width), so names sort oldest first. An entry applied is removed
 * (unlink, fsync of the directory): replaying stops at the first entry the
 * database does not take, and never applies one twice unless the process
 * dies between the database's commit and the unlink.
 *
 * Every function does file I/O: call it from a worker, never the loop. */
#ifndef QUINTET_SPOOL_H
#define QUINTET_SPOOL_H

#include <stdbool.h>
#include <stddef.h>

#define SPOOL_DIR	"spool"	  /* inside storage.data_dir */
#define SPOOL_MAX_BYTES (2 << 20) /* an entry's cap (a save and its header) */
#define SPOOL_NAME_MAX	64	  /* an entry's file name */

/* Open DATA_DIR/spool (data_dir "": the working directory), creating it
 * and its parents when create. 0 with *fd (the caller closes it), or -1
 * with errno (ENOENT: no spool, when !create). */
int spool_open(const char *data_dir, bool create, int *fd);

/* Keep len bytes of data as a new entry of the spool dirfd. 0, or -1
 * with err ("cannot write file: REASON"). */
int spool_put(int dirfd, const char *data, size_t len, char *err, size_t errlen);

/* The spool's entries, oldest first: *names (malloc'd array of malloc'd
 * names; spool_names_free frees it), *n of them. 0, or -1 with errno. */
int spool_names(int dirfd, char ***names, size_t *n);
void spool_names_free(char **names, size_t n);

/* Read entry name whole (NUL-terminated, the caller frees *data). 0, or
 * -1 with err. */
int spool_read(int dirfd, const char *name, char **data, size_t *len, char *err, size_t errlen);

/* Remove entry name, durably. 0, or -1 with errno. */
int spool_remove(int dirfd, const char *name);

#endif
