/* common.c — the bench's clock, scenario loading, exact-mode timing and memory readings. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void bench_xwing_sequence(char *buf, size_t len, const char *root, int attacks)
{
    int at = snprintf(buf, len, XW_SEQ_OPEN("%s"), root);
    for (int a = 0; a < attacks; a++)
        at += snprintf(buf + at, len - (size_t)at, "%s" XW_ATTACK, a ? "," : "");
    snprintf(buf + at, len - (size_t)at, XW_SEQ_CLOSE);
}

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int bench_threads(void)
{
#ifdef _OPENMP
    return omp_get_num_procs();
#else
    return 1;
#endif
}

void bench_load(const char *json, const char *label, no_scenario *sc)
{
    char err[NO_ERR_LEN];
    if (no_scenario_parse(json, label, sc, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
}

void bench_compile(const no_ctx *ctx, const no_rules *rules, no_graph *g)
{
    char err[NO_ERR_LEN];
    if (no_compile(ctx, rules, NO_STATE_BUDGET, g, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
}

int bench_exact(const no_scenario *sc, int threads, int min_reps, double budget, double *ms, size_t *states,
                double *mean, char *err, size_t errlen)
{
    double best = 1e30, start = bench_now();
    for (int rep = 0; rep < 20 && (rep < min_reps || bench_now() - start < budget); rep++) {
        no_run_opts o = {.force_exact = 1, .seed = 1, .threads = threads};
        no_summary s;
        double t0 = bench_now();
        if (no_run(sc, &o, &s, err, errlen))
            return -1;
        double dt = (bench_now() - t0) * 1e3;
        best = dt < best ? dt : best;
        *states = s.states;
        if (mean)
            *mean = s.mean;
        no_summary_free(&s);
    }
    *ms = best;
    return 0;
}

long bench_peak_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss; /* kB on Linux */
}

long bench_rss_kb(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return -1;
    int ok = fscanf(f, "%ld %ld", &pages, &resident) == 2;
    fclose(f);
    return ok ? resident * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

int bench_peak_reset(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f)
        return -1;
    int bad = fputs("5", f) < 0;
    return fclose(f) || bad ? -1 : 0;
}
