/* selftest.c — the built-in checks of `neverodds selftest`: the generator against its published
 * reference outputs, then exact against Monte Carlo on one scenario of each kind the engine runs
 * (X-Wing with and without the damage deck, a sequence, Legion with cover and a d6 defense,
 * Armada with its tokens). */
#include "neverodds/selftest.h"
#include "neverodds/rng.h"
#include "neverodds/run.h"
#include <math.h>
#include <stdlib.h>

static const struct {
    const char *name, *json;
} cases[] = {
    {"X-Wing 3 dice focus+lock vs 3 focus+evade",
     "{\"game\":\"xwing\",\"rule_options\":{\"damage_deck\":false},\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,"
     "\"lock\":1}},\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":3}}"},
    {"X-Wing with the damage deck, 4 dice vs hull 2 shields 1",
     "{\"game\":\"xwing\",\"attacker\":{\"dice\":4,\"tokens\":{\"focus\":1}},\"defender\":{\"dice\":2,\"hull\":2,"
     "\"shields\":1}}"},
    {"X-Wing sequence of two attacks, tokens carried",
     "{\"game\":\"xwing\",\"rule_options\":{\"damage_deck\":false},\"defender\":{\"dice\":2,\"tokens\":{\"evade\":1},"
     "\"hull\":3},\"attacks\":[{\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}}},{\"attacker\":{\"dice\":2}}]}"},
    {"Legion 4 white 2 black, aim, light cover, white dodge",
     "{\"game\":\"legion\",\"cover\":\"light\",\"attacker\":{\"pool\":{\"white\":4,\"black\":2},\"surge\":\"hit\","
     "\"tokens\":{\"aim\":1}},\"defender\":{\"die\":\"white\",\"surge\":true,\"tokens\":{\"dodge\":1},\"minis\":4,"
     "\"wounds\":1}}"},
    {"Armada 3 red 2 blue at medium vs brace and redirect",
     "{\"game\":\"armada\",\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":3,\"blue\":2}},"
     "\"defender\":{\"type\":\"ship\",\"hull\":4,\"tokens\":[{\"type\":\"brace\"},{\"type\":\"redirect\"}]}}"},
};

/* A difference d in standard errors se; with no error (a certain outcome) any difference is an
 * infinite gap. */
static double in_se(double d, double se) { return se > 0 ? d / se : d > 1e-12 ? INFINITY : 0; }

/* How many standard errors Monte Carlo's estimate lies from the exact probability p: the
 * standard error is the one p implies for n trials, so a rare outcome that the trials missed
 * is no failure, and an impossible one they saw is an infinite gap. */
static double gap(double mc, double p, uint64_t n)
{
    return in_se(fabs(mc - p), sqrt(p * (1 - p) / (double)n));
}

double no_selftest_worst(const no_summary *exact, const no_summary *mc)
{
    double worst = in_se(fabs(mc->mean - exact->mean), exact->sd / sqrt((double)mc->trials));
    if (exact->has_kill) {
        double g = gap(mc->kill.p, exact->kill.p, mc->trials);
        worst = g > worst ? g : worst;
    }
    for (int k = 0; k <= NO_MAX_DAMAGE; k++) {
        double g = gap(mc->pmf[k].p, exact->pmf[k].p, mc->trials);
        worst = g > worst ? g : worst;
    }
    return worst;
}

/* PCG32 from (42, 54): the first outputs of the reference implementation (pcg-random.org). */
static int generator_ok(void)
{
    static const uint32_t want[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    no_pcg32 rng;
    no_pcg32_seed(&rng, 42, 54);
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        if (no_pcg32_next(&rng) != want[i])
            return 0;
    return 1;
}

int no_selftest(FILE *f, uint64_t trials, uint64_t seed, int threads)
{
    int failed = !generator_ok();
    fprintf(f, "%-4s PCG32 reference outputs (initstate 42, initseq 54)\n", failed ? "FAIL" : "ok");
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        no_scenario *sc = malloc(sizeof *sc);
        no_summary *ex = calloc(1, sizeof *ex), *mc = calloc(1, sizeof *mc); /* zeroed: freeable as they are */
        char err[NO_ERR_LEN];
        if (!sc || !ex || !mc)
            abort();
        no_run_opts o_ex = {.force_exact = 1, .seed = seed, .threads = threads};
        no_run_opts o_mc = {.trials = trials, .seed = seed, .threads = threads};
        int broken = no_scenario_parse(cases[c].json, "selftest", sc, err, sizeof err) ||
                     no_run(sc, &o_ex, ex, err, sizeof err) || no_run(sc, &o_mc, mc, err, sizeof err);
        if (broken) {
            fprintf(f, "FAIL %s: %s\n", cases[c].name, err);
            failed++;
        } else {
            double worst = no_selftest_worst(ex, mc);
            int bad = !(worst <= NO_SELFTEST_LIMIT);
            failed += bad;
            fprintf(f, "%-4s %-56s exact %.6f, Monte Carlo %.6f ± %.6f; largest gap %.2f SE\n", bad ? "FAIL" : "ok",
                    cases[c].name, ex->mean, mc->mean, mc->mean_se, worst);
        }
        no_summary_free(ex);
        no_summary_free(mc);
        free(sc);
        free(ex);
        free(mc);
    }
    return failed;
}
