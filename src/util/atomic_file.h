/* Crash-safe file replacement (redis's recipe): write a temporary file in
 * the same directory, fsync it, rename it over the target, fsync the
 * directory. A reader sees the old file or the new one, never a mix.
 *
 * This is store/files.c's files_write on a path as given (unconfined),
 * kept for the callers that name their own files (the referee's records). */
#ifndef QUINTET_ATOMIC_FILE_H
#define QUINTET_ATOMIC_FILE_H

#include <stddef.h>

/* Replace path with len bytes of data. Only a regular file is replaced
 * (else "not a regular file"); it keeps its permission bits, and a new
 * file gets 0644 & ~umask. Returns 0, or -1 with a message in err
 * ("cannot write file: REASON"); on failure the old file is untouched and
 * no temporary is left. */
int atomic_write_file(const char *path, const char *data, size_t len,
		      char *err, size_t errlen);

#endif
