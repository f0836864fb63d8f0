/* bench.c — `make bench`: Monte Carlo attacks per second on 1 and 2 threads, and exact-mode
 * times. Timings are printed, never asserted. */
#define _POSIX_C_SOURCE 200809L
#include "neverodds/run.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void load(const char *text, const char *label, no_scenario *sc)
{
    char err[NO_ERR_LEN];
    if (no_scenario_parse(text, label, sc, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
}

/* Best of up to 20 repetitions of compile + exact (fewer once 3 s are spent), in milliseconds. */
static double exact_ms(const no_scenario *sc, int threads, size_t *states)
{
    double best = 1e30, start = now();
    for (int rep = 0; rep < 20 && (rep < 2 || now() - start < 3.0); rep++) {
        no_run_opts o = {.force_exact = 1, .seed = 1, .threads = threads};
        no_summary s;
        char err[NO_ERR_LEN];
        double t0 = now();
        if (no_run(sc, &o, &s, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            exit(1);
        }
        double dt = (now() - t0) * 1e3;
        if (dt < best)
            best = dt;
        *states = s.states;
        no_summary_free(&s);
    }
    return best;
}

/* A sequence runs through no_run: every combination's compile included, as a user meets it. */
static void mc_rate_sequence(const no_scenario *sc, int threads, uint64_t trials)
{
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        no_run_opts o = {.trials = trials, .seed = 7, .threads = threads};
        no_summary s;
        char err[NO_ERR_LEN];
        double t0 = now();
        if (no_run(sc, &o, &s, err, sizeof err))
            exit(1);
        double dt = now() - t0;
        if (dt < best)
            best = dt;
        no_summary_free(&s);
    }
    printf("  monte-carlo, %d thread%s: %8.1f million sequences/s  (%llu trials in %.3f s)\n",
           threads, threads == 1 ? " " : "s", trials / best / 1e6, (unsigned long long)trials, best);
}

static void mc_rate(const no_scenario *sc, int threads, uint64_t trials)
{
    if (sc->nattacks) {
        mc_rate_sequence(sc, threads, trials);
        return;
    }
    no_graph g;
    char err[NO_ERR_LEN];
    if (no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, err, sizeof err))
        exit(1);
    uint64_t *count = calloc((size_t)g.nterm, sizeof *count);
    no_montecarlo(&sc->ctx, &g, trials / 10, 7, threads, count); /* warm up */
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        no_montecarlo(&sc->ctx, &g, trials, 7, threads, count);
        double dt = now() - t0;
        if (dt < best)
            best = dt;
    }
    printf("  monte-carlo, %d thread%s: %8.1f million attacks/s  (%llu trials in %.3f s)\n",
           threads, threads == 1 ? " " : "s", trials / best / 1e6, (unsigned long long)trials, best);
    free(count);
    no_graph_free(&g);
}

/* The X-Wing sequences: `root` (keys ending in a comma) and the attacks on one defender. */
#define XW_ATK3 "{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}}}"
#define XW_ATK4 XW_ATK3 "," XW_ATK3 "," XW_ATK3 "," XW_ATK3
#define XW_ATK6 XW_ATK4 "," XW_ATK3 "," XW_ATK3
#define XW_ATK10 XW_ATK6 "," XW_ATK4
#define XW_SEQ(root, attacks) "{\"game\":\"xwing\"," root "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":2," \
                              "\"evade\":1},\"hull\":6,\"shields\":4},\"attacks\":[" attacks "]}"

static const struct {
    const char *title, *json;
    uint64_t trials; /* on one thread; twice as many on two */
} cases[] = {
    {"X-Wing 2e: 3 dice focus+lock vs 3 dice focus+evade",
     "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},"
     "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1}}}", 200000000ULL},
    {"X-Wing 2e: 6 dice focus+lock vs 6 dice focus+evade",
     "{\"game\":\"xwing\",\"attacker\":{\"dice\":6,\"tokens\":{\"focus\":1,\"lock\":1}},"
     "\"defender\":{\"dice\":6,\"tokens\":{\"focus\":1,\"evade\":1}}}", 100000000ULL},
    {"Legion: 6 red dice melee, Impact 2, Pierce 2, crit surges vs red-die Armor (1 x 8 wounds)",
     "{\"game\":\"legion\",\"attack_type\":\"melee\",\"attacker\":{\"pool\":{\"red\":6},"
     "\"surge\":\"crit\",\"keywords\":{\"impact\":2,\"pierce\":2}},\"defender\":{\"die\":\"red\","
     "\"surge\":true,\"minis\":1,\"wounds\":8,\"keywords\":{\"armor\":true}}}", 50000000ULL},
    {"Legion: 10 white dice ranged, hit surges, 1 aim, into light cover (white + surge, 1 dodge, 6 minis)",
     "{\"game\":\"legion\",\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":10},\"surge\":\"hit\","
     "\"tokens\":{\"aim\":1}},\"defender\":{\"die\":\"white\",\"surge\":true,\"tokens\":{\"dodge\":1},"
     "\"minis\":6}}", 20000000ULL},
    {"Legion attack action: 6 white (hit surges, Critical 1) into light cover, then 3 red with Pierce 1, sharing 2 aim and 1 surge",
     "{\"game\":\"legion\",\"pools\":[{\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":6},\"surge\":\"hit\","
     "\"tokens\":{\"aim\":2,\"surge\":1},\"keywords\":{\"critical\":1}},\"defender\":{\"die\":\"white\",\"minis\":6}},"
     "{\"attacker\":{\"pool\":{\"red\":3},\"keywords\":{\"pierce\":1}},\"defender\":{\"die\":\"red\",\"surge\":true,"
     "\"minis\":1,\"wounds\":6}}]}", 20000000ULL},
    {"Armada: 3 red 2 blue at medium, concentrate fire dial+token vs brace, redirect, evade (exhausted)",
     "{\"game\":\"armada\",\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":3,\"blue\":2},"
     "\"concentrate_fire\":{\"dial\":true,\"token\":true}},\"defender\":{\"type\":\"ship\",\"hull\":5,"
     "\"shields\":{\"front\":3,\"left\":2,\"right\":2,\"rear\":1},\"tokens\":[\"brace\",\"redirect\","
     "{\"type\":\"evade\",\"state\":\"exhausted\"}]}}", 50000000ULL},
    {"Armada: 10 dice at close (4 red 3 blue 3 black), concentrate fire token vs brace, redirect, scatter",
     "{\"game\":\"armada\",\"range\":\"close\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":4,\"blue\":3,"
     "\"black\":3},\"concentrate_fire\":{\"token\":true}},\"defender\":{\"type\":\"ship\",\"hull\":8,"
     "\"shields\":{\"front\":3,\"left\":3,\"right\":3,\"rear\":1},\"tokens\":[\"brace\",\"redirect\",\"scatter\"]}}",
     20000000ULL},
    {"Armada: 10 dice at medium (5 red 5 blue), concentrate fire dial+token vs brace, redirect, evade, scatter",
     "{\"game\":\"armada\",\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":5,\"blue\":5},"
     "\"concentrate_fire\":{\"dial\":true,\"token\":true}},\"defender\":{\"type\":\"ship\",\"hull\":8,"
     "\"shields\":{\"front\":3,\"left\":3,\"right\":3,\"rear\":1},\"tokens\":[\"brace\",\"redirect\",\"evade\",\"scatter\"]}}",
     20000000ULL},
    {"Armada sequence: Victory I front then left battery at close into a CR90 A (its tokens, shields, cards carried)",
     "{\"game\":\"armada\",\"defender\":{\"ship\":\"cr90-corvette-a\",\"zone\":\"front\",\"speed\":3},"
     "\"attacks\":[{\"range\":\"close\",\"attacker\":{\"ship\":\"victory-i-class-star-destroyer\",\"zone\":\"front\","
     "\"concentrate_fire\":{\"dial\":true}}},{\"range\":\"close\",\"zone\":\"right\",\"attacker\":"
     "{\"ship\":\"victory-i-class-star-destroyer\",\"zone\":\"left\"}}]}", 20000000ULL},
    {"X-Wing sequence: 6 attacks of 3 dice focus+lock on one defender (3 dice, 2 focus + evade carried, hull 6, shields 4), damage deck off",
     XW_SEQ("\"rule_options\":{\"damage_deck\":false},", XW_ATK6),
     20000000ULL},
    {"X-Wing sequence: the same with 10 attacks, damage deck off",
     XW_SEQ("\"rule_options\":{\"damage_deck\":false},", XW_ATK10), 20000000ULL},
    {"X-Wing sequence, optimal policy (both sides, goal mean-damage): the 10 attacks, damage deck off",
     XW_SEQ("\"rule_options\":{\"damage_deck\":false},\"policy\":\"optimal\",", XW_ATK10), 20000000ULL},
    {"X-Wing sequence: the 6 attacks with the damage deck (face-up cards drawn, the deck carried)",
     XW_SEQ("", XW_ATK6), 20000000ULL},
    {"X-Wing sequence: the 10 attacks with the damage deck",
     XW_SEQ("", XW_ATK10), 20000000ULL},
    {"X-Wing sequence, optimal policy (both sides, goal mean-damage): 4 attacks with the damage deck",
     XW_SEQ("\"policy\":\"optimal\",", XW_ATK4), 2000000ULL},
};

int main(void)
{
    no_scenario *sc = malloc(sizeof *sc);
    printf("neverodds bench (per-attack policy)\n");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t states;
        printf("\n%s\n", cases[i].title);
        load(cases[i].json, cases[i].title, sc);
        double ms = exact_ms(sc, 1, &states);
        printf("  exact (compile + solve):    %8.3f ms  (%zu states)\n", ms, states);
        if (sc->nattacks && !no_looks_ahead(&sc->attacks[0])) /* situations compile in parallel */
            printf("  exact, 2 threads:           %8.3f ms\n", exact_ms(sc, 2, &states));
        mc_rate(sc, 1, cases[i].trials);
        mc_rate(sc, 2, 2 * cases[i].trials);
    }
    free(sc);
    return 0;
}
