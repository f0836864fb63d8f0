/* run.c — compiles a scenario's attack and runs the exact or the Monte Carlo driver on it. */
#include "neverodds/run.h"
#include <stdlib.h>

int no_run(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen)
{
    no_graph g;
    if (no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, err, errlen))
        return -1;
    /* Exact unless the user asked for trials; the compiled attack is small enough by now. */
    int exact = opts->force_exact || opts->trials == 0;
    double *weight = calloc((size_t)g.nterm, sizeof *weight);
    if (!weight)
        abort();
    if (exact) {
        no_exact(&sc->ctx, &g, weight);
        no_summarise(sc, &g, weight, 0, out);
    } else {
        uint64_t *count = calloc((size_t)g.nterm, sizeof *count);
        if (!count)
            abort();
        no_montecarlo(&sc->ctx, &g, opts->trials, opts->seed, opts->threads, count);
        for (int i = 0; i < g.nterm; i++)
            weight[i] = (double)count[i];
        free(count);
        no_summarise(sc, &g, weight, opts->trials, out);
    }
    out->automatic = !opts->force_exact && opts->trials == 0;
    out->seed = opts->seed;
    out->threads = opts->threads;
    out->states = g.states_seen;
    free(weight);
    no_graph_free(&g);
    return 0;
}
