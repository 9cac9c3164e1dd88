#include "util/atomic_file.h"

#include <fcntl.h>
#include <stdbool.h>

#include "store/files.h"

int atomic_write_file(const char *path, const char *data, size_t len,
		      char *err, size_t errlen)
{
	return files_write(AT_FDCWD, false, path, data, len, err, errlen);
}
