/* Unit tests of util/files.c in a fresh mkdtemp directory per test: plain
 * names, whole reads (exact size, NUL, growth, the size limit), refusals
 * (a symbolic link out of the directory, a FIFO that would block, devices,
 * directories) that leave everything as it was and no temporary behind,
 * atomic replacement keeping the mode, and files_open_dir.
 *
 * A FIFO is opened by tests that expect no wait: alarm() bounds each test, so
 * a blocking open kills the program (a failure) instead of hanging the run. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "util/files.h"

#define TEST_ALARM 10 /* seconds any one test may take */

struct fixture {
	char dir[256];     /* the mkdtemp directory */
	int dirfd;         /* open on dir: the confined directory */
	char outside[300]; /* a file next to dir, not in it */
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	const char *tmp = getenv("TMPDIR");

	snprintf(f->dir, sizeof(f->dir), "%s/quintet-files-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(f->dir))
		return -1;
	f->dirfd = open(f->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	snprintf(f->outside, sizeof(f->outside), "%s.outside", f->dir);
	*state = f;
	alarm(TEST_ALARM);
	return f->dirfd < 0 ? -1 : 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	alarm(0);
	close(f->dirfd);
	nftw(f->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	unlink(f->outside);
	free(f);
	return 0;
}

static void put(const char *path, const char *text, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	assert_int_equal(fchmod(fd, mode), 0);
	close(fd);
}

/* The whole file at path, or NULL. */
static char *get(const char *path)
{
	static char buf[4096];
	int fd = open(path, O_RDONLY | O_NONBLOCK);

	if (fd < 0)
		return NULL;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

static const char *in_dir(const struct fixture *f, const char *name)
{
	static char path[512];

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	return path;
}

/* How many entries the directory has, "." and ".." aside. */
static int entries(const struct fixture *f)
{
	DIR *d = opendir(f->dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static void test_check_name(void **state)
{
	static const char *const good[] = { "game.sgf", "a", "x..y", "-", "with space" };
	static const char *const bad[] = { "", ".", "..", ".hidden", "a/b", "/etc/passwd",
					   "../x", "dir/", ".quintet-tmp-0000000000000000" };
	char name[FILES_NAME_MAX + 2], err[128];

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		assert_int_equal(files_check_name(good[i], err, sizeof(err)), 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_int_equal(files_check_name(bad[i], err, sizeof(err)), -1);
		assert_string_equal(err, "invalid file name: plain names only");
	}
	memset(name, 'n', FILES_NAME_MAX);
	name[FILES_NAME_MAX] = '\0';
	assert_int_equal(files_check_name(name, err, sizeof(err)), 0);
	name[FILES_NAME_MAX] = 'n';
	name[FILES_NAME_MAX + 1] = '\0';
	assert_int_equal(files_check_name(name, err, sizeof(err)), -1);
}

static void test_read_regular(void **state)
{
	struct fixture *f = *state;
	char *data, err[128];
	size_t len = 0;

	put(in_dir(f, "game.sgf"), "(;GM[1]SZ[9])\n", 0644);
	assert_int_equal(files_read(f->dirfd, true, "game.sgf", 1000, &data, &len, err,
				    sizeof(err)), 0);
	assert_int_equal(len, 14);
	assert_memory_equal(data, "(;GM[1]SZ[9])\n", 15); /* with the NUL */
	free(data);
	/* Unconfined: the path as given. */
	assert_int_equal(files_read(AT_FDCWD, false, in_dir(f, "game.sgf"), 14, &data, &len, err,
				    sizeof(err)), 0);
	assert_int_equal(len, 14);
	free(data);
	put(in_dir(f, "empty"), "", 0644);
	assert_int_equal(files_read(f->dirfd, true, "empty", 0, &data, &len, err, sizeof(err)), 0);
	assert_int_equal(len, 0);
	assert_int_equal(data[0], '\0');
	free(data);
}

static void test_read_refusals(void **state)
{
	struct fixture *f = *state;
	char *data = (char *)"unset", err[128];
	size_t len;

	assert_int_equal(files_read(f->dirfd, true, "missing", 10, &data, &len, err,
				    sizeof(err)), -1);
	assert_string_equal(err, "cannot open file: No such file or directory");
	assert_null(data);
	/* A name that would climb out is refused before any lookup. */
	put(f->outside, "secret\n", 0644);
	assert_int_equal(files_read(f->dirfd, true, "../x", 10, &data, &len, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "invalid file name: plain names only");
	/* A directory is not a regular file (and did not hang). */
	assert_int_equal(mkdir(in_dir(f, "sub"), 0755), 0);
	assert_int_equal(files_read(f->dirfd, true, "sub", 10, &data, &len, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(files_read(AT_FDCWD, false, "/dev/null", 10, &data, &len, err,
				    sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
}

/* A link in the directory to a readable file outside it: refused confined,
 * followed unconfined (a local user may). */
static void test_read_symlink_out(void **state)
{
	struct fixture *f = *state;
	char *data, err[128];
	size_t len;

	put(f->outside, "secret\n", 0644);
	assert_int_equal(symlink(f->outside, in_dir(f, "link")), 0);
	assert_int_equal(files_read(f->dirfd, true, "link", 100, &data, &len, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "not a regular file");
	assert_null(data);
	assert_int_equal(files_read(AT_FDCWD, false, in_dir(f, "link"), 100, &data, &len, err,
				    sizeof(err)), 0);
	assert_string_equal(data, "secret\n");
	free(data);
}

/* A FIFO with no writer: opening it without O_NONBLOCK would wait forever
 * (alarm() ends the test then). */
static void test_read_fifo(void **state)
{
	struct fixture *f = *state;
	char *data, err[128];
	size_t len;

	assert_int_equal(mkfifo(in_dir(f, "pipe"), 0644), 0);
	assert_int_equal(files_read(f->dirfd, true, "pipe", 100, &data, &len, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(files_read(AT_FDCWD, false, in_dir(f, "pipe"), 100, &data, &len, err,
				    sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
}

/* A Unix socket: open(2) fails on it (ENXIO), which is no reason to show. */
static void test_socket(void **state)
{
	struct fixture *f = *state;
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char *data, err[128];
	size_t len;
	struct stat st;
	int sock = socket(AF_UNIX, SOCK_STREAM, 0);

	assert_true(sock >= 0);
	if (strlen(in_dir(f, "sock")) >= sizeof(addr.sun_path))
		skip();
	strcpy(addr.sun_path, in_dir(f, "sock"));
	assert_int_equal(bind(sock, (struct sockaddr *)&addr, sizeof(addr)), 0);
	assert_int_equal(files_read(f->dirfd, true, "sock", 100, &data, &len, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(files_write(f->dirfd, true, "sock", "x", 1, err, sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(lstat(in_dir(f, "sock"), &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	assert_int_equal(entries(f), 1);
	close(sock);
}

static void test_read_too_large(void **state)
{
	struct fixture *f = *state;
	char *data = (char *)"unset", err[128];
	size_t len;

	put(in_dir(f, "big"), "0123456789", 0644);
	assert_int_equal(files_read(f->dirfd, true, "big", 9, &data, &len, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "file too large");
	assert_null(data);
	assert_int_equal(files_read(f->dirfd, true, "big", 10, &data, &len, err, sizeof(err)),
			 0);
	assert_int_equal(len, 10);
	free(data);
}

/* A file longer than its st_size says (as a file growing while read, or a
 * /proc file, whose size is 0): read to its end, still within max_bytes. */
static void test_read_growing(void **state)
{
	char *data, err[128];
	size_t len;

	(void)state;
	if (access("/proc/self/status", R_OK) != 0)
		skip();
	assert_int_equal(files_read(AT_FDCWD, false, "/proc/self/status", 1 << 20, &data, &len,
				    err, sizeof(err)), 0);
	assert_true(len > 100);
	assert_int_equal(strlen(data), len);
	assert_non_null(strstr(data, "Pid:"));
	free(data);
	assert_int_equal(files_read(AT_FDCWD, false, "/proc/self/status", 50, &data, &len, err,
				    sizeof(err)), -1);
	assert_string_equal(err, "file too large");
}

static void test_write_creates(void **state)
{
	struct fixture *f = *state;
	char err[128];
	struct stat st;

	assert_int_equal(files_write(f->dirfd, true, "new.sgf", "(;)\n", 4, err, sizeof(err)),
			 0);
	assert_string_equal(get(in_dir(f, "new.sgf")), "(;)\n");
	assert_int_equal(stat(in_dir(f, "new.sgf"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0644 & ~022); /* main sets umask 022 */
	assert_int_equal(entries(f), 1);
	/* Unconfined, a relative path is resolved against dirfd. */
	assert_int_equal(files_write(f->dirfd, false, "rel.sgf", "x", 1, err, sizeof(err)), 0);
	assert_string_equal(get(in_dir(f, "rel.sgf")), "x");
	assert_int_equal(entries(f), 2);
}

static void test_write_replaces_keeping_mode(void **state)
{
	struct fixture *f = *state;
	char err[128];
	struct stat before, after;

	put(in_dir(f, "game.sgf"), "old contents, longer than the new\n", 0600);
	assert_int_equal(stat(in_dir(f, "game.sgf"), &before), 0);
	assert_int_equal(files_write(f->dirfd, true, "game.sgf", "new\n", 4, err, sizeof(err)),
			 0);
	assert_string_equal(get(in_dir(f, "game.sgf")), "new\n");
	assert_int_equal(stat(in_dir(f, "game.sgf"), &after), 0);
	assert_int_equal(after.st_mode & 07777, 0600);
	assert_true(after.st_ino != before.st_ino); /* a new file renamed in, not rewritten */
	assert_int_equal(entries(f), 1);
	/* The same through a path (unconfined). */
	assert_int_equal(chmod(in_dir(f, "game.sgf"), 0640), 0);
	assert_int_equal(files_write(AT_FDCWD, false, in_dir(f, "game.sgf"), "newer\n", 6, err,
				     sizeof(err)), 0);
	assert_string_equal(get(in_dir(f, "game.sgf")), "newer\n");
	assert_int_equal(stat(in_dir(f, "game.sgf"), &after), 0);
	assert_int_equal(after.st_mode & 07777, 0640);
	assert_int_equal(entries(f), 1);
}

/* The quota: regular files only, '.' names (temporaries) not counted, a
 * replaced file counted at its new size. */
static void test_quota(void **state)
{
	struct fixture *f = *state;
	char err[128];

	put(in_dir(f, "a.sgf"), "12345", 0644);
	put(in_dir(f, "b.sgf"), "12345", 0644);
	put(in_dir(f, ".tmp-left"), "a temporary of 33 bytes, ignored", 0644);
	assert_int_equal(mkdir(in_dir(f, "sub"), 0700), 0);
	assert_int_equal(symlink("a.sgf", in_dir(f, "link")), 0);
	assert_int_equal(files_quota_check(f->dirfd, "c.sgf", 5, 3, 15, err, sizeof(err)), 0);
	assert_int_equal(files_quota_check(f->dirfd, "c.sgf", 6, 3, 15, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot write file: files directory full");
	assert_int_equal(files_quota_check(f->dirfd, "c.sgf", 1, 2, 0, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot write file: too many files");
	/* Replacing b.sgf: 2 files, b's 5 bytes replaced by 10. */
	assert_int_equal(files_quota_check(f->dirfd, "b.sgf", 10, 2, 15, err, sizeof(err)), 0);
	assert_int_equal(files_quota_check(f->dirfd, "b.sgf", 11, 2, 15, err, sizeof(err)), -1);
	assert_int_equal(files_quota_check(f->dirfd, "z", 1 << 20, 0, 0, err, sizeof(err)), 0);
}

static void test_write_refuses_symlink(void **state)
{
	struct fixture *f = *state;
	char err[128], target[256];
	struct stat st;

	put(f->outside, "secret\n", 0644);
	assert_int_equal(symlink(f->outside, in_dir(f, "link")), 0);
	assert_int_equal(files_write(f->dirfd, true, "link", "pwned\n", 6, err, sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(files_write(AT_FDCWD, false, in_dir(f, "link"), "pwned\n", 6, err,
				     sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(lstat(in_dir(f, "link"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	ssize_t n = readlink(in_dir(f, "link"), target, sizeof(target) - 1);
	assert_true(n > 0);
	target[n] = '\0';
	assert_string_equal(target, f->outside);
	assert_string_equal(get(f->outside), "secret\n");
	assert_int_equal(entries(f), 1);
}

static void test_write_refuses_fifo(void **state)
{
	struct fixture *f = *state;
	char err[128];
	struct stat st;

	assert_int_equal(mkfifo(in_dir(f, "pipe"), 0644), 0);
	assert_int_equal(files_write(f->dirfd, true, "pipe", "x", 1, err, sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(lstat(in_dir(f, "pipe"), &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(entries(f), 1);
}

static void test_write_refuses_directory(void **state)
{
	struct fixture *f = *state;
	char err[128];
	struct stat st;

	assert_int_equal(mkdir(in_dir(f, "sub"), 0755), 0);
	put(in_dir(f, "sub/inside"), "kept\n", 0644);
	assert_int_equal(files_write(f->dirfd, true, "sub", "x", 1, err, sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(lstat(in_dir(f, "sub"), &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_string_equal(get(in_dir(f, "sub/inside")), "kept\n");
	assert_int_equal(entries(f), 1);
}

/* A device, named by a local user: refused, still a device. */
static void test_write_refuses_dev_null(void **state)
{
	char err[128];
	struct stat st;

	(void)state;
	assert_int_equal(files_write(AT_FDCWD, false, "/dev/null", "x", 1, err, sizeof(err)), -1);
	assert_string_equal(err, "not a regular file");
	assert_int_equal(lstat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
}

static void test_write_errors(void **state)
{
	struct fixture *f = *state;
	char err[128];

	assert_int_equal(files_write(f->dirfd, true, "../escape", "x", 1, err, sizeof(err)), -1);
	assert_string_equal(err, "invalid file name: plain names only");
	assert_null(get(f->outside));
	assert_int_equal(files_write(AT_FDCWD, false, in_dir(f, "nodir/x"), "x", 1, err,
				     sizeof(err)), -1);
	assert_string_equal(err, "cannot write file: No such file or directory");
	assert_int_equal(files_write(AT_FDCWD, false, in_dir(f, ""), "x", 1, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "cannot write file: Is a directory");
	assert_int_equal(entries(f), 0);
}

static void test_open_dir(void **state)
{
	struct fixture *f = *state;
	char data_dir[300], err[700], expected[700];
	int dirfd = -1;
	struct stat st;

	/* Missing parents are created too. */
	snprintf(data_dir, sizeof(data_dir), "%s/data/sub", f->dir);
	assert_int_equal(files_open_dir(data_dir, &dirfd, err, sizeof(err)), 0);
	assert_true(dirfd >= 0);
	assert_int_equal(stat(in_dir(f, "data/sub/files"), &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0750 & ~022);
	assert_true(fcntl(dirfd, F_GETFD) & FD_CLOEXEC);
	/* The descriptor is the directory: a write through it lands there. */
	assert_int_equal(files_write(dirfd, true, "g.sgf", "x", 1, err, sizeof(err)), 0);
	assert_string_equal(get(in_dir(f, "data/sub/files/g.sgf")), "x");
	close(dirfd);
	/* Existing: opened again. */
	assert_int_equal(files_open_dir(data_dir, &dirfd, err, sizeof(err)), 0);
	close(dirfd);
	/* A data_dir that is a file. */
	put(in_dir(f, "plain"), "", 0644);
	dirfd = -7;
	assert_int_equal(files_open_dir(in_dir(f, "plain"), &dirfd, err, sizeof(err)), -1);
	snprintf(expected, sizeof(expected), "cannot create directory %s/plain/files: Not a directory",
		 f->dir);
	assert_string_equal(err, expected);
	assert_int_equal(dirfd, -7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_check_name, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_regular, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_symlink_out, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_socket, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_too_large, setup, teardown),
		cmocka_unit_test_setup_teardown(test_read_growing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_creates, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_replaces_keeping_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_quota, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_refuses_symlink, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_refuses_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_refuses_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_refuses_dev_null, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_dir, setup, teardown),
	};

	umask(022);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
