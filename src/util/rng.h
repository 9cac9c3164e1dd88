/* Seedable pseudo-random numbers (xoshiro256**), one generator per owner so
 * that every game and every worker is reproducible under set_random_seed. */
#ifndef QUINTET_RNG_H
#define QUINTET_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4]; /* xoshiro256** state, never all zero */
};

/* Seed the generator; equal seeds give equal sequences. */
void rng_seed(struct rng *r, uint64_t seed);

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* The next 64 random bits (inline: playout loops draw one a move). */
static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* A uniform integer in [0, n); n must be positive. Lemire's
 * multiply-shift: unbiased enough for n far below 2^32 and much cheaper
 * than a modulo in playout loops. */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

#endif
