/* montecarlo.c — the Monte Carlo driver: rolls every die from PCG32 bits and walks the same
 * chance nodes the exact driver weighs. Chunk c of NO_MC_CHUNK trials uses stream (seed, c);
 * each thread counts into its own histogram; nothing is allocated inside the loop. */
#include "neverodds/engine.h"
#include "neverodds/rng.h"
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Random bits for dice: a 64-bit reservoir refilled 32 bits at a time. */
typedef struct bit_source {
    no_pcg32 rng;
    uint64_t bits;
    int nbits;
} bit_source;

static inline unsigned take_bits(bit_source *b, int n)
{
    if (b->nbits < n) {
        b->bits |= (uint64_t)no_pcg32_next(&b->rng) << b->nbits;
        b->nbits += 32;
    }
    unsigned v = (unsigned)(b->bits & ((1u << n) - 1u));
    b->bits >>= n;
    b->nbits -= n;
    return v;
}

/* Rank of the outcome of rolling k dice: d8s take 3 bits a die, the first NO_DIRECT_MAX of
 * them ranked by one lookup; other dice draw an unbiased side each. */
static inline unsigned roll_rank(bit_source *b, const no_dicetab *tab, unsigned k)
{
    unsigned sides = tab->die->sides;
    unsigned rank = 0, j = 0;
    if (sides == 8) {
        j = k < NO_DIRECT_MAX ? k : NO_DIRECT_MAX;
        rank = tab->direct[j][take_bits(b, 3 * (int)j)];
        for (; j < k; j++)
            rank = tab->next_rank[j][rank * 8 + take_bits(b, 3)];
        return rank;
    }
    for (; j < k; j++)
        rank = tab->next_rank[j][rank * sides + no_pcg32_below(&b->rng, sides)];
    return rank;
}

/* A chance node as the hot loop wants it: for up to NO_DIRECT_MAX d8s the whole roll is one
 * lookup of 3k random bits; other rolls take the general path. */
typedef struct mc_node {
    const uint16_t *direct;  /* NULL: general path */
    const no_dicetab *tab;
    int32_t first;
    uint8_t k, bits;
} mc_node;

static void run_chunk(const mc_node *nodes, const int32_t *succ, int32_t root, uint64_t seed,
                      uint64_t chunk, uint64_t trials, uint64_t *count)
{
    bit_source b = {.bits = 0, .nbits = 0};
    no_pcg32_seed(&b.rng, seed, chunk);
    for (uint64_t t = 0; t < trials; t++) {
        int32_t ref = root;
        while (ref >= 0) {
            const mc_node *n = &nodes[ref];
            unsigned rank = n->direct ? n->direct[take_bits(&b, n->bits)]
                                      : roll_rank(&b, n->tab, n->k);
            ref = succ[n->first + (int32_t)rank];
        }
        count[~ref]++;
    }
}

void no_montecarlo(const no_ctx *ctx, const no_graph *g, uint64_t trials, uint64_t seed,
                   int threads, uint64_t *term_count)
{
    if (threads < 1)
        threads = 1;
    size_t nterm = (size_t)g->nterm;
    uint64_t *local = calloc((size_t)threads * nterm, sizeof *local);
    if (!local)
        abort();
    mc_node *nodes = malloc((size_t)(g->nchance ? g->nchance : 1) * sizeof *nodes);
    if (!nodes)
        abort();
    for (int i = 0; i < g->nchance; i++) {
        const no_chance *ch = &g->chance[i];
        const no_dicetab *tab = ctx->dice[ch->pool];
        int direct = tab->die->sides == 8 && ch->k <= NO_DIRECT_MAX;
        nodes[i] = (mc_node){.direct = direct ? tab->direct[ch->k] : NULL, .tab = tab,
                             .first = ch->first, .k = ch->k, .bits = (uint8_t)(3 * ch->k)};
    }
    uint64_t nchunks = (trials + NO_MC_CHUNK - 1) / NO_MC_CHUNK;
    long long nch = (long long)nchunks;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (long long c = 0; c < nch; c++) {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        uint64_t first = (uint64_t)c * NO_MC_CHUNK;
        uint64_t n = trials - first < NO_MC_CHUNK ? trials - first : NO_MC_CHUNK;
        run_chunk(nodes, g->succ, g->root, seed, (uint64_t)c, n, local + (size_t)tid * nterm);
    }
    memset(term_count, 0, nterm * sizeof *term_count);
    for (int t = 0; t < threads; t++)
        for (size_t i = 0; i < nterm; i++)
            term_count[i] += local[(size_t)t * nterm + i];
    free(local);
    free(nodes);
}
