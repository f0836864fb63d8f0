/* check_first_edition.c — X-Wing first edition (rules xwing-1e, FAQ v4.4.1): the forced-dice
 * cases T-B1..T-B30 of shared/rules/xwing-core-and-faq1.md (4.3) the engine can express, the
 * cross-edition discriminator, and exact values against an independent count. Cards come from
 * profiles/xwing1/abilities.json. Forced letters: attack roll, its rerolls, defense roll, its
 * rerolls (helpers.h). */
#include "helpers.h"
#include "neverodds/modifier.h"

/* A first-edition attack: ATK and DEF are the sides' JSON members after "dice". */
static no_scenario *first(int atk, const char *atk_extra, int agi, const char *def_extra)
{
    char a[1024], d[1024];
    snprintf(a, sizeof a, "\"dice\":%d%s", atk, atk_extra);
    snprintf(d, sizeof d, "\"dice\":%d%s", agi, def_extra);
    return xwing(",\"rules\":\"xwing-1e\"", a, d);
}

static int total(const no_state *s, int pool)
{
    return no_pool_total(&s->pool[pool]);
}

START_TEST(t_b1_evade_token_adds_a_result)
{
    /* B349: the evade token adds an evade; the two blanks stay (three results) */
    no_scenario *sc = first(2, "", 2, ",\"tokens\":{\"evade\":1}");
    no_state s = forced(sc, "HH BB");
    ck_assert_int_eq(total(&s, NO_POOL_DEFENSE), 3);
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 1);
    ck_assert_int_eq(s.hits, 1);
    free(sc);
}
END_TEST

START_TEST(t_b2_two_evade_tokens_add_one)
{
    /* B351: a token's normal effect once per modify step */
    no_scenario *sc = first(3, "", 2, ",\"tokens\":{\"evade\":2}");
    no_state s = forced(sc, "HHH BB");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 1);
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_EVADE], 1);
    free(sc);
}
END_TEST

START_TEST(t_b3_focus_before_lock_wastes_the_reroll)
{
    /* F F B, 2 focus, lock: focus first gives H H B, the lock rerolls B into F, and the second
     * focus token cannot be spent for its normal effect (B351, B1001): H H F. */
    no_scenario *sc = first(3, ",\"tokens\":{\"focus\":2,\"lock\":1}", 0, "");
    commit_order(sc, "focus", "lock");
    no_state s = forced(sc, "FFB F");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 2);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_FOCUS), 1);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
    /* the policy rerolls first: H H H */
    sc = first(3, ",\"tokens\":{\"focus\":2,\"lock\":1}", 0, "");
    s = forced(sc, "FFB F");
    ck_assert_int_eq(s.damage, 3);
    free(sc);
}
END_TEST

START_TEST(t_b4_calculation_and_focus)
{
    /* B869-B871: one token for Calculation (1 focus -> crit), the other for focus: C H H */
    no_scenario *sc = first(3, ",\"tokens\":{\"focus\":2},\"abilities\":[\"calculation\"]", 0, ",\"hull\":5");
    no_state s = forced(sc, "FFF");
    ck_assert_int_eq(s.crits, 1);
    ck_assert_int_eq(s.hits, 2);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_FOCUS], 0);
    free(sc);
}
END_TEST

START_TEST(t_b5_marksmanship_crit_first_all_or_nothing)
{
    no_scenario *sc = first(4, ",\"abilities\":[\"marksmanship\"]", 0, ",\"hull\":5");
    no_state s = forced(sc, "FFFB");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 2);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_BLANK), 1);
    free(sc);
}
END_TEST

START_TEST(t_b6_heavy_laser_cannon_spares_rerolled_crits)
{
    /* C C H B: HLC makes H H H B at once; the lock rerolls B into C, which stays (B873-B875) */
    no_scenario *sc = first(4, ",\"tokens\":{\"lock\":1},\"abilities\":[\"heavy-laser-cannon\"]", 0, ",\"hull\":5");
    no_state s = forced(sc, "CCHB C");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 3);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    free(sc);
}
END_TEST

START_TEST(t_b7_accuracy_corrector_seals_the_dice)
{
    /* B B F with focus: cancel all, add H H; the focus may not act afterwards (B137, B951) */
    no_scenario *sc = first(3, ",\"tokens\":{\"focus\":1},\"abilities\":[\"accuracy-corrector\"]", 0, "");
    no_state s = forced(sc, "BBF");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 2);
    ck_assert_int_eq(total(&s, NO_POOL_ATTACK), 2);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_FOCUS], 1);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t_b8_accuracy_corrector_with_no_dice)
{
    no_scenario *sc = first(0, ",\"abilities\":[\"accuracy-corrector\"]", 0, "");
    no_state s = forced(sc, "");
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t_b10_forced_reroll_uses_up_the_die)
{
    /* H B B: the defender forces H to be rerolled (B); the lock may reroll only the two dice
     * not rerolled yet (B421, B581): faces run out if it tried three */
    no_scenario *sc = first(3, ",\"tokens\":{\"lock\":1}", 0,
                            ",\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"count\":1}]");
    no_state s = forced(sc, "HBB B HH");
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t_b11_palpatine_locks_his_die)
{
    /* B H: Palpatine makes B a crit; the defender's forced reroll cannot take it (B159) and
     * rerolls the hit into a blank */
    const char *force = ",\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"count\":1}]";
    no_scenario *sc = first(2, ",\"abilities\":[\"emperor-palpatine\"]", 0, force);
    no_state s = forced(sc, "BH B");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
    /* crit -> crit is allowed (B1021), and locks it: no reroll follows */
    sc = first(1, ",\"abilities\":[\"emperor-palpatine\"]", 0, force);
    s = forced(sc, "C");
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(t_b12_omega_leader_stops_modifying)
{
    /* the attacker is locked by Omega Leader: no focus, no HLC conversion, no added results;
     * Palpatine (another ship) still changes a die (B575-B581) */
    no_scenario *sc = first(3, ",\"tokens\":{\"focus\":1},\"abilities\":[\"heavy-laser-cannon\",\"emperor-palpatine\"]",
                            0, ",\"abilities\":[\"omega-leader\"],\"hull\":5");
    no_state s = forced(sc, "FCB");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 2); /* C kept, another die named a crit */
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 0);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_FOCUS], 1);
    free(sc);
    sc = first(1, ",\"abilities\":[\"accuracy-corrector\"]", 0, ",\"abilities\":[\"omega-leader\"]");
    s = forced(sc, "B");
    ck_assert_int_eq(s.damage, 0); /* adding results is modifying (B579) */
    free(sc);
}
END_TEST

START_TEST(t_b13_ten_numb_keeps_a_crit)
{
    no_scenario *sc = first(1, ",\"abilities\":[\"ten-numb\"]", 1, ",\"tokens\":{\"evade\":1},\"hull\":3");
    no_state s = forced(sc, "C E");
    ck_assert_int_eq(s.crits, 1);
    free(sc);
}
END_TEST

START_TEST(t_b14_autoblaster_hits_stand)
{
    no_scenario *sc = first(2, ",\"abilities\":[\"autoblaster\"]", 1, ",\"tokens\":{\"evade\":1}");
    no_state s = forced(sc, "HH E");
    ck_assert_int_eq(s.hits, 2);
    free(sc);
}
END_TEST

START_TEST(t_b15_crack_shot_at_the_start_of_compare)
{
    no_scenario *sc = first(2, ",\"abilities\":[\"crack-shot\"]", 2, "");
    no_state s = forced(sc, "HH EE");
    ck_assert_int_eq(s.hits, 1);
    free(sc);
}
END_TEST

START_TEST(t_b19_floor_once_the_value_is_complete)
{
    /* agility 0, -1 and +1: 0 dice, not 1: the floor waits for every change (B267-B269) */
    no_scenario *sc = first(1, "", 0,
                            ",\"modifiers\":[{\"window\":\"defense-dice\",\"op\":\"dice\",\"amount\":-1},"
                            "{\"window\":\"defense-dice\",\"op\":\"dice\",\"amount\":1}]");
    no_state s = forced(sc, "H");
    ck_assert_int_eq(total(&s, NO_POOL_DEFENSE), 0);
    free(sc);
}
END_TEST

START_TEST(t_b22_hotshot_forces_the_focus)
{
    /* the attacker's Hotshot Co-pilot: the defender spends its focus on a roll with no focus
     * result (B941-B945) */
    no_scenario *sc = first(1, ",\"abilities\":[\"hotshot-co-pilot\"]", 1, ",\"tokens\":{\"focus\":1}");
    no_state s = forced(sc, "H B");
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_FOCUS], 0);
    free(sc);
    sc = first(1, "", 1, ",\"tokens\":{\"focus\":1}");
    s = forced(sc, "H B");
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_FOCUS], 1);
    free(sc);
}
END_TEST

START_TEST(t_b23_zuckuss_then_reroll_all)
{
    /* Zuckuss rerolls E E into B B; the First Order Vanguard's "reroll all" takes only the die
     * left (B1205, B1293) */
    no_scenario *sc = first(3, ",\"abilities\":[\"zuckuss\"]", 3, ",\"abilities\":[\"first-order-vanguard\"]");
    no_state s = forced(sc, "HHH EEB BB E");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 1);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t_b28_two_mercenary_copilots)
{
    no_scenario *sc = xwing(",\"rules\":\"xwing-1e\",\"range\":3",
                            "\"dice\":2,\"abilities\":[\"mercenary-copilot\",\"mercenary-copilot\"]",
                            "\"dice\":0,\"hull\":5");
    no_state s = forced(sc, "HH B"); /* range 3: one defense die */
    ck_assert_int_eq(s.crits, 2);
    free(sc);
}
END_TEST

START_TEST(t_discriminator)
{
    /* 3 dice with focus and lock against 2 with an evade token, range 2: F B H, the lock
     * rerolls B into F, focus: H H H. Against F B both editions give 2; against E E the second
     * edition's evade token has nothing to change (1 damage), the first adds a third evade (0). */
    const char *atk = "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1}", *def = "\"dice\":2,\"tokens\":{\"evade\":1}";
    for (int ed = 0; ed < 2; ed++) {
        no_scenario *sc = xwing(ed ? ",\"rules\":\"xwing-1e\"" : ",\"rules\":\"xwing-2e\"", atk, def);
        ck_assert_int_eq(forced(sc, "FBH F FB").damage, 2);
        free(sc);
        sc = xwing(ed ? ",\"rules\":\"xwing-1e\"" : ",\"rules\":\"xwing-2e\"", atk, def);
        ck_assert_int_eq(forced(sc, "FBH F EE").damage, ed ? 0 : 1);
        free(sc);
    }
}
END_TEST

/* 2 attack dice against 1 defense die and an evade token that adds an evade: an independent
 * count over the 8^3 sides (attack: 4 of 8 sides hit or crit; defense: 3 of 8 evade). */
START_TEST(t_exact_against_a_count)
{
    static const int atk_success[8] = {0, 0, 0, 0, 1, 1, 1, 1}, def_evade[8] = {0, 0, 0, 0, 0, 1, 1, 1};
    long double mean = 0, p2 = 0;
    for (int a = 0; a < 8; a++)
        for (int b = 0; b < 8; b++)
            for (int d = 0; d < 8; d++) {
                int dmg = atk_success[a] + atk_success[b] - def_evade[d] - 1;
                dmg = dmg < 0 ? 0 : dmg;
                mean += dmg / 512.0L;
                p2 += (dmg == 2) / 512.0L;
            }
    no_scenario *sc = first(2, "", 1, ",\"tokens\":{\"evade\":1}");
    no_summary ex;
    exact_summary(sc, &ex);
    ck_assert_near(ex.mean, (double)mean, 1e-12);
    ck_assert_near(ex.mean, 0.15625, 1e-12); /* 5/32 */
    ck_assert_near(ex.pmf[2].p, (double)p2, 1e-12);
    /* Monte Carlo through the same rules agrees within 5 standard errors */
    no_summary mc;
    mc_summary(sc, 400000, 7, &mc);
    assert_mc_matches(&mc, &ex);
    free(sc);
}
END_TEST

START_TEST(t_second_edition_tokens_refused)
{
    no_scenario sc;
    char err[NO_ERR_LEN];
    ck_assert_int_eq(no_scenario_parse("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":2,"
                                       "\"tokens\":{\"calculate\":1}},\"defender\":{\"dice\":1}}",
                                       "t.json", &sc, err, sizeof err), -1);
    ck_assert_str_eq(err, "t.json: attacker.tokens.calculate: xwing-1e has no calculate tokens (a second-edition "
                          "token; first-edition tokens: focus, evade, lock, stress, tractor, cloak)");
    ck_assert_int_eq(no_scenario_parse("{\"game\":\"xwing\",\"rules\":\"xwing-1e\",\"attacker\":{\"dice\":2,"
                                       "\"modifiers\":[{\"window\":\"attack-after-modify\",\"op\":\"reroll\"}]},"
                                       "\"defender\":{\"dice\":1}}",
                                       "t.json", &sc, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "attacker.modifiers[0].window: expected a window of xwing-1e") != NULL, "%s", err);
}
END_TEST

Suite *suite_first_edition(void)
{
    Suite *s = suite_create("first_edition");
    TCase *tc = tcase_create("faq_4_4_1");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, t_b1_evade_token_adds_a_result);
    tcase_add_test(tc, t_b2_two_evade_tokens_add_one);
    tcase_add_test(tc, t_b3_focus_before_lock_wastes_the_reroll);
    tcase_add_test(tc, t_b4_calculation_and_focus);
    tcase_add_test(tc, t_b5_marksmanship_crit_first_all_or_nothing);
    tcase_add_test(tc, t_b6_heavy_laser_cannon_spares_rerolled_crits);
    tcase_add_test(tc, t_b7_accuracy_corrector_seals_the_dice);
    tcase_add_test(tc, t_b8_accuracy_corrector_with_no_dice);
    tcase_add_test(tc, t_b10_forced_reroll_uses_up_the_die);
    tcase_add_test(tc, t_b11_palpatine_locks_his_die);
    tcase_add_test(tc, t_b12_omega_leader_stops_modifying);
    tcase_add_test(tc, t_b13_ten_numb_keeps_a_crit);
    tcase_add_test(tc, t_b14_autoblaster_hits_stand);
    tcase_add_test(tc, t_b15_crack_shot_at_the_start_of_compare);
    tcase_add_test(tc, t_b19_floor_once_the_value_is_complete);
    tcase_add_test(tc, t_b22_hotshot_forces_the_focus);
    tcase_add_test(tc, t_b23_zuckuss_then_reroll_all);
    tcase_add_test(tc, t_b28_two_mercenary_copilots);
    tcase_add_test(tc, t_discriminator);
    tcase_add_test(tc, t_exact_against_a_count);
    tcase_add_test(tc, t_second_edition_tokens_refused);
    suite_add_tcase(s, tc);
    return s;
}
