/* check_robustness.c — failing loudly and cleanly: the self-check and its yardstick, the state
 * budget's message, JSON nested too deep, --lenient. */
#include "helpers.h"
#include "neverodds/selftest.h"

START_TEST(t_selftest_passes_on_this_build)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ck_assert_int_eq(no_selftest(f, 200000, 3, 2), 0);
    fclose(f);
    int lines = 0;
    for (const char *p = out; (p = strstr(p, "\nok ")); p++)
        lines++;
    ck_assert_int_eq(lines, 5); /* the generator's line is first, without a newline before it */
    ck_assert_ptr_nonnull(strstr(out, "ok   PCG32 reference outputs"));
    free(out);
}
END_TEST

START_TEST(t_selftest_yardstick)
{
    no_scenario *sc = xwing(",\"rule_options\":{\"damage_deck\":false}", "\"dice\":3,\"tokens\":{\"focus\":1}",
                            "\"dice\":2,\"hull\":2");
    no_summary ex, mc;
    exact_summary(sc, &ex);
    mc = ex;
    mc.trials = 10000;
    ck_assert_double_eq(no_selftest_worst(&ex, &mc), 0);
    /* P(damage = 1) off by 10 of its standard errors for 10,000 trials (alone: a yardstick test) */
    double p = ex.pmf[1].p;
    mc.pmf[1].p = p + 10 * sqrt(p * (1 - p) / 10000);
    ck_assert_double_eq_tol(no_selftest_worst(&ex, &mc), 10, 1e-9);
    /* an outcome the exact driver calls impossible, seen by Monte Carlo */
    mc = ex;
    mc.trials = 10000;
    mc.pmf[ex.max_damage + 1].p = 1e-4;
    ck_assert(isinf(no_selftest_worst(&ex, &mc)));
    free(sc);
}
END_TEST

START_TEST(t_state_budget_message)
{
    no_scenario *sc = xwing("", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}", "\"dice\":3");
    no_graph g;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_compile(&sc->ctx, sc->engine_rules, 10, &g, err, sizeof err), -1);
    const char *want = "the attack has more than 10 distinct states, the limit of one compiled attack";
    ck_assert_msg(!strncmp(err, want, strlen(want)), "%s", err);
    ck_assert_ptr_nonnull(strstr(err, "--trials does not help"));
    free(sc);
}
END_TEST

START_TEST(t_nesting_and_lenient)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN], deep[200] = "";
    for (int i = 0; i < 40; i++)
        strcat(deep, "[");
    ck_assert_int_eq(no_scenario_parse(deep, "deep.json", sc, err, sizeof err), -1);
    ck_assert_str_eq(err, "deep.json: JSON nested deeper than 32 levels");
    /* brackets inside strings do not count */
    ck_assert_int_eq(no_scenario_parse("{\"game\":\"xwing\",\"name\":\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\","
                                       "\"attacker\":{\"dice\":2},\"defender\":{\"dice\":1}}",
                                       "name.json", sc, err, sizeof err),
                     0);
    const char *unknown = "{\"game\":\"xwing\",\"attacker\":{\"dice\":2,\"colour\":\"red\"},\"defender\":{\"dice\":1}}";
    ck_assert_int_eq(no_scenario_parse(unknown, "u.json", sc, err, sizeof err), -1);
    no_scenario_set_lenient(1);
    int rc = no_scenario_parse(unknown, "u.json", sc, err, sizeof err);
    no_scenario_set_lenient(0);
    ck_assert_int_eq(rc, 0);
    no_summary s;
    exact_summary(sc, &s); /* the same attack as without the key */
    no_scenario *plain = xwing("", "\"dice\":2", "\"dice\":1");
    no_summary t;
    exact_summary(plain, &t);
    ck_assert_double_eq_tol(s.mean, t.mean, 1e-15);
    free(plain);
    free(sc);
}
END_TEST

Suite *suite_robustness(void)
{
    Suite *s = suite_create("robustness");
    TCase *tc = tcase_create("failing cleanly");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, t_selftest_passes_on_this_build);
    tcase_add_test(tc, t_selftest_yardstick);
    tcase_add_test(tc, t_state_budget_message);
    tcase_add_test(tc, t_nesting_and_lenient);
    suite_add_tcase(s, tc);
    return s;
}
