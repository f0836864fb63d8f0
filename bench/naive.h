/* naive.h — the baseline the optimised Monte Carlo driver is measured against (issue #8): the
 * same compiled graph, walked the plain way, one trial at a time on one thread. */
#ifndef NEVERODDS_BENCH_NAIVE_H
#define NEVERODDS_BENCH_NAIVE_H
#include "neverodds/engine.h"

/* Counts how often each terminal of `g` is reached in `trials` trials from PCG32 stream
 * (seed, 0): every die is one bounded PCG32 draw, a roll's faces are counted and the count
 * vector ranked arithmetically (no lookup table), a card is one draw among the cards left.
 * term_count has g->nterm entries and is overwritten. */
void naive_montecarlo(const no_ctx *ctx, const no_graph *g, uint64_t trials, uint64_t seed,
                          uint64_t *term_count);

/* The outcome rank of a roll from how many dice show each result (`count`, nresults entries,
 * summing to k): the position of the count vector among all of them in the order the dice module
 * lists them (descending lexicographic). */
int naive_rank(const uint8_t *count, int nresults, int k);

/* Checks naive_rank against the dice module's listing for every die of ctx's game and every
 * count vector of 0 to NO_MAX_ROLL dice: the number of vectors checked, or -1 at a mismatch. */
long naive_rank_check(const no_ctx *ctx);

#endif
