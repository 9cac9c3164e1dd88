/* The listen address text shared by the command line (--listen), the
 * configuration (server.listen) and the listener: "[HOST:]PORT". Text only;
 * no resolving, no sockets. */
#ifndef QUINTET_LISTEN_H
#define QUINTET_LISTEN_H

#include <stddef.h>

#define LISTEN_DEFAULT_HOST "127.0.0.1" /* host when spec gives a port only */

/* Parse "[HOST:]PORT" ("7077", "127.0.0.1:7077", "[::1]:0"): an IPv6 host
 * needs its brackets, the port is 0..65535. host (hostlen bytes, which must
 * hold the whole host and its NUL) gets the host without brackets, or
 * LISTEN_DEFAULT_HOST. Returns 0, or -1 if spec is malformed. */
int listen_parse(const char *spec, char *host, size_t hostlen, int *port);

#endif
