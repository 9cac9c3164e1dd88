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

/* The next 64 random bits. */
uint64_t rng_next(struct rng *r);

/* A uniform integer in [0, n); n must be positive. */
uint32_t rng_below(struct rng *r, uint32_t n);

#endif
