/* The failed-login table: failures counted per key (a lower-case name, or
 * "@" and a client address), each forgotten after a memory of seconds
 * without a new one. A fixed number of slots: a new key takes a free or
 * expired slot, else the oldest one not locked. A locked key (at least
 * max failures) is never evicted before its memory runs out: were it, a
 * flood of junk failures from many addresses would lift the lock. When
 * every slot holds a live lock, a key not in the table cannot be counted,
 * and throttle_locked says it is locked (refused until a slot frees):
 * conservative, and it takes slots x max failures to get there.
 *
 * Not thread-safe: the caller locks. Times are the caller's (monotime_now()
 * in the daemon), so the table is tested without waiting. */
#ifndef QUINTET_THROTTLE_H
#define QUINTET_THROTTLE_H

#include <stdbool.h>
#include <stddef.h>

#define THROTTLE_KEY 64 /* a key's bytes, NUL included; longer keys are cut */

struct throttle;

/* A table of slots keys; a key is locked at max failures (0: never) and
 * forgotten memory seconds after its last failure. */
struct throttle *throttle_new(size_t slots, unsigned max, double memory);

void throttle_free(struct throttle *t);

/* Count a failure of key at now. Its failures now, or 0 when it could not
 * be counted (every slot holds a live lock). */
unsigned throttle_fail(struct throttle *t, const char *key, double now);

/* Key's failures within the memory of now (0: none remembered). */
unsigned throttle_failures(const struct throttle *t, const char *key, double now);

/* Whether key is refused at now: at max failures, or not in the table and
 * no slot left to count it in. Never when max is 0. */
bool throttle_locked(const struct throttle *t, const char *key, double now);

/* Forget key's failures (a success). */
void throttle_clear(struct throttle *t, const char *key);

#endif
