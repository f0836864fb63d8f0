/* check_montecarlo.c — the Monte Carlo driver against the exact driver (within 5 standard
 * errors, fixed seeds) and its independence from the thread count. */
#include "helpers.h"
#include <math.h>

static const char *const golden[] = {
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}},"
    "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1}}}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},"
    "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":3,\"shields\":0}}",
    "{\"game\":\"xwing\",\"range\":1,\"attacker\":{\"dice\":5,\"tokens\":{\"lock\":1,\"force\":2}},"
    "\"defender\":{\"dice\":2,\"tokens\":{\"evade\":1,\"reinforce\":1},\"hull\":4,\"shields\":2}}",
    "{\"game\":\"xwing\",\"range\":3,\"obstructed\":true,\"attacker\":{\"dice\":6,\"tokens\":{\"focus\":1,\"lock\":1}},"
    "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1},\"hull\":2,\"shields\":1}}",
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"lock\":1},\"abilities\":[\"howlrunner\",\"heavy-laser-cannon\"]},"
    "\"defender\":{\"dice\":2,\"abilities\":[\"elusive\"],\"tokens\":{\"focus\":1},\"hull\":3}}",
    /* Armada: Concentrate Fire, accuracies and every core token at medium range */
    "{\"game\":\"armada\",\"range\":\"medium\",\"attacker\":{\"type\":\"ship\",\"pool\":{\"red\":2,\"blue\":1},"
    "\"concentrate_fire\":{\"dial\":true,\"token\":true}},\"defender\":{\"type\":\"ship\",\"hull\":5,"
    "\"shields\":{\"front\":1,\"left\":2,\"right\":2,\"rear\":1},\"tokens\":[\"brace\",\"redirect\","
    "{\"type\":\"evade\",\"state\":\"exhausted\"}]}}",
    "{\"game\":\"armada\",\"range\":\"close\",\"obstructed\":true,\"attacker\":{\"ship\":\"victory-i-class-star-destroyer\"},"
    "\"defender\":{\"ship\":\"cr90-corvette-a\",\"damage\":1}}",
    "{\"game\":\"armada\",\"attacker\":{\"squadron\":\"x-wing-squadron\"},\"defender\":{\"ship\":\"victory-i-class-star-destroyer\"}}",
};

static void check_within(double mc, double se, double exact, const char *what)
{
    /* se == 0 only when the Monte Carlo estimate is 0 or 1; then exact must agree closely */
    double tol = se > 0 ? 5 * se : 1e-4;
    ck_assert_msg(fabs(mc - exact) <= tol, "%s: monte carlo %.6f ± %.6f vs exact %.6f", what, mc,
                  se, exact);
}

START_TEST(monte_carlo_agrees_with_exact)
{
    no_scenario *sc = scenario(golden[_i]);
    no_summary ex, mc;
    exact_summary(sc, &ex);
    mc_summary(sc, 2000000, 20261122u + (uint64_t)_i, &mc);
    check_within(mc.mean, mc.mean_se, ex.mean, "mean");
    for (int k = 0; k <= ex.max_damage; k++) {
        check_within(mc.pmf[k].p, mc.pmf[k].se, ex.pmf[k].p, "pmf");
        check_within(mc.at_least[k].p, mc.at_least[k].se, ex.at_least[k].p, "at_least");
    }
    if (ex.has_kill)
        check_within(mc.kill.p, mc.kill.se, ex.kill.p, "kill");
    for (int s = 0; s < NO_SIDES; s++)
        for (int t = 0; t < NO_TOK_N; t++)
            check_within(mc.tokens[s][t].spent.p, mc.tokens[s][t].spent.se, ex.tokens[s][t].spent.p,
                         "token spent");
    const no_armada_summary *ea = &ex.armada, *ma = &mc.armada; /* all zero for other games */
    check_within(ma->crit.p, ma->crit.se, ea->crit.p, "armada crit");
    for (int k = 0; k <= ea->max_cards; k++)
        check_within(ma->cards[k].p, ma->cards[k].se, ea->cards[k].p, "armada cards");
    for (int t = 0; t < AR_NTOKENS; t++) {
        check_within(ma->tokens[t].spent.p, ma->tokens[t].spent.se, ea->tokens[t].spent.p, "armada spent");
        check_within(ma->tokens[t].discarded.p, ma->tokens[t].discarded.se, ea->tokens[t].discarded.p,
                     "armada discarded");
        check_within(ma->tokens[t].locked.p, ma->tokens[t].locked.se, ea->tokens[t].locked.p, "armada locked");
    }
    ck_assert(mc.mean_se > 0);
    free(sc);
}
END_TEST

START_TEST(same_seed_same_counts_on_any_thread_count)
{
    no_scenario *sc = scenario(golden[1]);
    no_graph g;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_compile(&sc->ctx, sc->engine_rules, NO_STATE_BUDGET, &g, err, sizeof err), 0);
    uint64_t *a = calloc((size_t)g.nterm, 8), *b = calloc((size_t)g.nterm, 8), *c = calloc((size_t)g.nterm, 8);
    uint64_t trials = 5 * NO_MC_CHUNK + 12345; /* several chunks and a partial one */
    no_montecarlo(&sc->ctx, &g, trials, 99, 1, a);
    no_montecarlo(&sc->ctx, &g, trials, 99, 2, b);
    no_montecarlo(&sc->ctx, &g, trials, 100, 2, c);
    ck_assert_int_eq(memcmp(a, b, (size_t)g.nterm * 8), 0);
    ck_assert_int_ne(memcmp(a, c, (size_t)g.nterm * 8), 0); /* and the seed does matter */
    uint64_t total = 0;
    for (int i = 0; i < g.nterm; i++)
        total += a[i];
    ck_assert_uint_eq(total, trials);
    free(a);
    free(b);
    free(c);
    no_graph_free(&g);
    free(sc);
}
END_TEST

Suite *suite_montecarlo(void)
{
    Suite *s = suite_create("montecarlo");
    TCase *t = tcase_create("agreement");
    tcase_set_timeout(t, 120);
    tcase_add_loop_test(t, monte_carlo_agrees_with_exact, 0, (int)(sizeof golden / sizeof golden[0]));
    tcase_add_test(t, same_seed_same_counts_on_any_thread_count);
    suite_add_tcase(s, t);
    return s;
}
