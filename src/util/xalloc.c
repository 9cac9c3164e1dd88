#include "util/xalloc.h"

#include <stdio.h>
#include <string.h>

static void *check(void *p)
{
	if (!p) {
		fputs("quintet: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *xmalloc(size_t n)
{
	return check(malloc(n ? n : 1));
}

void *xcalloc(size_t count, size_t size)
{
	return check(calloc(count ? count : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t n)
{
	return check(realloc(p, n ? n : 1));
}

char *xstrdup(const char *s)
{
	return check(strdup(s));
}
