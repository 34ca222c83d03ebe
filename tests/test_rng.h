/*
 * test_rng.h — random numbers for the tests: xorshift64, deterministic,
 * with the state kept by the caller so that each test file (or test)
 * keeps a sequence of its own.
 */
#ifndef TEST_RNG_H
#define TEST_RNG_H

#include <stdint.h>

static inline unsigned test_rng_next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (unsigned)(*state >> 11);
}

/* Uniform enough in [lo, hi] for test data. */
static inline int test_rng_in(uint64_t *state, int lo, int hi)
{
    return lo + (int)(test_rng_next(state) % (unsigned)(hi - lo + 1));
}

#endif
