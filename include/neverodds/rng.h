/* rng.h — PCG32 (O'Neill's XSH-RR 64/32 generator), our own implementation.
 * Streams: every chunk of Monte Carlo trials gets its own (seed, chunk) stream so a run
 * gives the same answer on any number of threads. */
#ifndef NEVERODDS_RNG_H
#define NEVERODDS_RNG_H
#include <stdint.h>

typedef struct no_pcg32 {
    uint64_t state;
    uint64_t inc; /* always odd: selects the stream */
} no_pcg32;

/* Same seeding as the reference pcg32_srandom_r(initstate, initseq). */
void no_pcg32_seed(no_pcg32 *rng, uint64_t initstate, uint64_t initseq);

static inline uint32_t no_pcg32_next(no_pcg32 *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Unbiased integer in [0, bound) (Lemire's multiply-and-reject). bound must be > 0. */
uint32_t no_pcg32_below(no_pcg32 *rng, uint32_t bound);

#endif
