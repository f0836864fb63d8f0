/* check_audit_xwing1.c — issue 20, X-Wing first edition (FAQ v4.4.1, seeds/004_a289b04f73103d55.txt,
 * "B" lines): Palpatine's die that "cannot be modified again" (item 12), the agility floor before
 * the range die (item 13), Omega Leader against M9-G8 (item 14). Expected values are worked by
 * hand in the comments. Attack die: 4 of 8 sides hit or crit (1 crit); defense die: 3 of 8 evade. */
#define _POSIX_C_SOURCE 200809L
#include "helpers.h"
#include "neverodds/modifier.h"
#include "neverodds/order.h"
#include "neverodds/table.h"
#include <cjson/cJSON.h>

static no_scenario *first(const char *root, const char *atk, const char *def)
{
    char r[512];
    snprintf(r, sizeof r, ",\"rules\":\"xwing-1e\"%s", root);
    return xwing(r, atk, def);
}

static double mean_of(const no_scenario *sc)
{
    no_summary ex;
    exact_summary(sc, &ex);
    return ex.mean;
}

/* The parse error of a first-edition scenario (it must be refused). */
static void refused(const char *json, const char *want)
{
    no_scenario *sc = malloc(sizeof *sc);
    char err[NO_ERR_LEN];
    ck_assert_ptr_nonnull(sc);
    ck_assert_int_eq(no_scenario_parse(json, "t.json", sc, err, sizeof err), -1);
    ck_assert_msg(strstr(err, want) != NULL, "error \"%s\" lacks \"%s\"", err, want);
    free(sc);
}

/* ---- item 12: Palpatine's die "non può essere modificato nuovamente durante questo attacco" (B159) ---- */

static const char *const juke_vs_palpatine[2] = {
    "\"dice\":2,\"tokens\":{\"evade\":1},\"abilities\":[\"juke\"]", "\"abilities\":[\"emperor-palpatine\"]"};

START_TEST(t_juke_cannot_change_palpatines_evade)
{
    char def[256];
    /* H H against B: Palpatine makes B an evade; Juke may not turn it into a focus (B159), so it
     * cancels a hit: 1 damage (before: Juke took it, 2 damage) */
    snprintf(def, sizeof def, "\"dice\":1,%s", juke_vs_palpatine[1]);
    no_scenario *sc = first("", juke_vs_palpatine[0], def);
    no_state s = forced(sc, "HH B");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    /* Juke still changes an evade Palpatine did not fix: E E, one named, the other to focus */
    snprintf(def, sizeof def, "\"dice\":2,%s", juke_vs_palpatine[1]);
    sc = first("", juke_vs_palpatine[0], def);
    s = forced(sc, "HH EE");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_FOCUS), 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    /* Exact, 2 attack dice against 1 defense die: the defender always keeps its fixed evade, so
     * the damage is S - 1 when both attack dice succeed (S = 2) and 0 otherwise:
     * mean = P(S = 2) = (1/2)^2 = 1/4. (Before: Juke removed the evade, mean E[S] = 1.) */
    snprintf(def, sizeof def, "\"dice\":1,%s", juke_vs_palpatine[1]);
    sc = first("", juke_vs_palpatine[0], def);
    ck_assert_near(mean_of(sc), 0.25, 1e-12);
    free(sc);
}
END_TEST

static const char *const hlc_palpatine = "\"dice\":2,\"abilities\":[\"heavy-laser-cannon\",\"emperor-palpatine\"]";

START_TEST(t_palpatines_crit_before_hlc_stays_a_crit)
{
    /* Committed to Palpatine first, then the Heavy Laser Cannon (B1209-B1213: the attacker orders
     * its effects of one moment). B H: Palpatine names a crit on B; HLC changes every crit to a
     * hit but may not change that die (B159): C H (before: HLC made it H H). */
    no_scenario *sc = first("", hlc_palpatine, "\"dice\":0");
    commit_order(sc, "emperor-palpatine", "heavy-laser-cannon");
    no_state s = forced(sc, "BH");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 1);
    free(sc);
    /* B C: Palpatine on B, then HLC turns the rolled crit into a hit: still C H */
    sc = first("", hlc_palpatine, "\"dice\":0");
    commit_order(sc, "emperor-palpatine", "heavy-laser-cannon");
    s = forced(sc, "BC");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 1);
    free(sc);
    /* the policy's own order gives the same */
    sc = first("", hlc_palpatine, "\"dice\":0");
    s = forced(sc, "BH");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    free(sc);
}
END_TEST

/* Ten Numb: one crit the defense cannot cancel (B743-B745). */
static const char *const ten_numb = "\"dice\":2,\"abilities\":[\"heavy-laser-cannon\",\"emperor-palpatine\",\"ten-numb\"]";

/* 2 attack dice with HLC, Palpatine and Ten Numb against 2 defense dice. Palpatine's crit stays
 * and Ten Numb keeps it: every attack deals it. The other die: Palpatine takes the worse of the
 * two, so it shows a success when either die rolled one (1 - 1/4 = 3/4), a hit once HLC acted. 2
 * evades can cancel that hit but never the crit; the hit gets through when no evade is rolled,
 * (5/8)^2. Damage = 1 + [hit, no evade]: P(2) = 3/4 * 25/64 = 75/256, P(1) = 181/256, mean
 * 331/256. (Before: 1.0681152344, HLC reaching the named crit when no crit was rolled.) */
START_TEST(t_ten_numb_and_palpatine_always_damage)
{
    no_scenario *sc = first("", ten_numb, "\"dice\":2");
    no_summary ex;
    exact_summary(sc, &ex);
    ck_assert_near(ex.pmf[0].p, 0.0, 1e-12);
    ck_assert_near(ex.pmf[1].p, 181.0 / 256, 1e-12);
    ck_assert_near(ex.pmf[2].p, 75.0 / 256, 1e-12);
    ck_assert_near(ex.mean, 331.0 / 256, 1e-12);
    no_summary mc;
    mc_summary(sc, 200000, 11, &mc);
    assert_mc_matches(&mc, &ex);
    free(sc);
}
END_TEST

START_TEST(t_run_agrees_with_order)
{
    /* Either order of HLC and Palpatine leaves the named crit: every fixed order, the policy's
     * own row and `run` give 331/256 (above). Before, `order` listed HLC then Palpatine at
     * 331/256 and Palpatine then HLC at 1.03515625, while `run` and the official row said
     * 1.0681152344. */
    no_scenario *sc = first("", ten_numb, "\"dice\":2");
    double run = mean_of(sc);
    ck_assert_near(run, 331.0 / 256, 1e-12);
    cJSON *j = orders_of(&sc, 1, NULL, NULL, NULL);
    const cJSON *r;
    int rows = 0, policy_rows = 0;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(j, "orders"))
    {
        rows++;
        double mean = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "damage"), "mean")->valuedouble;
        ck_assert_near(mean, run, 1e-12);
        policy_rows += cJSON_IsTrue(cJSON_GetObjectItem(r, "policy_choice")) &&
                       cJSON_IsTrue(cJSON_GetObjectItem(r, "official"));
    }
    ck_assert_int_ge(rows, 1);
    ck_assert_int_eq(policy_rows, rows);
    cJSON_Delete(j);
    free(sc);
}
END_TEST

START_TEST(t_locked_die_after_the_modify_steps)
{
    /* 1 attack die with Palpatine (a crit, whatever is rolled) against no defense dice. A change
     * of the defender's at the start of Compare Results may not take the named crit (B159):
     * mean 1. Cancelling is not modifying (B579): a cancel takes it, mean 0. */
    const char *atk = "\"dice\":1,\"abilities\":[\"emperor-palpatine\"]";
    no_scenario *sc = first("", atk,
                            "\"dice\":0,\"modifiers\":[{\"window\":\"before-neutralize\",\"pool\":\"attack\","
                            "\"op\":\"change\",\"faces\":[\"crit\"],\"to\":\"blank\"}]");
    ck_assert_near(mean_of(sc), 1.0, 1e-12);
    free(sc);
    sc = first("", atk,
               "\"dice\":0,\"modifiers\":[{\"window\":\"before-neutralize\",\"pool\":\"attack\","
               "\"op\":\"cancel\",\"faces\":[\"crit\"]}]");
    ck_assert_near(mean_of(sc), 0.0, 1e-12);
    free(sc);
}
END_TEST

START_TEST(t_one_locked_die_per_pool)
{
    refused("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":2,\"abilities\":[\"emperor-palpatine\","
            "\"emperor-palpatine\"]},\"defender\":{\"dice\":1}}",
            "t.json: attacker: emperor-palpatine and emperor-palpatine would each lock one of the attack dice; at most "
            "one die of a pool can be locked");
    /* one on each side locks a die of each pool: allowed */
    no_scenario *sc = first("", "\"dice\":1,\"abilities\":[\"emperor-palpatine\"]",
                            "\"dice\":1,\"abilities\":[\"emperor-palpatine\"]");
    /* C against E: both fixed; the evade cancels the crit */
    ck_assert_near(mean_of(sc), 0.0, 1e-12);
    free(sc);
}
END_TEST

/* ---- item 13: tractor beam tokens and the range die (B97, B267-B269, B441-B445) ---- */

/* Does the text report of `sc` say `what`? */
static int report_says(const no_scenario *sc, const char *what)
{
    no_summary ex;
    exact_summary(sc, &ex);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    no_report_text(f, sc, &ex);
    fclose(f);
    int says = strstr(text, what) != NULL;
    free(text);
    return says;
}

static const char *const tractored = "\"dice\":1,\"tokens\":{\"tractor\":2}";

START_TEST(t_agility_floored_before_the_range_die)
{
    /* Agility 1 with two tractor tokens: agility max(0, 1 - 2) = 0 (B97, B267-B269); at range 3
     * step 4.ii adds a die (B441-B445): 1 defense die. */
    no_scenario *sc = first(",\"range\":3", "\"dice\":2", tractored);
    no_state s = forced(sc, "HH E");
    ck_assert_int_eq(no_pool_total(&s.pool[NO_POOL_DEFENSE]), 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    /* Exact: S ~ Bin(2, 1/2) successes against one die (evade 3/8): the damage is S less one
     * when the die shows an evade: mean = E[S] - 3/8 P(S >= 1) = 1 - 3/8 * 3/4 = 23/32;
     * P(2) = 1/4 * 5/8 = 5/32. (Before: 0 dice, mean 1.) */
    sc = first(",\"range\":3", "\"dice\":2", tractored);
    no_summary ex;
    exact_summary(sc, &ex);
    ck_assert_near(ex.mean, 23.0 / 32, 1e-12);
    ck_assert_near(ex.pmf[2].p, 5.0 / 32, 1e-12);
    ck_assert(report_says(sc, "agility floored at 0 before the range die (FAQ B267-B269, B441-B445)"));
    free(sc);
    /* one tractor token leaves agility 0: the floor does not act and the report says nothing */
    sc = first(",\"range\":3", "\"dice\":2", "\"dice\":1,\"tokens\":{\"tractor\":1}");
    ck_assert(!report_says(sc, "agility floored"));
    free(sc);
    /* the dice-count abilities count in step 4.ii with the range die: The Inquisitor's range 3
     * die removed leaves 0 + 1 - 1 = 0 dice */
    sc = first(",\"range\":3", "\"dice\":2,\"abilities\":[\"the-inquisitor\"]", tractored);
    s = forced(sc, "HHH");
    ck_assert_int_eq(no_pool_total(&s.pool[NO_POOL_DEFENSE]), 0);
    free(sc);
}
END_TEST

START_TEST(t_agility_floor_switch_off)
{
    /* rule_options.agility_floor_before_range false: one floor after 1 - 2 + 1 = 0: no defense
     * die, the damage is S: mean 1, P(2) = 1/4 */
    const char *off = ",\"range\":3,\"rule_options\":{\"agility_floor_before_range\":false}";
    no_scenario *sc = first(off, "\"dice\":2", tractored);
    no_state s = forced(sc, "HH");
    ck_assert_int_eq(no_pool_total(&s.pool[NO_POOL_DEFENSE]), 0);
    free(sc);
    sc = first(off, "\"dice\":2", tractored);
    no_summary ex;
    exact_summary(sc, &ex);
    ck_assert_near(ex.mean, 1.0, 1e-12);
    ck_assert_near(ex.pmf[2].p, 0.25, 1e-12);
    ck_assert(report_says(sc, "one floor after agility, tractor and range die"));
    free(sc);
    /* either way B269's own example holds: agility 0, -1 and +1 give 0 dice */
    for (int on = 0; on < 2; on++) {
        char root[128];
        snprintf(root, sizeof root, ",\"rule_options\":{\"agility_floor_before_range\":%s}", on ? "true" : "false");
        sc = first(root, "\"dice\":1",
                   "\"dice\":0,\"modifiers\":[{\"window\":\"defense-dice\",\"op\":\"dice\",\"amount\":-1},"
                   "{\"window\":\"defense-dice\",\"op\":\"dice\",\"amount\":1}]");
        s = forced(sc, "H");
        ck_assert_int_eq(no_pool_total(&s.pool[NO_POOL_DEFENSE]), 0);
        free(sc);
    }
}
END_TEST

START_TEST(t_rule_options_by_edition)
{
    const char *fmt = "{\"game\":\"xwing\",\"rules\":\"%s\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":1},"
                      "\"rule_options\":{%s}}";
    char json[512];
    snprintf(json, sizeof json, fmt, "xwing-1e", "\"multiple_focus\":true");
    refused(json, "t.json: rule_options.multiple_focus: not an option of xwing-1e: a token works once per modify "
                  "step in xwing-1e (FAQ B351)");
    snprintf(json, sizeof json, fmt, "xwing-1e", "\"damage_deck\":false");
    refused(json, "t.json: rule_options.damage_deck: not an option of xwing-1e");
    snprintf(json, sizeof json, fmt, "xwing-1e", "\"agility_floor_before_range\":\"yes\"");
    refused(json, "t.json: rule_options.agility_floor_before_range: expected true or false");
    snprintf(json, sizeof json, fmt, "xwing-2e", "\"agility_floor_before_range\":true");
    refused(json, "t.json: rule_options.agility_floor_before_range: unknown key (expected one of: multiple_focus, "
                  "damage_deck)");
}
END_TEST

/* ---- item 14: Omega Leader and M9-G8 (B581, B995-B999) ---- */

static const char *const omega = "\"dice\":2,\"abilities\":[\"omega-leader\"]";

START_TEST(t_omega_leader_stops_m9g8_on_the_locked_ship)
{
    /* Omega Leader attacks with 2 dice against no defense dice. The defender he has locked
     * carries M9-G8: B581 forbids it to make him reroll, so the damage is S ~ Bin(2, 1/2):
     * mean 1. (Before: M9-G8 acted, mean 5/8, below.) */
    no_scenario *sc = first("", omega, "\"dice\":0,\"abilities\":[\"m9-g8\"]");
    ck_assert_near(mean_of(sc), 1.0, 1e-12);
    free(sc);
    /* M9-G8 on a third, friendly ship: the reroll is that ship's (B995), which the lock does not
     * reach. The defender rerolls a success: S = 2 (1/4) gives 1 + 1/2, S = 1 (1/2) gives 1/2,
     * S = 0 nothing: mean 3/8 + 1/4 = 5/8 */
    sc = first("", omega, "\"dice\":0,\"abilities\":[{\"name\":\"m9-g8\",\"other_ship\":true}]");
    ck_assert_near(mean_of(sc), 5.0 / 8, 1e-12);
    free(sc);
    /* without Omega Leader, M9-G8 on the defender acts: 5/8 */
    sc = first("", "\"dice\":2", "\"dice\":0,\"abilities\":[\"m9-g8\"]");
    ck_assert_near(mean_of(sc), 5.0 / 8, 1e-12);
    free(sc);
}
END_TEST

START_TEST(t_palpatine_aboard_the_locked_ship)
{
    /* 1 attack die with Palpatine against Omega Leader, who has the attacker locked. Palpatine on
     * another ship still names the crit (B575): mean 1. Aboard the locked attacker he is its own
     * ability, which B581 stops: mean 1/2. */
    const char *def = "\"dice\":0,\"abilities\":[\"omega-leader\"]";
    no_scenario *sc = first("", "\"dice\":1,\"abilities\":[\"emperor-palpatine\"]", def);
    ck_assert_near(mean_of(sc), 1.0, 1e-12);
    free(sc);
    sc = first("", "\"dice\":1,\"abilities\":[{\"name\":\"emperor-palpatine\",\"other_ship\":false}]", def);
    ck_assert_near(mean_of(sc), 0.5, 1e-12);
    free(sc);
    refused("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":1},\"defender\":{\"dice\":0,"
            "\"abilities\":[{\"name\":\"m9-g8\",\"other_ship\":1}]}}",
            "t.json: defender.abilities[0].other_ship: expected true or false, got 1");
}
END_TEST

Suite *suite_audit_xwing1(void)
{
    Suite *s = suite_create("audit_xwing1");
    TCase *tc = tcase_create("issue20");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, t_juke_cannot_change_palpatines_evade);
    tcase_add_test(tc, t_palpatines_crit_before_hlc_stays_a_crit);
    tcase_add_test(tc, t_ten_numb_and_palpatine_always_damage);
    tcase_add_test(tc, t_run_agrees_with_order);
    tcase_add_test(tc, t_locked_die_after_the_modify_steps);
    tcase_add_test(tc, t_one_locked_die_per_pool);
    tcase_add_test(tc, t_agility_floored_before_the_range_die);
    tcase_add_test(tc, t_agility_floor_switch_off);
    tcase_add_test(tc, t_rule_options_by_edition);
    tcase_add_test(tc, t_omega_leader_stops_m9g8_on_the_locked_ship);
    tcase_add_test(tc, t_palpatine_aboard_the_locked_ship);
    suite_add_tcase(s, tc);
    return s;
}
