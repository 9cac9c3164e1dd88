/* Files named by clients: see files.h.
 *
 * Threat model. A TCP client is remote and untrusted: it chooses the name,
 * and it (or a local user, or an earlier bug) may have left anything in the
 * directory: symbolic links to /etc, FIFOs, devices, directories. Confined,
 *   - a name is one plain path component, so it cannot climb out ("..",
 *     "a/b", "/etc/passwd") and cannot name the temporary files, which start
 *     with '.';
 *   - it is resolved with openat against a descriptor opened once, so what
 *     the data_dir path means later does not matter;
 *   - reads open with O_NOFOLLOW (a symbolic link is refused wherever it
 *     points) and O_NONBLOCK, then fstat the descriptor they hold and accept
 *     a regular file only: opening a FIFO for reading would otherwise wait
 *     for a writer and freeze the event loop with every session on it;
 *   - writes never write through an existing inode: a fresh temporary is
 *     created with O_CREAT | O_EXCL | O_NOFOLLOW (no planted file or link can
 *     be hijacked), then renamed over the name. rename replaces the directory
 *     entry: it never follows a link at the target and never touches another
 *     hard link's inode. Anything but a regular file at the name is refused
 *     (fstatat, AT_SYMLINK_NOFOLLOW); if the target is swapped after that
 *     check, rename still only replaces the entry (or fails on a directory).
 * Unconfined (stdin: a local user with their own rights) the path is taken
 * as given, links followed, but the regular-file and FIFO rules still hold,
 * so `printsgf /dev/null` cannot replace a device node.
 *
 * Bounds: a read allocates st_size + 1 bytes, refused above max_bytes before
 * allocating; a file that grows while read is grown into but never past
 * max_bytes. The work is synchronous I/O of at most that many bytes on the
 * caller's thread.
 *
 * Not defended: every confined client shares the one directory (any client
 * may read or replace any name in it, and fill its quota: files_quota_check,
 * storage.max_files and max_files_bytes, bounds the disk writes use); hard links
 * someone with the server's own rights puts into the directory (a read
 * follows them: check_name cannot tell); a replaced file's owner becomes
 * the server's user. */
#include "util/files.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/xalloc.h"

#define FILES_TMP_PREFIX ".quintet-tmp-" /* a leading '.': no client can name it */
#define FILES_TMP_TRIES 32               /* names tried before giving up */
#define FILES_GROW_MIN 4096              /* smallest growth of a read buffer */

static int set_error(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "%s", what);
	return -1;
}

/* "WHAT: strerror(errno)", keeping errno. */
static int set_errno(char *err, size_t errlen, const char *what)
{
	int saved = errno;

	snprintf(err, errlen, "%s: %s", what, strerror(saved));
	errno = saved;
	return -1;
}

/* Create path and its missing parents, like mkdir -p. */
static int mkdir_p(char *path, mode_t mode)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/' || p[-1] == '/')
			continue;
		*p = '\0';
		int rc = mkdir(path, mode);
		*p = '/';
		if (rc < 0 && errno != EEXIST)
			return -1;
	}
	if (mkdir(path, mode) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

int files_open_dir(const char *data_dir, int *dirfd, char *err, size_t errlen)
{
	char path[PATH_MAX];
	int n = snprintf(path, sizeof(path), "%s/%s", *data_dir ? data_dir : ".", FILES_DIR);
	int fd;

	if (n < 0 || (size_t)n >= sizeof(path))
		return set_error(err, errlen, "data directory name too long");
	if (mkdir_p(path, FILES_DIR_MODE) < 0) {
		int saved = errno;

		snprintf(err, errlen, "cannot create directory %s: %s", path, strerror(saved));
		return -1;
	}
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		int saved = errno;

		snprintf(err, errlen, "cannot open directory %s: %s", path, strerror(saved));
		return -1;
	}
	*dirfd = fd;
	return 0;
}

int files_open_path_dir(const char *path, bool create, int *dirfd)
{
	char buf[PATH_MAX];
	int n = snprintf(buf, sizeof(buf), "%s", *path ? path : ".");
	int fd;

	if (n < 0 || (size_t)n >= sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (create && mkdir_p(buf, FILES_DIR_MODE) < 0)
		return -1;
	fd = open(buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	*dirfd = fd;
	return 0;
}

int files_open_subdir(int dirfd, const char *name, bool create, int *fd)
{
	int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
	int dfd = openat(dirfd, name, flags);

	if (dfd < 0 && errno == ENOENT && create) {
		if (mkdirat(dirfd, name, FILES_DIR_MODE) == 0)
			fsync(dirfd); /* the new entry survives a crash */
		else if (errno != EEXIST)
			return -1;
		dfd = openat(dirfd, name, flags);
	}
	if (dfd < 0)
		return -1;
	*fd = dfd;
	return 0;
}

int files_check_name(const char *name, char *err, size_t errlen)
{
	if (!*name || name[0] == '.' || strchr(name, '/') ||
	    strnlen(name, FILES_NAME_MAX + 1) > FILES_NAME_MAX)
		return set_error(err, errlen, "invalid file name: plain names only");
	return 0;
}

/* read(2) again after a signal. */
static ssize_t read_retry(int fd, char *buf, size_t len)
{
	ssize_t n;

	do
		n = read(fd, buf, len);
	while (n < 0 && errno == EINTR);
	return n;
}

/* Read fd to its end into a buffer first sized for size bytes. The buffer
 * grows only when a probe read finds the file longer than that, and never
 * past max_bytes. */
static int read_to_end(int fd, size_t size, size_t max_bytes, char **data, size_t *len,
		       char *err, size_t errlen)
{
	size_t cap = size, n = 0; /* cap: bytes buf holds before its NUL */
	char *buf = xmalloc(cap + 1);

	for (;;) {
		ssize_t got;

		if (n == cap) {
			char probe;

			got = read_retry(fd, &probe, 1);
			if (got < 0)
				goto fail_read;
			if (got == 0)
				break;
			if (n >= max_bytes)
				goto fail_large;
			size_t grow = cap > FILES_GROW_MIN ? cap : FILES_GROW_MIN;
			cap = max_bytes - cap < grow ? max_bytes : cap + grow;
			buf = xrealloc(buf, cap + 1);
			buf[n++] = probe;
			continue;
		}
		got = read_retry(fd, buf + n, cap - n);
		if (got < 0)
			goto fail_read;
		if (got == 0)
			break;
		n += (size_t)got;
	}
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;

fail_read:
	set_errno(err, errlen, "cannot read file");
	free(buf);
	return -1;
fail_large:
	free(buf);
	return set_error(err, errlen, "file too large");
}

int files_read(int dirfd, bool confined, const char *name, size_t max_bytes, char **data,
	       size_t *len, char *err, size_t errlen)
{
	int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	struct stat st;
	int fd, rc = -1;

	assert(max_bytes < SIZE_MAX);
	*data = NULL;
	if (confined && files_check_name(name, err, errlen) < 0)
		return -1;
	fd = openat(dirfd, name, confined ? flags | O_NOFOLLOW : flags);
	if (fd < 0) {
		/* With O_NOFOLLOW and a single component, ELOOP means the name
		 * is a symbolic link; ENXIO comes only from special files (a
		 * socket, a device with nothing behind it). */
		if ((confined && errno == ELOOP) || errno == ENXIO)
			return set_error(err, errlen, "not a regular file");
		return set_errno(err, errlen, "cannot open file");
	}
	if (fstat(fd, &st) < 0) {
		set_errno(err, errlen, "cannot read file");
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		set_error(err, errlen, "not a regular file");
		goto out;
	}
	if ((uintmax_t)st.st_size > max_bytes) {
		set_error(err, errlen, "file too large");
		goto out;
	}
	rc = read_to_end(fd, (size_t)st.st_size, max_bytes, data, len, err, errlen);
out:
	close(fd);
	return rc;
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* 64 bits that differ between calls, processes and runs: only to make a
 * collision of temporary names unlikely; O_EXCL makes one harmless. */
static uint64_t tmp_bits(void)
{
	static atomic_uint_fast64_t counter;
	struct timespec ts;
	uint64_t z;

	clock_gettime(CLOCK_REALTIME, &ts);
	z = ((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec ^
	    ((uint64_t)getpid() << 40) ^ (atomic_fetch_add(&counter, 1) * 0x9e3779b97f4a7c15u);
	/* splitmix64's finaliser */
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* Create a new temporary file in dfd; its name goes to tmp. */
static int create_temp(int dfd, char *tmp, size_t tmplen)
{
	for (int i = 0; i < FILES_TMP_TRIES; i++) {
		snprintf(tmp, tmplen, FILES_TMP_PREFIX "%016llx", (unsigned long long)tmp_bits());
		int fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				FILES_FILE_MODE);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1; /* errno is EEXIST */
}

/* Replace base, a single name inside the directory dfd (a real descriptor:
 * it is fsynced). The recipe and its guarantees are files_write's. */
static int replace_in(int dfd, const char *base, const char *data, size_t len, char *err,
		      size_t errlen)
{
	char tmp[sizeof(FILES_TMP_PREFIX) + 16];
	struct stat st;
	bool exists = true;
	int fd, saved;

	if (!*base) {
		errno = EISDIR; /* a path ending in '/' */
		return set_errno(err, errlen, "cannot write file");
	}
	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno != ENOENT)
			return set_errno(err, errlen, "cannot write file");
		exists = false;
	} else if (!S_ISREG(st.st_mode)) {
		return set_error(err, errlen, "not a regular file");
	}
	fd = create_temp(dfd, tmp, sizeof(tmp));
	if (fd < 0)
		return set_errno(err, errlen, "cannot write file");
	/* The old permission bits, set before any data is in the file. The
	 * set-ID bits are dropped, as the kernel drops them when an
	 * unprivileged process writes to a file in place. */
	if (exists && fchmod(fd, st.st_mode & 0777) < 0)
		goto fail_unlink;
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0)
		goto fail_unlink;
	if (close(fd) < 0) {
		fd = -1;
		goto fail_unlink;
	}
	fd = -1;
	if (renameat(dfd, tmp, dfd, base) < 0)
		goto fail_unlink;
	/* The new name is in place; making it durable is best effort (some
	 * file systems refuse fsync on a directory), and failing now would
	 * report an error for a file already replaced. */
	fsync(dfd);
	return 0;

fail_unlink:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlinkat(dfd, tmp, 0);
	errno = saved;
	return set_errno(err, errlen, "cannot write file");
}

/* Open the directory part of path (relative to dirfd) and point *base at
 * its last component. */
static int open_parent(int dirfd, const char *path, const char **base)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	char *dir;
	int fd;

	*base = slash ? slash + 1 : path;
	if (!slash) {
		dir = xstrdup(".");
	} else if (n == 0) {
		dir = xstrdup("/");
	} else {
		dir = xmalloc(n + 1);
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	fd = openat(dirfd, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	return fd;
}

int files_write(int dirfd, bool confined, const char *name, const char *data, size_t len,
		char *err, size_t errlen)
{
	const char *base;
	int dfd, rc, saved;

	if (confined) {
		if (files_check_name(name, err, errlen) < 0)
			return -1;
		return replace_in(dirfd, name, data, len, err, errlen);
	}
	dfd = open_parent(dirfd, name, &base);
	if (dfd < 0)
		return set_errno(err, errlen, "cannot write file");
	rc = replace_in(dfd, base, data, len, err, errlen);
	saved = errno;
	close(dfd);
	errno = saved;
	return rc;
}

/* The regular files in the directory dfd besides name and their bytes;
 * 0, or -1 with errno set. */
static int tally_dir(int dfd, const char *name, long *files, long long *bytes)
{
	int fd = dup(dfd);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;
	struct stat st;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	rewinddir(d); /* the descriptor's offset is shared with dfd's */
	*files = 0;
	*bytes = 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || !strcmp(e->d_name, name) ||
		    fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode))
			continue;
		++*files;
		*bytes += st.st_size;
	}
	closedir(d);
	return 0;
}

int files_quota_check(int dirfd, const char *name, size_t len, long max_files,
		      long max_bytes, char *err, size_t errlen)
{
	long files;
	long long bytes;

	if (max_files <= 0 && max_bytes <= 0)
		return 0;
	if (tally_dir(dirfd, name, &files, &bytes) < 0)
		return set_errno(err, errlen, "cannot write file");
	if (max_files > 0 && files + 1 > max_files) {
		snprintf(err, errlen, "cannot write file: too many files");
		return -1;
	}
	if (max_bytes > 0 && bytes + (long long)len > max_bytes) {
		snprintf(err, errlen, "cannot write file: files directory full");
		return -1;
	}
	return 0;
}
