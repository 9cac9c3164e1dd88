/* The HTTP server's static files (http_file.h): a request's path mapped
 * to a file below the root, read on a short-work worker, answered from
 * the loop with its Content-Type. */
#include "http_file.h"

#include <errno.h>
#include <event2/buffer.h>
#include <event2/http.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "http_reply.h"
#include "log.h"
#include "util/xalloc.h"
#include "worker.h"

#define HTTP_MAX_JOBS 64         /* file reads queued or running at once */

struct http_files {
	int root;                  /* the root directory, or -1 */
	bool source_tree;          /* root is the source tree (http_source_name) */
	struct worker_pool *pool;  /* short-work workers: file reads */
	int jobs;                  /* file reads in flight */
};

/* A static file being read on a worker. */
struct file_job {
	struct http_files *f;       /* whose count of jobs it is in (loop only) */
	struct evhttp_request *req; /* answered on the loop (done) */
	int root;                   /* directory the name is below */
	char name[HTTP_MAX_PATH];   /* relative file name */
	char location[HTTP_MAX_PATH + 2]; /* a directory's URL with its "/" */
	bool dir_ok;                /* the request path ended with "/" */
	int status;                 /* the answer: 200, 301, 404, ... */
	struct evbuffer *body;      /* the file, for 200 */
};

static const struct {
	const char *ext, *type;
} content_types[] = {
	{ "html", "text/html; charset=utf-8" },
	{ "htm", "text/html; charset=utf-8" },
	{ "js", "text/javascript; charset=utf-8" },
	{ "mjs", "text/javascript; charset=utf-8" },
	{ "css", "text/css; charset=utf-8" },
	{ "svg", "image/svg+xml" },
	{ "png", "image/png" },
	{ "jpg", "image/jpeg" },
	{ "jpeg", "image/jpeg" },
	{ "gif", "image/gif" },
	{ "ico", "image/x-icon" },
	{ "webp", "image/webp" },
	{ "json", "application/json" },
	{ "webmanifest", "application/manifest+json" },
	{ "txt", "text/plain; charset=utf-8" },
	{ "md", "text/plain; charset=utf-8" },
	{ "woff2", "font/woff2" },
	{ "wasm", "application/wasm" },
};

const char *http_content_type(const char *name)
{
	const char *dot = strrchr(name, '.'), *slash = strrchr(name, '/');

	if (dot && (!slash || dot > slash))
		for (size_t i = 0; i < sizeof(content_types) / sizeof(content_types[0]); i++)
			if (!strcasecmp(dot + 1, content_types[i].ext))
				return content_types[i].type;
	return "application/octet-stream";
}

int http_map_path(const char *path, char *out, size_t outlen)
{
	size_t used = 0;

	if (path[0] != '/' || strlen(path) >= HTTP_MAX_PATH)
		return -1;
	for (const char *p = path + 1; *p;) {
		size_t n = strcspn(p, "/");

		if (n > 0 && p[0] == '.')
			return -1; /* ".", "..", hidden files */
		if (n > 0) {
			if (used + (used > 0) + n >= outlen)
				return -1;
			if (used > 0)
				out[used++] = '/';
			memcpy(out + used, p, n);
			used += n;
		}
		p += n + (p[n] == '/');
	}
	if (path[strlen(path) - 1] == '/') {
		const char *index = used > 0 ? "/index.html" : "index.html";

		if (used + strlen(index) >= outlen)
			return -1;
		memcpy(out + used, index, strlen(index));
		used += strlen(index);
	}
	out[used] = '\0';
	return 0;
}

int http_source_name(const char *name, char *out, size_t outlen)
{
	const char *module = strncmp(name, "games/", 6) ? NULL : name + 6;
	size_t n = module ? strlen(module) : 0;
	int len;

	if (module && n > 3 && !strchr(module, '/') && !strcmp(module + n - 3, ".js"))
		len = snprintf(out, outlen, "src/games/%.*s/%s", (int)(n - 3), module, module);
	else
		len = snprintf(out, outlen, "web/%s", name);
	return len >= 0 && (size_t)len < outlen ? 0 : -1;
}

/* The name below f's root of a decoded request path: 0, or -1 if it may
 * not be served. */
static int map_name(const struct http_files *f, const char *path, char *out, size_t outlen)
{
	char name[HTTP_MAX_PATH];

	if (!f->source_tree)
		return http_map_path(path, out, outlen);
	if (http_map_path(path, name, sizeof(name)) < 0)
		return -1;
	return http_source_name(name, out, outlen);
}

/* Open name below root, following no symbolic link (O_NOFOLLOW on each
 * component). A descriptor, or -1 with errno. */
static int open_below(int root, const char *name)
{
	char part[HTTP_MAX_PATH];
	int dir = openat(root, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	while (dir >= 0) {
		size_t n = strcspn(name, "/");
		int flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK;
		int fd, saved;

		memcpy(part, name, n);
		part[n] = '\0';
		if (name[n] == '/')
			flags |= O_DIRECTORY;
		fd = openat(dir, part, flags);
		saved = errno;
		close(dir);
		errno = saved;
		if (fd < 0 || name[n] != '/')
			return fd;
		dir = fd;
		name += n + 1;
	}
	return -1;
}

/* Worker thread: read the file into the job's body. */
static void file_read(void *arg)
{
	struct file_job *j = arg;
	struct stat st;
	int fd = open_below(j->root, j->name);

	j->status = fd < 0 && errno == EACCES ? 403 : 404;
	if (fd < 0)
		return;
	if (fstat(fd, &st) < 0 || !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) ||
	    st.st_size > HTTP_MAX_FILE) {
		close(fd);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		j->status = j->dir_ok ? 404 : 301; /* a directory's page is its index.html */
		close(fd);
		return;
	}
	j->body = evbuffer_new();
	for (int n; (n = evbuffer_read(j->body, fd, 65536)) != 0;)
		if (n < 0) {
			j->status = 500;
			close(fd);
			return;
		}
	j->status = 200;
	close(fd);
}

/* Loop thread: the answer (unless the client went meanwhile: evhttp then
 * frees the request when it is answered). */
static void file_done(void *arg, bool ran)
{
	struct file_job *j = arg;
	struct evkeyvalq *out = evhttp_request_get_output_headers(j->req);

	j->f->jobs--;
	if (!ran) {
		http_send_status(j->req, 503, "Service Unavailable");
	} else if (j->status == 200) {
		evhttp_add_header(out, "Content-Type", http_content_type(j->name));
		evhttp_add_header(out, "X-Content-Type-Options", "nosniff");
		evhttp_add_header(out, "Cache-Control", "no-cache");
		http_send_body(j->req, 200, "OK", j->body);
	} else if (j->status == 301) {
		evhttp_add_header(out, "Location", j->location);
		http_send_status(j->req, 301, "Moved Permanently");
	} else {
		http_send_status(j->req, j->status, j->status == 403 ? "Forbidden" : "Not Found");
	}
	if (j->body)
		evbuffer_free(j->body);
	free(j);
}

void http_files_serve(struct http_files *f, struct evhttp_request *req, const char *path)
{
	size_t len = 0;
	char *decoded = evhttp_uridecode(path, 0, &len);
	struct file_job *j;

	if (!decoded || strlen(decoded) != len) { /* a NUL byte */
		free(decoded);
		http_send_status(req, 400, "Bad Request");
		return;
	}
	if (f->jobs >= HTTP_MAX_JOBS) {
		free(decoded);
		http_send_status(req, 503, "Service Unavailable");
		return;
	}
	j = xcalloc(1, sizeof(*j));
	j->f = f;
	j->req = req;
	j->root = f->root;
	j->dir_ok = decoded[len - 1] == '/';
	snprintf(j->location, sizeof(j->location), "%.*s/", HTTP_MAX_PATH - 1, path);
	if (f->root < 0 || map_name(f, decoded, j->name, sizeof(j->name)) < 0) {
		free(decoded);
		free(j);
		http_send_status(req, 404, "Not Found");
		return;
	}
	free(decoded);
	f->jobs++;
	worker_submit(f->pool, &(struct worker_item){ .run = file_read, .done = file_done,
						      .arg = j });
}

/* The source tree dir, if it holds the page (web/index.html): a
 * descriptor of it, or -1. */
static int open_source_tree(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct stat st;

	if (fd >= 0 && (fstatat(fd, "web/index.html", &st, 0) < 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

struct http_files *http_files_new(const char *root, const char *source_tree,
				  struct worker_pool *pool)
{
	struct http_files *f = xcalloc(1, sizeof(*f));
	int err;

	f->pool = pool;
	f->root = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (f->root >= 0)
		return f;
	err = errno;
	if (err == ENOENT && source_tree && (f->root = open_source_tree(source_tree)) >= 0) {
		char *real = realpath(source_tree, NULL); /* configure's may end in "/.." */

		f->source_tree = true;
		log_msg(LOG_WARN, "http root %s not found: serving the source tree's %s/web/",
			root, real ? real : source_tree);
		free(real);
		return f;
	}
	log_msg(LOG_WARN, "http root %s: %s: every page is 404 (give the web page's "
			  "directory with --http-root DIR or server.http_root)", root,
		strerror(err));
	return f;
}

void http_files_free(struct http_files *f)
{
	if (!f)
		return;
	if (f->root >= 0)
		close(f->root);
	free(f);
}
