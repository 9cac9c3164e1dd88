#include "util/listen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int listen_parse(const char *spec, char *host, size_t hostlen, int *port)
{
	const char *colon = strrchr(spec, ':'), *port_text = spec;
	char *end;

	snprintf(host, hostlen, "%s", LISTEN_DEFAULT_HOST);
	if (colon) {
		const char *h = spec;
		size_t n = (size_t)(colon - spec);

		if (n >= 2 && h[0] == '[' && h[n - 1] == ']')
			h++, n -= 2;
		else if (memchr(h, ':', n))
			return -1; /* IPv6 needs brackets */
		if (n == 0 || n >= hostlen)
			return -1;
		memcpy(host, h, n);
		host[n] = '\0';
		port_text = colon + 1;
	}
	errno = 0;
	long p = strtol(port_text, &end, 10);
	if (errno || end == port_text || *end || p < 0 || p > 65535)
		return -1;
	*port = (int)p;
	return 0;
}
