/* Files named by clients (loadsgf, printsgf): reading one whole, replacing
 * one atomically. See files.c for what it defends against.
 *
 * Two modes, chosen by the caller per session:
 *   confined   (TCP clients, remote and untrusted): the name must be a plain
 *              name (files_check_name) and is looked up in the directory
 *              descriptor from files_open_dir, DATA_DIR/files/, which holds
 *              clients' files and nothing the server owns;
 *   unconfined (stdin, a local user with their own rights): the name is a
 *              path, relative ones resolved against dirfd (AT_FDCWD for the
 *              working directory).
 * In both modes only regular files are read or replaced, and nothing ever
 * blocks on a FIFO. Error texts are the protocol's (protocol/PROTOCOL.md). */
#ifndef QUINTET_FILES_H
#define QUINTET_FILES_H

#include <stdbool.h>
#include <stddef.h>

#define FILES_DIR "files"    /* clients' directory, inside storage.data_dir */
#define FILES_NAME_MAX 255   /* longest plain name, in bytes (NAME_MAX) */
#define FILES_DIR_MODE 0750  /* a new directory's mode, before the umask */
#define FILES_FILE_MODE 0644 /* a new file's mode, before the umask */

/* Create DATA_DIR/files/ if missing (with every missing parent, like
 * mkdir -p, mode FILES_DIR_MODE & ~umask) and open it (O_DIRECTORY |
 * O_CLOEXEC). An empty data_dir means the working directory. Returns 0 with
 * the descriptor in *dirfd, which the caller closes; or -1 with err set
 * ("cannot create directory PATH: REASON", "cannot open directory PATH:
 * REASON", "data directory name too long") and *dirfd untouched. */
int files_open_dir(const char *data_dir, int *dirfd, char *err, size_t errlen);

/* Open the directory path (empty: the working directory), first creating
 * it and its missing parents (mode FILES_DIR_MODE & ~umask) when create.
 * Returns 0 with the descriptor (O_DIRECTORY | O_CLOEXEC) in *dirfd, which
 * the caller closes; or -1 with errno set and *dirfd untouched. */
int files_open_path_dir(const char *path, bool create, int *dirfd);

/* Open the directory name, one plain component inside dirfd, with
 * O_NOFOLLOW (a symbolic link there is refused: ENOTDIR or ELOOP), first
 * creating it (mode FILES_DIR_MODE & ~umask; the new entry is fsynced in
 * dirfd) when create and it is missing. Returns 0 with the descriptor in
 * *fd, which the caller closes; or -1 with errno set. */
int files_open_subdir(int dirfd, const char *name, bool create, int *fd);

/* Whether name is a plain name a confined client may use: non-empty, no
 * '/', not starting with '.' (so neither "." nor ".." nor the temporary
 * files files_write leaves while it works), at most FILES_NAME_MAX bytes.
 * Returns 0, or -1 with err set to "invalid file name: plain names only". */
int files_check_name(const char *name, char *err, size_t errlen);

/* Read the whole regular file name (see the modes above; confined, a
 * symbolic link is refused, wherever it points). Returns 0 with *data a
 * malloc'd copy of the contents, NUL-terminated (the caller frees it), and
 * *len its length without the NUL; a file that grows or shrinks while it is
 * read gives what was read, still within max_bytes. Or -1 with *data NULL
 * and err set: "invalid file name: plain names only" (confined),
 * "cannot open file: REASON", "not a regular file" (a directory, FIFO,
 * device, socket, or confined a symbolic link), "file too large" (more than
 * max_bytes, refused before allocating), "cannot read file: REASON".
 * max_bytes must be less than SIZE_MAX. */
int files_read(int dirfd, bool confined, const char *name, size_t max_bytes, char **data,
	       size_t *len, char *err, size_t errlen);

/* Replace the file name with len bytes of data, atomically: a reader sees
 * the old contents or the new, never a mix, and a crash leaves one of them
 * (temporary file in the same directory, fsync, rename, fsync of the
 * directory). Only a regular file is replaced, and it keeps its permission
 * bits (not set-user/group-ID, not its owner); a new file gets
 * FILES_FILE_MODE & ~umask. Unconfined, the path's directory must exist.
 * Returns 0, or -1 with err set and nothing changed, no temporary left:
 * "invalid file name: plain names only" (confined), "not a regular file"
 * (the name is a symbolic link, FIFO, device, socket, directory), "cannot
 * write file: REASON". */
int files_write(int dirfd, bool confined, const char *name, const char *data, size_t len,
		char *err, size_t errlen);

/* Whether replacing the plain name in the directory dirfd with len bytes
 * keeps it within max_files regular files holding max_bytes in all
 * (either 0: no cap). The directory's entries starting with '.' (the
 * temporaries of files_write) and all but regular files are not counted;
 * the name's own file counts its new size instead of its old one. A scan
 * of the directory: the caller serialises the check with its writes.
 * Returns 0, or -1 with err set: "cannot write file: too many files",
 * "cannot write file: files directory full", "cannot write file: REASON"
 * (the scan failed). */
int files_quota_check(int dirfd, const char *name, size_t len, long max_files,
		      long max_bytes, char *err, size_t errlen);

#endif
