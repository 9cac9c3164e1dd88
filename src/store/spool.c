/* The local spool of store/spool.h: a directory of entries, one file
 * each, written atomically by files_write. */
#include "store/spool.h"

#include <dirent.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/files.h"
#include "util/xalloc.h"

int spool_open(const char *data_dir, bool create, int *fd)
{
	int top, rc;

	if (files_open_path_dir(data_dir, create, &top) < 0)
		return -1;
	rc = files_open_subdir(top, SPOOL_DIR, create, fd);
	int saved = errno;
	close(top);
	errno = saved;
	return rc;
}

/* A new entry's name: the time (fixed width, so that names sort in
 * order), then the process and a counter, so that no two writers ever
 * pick the same name. */
static void entry_name(char *name, size_t len)
{
	static atomic_uint seq;
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(name, len, "%012lld%09ld-%d-%u", (long long)ts.tv_sec, (long)ts.tv_nsec,
		 (int)getpid(), atomic_fetch_add(&seq, 1));
}

int spool_put(int dirfd, const char *data, size_t len, char *err, size_t errlen)
{
	char name[SPOOL_NAME_MAX];

	entry_name(name, sizeof(name));
	return files_write(dirfd, true, name, data, len, err, errlen);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether a directory entry is one of ours: a plain name (no temporary of
 * files_write's, no "." or ".."), starting with a digit. */
static bool is_entry(const char *name)
{
	return name[0] >= '0' && name[0] <= '9' && strlen(name) < SPOOL_NAME_MAX;
}

int spool_names(int dirfd, char ***names, size_t *n)
{
	int dfd = dup(dirfd);
	DIR *dir = dfd >= 0 ? fdopendir(dfd) : NULL;
	struct dirent *de;
	char **list = NULL;
	size_t count = 0;

	if (!dir) {
		if (dfd >= 0)
			close(dfd);
		return -1;
	}
	rewinddir(dir); /* the duplicate shares its offset with earlier scans */
	while ((de = readdir(dir)))
		if (is_entry(de->d_name)) {
			list = xrealloc(list, (count + 1) * sizeof(*list));
			list[count++] = xstrdup(de->d_name);
		}
	closedir(dir);
	if (count)
		qsort(list, count, sizeof(*list), by_name);
	*names = list;
	*n = count;
	return 0;
}

void spool_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int spool_read(int dirfd, const char *name, char **data, size_t *len, char *err, size_t errlen)
{
	return files_read(dirfd, true, name, SPOOL_MAX_BYTES, data, len, err, errlen);
}

int spool_remove(int dirfd, const char *name)
{
	if (unlinkat(dirfd, name, 0) < 0 && errno != ENOENT)
		return -1;
	return fsync(dirfd); /* the removal survives a crash: no second replay */
}
