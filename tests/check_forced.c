/* check_forced.c — the forced-dice cases T-A1..T-A21 of shared/rules/xwing-core-and-faq1.md
 * (section 4.3), plus derived cases D2, D5 and the strain/deplete rulings of the reference guide.
 * T-A18 (simultaneous fire) is about engagement order, not dice: it belongs to attack sequences. */
#include "helpers.h"
#include "neverodds/modifier.h"
#include <stdio.h>

/* Scenario with the given attack value, agility, range and extra JSON for each side. */
static no_scenario *attack(int atk, const char *atk_extra, int agi, const char *def_extra, int range)
{
    char root[32], a[512], d[512];
    snprintf(root, sizeof root, ",\"range\":%d", range);
    snprintf(a, sizeof a, "\"dice\":%d%s", atk, atk_extra);
    snprintf(d, sizeof d, "\"dice\":%d%s", agi, def_extra);
    return xwing(root, a, d);
}

START_TEST(t_a1_rulebook_example)
{
    /* Luke rolls B H H; the Academy Pilot rolls F E B and spends nothing: 1 hit lands, no
     * shields, one face-down card (core rulebook A1524-1553). */
    no_scenario *sc = attack(3, "", 3, ",\"hull\":3,\"shields\":0", 2);
    no_state s = forced(sc, "BHH FEB");
    ck_assert_int_eq(s.hits, 1);
    ck_assert_int_eq(s.crits, 0);
    ck_assert_int_eq(s.facedown, 1);
    ck_assert_int_eq(s.faceup, 0);
    ck_assert_int_eq(s.shields_lost, 0);
    free(sc);
}
END_TEST

START_TEST(t_a2_evade_cancels_the_hit_before_the_crit)
{
    no_scenario *sc = attack(2, "", 1, ",\"hull\":3", 2);
    no_state s = forced(sc, "HC E o"); /* the crit's card: one without effect */
    ck_assert_int_eq(s.hits, 0);
    ck_assert_int_eq(s.crits, 1);
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
}
END_TEST

START_TEST(t_a3_shield_takes_the_hit_first)
{
    no_scenario *sc = attack(2, "", 0, ",\"hull\":3,\"shields\":1", 2);
    no_state s = forced(sc, "HC o");
    ck_assert_int_eq(s.shields_lost, 1);
    ck_assert_int_eq(s.faceup, 1);
    ck_assert_int_eq(s.facedown, 0);
    free(sc);
}
END_TEST

START_TEST(t_a4_two_crits_one_shield)
{
    no_scenario *sc = attack(2, "", 0, ",\"hull\":3,\"shields\":1", 2);
    no_state s = forced(sc, "CC o");
    ck_assert_int_eq(s.shields_lost, 1);
    ck_assert_int_eq(s.faceup, 1);
    ck_assert_int_eq(s.damage, 2);
    free(sc);
}
END_TEST

START_TEST(t_a5_focus_changes_all_attack_focus)
{
    no_scenario *sc = attack(3, ",\"tokens\":{\"focus\":1}", 0, "", 2);
    no_state s = forced(sc, "FFB");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 2);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_BLANK), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_FOCUS), 0);
    free(sc);
}
END_TEST

START_TEST(t_a6_focus_changes_all_defense_focus)
{
    no_scenario *sc = attack(3, "", 3, ",\"tokens\":{\"focus\":1}", 2);
    no_state s = forced(sc, "HHH FFE");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 3);
    ck_assert_int_eq(s.damage, 0);
    free(sc);
}
END_TEST

START_TEST(t_a7_evade_token_changes_one_die)
{
    no_scenario *sc = attack(2, "", 2, ",\"tokens\":{\"evade\":1}", 2);
    no_state s = forced(sc, "HH BB");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_BLANK), 1);
    ck_assert_int_eq(no_pool_total(&s.pool[NO_POOL_DEFENSE]), 2); /* changed, none added */
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(t_a8_evade_token_needs_a_blank_or_focus)
{
    no_scenario *sc = attack(3, "", 2, ",\"tokens\":{\"evade\":1}", 2);
    no_state s = forced(sc, "HHH EE");
    ck_assert_int_eq(dice(&s, NO_POOL_DEFENSE, XW_EVADE), 2);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_EVADE], 1);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(t_a9_two_force_change_two_focus)
{
    no_scenario *sc = attack(3, ",\"tokens\":{\"force\":2}", 0, "", 2);
    no_state s = forced(sc, "FFF");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 2);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_FOCUS), 1);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_FORCE], 0);
    free(sc);
}
END_TEST

START_TEST(t_a10_calculate_changes_one_focus)
{
    no_scenario *sc = attack(2, ",\"tokens\":{\"calculate\":1}", 0, "", 2);
    no_state s = forced(sc, "FF");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_FOCUS), 1);
    free(sc);
}
END_TEST

static int attack_count(int atk, const char *extra, int range)
{
    return attack_dice_of(attack(atk, extra, 2, "", range));
}

static int defense_count(int agi, const char *extra, const char *root_extra, int range)
{
    char root[128], d[256];
    snprintf(root, sizeof root, ",\"range\":%d%s", range, root_extra);
    snprintf(d, sizeof d, "\"dice\":%d%s", agi, extra);
    return defense_dice_of(xwing(root, "\"dice\":2", d));
}

START_TEST(t_a11_t_a13_range_one_adds_an_attack_die)
{
    ck_assert_int_eq(attack_count(3, "", 1), 4);
    ck_assert_int_eq(attack_count(3, "", 2), 3); /* T-A13: "range" is the attack range */
    ck_assert_int_eq(attack_count(3, "", 3), 3);
    ck_assert_int_eq(attack_count(6, "", 1), 6); /* clamp at 6 */
    ck_assert_int_eq(attack_count(3, ",\"ordnance\":true", 1), 3);
}
END_TEST

START_TEST(t_a12_range_three_and_obstruction_add_defense_dice)
{
    ck_assert_int_eq(defense_count(2, "", "", 3), 3);
    ck_assert_int_eq(defense_count(2, "", ",\"obstructed\":true", 2), 3);
    ck_assert_int_eq(defense_count(2, "", ",\"obstructed\":true", 3), 4);
    /* D5: agility 3, cloaked, range 3, obstructed = 7, clamped to 6 */
    ck_assert_int_eq(defense_count(3, ",\"tokens\":{\"cloak\":1}", ",\"obstructed\":true", 3), 6);
}
END_TEST

START_TEST(t_a14_proton_torpedoes)
{
    /* Ordnance: no +1 defense die at range 3 (and no +1 attack die at range 1); the hit->crit
     * change is mandatory (reference guide errata, L2263-L2271). */
    no_scenario *sc = attack(4, ",\"ordnance\":true,\"tokens\":{\"lock\":1},\"abilities\":[\"proton-torpedoes\"]",
                             2, "", 3);
    no_state s = sc->ctx.start;
    ck_assert_int_eq(no_xwing_attack_dice(&sc->ctx, &s), 4);
    ck_assert_int_eq(no_xwing_defense_dice(&sc->ctx, &s), 2);
    s = forced(sc, "HHCC BB");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 3);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 1);
    free(sc);
    /* at range 1 an ordnance weapon's own flag (Proton Torpedoes attack at range 2-3 only, L328-L329) */
    sc = attack(4, ",\"ordnance\":true,\"tokens\":{\"lock\":1}", 2, "", 1);
    s = sc->ctx.start;
    ck_assert_int_eq(no_xwing_attack_dice(&sc->ctx, &s), 4);
    free(sc);
}
END_TEST

START_TEST(t_a15_ion_weapon)
{
    no_scenario *sc = attack(3, ",\"ion_weapon\":true", 0, ",\"hull\":3", 2);
    no_state s = forced(sc, "HHC");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.facedown, 1);
    ck_assert_int_eq(s.ion_tokens, 2);
    free(sc);
}
END_TEST

START_TEST(t_a16_reinforce)
{
    no_scenario *sc = attack(3, "", 0, ",\"tokens\":{\"reinforce\":1}", 2);
    no_state s = forced(sc, "HHH");
    ck_assert_int_eq(s.damage, 2);
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_REINFORCE], 1); /* not spent */
    s = forced(sc, "HBB");
    ck_assert_int_eq(s.damage, 1); /* needs more than one result */
    free(sc);
    sc = attack(3, "", 0, ",\"tokens\":{\"reinforce\":2}", 2);
    ck_assert_int_eq(forced(sc, "HHB").damage, 1); /* D7: the second token does not apply */
    ck_assert_int_eq(forced(sc, "HHH").damage, 1); /* 3 -> 1 */
    s = forced(sc, "HCC");
    ck_assert_int_eq(s.hits + s.crits, 1);
    ck_assert_int_eq(s.crits, 1); /* the added evades take hits first */
    free(sc);
}
END_TEST

START_TEST(t_a17_tractor)
{
    ck_assert_int_eq(defense_count(3, ",\"tokens\":{\"tractor\":1}", "", 2), 2);
    ck_assert_int_eq(defense_count(3, ",\"size\":\"medium\",\"tokens\":{\"tractor\":1}", "", 2), 3);
    ck_assert_int_eq(defense_count(3, ",\"size\":\"medium\",\"tokens\":{\"tractor\":2}", "", 2), 2);
}
END_TEST

START_TEST(t_a19_asteroid_roll)
{
    /* one attack die, nothing to defend with: hit -> hit damage, crit -> crit damage */
    no_scenario *sc = attack(1, "", 0, ",\"hull\":3", 2);
    ck_assert_int_eq(forced(sc, "H").facedown, 1);
    ck_assert_int_eq(forced(sc, "C o").faceup, 1);
    ck_assert_int_eq(forced(sc, "F").damage, 0);
    ck_assert_int_eq(forced(sc, "B").damage, 0);
    free(sc);
}
END_TEST

START_TEST(t_a20_debris_roll_only_crits)
{
    /* Debris: only a crit does damage; modelled as a mandatory "cancel every hit" */
    no_scenario *sc = attack(1, ",\"modifiers\":[{\"window\":\"attack-after-modify\",\"op\":\"cancel\","
                                "\"faces\":[\"hit\"],\"count\":\"all\",\"mandatory\":true}]",
                             0, ",\"hull\":3", 2);
    ck_assert_int_eq(forced(sc, "C o").faceup, 1);
    ck_assert_int_eq(forced(sc, "H").damage, 0);
    free(sc);
}
END_TEST

START_TEST(t_a21_opponent_modifies_first)
{
    /* Defender (forced): change 1 hit to blank (attack dice). Attacker: change 1 blank to
     * crit. Defender first (L336): H -> B -> C = a crit. Attacker first would end blank. */
    no_scenario *sc = attack(1, ",\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
                                "\"faces\":[\"blank\"],\"to\":\"crit\"}]",
                             0, ",\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
                                "\"faces\":[\"hit\"],\"to\":\"blank\",\"mandatory\":true}]", 2);
    no_state s = forced(sc, "H");
    ck_assert_int_eq(s.crits, 1);
    free(sc);
    /* Defense dice: attacker first (L346). Attacker (forced): change 1 evade to blank;
     * defender: change 1 blank to evade. Attacker first: E -> B -> E, the hit is cancelled. */
    sc = attack(1, ",\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"change\","
                   "\"faces\":[\"evade\"],\"to\":\"blank\",\"mandatory\":true}]",
                1, ",\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"change\","
                   "\"faces\":[\"blank\"],\"to\":\"evade\"}]", 2);
    s = forced(sc, "H E");
    ck_assert_int_eq(s.damage, 0);
    free(sc);
}
END_TEST

START_TEST(d2_crit_against_two_evades_misses)
{
    no_scenario *sc = attack(1, "", 2, "", 2);
    no_state s = forced(sc, "C EE");
    ck_assert_int_eq(s.hits + s.crits, 0);
    free(sc);
}
END_TEST

START_TEST(strain_and_deplete_are_consumed)
{
    /* Strain: -1 defense die once, one token removed even at 0 dice (FAQ L3100-L3102). */
    no_scenario *sc = attack(1, "", 0, ",\"tokens\":{\"strain\":2}", 2);
    no_state s = forced(sc, "H");
    ck_assert_int_eq(s.tok[NO_DEFENDER][NO_TOK_STRAIN], 1);
    free(sc);
    ck_assert_int_eq(defense_count(3, ",\"tokens\":{\"strain\":3}", "", 2), 2);
    /* Deplete: -1 attack die once (L1307-L1316) */
    ck_assert_int_eq(attack_count(3, ",\"tokens\":{\"deplete\":2}", 2), 2);
    /* Ionized attacker keeps no lock (L1238): its lock is never spent */
    sc = attack(2, ",\"tokens\":{\"lock\":1,\"ion\":1}", 0, "", 2);
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 1.0, 1e-15);
    free(sc);
}
END_TEST

START_TEST(no_die_rerolled_twice_whoever_rerolls_it)
{
    /* L29, L340: the defender forces a reroll of the hit; the attacker's lock cannot reroll that
     * die again, so a blank stays a blank. */
    no_scenario *sc = attack(1, ",\"tokens\":{\"lock\":1}", 0,
                             ",\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\","
                             "\"faces\":[\"hit\"],\"mandatory\":true}]", 2);
    no_state s = forced(sc, "H B");
    ck_assert_int_eq(s.damage, 0);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_LOCK], 1);
    free(sc);
    /* a second die that nobody rerolled is still the lock's to reroll */
    sc = attack(2, ",\"tokens\":{\"lock\":1}", 0,
                ",\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\","
                "\"faces\":[\"hit\"],\"mandatory\":true}]", 2);
    s = forced(sc, "HB B H");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_LOCK], 0);
    free(sc);
}
END_TEST

START_TEST(added_results_are_normal_dice)
{
    /* L1334: an added result can be modified and rerolled like a rolled die */
    no_scenario *sc = attack(0, ",\"tokens\":{\"focus\":1},\"modifiers\":[{\"window\":\"attack-modify\","
                                "\"op\":\"add\",\"to\":\"focus\"}]", 0, "", 2);
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 1.0, 1e-15); /* add a focus, spend the token: a sure hit */
    free(sc);
    sc = attack(0, ",\"tokens\":{\"lock\":1},\"modifiers\":[{\"window\":\"attack-modify\","
                   "\"op\":\"add\",\"to\":\"blank\",\"mandatory\":true}]", 0, "", 2);
    exact_summary(sc, &sum);
    ck_assert_near(sum.mean, 0.5, 1e-15); /* the added blank is rerolled by the lock */
    free(sc);
    /* a defender's added evade cancels like a rolled one (Norra Wexley's kind of effect) */
    sc = attack(1, "", 0, ",\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"add\",\"to\":\"evade\"}]", 2);
    ck_assert_int_eq(forced(sc, "H").damage, 0);
    free(sc);
}
END_TEST

Suite *suite_forced(void)
{
    Suite *s = suite_create("forced");
    TCase *t = tcase_create("T-A");
    tcase_add_test(t, t_a1_rulebook_example);
    tcase_add_test(t, t_a2_evade_cancels_the_hit_before_the_crit);
    tcase_add_test(t, t_a3_shield_takes_the_hit_first);
    tcase_add_test(t, t_a4_two_crits_one_shield);
    tcase_add_test(t, t_a5_focus_changes_all_attack_focus);
    tcase_add_test(t, t_a6_focus_changes_all_defense_focus);
    tcase_add_test(t, t_a7_evade_token_changes_one_die);
    tcase_add_test(t, t_a8_evade_token_needs_a_blank_or_focus);
    tcase_add_test(t, t_a9_two_force_change_two_focus);
    tcase_add_test(t, t_a10_calculate_changes_one_focus);
    tcase_add_test(t, t_a11_t_a13_range_one_adds_an_attack_die);
    tcase_add_test(t, t_a12_range_three_and_obstruction_add_defense_dice);
    tcase_add_test(t, t_a14_proton_torpedoes);
    tcase_add_test(t, t_a15_ion_weapon);
    tcase_add_test(t, t_a16_reinforce);
    tcase_add_test(t, t_a17_tractor);
    tcase_add_test(t, t_a19_asteroid_roll);
    tcase_add_test(t, t_a20_debris_roll_only_crits);
    tcase_add_test(t, t_a21_opponent_modifies_first);
    tcase_add_test(t, d2_crit_against_two_evades_misses);
    tcase_add_test(t, strain_and_deplete_are_consumed);
    tcase_add_test(t, no_die_rerolled_twice_whoever_rerolls_it);
    tcase_add_test(t, added_results_are_normal_dice);
    suite_add_tcase(s, t);
    return s;
}
