/* memory.h — the memory section of `make bench` (memory.c): Monte Carlo memory against the
 * trials, and the largest exact case's peak. */
#ifndef NEVERODDS_BENCH_MEMORY_H
#define NEVERODDS_BENCH_MEMORY_H
#include "common.h"

/* The largest exact case the scenario suite met, for the memory section. */
typedef struct bench_largest {
    const char *label;
    size_t states;
    long peak_kb;     /* ru_maxrss after its exact runs (reset before them when possible) */
    int reset;        /* the peak was reset before its runs: it is this case's own */
} bench_largest;

/* Monte Carlo memory against the trials: one scenario run for each of MEM_RUNS trial counts,
 * the resident memory read before and after and the run's own peak (reset before it). */
#define MEM_RUNS 2
typedef struct bench_mc_memory {
    uint64_t trials[MEM_RUNS];
    long before[MEM_RUNS], after[MEM_RUNS], peak[MEM_RUNS]; /* kB */
    double seconds[MEM_RUNS];
    int reset;        /* the peaks could be reset: each is its run's own */
} bench_mc_memory;

/* The Monte Carlo memory is measured first, while the process is small: the heap an exact case
 * leaves free but resident would hide growth, not show it. */
void bench_memory_mc(bench_mc_memory *m);
void bench_memory(const bench_largest *largest, const bench_mc_memory *m);

#endif
