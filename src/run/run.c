/* run.c — compiles a scenario's attack and runs the exact or the Monte Carlo driver on it. */
#include "neverodds/run.h"
#include "neverodds/progress.h"
#include "neverodds/armada.h"
#include <stdlib.h>
#include <string.h>

static int run_one(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen);

/* The Counter attack back: its own compiled attack, run the same way (same seed). */
static int run_counter(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err,
                       size_t errlen)
{
    no_scenario *back = malloc(sizeof *back);
    no_summary *sum = malloc(sizeof *sum);
    if (!back || !sum)
        abort();
    *back = *sc;
    back->ctx = sc->counter;
    back->has_counter = 0;
    int rc = run_one(back, opts, sum, err, errlen);
    if (rc == 0) {
        no_counter_summary *c = &out->counter;
        c->has = 1;
        c->dice = sc->ctx.kw[NO_DEFENDER][AK_COUNTER];
        c->hull = sc->counter.hull;
        c->max_damage = sum->max_damage;
        memcpy(c->pmf, sum->pmf, sizeof c->pmf);
        c->mean = sum->mean;
        c->mean_se = sum->mean_se;
        c->kill = sum->kill;
    }
    free(back);
    free(sum);
    return rc;
}

/* What every report says of the run: how the method was chosen, the seed and the threads. */
static void stamp(const no_run_opts *opts, no_summary *out)
{
    out->automatic = !opts->force_exact && opts->trials == 0;
    out->seed = opts->seed;
    out->threads = opts->threads;
}

/* A sequence's damage cards (Armada; a figure of the mean-cards goal): its attacks' together, an
 * attack not made counting none. */
static void total_cards(no_summary *out)
{
    out->armada.cards_mean = 0;
    for (int a = 0; a < out->nattacks; a++)
        out->armada.cards_mean += out->attack[a].armada.cards_mean;
}

/* What looking ahead gains: the same sequence with every optimal side playing per-attack. */
static int run_baseline(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen)
{
    no_scenario *base = malloc(sizeof *base);
    no_summary *sum = malloc(sizeof *sum);
    if (!base || !sum)
        abort();
    *base = *sc;
    for (int side = 0; side < NO_SIDES; side++)
        if (sc->ctx.policy[side] == NO_POLICY_OPTIMAL)
            no_scenario_set_side_policy(base, side, NO_POLICY_PER_ATTACK);
    int rc = no_run_sequence(base, opts, sum, err, errlen);
    if (rc == 0) {
        out->has_baseline = 1;
        out->baseline_mean = sum->mean;
        out->baseline_kill = sum->kill;
        total_cards(sum);
        out->baseline_cards = sum->armada.cards_mean;
        no_summary_free(sum);
    }
    free(base);
    free(sum);
    return rc;
}

int no_run(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen)
{
    const no_ctx *first = sc->nattacks ? &sc->attacks[0] : &sc->ctx;
    if (first->goal == NO_GOAL_KILL && !first->hull) { /* nothing to destroy: the goal would serve nothing */
        snprintf(err, errlen, "%s: --goal kill needs a defender that can be destroyed: give %s", sc->file,
                 sc->game->health_keys);
        return -1;
    }
    if (opts->shots) {
        if (sc->nattacks || !sc->carry || !sc->one_defender) {
            snprintf(err, errlen, "%s: --shots-to-kill repeats one attack (one \"attacker\", not \"attacks\", "
                     "\"pools\" or a roll)", sc->file);
            return -1;
        }
        if (!sc->ctx.hull) {
            snprintf(err, errlen, "%s: --shots-to-kill repeats the attack until the defender is destroyed: give %s",
                     sc->file, sc->game->health_keys);
            return -1;
        }
        if (no_run_shots(sc, opts, out, err, errlen))
            return -1;
        stamp(opts, out);
        return 0;
    }
    if (sc->nattacks) {
        if (no_run_sequence(sc, opts, out, err, errlen))
            return -1;
        stamp(opts, out);
        for (int a = 0; a < out->nattacks; a++)
            stamp(opts, &out->attack[a]);
        total_cards(out);
        return no_looks_ahead(&sc->ctx) && !opts->no_gain ? run_baseline(sc, opts, out, err, errlen) : 0;
    }
    if (run_one(sc, opts, out, err, errlen))
        return -1;
    return sc->has_counter ? run_counter(sc, opts, out, err, errlen) : 0;
}

static int run_one(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen)
{
    no_graph g;
    char why[NO_ERR_LEN];
    if (no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", sc->file, why);
        return -1;
    }
    /* Exact unless the user asked for trials; the compiled attack is small enough by now. */
    int exact = no_run_is_exact(opts);
    double *weight = calloc((size_t)g.nterm, sizeof *weight);
    if (!weight)
        abort();
    if (exact) {
        double used[NO_MAX_MODS];
        no_exact(&sc->ctx, &g, weight);
        no_exact_used(&sc->ctx, &g, used);
        no_summarise(sc, &g, weight, used, 0, out);
    } else {
        uint64_t *count = calloc((size_t)g.nterm, sizeof *count);
        if (!count)
            abort();
        uint64_t used_count[NO_MAX_MODS];
        double used[NO_MAX_MODS];
        no_progress_begin(opts->trials, 1);
        uint64_t ran = no_montecarlo_used(&sc->ctx, &g, opts->trials, opts->seed, opts->threads, count, used_count);
        no_progress_end();
        for (int i = 0; i < g.nterm; i++)
            weight[i] = (double)count[i];
        for (int m = 0; m < NO_MAX_MODS; m++)
            used[m] = (double)used_count[m];
        free(count);
        no_summarise(sc, &g, weight, used, ran, out);
        out->requested = ran < opts->trials ? opts->trials : 0; /* Ctrl-C: a partial answer */
    }
    stamp(opts, out);
    out->states = g.states_seen;
    free(weight);
    no_graph_free(&g);
    return 0;
}
