/* check_robustness.c — failing loudly and cleanly: the self-check and its yardstick, the state
 * budget's message, JSON nested too deep, --lenient, counts on the command line, "did you mean". */
#include "helpers.h"
#include "neverodds/selftest.h"
#include "io/count.h"
#include "io/jsonread.h"

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

/* --trials and the other counts as people write them (io/count.h): exponents and underscores
 * read exactly (no double in between: 100000000001 is not 1e11), fractions, signs and
 * overflow refused with the reason. */
START_TEST(t_count_parse)
{
    static const struct {
        const char *text;
        uint64_t want;
    } good[] = {
        {"1e6", 1000000},         {"1E6", 1000000},
        {"1_000_000", 1000000},   {"2.5e6", 2500000},
        {"1e+6", 1000000},        {"1000e-3", 1},
        {"1.50e1", 15},           {"100000000000", 100000000000ULL},
        {"1e11", 100000000000ULL}, {"007", 7},
        {"1_0e1_0", 100000000000ULL},
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        uint64_t v = 0;
        char err[256] = "";
        ck_assert_msg(!no_count_parse("--trials", good[i].text, 1, 100000000000ULL, &v, err, sizeof err), "%s: %s",
                      good[i].text, err);
        ck_assert_msg(v == good[i].want, "%s read as %llu", good[i].text, (unsigned long long)v);
    }
    /* the whole range of a seed: 2^64 - 1 = 18446744073709551615, one more overflows */
    uint64_t v = 0;
    char err[256];
    ck_assert_int_eq(no_count_parse("--seed", "18_446_744_073_709_551_615", 0, UINT64_MAX, &v, err, sizeof err), 0);
    ck_assert(v == UINT64_MAX);
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"1.5", "got '1.5' (not a whole number)"},
        {"1e-3", "got '1e-3' (not a whole number)"},
        {"2.25e1", "got '2.25e1' (not a whole number)"},
        {"-5", "got '-5' (negative)"},
        {"1e12", "got '1e12' (more than 100000000000)"},
        {"100000000001", "got '100000000001' (more than 100000000000)"},
        {"18446744073709551616", "(more than 100000000000)"},
        {"1e999999999999", "(more than 100000000000)"},
        {"0", "got '0' (less than 1)"},
        {"0e999999999999", "got '0e999999999999' (less than 1)"},
        {"1__000", "got '1__000'"}, {"_1", "got '_1'"}, {"1_", "got '1_'"}, {"1e", "got '1e'"},
        {".5e1", "got '.5e1'"}, {"+5", "got '+5'"}, {" 5", "got ' 5'"}, {"0x10", "got '0x10'"},
        {"", "got ''"}, {"1e6x", "got '1e6x'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert_msg(no_count_parse("--trials", bad[i].text, 1, 100000000000ULL, &v, err, sizeof err) == -1, "%s",
                      bad[i].text);
        const char *form = "--trials: expected an integer from 1 to 100000000000, got '";
        ck_assert_msg(!strncmp(err, form, strlen(form)), "%s", err);
        const char *tail = err + strlen(err) - strlen(bad[i].why);
        ck_assert_msg(!strcmp(tail, bad[i].why), "%s: %s", bad[i].text, err);
    }
    ck_assert_int_eq(no_count_parse("--threads", NULL, 1, 256, &v, err, sizeof err), -1);
    ck_assert_str_eq(err, "--threads: expected an integer from 1 to 256, got 'nothing'");
}
END_TEST

/* The "did you mean" of `name` among `names`, as the messages give it. */
static const char *suggestion(const char *name, const char *const *names)
{
    static char out[160];
    jr_near q;
    jr_near_start(&q, name);
    jr_near_list(&q, names);
    jr_near_text(&q, out, sizeof out);
    return out;
}

/* Every "did you mean" comes from one search (io/jsonread.h): a swap of two neighbours is one
 * edit, the nearest come first, a name offered twice is named once, nothing far is offered. */
START_TEST(t_nearest_names)
{
    static const char *const options[] = {"--trials", "--threads", "--seed", "--tokens", "--seed", NULL};
    /* one swap from --trials; --threads is 3 edits away, over 8/3 */
    ck_assert_str_eq(suggestion("--trails", options), " (did you mean \"--trials\"?)");
    /* 1 from --seed (offered twice), cap 5/3 = 1 */
    ck_assert_str_eq(suggestion("--sed", options), " (did you mean \"--seed\"?)");
    /* --tokens 1 (a swap), --trials 4 */
    ck_assert_str_eq(suggestion("--tkoens", options), " (did you mean \"--tokens\"?)");
    ck_assert_str_eq(suggestion("--colour", options), "");
    /* nearest first: "rnu" is 1 from run (a swap); "xwing" and "xwing1" from "xwng": 1 and 2,
     * 2 over the cap of 4/3 = 1 */
    static const char *const commands[] = {"run", "xwing1", "xwing", "list", NULL};
    ck_assert_str_eq(suggestion("rnu", commands), " (did you mean \"run\"?)");
    ck_assert_str_eq(suggestion("xwng", commands), " (did you mean \"xwing\"?)");
    /* xwing1 1, xwing 2: cap 7/3 = 2, both, the nearer first */
    ck_assert_str_eq(suggestion("xwingg1", commands), " (did you mean \"xwing1\", \"xwing\"?)");
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
    tcase_add_test(tc, t_count_parse);
    tcase_add_test(tc, t_nearest_names);
    suite_add_tcase(s, tc);
    return s;
}
