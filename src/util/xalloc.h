/* Allocation that cannot fail: quintet treats out-of-memory as fatal, the way
 * redis does, so callers never carry half-built state around. */
#ifndef QUINTET_XALLOC_H
#define QUINTET_XALLOC_H

#include <stddef.h>
#include <stdlib.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
