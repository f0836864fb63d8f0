/* check_abilities.c — every ability in profiles/xwing/abilities.json, each with a test that
 * fails if its modifier records were wrong: exact values from closed forms, or forced dice. */
#include "helpers.h"
#include <math.h>
#include <stdio.h>

static no_scenario *with(const char *atk, const char *def, const char *root)
{
    return xwing(root, atk, def);
}

static double exact_mean(const char *atk, const char *def, const char *root)
{
    no_scenario *sc = with(atk, def, root);
    no_summary s;
    exact_summary(sc, &s);
    free(sc);
    return s.mean;
}

static int count_attack(const char *atk, const char *root)
{
    return attack_dice_of(with(atk, "\"dice\":2", root));
}

static int count_defense(const char *atk, const char *root)
{
    return defense_dice_of(with(atk, "\"dice\":2", root));
}

/* One die, one reroll of a non-hit: P(hit or crit) = 1/2 + 1/2 * 1/2 */
START_TEST(howlrunner_and_predator_reroll_one_attack_die)
{
    ck_assert_near(exact_mean("\"dice\":1,\"abilities\":[\"howlrunner\"]", "\"dice\":0", ""), 0.75, 1e-15);
    ck_assert_near(exact_mean("\"dice\":1,\"abilities\":[\"predator\"]", "\"dice\":0", ""), 0.75, 1e-15);
    /* once per attack: two bad dice, one reroll: E = 2*1/2 + P(at least one miss) * 1/2 */
    ck_assert_near(exact_mean("\"dice\":2,\"abilities\":[\"howlrunner\"]", "\"dice\":0", ""),
                   1.0 + 0.75 * 0.5, 1e-15);
}
END_TEST

START_TEST(lone_wolf_rerolls_for_a_charge)
{
    ck_assert_near(exact_mean("\"dice\":1,\"abilities\":[\"lone-wolf\"]", "\"dice\":0", ""), 0.75, 1e-15);
    ck_assert_near(exact_mean("\"dice\":1,\"abilities\":[{\"name\":\"lone-wolf\",\"charges\":0}]",
                              "\"dice\":0", ""), 0.5, 1e-15);
    /* defending: one hit against one die rerolled once: P(no evade twice) = (5/8)^2 */
    ck_assert_near(exact_mean("\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
                              "\"faces\":\"any\",\"to\":\"hit\",\"mandatory\":true}]",
                              "\"dice\":1,\"abilities\":[\"lone-wolf\"]", ""), 25.0 / 64, 1e-15);
}
END_TEST

START_TEST(heavy_laser_cannon_turns_crits_into_hits)
{
    no_scenario *sc = with("\"dice\":3,\"abilities\":[\"heavy-laser-cannon\"]", "\"dice\":0,\"hull\":5", "");
    no_state s = forced(sc, "CCH");
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 3);
    ck_assert_int_eq(s.faceup, 0);
    no_summary sum;
    exact_summary(sc, &sum);
    ck_assert_near(sum.faceup.p, 0.0, 0);
    ck_assert_near(sum.mean, 1.5, 1e-15);
    free(sc);
}
END_TEST

START_TEST(proton_torpedoes_change_one_hit_after_the_reroll)
{
    no_scenario *sc = with("\"dice\":4,\"tokens\":{\"lock\":1},\"abilities\":[\"proton-torpedoes\"]",
                           "\"dice\":0,\"hull\":9", "");
    ck_assert_int_eq(sc->ctx.ordnance, 1);
    no_state s = forced(sc, "HBFF HHH o"); /* lock rerolls B F F; one hit becomes a crit (o: its card) */
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_CRIT), 1);
    ck_assert_int_eq(dice(&s, NO_POOL_ATTACK, XW_HIT), 3);
    s = forced(sc, "HHHH o");
    ck_assert_int_eq(s.faceup, 1);
    free(sc);
}
END_TEST

START_TEST(fire_control_system_rerolls_one_and_keeps_the_lock)
{
    no_scenario *sc = with("\"dice\":2,\"tokens\":{\"lock\":1},\"abilities\":[\"fire-control-system\"]",
                           "\"dice\":0", "");
    /* one blank: FCS rerolls it for free and the lock stays (equal damage, less spent) */
    no_state s = forced(sc, "BH H");
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_LOCK], 1);
    ck_assert_int_eq(s.damage, 2);
    /* two blanks: the lock rerolls both; FCS needs the lock, so it cannot follow */
    s = forced(sc, "BB HB");
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_LOCK], 0);
    ck_assert_int_eq(s.damage, 1);
    free(sc);
}
END_TEST

START_TEST(heroic_rerolls_only_all_blank_results)
{
    /* 2 dice: P(0) = P(both in {B,F}) - P(both B) + P(both B) * 1/4 = 13/64 */
    no_scenario *sc = with("\"dice\":2,\"abilities\":[\"heroic\"]", "\"dice\":0", "");
    no_summary s;
    exact_summary(sc, &s);
    ck_assert_near(s.pmf[0].p, 13.0 / 64, 1e-15);
    ck_assert_near(s.pmf[2].p, 17.0 / 64, 1e-15);
    ck_assert_int_eq(forced(sc, "BF").damage, 0); /* a focus result: not only blanks */
    free(sc);
}
END_TEST

START_TEST(biggs_cancels_one_result)
{
    no_scenario *sc = with("\"dice\":2", "\"dice\":0,\"abilities\":[\"biggs-darklighter\"]", "");
    ck_assert_int_eq(forced(sc, "HH").damage, 1);
    no_state s = forced(sc, "HC");
    ck_assert_int_eq(s.crits, 0); /* the defender's side would rather lose the crit */
    ck_assert_int_eq(s.hits, 1);
    free(sc);
}
END_TEST

START_TEST(marksmanship_and_fifth_brother_make_crits)
{
    no_scenario *sc = with("\"dice\":2,\"abilities\":[\"marksmanship\"]", "\"dice\":0,\"hull\":5", "");
    no_state s = forced(sc, "HH o");
    ck_assert_int_eq(s.faceup, 1);
    ck_assert_int_eq(s.facedown, 1);
    free(sc);
    sc = with("\"dice\":1,\"tokens\":{\"force\":1},\"abilities\":[\"fifth-brother-gunner\"]", "\"dice\":0,\"hull\":5", "");
    ck_assert_int_eq(forced(sc, "F o").faceup, 1); /* rather than the plain Force focus->hit */
    free(sc);
}
END_TEST

START_TEST(crack_shot_cancels_an_evade_for_a_charge)
{
    no_scenario *sc = with("\"dice\":1,\"abilities\":[\"crack-shot\"]", "\"dice\":1", "");
    no_state s = forced(sc, "H E");
    ck_assert_int_eq(s.damage, 1);
    ck_assert_int_eq(s.charges[sc->ctx.mods[0].charge_slot], 0);
    free(sc);
}
END_TEST

START_TEST(juke_changes_an_evade_and_the_defender_answers)
{
    no_scenario *sc = with("\"dice\":1,\"tokens\":{\"evade\":1},\"abilities\":[\"juke\"]", "\"dice\":1", "");
    ck_assert_int_eq(forced(sc, "H E").damage, 1);
    free(sc);
    sc = with("\"dice\":1,\"abilities\":[\"juke\"]", "\"dice\":1", "");
    ck_assert_int_eq(forced(sc, "H E").damage, 0); /* not evading: no Juke */
    free(sc);
    /* the defender modifies after the attacker (L346): its focus turns the F back */
    sc = with("\"dice\":1,\"tokens\":{\"evade\":1},\"abilities\":[\"juke\"]",
              "\"dice\":1,\"tokens\":{\"focus\":1}", "");
    ck_assert_int_eq(forced(sc, "H E").damage, 0);
    free(sc);
}
END_TEST

START_TEST(dice_count_abilities)
{
    ck_assert_int_eq(count_attack("\"dice\":3,\"abilities\":[\"trick-shot\"]", ",\"obstructed\":true"), 4);
    ck_assert_int_eq(count_attack("\"dice\":3,\"abilities\":[\"trick-shot\"]", ""), 3);
    ck_assert_int_eq(count_attack("\"dice\":3,\"abilities\":[\"outrider\"]", ",\"range\":3"), 4);
    ck_assert_int_eq(count_attack("\"dice\":3,\"abilities\":[\"outrider\"]", ",\"range\":2"), 3);
    ck_assert_int_eq(count_defense("\"dice\":3,\"abilities\":[\"outmaneuver\"]", ""), 1);
    ck_assert_int_eq(count_attack("\"dice\":3,\"tokens\":{\"lock\":1},\"abilities\":[\"advanced-targeting-computer\"]", ""), 4);
    ck_assert_int_eq(count_attack("\"dice\":3,\"abilities\":[\"advanced-targeting-computer\"]", ""), 3);
}
END_TEST

START_TEST(outrider_changes_an_evade_when_obstructed)
{
    no_scenario *sc = with("\"dice\":1,\"abilities\":[\"outrider\"]", "\"dice\":1", ",\"obstructed\":true");
    ck_assert_int_eq(forced(sc, "H E B").damage, 1); /* agility 1 +1 obstructed: 2 dice */
    free(sc);
}
END_TEST

START_TEST(advanced_targeting_computer_crit_needs_the_lock)
{
    no_scenario *sc = with("\"dice\":2,\"tokens\":{\"lock\":1},\"abilities\":[\"advanced-targeting-computer\"]",
                           "\"dice\":0,\"hull\":9", "");
    no_state s = forced(sc, "HHH o"); /* 3 dice with the lock held; nothing to reroll */
    ck_assert_int_eq(s.faceup, 1);
    ck_assert_int_eq(s.tok[NO_ATTACKER][NO_TOK_LOCK], 1);
    free(sc);
}
END_TEST

START_TEST(elusive_rerolls_a_defense_die)
{
    ck_assert_near(exact_mean("\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
                              "\"faces\":\"any\",\"to\":\"hit\",\"mandatory\":true}]",
                              "\"dice\":1,\"abilities\":[\"elusive\"]", ""), 25.0 / 64, 1e-15);
}
END_TEST

START_TEST(rey_changes_a_blank)
{
    /* one die and one Force: a blank (Rey) or a focus (plain Force) can be made a hit */
    ck_assert_near(exact_mean("\"dice\":1,\"tokens\":{\"force\":1},\"abilities\":[\"rey\"]", "\"dice\":0", ""),
                   1.0, 1e-15);
    ck_assert_near(exact_mean("\"dice\":1,\"tokens\":{\"force\":1}", "\"dice\":0", ""), 0.75, 1e-15);
    /* defending: blank -> evade against one certain hit: P(hit lands) = P(focus) = 2/8 */
    ck_assert_near(exact_mean("\"dice\":1,\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"change\","
                              "\"faces\":\"any\",\"to\":\"hit\",\"mandatory\":true}]",
                              "\"dice\":1,\"tokens\":{\"force\":1},\"abilities\":[\"rey\"]", ""), 0.0, 1e-15);
}
END_TEST

START_TEST(fearless_only_at_range_one)
{
    no_scenario *sc = with("\"dice\":1,\"abilities\":[\"fearless\"]", "\"dice\":0", ",\"range\":1");
    ck_assert_int_eq(forced(sc, "BB").damage, 1);
    free(sc);
    sc = with("\"dice\":1,\"abilities\":[\"fearless\"]", "\"dice\":0", ",\"range\":2");
    ck_assert_int_eq(forced(sc, "B").damage, 0);
    free(sc);
}
END_TEST

/* Two compiles of one attack give the same distribution, kill and face-up chances and tokens spent. */
static void same_results(const char *what, const no_summary *a, const no_summary *b)
{
    ck_assert_int_eq(a->max_damage, b->max_damage);
    for (int k = 0; k <= b->max_damage; k++)
        ck_assert_msg(fabs(a->pmf[k].p - b->pmf[k].p) < 1e-12, "%s: P(%d) %.15f vs %.15f", what, k, a->pmf[k].p,
                      b->pmf[k].p);
    ck_assert(fabs(a->kill.p - b->kill.p) < 1e-12 && fabs(a->faceup.p - b->faceup.p) < 1e-12);
    for (int side = 0; side < NO_SIDES; side++)
        for (int t = 0; t < NO_TOK_N; t++)
            ck_assert_msg(fabs(a->tokens[side][t].spent.p - b->tokens[side][t].spent.p) < 1e-12 &&
                          fabs(a->tokens[side][t].mean - b->tokens[side][t].mean) < 1e-12, "%s: token %d", what, t);
    ck_assert_int_eq(a->nabilities, b->nabilities);
}

/* The rules' tidying takes used bits out of the states (xwing.c forget_spent_uses; the engine keeps
 * them on the graph's edges): a compile that keeps every detail (keep_dice) gives the same
 * distribution, the same tokens spent and the same abilities used, exact and by Monte Carlo (the
 * same draws), from fewer states. The first case is MathWing's SlowSingleAttack scaled down. */
static void same_as_untidied(const char *root, const char *atk, const char *def, int fewer)
{
    no_scenario *sc = xwing(root, atk, def);
    no_summary tidied, whole, mc_tidied, mc_whole;
    exact_summary(sc, &tidied);
    mc_summary(sc, 30000, 5, &mc_tidied);
    sc->ctx.keep_dice = 1;
    exact_summary(sc, &whole);
    mc_summary(sc, 30000, 5, &mc_whole);
    same_results(atk, &tidied, &whole);
    for (int a = 0; a < whole.nabilities; a++) {
        ck_assert_msg(fabs(tidied.abilities[a].used.p - whole.abilities[a].used.p) < 1e-12, "%s: %s used %.15f vs %.15f",
                      atk, whole.abilities[a].name, tidied.abilities[a].used.p, whole.abilities[a].used.p);
        ck_assert_msg(fabs(mc_tidied.abilities[a].used.p - mc_whole.abilities[a].used.p) < 1e-12, "%s: %s by Monte Carlo",
                      atk, whole.abilities[a].name);
    }
    for (int k = 0; k <= whole.max_damage; k++)
        ck_assert(fabs(mc_tidied.pmf[k].p - mc_whole.pmf[k].p) < 1e-12);
    ck_assert_msg(fewer ? tidied.states * 2 < whole.states : tidied.states <= whole.states, "%s: %zu states tidied, %zu not",
                  atk, tidied.states, whole.states);
    no_summary_free(&tidied);
    no_summary_free(&whole);
    no_summary_free(&mc_tidied);
    no_summary_free(&mc_whole);
    free(sc);
}

START_TEST(tidying_used_bits_changes_nothing)
{
    same_as_untidied(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1,\"evade\":1},"
                     "\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"count\":3}],"
                     "\"abilities\":[\"fire-control-system\",\"juke\",\"lone-wolf\",\"marksmanship\",\"advanced-optics\","
                     "\"saw-gerrera-crew\"]",
                     "\"dice\":2,\"hull\":4,\"tokens\":{\"focus\":1},"
                     "\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"reroll\",\"count\":3}]", 1);
    same_as_untidied(",\"range\":1", "\"dice\":2,\"tokens\":{\"focus\":1,\"lock\":1},"
                     "\"abilities\":[\"predator\",\"fearless\",\"agent-kallus\",\"fanatical\",\"heroic\","
                     "\"zuckuss-crew\"]",
                     "\"dice\":2,\"hull\":3,\"shields\":1,\"tokens\":{\"evade\":1,\"focus\":1},\"abilities\":[\"lone-wolf\"]", 1);
    same_as_untidied(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":2,\"lock\":1,\"calculate\":1},"
                     "\"abilities\":[\"fire-control-system\",\"predator\",\"marksmanship\",\"advanced-optics\"]",
                     "\"dice\":3,\"tokens\":{\"evade\":1,\"focus\":1},\"abilities\":[\"lone-wolf\"]", 0);
    same_as_untidied(",\"rules\":\"xwing-1e\",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},"
                     "\"abilities\":[\"marksmanship\",\"howlrunner\",\"calculation\",\"juke\",\"crack-shot\"]",
                     "\"dice\":2,\"hull\":3,\"tokens\":{\"evade\":1,\"focus\":1}", 0);
    /* the later constructs: marks above the modifiers' bits (Magva Yarro's and Padme's caps), a
     * reroll that is not one (Han Solo), after neutralizing (Bossk), a named token barred (4-LOM) */
    same_as_untidied(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},"
                     "\"abilities\":[\"han-solo-modifiedyt1300lightfreighter\",\"bossk-pilot\",\"predator\","
                     "\"4-lom-crew\"]",
                     "\"dice\":2,\"hull\":4,\"tokens\":{\"focus\":1,\"evade\":1},"
                     "\"abilities\":[\"magva-yarro\",\"padme-amidala\"]", 0);
    /* records that read other records' use later: Predictive Shot's declaration (the defense
     * dice step), Alexsandr Kallus (whether the attacker modified), Obi-Wan (after a spend) */
    same_as_untidied(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"force\":1,\"lock\":1},"
                     "\"abilities\":[\"predictive-shot\",\"predator\"]",
                     "\"dice\":2,\"hull\":4,\"tokens\":{\"focus\":1,\"evade\":1},"
                     "\"abilities\":[\"alexsandr-kallus\",\"obi-wan-kenobi-crew\"]", 0);
    same_as_untidied(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},"
                     "\"abilities\":[\"homing-missiles\",\"predator\"]",
                     "\"dice\":2,\"hull\":4,\"tokens\":{\"focus\":1}", 0);
}
END_TEST

/* The normal form of a side's modify step (xwing.c rerolls_before_changes): searching only the
 * orders where the side rerolls (and adds) before it changes finds the same best play, the same
 * distribution, tokens and abilities used, as searching every order, from fewer states. */
static void clear_normal_form(no_scenario *sc)
{
    no_ctx *all[NO_MAX_ATTACKS + 1] = {&sc->ctx};
    for (int a = 0; a < sc->nattacks; a++)
        all[a + 1] = &sc->attacks[a];
    for (int i = 0; i <= sc->nattacks; i++)
        for (int side = 0; side < NO_SIDES; side++)
            all[i]->nf_changes[side] = all[i]->nf_rerolls[side] = 0;
}

static void same_as_every_order(const char *root, const char *atk, const char *def, int sides_in_form)
{
    no_scenario *sc = xwing(root, atk, def);
    int in_form = (sc->ctx.nf_changes[NO_ATTACKER] != 0) + 2 * (sc->ctx.nf_changes[NO_DEFENDER] != 0);
    ck_assert_msg(in_form == sides_in_form, "%s: normal form on sides %d, expected %d", atk, in_form, sides_in_form);
    no_summary form, every;
    exact_summary(sc, &form);
    clear_normal_form(sc);
    exact_summary(sc, &every);
    /* which ability a play uses may differ where two are worth the same (Predator or Fire-Control
     * System for one reroll): the first found of equal plays is kept, and the orders differ */
    same_results(atk, &form, &every);
    ck_assert_msg(sides_in_form ? form.states < every.states : form.states == every.states,
                  "%s: %zu states in normal form, %zu in every order", atk, form.states, every.states);
    no_summary_free(&form);
    no_summary_free(&every);
    free(sc);
}

START_TEST(rerolling_before_changing_loses_nothing)
{
    /* MathWing's SlowSingleAttack scaled down: both sides in normal form */
    same_as_every_order(",\"range\":1", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},"
                        "\"modifiers\":[{\"window\":\"attack-modify\",\"op\":\"reroll\",\"count\":2}],"
                        "\"abilities\":[\"fire-control-system\",\"predator\",\"lone-wolf\",\"marksmanship\",\"fearless\","
                        "\"agent-kallus\",\"finn-gunner\",\"heroic\",\"advanced-optics\",\"saw-gerrera-crew\"]",
                        "\"dice\":3,\"hull\":5,\"tokens\":{\"focus\":1,\"evade\":1},"
                        "\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"reroll\",\"count\":2}]", 3);
    /* calculate and focus both spent to change, a lock to reroll; the other side's cards between */
    same_as_every_order(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"calculate\":1,\"lock\":1},"
                        "\"abilities\":[\"predator\",\"juke\",\"zuckuss-crew\",\"lone-wolf\"]",
                        "\"dice\":3,\"hull\":4,\"tokens\":{\"focus\":1,\"evade\":1},\"abilities\":[\"lone-wolf\"]", 3);
    /* first edition: the same steps (B425, B439); its Marksmanship is a change with a chained
     * part, left out of the form (a chain would need its own proof) */
    same_as_every_order(",\"rules\":\"xwing-1e\",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},"
                        "\"abilities\":[\"howlrunner\",\"juke\"]",
                        "\"dice\":2,\"hull\":3,\"tokens\":{\"evade\":1,\"focus\":1},"
                        "\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"reroll\",\"count\":1}]", 3);
    /* left as it was: a change that needs the lock the lock's reroll spends (as Advanced Targeting
     * Computer's), so changing first can be the better order (below); the defender's step still is */
    same_as_every_order(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},"
                        "\"modifiers\":[{\"name\":\"locked-crit\",\"window\":\"attack-modify\",\"op\":\"change\",\"faces\":[\"hit\"],\"to\":\"crit\",\"count\":1,\"requires\":[\"lock\"]}]",
                        "\"dice\":2,\"hull\":4,\"tokens\":{\"focus\":1},"
                        "\"modifiers\":[{\"window\":\"defense-modify\",\"op\":\"reroll\",\"count\":1}]", 2);
    /* and under the greedy policy, which may prefer an order the form leaves out */
    no_scenario *sc = xwing(",\"range\":2", "\"dice\":3,\"tokens\":{\"focus\":1,\"lock\":1},\"abilities\":[\"predator\"]",
                            "\"dice\":2,\"hull\":4");
    no_scenario_set_policy(sc, NO_POLICY_GREEDY);
    no_summary greedy, every;
    exact_summary(sc, &greedy);
    clear_normal_form(sc);
    exact_summary(sc, &every);
    ck_assert_int_eq(greedy.states, every.states);
    no_summary_free(&greedy);
    no_summary_free(&every);
    free(sc);
}
END_TEST

/* Why the form checks what the records read: forced on where a change reads what a reroll
 * does, it would lose attacks. Searched in every order (as the scenario is: the form is off) the
 * attack deals more damage than with `change` forced after `reroll`. */
static void forced_form_loses(const char *atk, const char *change, const char *reroll)
{
    no_scenario *sc = xwing(",\"range\":2", atk, "\"dice\":0,\"hull\":4");
    ck_assert_int_eq(sc->ctx.nf_changes[NO_ATTACKER], 0);
    no_summary every, forced;
    exact_summary(sc, &every);
    int c = -1, r = -1;
    for (int m = 0; m < sc->ctx.nmods; m++) {
        if (!strcmp(sc->ctx.mods[m].name, change))
            c = m;
        if (!strcmp(sc->ctx.mods[m].name, reroll))
            r = m;
    }
    ck_assert(c >= 0 && r >= 0);
    sc->ctx.nf_changes[NO_ATTACKER] = 1u << c;
    sc->ctx.nf_rerolls[NO_ATTACKER] = 1u << r;
    sc->ctx.nf_window[NO_ATTACKER] = NO_W_ATTACK_MODIFY;
    sc->attacks[0] = sc->ctx;
    exact_summary(sc, &forced);
    ck_assert_msg(every.mean > forced.mean + 1e-3, "%s: damage %.15f vs %.15f", atk, every.mean, forced.mean);
    no_summary_free(&every);
    no_summary_free(&forced);
    free(sc);
}

START_TEST(a_change_a_reroll_reads_stays_free)
{
    /* a hit to a crit while the lock is held (as Advanced Targeting Computer's), before the lock
     * is spent rerolling the other die */
    forced_form_loses("\"dice\":2,\"tokens\":{\"lock\":1},\"modifiers\":[{\"name\":\"locked-crit\",\"window\":"
                      "\"attack-modify\",\"op\":\"change\",\"faces\":[\"hit\"],\"to\":\"crit\",\"count\":1,"
                      "\"requires\":[\"lock\"]}]", "locked-crit", "lock");
    /* a focus turned into a blank so that a reroll of blanks only may take it */
    forced_form_loses("\"dice\":2,\"modifiers\":[{\"name\":\"focus-to-blank\",\"window\":\"attack-modify\",\"op\":"
                      "\"change\",\"faces\":[\"focus\"],\"to\":\"blank\",\"count\":1},{\"name\":\"blank-reroll\","
                      "\"window\":\"attack-modify\",\"op\":\"reroll\",\"faces\":[\"blank\"],\"count\":2}]",
                      "focus-to-blank", "blank-reroll");
}
END_TEST

Suite *suite_abilities(void)
{
    Suite *s = suite_create("abilities");
    TCase *t = tcase_create("library");
    tcase_add_test(t, howlrunner_and_predator_reroll_one_attack_die);
    tcase_add_test(t, lone_wolf_rerolls_for_a_charge);
    tcase_add_test(t, heavy_laser_cannon_turns_crits_into_hits);
    tcase_add_test(t, proton_torpedoes_change_one_hit_after_the_reroll);
    tcase_add_test(t, fire_control_system_rerolls_one_and_keeps_the_lock);
    tcase_add_test(t, heroic_rerolls_only_all_blank_results);
    tcase_add_test(t, biggs_cancels_one_result);
    tcase_add_test(t, marksmanship_and_fifth_brother_make_crits);
    tcase_add_test(t, crack_shot_cancels_an_evade_for_a_charge);
    tcase_add_test(t, juke_changes_an_evade_and_the_defender_answers);
    tcase_add_test(t, dice_count_abilities);
    tcase_add_test(t, outrider_changes_an_evade_when_obstructed);
    tcase_add_test(t, advanced_targeting_computer_crit_needs_the_lock);
    tcase_add_test(t, elusive_rerolls_a_defense_die);
    tcase_add_test(t, rey_changes_a_blank);
    tcase_add_test(t, fearless_only_at_range_one);
    tcase_add_test(t, tidying_used_bits_changes_nothing);
    tcase_add_test(t, rerolling_before_changing_loses_nothing);
    tcase_add_test(t, a_change_a_reroll_reads_stays_free);
    suite_add_tcase(s, t);
    return s;
}
