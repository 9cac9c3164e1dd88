/* The server's top: what runs the net layer (net.h) as a whole. It starts
 * the pools and the doors (the TCP listener, the HTTP server with its
 * WebSockets, or stdio), handles the signals (SIGINT and SIGTERM stop,
 * SIGHUP reloads the configuration) and takes everything down in order.
 * Above net, http and ws: none of them calls up into it. */
#ifndef QUINTET_SERVER_H
#define QUINTET_SERVER_H

struct net_options;

/* Serve until EOF/quit on stdin, or until SIGINT/SIGTERM with --listen
 * or --http. Returns the process exit status (0, or 1 on a fatal error). */
int server_run(const struct net_options *opt);

#endif
