/* The one helper behind "0, or -1 with err": format a message into the
 * caller's buffer and return -1, so a failure is one statement:
 *     return errmsg(err, errlen, "no such save"); */
#ifndef QUINTET_ERRMSG_H
#define QUINTET_ERRMSG_H

#include <stddef.h>

/* Format into err (errlen bytes, always NUL-terminated when errlen > 0);
 * returns -1. */
int errmsg(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
