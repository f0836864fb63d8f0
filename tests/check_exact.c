/* check_exact.c — the exact driver against the golden case, closed forms and an
 * independent brute-force enumeration of every die face; the default policy's choices. */
#include "helpers.h"
#include "brute.h"
#include "neverodds/modifier.h"
#include <math.h>
#include <stdio.h>

static double binom_pmf(int n, int k, double p)
{
    double c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c * pow(p, k) * pow(1 - p, n - k);
}

START_TEST(golden_three_dice_focus_vs_three_dice_focus)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1}},"
                               "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1}}}");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.mean, 0.63775634765625, 1e-12);
    static const double pmf[] = {0.54022216796875, 0.304046630859375, 0.13348388671875,
                                 0.022247314453125};
    ck_assert_int_eq(s.max_damage, 3);
    for (int k = 0; k < 4; k++)
        ck_assert_near(s.pmf[k].p, pmf[k], 1e-12);
    /* Focus is worth spending whenever a focus result shows: 1 - (6/8)^3 = 37/64. */
    ck_assert_near(s.tokens[NO_ATTACKER][NO_TOK_FOCUS].spent.p, 37.0 / 64, 1e-15);
    ck_assert_near(s.mean_se, 0.0, 0);
    free(sc);
}
END_TEST

/* No defense: damage is Binomial(n, p) with p = 4/8 (hit or crit), 6/8 with a focus token. */
START_TEST(unopposed_attack_is_binomial)
{
    for (int n = 0; n <= 6; n++)
        for (int focus = 0; focus <= 1; focus++) {
            char json[256];
            snprintf(json, sizeof json,
                     "{\"game\":\"xwing\",\"attacker\":{\"dice\":%d,\"tokens\":{\"focus\":%d}},"
                     "\"defender\":{\"dice\":0}}", n, focus);
            no_scenario *sc = scenario(json);
            no_summary s;
            exact_summary(sc, &s);
            double p = focus ? 0.75 : 0.5;
            for (int k = 0; k <= n; k++)
                ck_assert_near(s.pmf[k].p, binom_pmf(n, k, p), 1e-15);
            ck_assert_near(s.mean, n * p, 1e-13);
            ck_assert_near(s.sd, sqrt(n * p * (1 - p)), 1e-12);
            free(sc);
        }
}
END_TEST

/* Attack dice against defense dice with no tokens: P(damage = k) = sum over hits h and
 * evades e with max(0, h - e) = k of Bin(a, 1/2)(h) Bin(d, 3/8)(e). */
START_TEST(plain_dice_closed_form)
{
    for (int a = 0; a <= 6; a++)
        for (int d = 0; d <= 6; d++) {
            char json[160];
            snprintf(json, sizeof json,
                     "{\"game\":\"xwing\",\"attacker\":{\"dice\":%d},\"defender\":{\"dice\":%d}}", a, d);
            no_scenario *sc = scenario(json);
            no_summary s;
            exact_summary(sc, &s);
            double want[8] = {0};
            for (int h = 0; h <= a; h++)
                for (int e = 0; e <= d; e++)
                    want[h > e ? h - e : 0] += binom_pmf(a, h, 0.5) * binom_pmf(d, e, 3.0 / 8);
            for (int k = 0; k <= a; k++)
                ck_assert_near(s.pmf[k].p, want[k], 1e-13);
            free(sc);
        }
}
END_TEST

typedef struct token_case {
    const char *atk, *def; /* JSON token objects */
    brute_spec spec;       /* the same tokens for the brute force (dice filled in by the loop) */
    int hull, shields;
} token_case;

static const token_case token_cases[] = {
    {"{}", "{}", {0}, 0, 0},
    {"{\"focus\":1}", "{\"focus\":1}", {.focus = 1, .d_focus = 1}, 0, 0},
    {"{\"focus\":1,\"lock\":1}", "{\"focus\":1,\"evade\":1}",
     {.focus = 1, .lock = 1, .d_focus = 1, .d_evade = 1}, 3, 0},
    {"{\"lock\":1}", "{\"evade\":1}", {.lock = 1, .d_evade = 1}, 2, 1},
    {"{\"calculate\":1,\"force\":2}", "{\"calculate\":1,\"force\":1}",
     {.calculate = 1, .force = 2, .d_calculate = 1, .d_force = 1}, 3, 2},
    {"{\"lock\":1,\"focus\":1,\"force\":1}", "{\"focus\":1,\"reinforce\":2}",
     {.lock = 1, .focus = 1, .force = 1, .d_focus = 1, .d_reinforce = 2}, 2, 0},
    {"{\"focus\":2,\"lock\":1}", "{\"evade\":2,\"reinforce\":1}",
     {.focus = 2, .lock = 1, .d_evade = 2, .d_reinforce = 1}, 1, 1},
    {"{\"focus\":1,\"calculate\":1}", "{\"focus\":1,\"evade\":1,\"force\":1}",
     {.focus = 1, .calculate = 1, .d_focus = 1, .d_evade = 1, .d_force = 1}, 4, 1},
    {"{\"calculate\":2,\"force\":1}", "{\"evade\":1,\"calculate\":1}",
     {.calculate = 2, .force = 1, .d_evade = 1, .d_calculate = 1}, 2, 2},
};
/* The brute force's reroll rule (keep the focus results a token will convert, reroll the rest)
 * is optimal only when no single-die converter (calculate, Force) sits beside a lock: then a
 * rerolled focus can still be converted, and the engine finds better plays (see
 * policy_lock_with_calculate_rerolls_every_focus). Such cases are not compared here. */

/* With a hull, once with the damage deck (the default) and once without. Reinforce caps the
 * damage, and with the deck a crit is worth more than a hit (a Direct Hit! adds one): the engine
 * then rerolls hits for crits, which the brute force does not, so that case runs without it. */
static void compare_with_brute(const token_case *tc, int deck)
{
    for (int a = 0; a <= 4; a++)
        for (int d = 0; d <= 4; d++) {
            int rolled = tc->spec.lock ? 2 * a + d : a + d;
            if (rolled > 8)
                continue; /* keeps the enumeration under 8^8 sequences */
            char json[512], hull[64] = "";
            if (tc->hull)
                snprintf(hull, sizeof hull, ",\"hull\":%d,\"shields\":%d", tc->hull, tc->shields);
            snprintf(json, sizeof json,
                     "{\"game\":\"xwing\",\"attacker\":{\"dice\":%d,\"tokens\":%s},"
                     "\"defender\":{\"dice\":%d,\"tokens\":%s%s},\"rule_options\":{\"damage_deck\":%s}}",
                     a, tc->atk, d, tc->def, hull, deck ? "true" : "false");
            no_scenario *sc = scenario(json);
            no_summary s;
            exact_summary(sc, &s);
            brute_spec spec = tc->spec;
            spec.attack_dice = a;
            spec.defense_dice = d;
            spec.hull = tc->hull;
            spec.shields = tc->shields;
            spec.deck = deck;
            brute_result b;
            brute_attack(&spec, &b);
            for (int k = 0; k < 16; k++)
                ck_assert_msg(fabs((k <= s.max_damage ? s.pmf[k].p : 0) - b.pmf[k]) < 1e-12,
                              "%s: P(damage=%d) %.17g vs brute force %.17g", json, k,
                              k <= s.max_damage ? s.pmf[k].p : 0, b.pmf[k]);
            ck_assert_msg(fabs(s.mean - b.mean) < 1e-12, "%s: mean %.17g vs brute force %.17g", json, s.mean, b.mean);
            /* With reinforce capping the damage, the policy rerolls hits to fish for crits;
             * the brute force does not, so face-up cards are compared only without it. */
            if (!tc->spec.d_reinforce)
                ck_assert_near(s.faceup.p, b.faceup, 1e-12);
            if (tc->hull)
                ck_assert_near(s.kill.p, b.kill, 1e-12);
            free(sc);
        }
}

START_TEST(tokens_match_brute_force)
{
    const token_case *tc = &token_cases[_i];
    compare_with_brute(tc, 0);
    if (tc->hull && !tc->spec.d_reinforce)
        compare_with_brute(tc, 1);
}
END_TEST

/* ---- the default policy (issue: rerolls before it converts; with a focus token it rerolls
 * blanks only; without a conversion it rerolls blanks and focus results) ---- */
static const char *const lock_focus =
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}},"
    "\"defender\":{\"dice\":3}}";
static const char *const lock_only =
    "{\"game\":\"xwing\",\"attacker\":{\"dice\":3,\"tokens\":{\"lock\":1}},\"defender\":{\"dice\":3}}";

START_TEST(policy_with_focus_rerolls_blanks_only)
{
    no_scenario *sc = scenario(lock_focus);
    /* roll F B H; exactly one die (the blank) is rerolled, to C; focus turns F into H */
    no_state s = forced(sc, "FBH C BBB");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 2);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    ck_assert_int_eq(s.damage, 3);
    free(sc);
}
END_TEST

START_TEST(policy_without_conversion_rerolls_blanks_and_focus)
{
    no_scenario *sc = scenario(lock_only);
    no_state s = forced(sc, "FBH CH BBB"); /* two dice rerolled: the F and the B */
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 2);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    free(sc);
}
END_TEST

START_TEST(policy_rerolls_before_converting)
{
    no_scenario *sc = scenario(lock_focus);
    /* F B B: both blanks rerolled to focus, then one focus token turns all three into hits */
    no_state s = forced(sc, "FBB FF BBB");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 3);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_FOCUS], 0);
    free(sc);
}
END_TEST

START_TEST(policy_defender_spends_only_what_it_needs)
{
    /* 1 hit against F E B with focus and evade: already cancelled, nothing spent. Against
     * 2 hits: one token is enough, and the focus token goes before evade (the evade token
     * is worth more to a later attack; MathWing spends in this order too). */
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":1},"
                               "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1}}}");
    no_state s = forced(sc, "H FEB");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_FOCUS], 1);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_EVADE], 1);
    free(sc);
    sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":2},"
                  "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1}}}");
    s = forced(sc, "HH FEB");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_FOCUS] + s.tok[NO_DEFENDER][NO_TOK_EVADE], 1);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_FOCUS], 0);
    free(sc);
    /* greedy spends at every tie: both tokens go though one hit is already cancelled */
    sc = scenario("{\"game\":\"xwing\",\"policy\":\"greedy\",\"attacker\":{\"dice\":1},"
                  "\"defender\":{\"dice\":3,\"tokens\":{\"focus\":1,\"evade\":1}}}");
    s = forced(sc, "H FEB");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_FOCUS] + s.tok[NO_DEFENDER][NO_TOK_EVADE], 0);
    free(sc);
}
END_TEST

/* Digest trap 2: whether a second focus token may be spent in the same attack is unstated;
 * the switch rule_options.multiple_focus decides (default: allowed). */
START_TEST(second_focus_token_switch)
{
    const char *fmt = "{\"game\":\"xwing\",\"rule_options\":{\"multiple_focus\":%s},"
                      "\"attacker\":{\"dice\":2,\"tokens\":{\"focus\":2}},\"defender\":{\"dice\":1}}";
    for (int allowed = 0; allowed <= 1; allowed++) {
        char json[256];
        snprintf(json, sizeof json, fmt, allowed ? "true" : "false");
        no_scenario *sc = scenario(json);
        int focus = -1;
        for (int m = 0; m < sc->ctx.nmods; m++)
            if (sc->ctx.mods[m].side == NO_ATTACKER && !strcmp(sc->ctx.mods[m].name, "focus"))
                focus = m;
        ck_assert_int_ge(focus, 0);
        no_state s = sc->ctx.start;
        s.pool[NO_POOL_ATTACK].n[NO_FRESH][XW_FOCUS] = 1;
        s.tok[NO_ATTACKER][NO_TOK_FOCUS] = 1; /* one token left after spending the first */
        s.used |= 1u << focus;
        ck_assert_int_eq(no_mod_usable(&sc->ctx, &s, focus), allowed);
        free(sc);
    }
}
END_TEST

/* With a lock and one calculate token, F F F is best rerolled whole: E = 3/2 + (1 - (3/4)^3)
 * = 2.078 > 2 (keep one F for the token, reroll two). The naive rule would keep one. */
START_TEST(policy_lock_with_calculate_rerolls_every_focus)
{
    no_scenario *sc = scenario("{\"game\":\"xwing\",\"attacker\":{\"dice\":3,"
                               "\"tokens\":{\"lock\":1,\"calculate\":1}},\"defender\":{\"dice\":0}}");
    no_state s = forced(sc, "FFF BBF"); /* all three rerolled; calculate takes the new focus */
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_CALCULATE], 0);
    free(sc);
}
END_TEST

Suite *suite_exact(void)
{
    Suite *s = suite_create("exact");
    TCase *t = tcase_create("values");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, golden_three_dice_focus_vs_three_dice_focus);
    tcase_add_test(t, unopposed_attack_is_binomial);
    tcase_add_test(t, plain_dice_closed_form);
    tcase_add_loop_test(t, tokens_match_brute_force, 0, (int)(sizeof token_cases / sizeof token_cases[0]));
    suite_add_tcase(s, t);
    TCase *p = tcase_create("policy");
    tcase_add_test(p, policy_with_focus_rerolls_blanks_only);
    tcase_add_test(p, policy_without_conversion_rerolls_blanks_and_focus);
    tcase_add_test(p, policy_rerolls_before_converting);
    tcase_add_test(p, policy_defender_spends_only_what_it_needs);
    tcase_add_test(p, second_focus_token_switch);
    tcase_add_test(p, policy_lock_with_calculate_rerolls_every_focus);
    suite_add_tcase(s, p);
    return s;
}
