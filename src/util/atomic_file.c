#include "util/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/xalloc.h"

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

static void fsync_dir_of(const char *path)
{
	char *copy = xstrdup(path);
	int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(copy);
}

int atomic_write_file(const char *path, const char *data, size_t len,
		      char *err, size_t errlen)
{
	size_t plen = strlen(path);
	char *tmp = xmalloc(plen + 16);
	int fd, saved;

	snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto fail_free;
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0)
		goto fail_unlink;
	if (close(fd) < 0) {
		fd = -1;
		goto fail_unlink;
	}
	fd = -1;
	if (rename(tmp, path) < 0)
		goto fail_unlink;
	fsync_dir_of(path);
	free(tmp);
	return 0;

fail_unlink:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = saved;
fail_free:
	snprintf(err, errlen, "cannot write file: %s", strerror(errno));
	free(tmp);
	return -1;
}
