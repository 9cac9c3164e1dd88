/* The HTTP server's static files: a GET or HEAD for a path below the root
 * directory, answered without blocking the loop: the file is opened and
 * read on a short-work worker (worker.h), and the reply sent from the
 * loop when it returns; at most HTTP_MAX_JOBS at once (more: 503), each
 * file at most HTTP_MAX_FILE bytes.
 * Safe paths: the request's path is percent-decoded, then split into
 * components; ".", "..", empty names, names starting with "." and NUL
 * bytes never reach the file system; each component is opened with
 * openat(O_NOFOLLOW) below the root, so no symbolic link is followed,
 * inside the root or out of it; only regular files are served.
 * The source tree instead of the root: a quintet that is not installed
 * (run from its build tree) finds no root, and serves the source tree it
 * was configured from, laid out as an installation lays it out
 * (http_source_name): its web/, and each game's page module. */
#ifndef QUINTET_HTTP_FILE_H
#define QUINTET_HTTP_FILE_H

#include <stddef.h>

struct evhttp_request;
struct worker_pool;

#define HTTP_MAX_PATH 1024        /* longest decoded path served */
#define HTTP_MAX_FILE (8L << 20)  /* largest file served, bytes */

struct http_files; /* the files below one root */

/* The files below the directory root, read on pool; when root does not
 * exist, those of the source tree source_tree (NULL: none) if it holds
 * web/index.html. Logged once when the source tree stands in, and when
 * neither can be opened (every file is then a 404). Freed with
 * http_files_free (NULL: nothing), once no read is pending (the pool has
 * been joined). */
struct http_files *http_files_new(const char *root, const char *source_tree,
				  struct worker_pool *pool);
void http_files_free(struct http_files *f);

/* Answer a GET or HEAD for path (the request's, still percent-encoded):
 * mapped here, read on a worker, answered from the loop. */
void http_files_serve(struct http_files *f, struct evhttp_request *req, const char *path);

/* The relative file name below the root for a decoded request path (from
 * "/"), "index.html" for a directory's "/"; 0, or -1 if the path may not
 * be served (see the top comment). */
int http_map_path(const char *path, char *out, size_t outlen);

/* The file below the source tree that an installation puts at name
 * below the root (a name http_map_path gave), as Makefile.am installs
 * them: each game's page module src/games/NAME/NAME.js as games/NAME.js,
 * every other file web/FILE as FILE. 0, or -1 if out is too small. */
int http_source_name(const char *name, char *out, size_t outlen);

/* The Content-Type of a file name, by its extension. */
const char *http_content_type(const char *name);

#endif
