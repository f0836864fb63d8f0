/* memory.c — peak resident memory of the largest exact case, and the proof that Monte Carlo's
 * memory does not grow with the trials: one scenario run for 10^6 and for 10^8 trials, the
 * resident memory read before and after each run and the run's own peak. */
#include "memory.h"
#include <stdio.h>
#include <stdlib.h>

static const uint64_t mem_trials[MEM_RUNS] = {1000000ULL, 100000000ULL};

void bench_memory_mc(bench_mc_memory *m)
{
    no_scenario *sc = malloc(sizeof *sc);
    if (!sc)
        abort();
    bench_load(XW_DUEL("3"), "memory", sc);
    no_graph g;
    bench_compile(&sc->ctx, sc->engine_rules, &g);
    uint64_t *count = calloc((size_t)g.nterm, sizeof *count);
    if (!count)
        abort();
    /* a first run starts the OpenMP threads: their stacks are not the trials' doing */
    no_montecarlo(&sc->ctx, &g, 100000ULL, 11, bench_threads(), count);
    m->reset = 1;
    for (int r = 0; r < MEM_RUNS; r++) {
        m->reset &= bench_peak_reset() == 0;
        m->trials[r] = mem_trials[r];
        m->before[r] = bench_rss_kb();
        double t0 = bench_now();
        no_montecarlo(&sc->ctx, &g, m->trials[r], 11, bench_threads(), count);
        m->seconds[r] = bench_now() - t0;
        m->after[r] = bench_rss_kb();
        m->peak[r] = bench_peak_kb();
    }
    free(count);
    no_graph_free(&g);
    free(sc);
}

void bench_memory(const bench_largest *largest, const bench_mc_memory *m)
{
    printf("\n## Memory (`make bench`)\n\n");
    printf("Largest exact case of the suite: %s, %zu states: peak resident memory (ru_maxrss) %.1f MB%s.\n",
           largest->label, largest->states, largest->peak_kb / 1024.0,
           largest->reset ? " (the peak reset before its exact runs)" : " (the process's peak so far)");
    printf("\nMonte Carlo memory, X-Wing 3 dice focus+lock vs 3 dice focus+evade on %d threads, measured at the\n"
           "start of the bench (kB; %s):\n\n", bench_threads(),
           m->reset ? "the peak reset before each run, so it is that run's own"
                    : "the peak could not be reset: it is the process's peak so far");
    printf("| trials | resident before | resident after | peak during the run (ru_maxrss) | seconds |\n"
           "|---:|---:|---:|---:|---:|\n");
    for (int r = 0; r < MEM_RUNS; r++)
        printf("| %llu | %ld | %ld | %ld | %.3f |\n", (unsigned long long)m->trials[r], m->before[r], m->after[r],
               m->peak[r], m->seconds[r]);
}
