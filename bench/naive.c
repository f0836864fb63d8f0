/* naive.c — the naive Monte Carlo baseline: what a straightforward driver over the compiled graph
 * does, so the optimised driver's speed-up is measured against something honest. No table is
 * built for the loop: each die is one PCG32 call bounded to its sides, the results are counted and
 * the count vector ranked by a formula; each card is one PCG32 call; then the successor is
 * followed. One trial at a time, one thread, one stream. */
#include "naive.h"
#include "neverodds/rng.h"
#include <string.h>

/* C(n, r) for the small n of a roll (at most NO_MAX_ROLL + NO_MAX_FACES). */
static uint64_t binomial(unsigned n, unsigned r)
{
    uint64_t c = 1;
    for (unsigned i = 1; i <= r; i++)
        c = c * (n - r + i) / i; /* exact: c * (n-r+i) is C(n-r+i, i) * i */
    return c;
}

/* The dice module lists the count vectors of k dice largest-first-result first. The vectors
 * before v are, for each position i, those agreeing with v before i and holding some x > v[i] at
 * i: with rem dice left at i and m = nresults-1-i positions after it, C(rem - x + m - 1, m - 1)
 * vectors for each x, which sum over x = v[i]+1 .. rem (hockey-stick identity) to
 * C(rem - v[i] - 1 + m, m). */
int naive_rank(const uint8_t *count, int nresults, int k)
{
    uint64_t rank = 0;
    unsigned rem = (unsigned)k;
    for (int i = 0; i + 1 < nresults; i++) {
        unsigned m = (unsigned)(nresults - 1 - i);
        if (rem > count[i])
            rank += binomial(rem - count[i] - 1 + m, m);
        rem -= count[i];
    }
    return (int)rank;
}

/* k dice of `die`: one bounded draw each, counted by result, then ranked. */
static int roll(const no_die *die, int k, no_pcg32 *rng)
{
    uint8_t count[NO_MAX_FACES] = {0};
    for (int j = 0; j < k; j++)
        count[die->side_result[no_pcg32_below(rng, die->sides)]]++;
    return naive_rank(count, die->nresults, k);
}

/* One card among those left, by one draw; its kind is found by walking the kinds. */
static int draw(const no_deck_left *left, no_pcg32 *rng)
{
    unsigned card = no_pcg32_below(rng, left->total);
    int kind = 0;
    while (card >= left->n[kind])
        card -= left->n[kind++];
    return kind;
}

/* One trial: from the root, an outcome per chance node until a terminal. */
static int32_t trial(const no_ctx *ctx, const no_graph *g, no_pcg32 *rng)
{
    int32_t ref = g->root;
    while (ref >= 0) {
        const no_chance *ch = &g->chance[ref];
        int o = ch->die == NO_DIE_DRAW ? draw(&g->decks[ch->deck], rng) : roll(ctx->dice[ch->die]->die, ch->k, rng);
        ref = g->succ[ch->first + o];
    }
    return ~ref;
}

void naive_montecarlo(const no_ctx *ctx, const no_graph *g, uint64_t trials, uint64_t seed,
                      uint64_t *term_count)
{
    no_pcg32 rng;
    no_pcg32_seed(&rng, seed, 0);
    memset(term_count, 0, (size_t)g->nterm * sizeof *term_count);
    for (uint64_t t = 0; t < trials; t++)
        term_count[trial(ctx, g, &rng)]++;
}

long naive_rank_check(const no_ctx *ctx)
{
    long checked = 0;
    for (int d = 0; d < NO_MAX_DICE; d++) {
        const no_dicetab *tab = ctx->dice[d];
        for (int k = 0; tab && k <= NO_MAX_ROLL; k++)
            for (int o = 0; o < tab->by_k[k].n; o++, checked++)
                if (naive_rank(tab->by_k[k].count[o], tab->die->nresults, k) != o)
                    return -1;
    }
    return checked;
}
