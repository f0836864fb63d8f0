/* rng.c — PCG32 seeding and bounded draws; the step function is inline in rng.h. */
#include "neverodds/rng.h"

void no_pcg32_seed(no_pcg32 *rng, uint64_t initstate, uint64_t initseq)
{
    rng->state = 0u;
    rng->inc = (initseq << 1u) | 1u;
    (void)no_pcg32_next(rng);
    rng->state += initstate;
    (void)no_pcg32_next(rng);
}

uint32_t no_pcg32_below(no_pcg32 *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)no_pcg32_next(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)no_pcg32_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
