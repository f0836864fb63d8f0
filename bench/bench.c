/* bench.c — `make bench`: the scenario suite of every game (Monte Carlo rates on one thread and on
 * all threads, the naive baseline's rate and the speed-up over it, exact-mode times), then the
 * exact-mode growth tables (growth.c) and the memory readings (memory.c). Timings are printed,
 * never asserted; the one check is that the naive baseline agrees with the exact answer. */
#include "common.h"
#include "growth.h"
#include "squads.h"
#include "battle.h"
#include "memory.h"
#include "naive.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MC_REPS 5      /* Monte Carlo rates: the best of this many timed runs */
#define NAIVE_SHARE 4  /* the naive baseline runs 1/NAIVE_SHARE of the optimised run's trials */
#define EXACT_BUDGET 1.5 /* seconds of exact runs per thread count (at least 2 runs) */

/* The naive baseline of a scenario: its attack; a sequence's first attack, compiled alone (a
 * sequence's rate counts whole sequences, compile included, so only an attack compares); or
 * none, with the reason in `note`. */
enum { NAIVE_ATTACK, NAIVE_FIRST, NAIVE_NONE };

typedef struct bench_case {
    const char *label, *title, *json;
    uint64_t trials;   /* trials of one timed Monte Carlo run on one thread; times the threads on all */
    int naive;         /* NAIVE_* */
    uint64_t first_trials; /* NAIVE_FIRST: trials of one timed run of the first attack alone */
    const char *note;  /* NAIVE_NONE: why */
} bench_case;

/* The X-Wing sequences' attacks, joined by commas */
#define XW_A2 XW_ATTACK "," XW_ATTACK
#define XW_A4 XW_A2 "," XW_A2
#define XW_A6 XW_A4 "," XW_A2
#define XW_A10 XW_A6 "," XW_A4

#define SAME_FIRST "its first attack is the one measured for "
#define LOOKS_AHEAD "under the optimal policy the first attack looks ahead: it is no attack of its own"

static const bench_case cases[] = {
    {"X-Wing 3 fl vs 3 fe", "X-Wing 2e: 3 dice focus+lock vs 3 dice focus+evade", XW_DUEL("3"), 60000000ULL,
     NAIVE_ATTACK, 0, NULL},
    {"X-Wing 6 fl vs 6 fe", "X-Wing 2e: 6 dice focus+lock vs 6 dice focus+evade", XW_DUEL("6"), 30000000ULL,
     NAIVE_ATTACK, 0, NULL},
    {"Legion 6 red melee", "Legion: 6 red dice melee, Impact 2, Pierce 2, crit surges vs red-die Armor (1 x 8 wounds)",
     "{\"game\":\"legion\",\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":6},"
     "\"surge\":\"crit\",\"keywords\":{\"impact\":2,\"pierce\":2}},\"defender\":{\"die\":\"red\","
     "\"surge\":true,\"minis\":1,\"wounds\":8,\"keywords\":{\"armor\":true}}}", 40000000ULL, NAIVE_ATTACK, 0, NULL},
    {"Legion 10 white ranged",
     "Legion: 10 white dice ranged, hit surges, 1 aim, into light cover (white + surge, 1 dodge, 6 minis)",
     "{\"game\":\"legion\",\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":10},\"surge\":\"hit\","
     "\"tokens\":{\"aim\":1}},\"defender\":{\"die\":\"white\",\"surge\":true,\"tokens\":{\"dodge\":1},"
     "\"minis\":6}}", 16000000ULL, NAIVE_ATTACK, 0, NULL},
    {"Legion attack action (2 pools)",
     "Legion attack action: 6 white (hit surges, Critical 1) into light cover, then 3 red with Pierce 1, sharing 2 aim and 1 surge",
     "{\"game\":\"legion\",\"pools\":[{\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":6},\"surge\":\"hit\","
     "\"tokens\":{\"aim\":2,\"surge\":1},\"keywords\":{\"critical\":1}},\"defender\":{\"die\":\"white\",\"minis\":6}},"
     "{\"attacker\":{\"pool\":{\"red\":3},\"keywords\":{\"pierce\":1}},\"defender\":{\"die\":\"red\",\"surge\":true,"
     "\"minis\":1,\"wounds\":6}}]}", 16000000ULL, NAIVE_FIRST, 12000000ULL, NULL},
    {"Armada 3 red 2 blue", "Armada: 3 red 2 blue at medium, concentrate fire dial+token vs brace, redirect, evade (exhausted)",
     "{\"game\":\"armada\",\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":3,\"blue\":2},"
     "\"concentrate_fire\":{\"dial\":true,\"token\":true}},\"defender\":{\"type\":\"ship\",\"hull\":5,"
     "\"shields\":{\"front\":3,\"left\":2,\"right\":2,\"rear\":1},\"tokens\":[\"brace\",\"redirect\","
     "{\"type\":\"evade\",\"state\":\"exhausted\"}]}}", 32000000ULL, NAIVE_ATTACK, 0, NULL},
    {"Armada 10 dice close",
     "Armada: 10 dice at close (4 red 3 blue 3 black), concentrate fire token vs brace, redirect, scatter",
     "{\"game\":\"armada\",\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":4,\"blue\":3,"
     "\"black\":3},\"concentrate_fire\":{\"token\":true}},\"defender\":{\"type\":\"ship\",\"hull\":8,"
     "\"shields\":{\"front\":3,\"left\":3,\"right\":3,\"rear\":1},\"tokens\":[\"brace\",\"redirect\",\"scatter\"]}}",
     32000000ULL, NAIVE_ATTACK, 0, NULL},
    {"Armada 10 dice medium",
     "Armada: 10 dice at medium (5 red 5 blue), concentrate fire dial+token vs brace, redirect, evade, scatter",
     "{\"game\":\"armada\",\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":5,\"blue\":5},"
     "\"concentrate_fire\":{\"dial\":true,\"token\":true}},\"defender\":{\"type\":\"ship\",\"hull\":8,"
     "\"shields\":{\"front\":3,\"left\":3,\"right\":3,\"rear\":1},\"tokens\":[\"brace\",\"redirect\",\"evade\",\"scatter\"]}}",
     16000000ULL, NAIVE_ATTACK, 0, NULL},
    {"Armada sequence (2 attacks)",
     "Armada sequence: Victory I front then left battery at close into a CR90 A (its tokens, shields, cards carried)",
     "{\"game\":\"armada\",\"defender\":{\"ship\":\"cr90-corvette-a\",\"zone\":\"front\",\"speed\":3},"
     "\"attacks\":[{\"range\":\"close\",\"attacker\":{\"ship\":\"victory-i-class-star-destroyer\",\"zone\":\"front\","
     "\"concentrate_fire\":{\"dial\":true}}},{\"range\":\"close\",\"zone\":\"right\",\"attacker\":"
     "{\"ship\":\"victory-i-class-star-destroyer\",\"zone\":\"left\"}}]}", 60000000ULL, NAIVE_FIRST, 60000000ULL, NULL},
    {"X-Wing sequence 6, deck off",
     "X-Wing sequence: 6 attacks of 3 dice focus+lock on one defender (3 dice, 2 focus + evade carried, hull 6, shields 4), damage deck off",
     XW_SEQ_OPEN(XW_DECK_OFF) XW_A6 XW_SEQ_CLOSE, 12000000ULL, NAIVE_FIRST, 60000000ULL, NULL},
    {"X-Wing sequence 10, deck off", "X-Wing sequence: the same with 10 attacks, damage deck off",
     XW_SEQ_OPEN(XW_DECK_OFF) XW_A10 XW_SEQ_CLOSE, 8000000ULL, NAIVE_NONE, 0,
     SAME_FIRST "\"X-Wing sequence 6, deck off\""},
    {"X-Wing sequence 10, deck off, optimal",
     "X-Wing sequence, optimal policy (both sides, goal mean-damage): the 10 attacks, damage deck off",
     XW_SEQ_OPEN(XW_DECK_OFF "\"policy\":\"optimal\",") XW_A10 XW_SEQ_CLOSE, 4000000ULL,
     NAIVE_NONE, 0, LOOKS_AHEAD},
    {"X-Wing sequence 6, deck", "X-Wing sequence: the 6 attacks with the damage deck (face-up cards drawn, the deck carried)",
     XW_SEQ_OPEN("") XW_A6 XW_SEQ_CLOSE,
     6000000ULL, NAIVE_FIRST, 60000000ULL, NULL},
    {"X-Wing sequence 10, deck", "X-Wing sequence: the 10 attacks with the damage deck",
     XW_SEQ_OPEN("") XW_A10 XW_SEQ_CLOSE, 4000000ULL, NAIVE_NONE, 0,
     SAME_FIRST "\"X-Wing sequence 6, deck\""},
    {"X-Wing sequence 4, deck, optimal",
     "X-Wing sequence, optimal policy (both sides, goal mean-damage): 4 attacks with the damage deck",
     XW_SEQ_OPEN("\"policy\":\"optimal\",") XW_A4 XW_SEQ_CLOSE,
     2000000ULL, NAIVE_NONE, 0, LOOKS_AHEAD},
    {"X-Wing MathWing SlowSingleAttack",
     "MathWing's SlowSingleAttack (profiles/xwing/mathwing-slow-single-attack.json): 5 dice at range 1, focus, lock, evade, Force, reroll up to 3 and 16 card abilities (every option MathWing offers) vs 3 dice, focus, reroll up to 3",
     "{\"game\":\"xwing\",\"range\":1,\"rule_options\":{\"damage_deck\":false},\"attacker\":{\"dice\":4,\"tokens\":{\"focus"
     "\":1,\"lock\":1,\"evade\":1,\"force\":1},\"modifiers\":[{\"name\":\"reroll-up-to-3\",\"window\":\"attack-modify\",\"op"
     "\":\"reroll\",\"count\":3}],\"abilities\":[\"fire-control-system\",\"predator\",\"juke\",\"lone-wolf\",\"marksmanshi"
     "p\",\"fearless\",\"agent-kallus\",\"finn-gunner\",\"fanatical\",\"heroic\",\"advanced-optics\",\"zuckuss-crew\",\"sa"
     "w-gerrera-crew\",\"lando-calrissian-crew\",\"saturation-salvo\",\"predictive-shot\"]},\"defender\":{\"dice\":3,"
     "\"hull\":10,\"tokens\":{\"focus\":1},\"modifiers\":[{\"name\":\"reroll-up-to-3\",\"window\":\"defense-modify\",\"op\":"
     "\"reroll\",\"count\":3}]}}",
     2000000ULL, NAIVE_NONE, 0, "a naive per-die loop over 16 abilities' choices is not written"},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* What the suite measured of one scenario, for the summary table. */
typedef struct row {
    size_t states;
    double exact_ms;
    double mc1, mcall;  /* Monte Carlo trials (attacks or sequences) per second */
    double opt1, naive; /* one attack's graph on one thread: optimised and naive (0: not measured) */
    int agrees;
} row;

/* One timed Monte Carlo job: a sequence through no_run (its situations compiled as trials reach
 * them, as a user meets it), or a compiled attack under the optimised or the naive driver. */
typedef struct mc_job {
    const no_scenario *seq;
    const no_ctx *ctx;
    const no_graph *g;
    int naive, threads;
    uint64_t *count;    /* g->nterm entries: the last run's counts */
} mc_job;

static void mc_run(const mc_job *j, uint64_t trials)
{
    if (j->seq) {
        no_run_opts o = {.trials = trials, .seed = 7, .threads = j->threads};
        no_summary s;
        char err[NO_ERR_LEN];
        if (no_run(j->seq, &o, &s, err, sizeof err)) {
            fprintf(stderr, "bench: %s\n", err);
            exit(1);
        }
        no_summary_free(&s);
    } else if (j->naive)
        naive_montecarlo(j->ctx, j->g, trials, 7, j->count);
    else
        no_montecarlo(j->ctx, j->g, trials, 7, j->threads, j->count);
}

/* The best rate of MC_REPS timed runs of `trials` (a lone attack after a warm-up run), printed. */
static double mc_rate(const mc_job *j, const char *what, uint64_t trials)
{
    if (!j->seq)
        mc_run(j, trials / 10);
    double best = 1e30;
    for (int rep = 0; rep < MC_REPS; rep++) {
        double t0 = bench_now();
        mc_run(j, trials);
        double dt = bench_now() - t0;
        best = dt < best ? dt : best;
    }
    double rate = (double)trials / best;
    printf("  %-24s %8.1f million %s/s  (%llu trials, best of %d: %.3f s)\n", what, rate / 1e6,
           j->seq ? "sequences" : "attacks", (unsigned long long)trials, MC_REPS, best);
    return rate;
}

/* Does the naive driver's mean damage agree with the exact mean of the same graph within 5
 * standard errors? Printed either way; a disagreement loudly. */
static int naive_agrees(const no_ctx *ctx, const no_graph *g, const uint64_t *count, uint64_t trials)
{
    double *p = malloc((size_t)g->nterm * sizeof *p);
    if (!p)
        abort();
    no_exact(ctx, g, p);
    double mean = 0, m2 = 0, got = 0;
    for (int i = 0; i < g->nterm; i++) {
        double d = g->term[i].damage;
        mean += p[i] * d;
        m2 += p[i] * d * d;
        got += (double)count[i] * d;
    }
    free(p);
    got /= (double)trials;
    double se = sqrt(fmax(m2 - mean * mean, 0) / (double)trials);
    double z = se > 0 ? (got - mean) / se : (got == mean ? 0 : INFINITY);
    int ok = fabs(z) <= 5;
    printf("  naive mean damage %.6f, exact %.6f (z = %+.2f over %llu trials): %s\n", got, mean, z,
           (unsigned long long)trials, ok ? "agrees" : "*** WARNING: DISAGREES (more than 5 standard errors) ***");
    return ok;
}

/* A job over the compiled attack g of ctx, with room for its counts. */
static mc_job attack_job(const no_ctx *ctx, const no_graph *g, int naive)
{
    mc_job j = {.ctx = ctx, .g = g, .naive = naive, .threads = 1, .count = calloc((size_t)g->nterm, sizeof(uint64_t))};
    if (!j.count)
        abort();
    return j;
}

/* The naive driver on one thread over the compiled attack g of ctx (the scenario's attack, or a
 * sequence's first attack, whose optimised rate is measured here first). */
static void versus_naive(const bench_case *c, const no_ctx *ctx, const no_graph *g, row *r)
{
    int first = c->naive == NAIVE_FIRST;
    long ranks = naive_rank_check(ctx);
    if (ranks < 0) {
        fprintf(stderr, "bench: %s: the naive ranking differs from the dice tables\n", c->label);
        exit(1);
    }
    printf("  naive ranking: the dice tables' order on all %ld count vectors (every die, 0 to %d dice)\n", ranks,
           NO_MAX_ROLL);
    if (first) {
        mc_job opt = attack_job(ctx, g, 0);
        r->opt1 = mc_rate(&opt, "first attack, 1 thread:", c->first_trials);
        free(opt.count);
    }
    mc_job j = attack_job(ctx, g, 1);
    uint64_t trials = (first ? c->first_trials : c->trials) / NAIVE_SHARE;
    r->naive = mc_rate(&j, first ? "naive, first attack:" : "naive, 1 thread:", trials);
    printf("  optimised / naive, 1 thread%s: %.2fx\n", first ? " (first attack)" : "", r->opt1 / r->naive);
    r->agrees = naive_agrees(ctx, g, j.count, trials);
    free(j.count);
}

/* Monte Carlo rates on one and on all threads: a sequence through no_run, a lone attack over its
 * compiled graph g. A lone attack runs as many trials per thread on all threads as on one; a
 * sequence runs the same trials on both, since each run compiles the situations its trials
 * reach, a cost the trials do not scale. */
static void mc_rates(const bench_case *c, const no_scenario *sc, const no_graph *g, row *r)
{
    char what[32];
    mc_job j = sc->nattacks ? (mc_job){.seq = sc, .threads = 1} : attack_job(&sc->ctx, g, 0);
    r->mc1 = mc_rate(&j, "monte-carlo, 1 thread:", c->trials);
    j.threads = bench_threads();
    snprintf(what, sizeof what, "monte-carlo, %d threads:", j.threads);
    r->mcall = mc_rate(&j, what, sc->nattacks ? c->trials : c->trials * (uint64_t)j.threads);
    if (!sc->nattacks)
        r->opt1 = r->mc1;
    free(j.count);
}

/* The best exact time on `threads` threads, printed; the states go to *states. */
static double exact_time(const no_scenario *sc, int threads, size_t *states)
{
    char err[NO_ERR_LEN], what[32];
    double ms, mean;
    if (bench_exact(sc, threads, 2, EXACT_BUDGET, &ms, states, &mean, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        exit(1);
    }
    snprintf(what, sizeof what, "exact, %d thread%s:", threads, threads == 1 ? "" : "s");
    printf("  %-24s %12.3f ms  (%zu states, best of compile + solve runs; mean damage %.10f)\n", what, ms, *states,
           mean);
    return ms;
}

/* Exact mode on one thread (and on all for a sequence: its situations compile in parallel); the
 * peak memory of those runs goes to `largest` when it has the most states so far (ties: the later,
 * longer sequence). */
static void exact_times(const bench_case *c, const no_scenario *sc, row *r, bench_largest *largest)
{
    int reset = bench_peak_reset() == 0;
    r->exact_ms = exact_time(sc, 1, &r->states);
    if (sc->nattacks && !no_looks_ahead(&sc->attacks[0])) {
        size_t states;
        exact_time(sc, bench_threads(), &states);
    }
    if (r->states >= largest->states)
        *largest = (bench_largest){c->label, r->states, bench_peak_kb(), reset};
}

static void summary(const row *rows)
{
    int n = bench_threads();
    printf("\n## Summary: the scenario suite (`make bench`)\n\n");
    printf("Rates in million attacks (sequences: whole sequences, compile included) per second. The naive\n"
           "baseline and the ratio are per attack on one thread: for a sequence, its first attack alone.\n\n");
    printf("| scenario | states | exact, ms | MC 1 thread | MC %d threads | naive 1 thread | optimised / naive |\n", n);
    printf("|---|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < NCASES; i++) {
        const row *r = &rows[i];
        printf("| %s | %zu | %.3f | %.1f | %.1f | ", cases[i].label, r->states, r->exact_ms, r->mc1 / 1e6,
               r->mcall / 1e6);
        if (r->naive > 0)
            printf("%.1f%s | %.2fx%s |\n", r->naive / 1e6, cases[i].naive == NAIVE_FIRST ? " (first attack)" : "",
                   r->opt1 / r->naive, r->agrees ? "" : " (DISAGREES)");
        else
            printf("— | — |\n");
    }
}

/* The scenario suite; `only`: just the scenarios whose label holds it (no summary table). */
static void bench_suite(bench_largest *largest, const char *only)
{
    static row rows[NCASES];
    no_scenario *sc = malloc(sizeof *sc);
    if (!sc)
        abort();
    printf("# neverodds bench (per-attack policy unless said; %d threads)\n", bench_threads());
    for (size_t i = 0; i < NCASES; i++) {
        const bench_case *c = &cases[i];
        if (only && !strstr(c->label, only))
            continue;
        printf("\n%s\n", c->title);
        bench_load(c->json, c->label, sc);
        exact_times(c, sc, &rows[i], largest);
        /* one compiled attack serves the rates and the naive baseline */
        const no_ctx *attack = c->naive == NAIVE_FIRST ? &sc->attacks[0] : &sc->ctx;
        int compiled = !sc->nattacks || c->naive == NAIVE_FIRST;
        no_graph g;
        if (compiled)
            bench_compile(attack, sc->engine_rules, &g);
        mc_rates(c, sc, &g, &rows[i]);
        if (c->naive == NAIVE_NONE)
            printf("  naive baseline: left out: %s\n", c->note);
        else
            versus_naive(c, attack, &g, &rows[i]);
        if (compiled)
            no_graph_free(&g);
    }
    free(sc);
    if (!only)
        summary(rows);
}

/* `bench` runs everything; `bench TEXT` only the suite's scenarios whose label holds TEXT. */
int main(int argc, char **argv)
{
    bench_largest largest = {"none", 0, 0, 0};
    bench_mc_memory mc;
    double t0 = bench_now();
    if (argc > 1 && !strcmp(argv[1], "battle")) { /* make bench BENCH_ONLY=battle */
        bench_battle();
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "squads")) { /* make bench BENCH_ONLY=squads */
        bench_squads();
        return 0;
    }
    if (argc > 1) {
        bench_suite(&largest, argv[1]);
        return 0;
    }
    bench_squads_measure();
    bench_memory_mc(&mc);
    bench_suite(&largest, NULL);
    bench_growth();
    bench_memory(&largest, &mc);
    bench_squads();
    bench_battle();
    printf("\nbench: %.0f s in all\n", bench_now() - t0);
    return 0;
}
