/* The failed-login table: see throttle.h. A linear scan: a few thousand
 * slots at most, and every call comes with a password hash or a refusal
 * that spares one. */
#include "store/throttle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct slot {
	char key[THROTTLE_KEY]; /* "" = free */
	unsigned failures;      /* in a row, within the memory */
	double last;            /* the caller's time of the last one */
};

struct throttle {
	size_t n;               /* slots */
	unsigned max;           /* failures that lock; 0 = none do */
	double memory;          /* seconds a key is remembered */
	struct slot slots[];
};

struct throttle *throttle_new(size_t slots, unsigned max, double memory)
{
	struct throttle *t = xcalloc(1, sizeof(*t) + slots * sizeof(t->slots[0]));

	t->n = slots;
	t->max = max;
	t->memory = memory;
	return t;
}

void throttle_free(struct throttle *t)
{
	free(t);
}

static bool live(const struct throttle *t, const struct slot *s, double now)
{
	return s->key[0] && now - s->last <= t->memory;
}

static bool locks(const struct throttle *t, const struct slot *s, double now)
{
	return t->max && live(t, s, now) && s->failures >= t->max;
}

/* key's live slot, or NULL. */
static struct slot *find(const struct throttle *t, const char *key, double now)
{
	char k[THROTTLE_KEY];

	snprintf(k, sizeof(k), "%s", key);
	for (size_t i = 0; i < t->n; i++)
		if (live(t, &t->slots[i], now) && !strcmp(t->slots[i].key, k))
			return (struct slot *)&t->slots[i];
	return NULL;
}

/* A slot a new key may take: free or expired, else the oldest unlocked
 * one; NULL when every slot holds a live lock. */
static struct slot *spare(const struct throttle *t, double now)
{
	struct slot *best = NULL;

	for (size_t i = 0; i < t->n; i++) {
		struct slot *s = (struct slot *)&t->slots[i];

		if (!live(t, s, now))
			return s;
		if (!locks(t, s, now) && (!best || s->last < best->last))
			best = s;
	}
	return best;
}

unsigned throttle_fail(struct throttle *t, const char *key, double now)
{
	struct slot *s = find(t, key, now);

	if (!s) {
		if (!(s = spare(t, now)))
			return 0;
		snprintf(s->key, sizeof(s->key), "%s", key);
		s->failures = 0;
	}
	s->failures++;
	s->last = now;
	return s->failures;
}

unsigned throttle_failures(const struct throttle *t, const char *key, double now)
{
	const struct slot *s = find(t, key, now);

	return s ? s->failures : 0;
}

bool throttle_locked(const struct throttle *t, const char *key, double now)
{
	const struct slot *s;

	if (!t->max)
		return false;
	if ((s = find(t, key, now)))
		return s->failures >= t->max;
	return !spare(t, now);
}

void throttle_clear(struct throttle *t, const char *key)
{
	char k[THROTTLE_KEY];

	snprintf(k, sizeof(k), "%s", key);
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->slots[i].key, k))
			t->slots[i].key[0] = '\0';
}
