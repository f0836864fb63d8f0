/* sequence.c — several attacks in a row, each starting from the tokens the one before left (the
 * pools of one Legion attack action share the attacking unit's aim, surge and dodge tokens).
 * Every combination of carried tokens is compiled once per attack, last attack first, so each
 * attack's policy values the tokens it keeps by what they are worth to the attacks after it
 * (backward induction): the action's expected total is maximised, not each attack's greedily.
 * The exact driver then pushes probability forward through the combinations; the Monte Carlo
 * driver samples each attack for the trials that reached each combination. */
#include "neverodds/run.h"
#include <stdlib.h>
#include <string.h>

#define MAX_COMBINATIONS 256
#define TOTALS (NO_MAX_DAMAGE + 1)

typedef struct plan {
    int n, ncomb;
    no_ctx *ctx;       /* [attack * ncomb + combination]: the attack from those tokens */
    no_graph *graph;   /* the same, compiled */
    no_value *value;   /* the same, worth under the policy (this attack and the later ones) */
    no_future *future; /* [attack]: what the later attacks are worth (attack + 1's values) */
} plan;

static void plan_free(plan *p)
{
    for (int i = 0; p->graph && i < p->n * p->ncomb; i++)
        no_graph_free(&p->graph[i]);
    free(p->ctx);
    free(p->graph);
    free(p->value);
    free(p->future);
}

/* Compiles every attack from every combination, last attack first. */
static int plan_build(const no_scenario *sc, plan *p, char *err, size_t errlen)
{
    p->n = sc->nattacks;
    p->ncomb = no_carry_size(&sc->carry);
    if (p->ncomb > MAX_COMBINATIONS) {
        snprintf(err, errlen, "%s: the attacks carry %d combinations of tokens on; at most %d",
                 sc->file, p->ncomb, MAX_COMBINATIONS);
        return -1;
    }
    size_t cells = (size_t)p->n * (size_t)p->ncomb;
    p->ctx = calloc(cells, sizeof *p->ctx);
    p->graph = calloc(cells, sizeof *p->graph);
    p->value = calloc(cells, sizeof *p->value);
    p->future = calloc((size_t)p->n, sizeof *p->future);
    if (!p->ctx || !p->graph || !p->value || !p->future)
        abort();
    for (int a = p->n - 1; a >= 0; a--) {
        p->future[a] = (no_future){.carry = sc->carry, .value = &p->value[a * p->ncomb]};
        for (int c = 0; c < p->ncomb; c++) {
            int i = a * p->ncomb + c;
            p->ctx[i] = sc->attacks[a];
            no_carry_set(&sc->carry, c, &p->ctx[i].start);
            p->ctx[i].future = a + 1 < p->n ? &p->future[a + 1] : NULL;
            char why[NO_ERR_LEN];
            if (no_compile(&p->ctx[i], sc->engine_rules, NO_STATE_BUDGET, &p->graph[i], why, sizeof why)) {
                snprintf(err, errlen, "%s: attack %d of %d: %s", sc->file, a + 1, p->n, why);
                return -1;
            }
            p->value[i] = p->graph[i].value;
        }
    }
    return 0;
}

/* A seed of its own for the trials of attack a from combination c with total t so far. */
static uint64_t bucket_seed(uint64_t seed, int a, int c, int t)
{
    uint64_t z = seed ^ ((uint64_t)a << 48 | (uint64_t)c << 16 | (uint64_t)t);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; /* splitmix64 */
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Attack a's ends from every combination, as one list of terminals whose tokens read as spent
 * from the attack's first combination (what summaries compare against): a combination holds no
 * more than the first one, so the shift keeps counts in range. */
static void gather_terminals(const plan *p, const no_scenario *sc, int a, no_graph *all)
{
    int total = 0;
    for (int c = 0; c < p->ncomb; c++)
        total += p->graph[a * p->ncomb + c].nterm;
    memset(all, 0, sizeof *all);
    all->term = malloc((size_t)total * sizeof *all->term);
    if (!all->term)
        abort();
    for (int c = 0; c < p->ncomb; c++) {
        const no_graph *g = &p->graph[a * p->ncomb + c];
        const no_state *from = &p->ctx[a * p->ncomb + c].start;
        for (int t = 0; t < g->nterm; t++) {
            no_state s = g->term[t];
            for (int k = 0; k < sc->carry.n; k++) {
                int side = sc->carry.side[k], kind = sc->carry.kind[k];
                s.tok[side][kind] = (uint8_t)(s.tok[side][kind] + sc->attacks[a].start.tok[side][kind] -
                                              from->tok[side][kind]);
            }
            all->term[all->nterm++] = s;
        }
        all->states_seen += g->states_seen;
    }
}

/* Outcome mass (probability, or trials) of every (combination, total so far) before attack a,
 * pushed through the attack: into the summary weights of its terminals and the mass after it. */
static void step(const plan *p, const no_run_opts *opts, int exact, int a, const double *mass, double *next,
                 double *weight)
{
    int w0 = 0;
    for (int c = 0; c < p->ncomb; c++) {
        int i = a * p->ncomb + c;
        const no_graph *g = &p->graph[i];
        double *term = calloc((size_t)g->nterm, sizeof *term);
        uint64_t *count = calloc((size_t)g->nterm, sizeof *count);
        if (!term || !count)
            abort();
        if (exact)
            no_exact(&p->ctx[i], g, term);
        for (int t = 0; t < TOTALS; t++) {
            double m = mass[c * TOTALS + t];
            if (m == 0.0)
                continue;
            if (!exact) /* the trials that reached here go on from here */
                no_montecarlo(&p->ctx[i], g, (uint64_t)m, bucket_seed(opts->seed, a, c, t), opts->threads, count);
            for (int k = 0; k < g->nterm; k++) {
                double w = exact ? m * term[k] : (double)count[k];
                if (w == 0.0)
                    continue;
                weight[w0 + k] += w;
                if (!next)
                    continue;
                int to = t + g->term[k].damage;
                next[no_carry_index(&p->future[a].carry, &g->term[k]) * TOTALS + (to < TOTALS ? to : TOTALS - 1)] += w;
            }
        }
        w0 += g->nterm;
        free(term);
        free(count);
    }
}

int no_run_sequence(const no_scenario *sc, const no_run_opts *opts, no_summary *out, char *err, size_t errlen)
{
    plan p = {0};
    if (plan_build(sc, &p, err, errlen)) {
        plan_free(&p);
        return -1;
    }
    int exact = opts->force_exact || opts->trials == 0;
    uint64_t trials = exact ? 0 : opts->trials;
    size_t cells = (size_t)p.ncomb * TOTALS;
    double *mass = calloc(cells, sizeof *mass), *next = calloc(cells, sizeof *next);
    no_summary *each = calloc((size_t)p.n, sizeof *each);
    no_scenario *view = malloc(sizeof *view);
    if (!mass || !next || !each || !view)
        abort();
    *view = *sc;
    view->nattacks = 0;
    mass[no_carry_index(&sc->carry, &sc->attacks[0].start) * TOTALS] = exact ? 1.0 : (double)trials;
    size_t states = 0;
    for (int a = 0; a < p.n; a++) {
        no_graph all;
        gather_terminals(&p, sc, a, &all);
        double *weight = calloc((size_t)all.nterm, sizeof *weight);
        if (!weight)
            abort();
        memset(next, 0, cells * sizeof *next);
        step(&p, opts, exact, a, mass, next, weight);
        view->ctx = sc->attacks[a];
        no_summarise(view, &all, weight, trials, &each[a]);
        each[a].exact = exact;
        each[a].states = all.states_seen;
        states += all.states_seen;
        free(weight);
        free(all.term);
        double *t = mass;
        mass = next;
        next = t;
    }
    /* the total over the attacks, from the mass after the last one */
    memset(out, 0, sizeof *out);
    double pmf[TOTALS] = {0}, scale = exact ? 1.0 : 1.0 / (double)trials, m2 = 0;
    for (int c = 0; c < p.ncomb; c++)
        for (int t = 0; t < TOTALS; t++)
            pmf[t] += mass[c * TOTALS + t] * scale;
    for (int t = 0; t < TOTALS; t++) {
        out->mean += t * pmf[t];
        m2 += (double)t * t * pmf[t];
    }
    out->exact = exact;
    out->trials = trials;
    no_damage_summary(pmf, m2, trials, out);
    out->states = states;
    out->nattacks = p.n;
    out->attack = each;
    free(mass);
    free(next);
    free(view);
    plan_free(&p);
    return 0;
}
